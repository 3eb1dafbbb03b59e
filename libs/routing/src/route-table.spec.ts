import { matchesPrefix, resolveRoute } from './route-table';

describe('resolveRoute', () => {
  it.each([
    ['/api/v1/surveys', 'recruiting-api'],
    ['/api/v1/surveys/abc/panels?limit=5', 'recruiting-api'],
    ['/api/surveys', 'survey-builder-api'],
    ['/api/surveys/1/versions/2/rollback', 'survey-builder-api'],
    ['/api/v1/auth/idp/callback?code=x', 'recruiting-api'],
    ['/api/v1/scheduling/tok/slots', 'recruiting-api'],
    ['/api/question-library', 'survey-builder-api'],
    ['/api/survey-copies', 'survey-builder-api'],
    ['/v1/ping/deep', 'race-content-api'],
    ['/v1/races/r1/articles/a1', 'race-content-api'],
    ['/api/v1/webhooks/ai-status', 'ai-webhook'],
    ['/api/v1/organizations/1/projects/2/wf2des/events/e/status', 'ai-webhook'],
  ])('%s goes to %s', (path, app) => {
    expect(resolveRoute(path)?.app).toBe(app);
  });

  it.each(['/', '/api', '/api/v1', '/v10/ping', '/api/surveysX', '/api/v2/surveys', '/health/live', '/docs'])(
    '%s matches nothing',
    (path) => {
      expect(resolveRoute(path)).toBeUndefined();
    },
  );

  it('prefers the longest prefix whatever the order of the table', () => {
    const routes = [
      { prefix: '/api', app: 'survey-builder-api' as const },
      { prefix: '/api/v1', app: 'recruiting-api' as const },
    ];
    expect(resolveRoute('/api/v1/x', routes)?.app).toBe('recruiting-api');
    expect(resolveRoute('/api/v1/x', [...routes].reverse())?.app).toBe('recruiting-api');
  });

  it('matches whole path segments only', () => {
    expect(matchesPrefix('/v1', '/v1')).toBe(true);
    expect(matchesPrefix('/v1/', '/v1')).toBe(true);
    expect(matchesPrefix('/v1x', '/v1')).toBe(false);
  });
});
