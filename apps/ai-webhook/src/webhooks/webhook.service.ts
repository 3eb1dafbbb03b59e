import { Injectable } from '@nestjs/common';
import { acknowledgement } from './acknowledgement';
import type { AcknowledgementResponse } from './dto/acknowledgement.response';
import type { Envelope } from './dto/envelopes.dto';
import { JobTerminalService } from './job-terminal.service';
import { StandardCallbackService } from './standard-callback.service';
import { Wf2desCallbackService } from './wf2des-callback.service';

/** Routes a validated callback to the behaviour of its envelope. */
@Injectable()
export class WebhookService {
  constructor(
    private readonly standard: StandardCallbackService,
    private readonly jobs: JobTerminalService,
    private readonly wf2des: Wf2desCallbackService,
  ) {}

  async receive(envelope: Envelope): Promise<AcknowledgementResponse> {
    switch (envelope.type) {
      case 'design-import':
      case 'code-import':
      case 'des2code':
        return this.standard.handle(envelope);
      case 'page_import':
      case 'code2des': {
        // Completing a page import dispatches nothing: no code2des job is created, failed or sent.
        const outcome = await this.jobs.finish({ ...envelope, outcome: envelope.status === 'succeeded' ? 'completed' : 'failed' });
        return acknowledgement(envelope.type, envelope.job_id, envelope.status === 'succeeded' ? 'success' : 'failed', outcome);
      }
      case 'wf2des':
        return this.wf2des.handle(envelope);
    }
  }
}
