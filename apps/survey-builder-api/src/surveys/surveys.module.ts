import { Module } from '@nestjs/common';
import { QuestionSourcesModule } from '../question-sources/question-sources.module';
import { SurveyCoreModule } from '../survey-core/survey-core.module';
import { RenumberService } from './renumber.service';
import { SurveyExportService } from './survey-export.service';
import { SurveyThemesService } from './survey-themes.service';
import { SurveysController } from './surveys.controller';
import { SurveysService } from './surveys.service';
import { ThemesController } from './themes.controller';

/** Surveys, their themes, export and renumbering (the Surveys operations of docs/openapi/survey-builder-api.json). */
@Module({
  imports: [SurveyCoreModule, QuestionSourcesModule],
  controllers: [SurveysController, ThemesController],
  providers: [SurveysService, SurveyThemesService, SurveyExportService, RenumberService],
})
export class SurveysModule {}
