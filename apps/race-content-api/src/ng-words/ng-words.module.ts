import { Module } from '@nestjs/common';
import { RaceContentDataModule } from '@platform/race-content-data';
import { NgWordsController } from './ng-words.controller';
import { NgWordsService } from './ng-words.service';

/** NG words (spec 4.8). */
@Module({
  imports: [RaceContentDataModule],
  controllers: [NgWordsController],
  providers: [NgWordsService],
})
export class NgWordsModule {}
