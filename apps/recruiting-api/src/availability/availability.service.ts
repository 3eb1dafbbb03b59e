import { Inject, Injectable } from '@nestjs/common';
import { offsetOf, PaginatedResult } from '@platform/contracts';
import type { SchedulingConfig } from '../config';
import { SCHEDULING_CONFIG } from '../config.tokens';
import { RecruitingDb } from '../database/recruiting-db';
import { parseInstant } from '../domain/date-time';
import { cutSlots, type Slot, slotIdOf } from '../domain/slots';
import { requireProject } from '../projects/project-scope';
import { RecruitingError } from '../recruiting.errors';
import { type AvailabilityRow, AvailabilityRepository } from './availability.repository';
import type { AvailabilityResponse, CreateAvailabilityDto, ListAvailabilityQuery } from './dto/availability.dto';

const MAX_WINDOW_MS = 31 * 24 * 3600 * 1000;

const invalid = (field: string, message: string) => new RecruitingError('VALIDATION_FAILED', message, [{ field, message }]);

function instant(field: string, text: string): Date {
  const at = parseInstant(text);
  if (!at) throw invalid(field, `${field} is not a real date-time`);
  return at;
}

const toResponse = (row: AvailabilityRow): AvailabilityResponse => ({
  ...row,
  startAt: row.startAt.toISOString(),
  endAt: row.endAt.toISOString(),
});

export interface IdentifiedSlot extends Slot {
  slotId: string;
}

/** Interviewer availability (issue 10's contract) and the bookable slots cut from it. */
@Injectable()
export class AvailabilityService {
  constructor(
    private readonly db: RecruitingDb,
    private readonly windows: AvailabilityRepository,
    @Inject(SCHEDULING_CONFIG) private readonly config: SchedulingConfig,
  ) {}

  async create(projectId: number, body: CreateAvailabilityDto): Promise<AvailabilityResponse> {
    const startAt = instant('startAt', body.startAt);
    const endAt = instant('endAt', body.endAt);
    if (endAt <= startAt) throw invalid('endAt', 'endAt must be after startAt');
    if (endAt.getTime() - startAt.getTime() > MAX_WINDOW_MS) throw invalid('endAt', 'A window is at most 31 days long');
    await requireProject(this.db, projectId);
    if (!(await this.windows.userExists(this.db, body.interviewerId))) throw invalid('interviewerId', 'interviewerId is not a user');
    const id = await this.windows.insert(this.db, projectId, { interviewerId: body.interviewerId, startAt, endAt });
    return toResponse((await this.windows.find(this.db, projectId, id))!);
  }

  async list(projectId: number, query: ListAvailabilityQuery): Promise<PaginatedResult<AvailabilityResponse>> {
    const from = query.from === undefined ? undefined : instant('from', query.from);
    const to = query.to === undefined ? undefined : instant('to', query.to);
    await requireProject(this.db, projectId);
    const { rows, total } = await this.windows.page(
      this.db,
      projectId,
      { interviewerId: query.interviewerId, from, to },
      offsetOf(query.page, query.limit),
      query.limit,
    );
    return PaginatedResult.of(rows.map(toResponse), query.page, query.limit, total);
  }

  async delete(projectId: number, id: number): Promise<void> {
    await requireProject(this.db, projectId);
    if (!(await this.windows.delete(this.db, projectId, id))) throw new RecruitingError('NOT_FOUND', 'The availability does not exist');
  }

  /** The project's bookable slots now: its windows cut by its interview length, minus every confirmed reservation. */
  async slots(projectId: number, durationMinutes: number, now = new Date()): Promise<IdentifiedSlot[]> {
    const windows = await this.windows.openWindows(this.db, projectId, now);
    if (windows.length === 0) return [];
    const interviewers = [...new Set(windows.map((w) => w.interviewerId))];
    const last = new Date(Math.max(...windows.map((w) => w.endAt.getTime())));
    const busy = await this.windows.busy(this.db, interviewers, now, last);
    return cutSlots(windows, durationMinutes, busy, now).map((slot) => ({
      ...slot,
      slotId: slotIdOf(this.config.slotKey, slot.interviewerId, slot.startAt),
    }));
  }
}
