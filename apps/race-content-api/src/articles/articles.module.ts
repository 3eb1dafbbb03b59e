import { Module } from '@nestjs/common';
import { RacesModule } from '../races/races.module';
import { ArticlesController, RaceArticlesController } from './articles.controller';
import { ArticlesRepository } from './articles.repository';
import { ArticlesService } from './articles.service';

/** Result summary articles written by hand (spec 4.3, the manual operations). */
@Module({
  imports: [RacesModule],
  controllers: [ArticlesController, RaceArticlesController],
  providers: [ArticlesService, ArticlesRepository],
  exports: [ArticlesRepository],
})
export class ArticlesModule {}
