import { Module } from '@nestjs/common';
import { SurveyCoreModule } from '../survey-core/survey-core.module';
import { LogicCheckController } from './logic-check.controller';
import { LogicCheckService } from './logic-check.service';

/** The logic check of a questionnaire version (beyond the spec; read-only). */
@Module({
  imports: [SurveyCoreModule],
  controllers: [LogicCheckController],
  providers: [LogicCheckService],
})
export class LogicCheckModule {}
