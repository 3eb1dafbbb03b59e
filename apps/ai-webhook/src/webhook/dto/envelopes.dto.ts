import { EnumField, IntField, JsonObjectField, NestedField, TextField } from '@platform/contracts';
import { MANIFEST_URL_PATTERN } from '../../manifests/manifest-url';

/** The request field `type` values the webhook accepts (spec 6); page-import and code2wf are not among them. */
export const STANDARD_TYPES = ['design-import', 'code-import'] as const;
export const MANIFEST_JOB_TYPES = ['page_import', 'code2des'] as const;
export const ENVELOPE_TYPES = [...STANDARD_TYPES, 'des2code', ...MANIFEST_JOB_TYPES, 'wf2des'] as const;
export type EnvelopeType = (typeof ENVELOPE_TYPES)[number];

export const WF2DES_STATUSES = ['parse_started', 'parse_done', 'assemble_started', 'succeeded', 'failed'] as const;
export type Wf2desStatus = (typeof WF2DES_STATUSES)[number];

const MAX_ID = Number.MAX_SAFE_INTEGER;

export class CallbackErrorDto {
  @TextField({ max: 4000, description: 'What went wrong, for the row' })
  message!: string;
}

/** The standard envelope's fields (spec 6), for design-import, code-import and des2code. */
abstract class StandardFields {
  @TextField({ min: 1, max: 128, description: 'The record the work was for' })
  recordId!: string;

  @IntField({ min: 1, max: MAX_ID })
  projectId!: number;

  @IntField({ min: 1, max: MAX_ID })
  organizationId!: number;

  @EnumField(['success', 'failed'])
  status!: 'success' | 'failed';

  @JsonObjectField({ optional: true, description: 'Stored on the record as sent' })
  result?: Record<string, unknown>;

  @NestedField(() => CallbackErrorDto, { optional: true, description: 'Recorded when the status is failed' })
  error?: CallbackErrorDto;
}

export class StandardEnvelopeDto extends StandardFields {
  @EnumField(STANDARD_TYPES)
  type!: (typeof STANDARD_TYPES)[number];
}

export class Des2codeEnvelopeDto extends StandardFields {
  @EnumField(['des2code'])
  type!: 'des2code';

  @JsonObjectField({ optional: true, description: 'Artifact metadata of the generated code, stored on the record as sent' })
  artifact?: Record<string, unknown>;
}

/** What every job envelope carries: the row id, the attempt and the attempt's nonce. */
abstract class JobFields {
  @TextField({ min: 1, max: 128, description: 'The job row id' })
  job_id!: string;

  @IntField({ min: 1, max: 1_000_000, description: 'The attempt this callback reports on' })
  attempt!: number;

  @TextField({ min: 1, max: 256, description: 'The nonce the attempt was dispatched with' })
  nonce!: string;

  @NestedField(() => CallbackErrorDto, { optional: true, description: 'Recorded when the status is failed' })
  error?: CallbackErrorDto;
}

const manifestUrl = (optional: boolean, description: string) =>
  TextField({
    max: 2048,
    pattern: MANIFEST_URL_PATTERN,
    patternMessage: 'result_manifest_url must be s3://<bucket>/<organization_id>/<project_id>/<kind>/<job_id>/manifest.json',
    optional,
    description,
  });

export class ManifestJobEnvelopeDto extends JobFields {
  @EnumField(MANIFEST_JOB_TYPES)
  type!: (typeof MANIFEST_JOB_TYPES)[number];

  @EnumField(['succeeded', 'failed'])
  status!: 'succeeded' | 'failed';

  @manifestUrl(false, 'The job’s manifest, s3://<bucket>/<organization_id>/<project_id>/<kind>/<job_id>/manifest.json')
  result_manifest_url!: string;

  @EnumField([1], { description: 'Only version 1 is accepted' })
  manifest_schema_version!: 1;
}

export class Wf2desEnvelopeDto extends JobFields {
  @EnumField(['wf2des'])
  type!: 'wf2des';

  @EnumField(WF2DES_STATUSES)
  status!: Wf2desStatus;

  @manifestUrl(true, 'Required for succeeded and failed, refused for the phase signals')
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
