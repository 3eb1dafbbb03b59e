import { ApiProperty } from '@nestjs/swagger';

/** The webhook's 200 answer (spec 6). */
export class AcknowledgementResponse {
  @ApiProperty({ description: 'What was done: applied, or why nothing changed' }) message!: string;
  @ApiProperty({ description: 'The request type, echoed' }) type!: string;
  @ApiProperty({ description: 'The recordId, or the job_id of job envelopes, echoed' }) recordId!: string;
  @ApiProperty({ enum: ['success', 'failed'], description: 'succeeded and the wf2des phase signals become success' })
  status!: 'success' | 'failed';
}
