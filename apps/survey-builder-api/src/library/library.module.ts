import { Module } from '@nestjs/common';
import { SurveyCoreModule } from '../survey-core/survey-core.module';
import { LibraryController } from './library.controller';
import { LibraryRepository } from './library.repository';
import { LibraryService } from './library.service';
import { QuestionSourcesService } from './question-sources.service';

/**
 * The question library (the Question library operations of docs/openapi/survey-builder-api.json) and reading questions
 * to reuse from it or from other surveys.
 */
@Module({
  imports: [SurveyCoreModule],
  controllers: [LibraryController],
  providers: [LibraryRepository, LibraryService, QuestionSourcesService],
  exports: [LibraryRepository, QuestionSourcesService],
})
export class LibraryModule {}
