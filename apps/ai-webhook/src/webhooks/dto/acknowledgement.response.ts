import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** The webhook's 200 answer (`reportAiJobStatus` in docs/openapi/ai-webhook.json). */
@ApiSchema({ description: 'The webhook’s 200 answer: the callback was taken, applied or found to change nothing (no retry needed)' })
export class AcknowledgementResponse {
  @ApiProperty({
    description: 'What was done: Status applied, or Nothing changed with the reason (a duplicate or superseded callback)',
    example: 'Status applied',
  })
  message!: string;
  @ApiProperty({ description: 'The request type, echoed', example: 'wf2des' }) type!: string;
  @ApiProperty({
    description: 'The recordId, or the job_id of job envelopes, echoed',
    example: '0d3c5b7e-2a4f-4e6b-9c1d-8f7a6b5c4d3e',
  })
  recordId!: string;
  @ApiProperty({
    enum: ['success', 'failed'],
    description: 'failed when the callback reported failure; success otherwise (succeeded and the wf2des phase signals become success)',
    example: 'failed',
  })
  status!: 'success' | 'failed';
}
