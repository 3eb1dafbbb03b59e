import { ApiSchema } from '@nestjs/swagger';
import { EnumField, IntField, JsonObjectField, NestedField, TextField } from '@platform/contracts';
import { MANIFEST_URL_PATTERN } from '../../manifests/manifest-url';

/**
 * The request field `type` values the webhook accepts (`reportAiJobStatus` in docs/openapi/ai-webhook.json);
 * page-import and code2wf are not among them.
 */
export const STANDARD_TYPES = ['design-import', 'code-import'] as const;
export const MANIFEST_JOB_TYPES = ['page_import', 'code2des'] as const;
export const ENVELOPE_TYPES = [...STANDARD_TYPES, 'des2code', ...MANIFEST_JOB_TYPES, 'wf2des'] as const;
export type EnvelopeType = (typeof ENVELOPE_TYPES)[number];

export const WF2DES_STATUSES = ['parse_started', 'parse_done', 'assemble_started', 'succeeded', 'failed'] as const;
export type Wf2desStatus = (typeof WF2DES_STATUSES)[number];

const MAX_ID = Number.MAX_SAFE_INTEGER;

/** Example values of the OpenAPI document: one record and one job of project 10 of organization 1. */
const EXAMPLE = {
  organizationId: 1,
  projectId: 10,
  recordId: '9b2e4c1a-3f5d-4e8b-a7c6-1d0f2e3b4a59',
  jobId: '0d3c5b7e-2a4f-4e6b-9c1d-8f7a6b5c4d3e',
  nonce: 'q7Zp1bX9sT3vK0mN5cR8wY2aE6dH4jLf',
} as const;

/** The example job's manifest address, for a job of this kind. */
const manifestUrlOf = (kind: string) =>
  `s3://ai-results/${EXAMPLE.organizationId}/${EXAMPLE.projectId}/${kind}/${EXAMPLE.jobId}/manifest.json`;

@ApiSchema({ description: 'Why the work failed, as the worker reports it' })
export class CallbackErrorDto {
  @TextField({
    max: 4000,
    description: 'What went wrong, stored on the record or job row',
    example: 'Timed out after 600 seconds while parsing the uploaded file',
  })
  message!: string;
}

/** The standard envelope's fields, for design-import, code-import and des2code. */
abstract class StandardFields {
  @TextField({ min: 1, max: 128, description: 'The record the work was for (its id, a UUID)', example: EXAMPLE.recordId })
  recordId!: string;

  @IntField({
    min: 1,
    max: MAX_ID,
    description: 'The project the record belongs to (404 when it is not there)',
    example: EXAMPLE.projectId,
  })
  projectId!: number;

  @IntField({ min: 1, max: MAX_ID, description: 'The organization of that project (404 when unknown)', example: EXAMPLE.organizationId })
  organizationId!: number;

  @EnumField(['success', 'failed'], {
    description: 'success: the record becomes completed with result; failed: it becomes failed with error.message',
  })
  status!: 'success' | 'failed';

  @JsonObjectField({ optional: true, description: 'Stored on the record as sent' })
  result?: Record<string, unknown>;

  @NestedField(() => CallbackErrorDto, { optional: true, description: 'Recorded when the status is failed' })
  error?: CallbackErrorDto;
}

@ApiSchema({ description: 'The standard callback of design-import and code-import: the outcome of the work on one record' })
export class StandardEnvelopeDto extends StandardFields {
  @EnumField(STANDARD_TYPES, { description: 'The kind of work the record was for' })
  type!: (typeof STANDARD_TYPES)[number];
}

@ApiSchema({ description: "The standard callback of des2code, with the generated code's artifact metadata" })
export class Des2codeEnvelopeDto extends StandardFields {
  @EnumField(['des2code'], { description: 'Always des2code' })
  type!: 'des2code';

  @JsonObjectField({ optional: true, description: 'Artifact metadata of the generated code, stored on the record as sent' })
  artifact?: Record<string, unknown>;
}

/** What every job envelope carries: the row id, the attempt and the attempt's nonce. */
abstract class JobFields {
  @TextField({ min: 1, max: 128, description: 'The job row id (a UUID)', example: EXAMPLE.jobId })
  job_id!: string;

  @IntField({
    min: 1,
    max: 1_000_000,
    description: 'The attempt this callback reports on, from 1; a callback of an earlier attempt changes nothing',
    example: 1,
  })
  attempt!: number;

  @TextField({
    min: 1,
    max: 256,
    description: "The nonce the attempt was dispatched with (404 when it is not that attempt's)",
    example: EXAMPLE.nonce,
  })
  nonce!: string;

  @NestedField(() => CallbackErrorDto, { optional: true, description: 'Recorded when the status is failed' })
  error?: CallbackErrorDto;
}

const manifestUrl = (optional: boolean, description: string, example: string) =>
  TextField({
    max: 2048,
    pattern: MANIFEST_URL_PATTERN,
    patternMessage: 'result_manifest_url must be s3://<bucket>/<organization_id>/<project_id>/<kind>/<job_id>/manifest.json',
    optional,
    description,
    example,
  });

@ApiSchema({ description: 'The callback of a page_import or code2des job: its outcome, with the result manifest' })
export class ManifestJobEnvelopeDto extends JobFields {
  @EnumField(MANIFEST_JOB_TYPES, { description: 'The kind of job' })
  type!: (typeof MANIFEST_JOB_TYPES)[number];

  @EnumField(['succeeded', 'failed'], {
    description: 'succeeded: the job becomes completed; failed: failed. The manifest is read either way',
  })
  status!: 'succeeded' | 'failed';

  @manifestUrl(
    false,
    'The job’s manifest, s3://<bucket>/<organization_id>/<project_id>/<kind>/<job_id>/manifest.json',
    manifestUrlOf('page_import'),
  )
  result_manifest_url!: string;

  @EnumField([1], { description: 'Only version 1 is accepted' })
  manifest_schema_version!: 1;
}

@ApiSchema({ description: 'The callback of a wf2des job: a phase signal, or its outcome with the result manifest' })
export class Wf2desEnvelopeDto extends JobFields {
  @EnumField(['wf2des'], { description: 'Always wf2des' })
  type!: 'wf2des';

  @EnumField(WF2DES_STATUSES, {
    description: 'parse_started, parse_done and assemble_started move the job’s phase forward; succeeded and failed finish it',
    example: 'failed',
  })
  status!: Wf2desStatus;

  @manifestUrl(true, 'The job’s manifest: required for succeeded and failed, refused for the phase signals', manifestUrlOf('wf2des'))
  result_manifest_url?: string;

  @EnumField([1], { optional: true, description: 'Only version 1 is accepted' })
  manifest_schema_version?: 1;
}

export type Envelope = StandardEnvelopeDto | Des2codeEnvelopeDto | ManifestJobEnvelopeDto | Wf2desEnvelopeDto;

/** The DTO class of each accepted type. */
export const ENVELOPE_CLASSES: Record<EnvelopeType, new () => Envelope> = {
  'design-import': StandardEnvelopeDto,
  'code-import': StandardEnvelopeDto,
  des2code: Des2codeEnvelopeDto,
  page_import: ManifestJobEnvelopeDto,
  code2des: ManifestJobEnvelopeDto,
  wf2des: Wf2desEnvelopeDto,
};
