import { ApiProperty } from '@nestjs/swagger';
import { CANDIDATE_STATUSES } from '../../domain/candidate-status';
import { CandidatePerson, INTERVIEW_TYPES } from '../../core/dto/candidate-person.response';
import { CandidateReservation, PRIORITIES, SELECTION_TYPES } from './candidates.dto';

export class AvailableDate {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty({ format: 'date-time' }) startAt!: string;
  @ApiProperty({ format: 'date-time' }) endAt!: string;
  @ApiProperty({ type: String, nullable: true }) interviewerName!: string | null;
}

/** The ProjectCandidate of spec 2. */
export class ProjectCandidateResponse {
  @ApiProperty({ type: 'integer', description: 'Project candidate id' }) id!: number;
  @ApiProperty({ type: 'integer' }) projectId!: number;
  @ApiProperty({ type: 'integer', description: 'Id of the person record' }) candidateId!: number;
  @ApiProperty({ enum: CANDIDATE_STATUSES }) status!: string;
  @ApiProperty({ enum: [...SELECTION_TYPES, null], nullable: true, type: String }) selectionType!: string | null;
  @ApiProperty({ type: String, nullable: true }) segmentId!: string | null;
  @ApiProperty({ type: String, nullable: true }) memo!: string | null;
  @ApiProperty({ enum: [...PRIORITIES, null], nullable: true, type: String }) priority!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Decimal rendered as a string' }) score!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true }) attributes!: Record<string, unknown> | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true }) surveyResponses!: Record<string, unknown> | null;
  @ApiProperty({ type: 'integer', nullable: true }) reservationId!: number | null;
  @ApiProperty({
    type: 'object',
    nullable: true,
    description: 'The confirmed reservation, or null',
    required: ['scheduledAt', 'durationMinutes', 'interviewType', 'status', 'interviewerName'],
    properties: {
      scheduledAt: { type: 'string', format: 'date-time' },
      durationMinutes: { type: 'integer' },
      interviewType: { type: 'string', enum: [...INTERVIEW_TYPES] },
      status: { type: 'string', enum: ['confirmed', 'cancelled'] },
      interviewerName: { type: 'string', nullable: true },
    },
  })
  reservation!: CandidateReservation | null;
  @ApiProperty({ type: () => [AvailableDate] }) availableDates!: AvailableDate[];
  @ApiProperty({ type: () => CandidatePerson }) candidate!: CandidatePerson;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class CandidateField {
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ['attributes', 'surveyResponses'] }) source!: string;
  @ApiProperty({ type: [String], description: 'Up to five distinct values' }) sampleValues!: string[];
}

export class CandidateFieldsResponse {
  @ApiProperty({ type: () => [CandidateField] }) fields!: CandidateField[];
}

export class StatusHistoryEntry {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty({ enum: [...CANDIDATE_STATUSES, null], nullable: true, type: String }) fromStatus!: string | null;
  @ApiProperty({ enum: CANDIDATE_STATUSES }) toStatus!: string;
  @ApiProperty({ type: String, nullable: true }) reason!: string | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'null for a change the system made' }) changedBy!: number | null;
  @ApiProperty({ type: String, nullable: true }) changedByName!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class UpdatedCountResponse {
  @ApiProperty({ type: 'integer' }) updated!: number;
}
