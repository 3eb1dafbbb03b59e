import { JwtService } from '@nestjs/jwt';
import { RedisUserVersions } from '@platform/persistence';
import { edgeInFrontOf, type TestEdge } from '@platform/testing/deployment';
import { testServices, waitFor } from '@platform/testing/harness';
import { describeOversizeBodies } from '@platform/testing/sweep';
import { Redis } from 'ioredis';
import request from 'supertest';
import { type Builder, IMPORT_KEY, startBuilder, THEME } from './builder-kit';

const SECRET = 'builder-through-edge-secret-0123456789ab';
const tokenFor = (email: string, name: string, claims: object = {}) =>
  new JwtService().sign(
    { sub: '41', role: 'member', type: 'access', email, email_verified: true, name, ...claims },
    { secret: SECRET, algorithm: 'HS256', expiresIn: 600 },
  );
const bearer = (email: string, claims: object = {}) => ({ authorization: `Bearer ${tokenFor(email, email.split('@')[0], claims)}` });

/**
 * The survey builder through the local edge as a user calls it (issue 19): the edge sets x-user-email and x-user-name
 * from the platform access token (the builder's identity check) and nothing a client sends under those names counts.
 */
describe('survey-builder-api end to end through the local edge', () => {
  let builder: Builder;
  let edge: TestEdge;
  let users: (email: string) => Promise<number>;
  const designer = { authorization: `Bearer ${tokenFor('designer@example.com', '設計 太郎')}` };
  const http = () => request(edge.url);

  beforeAll(async () => {
    builder = await startBuilder({ JWT_SECRET: SECRET });
    edge = builder.scope.track('the edge', await edgeInFrontOf(builder.app, 'survey-builder-api'));
    const pool = builder.scope.pool({ connectionString: builder.database.url, max: 1, options: '-c search_path=survey_builder' });
    users = async (email) => (await pool.query('SELECT count(*)::int AS n FROM "user" WHERE email = $1', [email])).rows[0].n;
  });
  afterAll(() => builder?.close());

  describeOversizeBodies({
    app: () => builder.app,
    name: 'survey-builder-api',
    identity: () => designer,
    appIdentity: () => ({ 'x-user-email': 'designer@example.com', 'x-user-name': 'designer' }),
    edgeUrl: () => edge.url,
  });

  it('refuses forged x-user-* headers without a token with 401 in the builder body, before the builder sees them', async () => {
    const res = await http().get('/api/surveys').set({ 'x-user-email': 'admin@example.com', 'x-user-name': 'anyone' }).expect(401);
    expect(res.body).toEqual({ ok: false, error: expect.objectContaining({ code: 'UNAUTHENTICATED' }) });
    // The builder records every caller it sees; it never saw this one.
    expect(await users('admin@example.com')).toBe(0);
    await http().get('/api/surveys').set('authorization', 'Bearer forged.token.here').expect(401);
  });

  it('acts as the user the token names, whatever x-user-* the client sent (the administrator too)', async () => {
    const forged = { ...designer, 'x-user-email': 'admin@example.com', 'x-user-name': 'anyone' };
    const survey = (await http().post('/api/surveys').set(forged).send(THEME).expect(201)).body.data;
    expect(survey.permissions).toEqual([expect.objectContaining({ userName: '設計 太郎', roleType: 'edit' })]);
    const mine = (await http().get('/api/surveys').set(forged).expect(200)).body.data;
    expect(mine.map((s: { id: string }) => s.id)).toEqual([survey.id]);
    // The real administrator sees it too; the designer, forging the administrator's headers, saw only their own.
    const admin = { authorization: `Bearer ${tokenFor('admin@example.com', 'Admin')}` };
    await http()
      .post('/api/surveys')
      .set(admin)
      .send({ ...THEME, title: '管理者の調査' })
      .expect(201);
    expect((await http().get('/api/surveys').set(forged).expect(200)).body.data).toHaveLength(1);
    expect((await http().get('/api/surveys').set(admin).expect(200)).body.data).toHaveLength(2);
  });

  it('records an import with the key and no token as the import identity', async () => {
    const bundle = {
      origin: 'survey_platform',
      surveys: [
        {
          surveyId: 7,
          survey: { name: 'エッジ経由' },
          questionnaire: { id: 7, survey_id: 7 },
          questions: [
            {
              id: 71,
              answer_type_name: '単一回答',
              rendered_sentence: '<p>朝食を食べますか</p>',
              order_index: 1,
              answer_items: [{ id: 711, sentence: 'はい', order_index: 1 }],
            },
          ],
        },
      ],
    };
    const res = await http()
      .post('/api/imports/survey-platform/bundle')
      .set({ 'x-api-key': IMPORT_KEY, 'x-user-email': 'admin@example.com', 'x-user-name': 'anyone' })
      .send(bundle);
    expect(res.status).toBeLessThan(300);
    expect(await users('import-bot@survey-builder.internal')).toBe(1);
    await http().post('/api/imports/survey-platform/bundle').set('x-api-key', 'wrong-key-0123456789abcdef').send(bundle).expect(401);
  });

  it('designs a survey as a user would: create, add a section, reorder, renumber, save, export', async () => {
    const survey = (await http().post('/api/surveys').set(designer).send(THEME).expect(201)).body.data;
    const section = (await http().post(`/api/surveys/${survey.id}/sections`).set(designer).send({ title: '価格' }).expect(201)).body.data;
    await http().patch(`/api/sections/${section.id}`).set(designer).send({ sortOrder: 1 }).expect(200);
    const renumbered = (await http().post(`/api/surveys/${survey.id}/questions/renumber`).set(designer).expect(200)).body.data;
    expect(renumbered.sections[0].questions.map((q: { code: string }) => q.code)).toEqual(['Q1', 'Q2']);
    const version = (await http().post(`/api/surveys/${survey.id}/save`).set(designer).set('content-type', 'application/json').expect(201))
      .body.data;
    expect(version).toMatchObject({ versionNo: 2, sourceVersionId: survey.versions[0].id });
    const exported = (await http().post(`/api/surveys/${survey.id}/export`).set(designer).expect(200)).body.data;
    expect(exported.sections.map((s: { title: string }) => s.title)).toEqual(['価格', 'スクリーニング', '本調査', '調査のご案内']);
  });

  it('answers malformed requests at the edge in the builder body: a GET with a large body, an over-long path segment', async () => {
    // 200 KB: the edge refuses it by its headers and then reads what is left so the connection stays usable. Beyond
    // 256 KB the edge's server (Go's net/http) does not read the rest: it answers, closes its side and resets the
    // connection 500 ms later, so a client starved of CPU for that long saw a reset instead of the answer (the oversize
    // specs send such bodies with clients that read the answer as it comes).
    const withBody = await http()
      .get('/api/surveys')
      .set(designer)
      .set('content-type', 'application/json')
      .send(JSON.stringify({ x: 'y'.repeat(200_000) }));
    expect(withBody.status).toBe(400);
    expect(withBody.body).toEqual({ ok: false, error: expect.objectContaining({ code: 'VALIDATION_FAILED' }) });
    const long = await http()
      .get(`/api/surveys/${'a'.repeat(600)}`)
      .set(designer)
      .expect(414);
    expect(long.body).toEqual({ ok: false, error: expect.objectContaining({ code: 'URI_TOO_LONG' }) });
  });

  it('keeps the recruiting survey-data prefix apart from the builder', async () => {
    await http().get('/api/v1/surveys').set(designer).expect(502);
    await http().get('/api/surveys').set(designer).expect(200);
  });

  describe('one token, one identity', () => {
    it("refuses a token whose email is x%2Dy@example.com with 401: it never acts as x-y@example.com nor reads that user's survey", async () => {
      const owner = bearer('x-y@example.com', { sub: '51' });
      const survey = (await http().post('/api/surveys').set(owner).send(THEME).expect(201)).body.data;
      await http().get(`/api/surveys/${survey.id}`).set(owner).expect(200);
      // An unrelated user does not see the unshared survey.
      await http()
        .get(`/api/surveys/${survey.id}`)
        .set(bearer('other@example.com', { sub: '52' }))
        .expect(404);
      const encoded = bearer('x%2Dy@example.com', { sub: '53' });
      for (const path of [`/api/surveys/${survey.id}`, '/api/surveys']) {
        const res = await http().get(path).set(encoded).expect(401);
        expect(res.body).toEqual({ ok: false, error: expect.objectContaining({ code: 'UNAUTHENTICATED' }) });
      }
      // Nor does the encoded address reach the builder through a forged header.
      await http().get(`/api/surveys/${survey.id}`).set({ 'x-user-email': 'x%2Dy@example.com', 'x-user-name': 'X' }).expect(401);
      expect(await users('x%2dy@example.com')).toBe(0);
    });

    it('refuses a token whose email the identity provider did not verify, and one that is not a plain address', async () => {
      for (const claims of [{ email_verified: false }, { email_verified: undefined }]) {
        await http().get('/api/surveys').set(bearer('unverified@example.com', claims)).expect(401);
      }
      await http().get('/api/surveys').set(bearer('a b@example.com')).expect(401);
      expect(await users('unverified@example.com')).toBe(0);
    });

    it("refuses a token within seconds once its user's token version is bumped (a role change or deletion at recruiting)", async () => {
      const redis = new Redis(testServices.redisUrl);
      builder.scope.defer('the Redis client', () => redis.quit());
      const versions = new RedisUserVersions(redis, builder.config.tokenVersions!.keyPrefix);
      const old = bearer('revoked@example.com', { sub: '61', ver: await versions.current(61) });
      await http().get('/api/surveys').set(old).expect(200);
      const bumped = await versions.bump(61);
      await waitFor(async () => ((await http().get('/api/surveys').set(old)).status === 401 ? true : undefined), {
        timeoutMs: 5000,
        what: 'the old token refused',
      });
      await http()
        .get('/api/surveys')
        .set(bearer('revoked@example.com', { sub: '61', ver: bumped }))
        .expect(200);
    });
  });
});
