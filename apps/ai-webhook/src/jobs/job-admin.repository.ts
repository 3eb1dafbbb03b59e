import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db } from '../database/ai-jobs-db';
import type { JobKind } from '../domain/job-rules';
import type { RecordType } from './records.repository';

/**
 * Creating rows and starting attempts: what the platform's dispatcher does (outside the specs), here for the
 * operator command and the tests.
 */
@Injectable()
export class JobAdminRepository {
  async createRecord(db: Db, type: RecordType, organizationId: number, projectId: number): Promise<string> {
    const row = await db
      .insertInto('aiRecord')
      .values({ type, organizationId: String(organizationId), projectId: String(projectId) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async createJob(db: Db, kind: JobKind, organizationId: number, projectId: number, nonce: string): Promise<string> {
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('aiJob')
        .values({ kind, organizationId: String(organizationId), projectId: String(projectId), nonce })
        .returning('jobId')
        .executeTakeFirstOrThrow();
      await trx.insertInto('aiJobAttempt').values({ jobId: row.jobId, attempt: 1, nonce }).execute();
      return row.jobId;
    });
  }

  /** The next attempt: attempt + 1 with the new nonce, processing again, results of the last attempt cleared. */
  async retry(db: Db, jobId: string, nonce: string) {
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('aiJob')
        .set({
          attempt: sql`attempt + 1`,
          nonce,
          status: 0,
          phase: null,
          resultUrl: null,
          captureHash: null,
          screenshotUrl: null,
          warningCount: null,
          flagCount: null,
          failureResultUrl: null,
          error: null,
          finishedAt: null,
          updatedAt: sql`now()`,
        })
        .where('jobId', '=', jobId)
        .returning(['jobId', 'kind', 'organizationId', 'projectId', 'attempt'])
        .executeTakeFirst();
      if (!row) return undefined;
      await trx.insertInto('aiJobAttempt').values({ jobId, attempt: row.attempt, nonce }).execute();
      return { ...row, organizationId: Number(row.organizationId), projectId: Number(row.projectId), kind: row.kind as JobKind };
    });
  }
}
