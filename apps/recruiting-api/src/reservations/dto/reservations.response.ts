import { ApiProperty } from '@nestjs/swagger';
import { CandidatePerson, INTERVIEW_TYPES } from '../../core/dto/candidate-person.response';
import { UserResponse } from '../../core/dto/user.response';
import { RESERVATION_STATUSES } from './reservations.dto';

export class ReservationResponse {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty({ type: 'integer' }) projectId!: number;
  @ApiProperty({ type: 'integer' }) projectCandidateId!: number;
  @ApiProperty({ type: 'integer' }) interviewerId!: number;
  @ApiProperty({ format: 'date-time' }) scheduledAt!: string;
  @ApiProperty({ type: 'integer' }) durationMinutes!: number;
  @ApiProperty({ enum: INTERVIEW_TYPES }) interviewType!: string;
  @ApiProperty({ type: String, nullable: true }) meetingUrl!: string | null;
  @ApiProperty({ enum: RESERVATION_STATUSES }) status!: string;
  @ApiProperty({ type: () => CandidatePerson }) candidate!: CandidatePerson;
  @ApiProperty({ type: () => UserResponse }) interviewer!: UserResponse;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}
