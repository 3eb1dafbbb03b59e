import { Injectable } from '@nestjs/common';
import type { Trx } from '../database/recruiting-db';
import { type CandidateStatus, canTransition } from '../domain/candidate-status';
import { candidateNotFound, RecruitingError } from '../recruiting.errors';
import { CandidatesRepository } from '../database/repositories/candidates.repository';

export interface StatusChange {
  to: CandidateStatus;
  reason?: string | null;
  /** The user who asked; null for a change the system makes (an invitation, a reservation cancelled). */
  changedBy: number | null;
}

/**
 * The one way a candidate's status changes, for routes and jobs alike: inside the caller's transaction, the row is
 * locked, the transition table consulted, the status set and a history row written.
 */
@Injectable()
export class CandidateStatusService {
  constructor(private readonly candidates: CandidatesRepository) {}

  /** Moves the candidate or throws INVALID_STATUS_TRANSITION (404 when it is not a candidate of the project). */
  async change(trx: Trx, projectId: number, candidateId: number, change: StatusChange): Promise<void> {
    const from = await this.candidates.lockStatus(trx, projectId, candidateId);
    if (from === undefined) throw candidateNotFound();
    if (!canTransition(from as CandidateStatus, change.to)) {
      throw new RecruitingError('INVALID_STATUS_TRANSITION', `A candidate cannot move from ${from} to ${change.to}`);
    }
    await this.write(trx, candidateId, from, change);
  }

  /** Moves the candidate when the table allows it and answers whether it did; for side effects that "may" change a status. */
  async changeIfAllowed(trx: Trx, projectId: number, candidateId: number, change: StatusChange): Promise<boolean> {
    const from = await this.candidates.lockStatus(trx, projectId, candidateId);
    if (from === undefined || !canTransition(from as CandidateStatus, change.to)) return false;
    await this.write(trx, candidateId, from, change);
    return true;
  }

  /**
   * Moves every listed candidate of the project whose status is one of `from` (and may move, by the table) in one
   * statement, with a history row each; answers the ids it moved. For bulk side effects (an invitation sent).
   */
  async changeManyIfAllowed(
    trx: Trx,
    projectId: number,
    ids: number[],
    from: readonly CandidateStatus[],
    change: StatusChange,
  ): Promise<number[]> {
    const origins = from.filter((status) => canTransition(status, change.to));
    if (ids.length === 0 || origins.length === 0) return [];
    const moved = await this.candidates.setStatusWhere(trx, projectId, ids, origins, change.to);
    await this.candidates.insertHistoryMany(
      trx,
      moved.map((m) => ({
        projectCandidateId: m.id,
        fromStatus: m.fromStatus,
        toStatus: change.to,
        reason: change.reason ?? null,
        changedBy: change.changedBy,
      })),
    );
    return moved.map((m) => m.id);
  }

  private async write(trx: Trx, candidateId: number, from: string, change: StatusChange): Promise<void> {
    await this.candidates.setStatus(trx, candidateId, change.to);
    await this.candidates.insertHistory(trx, {
      projectCandidateId: candidateId,
      fromStatus: from,
      toStatus: change.to,
      reason: change.reason ?? null,
      changedBy: change.changedBy,
    });
  }
}
