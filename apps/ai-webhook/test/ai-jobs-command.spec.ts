import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { migrateDatabase } from '@platform/persistence';
import { type TestDatabase, useTestScope, workspaceRoot } from '@platform/testing/harness';
import type { Pool } from 'pg';
import { AI_JOBS_DATABASE } from '../src/database/database';

/**
 * What one run of the command may take: a Node start with the TypeScript loader that loads about 1,900 modules, 2.2 to
 * 2.5 s of CPU, which took 7.5 to 9 s of wall time on two cores at load average 9. Each case's timeout is its runs
 * times this (three runs in 30 s timed out in CI).
 */
const PER_RUN_MS = 25_000;

/** Runs `npm run -s ai-jobs -- <args>` (scripts/ai-jobs.sh) against the test database. */
function aiJobs(database: TestDatabase, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', [join(workspaceRoot, 'scripts/ai-jobs.sh'), ...args], {
      cwd: workspaceRoot,
      env: { ...process.env, AI_JOBS_DATABASE_URL: database.url, AI_JOBS_BUCKET: 'test-manifests' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run -s ai-jobs (the operator command)', () => {
  const scope = useTestScope('aijobs_cli');
  let database: TestDatabase;
  let db: Pool;
  beforeAll(async () => {
    database = await scope.database();
    await migrateDatabase(database.url, AI_JOBS_DATABASE);
    db = scope.pool({ connectionString: database.url, max: 1, options: '-c search_path=ai_jobs' });
  });

  it(
    'creates a job (and its organization and project), retries it, and grants access, one JSON line each',
    async () => {
      const created = await aiJobs(database, ['create', '--kind', 'page_import', '--org', '3', '--project', '30']);
      expect(created.code).toBe(0);
      const job = JSON.parse(created.stdout);
      expect(created.stdout.trim().split('\n')).toHaveLength(1);
      expect(job).toEqual({
        kind: 'page_import',
        organization_id: 3,
        project_id: 30,
        job_id: expect.any(String),
        attempt: 1,
        nonce: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
        manifest_prefix: `test-manifests/3/30/page_import/${job.job_id}/`,
      });

      const retried = JSON.parse((await aiJobs(database, ['retry', '--job', job.job_id])).stdout);
      expect(retried).toMatchObject({ job_id: job.job_id, attempt: 2, manifest_prefix: job.manifest_prefix });
      expect(retried.nonce).not.toBe(job.nonce);
      const { rows } = await db.query('SELECT attempt, nonce, status FROM ai_job WHERE job_id = $1', [job.job_id]);
      expect(rows).toEqual([{ attempt: 2, nonce: retried.nonce, status: 0 }]);

      const record = JSON.parse((await aiJobs(database, ['create', '--kind', 'des2code', '--org', '3', '--project', '30'])).stdout);
      expect(record).toEqual({ kind: 'des2code', organization_id: 3, project_id: 30, record_id: expect.any(String) });

      const granted = JSON.parse((await aiJobs(database, ['grant', '--org', '3', '--project', '30', '--subject', 'idp|user-1'])).stdout);
      expect(granted).toEqual({ organization_id: 3, project_id: 30, subject: 'idp|user-1' });
      expect((await db.query('SELECT subject FROM project_membership WHERE project_id = 30')).rows).toEqual([{ subject: 'idp|user-1' }]);
    },
    4 * PER_RUN_MS,
  );

  it(
    'refuses bad arguments with a message and exit code 2',
    async () => {
      for (const args of [
        ['create', '--kind', 'page-import', '--org', '1', '--project', '1'],
        ['retry', '--job', 'no-such-job'],
        ['grant', '--org', '4', '--project', '30', '--subject', 's'],
      ]) {
        const run = await aiJobs(database, args);
        expect(run.code).toBe(2);
        expect(run.stdout).toBe('');
        expect(run.stderr.trim()).not.toBe('');
      }
    },
    3 * PER_RUN_MS,
  );
});
