import { ApiProperty } from '@nestjs/swagger';
import { IntField, TextField } from '@platform/contracts';

export const EVENT_RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;

/** Path parameters of the status read (spec 4.9): positive integers and the run handle. */
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
 * The worker's status document, returned as stored (spec 4.9): these seven fields, `result` open. A field
 * outside the spec's seven is not passed on (docs/decisions.md).
 */
export class EventRunStatusResponse {
  @ApiProperty() event_run_id!: string;
  @ApiProperty({ description: 'rule_upload, component_upload, component_capture or resync' }) event_type!: string;
  @ApiProperty({ enum: ['processing', 'done', 'failed'] }) state!: string;
  @ApiProperty({ type: 'string', nullable: true, description: 'Step name chosen by the worker (open set)' }) stage!: string | null;
  @ApiProperty({
    type: 'object',
    nullable: true,
    required: ['done', 'total'],
    properties: { done: { type: 'number' }, total: { type: 'number' } },
    description: '{done, total}, or null when the total is unknown; rule ingestion counts one unit per board',
  })
  progress!: EventRunProgress | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'Filled when done' })
  result!: Record<string, unknown> | null;
  @ApiProperty({ type: 'string', nullable: true, description: 'Filled when failed' }) error!: string | null;
}
