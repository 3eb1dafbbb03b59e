import Ajv2020 from 'ajv/dist/2020';
import { AiWebhookError } from '../ai-webhook.errors';
import schema from './manifest.v1.schema.json';

/** One row effect of a manifest (schema v1). */
export interface RowEffect {
  kind: 'page_import' | 'code2des' | 'wf2des';
  job_id: string;
  status: 'completed' | 'failed';
  result_url?: string;
  capture_hash?: string;
  screenshot_url?: string;
  warning_count?: number;
  flag_count?: number;
  failure_result_url?: string;
  error?: string;
}

/** A result manifest, schema version 1 (manifest.v1.schema.json is the contract). */
export interface Manifest {
  manifest_schema_version: 1;
  job_id: string;
  attempt: number;
  nonce: string;
  row_effects: RowEffect[];
}

const validateV1 = new Ajv2020({ allErrors: false, strict: true, strictRequired: false }).compile<Manifest>(schema);

/** What the manifest must agree with: the callback, which was already checked against the job row. */
export interface ManifestExpectation {
  kind: RowEffect['kind'];
  jobId: string;
  attempt: number;
  nonce: string;
  status: RowEffect['status'];
}

function invalid(message: string): AiWebhookError {
  return new AiWebhookError('MANIFEST_INVALID', `The result manifest is invalid: ${message}`);
}

/**
 * Parses a manifest's bytes and returns the row effect for the job: the text must be JSON valid against
 * schema v1 (other versions are refused), its job id, attempt and nonce those of the callback, and it must
 * carry exactly one row effect of the job's kind and id whose status is the callback's.
 */
export function rowEffectOf(bytes: Buffer, expected: ManifestExpectation): RowEffect {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new AiWebhookError('MANIFEST_UNREADABLE', 'The result manifest is not JSON');
  }
  if (!validateV1(value)) {
    const first = validateV1.errors?.[0];
    throw invalid(`not valid against schema version 1 (${first?.instancePath || '/'} ${first?.message ?? ''})`.trim());
  }
  if (value.job_id !== expected.jobId) throw invalid('its job_id is not the callback’s');
  if (value.attempt !== expected.attempt) throw invalid('its attempt is not the callback’s');
  if (value.nonce !== expected.nonce) throw invalid('its nonce is not the callback’s');
  const effects = value.row_effects.filter((effect) => effect.kind === expected.kind && effect.job_id === expected.jobId);
  if (effects.length !== 1) throw invalid(`it carries ${effects.length} row effects for the job, not one`);
  if (effects[0].status !== expected.status) throw invalid(`its row effect says ${effects[0].status}, the callback ${expected.status}`);
  return effects[0];
}
