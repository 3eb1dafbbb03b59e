import { Module } from '@nestjs/common';
import { QuestionSourcesModule } from '../question-sources/question-sources.module';
import { ExternalRepository } from './external.repository';
import { ImportsController } from './imports.controller';
import { ImportsService } from './imports.service';

/**
 * Imports of external survey bundles from the browser extension (the Imports of external bundles operations of
 * docs/openapi/survey-builder-api.json).
 */
@Module({
  imports: [QuestionSourcesModule],
  controllers: [ImportsController],
  providers: [ExternalRepository, ImportsService],
})
export class ImportsModule {}
