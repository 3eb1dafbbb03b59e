import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { workspaceRoot } from '@nx/devkit';
import { type RecruitingTestApp, startRecruiting } from './recruiting-test-app';

const run = promisify(execFile);
const SECRET = 'recruiting-admin-command-secret-0123456789';

describe('npm run -s admin -- issue-token', () => {
  let t: RecruitingTestApp;
  let secrets: string;

  beforeAll(async () => {
    t = await startRecruiting('recruiting_admin', { JWT_SECRET: SECRET });
    const dir = mkdtempSync(join(tmpdir(), 'admin-'));
    t.scope.defer('the secrets folder', () => rmSync(dir, { recursive: true, force: true }));
    secrets = join(dir, 'dev-secrets.env');
    writeFileSync(secrets, `JWT_SECRET=${SECRET}\n`);
  });
  afterAll(() => t?.close());

  const admin = (...args: string[]) =>
    run('npm', ['run', '-s', 'admin', '--', ...args], {
      cwd: workspaceRoot,
      env: { ...process.env, ADMIN_SECRETS_FILE: secrets, ADMIN_DATABASE_URL: t.database.url },
    });
  const users = (token: string) => t.http().get('/api/v1/users').set('authorization', `Bearer ${token}`);

  it('creates the user and prints exactly one access token the API accepts', async () => {
    const { stdout } = await admin('issue-token', '--email', 'ops@example.com', '--role', 'member', '--name', '運用 太郎');
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const res = await users(lines[0]).expect(200);
    expect(res.body.data).toEqual([expect.objectContaining({ email: 'ops@example.com', name: '運用 太郎', role: 'member' })]);
  });

  it('updates the same user on a second call (role changed, name kept when not given)', async () => {
    const { stdout } = await admin('issue-token', '--email', 'OPS@example.com', '--role', 'admin');
    const res = await users(stdout.trim()).expect(200);
    expect(res.body.data).toEqual([expect.objectContaining({ email: 'ops@example.com', name: '運用 太郎', role: 'admin' })]);
    await t
      .http()
      .patch(`/api/v1/users/${res.body.data[0].id}`)
      .set('authorization', `Bearer ${stdout.trim()}`)
      .send({ role: 'admin' })
      .expect(200);
  });

  it('refuses a bad role or email with one line and exit code 2', async () => {
    await expect(admin('issue-token', '--email', 'ops@example.com', '--role', 'owner')).rejects.toMatchObject({
      code: 2,
      stderr: 'admin: --role must be one of viewer, member, admin\n',
    });
    await expect(admin('issue-token', '--email', 'not-an-email', '--role', 'viewer')).rejects.toMatchObject({ code: 2 });
  });
});
