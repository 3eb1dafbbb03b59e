import { Module } from '@nestjs/common';
import { AuditRepository } from '../jobs/audit.repository';
import { JobsRepository } from '../jobs/jobs.repository';
import { PhaseMovesRepository } from '../jobs/phase-moves.repository';
import { RecordsRepository } from '../jobs/records.repository';
import { ManifestsModule } from '../manifests/manifests.module';
import { JobTerminalService } from './job-terminal.service';
import { StandardCallbackService } from './standard-callback.service';
import { Wf2desCallbackService } from './wf2des-callback.service';
import { WebhookController } from './webhook.controller';
import { WebhookService } from './webhook.service';

/** POST /api/v1/webhooks/ai-status (`reportAiJobStatus` in docs/openapi/ai-webhook.json). */
@Module({
  imports: [ManifestsModule],
  controllers: [WebhookController],
  providers: [
    RecordsRepository,
    JobsRepository,
    PhaseMovesRepository,
    AuditRepository,
    StandardCallbackService,
    JobTerminalService,
    Wf2desCallbackService,
    WebhookService,
  ],
})
export class WebhookModule {}
