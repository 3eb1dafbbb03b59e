import { ApiProperty } from '@nestjs/swagger';
import { IntField, NestedArrayField, TextField } from '@platform/contracts';
import { DateTimeField } from '../../core/dto/date-time.field';
import { INTERVIEW_TYPES } from '../../core/dto/candidate-person.response';

export class TokenParam {
  @TextField({ min: 1, max: 128, description: 'The scheduling token of the invitation link' }) token!: string;
}

export class SubmittedSlot {
  @TextField({ min: 1, max: 64, description: 'A slotId from GET /{token}/slots' }) slotId!: string;
  @IntField({ min: 1, max: 2_147_483_647 }) interviewerId!: number;
  @DateTimeField() startAt!: string;
  @DateTimeField() endAt!: string;
}

export class SubmitAvailabilityDto {
  @NestedArrayField(() => SubmittedSlot, { minItems: 1, maxItems: 20, description: 'One to twenty current slots, each once' })
  slots!: SubmittedSlot[];
}

export class PublicProject {
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'integer' }) interview_duration_minutes!: number;
}

export class PublicCandidate {
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
}

export interface PublicReservation {
  scheduledAt: string;
  durationMinutes: number;
  interviewType: string;
  meetingUrl: string | null;
  status: string;
}

export class SchedulingInfoResponse {
  @ApiProperty({ type: () => PublicProject }) project!: PublicProject;
  @ApiProperty({ type: () => PublicCandidate }) candidate!: PublicCandidate;
  @ApiProperty({ description: 'Always false in a 200: an expired link answers 400 SCHEDULING_TOKEN_ERROR' }) is_expired!: boolean;
  @ApiProperty() is_already_scheduled!: boolean;
  @ApiProperty({
    type: 'object',
    nullable: true,
    description: 'The confirmed reservation, or null',
    required: ['scheduledAt', 'durationMinutes', 'interviewType', 'meetingUrl', 'status'],
    properties: {
      scheduledAt: { type: 'string', format: 'date-time' },
      durationMinutes: { type: 'integer' },
      interviewType: { type: 'string', enum: [...INTERVIEW_TYPES] },
      meetingUrl: { type: 'string', nullable: true },
      status: { type: 'string', enum: ['confirmed'] },
    },
  })
  reservation!: PublicReservation | null;
}

export class PublicSlot {
  @ApiProperty({ description: 'Stable and opaque: the same interviewer and start give the same id' }) slotId!: string;
  @ApiProperty({ type: 'integer' }) interviewerId!: number;
  @ApiProperty() interviewerName!: string;
  @ApiProperty({ format: 'date-time' }) startAt!: string;
  @ApiProperty({ format: 'date-time' }) endAt!: string;
}

export class SubmitAvailabilityResponse {
  @ApiProperty() message!: string;
  @ApiProperty({ type: 'integer' }) selectedCount!: number;
}
