import 'reflect-metadata';
import { EnvelopeValidationPipe } from './envelope-validation.pipe';

const pipe = new EnvelopeValidationPipe();
const job = { job_id: 'job-1', attempt: 1, nonce: 'n' };
const url = 's3://manifests/1/10/page_import/job-1/manifest.json';

async function fields(body: unknown): Promise<string[]> {
  try {
    await pipe.transform(body);
    return [];
  } catch (error) {
    const e = error as { code: string; details: Array<{ field: string }> };
    expect(e.code).toBe('VALIDATION_FAILED');
    return e.details.map((d) => d.field);
  }
}

describe('EnvelopeValidationPipe', () => {
  it('accepts each envelope the webhook documents', async () => {
    for (const body of [
      { type: 'design-import', recordId: 'r', organizationId: 1, projectId: 2, status: 'success', result: { a: 1 } },
      {
        type: 'des2code',
        recordId: 'r',
        organizationId: 1,
        projectId: 2,
        status: 'failed',
        error: { message: 'x' },
        artifact: { files: 2 },
      },
      { type: 'page_import', ...job, status: 'succeeded', result_manifest_url: url, manifest_schema_version: 1 },
      { type: 'code2des', ...job, status: 'failed', result_manifest_url: url, manifest_schema_version: 1, error: { message: 'x' } },
      { type: 'wf2des', ...job, status: 'parse_done' },
      { type: 'wf2des', ...job, status: 'succeeded', result_manifest_url: url },
    ]) {
      expect(await fields(body)).toEqual([]);
    }
  });

  it.each([
    ['a non-object body', [], ['body']],
    ['no type', { recordId: 'r' }, ['type']],
    ['page-import', { type: 'page-import', ...job }, ['type']],
    ['code2wf', { type: 'code2wf', ...job }, ['type']],
    [
      'a job field on a standard envelope',
      { type: 'code-import', recordId: 'r', organizationId: 1, projectId: 2, status: 'success', job_id: 'j' },
      ['job_id'],
    ],
    [
      'artifact outside des2code',
      { type: 'design-import', recordId: 'r', organizationId: 1, projectId: 2, status: 'success', artifact: {} },
      ['artifact'],
    ],
    [
      'a standard status on a job',
      { type: 'page_import', ...job, status: 'success', result_manifest_url: url, manifest_schema_version: 1 },
      ['status'],
    ],
    [
      'manifest schema version 2',
      { type: 'code2des', ...job, status: 'succeeded', result_manifest_url: url, manifest_schema_version: 2 },
      ['manifest_schema_version'],
    ],
    ['a terminal wf2des without its manifest', { type: 'wf2des', ...job, status: 'failed' }, ['result_manifest_url']],
    [
      'a wf2des phase signal with a manifest',
      { type: 'wf2des', ...job, status: 'parse_started', result_manifest_url: url },
      ['result_manifest_url'],
    ],
    ['attempt 0', { type: 'wf2des', ...job, attempt: 0, status: 'parse_started' }, ['attempt']],
  ])('refuses %s (422)', async (_, body, expected) => {
    expect(await fields(body)).toEqual(expected);
  });
});
