import { fingerprint } from '../logging/url-redaction';
import { spanPath } from './request-spans';

const request = (url: string, route: string | undefined, params: Record<string, string> = {}) => ({
  url,
  params,
  routeOptions: { url: route },
});

describe('the path a span carries', () => {
  const token = 'h4SmSd-opLTKcwSTt96ppnyrJlLjq9ZbUKEqDqzYzoQ';

  it("shows a secret path parameter's segment as its fingerprint, and never the query", () => {
    expect(spanPath(request(`/api/v1/scheduling/${token}/slots?from=2026-01-01`, '/api/v1/scheduling/:token/slots', { token }))).toBe(
      `/api/v1/scheduling/[fp:${fingerprint(token)}]/slots`,
    );
    expect(spanPath(request(`/schedule/${token}`, '/schedule/:token', { token }))).toBe(`/schedule/[fp:${fingerprint(token)}]`);
  });

  it('compares decoded segments, so an escaped secret is found too', () => {
    const secret = 'a b/c';
    expect(spanPath(request(`/x/${encodeURIComponent(secret)}/y`, '/x/:key/y', { key: secret }))).toBe(`/x/[fp:${fingerprint(secret)}]/y`);
  });

  it('keeps other parameters, and gives no path for a request no route matched', () => {
    expect(spanPath(request('/api/v1/projects/12/candidates/3', '/api/v1/projects/:projectId/candidates/:candidateId', {}))).toBe(
      '/api/v1/projects/12/candidates/3',
    );
    expect(spanPath(request(`/nowhere/${token}`, undefined))).toBeUndefined();
  });
});
