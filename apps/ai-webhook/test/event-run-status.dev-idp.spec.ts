import { randomUUID } from 'node:crypto';
import { DEV_IDP_USERS, type DevIdp, idTokenFor, startDevIdp } from '@platform/dev-idp';
import { startWebhook, type Webhook } from './webhook-kit';

const DOCUMENT = {
  event_run_id: 'run',
  event_type: 'rule_upload',
  state: 'processing',
  stage: 'ingest_boards',
  progress: { done: 1, total: 4 },
  result: null,
  error: null,
};

/**
 * The status read with id tokens of the real development identity provider (libs/dev-idp), obtained through its
 * sign-in form as `npm run -s admin -- idp-token` does. The other status specs use a JWKS stand-in
 * (jwks-issuer.ts) because they need tokens the IdP would never issue (expired, foreign key, other audience).
 */
describe('event-run status read with the dev identity provider', () => {
  const client = { clientId: 'ai-webhook', clientSecret: 'status-read-secret', redirectUris: ['http://127.0.0.1:9/idp-token'] };
  const run = `run-${randomUUID()}`;
  const key = `event_run:3:30:${run}`;
  const path = `/api/v1/organizations/3/projects/30/wf2des/events/${run}/status`;
  let idp: DevIdp;
  let hook: Webhook;
  const tokenOf = (user: { email: string; password: string }) =>
    idTokenFor({ issuer: idp.issuer, client, email: user.email, password: user.password });

  beforeAll(async () => {
    idp = await startDevIdp({ clients: [client] });
    hook = await startWebhook({ IDP_ISSUER: idp.issuer, IDP_JWKS_URL: `${idp.issuer}/jwks`, IDP_AUDIENCE: client.clientId });
    await hook.ops.grant(3, 30, DEV_IDP_USERS.member.subject);
    await hook.redis.set(key, JSON.stringify({ ...DOCUMENT, event_run_id: run }), 'EX', 60);
  });
  afterAll(async () => {
    try {
      await hook?.redis.del(key);
      await hook?.close();
    } finally {
      await idp?.stop();
    }
  });

  it('answers 200 with the document for a seeded user granted the project', async () => {
    const res = await hook
      .http()
      .get(path)
      .set('authorization', `Bearer ${await tokenOf(DEV_IDP_USERS.member)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...DOCUMENT, event_run_id: run });
  });

  it('answers 403 for a seeded user without access, and 401 for a token of another audience', async () => {
    const viewer = await hook
      .http()
      .get(path)
      .set('authorization', `Bearer ${await tokenOf(DEV_IDP_USERS.viewer)}`);
    expect(viewer.status).toBe(403);
    const otherClient = { ...client, clientId: 'someone-else' };
    const other = await startDevIdp({ clients: [otherClient] });
    try {
      const foreign = await idTokenFor({
        issuer: other.issuer,
        client: otherClient,
        email: DEV_IDP_USERS.member.email,
        password: DEV_IDP_USERS.member.password,
      });
      expect((await hook.http().get(path).set('authorization', `Bearer ${foreign}`)).status).toBe(401);
    } finally {
      await other.stop();
    }
  });
});
