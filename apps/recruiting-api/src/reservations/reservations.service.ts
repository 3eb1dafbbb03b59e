import { Injectable, Logger } from '@nestjs/common';
import { offsetOf, PaginatedResult } from '@platform/contracts';
import { BookableSlotsService } from '../slots/bookable-slots.service';
import { dayWindow } from '../slots/day-window';
import { CalendarPort, CalendarProviderError } from '../calendar/calendar-port';
import { CandidateStatusService } from '../candidate-status/candidate-status.service';
import { CandidatesRepository } from '../database/repositories/candidates.repository';
import { RecruitingDb } from '../database/recruiting-db';
import { AutomaticMailsService } from '../automatic-mails/automatic-mails.service';
import { ProjectsRepository } from '../database/repositories/projects.repository';
import { candidateNotFound, notFound, RecruitingError } from '../recruiting.errors';
import type { ConfirmScheduleDto, ListReservationsQuery } from './dto/reservations.dto';
import { ReservationsRepository } from '../database/repositories/reservations.repository';
import { toReservation } from './reservation.mapper';
import { type ReservationResponse } from './dto/reservations.response';

const calendarFailed = () => new RecruitingError('CALENDAR_PROVIDER_ERROR', 'The calendar provider failed; nothing was changed');

/** Confirmation of a schedule and the reservations router (`confirmSchedule` and the Reservations operations). */
@Injectable()
export class ReservationsService {
  private readonly logger = new Logger('Reservations');

  constructor(
    private readonly db: RecruitingDb,
    private readonly projects: ProjectsRepository,
    private readonly reservations: ReservationsRepository,
    private readonly candidates: CandidatesRepository,
    private readonly status: CandidateStatusService,
    private readonly calendar: CalendarPort,
    private readonly mail: AutomaticMailsService,
    private readonly bookable: BookableSlotsService,
  ) {}

  /**
   * Books one of the candidate's submitted slots: the reservation row (new, or its cancelled row again), status
   * scheduled with history, the calendar event, in one transaction; the exclusion constraint makes a second booking of
   * the interviewer at that time fail with SLOT_NOT_AVAILABLE. The confirmation mail follows the commit.
   */
  async confirm(projectId: number, candidateId: number, body: ConfirmScheduleDto, userId: number): Promise<ReservationResponse> {
    const project = await this.projects.requireScope(this.db, projectId);
    let eventId: string | null = null;
    let id: number;
    try {
      id = await this.db.transaction().execute(async (trx) => {
        if ((await this.candidates.lockStatus(trx, projectId, candidateId)) === undefined) {
          throw candidateNotFound();
        }
        const slot = await this.reservations.preferredSlot(trx, candidateId, body.availableDateId);
        if (!slot) throw notFound("The available date is not one of the candidate's availableDates");
        if (slot.startAt.getTime() <= Date.now()) throw new RecruitingError('SLOT_NOT_AVAILABLE', 'The slot has already begun');
        const existing = await this.reservations.lockOfCandidate(trx, candidateId);
        if (existing?.status === 'confirmed') throw new RecruitingError('CONFLICT', 'The candidate already has a confirmed reservation');
        const reservationId = await this.reservations.confirm(trx, {
          projectId,
          projectCandidateId: candidateId,
          interviewerId: slot.interviewerId,
          scheduledAt: slot.startAt,
          endsAt: slot.endAt,
          durationMinutes: Math.round((slot.endAt.getTime() - slot.startAt.getTime()) / 60_000),
          interviewType: body.interviewType ?? 'online_meet',
          meetingUrl: body.meetingUrl ?? null,
        });
        await this.status.change(trx, projectId, candidateId, { to: 'scheduled', reason: '面接日程を確定', changedBy: userId });
        eventId = await this.calendar
          .createEvent({
            summary: `${project.name} インタビュー`,
            description: `recruiting reservation ${reservationId}`,
            startAt: slot.startAt,
            endAt: slot.endAt,
          })
          .catch((error: unknown) => {
            throw error instanceof CalendarProviderError ? calendarFailed() : error;
          });
        if (eventId) await this.reservations.setEvent(trx, reservationId, eventId);
        return reservationId;
      });
    } catch (error) {
      if (eventId) await this.calendar.cancelEvent(eventId).catch(() => this.logger.warn(`calendar event ${eventId} left behind`));
      throw error;
    }
    await this.bookable.invalidate();
    await this.mail.sendAutomatic(project, candidateId, 'confirmation', userId);
    return this.read(projectId, id);
  }

  async list(projectId: number, query: ListReservationsQuery): Promise<PaginatedResult<ReservationResponse>> {
    const project = await this.projects.requireScope(this.db, projectId);
    const { from, before } = dayWindow(['startDate', query.startDate], ['endDate', query.endDate], project.timezone);
    const { rows, total } = await this.reservations.page(
      this.db,
      projectId,
      { status: query.status, from, before },
      query.sort ?? 'scheduledAt',
      offsetOf(query.page, query.limit),
      query.limit,
    );
    return PaginatedResult.of(rows.map(toReservation), query.page, query.limit, total);
  }

  async get(projectId: number, id: number): Promise<ReservationResponse> {
    await this.projects.requireScope(this.db, projectId);
    return this.read(projectId, id);
  }

  /** The reservation of a project already looked up. */
  private async read(projectId: number, id: number): Promise<ReservationResponse> {
    const row = await this.reservations.find(this.db, projectId, id);
    if (!row) throw notFound('The reservation does not exist');
    return toReservation(row);
  }

  /**
   * Cancels: the calendar event first (a provider failure answers 502 and changes nothing), then the row (kept, status
   * cancelled) and the candidate, scheduled or interviewed, to cancelled with history; the cancellation mail follows.
   */
  async cancel(projectId: number, id: number, userId: number): Promise<ReservationResponse> {
    const project = await this.projects.requireScope(this.db, projectId);
    const candidateId = await this.db.transaction().execute(async (trx) => {
      const row = await this.reservations.lock(trx, projectId, id);
      if (!row) throw notFound('The reservation does not exist');
      if (row.status === 'cancelled') throw new RecruitingError('CONFLICT', 'The reservation is already cancelled');
      if (row.calendarEventId) {
        await this.calendar.cancelEvent(row.calendarEventId).catch((error: unknown) => {
          throw error instanceof CalendarProviderError ? calendarFailed() : error;
        });
      }
      await this.reservations.setCancelled(trx, id);
      await this.status.changeManyIfAllowed(trx, projectId, [row.projectCandidateId], ['scheduled', 'interviewed'], {
        to: 'cancelled',
        reason: '予約をキャンセル',
        changedBy: userId,
      });
      return row.projectCandidateId;
    });
    await this.bookable.invalidate();
    await this.mail.sendAutomatic(project, candidateId, 'cancellation', userId);
    return this.read(projectId, id);
  }
}
