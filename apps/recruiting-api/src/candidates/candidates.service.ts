import { Injectable } from '@nestjs/common';
import { offsetOf, PaginatedResult } from '@platform/contracts';
import { CalendarPort, CalendarProviderError } from '../calendar/calendar-port';
import { RecruitingDb } from '../database/recruiting-db';
import { FilterError, filterToSql, parseFilterText } from '../domain/response-filter';
import { parseScoringRules, ScoringRuleError, scoresSql } from '../domain/scoring-rules';
import { ProjectsRepository } from '../database/repositories/projects.repository';
import { candidateNotFound, invalidField, notFound, projectNotFound, RecruitingError } from '../recruiting.errors';
import { type CandidateRow, CandidatesRepository } from '../database/repositories/candidates.repository';
import { CandidateStatusService } from '../candidate-status/candidate-status.service';
import { PreferredSlotsRepository } from '../database/repositories/preferred-slots.repository';
import type { ListCandidatesQuery, UpdateCandidateDto, UpdateSelectionDto, UpdateStatusDto } from './dto/candidates.dto';
import { toProjectCandidate, toStatusHistoryEntry } from './candidate.mapper';
import { type CandidateFieldsResponse, type ProjectCandidateResponse, type StatusHistoryEntry } from './dto/candidates.response';

@Injectable()
export class CandidatesService {
  constructor(
    private readonly db: RecruitingDb,
    private readonly projects: ProjectsRepository,
    private readonly candidates: CandidatesRepository,
    private readonly status: CandidateStatusService,
    private readonly preferred: PreferredSlotsRepository,
    private readonly calendar: CalendarPort,
  ) {}

  /** The reservation and submitted slots of each row, in two queries for the whole page. */
  private async withScheduling(rows: CandidateRow[]): Promise<ProjectCandidateResponse[]> {
    const ids = rows.map((r) => r.id);
    const [reservations, dates] = await Promise.all([
      this.preferred.reservationsOf(this.db, ids),
      this.preferred.ofCandidates(this.db, ids),
    ]);
    return rows.map((row) =>
      toProjectCandidate(row, {
        reservation: reservations.find((r) => r.projectCandidateId === row.id),
        availableDates: dates.filter((d) => d.projectCandidateId === row.id),
      }),
    );
  }

  async list(projectId: number, query: ListCandidatesQuery): Promise<PaginatedResult<ProjectCandidateResponse>> {
    if (query.minScore !== undefined && query.maxScore !== undefined && query.minScore > query.maxScore) {
      throw invalidField('minScore', 'minScore must not be greater than maxScore');
    }
    let response;
    if (query.responseFilter !== undefined) {
      try {
        response = filterToSql(parseFilterText(query.responseFilter));
      } catch (error) {
        if (error instanceof FilterError) throw invalidField('responseFilter', error.message);
        throw error;
      }
    }
    await this.projects.requireScope(this.db, projectId);
    const { rows, total } = await this.candidates.page(
      this.db,
      projectId,
      { ...query, response },
      query.sort,
      offsetOf(query.page, query.limit),
      query.limit,
    );
    return PaginatedResult.of(await this.withScheduling(rows), query.page, query.limit, total);
  }

  async fields(projectId: number): Promise<CandidateFieldsResponse> {
    await this.projects.requireScope(this.db, projectId);
    return { fields: await this.candidates.fields(this.db, projectId) };
  }

  async get(projectId: number, candidateId: number): Promise<ProjectCandidateResponse> {
    await this.projects.requireScope(this.db, projectId);
    return this.read(projectId, candidateId);
  }

  /** The candidate of a project already looked up. */
  private async read(projectId: number, candidateId: number): Promise<ProjectCandidateResponse> {
    const row = await this.candidates.find(this.db, projectId, candidateId);
    if (!row) throw candidateNotFound();
    return (await this.withScheduling([row]))[0];
  }

  async update(projectId: number, candidateId: number, body: UpdateCandidateDto): Promise<ProjectCandidateResponse> {
    await this.projects.requireScope(this.db, projectId);
    if (!(await this.candidates.update(this.db, projectId, candidateId, body))) throw candidateNotFound();
    return this.read(projectId, candidateId);
  }

  /**
   * Deletes the participation record (its logs, tokens, slots and reservation go with it). A confirmed reservation's
   * calendar event is cancelled in the same transaction: a provider failure answers 502 and nothing is deleted.
   */
  async delete(projectId: number, candidateId: number): Promise<void> {
    await this.projects.requireScope(this.db, projectId);
    await this.db.transaction().execute(async (trx) => {
      const eventId = await this.candidates.lockCalendarEvent(trx, candidateId);
      if (!(await this.candidates.delete(trx, projectId, candidateId))) throw candidateNotFound();
      if (eventId) {
        await this.calendar.cancelEvent(eventId).catch((error: unknown) => {
          if (error instanceof CalendarProviderError) {
            throw new RecruitingError('CALENDAR_PROVIDER_ERROR', 'The calendar provider failed; nothing was deleted');
          }
          throw error;
        });
      }
    });
  }

  async changeStatus(projectId: number, candidateId: number, body: UpdateStatusDto, userId: number): Promise<ProjectCandidateResponse> {
    await this.projects.requireScope(this.db, projectId);
    await this.db
      .transaction()
      .execute((trx) => this.status.change(trx, projectId, candidateId, { to: body.status, reason: body.reason, changedBy: userId }));
    return this.read(projectId, candidateId);
  }

  async history(projectId: number, candidateId: number): Promise<StatusHistoryEntry[]> {
    await this.projects.requireScope(this.db, projectId);
    if (!(await this.candidates.find(this.db, projectId, candidateId))) throw candidateNotFound();
    const rows = await this.candidates.history(this.db, candidateId);
    return rows.map(toStatusHistoryEntry);
  }

  /** All or nothing: an id that is not a candidate of the project answers 404 and nothing changes. */
  async select(projectId: number, body: UpdateSelectionDto): Promise<{ updated: number }> {
    const ids = body.selections.map((s) => s.candidateId);
    const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
    if (duplicate !== undefined) throw invalidField('selections', `candidateId ${duplicate} is listed more than once`);
    await this.projects.requireScope(this.db, projectId);
    const updated = await this.db.transaction().execute(async (trx) => {
      const found = await this.candidates.setSelections(
        trx,
        projectId,
        body.selections.map((s) => ({ candidateId: s.candidateId, selectionType: s.selectionType, segmentId: s.segmentId ?? null })),
      );
      if (found !== ids.length) throw notFound('A listed candidate does not exist in this project; nothing was changed');
      return found;
    });
    return { updated };
  }

  /** Re-applies the project's scoring rules to every candidate in one SQL statement. */
  async score(projectId: number): Promise<{ updated: number }> {
    const project = await this.projects.find(this.db, projectId);
    if (!project) throw projectNotFound();
    let rules;
    try {
      rules = parseScoringRules(project.scoringRules ?? []);
    } catch (error) {
      if (error instanceof ScoringRuleError) throw new RecruitingError('SCORING_ERROR', error.message);
      throw error;
    }
    if (rules.length === 0) throw new RecruitingError('SCORING_ERROR', 'The project has no scoring rules');
    return { updated: await this.candidates.applyScores(this.db, projectId, scoresSql(rules, projectId)) };
  }
}
