import { Module } from '@nestjs/common';
import { QuestionSourcesModule } from '../question-sources/question-sources.module';
import { SurveyCoreModule } from '../survey-core/survey-core.module';
import { LibraryController } from './library.controller';
import { LibraryService } from './library.service';

/** The question library (the Question library operations of docs/openapi/survey-builder-api.json). */
@Module({
  imports: [SurveyCoreModule, QuestionSourcesModule],
  controllers: [LibraryController],
  providers: [LibraryService],
})
export class LibraryModule {}
