import { createHash } from 'node:crypto';
import { fingerprint, redactUrl } from './url-redaction';

const TOKEN = 'mJ3Yk8Qz_1vXl2Rb0wT9cP4hN6sA5dF7gK8jL0qW2eE';
const SCHEDULING = { secretSegments: [/^\/api\/v1\/scheduling\/([^/]+)/, /^\/schedule\/([^/]+)/] };

describe('redactUrl', () => {
  it('replaces a scheduling token in the path by its fingerprint, on the API and the page', () => {
    const fp = fingerprint(TOKEN);
    expect(redactUrl(`/api/v1/scheduling/${TOKEN}/slots`, SCHEDULING)).toBe(`/api/v1/scheduling/[fp:${fp}]/slots`);
    expect(redactUrl(`/api/v1/scheduling/${TOKEN}`, SCHEDULING)).toBe(`/api/v1/scheduling/[fp:${fp}]`);
    expect(redactUrl(`/schedule/${TOKEN}?lang=ja`, SCHEDULING)).toBe(`/schedule/[fp:${fp}]?lang=ja`);
  });

  it('replaces login codes, state and tokens in any query, keeping the other parameters', () => {
    const line = redactUrl('/api/v1/auth/idp/callback?code=abc123&state=xyz&iss=https%3A%2F%2Fidp');
    expect(line).toBe(
      `/api/v1/auth/idp/callback?code=[fp:${fingerprint('abc123')}]&state=[fp:${fingerprint('xyz')}]&iss=https%3A%2F%2Fidp`,
    );
    expect(redactUrl('/login?token=eyJhbGciOi.x.y&Refresh_Token=r')).not.toMatch(/eyJhbGciOi|=r$/);
  });

  it('leaves URLs without secrets as they are', () => {
    expect(redactUrl('/api/v1/projects/1/candidates?page=2&limit=20', SCHEDULING)).toBe('/api/v1/projects/1/candidates?page=2&limit=20');
    expect(redactUrl('/v1/ping')).toBe('/v1/ping');
    expect(redactUrl('/x?%E0%A4%A=1&flag')).toBe('/x?%E0%A4%A=1&flag');
  });

  it("fingerprints like Caddy's hash filter: the first 4 bytes of SHA-256, in hex", () => {
    expect(fingerprint(TOKEN)).toBe(createHash('sha256').update(TOKEN).digest('hex').slice(0, 8));
    expect(fingerprint(TOKEN)).not.toBe(fingerprint(`${TOKEN}x`));
  });
});
