import { foreignPart, manifestKey, parseManifestUrl } from './manifest-url';

const owner = { bucket: 'manifests', organizationId: 7, projectId: 42, kind: 'page_import', jobId: 'job-1' };

describe('manifest URLs', () => {
  it('parses the pattern into its parts', () => {
    expect(parseManifestUrl('s3://manifests/7/42/page_import/job-1/manifest.json')).toEqual({
      bucket: 'manifests',
      organizationId: '7',
      projectId: '42',
      kind: 'page_import',
      jobId: 'job-1',
    });
  });

  it.each([
    ['another scheme', 'https://manifests/7/42/page_import/job-1/manifest.json'],
    ['another file', 's3://manifests/7/42/page_import/job-1/other.json'],
    ['a segment missing', 's3://manifests/7/page_import/job-1/manifest.json'],
    ['a segment too many', 's3://manifests/7/42/x/page_import/job-1/manifest.json'],
    ['a non-numeric tenant', 's3://manifests/seven/42/page_import/job-1/manifest.json'],
    ['a dot-dot job', 's3://manifests/7/42/page_import/../manifest.json'],
    ['an encoded slash', 's3://manifests/7/42/page_import/a%2Fb/manifest.json'],
    ['a query string', 's3://manifests/7/42/page_import/job-1/manifest.json?x=1'],
  ])('refuses %s', (_, url) => {
    const parsed = parseManifestUrl(url);
    expect(parsed === undefined || foreignPart(parsed, owner) !== undefined).toBe(true);
  });

  it.each([
    ['bucket', 's3://other-bucket/7/42/page_import/job-1/manifest.json'],
    ['organizationId', 's3://manifests/8/42/page_import/job-1/manifest.json'],
    ['organizationId', 's3://manifests/07/42/page_import/job-1/manifest.json'],
    ['projectId', 's3://manifests/7/43/page_import/job-1/manifest.json'],
    ['kind', 's3://manifests/7/42/code2des/job-1/manifest.json'],
    ['jobId', 's3://manifests/7/42/page_import/job-2/manifest.json'],
  ])('names the foreign %s', (part, url) => {
    expect(foreignPart(parseManifestUrl(url)!, owner)).toBe(part);
  });

  it('accepts the job’s own address and builds its key from the row', () => {
    expect(foreignPart(parseManifestUrl('s3://manifests/7/42/page_import/job-1/manifest.json')!, owner)).toBeUndefined();
    expect(manifestKey(owner)).toBe('7/42/page_import/job-1/manifest.json');
  });
});
