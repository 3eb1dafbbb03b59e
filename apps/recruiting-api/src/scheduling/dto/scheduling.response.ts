import { ApiProperty } from '@nestjs/swagger';
import { INTERVIEW_TYPES } from '../../core/dto/candidate-person.response';
import { PublicReservation } from './scheduling.dto';

export class PublicProject {
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'integer' }) interview_duration_minutes!: number;
}

export class PublicCandidate {
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
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
