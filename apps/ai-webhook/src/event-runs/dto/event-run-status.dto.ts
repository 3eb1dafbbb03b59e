import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IntField, TextField } from '@platform/contracts';

export const EVENT_RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;

/** Path parameters of the status read (`getEventRunStatus` in docs/openapi/ai-webhook.json): positive integers and the run handle. */
export class EventRunStatusParams {
  @IntField({ min: 1, max: Number.MAX_SAFE_INTEGER, fromText: true, description: 'Organization id' })
  organization_id!: number;

  @IntField({ min: 1, max: Number.MAX_SAFE_INTEGER, fromText: true, description: 'Project id' })
  project_id!: number;

  @TextField({
    min: 1,
    max: 128,
    pattern: EVENT_RUN_ID,
    patternMessage: 'event_run_id must be letters, digits, dot, underscore, colon or hyphen',
    description: 'The handle returned by the trigger that started the run',
  })
  event_run_id!: string;
}

export interface EventRunProgress {
  done: number;
  total: number;
}

/**
 * The worker's status document, returned as stored (`EventRunStatusResponse`): these seven fields, `result` open. A field
 * outside these seven is not passed on (docs/decisions.md).
 */
@ApiSchema({ description: 'The status of an onboarding event run, as its worker wrote it; poll it until state is done or failed' })
export class EventRunStatusResponse {
  @ApiProperty({ description: 'The handle of the run, as in the path', example: 'run-20261201-0001' }) event_run_id!: string;
  @ApiProperty({ description: 'rule_upload, component_upload, component_capture or resync', example: 'rule_upload' }) event_type!: string;
  @ApiProperty({
    enum: ['processing', 'done', 'failed'],
    description: 'processing while the worker runs; done or failed once it has finished',
    example: 'failed',
  })
  state!: string;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Step name chosen by the worker (open set); null when it has set none',
    example: 'ingest_boards',
  })
  stage!: string | null;
  @ApiProperty({
    type: 'object',
    nullable: true,
    required: ['done', 'total'],
    properties: {
      done: { type: 'number', description: 'Units finished so far', example: 3 },
      total: { type: 'number', description: 'Units in the whole run', example: 8 },
    },
    description: '{done, total}, or null when the total is unknown; rule ingestion counts one unit per board',
  })
  progress!: EventRunProgress | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: "The run's result, filled when done; null otherwise",
    example: null,
  })
  result!: Record<string, unknown> | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Why the run failed, filled when failed; null otherwise',
    example: 'Board 4 of 8 could not be parsed',
  })
  error!: string | null;
}
