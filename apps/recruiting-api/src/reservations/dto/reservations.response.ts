import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { CandidatePerson, INTERVIEW_TYPE_TEXT, INTERVIEW_TYPES } from '../../shared-dto/candidate-person.response';
import { UserResponse } from '../../shared-dto/user.response';
import { RESERVATION_STATUSES } from './reservations.dto';

@ApiSchema({ description: "A candidate's interview: one of their preferred slots booked with an interviewer (one per candidate)" })
export class ReservationResponse {
  @ApiProperty({ type: 'integer', description: 'The reservation id', example: 58 }) id!: number;
  @ApiProperty({ type: 'integer', description: 'The project the reservation belongs to', example: 12 }) projectId!: number;
  @ApiProperty({ type: 'integer', description: 'The project candidate (participation record) it is for', example: 358 })
  projectCandidateId!: number;
  @ApiProperty({ type: 'integer', description: "The interviewer's user id", example: 7 }) interviewerId!: number;
  @ApiProperty({ format: 'date-time', description: 'Start of the interview, ISO 8601 in UTC', example: '2026-12-01T01:00:00.000Z' })
  scheduledAt!: string;
  @ApiProperty({ type: 'integer', description: 'Length of the interview in minutes (the length of the booked slot)', example: 60 })
  durationMinutes!: number;
  @ApiProperty({ enum: INTERVIEW_TYPES, description: INTERVIEW_TYPE_TEXT }) interviewType!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'URL of the online meeting; null when none was given',
    example: 'https://meet.example.com/abc-defg',
  })
  meetingUrl!: string | null;
  @ApiProperty({ enum: RESERVATION_STATUSES, description: 'confirmed: booked; cancelled: cancelled (the row is kept)' }) status!: string;
  @ApiProperty({ type: () => CandidatePerson, description: 'The person interviewed' }) candidate!: CandidatePerson;
  @ApiProperty({ type: () => UserResponse, description: 'The interviewer' }) interviewer!: UserResponse;
  @ApiProperty({ format: 'date-time', description: 'When the reservation was first made', example: '2026-11-20T06:15:00.000Z' })
  createdAt!: string;
  @ApiProperty({
    format: 'date-time',
    description: 'When it last changed (confirmed again or cancelled)',
    example: '2026-11-20T06:15:00.000Z',
  })
  updatedAt!: string;
}
