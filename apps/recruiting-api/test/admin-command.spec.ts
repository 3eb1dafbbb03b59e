import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { workspaceRoot } from '@nx/devkit';
import { RedisUserVersions } from '@platform/persistence';
import { testServices } from '@platform/testing/harness';
import { Redis } from 'ioredis';
import { type RecruitingTestApp, startRecruiting } from './recruiting-test-app';

const run = promisify(execFile);
const SECRET = 'recruiting-admin-command-secret-0123456789';

describe('npm run -s admin -- issue-token and delete-user', () => {
  let t: RecruitingTestApp;
  let secrets: string;
  let versions: RedisUserVersions;

  beforeAll(async () => {
    t = await startRecruiting('recruiting_admin', { JWT_SECRET: SECRET });
    const dir = mkdtempSync(join(tmpdir(), 'admin-'));
    t.scope.defer('the secrets folder', () => rmSync(dir, { recursive: true, force: true }));
    secrets = join(dir, 'dev-secrets.env');
    writeFileSync(secrets, `JWT_SECRET=${SECRET}\n`);
    const redis = new Redis(testServices.redisUrl);
    t.scope.defer('the Redis client', () => redis.quit());
    versions = new RedisUserVersions(redis, t.env.AUTH_KEY_PREFIX!);
  });
  afterAll(() => t?.close());

  const admin = (...args: string[]) =>
    run('npm', ['run', '-s', 'admin', '--', ...args], {
      cwd: workspaceRoot,
      env: {
        ...process.env,
        ADMIN_SECRETS_FILE: secrets,
        ADMIN_DATABASE_URL: t.database.url,
        REDIS_URL: testServices.redisUrl,
        AUTH_KEY_PREFIX: t.env.AUTH_KEY_PREFIX,
      },
    });
  const users = (token: string) => t.http().get('/api/v1/users').set('authorization', `Bearer ${token}`);

  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

  it('creates the user and prints exactly one access token the API accepts, saying what it issued', async () => {
    const { stdout, stderr } = await admin('issue-token', '--email', 'ops@example.com', '--role', 'member', '--name', '運用 太郎');
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const res = await users(lines[0]).expect(200);
    expect(res.body.data).toEqual([expect.objectContaining({ email: 'ops@example.com', name: '運用 太郎', role: 'member' })]);
    // The operator vouches for the address: the token may act as it at the survey builder.
    expect(claimsOf(lines[0])).toMatchObject({ email: 'ops@example.com', email_verified: true, role: 'member', ver: 0 });
    expect(stderr).toMatch(/^admin: an access token of user \d+ <ops@example\.com>, role member, email_verified true/);
  });

  it('updates the same user on a second call (role changed, name kept when not given), revoking its earlier tokens', async () => {
    const { stdout } = await admin('issue-token', '--email', 'OPS@example.com', '--role', 'admin');
    const res = await users(stdout.trim()).expect(200);
    expect(await versions.current(res.body.data[0].id)).toBe(2);
    expect(claimsOf(stdout.trim()).ver).toBe(2);
    expect(res.body.data).toEqual([expect.objectContaining({ email: 'ops@example.com', name: '運用 太郎', role: 'admin' })]);
    await t
      .http()
      .patch(`/api/v1/users/${res.body.data[0].id}`)
      .set('authorization', `Bearer ${stdout.trim()}`)
      .send({ role: 'admin' })
      .expect(200);
  });

  it("deletes a user: recruiting refuses its token at once and the user's token version is bumped for the other apps", async () => {
    const { stdout } = await admin('issue-token', '--email', 'leaving@example.com', '--role', 'viewer');
    const token = stdout.trim();
    const id = Number(claimsOf(token).sub);
    await users(token).expect(200);
    const deleted = await admin('delete-user', '--email', 'Leaving@example.com');
    expect(deleted.stdout).toMatch(new RegExp(`^deleted user ${id} <leaving@example\\.com>`));
    expect(await versions.current(id)).toBe(2);
    await users(token).expect(401);
    await expect(admin('delete-user', '--id', String(id))).rejects.toMatchObject({ code: 2, stderr: 'admin: no such user\n' });
  });

  it('refuses a bad role or email with one line and exit code 2', async () => {
    await expect(admin('issue-token', '--email', 'ops@example.com', '--role', 'owner')).rejects.toMatchObject({
      code: 2,
      stderr: 'admin: --role must be one of viewer, member, admin\n',
    });
    await expect(admin('issue-token', '--email', 'not-an-email', '--role', 'viewer')).rejects.toMatchObject({ code: 2 });
    await expect(admin('issue-token', '--email', 'x%2Dy@example.com', '--role', 'viewer')).rejects.toMatchObject({ code: 2 });
    await expect(admin('delete-user', '--email', 'a@example.com', '--id', '3')).rejects.toMatchObject({ code: 2 });
  });
});
