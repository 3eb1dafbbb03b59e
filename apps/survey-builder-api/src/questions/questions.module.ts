import { Module } from '@nestjs/common';
import { LibraryModule } from '../library/library.module';
import { SurveyCoreModule } from '../survey-core/survey-core.module';
import { QuestionsController } from './questions.controller';
import { QuestionsService } from './questions.service';

/** Questions of a survey's latest version (the Questions operations of docs/openapi/survey-builder-api.json). */
@Module({
  imports: [SurveyCoreModule, LibraryModule],
  controllers: [QuestionsController],
  providers: [QuestionsService],
})
export class QuestionsModule {}
