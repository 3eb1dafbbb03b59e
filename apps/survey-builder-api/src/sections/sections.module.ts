import { Module } from '@nestjs/common';
import { QuestionSourcesModule } from '../question-sources/question-sources.module';
import { SurveyCoreModule } from '../survey-core/survey-core.module';
import { SectionsController } from './sections.controller';
import { SectionsService } from './sections.service';

/** Sections of a survey's latest version (the Sections operations of docs/openapi/survey-builder-api.json). */
@Module({
  imports: [SurveyCoreModule, QuestionSourcesModule],
  controllers: [SectionsController],
  providers: [SectionsService],
})
export class SectionsModule {}
