import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches, startControllerApp, stubProvider } from '@platform/testing/harness';
import { AiWebhookHttpModule } from '../http/ai-webhook-http.module';
import { AI_WEBHOOK_HTTP } from '../http-surface';
import { WebhookController } from './webhook.controller';
import { WebhookService } from './webhook.service';

const API_KEY = 'webhook-spec-key-0123456789';
const envelope = { type: 'design-import', recordId: 'rec-1', projectId: 10, organizationId: 1, status: 'success' };
const acknowledgement = { message: 'Status applied', type: 'design-import', recordId: 'rec-1', status: 'success' };

let app: PlatformApp;

beforeAll(async () => {
  app = await startControllerApp({
    controllers: [WebhookController],
    providers: [stubProvider(WebhookService)],
    // The identity provider is never asked: the webhook takes the API key alone.
    imports: [
      AiWebhookHttpModule.register({
        webhookApiKey: API_KEY,
        idp: { issuer: 'http://127.0.0.1:9/idp', jwksUrl: 'http://127.0.0.1:9/jwks', audience: 'ai-webhook' },
      }),
    ],
    surface: AI_WEBHOOK_HTTP,
  });
});

afterAll(() => app?.close());

describeRouteAccess(
  {
    app: () => app,
    caller: { 'x-api-key': API_KEY },
    unauthenticated: {
      'no X-API-Key': {},
      'another key': { 'x-api-key': 'webhook-spec-key-0123456780' },
      'a bearer token instead of the key': { authorization: 'Bearer some-token' },
    },
    stubs: [WebhookService],
  },
  {
    'POST /api/v1/webhooks/ai-status': {
      method: 'post',
      request: { path: '/api/v1/webhooks/ai-status', body: envelope },
      status: 200,
      service: reaches(WebhookService, 'receive', [envelope], acknowledgement),
      expectBody: (body) => expect(body).toEqual(acknowledgement),
      malformed: [
        { name: 'an unknown type', body: { ...envelope, type: 'page-import' }, status: 422 },
        { name: 'an unknown field', body: { ...envelope, extra: 1 }, status: 422 },
        { name: 'a projectId that is text', body: { ...envelope, projectId: '10' }, status: 422 },
        { name: 'a wf2des terminal status without its manifest', body: wf2des('succeeded'), status: 422 },
        { name: 'a body that is not an object', body: [envelope], status: 422 },
      ],
    },
  },
);

function wf2des(status: string) {
  return { type: 'wf2des', job_id: 'job-1', attempt: 1, nonce: 'n', status };
}
