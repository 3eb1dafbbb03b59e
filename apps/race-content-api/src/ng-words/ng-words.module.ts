import { Module } from '@nestjs/common';
import { RaceContentDataModule } from '@platform/race-content-data';
import { NgWordsController } from './ng-words.controller';
import { NgWordsService } from './ng-words.service';

/** NG words (the NG words operations of docs/openapi/race-content-api.json). */
@Module({
  imports: [RaceContentDataModule],
  controllers: [NgWordsController],
  providers: [NgWordsService],
})
export class NgWordsModule {}
