import { RedisUserVersions } from '@platform/persistence';
import { freePort, testServices } from '@platform/testing/harness';
import { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { accessTokenOf, type RecruitingTestApp, startRecruiting } from './recruiting-test-app';

describe('users: list and role change', () => {
  let t: RecruitingTestApp;
  let pool: Pool;
  const ids: Record<string, number> = {};

  const insertUser = (email: string, name: string, role: string) => t.insertUser(email, name, role);
  const as = (who: string) => ({ authorization: `Bearer ${accessTokenOf(ids[who], who.startsWith('admin') ? 'admin' : who)}` });
  const http = () => t.http();

  beforeAll(async () => {
    t = await startRecruiting('recruiting_users');
    pool = t.pool;
    ids.admin = await insertUser('admin@example.com', 'Admin 管理者', 'admin');
    ids.member = await insertUser('member@example.com', 'Member 田中', 'member');
    ids.viewer = await insertUser('viewer@example.com', 'Viewer 100%_x', 'viewer');
    for (let i = 0; i < 23; i++) await insertUser(`extra${i}@example.org`, `Extra ${i}`, i % 2 ? 'viewer' : 'member');
  });
  afterAll(() => t?.close());

  it('lists users a page at a time with the pagination block, counted in the database', async () => {
    const res = await http().get('/api/v1/users?page=2&limit=10').set(as('viewer')).expect(200);
    expect(res.body.data).toHaveLength(10);
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number),
      email: 'extra7@example.org',
      name: 'Extra 7',
      picture: null,
      role: 'viewer',
      createdAt: expect.any(String),
    });
    expect(res.body.pagination).toEqual({ page: 2, limit: 10, totalCount: 26, totalPages: 3, hasNext: true, hasPrevious: true });
  });

  it('filters by role and by a name or email fragment, the fragment taken literally', async () => {
    const admins = await http().get('/api/v1/users?role=admin').set(as('member')).expect(200);
    expect(admins.body.data.map((u: { email: string }) => u.email)).toEqual(['admin@example.com']);
    const tanaka = await http()
      .get(`/api/v1/users?search=${encodeURIComponent('田中')}`)
      .set(as('member'))
      .expect(200);
    expect(tanaka.body.data.map((u: { id: number }) => u.id)).toEqual([ids.member]);
    const literal = await http()
      .get(`/api/v1/users?search=${encodeURIComponent('%_')}`)
      .set(as('member'))
      .expect(200);
    expect(literal.body.data.map((u: { id: number }) => u.id)).toEqual([ids.viewer]);
    const byEmail = await http().get('/api/v1/users?search=EXAMPLE.ORG&limit=100').set(as('member')).expect(200);
    expect(byEmail.body.pagination.totalCount).toBe(23);
  });

  it('answers GET /api/v1/auth/me with the caller, for any role', async () => {
    const res = await http().get('/api/v1/auth/me').set(as('viewer')).expect(200);
    expect(res.body.data).toMatchObject({ id: ids.viewer, email: 'viewer@example.com', role: 'viewer' });
    expect((await http().get('/api/v1/auth/me')).status).toBe(401);
  });

  it('refuses an unknown role, a limit over 100 and a missing token', async () => {
    expect((await http().get('/api/v1/users?role=owner').set(as('viewer'))).status).toBe(400);
    expect((await http().get('/api/v1/users?limit=101').set(as('viewer'))).status).toBe(400);
    expect((await http().get('/api/v1/users')).status).toBe(401);
  });

  it('lets only an administrator change a role', async () => {
    const byMember = await http().patch(`/api/v1/users/${ids.viewer}`).set(as('member')).send({ role: 'member' });
    expect(byMember.status).toBe(403);
    expect(byMember.body.error.code).toBe('FORBIDDEN');
    const res = await http().patch(`/api/v1/users/${ids.viewer}`).set(as('admin')).send({ role: 'member' }).expect(200);
    expect(res.body.data).toMatchObject({ id: ids.viewer, role: 'member' });
    await http().patch('/api/v1/users/999999').set(as('admin')).send({ role: 'member' }).expect(404);
    await http().patch(`/api/v1/users/${ids.viewer}`).set(as('admin')).send({ role: 'owner' }).expect(400);
  });

  it('refuses to demote the last administrator, even when two demotions race', async () => {
    const last = await http().patch(`/api/v1/users/${ids.admin}`).set(as('admin')).send({ role: 'member' });
    expect(last.status).toBe(409);
    expect(last.body.error.code).toBe('CONFLICT');

    ids.admin2 = await insertUser('admin2@example.com', 'Second admin', 'admin');
    // Both demotions are held at the database until each has started, so they overlap for certain: this session
    // locks both rows, both requests queue behind it, then it lets go.
    const holder = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM users WHERE id = ANY($1) FOR UPDATE', [[ids.admin, ids.admin2]]);
      const racing = Promise.all([
        http().patch(`/api/v1/users/${ids.admin}`).set(as('admin2')).send({ role: 'viewer' }),
        http().patch(`/api/v1/users/${ids.admin2}`).set(as('admin')).send({ role: 'viewer' }),
      ]);
      const deadline = Date.now() + 10_000;
      for (;;) {
        const waiting = await holder.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        if (waiting.rows[0].n >= 2) break;
        if (Date.now() > deadline) throw new Error('the two demotions never queued behind the held rows');
        await new Promise((resolve) => setImmediate(resolve));
      }
      await holder.query('COMMIT');
      const results = await racing;
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    } finally {
      holder.release();
    }
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM users WHERE role = 'admin'");
    expect(rows[0].n).toBe(1);
  });
});

describe('access tokens of users who no longer exist', () => {
  let t: RecruitingTestApp;

  beforeAll(async () => {
    t = await startRecruiting('recruiting_gone');
  });
  afterAll(() => t?.close());

  it('answers 401 once the user is deleted, though the token is well signed and unexpired', async () => {
    const id = await t.insertUser('gone@example.com', 'Gone', 'viewer');
    const token = accessTokenOf(id, 'viewer');
    await t.http().get('/api/v1/users').set('authorization', `Bearer ${token}`).expect(200);
    await t.pool.query('DELETE FROM users WHERE id = $1', [id]);
    const res = await t.http().get('/api/v1/users').set('authorization', `Bearer ${token}`).expect(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });
});

describe('role changes take effect at once', () => {
  let t: RecruitingTestApp;
  let versions: RedisUserVersions;
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await startRecruiting('recruiting_role_change');
    const redis = new Redis(testServices.redisUrl);
    t.scope.defer('the Redis client', () => redis.quit());
    versions = new RedisUserVersions(redis, t.env.AUTH_KEY_PREFIX!);
    admin = t.as(await t.insertUser('admin@example.com', 'Admin', 'admin'), 'admin');
  });
  afterAll(() => t?.close());

  it("acts with the role the user has now, whatever the token says, and bumps the user's token version for the other apps", async () => {
    const id = await t.insertUser('changing@example.com', 'Changing', 'member');
    const memberToken = t.as(id, 'member');
    const project = { name: '役割の確認' };
    await t.http().post('/api/v1/projects').set(memberToken).send(project).expect(201);
    expect(await versions.current(id)).toBe(0);

    await t.http().patch(`/api/v1/users/${id}`).set(admin).send({ role: 'viewer' }).expect(200);
    // Before the commit and after it: a token signed between the two is revoked too.
    expect(await versions.current(id)).toBe(2);
    const refused = await t.http().post('/api/v1/projects').set(memberToken).send(project).expect(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    await t.http().get('/api/v1/projects').set(memberToken).expect(200);

    await t.http().patch(`/api/v1/users/${id}`).set(admin).send({ role: 'admin' }).expect(200);
    await t.http().get('/api/v1/users').set(t.as(id, 'viewer')).expect(200);
    await t.http().patch(`/api/v1/users/${id}`).set(t.as(id, 'viewer')).send({ role: 'admin' }).expect(200);
    expect(await versions.current(id)).toBe(6);
  });

  it('refuses a role change with 503 and changes nothing while the token versions cannot be written', async () => {
    const blind = await startRecruiting('recruiting_role_change_blind', { REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      const adminId = await blind.insertUser('admin@example.com', 'Admin', 'admin');
      const id = await blind.insertUser('kept@example.com', 'Kept', 'member');
      const res = await blind.http().patch(`/api/v1/users/${id}`).set(blind.as(adminId, 'admin')).send({ role: 'viewer' }).expect(503);
      expect(res.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.not.stringMatching(/redis|ECONNREFUSED/i) });
      const { rows } = await blind.pool.query('SELECT role FROM users WHERE id = $1', [id]);
      expect(rows[0].role).toBe('member');
    } finally {
      await blind.close();
    }
  });
});
