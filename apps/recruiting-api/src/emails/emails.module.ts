import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories/repositories.module';
import { CandidateStatusModule } from '../candidate-status/candidate-status.module';
import {
  CandidateEmailLogsController,
  EmailsController,
  ProjectEmailTemplatesController,
  SystemEmailTemplatesController,
} from './email.controllers';
import { EmailSendingService } from './email-sending.service';
import { EmailLogsService } from './email-logs.service';
import { EmailTemplatesService } from './email-templates.service';

/**
 * Email templates, previews, bulk sends and logs (the Email templates and sending operations of
 * docs/openapi/recruiting-api.json); the automatic mails of scheduling are the core's.
 */
@Module({
  imports: [RepositoriesModule, CandidateStatusModule],
  controllers: [SystemEmailTemplatesController, ProjectEmailTemplatesController, EmailsController, CandidateEmailLogsController],
  providers: [EmailTemplatesService, EmailSendingService, EmailLogsService],
})
export class EmailsModule {}
