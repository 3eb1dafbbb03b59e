import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { MongoClient } from 'mongodb';
import { defineQueue } from '@platform/messaging';
import { remainingQueues, testServices, uniqueName, workspaceRoot } from '../src/harness';

class Ping {}
const FIXTURE_QUEUES = [defineQueue('lifecycle-fixture', Ping)];

/** Runs the fixture files in a Jest of their own; answers its exit code and output. */
function runFixtures(report: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const jest = spawn(
      process.execPath,
      [
        join(workspaceRoot, 'node_modules/jest/bin/jest.js'),
        '-c',
        'libs/testing/test/fixtures/jest.config.ts',
        '--runInBand',
        '--forceExit',
      ],
      { cwd: workspaceRoot, env: { ...process.env, FIXTURE_REPORT: report }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    jest.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    jest.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const deadline = setTimeout(() => jest.kill('SIGKILL'), 150_000);
    jest.on('exit', (code) => {
      clearTimeout(deadline);
      resolve({ code, output });
    });
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('teardown of a test file whose own code stopped (libs/testing test-lifecycle)', () => {
  it('after a test that timed out and a beforeAll that did, nothing is left: the failure names the pending step', async () => {
    const report = join(tmpdir(), `${uniqueName('lifecycle')}.jsonl`);
    try {
      const run = await runFixtures(report);
      expect(run.code).toBe(1);
      expect(run.output).toContain('Exceeded timeout of 8000 ms for a test');
      expect(run.output).toMatch(/still pending when the test ended: the step that never ends \(for \d+ ms\)/);
      expect(run.output).toContain('closing a close that never ends: did not end within 2000 ms');
      expect(run.output).toContain('Exceeded timeout of 500 ms for a hook');

      const made = readFileSync(report, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { kind: string; name: string | number });
      const named = (kind: string) => made.filter((m) => m.kind === kind).map((m) => m.name);
      // Both the timed-out test and the timed-out beforeAll made their stores; the test also started a process.
      expect(named('mongoDatabase')).toHaveLength(2);
      expect(named('queuePrefix')).toHaveLength(2);
      expect(named('bucket')).toHaveLength(2);
      expect(named('pid')).toHaveLength(1);

      for (const pid of named('pid')) expect(alive(pid as number)).toBe(false);
      const mongo = await MongoClient.connect(testServices.mongoUri);
      try {
        const { databases } = await mongo.db('admin').admin().listDatabases({ nameOnly: true });
        const names = databases.map((d) => d.name);
        for (const name of named('mongoDatabase')) expect(names).not.toContain(name);
      } finally {
        await mongo.close();
      }
      for (const prefix of named('queuePrefix')) expect(await remainingQueues(FIXTURE_QUEUES, prefix as string)).toEqual([]);
      const s3 = new S3Client({
        endpoint: testServices.s3.endpoint,
        region: testServices.s3.region,
        credentials: testServices.s3,
        forcePathStyle: true,
      });
      try {
        for (const bucket of named('bucket')) {
          await expect(s3.send(new HeadBucketCommand({ Bucket: bucket as string }))).rejects.toMatchObject({ name: 'NotFound' });
        }
      } finally {
        s3.destroy();
      }
    } finally {
      if (existsSync(report)) rmSync(report);
    }
  }, 180_000);
});
