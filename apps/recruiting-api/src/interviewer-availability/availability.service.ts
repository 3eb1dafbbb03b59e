import { Injectable } from '@nestjs/common';
import { offsetOf, PaginatedResult } from '@platform/contracts';
import { RecruitingDb } from '../database/recruiting-db';
import { parseInstant } from '../domain/date-time';
import { BookableSlotsService } from '../slots/bookable-slots.service';
import { ProjectsRepository } from '../database/repositories/projects.repository';
import { invalidField, notFound } from '../recruiting.errors';
import { AvailabilityRepository } from '../database/repositories/availability.repository';
import type { CreateAvailabilityDto, ListAvailabilityQuery } from './dto/availability.dto';
import { toAvailability } from './availability.mapper';
import { type AvailabilityResponse } from './dto/availability.response';

const MAX_WINDOW_MS = 31 * 24 * 3600 * 1000;

function instant(field: string, text: string): Date {
  const at = parseInstant(text);
  if (!at) throw invalidField(field, `${field} is not a real date-time`);
  return at;
}

/** Interviewer availability (issue 10's contract); the slots cut from it are the core's BookableSlotsService. */
@Injectable()
export class AvailabilityService {
  constructor(
    private readonly db: RecruitingDb,
    private readonly projects: ProjectsRepository,
    private readonly windows: AvailabilityRepository,
    private readonly slots: BookableSlotsService,
  ) {}

  async create(projectId: number, body: CreateAvailabilityDto): Promise<AvailabilityResponse> {
    const startAt = instant('startAt', body.startAt);
    const endAt = instant('endAt', body.endAt);
    if (endAt <= startAt) throw invalidField('endAt', 'endAt must be after startAt');
    if (endAt.getTime() - startAt.getTime() > MAX_WINDOW_MS) throw invalidField('endAt', 'A window is at most 31 days long');
    await this.projects.requireScope(this.db, projectId);
    if (!(await this.windows.userExists(this.db, body.interviewerId))) throw invalidField('interviewerId', 'interviewerId is not a user');
    const id = await this.windows.insert(this.db, projectId, { interviewerId: body.interviewerId, startAt, endAt });
    await this.slots.invalidate();
    return toAvailability((await this.windows.find(this.db, projectId, id))!);
  }

  async list(projectId: number, query: ListAvailabilityQuery): Promise<PaginatedResult<AvailabilityResponse>> {
    const from = query.from === undefined ? undefined : instant('from', query.from);
    const to = query.to === undefined ? undefined : instant('to', query.to);
    await this.projects.requireScope(this.db, projectId);
    const { rows, total } = await this.windows.page(
      this.db,
      projectId,
      { interviewerId: query.interviewerId, from, to },
      offsetOf(query.page, query.limit),
      query.limit,
    );
    return PaginatedResult.of(rows.map(toAvailability), query.page, query.limit, total);
  }

  async delete(projectId: number, id: number): Promise<void> {
    await this.projects.requireScope(this.db, projectId);
    if (!(await this.windows.delete(this.db, projectId, id))) throw notFound('The availability does not exist');
    await this.slots.invalidate();
  }
}
