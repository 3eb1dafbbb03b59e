import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses, ApiRaceContentResponse, refTo } from '@platform/contracts';
import { WebhookKeyRoute } from '../identity/caller';
import { AcknowledgementResponse } from './dto/acknowledgement.response';
import { Des2codeEnvelopeDto, type Envelope, ManifestJobEnvelopeDto, StandardEnvelopeDto, Wf2desEnvelopeDto } from './dto/envelopes.dto';
import { EnvelopeValidationPipe } from './envelope-validation.pipe';
import { WebhookService } from './webhook.service';

const ENVELOPES = [Wf2desEnvelopeDto, ManifestJobEnvelopeDto, StandardEnvelopeDto, Des2codeEnvelopeDto];

@ApiTags('AI status webhook')
@ApiSecurity('webhookKey')
@WebhookKeyRoute()
@Controller('api/v1/webhooks')
export class WebhookController {
  constructor(private readonly webhook: WebhookService) {}

  /** The body is typed loosely so the global pipe leaves it whole; EnvelopeValidationPipe picks the DTO by type. */
  @Post('ai-status')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'reportAiJobStatus',
    summary: 'Report an AI job’s status',
    description:
      'Called by AI workers. The envelope depends on type: standard (design-import, code-import, des2code), page_import and code2des with a result manifest, or wf2des. Any non-2xx answer is retryable.',
  })
  @ApiExtraModels(...ENVELOPES)
  @ApiBody({ schema: { oneOf: ENVELOPES.map(refTo) } })
  @ApiRaceContentResponse(200, AcknowledgementResponse, 'Accepted: applied, or a duplicate or superseded callback that changed nothing')
  @ApiErrorResponses({
    404: 'Organization, project, record or job not found, a nonce of no attempt, or a manifest URL outside the job’s prefix',
    500: 'Server error, or a manifest that is unreadable, not JSON or invalid (nothing changed)',
  })
  receive(@Body(EnvelopeValidationPipe) envelope: Record<string, unknown>): Promise<AcknowledgementResponse> {
    return this.webhook.receive(envelope as unknown as Envelope);
  }
}
