import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { JwtService } from '@nestjs/jwt';
import { migrateDatabase } from '@platform/persistence';
import {
  freePort,
  NotYet,
  runEntryPoint,
  startEntryPoint,
  testServices,
  testStorageEnv,
  useTestScope,
  waitFor,
  workspaceRoot,
} from '@platform/testing/harness';
import { AI_JOBS_DATABASE } from '../../apps/ai-webhook/src/database/database';
import { RECRUITING_DATABASE } from '../../apps/recruiting-api/src/database/database';
import { SURVEY_BUILDER_DATABASE } from '../../apps/survey-builder-api/src/database/database';

const run = promisify(execFile);
const MIGRATED = ['recruiting-api', 'survey-builder-api', 'ai-webhook'] as const;
type App = (typeof MIGRATED)[number];
const CURRENT_DATABASES = [RECRUITING_DATABASE, SURVEY_BUILDER_DATABASE, AI_JOBS_DATABASE];

/**
 * The baseline release (.release-baseline: v0.1.0) was tagged on an existing commit before `scripts/release.sh` cut
 * releases; every later release is a commit `chore(release): v<version>` carrying its tag.
 */
const [baselineTag, baselineCommit] = readFileSync(join(workspaceRoot, '.release-baseline'), 'utf8').trim().split(/\s+/);
const BASELINE_RELEASE = { tag: baselineTag, commit: baselineCommit };

/**
 * The newest release before this commit, which a rolling update runs beside this one. Tags travel with an operator's
 * clone but not always with a CI checkout, so a clone without them finds the release commits by their subject, and the
 * baseline by its recorded commit. Answers its version and something `git archive` accepts.
 */
async function previousRelease(): Promise<{ tag: string; ref: string }> {
  const git = async (...args: string[]) => (await run('git', ['-C', workspaceRoot, ...args])).stdout.trim().split('\n').filter(Boolean);
  const here = new Set(await git('tag', '--points-at', 'HEAD'));
  const tags = (await git('tag', '--merged', 'HEAD', '--sort=-v:refname', 'v*')).filter((tag) => !here.has(tag));
  if (tags.length) return { tag: tags[0], ref: tags[0] };
  const released = await git('log', '--format=%H %s', '--extended-regexp', '--grep=^chore\\(release\\): v[0-9]', 'HEAD^');
  if (released.length) {
    const [ref, , tag] = released[0].split(' ');
    return { tag, ref };
  }
  const baseline = await git('merge-base', '--is-ancestor', BASELINE_RELEASE.commit, 'HEAD').then(
    () => true,
    () => false,
  );
  if (!baseline) throw new Error(`no earlier release is an ancestor of HEAD (not even ${BASELINE_RELEASE.tag}): clone with history`);
  return { tag: BASELINE_RELEASE.tag, ref: BASELINE_RELEASE.commit };
}

/**
 * Expand-then-contract, proved (docs/operations/upgrade.md): during a rolling update the previous release's apps run on
 * the schema this commit's migrations leave, and this commit's apps run on what the previous release wrote. Both run
 * from their sources as processes (the previous release unpacked from its tag with `git archive`).
 */
describe('two releases side by side (a rolling update)', () => {
  const scope = useTestScope('two_versions');
  const secret = randomBytes(32).toString('base64');
  const jwt = new JwtService();
  const admin = { authorization: `Bearer ${jwt.sign({ sub: '1', role: 'admin', type: 'access' }, { secret, algorithm: 'HS256' })}` };
  let previous: { tag: string; root: string };

  /** Starts one app of the release at `root` on `databaseUrl` and waits until it is ready; answers its base URL. */
  async function start(root: string, app: App, databaseUrl: string): Promise<string> {
    const port = await freePort();
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
    };
    if (app === 'recruiting-api') {
      Object.assign(env, { JWT_SECRET: secret, REDIS_URL: testServices.redisUrl, REDIS_KEY_PREFIX: scope.redisPrefix('r') });
      env.AUTH_KEY_PREFIX = scope.redisPrefix('auth');
    }
    if (app === 'ai-webhook') {
      Object.assign(env, { AI_WEBHOOK_API_KEY: randomBytes(24).toString('base64'), REDIS_URL: testServices.redisUrl });
      Object.assign(env, { IDP_ISSUER: 'http://127.0.0.1:9/idp', IDP_JWKS_URL: 'http://127.0.0.1:9/idp/jwks', IDP_AUDIENCE: 'platform' });
      Object.assign(env, testStorageEnv(scope.bucket(`${app}-${port}`)));
    }
    const child = startEntryPoint(`apps/${app}/src/main.ts`, env, 170_000, root);
    scope.defer(`${app} of ${root}`, async () => {
      child.kill('SIGTERM');
      await child.exited;
    });
    const base = `http://127.0.0.1:${port}`;
    let ended: Awaited<typeof child.exited> | undefined;
    void child.exited.then((run) => (ended = run));
    await waitFor(
      async () => {
        if (ended) throw new Error(`${app} (${root}) exited ${ended.code}: ${ended.lines.slice(-10).join('\n')}`);
        const res = await fetch(`${base}/health/ready`).catch(() => undefined);
        if (res?.status !== 200) throw new NotYet(`readiness answered ${res?.status ?? 'nothing'}; ${child.lines.slice(-3).join(' | ')}`);
        return true;
      },
      { timeoutMs: 90_000, intervalMs: 250, what: `${app} of ${root === workspaceRoot ? 'this commit' : previous.tag} ready` },
    );
    return base;
  }

  /** The previous release's migrate entry point of one app, as its init container runs it. */
  async function migratePrevious(app: App, databaseUrl: string): Promise<void> {
    const run = await runEntryPoint(`apps/${app}/src/migrate.ts`, { DATABASE_URL: databaseUrl }, 60_000, previous.root);
    expect([app, run.code]).toEqual([app, 0]);
  }

  /** The administrator the tokens name, as an operator inserts one (the columns every release has). */
  const insertAdmin = async (databaseUrl: string) => {
    const pool = scope.pool({ connectionString: databaseUrl, max: 1 });
    const { rows } = await pool.query(
      `INSERT INTO recruiting.users (email, name, role) VALUES ('admin@example.com', 'Admin', 'admin') RETURNING id`,
    );
    expect(rows[0].id).toBe(1);
  };

  const createProject = async (base: string, name: string) => {
    const res = await fetch(`${base}/api/v1/projects`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { id: number } }).data.id;
  };
  const projectName = async (base: string, id: number) => {
    const res = await fetch(`${base}/api/v1/projects/${id}`, { headers: admin });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { name: string } }).data.name;
  };

  beforeAll(async () => {
    const { tag, ref } = await previousRelease();
    const dir = mkdtempSync(join(tmpdir(), 'platform-previous-'));
    scope.defer('the previous release', () => rmSync(dir, { recursive: true, force: true }));
    await run('bash', ['-c', `git -C "${workspaceRoot}" archive "${ref}" | tar -x -C "${dir}"`]);
    // Its dependencies: this commit's node_modules when the runtime dependencies are the same, else its own.
    const deps = (root: string) => JSON.stringify(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies);
    if (deps(dir) === deps(workspaceRoot)) symlinkSync(join(workspaceRoot, 'node_modules'), join(dir, 'node_modules'));
    else await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, timeout: 600_000 });
    expect(existsSync(join(dir, 'apps/recruiting-api/src/main.ts'))).toBe(true);
    previous = { tag, root: dir };
  }, 660_000);

  it("runs the previous release's apps on the schema this commit's migrations leave, reading and writing", async () => {
    const database = await scope.database('new_schema');
    for (const app of CURRENT_DATABASES) await migrateDatabase(database.url, app);
    await insertAdmin(database.url);
    const [recruiting] = await Promise.all(MIGRATED.map((app) => start(previous.root, app, database.url)));
    const id = await createProject(recruiting, `written by ${previous.tag}`);
    expect(await projectName(recruiting, id)).toBe(`written by ${previous.tag}`);
  }, 180_000);

  it("runs this commit's apps on what the previous release migrated and wrote", async () => {
    const database = await scope.database('old_data');
    for (const app of MIGRATED) await migratePrevious(app, database.url);
    await insertAdmin(database.url);
    const old = await start(previous.root, 'recruiting-api', database.url);
    const id = await createProject(old, `written by ${previous.tag}`);
    // The new release's init containers migrate while the old pods still serve; then the new pods start.
    for (const app of CURRENT_DATABASES) await migrateDatabase(database.url, app);
    expect(await projectName(old, id)).toBe(`written by ${previous.tag}`);
    const [recruiting] = await Promise.all(MIGRATED.map((app) => start(workspaceRoot, app, database.url)));
    expect(await projectName(recruiting, id)).toBe(`written by ${previous.tag}`);
    const mine = await createProject(recruiting, 'written by this commit');
    expect(await projectName(old, mine)).toBe('written by this commit');
  }, 180_000);
});
