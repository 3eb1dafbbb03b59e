import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { RACE_CONTENT_QUEUE_LIST } from '@platform/race-content-data';
import { migrateDatabase } from '@platform/persistence';
import { APPS, type AppName } from '@platform/routing';
import { PLATFORM_VERSION } from '@platform/runtime';
import { freePort, NotYet, testServices, testStorageEnv, useTestScope, waitFor, workspaceRoot } from '@platform/testing/harness';
import { AI_JOBS_DATABASE } from '../../apps/ai-webhook/src/database/database';
import { RECRUITING_DATABASE } from '../../apps/recruiting-api/src/database/database';
import { SURVEY_BUILDER_DATABASE } from '../../apps/survey-builder-api/src/database/database';

const run = promisify(execFile);

/**
 * Every app's image, built by scripts/images.sh from docker/Dockerfile, started as its Deployment runs it: the numeric
 * non-root user, a read-only root file system, every capability dropped, no new privileges, podman's default seccomp
 * profile (the runtime's default, as RuntimeDefault asks). It reaches the machine's services and answers readiness.
 */
const images = async (...args: string[]) =>
  (await run('bash', ['scripts/images.sh', ...args], { cwd: workspaceRoot, maxBuffer: 16 * 1024 * 1024 })).stdout.trim();

const podman = async (...args: string[]) =>
  (await run('podman', ['--storage-driver', 'overlay', ...args], { maxBuffer: 64 * 1024 * 1024 })).stdout;

/** What k8s/base/<app>.yaml's securityContext says, as podman says it (runc: the machine's cgroup layout; scripts/images.sh). */
const RESTRICTED = [
  '--runtime',
  'runc',
  '--ulimit',
  'nofile=20000:20000',
  '--ulimit',
  'nproc=1000:1000',
  '--user',
  '1000:1000',
  '--read-only',
  '--cap-drop',
  'all',
  '--security-opt',
  'no-new-privileges',
  '--network',
  'host',
];

const READINESS: Record<AppName, string> = {
  'recruiting-api': '/health/ready',
  'survey-builder-api': '/health/ready',
  'race-content-api': '/v1/ping/deep',
  'ai-webhook': '/health/ready',
  'article-worker': '/health/ready',
  'blog-worker': '/health/ready',
};

/** The container's log lines at warning level or above (or every line that is not JSON). */
async function problemsOf(name: string): Promise<string> {
  const { stdout, stderr } = await run('podman', ['--storage-driver', 'overlay', 'logs', name], { maxBuffer: 64 * 1024 * 1024 });
  return `${stdout}\n${stderr}`
    .split('\n')
    .filter((line) => line && !/"level":(10|20|30),/.test(line))
    .join('\n');
}

const MIGRATED: AppName[] = ['recruiting-api', 'survey-builder-api', 'ai-webhook'];

describe('the container images (scripts/images.sh build)', () => {
  const scope = useTestScope('images');
  const secret = () => randomBytes(32).toString('base64');
  const started: string[] = [];

  beforeAll(async () => {
    // Builds what is missing; each app's image is a few layers over the shared build when the sources did not change.
    await images('build');
    scope.defer('the containers', () => Promise.all(started.map((name) => podman('rm', '-f', '-t', '5', name).catch(() => undefined))));
  }, 900_000);

  async function environmentOf(app: AppName, port: number): Promise<Record<string, string>> {
    const database = MIGRATED.includes(app) ? (await scope.database(app.replace(/-/g, '_'))).url : undefined;
    const common = { NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info' };
    const raceContent = {
      MONGODB_URI: `${testServices.mongoUri.replace(/\/$/, '')}/${scope.mongoDatabase(app.replace(/-/g, '_'))}`,
      AMQP_URL: testServices.amqpUrl,
      QUEUE_PREFIX: scope.queuePrefix(RACE_CONTENT_QUEUE_LIST, app.replace(/-/g, '_')),
      ...testStorageEnv(scope.bucket(app)),
    };
    switch (app) {
      case 'recruiting-api':
        return {
          ...common,
          JWT_SECRET: secret(),
          DATABASE_URL: database!,
          REDIS_URL: testServices.redisUrl,
          REDIS_KEY_PREFIX: scope.redisPrefix('recruiting'),
          AUTH_KEY_PREFIX: scope.redisPrefix('auth'),
        };
      case 'survey-builder-api':
        return { ...common, DATABASE_URL: database! };
      case 'ai-webhook':
        return {
          ...common,
          DATABASE_URL: database!,
          AI_WEBHOOK_API_KEY: secret(),
          REDIS_URL: testServices.redisUrl,
          IDP_ISSUER: 'http://127.0.0.1:9/idp',
          IDP_JWKS_URL: 'http://127.0.0.1:9/idp/jwks',
          IDP_AUDIENCE: 'platform',
          ...testStorageEnv(scope.bucket(app)),
        };
      case 'race-content-api':
        return {
          ...common,
          ...raceContent,
          JWT_SECRET: secret(),
          REDIS_URL: testServices.redisUrl,
          AUTH_KEY_PREFIX: scope.redisPrefix('race'),
        };
      default:
        return { ...common, ...raceContent };
    }
  }

  /** Runs a command of the image once, as its init container would, and answers what it printed. */
  async function once(app: AppName, env: Record<string, string>, command: string[]): Promise<string> {
    const flags = Object.entries(env).flatMap(([name, value]) => ['--env', `${name}=${value}`]);
    return podman('run', '--rm', ...RESTRICTED, ...flags, await images('name', app), ...command);
  }

  it.each(Object.keys(APPS) as AppName[])(
    '%s starts as its Deployment runs it, migrates from its init container, and answers readiness',
    async (app) => {
      const port = await freePort();
      const env = await environmentOf(app, port);
      if (MIGRATED.includes(app)) await once(app, env, ['node', `dist/apps/${app}/apps/${app}/src/migrate.js`]);
      const name = `${scope.id}-${app}`;
      const flags = Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]);
      started.push(name);
      await podman('run', '-d', '--name', name, ...RESTRICTED, ...flags, await images('name', app));
      const ready = await waitFor(
        async () => {
          const state = (await podman('inspect', '--format', '{{.State.Status}}', name)).trim();
          if (state !== 'running') throw new Error(`${app} stopped (${state}): ${await problemsOf(name)}`);
          const res = await fetch(`http://127.0.0.1:${port}${READINESS[app]}`).catch(() => undefined);
          if (res?.status !== 200) throw new NotYet(`readiness answered ${res?.status ?? 'nothing'}`);
          return res.status;
        },
        { timeoutMs: 90_000, intervalMs: 250, what: `${app} ready` },
      );
      expect(ready).toBe(200);
      const user = (await podman('exec', name, 'id', '-u')).trim();
      expect(user).toBe('1000');
      // The root file system is read-only: the app writes nowhere but its own sockets.
      await expect(podman('exec', name, 'touch', '/app/written')).rejects.toThrow(/Read-only file system/);
      // The image says which release it is (docs/operations/releases.md), as the app's metrics do.
      const labels = JSON.parse(await podman('image', 'inspect', '--format', '{{json .Labels}}', await images('name', app)));
      expect(labels).toMatchObject({
        'org.opencontainers.image.version': PLATFORM_VERSION,
        'org.opencontainers.image.revision': expect.stringMatching(/^[0-9a-f]{40}$/),
      });
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const buildInfo = metrics.split('\n').find((line) => line.startsWith('platform_build_info{'));
      expect(buildInfo).toContain(`version="${PLATFORM_VERSION}"`);
      expect(buildInfo).toMatch(/\} 1$/);
    },
    120_000,
  );

  it('blog-worker draws the glyphs of Japanese text on a thumbnail, not empty boxes', async () => {
    // Two race names that differ in one kanji: with the font, the two cards differ where the name is drawn; a missing
    // font draws the same empty box for each character, and the cards are the same there.
    const script = `
      const { renderRaceCard } = require('/app/dist/apps/blog-worker/apps/blog-worker/src/thumbnails/thumbnail-card.js');
      Promise.all(['日本ダービー', '月本ダービー'].map((name) => renderRaceCard({}, 'horse_racing', name)))
        .then((cards) => console.log(JSON.stringify(cards.map((card) => card.toString('base64')))));`;
    const out = await once('blog-worker', { NODE_ENV: 'production' }, ['node', '-e', script]);
    const cards = (JSON.parse(out.trim().split('\n').pop()!) as string[]).map((b64) => Buffer.from(b64, 'base64'));
    // The race name's line: y 120 to 190 of the 1200x630 card.
    const line = (card: Buffer) => sharp(card).extract({ left: 0, top: 120, width: 1200, height: 70 }).greyscale().raw().toBuffer();
    const [first, second] = await Promise.all(cards.map(line));
    const differing = first.reduce((count, value, i) => count + (Math.abs(value - second[i]) > 64 ? 1 : 0), 0);
    const inked = first.reduce((count, value) => count + (value > 160 ? 1 : 0), 0);
    // About 6,000 pixels of white ink in the line; the two kanji differ in hundreds of them.
    expect(inked).toBeGreaterThan(2_000);
    expect(differing).toBeGreaterThan(150);
  }, 60_000);

  it('the docs image serves the API reference at /docs/ under the same restrictions, with /tmp as its only writable place', async () => {
    const port = await freePort();
    const name = `${scope.id}-docs`;
    started.push(name);
    await podman(
      'run',
      '-d',
      '--name',
      name,
      ...RESTRICTED,
      '--tmpfs',
      '/tmp',
      '--env',
      `PORT=${port}`,
      await images('name', 'platform-docs'),
    );
    const index = await waitFor(
      async () => {
        const state = (await podman('inspect', '--format', '{{.State.Status}}', name)).trim();
        if (state !== 'running') throw new Error(`the docs image stopped (${state}): ${await problemsOf(name)}`);
        const res = await fetch(`http://127.0.0.1:${port}/docs/`).catch(() => undefined);
        if (res?.status !== 200) throw new NotYet(`/docs/ answered ${res?.status ?? 'nothing'}`);
        return res.text();
      },
      { timeoutMs: 30_000, intervalMs: 250, what: 'the docs image to serve /docs/' },
    );
    expect(index).toContain('recruiting-api.html');
    expect((await fetch(`http://127.0.0.1:${port}/docs`, { redirect: 'manual' })).headers.get('location')).toBe('/docs/');
    for (const file of [
      'recruiting-api.html',
      'survey-builder-api.html',
      'race-content-api.html',
      'ai-webhook.html',
      'redoc.standalone.js',
    ])
      expect([file, (await fetch(`http://127.0.0.1:${port}/docs/${file}`)).status]).toEqual([file, 200]);
    const served = (await (await fetch(`http://127.0.0.1:${port}/docs/openapi/race-content-api.json`)).json()) as {
      info: { version: string };
    };
    expect(served.info.version).toBe(PLATFORM_VERSION);
    expect((await podman('exec', name, 'id', '-u')).trim()).toBe('1000');
  }, 60_000);

  it('the backup image backs the stores up under the same restrictions, to an S3 prefix that verifies', async () => {
    const database = await scope.database('backup');
    for (const app of [RECRUITING_DATABASE, SURVEY_BUILDER_DATABASE, AI_JOBS_DATABASE]) await migrateDatabase(database.url, app);
    const { endpoint, accessKeyId, secretAccessKey } = testServices.s3;
    const env = {
      DATABASE_URL: database.url,
      MONGODB_URI: testServices.mongoUri,
      MONGODB_DB: scope.mongoDatabase('backup'),
      REDIS_URL: testServices.redisUrl,
      S3_ENDPOINT: endpoint,
      S3_REGION: testServices.s3.region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      MEDIA_S3_BUCKET: scope.bucket('backup-media'),
      MANIFESTS_S3_BUCKET: scope.bucket('backup-manifests'),
    };
    const flags = Object.entries(env).flatMap(([name, value]) => ['--env', `${name}=${value}`]);
    // As the CronJob runs it: its entry point, `backup $(BACKUP_TARGET)`; the bucket is made when missing.
    const target = `s3://${scope.bucket('backups')}/ci`;
    const out = await podman('run', '--rm', ...RESTRICTED, ...flags, await images('name', 'platform-backup'), 'backup', target);
    const written = out.trim().split('\n').pop()!;
    expect(written).toMatch(new RegExp(`^${target}/\\d{8}T\\d{6}Z$`));
    const verified = await run('bash', ['scripts/backup.sh', 'verify', written], {
      cwd: workspaceRoot,
      env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', ...env },
    });
    expect(verified.stderr).toContain('every file matches SHA256SUMS');
  }, 120_000);
});
