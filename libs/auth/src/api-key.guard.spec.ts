import { apiKeyMatches } from './api-key.guard';

describe('apiKeyMatches', () => {
  it('accepts only the exact key', () => {
    expect(apiKeyMatches('s3cret-key', 's3cret-key')).toBe(true);
    expect(apiKeyMatches('s3cret-kez', 's3cret-key')).toBe(false);
    expect(apiKeyMatches('s3cret-key-longer', 's3cret-key')).toBe(false);
    expect(apiKeyMatches('S3CRET-KEY', 's3cret-key')).toBe(false);
  });

  it('refuses missing keys on either side', () => {
    expect(apiKeyMatches(undefined, 'k')).toBe(false);
    expect(apiKeyMatches('', 'k')).toBe(false);
    expect(apiKeyMatches(['k'], 'k')).toBe(false);
    expect(apiKeyMatches('k', undefined)).toBe(false);
    expect(apiKeyMatches('k', '')).toBe(false);
  });
});
