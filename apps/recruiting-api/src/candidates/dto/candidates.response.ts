import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { CANDIDATE_STATUSES } from '../../domain/candidate-status';
import { CandidatePerson, INTERVIEW_TYPES } from '../../shared-dto/candidate-person.response';
import { CandidateReservation, PRIORITIES, SELECTION_TYPES } from './candidates.dto';

@ApiSchema({ description: 'A preferred interview slot the candidate submitted on the public scheduling page.' })
export class AvailableDate {
  @ApiProperty({ type: 'integer', description: 'The preferred slot id (availableDateId when confirming a schedule)', example: 901 })
  id!: number;
  @ApiProperty({ format: 'date-time', description: 'Start of the slot (ISO 8601, UTC)', example: '2026-12-01T01:00:00.000Z' })
  startAt!: string;
  @ApiProperty({ format: 'date-time', description: 'End of the slot (ISO 8601, UTC)', example: '2026-12-01T02:00:00.000Z' }) endAt!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "Display name of the slot's interviewer; null when the user record cannot be found",
    example: '佐藤 花子',
  })
  interviewerName!: string | null;
}

/** A candidate as the API answers it (`ProjectCandidateResponse` in docs/openapi/recruiting-api.json). */
@ApiSchema({ description: "A candidate's participation in a project: status, selection, score, imported data and scheduling." })
export class ProjectCandidateResponse {
  @ApiProperty({ type: 'integer', description: 'Project candidate (participation record) id', example: 358 }) id!: number;
  @ApiProperty({ type: 'integer', description: 'The project id', example: 12 }) projectId!: number;
  @ApiProperty({ type: 'integer', description: 'Id of the person record (candidate.id)', example: 1203 }) candidateId!: number;
  @ApiProperty({ enum: CANDIDATE_STATUSES, description: 'Where the candidate is in the recruiting process', example: 'scheduled' })
  status!: string;
  @ApiProperty({
    enum: [...SELECTION_TYPES, null],
    nullable: true,
    type: String,
    description: 'primary (selected) or reserve (a backup); null when not selected',
  })
  selectionType!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'A free label grouping candidates; null when none', example: 'A群' })
  segmentId!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Free-text staff note; null when none',
    example: '平日夜のみ参加可能。オンライン希望。',
  })
  memo!: string | null;
  @ApiProperty({ enum: [...PRIORITIES, null], nullable: true, type: String, description: 'Staff priority A, B or C; null when none' })
  priority!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Sum of the points of the scoring rules matched, a decimal rendered as a string; null until scored',
    example: '25',
  })
  score!: string | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'Profile fields from the import keyed by name; null when the import mapped none',
    example: { gender: '女性', age: '34', prefecture: '東京都' },
  })
  attributes!: Record<string, unknown> | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'Survey answers keyed by question text (a multi-select as an array); null when none were imported',
    example: { サービスの満足度: 'やや満足', '利用しているサービス(複数選択)': ['動画配信', '電子書籍'] },
  })
  surveyResponses!: Record<string, unknown> | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Id of the reservation; null when none was booked', example: 87 })
  reservationId!: number | null;
  @ApiProperty({
    type: 'object',
    nullable: true,
    description: "The candidate's reservation (confirmed or cancelled), or null when none was booked",
    required: ['scheduledAt', 'durationMinutes', 'interviewType', 'status', 'interviewerName'],
    properties: {
      scheduledAt: {
        type: 'string',
        format: 'date-time',
        description: 'When the interview starts (ISO 8601, UTC)',
        example: '2026-12-01T01:00:00.000Z',
      },
      durationMinutes: { type: 'integer', description: 'Length of the interview, in minutes', example: 60 },
      interviewType: {
        type: 'string',
        enum: [...INTERVIEW_TYPES],
        description: 'online_meet: online; online_conf: through a conference tool; offline: in person; any: not specified',
      },
      status: { type: 'string', enum: ['confirmed', 'cancelled'], description: 'Whether the interview stands or was called off' },
      interviewerName: {
        type: 'string',
        nullable: true,
        description: 'Display name of the interviewer; null when the user record cannot be found',
        example: '佐藤 花子',
      },
    },
  })
  reservation!: CandidateReservation | null;
  @ApiProperty({ type: () => [AvailableDate], description: 'The preferred slots the candidate submitted, earliest first; empty when none' })
  availableDates!: AvailableDate[];
  @ApiProperty({ type: () => CandidatePerson }) candidate!: CandidatePerson;
  @ApiProperty({
    format: 'date-time',
    description: 'When the candidate was added to the project (ISO 8601)',
    example: '2026-11-05T02:00:00.000Z',
  })
  createdAt!: string;
  @ApiProperty({
    format: 'date-time',
    description: 'When the participation record last changed (ISO 8601)',
    example: '2026-11-21T03:30:00.000Z',
  })
  updatedAt!: string;
}

@ApiSchema({ description: "A key found in the candidates' attributes or surveyResponses, usable as a responseFilter field." })
export class CandidateField {
  @ApiProperty({ description: 'The key (an attribute name or a question text)', example: 'サービスの満足度' }) name!: string;
  @ApiProperty({ enum: ['attributes', 'surveyResponses'], description: 'The object the key was found in', example: 'surveyResponses' })
  source!: string;
  @ApiProperty({
    type: [String],
    description: 'Up to five distinct values, as text',
    example: ['とても満足', 'やや満足', 'どちらともいえない'],
  })
  sampleValues!: string[];
}

@ApiSchema({ description: "The fields stored in a project's candidates, for building filters and scoring rules." })
export class CandidateFieldsResponse {
  @ApiProperty({ type: () => [CandidateField], description: 'Every key found, ordered by source, then key' }) fields!: CandidateField[];
}

@ApiSchema({ description: "One change of a candidate's status, with who made it and why." })
export class StatusHistoryEntry {
  @ApiProperty({ type: 'integer', description: 'The history entry id', example: 2291 }) id!: number;
  @ApiProperty({
    enum: [...CANDIDATE_STATUSES, null],
    nullable: true,
    type: String,
    description: 'The status before the change; null for the entry written when the candidate was imported',
  })
  fromStatus!: string | null;
  @ApiProperty({ enum: CANDIDATE_STATUSES, description: 'The status after the change', example: 'contacted' }) toStatus!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why the status changed; null when no reason was given',
    example: '招待メール送信',
  })
  reason!: string | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Id of the user who made the change; null for a change the system made',
    example: 7,
  })
  changedBy!: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Display name of the user who made the change; null for a change the system made',
    example: '佐藤 花子',
  })
  changedByName!: string | null;
  @ApiProperty({ format: 'date-time', description: 'When the status changed (ISO 8601)', example: '2026-11-21T03:30:00.000Z' })
  createdAt!: string;
}

@ApiSchema({ description: 'How many candidates an operation changed.' })
export class UpdatedCountResponse {
  @ApiProperty({ type: 'integer', description: 'Number of candidates changed', example: 42 }) updated!: number;
}
