import { expectServedCommittedDocument } from '@platform/testing/conformance';
import { expectMetricsEndpoint } from '@platform/testing/harness';
import { expectTruthfulDocument } from '@platform/testing/sweep';
import { AI_JOBS_SCHEMA_TYPES } from '../src/database/database';
import { describeSchemaTypes } from '@platform/testing/harness';
import { startWebhook, type Webhook } from './webhook-kit';

describe('ai-webhook on real PostgreSQL, Redis and S3', () => {
  const hooks: Webhook[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const hook = await startWebhook(env);
    hooks.push(hook);
    return hook;
  };
  afterAll(async () => {
    for (const hook of hooks) await hook.close();
  });

  it('is ready when PostgreSQL, Redis and S3 answer, and documents every route as committed in docs/openapi', async () => {
    const hook = await start();
    await hook
      .http()
      .get('/health/ready')
      .expect(200, { status: 'ok', checks: { postgres: 'ok', redis: 'ok', 'object-storage': 'ok' } });
    await expectTruthfulDocument(hook.app);
    await expectServedCommittedDocument(hook.app, 'ai-webhook');
  });

  it('serves Prometheus metrics on its own port: a request moves its route template, its pool is measured', async () => {
    const hook = await start();
    await expectMetricsEndpoint(hook.app, {
      service: 'ai-webhook',
      request: () => hook.http().post('/api/v1/webhooks/ai-status').send({}).expect(401),
      method: 'POST',
      route: '/api/v1/webhooks/ai-status',
      statusClass: '4xx',
      families: ['db_client_connections_usage', 'db_client_connections_max', 'db_client_connections_pending_requests'],
    });
  });

  it('starts and reports degraded, not down, while Redis is unreachable', async () => {
    const hook = await start({ REDIS_URL: 'redis://127.0.0.1:1' });
    const res = await hook.http().get('/health/ready').expect(200);
    expect(res.body).toEqual({ status: 'degraded', checks: { postgres: 'ok', redis: 'error', 'object-storage': 'ok' } });
  });
});

describeSchemaTypes(AI_JOBS_SCHEMA_TYPES);
