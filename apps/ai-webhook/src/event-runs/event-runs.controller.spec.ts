import type { PlatformApp } from '@platform/runtime';
import { type CallerHeaders, describeRouteAccess, reaches, startControllerApp, stubProvider } from '@platform/testing/harness';
import { type JwksIssuer, startJwksIssuer } from '../../test/jwks-issuer';
import { AiWebhookHttpModule } from '../http/ai-webhook-http.module';
import { AI_WEBHOOK_HTTP } from '../http-surface';
import { EventRunsController } from './event-runs.controller';
import { EventRunsService } from './event-runs.service';

const DOCUMENT = {
  event_run_id: 'run-1',
  event_type: 'rule_upload',
  state: 'processing',
  stage: null,
  progress: null,
  result: null,
  error: null,
};

let issuer: JwksIssuer;
let app: PlatformApp;
const tokens: Record<string, string> = {};

/** Headers whose token is signed once the issuer runs (describeRouteAccess reads them when each request is sent). */
const bearerOf = (name: string): CallerHeaders =>
  Object.defineProperty({}, 'authorization', { enumerable: true, get: () => `Bearer ${tokens[name]}` }) as CallerHeaders;

beforeAll(async () => {
  issuer = await startJwksIssuer();
  tokens.valid = await issuer.token('member-1');
  tokens.expired = await issuer.token('member-1', { expiresIn: Math.floor(Date.now() / 1000) - 60 });
  tokens.otherIssuer = await issuer.token('member-1', { issuer: 'http://127.0.0.1:9/elsewhere' });
  tokens.otherAudience = await issuer.token('member-1', { audience: 'another-service' });
  tokens.foreignKey = await issuer.token('member-1', { foreignKey: true });
  app = await startControllerApp({
    controllers: [EventRunsController],
    providers: [stubProvider(EventRunsService)],
    imports: [
      AiWebhookHttpModule.register({
        webhookApiKey: 'webhook-spec-key-0123456789',
        idp: { issuer: issuer.issuer, jwksUrl: issuer.jwksUrl, audience: issuer.audience },
      }),
    ],
    surface: AI_WEBHOOK_HTTP,
  });
});

afterAll(async () => {
  await app?.close();
  await issuer?.close();
});

const path = '/api/v1/organizations/1/projects/10/wf2des/events/run-1/status';

describeRouteAccess(
  {
    app: () => app,
    caller: bearerOf('valid'),
    unauthenticated: {
      'no token': {},
      'a token that is not a JWT': { authorization: 'Bearer not-a-token' },
      'the webhook key instead of a token': { 'x-api-key': 'webhook-spec-key-0123456789' },
      'an expired token': bearerOf('expired'),
      'a token of another issuer': bearerOf('otherIssuer'),
      'a token for another audience': bearerOf('otherAudience'),
      'a token signed with a key not in the JWKS': bearerOf('foreignKey'),
    },
    stubs: [EventRunsService],
  },
  {
    'GET …/wf2des/events/:event_run_id/status': {
      method: 'get',
      request: { path },
      status: 200,
      service: reaches(EventRunsService, 'status', [{ subject: 'member-1' }, { organizationId: 1, projectId: 10 }, 'run-1'], DOCUMENT),
      expectBody: (body) => expect(body).toEqual(DOCUMENT),
      malformed: [
        { name: 'an organization id that is not a number', path: path.replace('/organizations/1/', '/organizations/one/'), status: 422 },
        { name: 'a project id of 0', path: path.replace('/projects/10/', '/projects/0/'), status: 422 },
        { name: 'an event_run_id with a character outside the handle', path: path.replace('run-1', 'run%201'), status: 422 },
      ],
    },
  },
);
