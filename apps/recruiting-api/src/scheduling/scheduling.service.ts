import { Injectable } from '@nestjs/common';
import { BookableSlotsService, type IdentifiedSlot } from '../slots/bookable-slots.service';
import { CandidateStatusService } from '../candidate-status/candidate-status.service';
import { RecruitingDb } from '../database/recruiting-db';
import { parseInstant } from '../domain/date-time';
import { AutomaticMailsService } from '../automatic-mails/automatic-mails.service';
import type { ProjectScope } from '../database/repositories/projects.repository';
import { CandidatesRepository } from '../database/repositories/candidates.repository';
import { notFound, RecruitingError } from '../recruiting.errors';
import type { SlotsQuery, SubmitAvailabilityDto } from './dto/scheduling.dto';
import { dayWindow } from '../slots/day-window';
import { PreferredSlotsRepository } from '../database/repositories/preferred-slots.repository';
import { hashSchedulingToken } from '../domain/scheduling-token';
import { SchedulingTokensRepository } from '../database/repositories/scheduling-tokens.repository';
import { toPublicSlot } from './scheduling.mapper';
import { type PublicSlot, type SchedulingInfoResponse, type SubmitAvailabilityResponse } from './dto/scheduling.response';

export interface ResolvedToken {
  projectCandidateId: number;
  project: ProjectScope;
}

const slotNotAvailable = (message: string) => new RecruitingError('SLOT_NOT_AVAILABLE', message);

/** The public scheduling router: the token is the only credential, and answers carry no internal ids. */
@Injectable()
export class SchedulingService {
  constructor(
    private readonly db: RecruitingDb,
    private readonly candidates: CandidatesRepository,
    private readonly tokens: SchedulingTokensRepository,
    private readonly preferred: PreferredSlotsRepository,
    private readonly bookable: BookableSlotsService,
    private readonly status: CandidateStatusService,
    private readonly mail: AutomaticMailsService,
  ) {}

  /** An unknown token answers 404, an expired one 400 SCHEDULING_TOKEN_ERROR. */
  async resolve(token: string): Promise<ResolvedToken> {
    const row = await this.tokens.findByHash(this.db, hashSchedulingToken(token));
    if (!row) throw notFound('The scheduling link does not exist');
    if (row.expiresAt.getTime() <= Date.now()) throw new RecruitingError('SCHEDULING_TOKEN_ERROR', 'The scheduling link has expired');
    return { projectCandidateId: row.projectCandidateId, project: row.project };
  }

  async info(token: string): Promise<SchedulingInfoResponse> {
    const { projectCandidateId, project } = await this.resolve(token);
    const name = await this.candidates.nameOf(this.db, projectCandidateId);
    const reservation = await this.preferred.reservationOf(this.db, projectCandidateId);
    const confirmed = reservation?.status === 'confirmed' ? reservation : undefined;
    return {
      project: { name: project.name, interview_duration_minutes: project.interviewDurationMinutes },
      candidate: { name },
      is_expired: false,
      is_already_scheduled: !!confirmed,
      reservation: confirmed
        ? {
            scheduledAt: confirmed.scheduledAt.toISOString(),
            durationMinutes: confirmed.durationMinutes,
            interviewType: confirmed.interviewType,
            meetingUrl: confirmed.meetingUrl,
            status: confirmed.status,
          }
        : null,
    };
  }

  async slots(token: string): Promise<PublicSlot[]> {
    const { project } = await this.resolve(token);
    return (await this.bookable.slots(project.id, project.interviewDurationMinutes)).map(toPublicSlot);
  }

  /**
   * The slots starting in the query's window of days (all without one), as kept for every token of the project for a
   * moment: the same list while they stay the same, which the HTTP layer serializes and encodes once.
   */
  async slotsInWindow(token: string, query: SlotsQuery): Promise<IdentifiedSlot[]> {
    const { project } = await this.resolve(token);
    const window = dayWindow(['from', query.from], ['to', query.to], project.timezone);
    return this.bookable.slotsInWindow(project.id, project.interviewDurationMinutes, window);
  }

  /**
   * Replaces the candidate's preferred slots with the submitted ones, each of which must be a current slot (same
   * interviewer, start and end); moves contacted or waiting_response to scheduling; attempts the acknowledgement.
   */
  async submit(token: string, body: SubmitAvailabilityDto): Promise<SubmitAvailabilityResponse> {
    const ids = body.slots.map((s) => s.slotId);
    if (new Set(ids).size !== ids.length) {
      throw new RecruitingError('VALIDATION_FAILED', 'A slot is listed more than once', [
        { field: 'slots', message: 'slotIds must differ' },
      ]);
    }
    const { projectCandidateId, project } = await this.resolve(token);
    const current = new Map((await this.bookable.slots(project.id, project.interviewDurationMinutes)).map((s) => [s.slotId, s]));
    const chosen = body.slots.map((submitted) => {
      const slot = current.get(submitted.slotId);
      const start = parseInstant(submitted.startAt);
      const end = parseInstant(submitted.endAt);
      if (
        !slot ||
        slot.interviewerId !== submitted.interviewerId ||
        start?.getTime() !== slot.startAt.getTime() ||
        end?.getTime() !== slot.endAt.getTime()
      ) {
        throw slotNotAvailable(`The slot ${submitted.slotId} is not available`);
      }
      return { interviewerId: slot.interviewerId, startAt: slot.startAt, endAt: slot.endAt };
    });
    await this.db.transaction().execute(async (trx) => {
      // Locks the candidate row, so a confirmation cannot slip in between the check and the replacement.
      await this.candidates.lock(trx, projectCandidateId);
      const reservation = await this.preferred.reservationOf(trx, projectCandidateId);
      if (reservation?.status === 'confirmed') throw slotNotAvailable('The interview is already scheduled');
      await this.preferred.replace(trx, projectCandidateId, chosen);
      await this.status.changeManyIfAllowed(trx, project.id, [projectCandidateId], ['contacted', 'waiting_response'], {
        to: 'scheduling',
        reason: '候補者が希望日時を提出',
        changedBy: null,
      });
    });
    await this.mail.sendAutomatic(project, projectCandidateId, 'acknowledgement', null);
    return { message: 'ご希望の日時を受け付けました', selectedCount: chosen.length };
  }
}
