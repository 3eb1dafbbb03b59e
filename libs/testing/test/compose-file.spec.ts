import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  awaitedHealthProblems,
  type ComposeFile,
  composeSpecValidator,
  CONTAINER_IMAGES,
  containerImage,
  healthCheckProblems,
  imagePinProblems,
  readComposeFile,
  thirdPartyServices,
  volumeProblems,
} from '../src/deployment';
import { workspaceRoot } from '../src/harness';

const compose = readComposeFile();
const image = (repository: string) => CONTAINER_IMAGES.find((entry) => entry.repository === repository)!;

describe('docker/compose.yaml', () => {
  it('is valid against the Compose Specification schema', () => {
    expect(composeSpecValidator()(compose)).toEqual([]);
  });

  it('is checked against that schema for real: a misspelt key or a wrongly typed value is refused', () => {
    const validate = composeSpecValidator();
    expect(validate({ services: { s: { image: 'redis:8.10.1', restart_policy: 'always' } } })).not.toEqual([]);
    expect(validate({ services: { s: { image: 'redis:8.10.1', healthcheck: { test: 42 } } } })).not.toEqual([]);
  });

  it('pins every third-party image to the exact release the image table describes, and runs every image in it', () => {
    expect(thirdPartyServices(compose).map(([name]) => name)).toEqual(['postgres', 'mongo', 'rabbitmq', 'redis', 'versitygw', 'edge']);
    expect(imagePinProblems(compose)).toEqual([]);
  });

  it.each(['postgres', 'postgres:latest', 'postgres:18', 'mongo:8.0', 'rabbitmq:4', 'versity/versitygw:latest', 'minio/minio'])(
    'refuses %s: not an exact release in the table',
    (reference) => {
      const table = CONTAINER_IMAGES.filter((entry) => entry === containerImage(reference));
      expect(imagePinProblems({ services: { s: { image: reference } } }, table)).toEqual([expect.stringMatching(/^s: /)]);
    },
  );

  it('refuses an exact release other than the one the table describes', () => {
    expect(imagePinProblems({ services: { s: { image: 'postgres:17.11' } } }, [image('postgres')])).toEqual([
      's: postgres:17.11 is not the release the table describes (18.6)',
    ]);
  });

  it.each(thirdPartyServices(compose).map(([name]) => name))('%s: its health check calls what its image contains', (name) => {
    const service = compose.services[name];
    expect(healthCheckProblems(name, service, containerImage(service.image!)!)).toEqual([]);
  });

  it('refuses health checks that call what the image lacks, or fetch what the server does not serve', () => {
    const versitygw = compose.services.versitygw;
    const check = (test: string[], command = versitygw.command) =>
      healthCheckProblems('s3', { ...versitygw, command, healthcheck: { test } }, image('versity/versitygw'));
    // MinIO's old check, and curl, are not in the versitygw image.
    expect(check(['CMD', 'mc', 'ready', 'local'])).toEqual([expect.stringContaining('calls mc')]);
    expect(check(['CMD-SHELL', 'curl -f http://127.0.0.1:7070/_health'])).toEqual([expect.stringContaining('calls curl')]);
    expect(check(['CMD', 'wget', '-q', '-O', '/dev/null', 'http://127.0.0.1:9000/_health'])).toEqual([
      expect.stringContaining('does not serve'),
    ]);
    expect(check(['CMD', 'wget', '-q', '-O', '/dev/null', 'http://127.0.0.1:7070/health'])).toEqual([
      expect.stringContaining('does not serve'),
    ]);
    // Without --health the gateway serves no health path at all.
    const withoutHealth = ['--port', ':7070', 'posix', '/s3/buckets'];
    expect(check(['CMD', 'wget', '-q', '-O', '/dev/null', 'http://127.0.0.1:7070/_health'], withoutHealth)).toEqual([
      expect.stringContaining('does not serve'),
    ]);
    expect(healthCheckProblems('db', { healthcheck: { test: 'pg_isready && mongosh || exit 1' } }, image('postgres'))).toEqual([
      expect.stringContaining('calls mongosh'),
    ]);
  });

  it.each(thirdPartyServices(compose).map(([name]) => name))('%s: its volumes hold the folders its server keeps data in', (name) => {
    const service = compose.services[name];
    expect(volumeProblems(name, service, containerImage(service.image!)!)).toEqual([]);
  });

  it('refuses a volume where the server keeps no data (PostgreSQL 18 no longer uses /var/lib/postgresql/data)', () => {
    expect(volumeProblems('postgres', { volumes: ['pg:/var/lib/postgresql/data'] }, image('postgres'))).toEqual([
      expect.stringContaining('mounted at /var/lib/postgresql/data'),
    ]);
  });

  it('gives every service the apps wait for a health check', () => {
    expect(awaitedHealthProblems(compose)).toEqual([]);
    const broken: ComposeFile = { services: { app: { depends_on: { db: { condition: 'service_healthy' } } }, db: {} } };
    expect(awaitedHealthProblems(broken)).toEqual(['db is awaited healthy but has no health check']);
  });

  it('points the apps S3 settings at versitygw, on the port it listens on and with its root credentials', () => {
    const versitygw = compose.services.versitygw;
    const { port } = image('versity/versitygw').http!(versitygw.command as string[]);
    const withS3 = Object.entries(compose.services).filter(([, s]) => s.environment && 'S3_ENDPOINT' in s.environment);
    expect(withS3.map(([name]) => name)).toEqual(['race-content-api', 'ai-webhook', 'blog-worker']);
    for (const [, { environment }] of withS3) {
      expect(environment).toMatchObject({
        S3_ENDPOINT: `http://versitygw:${port}`,
        S3_ACCESS_KEY_ID: versitygw.environment!.ROOT_ACCESS_KEY,
        S3_SECRET_ACCESS_KEY: versitygw.environment!.ROOT_SECRET_KEY,
        S3_FORCE_PATH_STYLE: 'true',
        S3_CREATE_BUCKET: 'true',
      });
    }
  });
});

describe('docker/Dockerfile', () => {
  it('builds on the exact Node.js release the scripts install (scripts/lib/node-env.sh)', () => {
    const nodeVersion = /^PLATFORM_NODE_VERSION=(\S+)$/m.exec(readFileSync(join(workspaceRoot, 'scripts/lib/node-env.sh'), 'utf8'))![1];
    const dockerfile = readFileSync(join(workspaceRoot, 'docker/Dockerfile'), 'utf8');
    expect(/^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1]).toBe(`node:${nodeVersion}-bookworm-slim`);
    // Every stage starts from that image or from an earlier stage.
    const stages = [...dockerfile.matchAll(/^FROM (\S+)(?: AS (\S+))?$/gm)];
    expect(stages.length).toBeGreaterThan(0);
    stages.forEach(([, from], at) => expect(['${NODE_IMAGE}', ...stages.slice(0, at).map(([, , name]) => name)]).toContain(from));
  });
});
