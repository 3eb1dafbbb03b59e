import { Module } from '@nestjs/common';
import { CandidatesModule } from '../candidates/candidates.module';
import { SchedulingTokensRepository } from '../scheduling-tokens/scheduling-tokens.repository';
import {
  CandidateEmailLogsController,
  EmailsController,
  ProjectEmailTemplatesController,
  SystemEmailTemplatesController,
} from './email.controllers';
import { EmailLogsRepository } from './email-logs.repository';
import { EmailSendingService } from './email-sending.service';
import { EmailTemplatesRepository } from './email-templates.repository';
import { EmailTemplatesService } from './email-templates.service';

/** Email templates, previews, bulk sends and logs (spec 4.3), and the automatic mails of scheduling. */
@Module({
  imports: [CandidatesModule],
  controllers: [SystemEmailTemplatesController, ProjectEmailTemplatesController, EmailsController, CandidateEmailLogsController],
  providers: [EmailTemplatesService, EmailSendingService, EmailTemplatesRepository, EmailLogsRepository, SchedulingTokensRepository],
  exports: [EmailSendingService, SchedulingTokensRepository],
})
export class EmailModule {}
