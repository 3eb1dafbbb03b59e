import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { INestApplication } from '@nestjs/common';
import { startEdge } from '@platform/testing/deployment';
import { testServices, waitFor, workspaceRoot } from '@platform/testing/harness';
import request from 'supertest';
import { TokensService } from '../../../apps/recruiting-api/src/auth/tokens.service';
import { type RecruitingTestApp, startRecruiting } from '../../../apps/recruiting-api/test/recruiting-test-app';
import { type RaceContentKit, startRaceContentKit } from '../../../apps/race-content-api/test/test-app';
import { type Builder, startBuilder, THEME } from '../../../apps/survey-builder-api/test/builder-kit';

const run = promisify(execFile);
const SECRET = 'client-revocation-secret-0123456789abcdefghij';

const address = async (app: INestApplication) => {
  await app.listen(0, '127.0.0.1');
  return `127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
};

/**
 * Revocation as a console sees it: recruiting-api, race-content-api and the survey builder behind one local edge, on
 * one token-version prefix in Redis. A user's token works at all three; once an administrator demotes the user, or an
 * operator deletes the user, the same token acts with the new role at recruiting at once and is refused by race content
 * and, through the edge, by the builder within seconds. (Here, because only this folder may start several apps' kits.)
 */
describe('a role change or deletion at recruiting, felt at every app', () => {
  let recruiting: RecruitingTestApp;
  let race: RaceContentKit;
  let builder: Builder;
  let edge: string;
  let admin: { authorization: string };
  const http = () => request(edge);

  beforeAll(async () => {
    recruiting = await startRecruiting('client_revocation', { JWT_SECRET: SECRET });
    const shared = { JWT_SECRET: SECRET, AUTH_KEY_PREFIX: recruiting.env.AUTH_KEY_PREFIX! };
    race = await startRaceContentKit(shared);
    recruiting.scope.defer('race-content-api', () => race.close());
    builder = await startBuilder(shared);
    recruiting.scope.defer('survey-builder-api', () => builder.close());
    const upstreams = {
      'recruiting-api': [await address(recruiting.app)],
      'race-content-api': [await address(race.app)],
      'survey-builder-api': [await address(builder.app)],
    };
    edge = recruiting.scope.track('the edge', await startEdge({ upstreams })).url;
    const adminId = await recruiting.insertUser('admin@example.com', 'Admin', 'admin');
    admin = { authorization: `Bearer ${(await session(adminId, 'admin', 'admin@example.com')).accessToken}` };
  }, 120_000);
  afterAll(() => recruiting?.close());

  /** A login's tokens as recruiting signs them (its TokensService, the current token version). */
  async function session(id: number, role: string, email: string) {
    const tokens = recruiting.app.get(TokensService);
    return tokens.startSession({ id, role, email, emailVerified: true, name: email.split('@')[0] }, await tokens.currentVersion(id));
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const refusedWithin = (path: string, token: string, what: string) =>
    waitFor(async () => ((await http().get(path).set(bearer(token))).status === 401 ? true : undefined), { timeoutMs: 5000, what });

  it('demoted: recruiting acts with the new role at once, race content and the builder refuse the old token, a refresh restores access', async () => {
    const id = await recruiting.insertUser('editor@example.com', 'Editor', 'member');
    const { accessToken, refreshToken } = await session(id, 'member', 'editor@example.com');
    await http().post('/api/v1/projects').set(bearer(accessToken)).send({ name: '降格の前' }).expect(201);
    await http().post('/v1/ng_words').set(bearer(accessToken)).send({ name: '降格前' }).expect(201);
    await http().post('/api/surveys').set(bearer(accessToken)).send(THEME).expect(201);

    await http().patch(`/api/v1/users/${id}`).set(admin).send({ role: 'viewer' }).expect(200);
    await http().post('/api/v1/projects').set(bearer(accessToken)).send({ name: '降格の後' }).expect(403);
    await refusedWithin('/v1/ng_words', accessToken, 'race content refusing the demoted token');
    await refusedWithin('/api/surveys', accessToken, 'the builder refusing the demoted token through the edge');

    const renewed = (await http().post('/api/v1/auth/refresh').send({ refreshToken }).expect(200)).body.data.accessToken;
    await http().get('/v1/ng_words').set(bearer(renewed)).expect(200);
    await http().post('/v1/ng_words').set(bearer(renewed)).send({ name: '降格後' }).expect(403);
    await http().get('/api/surveys').set(bearer(renewed)).expect(200);
  });

  it('deleted by an operator: every app refuses the token', async () => {
    const id = await recruiting.insertUser('leaver@example.com', 'Leaver', 'member');
    const { accessToken } = await session(id, 'member', 'leaver@example.com');
    await http().get('/v1/ng_words').set(bearer(accessToken)).expect(200);
    await http().get('/api/surveys').set(bearer(accessToken)).expect(200);

    const dir = mkdtempSync(join(tmpdir(), 'admin-'));
    try {
      writeFileSync(join(dir, 'dev-secrets.env'), `JWT_SECRET=${SECRET}\n`);
      await run('npm', ['run', '-s', 'admin', '--', 'delete-user', '--id', String(id)], {
        cwd: workspaceRoot,
        env: {
          ...process.env,
          ADMIN_SECRETS_FILE: join(dir, 'dev-secrets.env'),
          ADMIN_DATABASE_URL: recruiting.database.url,
          REDIS_URL: testServices.redisUrl,
          AUTH_KEY_PREFIX: recruiting.env.AUTH_KEY_PREFIX,
        },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await http().get('/api/v1/auth/me').set(bearer(accessToken)).expect(401);
    await refusedWithin('/v1/ng_words', accessToken, 'race content refusing the deleted user');
    await refusedWithin('/api/surveys', accessToken, "the builder refusing the deleted user's token through the edge");
  });
});
