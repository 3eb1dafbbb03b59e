import { ApiSchema } from '@nestjs/swagger';
import { EnumField, IntField, JsonObjectField, NestedArrayField, NumberField, TextField } from '@platform/contracts';
import { CANDIDATE_STATUSES, type CandidateStatus } from '../../domain/candidate-status';
import { CANDIDATE_SORTS, type CandidateSort } from '../../database/repositories/candidates.repository';

export const SELECTION_TYPES = ['primary', 'reserve'] as const;
export const PRIORITIES = ['A', 'B', 'C'] as const;

export class ListCandidatesQuery {
  @IntField({ optional: true, min: 1, max: 1_000_000, default: 1, fromText: true, description: 'The page to read, from 1' }) page = 1;
  @IntField({ optional: true, min: 1, max: 100, default: 20, fromText: true, description: 'Candidates per page' }) limit = 20;
  @EnumField(CANDIDATE_SORTS, { optional: true, description: 'A leading - sorts descending; id breaks ties. Default: id' })
  sort?: CandidateSort;
  @EnumField(CANDIDATE_STATUSES, { optional: true, description: 'Only candidates in this status' }) status?: CandidateStatus;
  @EnumField(SELECTION_TYPES, { optional: true, description: 'Only candidates with this selection' })
  selectionType?: (typeof SELECTION_TYPES)[number];
  @TextField({ optional: true, max: 255, description: 'Only candidates with exactly this segment label', example: 'A群' })
  segmentId?: string;
  @NumberField({ optional: true, min: -1e12, max: 1e12, fromText: true, description: 'Lowest score (inclusive)', example: 10 })
  minScore?: number;
  @NumberField({ optional: true, min: -1e12, max: 1e12, fromText: true, description: 'Highest score (inclusive)', example: 50 })
  maxScore?: number;
  @TextField({
    optional: true,
    max: 255,
    description: 'Partial match on name or email, case-insensitive, taken literally',
    example: '田中',
  })
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

@ApiSchema({ description: 'The body of PATCH .../candidates/{candidateId}: the fields to change; omitted fields stay as they are.' })
export class UpdateCandidateDto {
  @JsonObjectField({
    optional: true,
    description: 'Replaces the whole attributes object (profile fields such as age or gender, keyed by name)',
    example: { gender: '女性', age: '34', prefecture: '東京都' },
  })
  attributes?: Record<string, unknown>;
  @JsonObjectField({
    optional: true,
    description: 'Replaces the whole surveyResponses object (answers keyed by question text; a multi-select as an array)',
    example: { サービスの満足度: 'やや満足', '利用しているサービス(複数選択)': ['動画配信', '電子書籍'] },
  })
  surveyResponses?: Record<string, unknown>;
  @TextField({
    optional: true,
    nullable: true,
    max: 10_000,
    description: 'Free-text staff note; null clears it',
    example: '平日夜のみ参加可能。オンライン希望。',
  })
  memo?: string | null;
  @EnumField(PRIORITIES, { optional: true, nullable: true, description: 'A, B or C; null clears it' }) priority?: string | null;
}

@ApiSchema({ description: 'The body of PATCH .../candidates/{candidateId}/status: the status to move to, and why.' })
export class UpdateStatusDto {
  @EnumField(CANDIDATE_STATUSES, {
    description: 'The new status; the transition table of docs/decisions.md decides whether it may follow',
    example: 'declined',
  })
  status!: CandidateStatus;
  @TextField({ optional: true, max: 1000, description: 'Why; kept in the status history', example: '電話で参加辞退の連絡あり' })
  reason?: string;
}

@ApiSchema({ description: "One candidate's new selection and segment in a bulk selection update." })
export class SelectionItem {
  @IntField({ min: 1, max: 2_147_483_647, description: 'Project candidate (participation record) id', example: 358 }) candidateId!: number;
  @EnumField(SELECTION_TYPES, { nullable: true, description: 'primary (selected) or reserve (a backup); null clears the selection' })
  selectionType!: string | null;
  @TextField({
    optional: true,
    nullable: true,
    max: 255,
    description: 'A free label grouping candidates (e.g. a quota cell); null or absent clears it',
    example: 'A群',
  })
  segmentId?: string | null;
}

@ApiSchema({ description: 'The body of PUT .../candidates/selection: new selections for up to 1,000 candidates at once.' })
export class UpdateSelectionDto {
  @NestedArrayField(() => SelectionItem, {
    minItems: 1,
    maxItems: 1000,
    description: 'One element per candidate; a candidate listed twice is refused',
  })
  selections!: SelectionItem[];
}

/** The reservation summary of a candidate (documented inline on ProjectCandidate, where it may be null). */
export interface CandidateReservation {
  scheduledAt: string;
  durationMinutes: number;
  interviewType: string;
  status: string;
  interviewerName: string | null;
}
