import { ApiProperty } from '@nestjs/swagger';
import { EnumField, IntField, JsonObjectField, NestedArrayField, NumberField, TextField } from '@platform/contracts';
import { CANDIDATE_STATUSES, type CandidateStatus } from '../../domain/candidate-status';
import { CandidatePerson, INTERVIEW_TYPES } from '../../core/dto/candidate-person.response';
import { CANDIDATE_SORTS, type CandidateSort } from '../../core/candidates.repository';

export const SELECTION_TYPES = ['primary', 'reserve'] as const;
export const PRIORITIES = ['A', 'B', 'C'] as const;

export class ListCandidatesQuery {
  @IntField({ optional: true, min: 1, max: 1_000_000, default: 1, fromText: true }) page = 1;
  @IntField({ optional: true, min: 1, max: 100, default: 20, fromText: true }) limit = 20;
  @EnumField(CANDIDATE_SORTS, { optional: true, description: 'A leading - sorts descending; id breaks ties. Default: id' })
  sort?: CandidateSort;
  @EnumField(CANDIDATE_STATUSES, { optional: true }) status?: CandidateStatus;
  @EnumField(SELECTION_TYPES, { optional: true }) selectionType?: (typeof SELECTION_TYPES)[number];
  @TextField({ optional: true, max: 255 }) segmentId?: string;
  @NumberField({ optional: true, min: -1e12, max: 1e12, fromText: true, description: 'Lowest score (inclusive)' }) minScore?: number;
  @NumberField({ optional: true, min: -1e12, max: 1e12, fromText: true, description: 'Highest score (inclusive)' }) maxScore?: number;
  @TextField({ optional: true, max: 255, description: 'Partial match on name or email, case-insensitive, taken literally' })
  search?: string;
  @TextField({
    optional: true,
    max: 20_000,
    description:
      'JSON: an array of conditions {field, operator: eq|neq|contains|in, value}, or {conditions, logic: and|or} with nested groups ' +
      '(at most 5 levels and 50 conditions). field names a key of attributes or surveyResponses, optionally prefixed attributes. or ' +
      'surveyResponses.; contains is a case-insensitive substring; numbers and numeric strings compare equal; on a multi-select ' +
      '(array) answer a condition holds when any element satisfies it; neq also holds when the field is missing.',
    example: '[{"field":"attributes.gender","operator":"eq","value":"女性"}]',
  })
  responseFilter?: string;
}

export class UpdateCandidateDto {
  @JsonObjectField({ optional: true, description: 'Replaces the attributes object' }) attributes?: Record<string, unknown>;
  @JsonObjectField({ optional: true, description: 'Replaces the surveyResponses object' }) surveyResponses?: Record<string, unknown>;
  @TextField({ optional: true, nullable: true, max: 10_000 }) memo?: string | null;
  @EnumField(PRIORITIES, { optional: true, nullable: true, description: 'A, B or C; null clears it' }) priority?: string | null;
}

export class UpdateStatusDto {
  @EnumField(CANDIDATE_STATUSES, { description: 'The new status; the transition table of docs/decisions.md decides whether it may follow' })
  status!: CandidateStatus;
  @TextField({ optional: true, max: 1000, description: 'Why; kept in the history' }) reason?: string;
}

export class SelectionItem {
  @IntField({ min: 1, max: 2_147_483_647, description: 'Project candidate id' }) candidateId!: number;
  @EnumField(SELECTION_TYPES, { nullable: true, description: 'null clears the selection' }) selectionType!: string | null;
  @TextField({ optional: true, nullable: true, max: 255 }) segmentId?: string | null;
}

export class UpdateSelectionDto {
  @NestedArrayField(() => SelectionItem, { minItems: 1, maxItems: 1000 }) selections!: SelectionItem[];
}

/** The reservation summary of a candidate (documented inline on ProjectCandidate, where it may be null). */
export interface CandidateReservation {
  scheduledAt: string;
  durationMinutes: number;
  interviewType: string;
  status: string;
  interviewerName: string | null;
}

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
