import { Module } from '@nestjs/common';
import { SurveyCoreModule } from '../survey-core/survey-core.module';
import { LibraryRepository } from './library.repository';
import { QuestionSourcesService } from './question-sources.service';

/**
 * Where questions to reuse come from, shared by the features that copy them (sections, questions, surveys, imports)
 * and the question library's routes: the library's items (LibraryRepository) and reading a question of the library
 * or of another survey the caller may view (QuestionSourcesService).
 */
@Module({
  imports: [SurveyCoreModule],
  providers: [LibraryRepository, QuestionSourcesService],
  exports: [LibraryRepository, QuestionSourcesService],
})
export class QuestionSourcesModule {}
