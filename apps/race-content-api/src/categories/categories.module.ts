import { Module } from '@nestjs/common';
import { RaceContentDataModule } from '@platform/race-content-data';
import { CategoriesController } from './categories.controller';
import { CategoriesService } from './categories.service';

/** Blog categories, seeded at start. */
@Module({
  imports: [RaceContentDataModule],
  controllers: [CategoriesController],
  providers: [CategoriesService],
})
export class CategoriesModule {}
