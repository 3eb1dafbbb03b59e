import {
  describeStartUp,
  freePort,
  jsonLines,
  startEntryPoint,
  START_DEADLINE_MS,
  startTcpGate,
  testServices,
  useTestScope,
} from '@platform/testing/harness';
import { startFerretDb } from '@platform/testing/services';
import { RACE_CONTENT_QUEUE_LIST } from '@platform/race-content-data';

const ENTRY = 'apps/race-content-api/src/main.ts';

/** A complete environment; the queue prefix is a test scope's when the app gets as far as declaring its queues. */
function serviceEnv(mongoUri: string, port: number, queuePrefix = 'never-declared.'): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    MONGODB_URI: mongoUri,
    MONGODB_DB: 'race_content_start_up',
    AMQP_URL: testServices.amqpUrl,
    QUEUE_PREFIX: queuePrefix,
    S3_ENDPOINT: testServices.s3.endpoint,
    S3_BUCKET: 'race-media-test',
    S3_ACCESS_KEY_ID: testServices.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: testServices.s3.secretAccessKey,
    JWT_SECRET: 'race-content-test-secret-0123456789abcdef',
    REDIS_URL: testServices.redisUrl,
    AUTH_KEY_PREFIX: 'race-content-start-up-auth:',
  };
}

describeStartUp({
  entry: ENTRY,
  required: ['JWT_SECRET', 'MONGODB_URI', 'REDIS_URL', 'AMQP_URL', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
  dependencyDown: {
    env: { ...serviceEnv('mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=500', 0) },
    message: /^start-up failed: MongoDB did not answer/,
  },
  secrets: ['JWT_SECRET'],
});

describe(`${ENTRY} graceful shutdown`, () => {
  const scope = useTestScope('rcproc');
  it(
    'on SIGTERM stops accepting, finishes the in-flight request, then exits 0',
    async () => {
      const ferret = await startFerretDb();
      const gate = await startTcpGate(Number(new URL(ferret.uri).port));
      const port = await freePort();
      const app = startEntryPoint(
        ENTRY,
        serviceEnv(`mongodb://127.0.0.1:${gate.port}/?directConnection=true`, port, scope.queuePrefix(RACE_CONTENT_QUEUE_LIST)),
        START_DEADLINE_MS + 30_000,
      );
      try {
        await app.waitForLine(/listening on/, START_DEADLINE_MS);
        const inDatabase = gate.holdNext('ping');
        const inFlight = fetch(`http://127.0.0.1:${port}/v1/ping/deep`);
        await inDatabase;

        app.kill('SIGTERM');
        await app.waitForLine(/SIGTERM received: draining/);
        await expect(fetch(`http://127.0.0.1:${port}/v1/ping`)).rejects.toThrow();
        gate.release();

        const answer = await inFlight;
        expect(answer.status).toBe(200);
        expect(await answer.json()).toEqual({ message: 'pong', db: 'ok' });
        const run = await app.exited;
        expect(run.code).toBe(0);
        const messages = jsonLines(run).map((l) => l.msg ?? l.notJson);
        expect(messages).toContain('stopped');
        expect(jsonLines(run).filter((l) => 'notJson' in l)).toEqual([]);
      } finally {
        app.kill('SIGKILL');
        await gate.close();
        await ferret.stop();
      }
    },
    START_DEADLINE_MS + 30_000,
  );
});
