import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db } from '../recruiting-db';
import { PROJECT_SCOPE_COLUMNS, type ProjectScope } from './projects.repository';

export interface TokenRow {
  projectCandidateId: number;
  expiresAt: Date;
  project: ProjectScope;
}

/** Scheduling tokens, one per candidate (a new invitation replaces the earlier one): SQL only here. */
@Injectable()
export class SchedulingTokensRepository {
  /** Issues (or replaces) the tokens of the given candidates in one statement. */
  async issueMany(db: Db, tokens: Array<{ projectCandidateId: number; tokenHash: Buffer; expiresAt: Date }>): Promise<void> {
    if (tokens.length === 0) return;
    await sql`
      insert into scheduling_tokens (project_candidate_id, token_hash, expires_at)
      select * from unnest(${tokens.map((t) => t.projectCandidateId)}::int[], ${tokens.map((t) => t.tokenHash)}::bytea[],
                           ${tokens.map((t) => t.expiresAt)}::timestamptz[])
      on conflict (project_candidate_id) do update
        set token_hash = excluded.token_hash, expires_at = excluded.expires_at, created_at = now()`.execute(db);
  }

  /** The token's candidate, expiry and project, in one round trip (every public request starts here). */
  async findByHash(db: Db, tokenHash: Buffer): Promise<TokenRow | undefined> {
    const row = await db
      .selectFrom('schedulingTokens as t')
      .innerJoin('projectCandidates as pc', 'pc.id', 't.projectCandidateId')
      .innerJoin('projects as p', 'p.id', 'pc.projectId')
      .select(['t.projectCandidateId', 't.expiresAt', ...PROJECT_SCOPE_COLUMNS.map((column) => `p.${column}` as const)])
      .where('t.tokenHash', '=', tokenHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const { projectCandidateId, expiresAt, ...project } = row;
    return { projectCandidateId, expiresAt, project };
  }
}
