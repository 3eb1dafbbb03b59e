import { type Manifest, rowEffectOf } from './manifest';

const expected = { kind: 'page_import' as const, jobId: 'job-1', attempt: 2, nonce: 'n-2', status: 'completed' as const };

const manifest = (overrides: Partial<Manifest> = {}): Manifest => ({
  manifest_schema_version: 1,
  job_id: 'job-1',
  attempt: 2,
  nonce: 'n-2',
  row_effects: [
    {
      kind: 'page_import',
      job_id: 'job-1',
      status: 'completed',
      result_url: 's3://b/r.json',
      capture_hash: 'abc',
      screenshot_url: 's3://b/s.png',
    },
  ],
  ...overrides,
});

const bytes = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('rowEffectOf (manifest schema v1)', () => {
  it('returns the job’s row effect', () => {
    expect(rowEffectOf(bytes(manifest()), expected)).toEqual(manifest().row_effects[0]);
  });

  it('refuses text that is not JSON as unreadable', () => {
    expect(() => rowEffectOf(Buffer.from('{"manifest_schema_version":'), expected)).toThrow(
      expect.objectContaining({ code: 'MANIFEST_UNREADABLE' }),
    );
  });

  it.each([
    ['another schema version', { ...manifest(), manifest_schema_version: 2 }],
    ['an unknown field', { ...manifest(), extra: true }],
    [
      'a completed page import without its capture hash',
      manifest({ row_effects: [{ kind: 'page_import', job_id: 'job-1', status: 'completed', result_url: 'x', screenshot_url: 'y' }] }),
    ],
    ['another job id', manifest({ job_id: 'job-2' })],
    ['another attempt', manifest({ attempt: 1 })],
    ['another nonce', manifest({ nonce: 'n-1' })],
    ['no row effect for the job', manifest({ row_effects: [{ kind: 'code2des', job_id: 'job-1', status: 'failed' }] })],
    ['a row effect of the other status', manifest({ row_effects: [{ kind: 'page_import', job_id: 'job-1', status: 'failed' }] })],
    ['an array', [manifest()]],
  ])('refuses %s as invalid', (_, value) => {
    expect(() => rowEffectOf(bytes(value), expected)).toThrow(expect.objectContaining({ code: 'MANIFEST_INVALID' }));
  });

  it('requires result_url and warning_count of a completed code2des, result_url and flag_count of a completed wf2des', () => {
    const of = (kind: 'code2des' | 'wf2des', effect: object) =>
      rowEffectOf(bytes(manifest({ row_effects: [{ kind, job_id: 'job-1', status: 'completed', ...effect }] })), { ...expected, kind });
    expect(() => of('code2des', { result_url: 'x' })).toThrow(expect.objectContaining({ code: 'MANIFEST_INVALID' }));
    expect(of('code2des', { result_url: 'x', warning_count: 0 }).warning_count).toBe(0);
    expect(() => of('wf2des', { result_url: 'x' })).toThrow(expect.objectContaining({ code: 'MANIFEST_INVALID' }));
    expect(of('wf2des', { result_url: 'x', flag_count: 3 }).flag_count).toBe(3);
  });
});
