import { Module } from '@nestjs/common';
import { QuestionSourcesModule } from '../question-sources/question-sources.module';
import { SurveyCoreModule } from '../survey-core/survey-core.module';
import { QuestionsController } from './questions.controller';
import { QuestionsService } from './questions.service';

/** Questions of a survey's latest version (the Questions operations of docs/openapi/survey-builder-api.json). */
@Module({
  imports: [SurveyCoreModule, QuestionSourcesModule],
  controllers: [QuestionsController],
  providers: [QuestionsService],
})
export class QuestionsModule {}
