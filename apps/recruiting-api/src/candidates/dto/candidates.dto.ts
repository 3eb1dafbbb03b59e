import { EnumField, IntField, JsonObjectField, NestedArrayField, NumberField, TextField } from '@platform/contracts';
import { CANDIDATE_STATUSES, type CandidateStatus } from '../../domain/candidate-status';
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
