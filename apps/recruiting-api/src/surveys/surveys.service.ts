import { Injectable } from '@nestjs/common';
import { RecruitingDb } from '../database/recruiting-db';
import { panelAnswers } from '../domain/panel-answers';
import { notFound } from '../recruiting.errors';
import type { ListPanelsQuery, ListQuestionsQuery, ListRespondentsQuery, ListSurveysQuery } from './dto/surveys.dto';
import { SurveyMetadataRepository } from '../database/repositories/survey-metadata.repository';
import { WarehouseClient } from '../warehouse/warehouse.client';
import { WarehouseRepository } from '../warehouse/warehouse.repository';
import { iso, panelOf, text } from './survey.mapper';
import {
  type PanelDetailResponse,
  type PanelListResponse,
  type RespondentListResponse,
  type SurveyDetailResponse,
  type SurveyListResponse,
  type SurveyPreviewResponse,
  type SurveyQuestionsResponse,
} from './dto/surveys.response';

/** How many respondents the survey preview shows. */
export const PREVIEW_RESPONDENTS = 5;

/** Survey data: the list and detail from the metadata cache, the rest from the warehouse. */
@Injectable()
export class SurveysService {
  constructor(
    private readonly db: RecruitingDb,
    private readonly warehouse: WarehouseClient,
    private readonly surveys: WarehouseRepository,
    private readonly cache: SurveyMetadataRepository,
  ) {}

  async list(query: ListSurveysQuery): Promise<SurveyListResponse> {
    this.warehouse.require();
    const { rows, total } = await this.cache.list(this.db, query.search, query.sort, query.limit, query.offset);
    return {
      surveys: rows.map((r) => ({
        surveyId: r.surveyId,
        name: r.name,
        lastModified: iso(r.lastModified),
        fileCount: r.fileCount,
        respondentCount: r.respondentCount,
      })),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  async detail(surveyId: string): Promise<SurveyDetailResponse> {
    const s = await this.cache.requireSurvey(this.db, surveyId);
    return {
      surveyId: s.surveyId,
      surveyName: s.name,
      collectorName: s.collectorName,
      statistics: {
        totalRespondents: s.respondentCount,
        completedRespondents: s.completedCount,
        questionCount: s.questionCount,
        earliestResponseAt: iso(s.earliestResponseAt),
        latestResponseAt: iso(s.latestResponseAt),
      },
      syncedAt: new Date(s.syncedAt).toISOString(),
    };
  }

  async questions(surveyId: string, query: ListQuestionsQuery): Promise<SurveyQuestionsResponse> {
    await this.cache.requireSurvey(this.db, surveyId);
    const { rows, total } = await this.surveys.questions(surveyId, query.search, query.limit, query.offset);
    return {
      surveyId,
      questions: rows.map((q) => ({
        questionId: q.questionId,
        questionText: q.questionText,
        questionType: q.questionType,
        ...(query.includeOptions ? { options: q.options } : {}),
      })),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  async preview(surveyId: string): Promise<SurveyPreviewResponse> {
    await this.cache.requireSurvey(this.db, surveyId);
    const [questions, sample, total] = await Promise.all([
      this.surveys.allQuestions(surveyId),
      this.surveys.sample(surveyId, PREVIEW_RESPONDENTS),
      this.surveys.countRespondents(surveyId, []),
    ]);
    return {
      surveyId,
      questions: questions.map((q) => ({ questionId: q.questionId, questionText: q.questionText, questionType: q.questionType })),
      totalRespondents: total,
      sampleRespondents: sample.map((p) => ({
        respondentId: p.panelId,
        answers: p.answers,
        completedAt: iso(p.completedAt),
        metadata: {
          isCompleted: p.isCompleted,
          customKey: p.customKey,
          platform: text(p.device?.platform),
          browser: text(p.device?.browser),
          os: text(p.device?.os),
          isMobile: typeof p.device?.isMobile === 'boolean' ? p.device.isMobile : null,
        },
      })),
    };
  }

  async panels(surveyId: string, query: ListPanelsQuery): Promise<PanelListResponse> {
    await this.cache.requireSurvey(this.db, surveyId);
    const { rows, total } = await this.surveys.panels(
      surveyId,
      { isCompleted: query.isCompleted, search: query.search },
      query.sort,
      query.limit,
      query.offset,
    );
    return { panels: rows.map(panelOf), total, limit: query.limit, offset: query.offset };
  }

  async panel(surveyId: string, panelId: string, includeUnanswered: boolean): Promise<PanelDetailResponse> {
    await this.cache.requireSurvey(this.db, surveyId);
    const [row, questions] = await Promise.all([this.surveys.panel(surveyId, panelId), this.surveys.allQuestions(surveyId)]);
    if (!row) throw notFound('The respondent does not exist in this survey');
    return {
      panel: { ...panelOf(row), urlParameter: row.urlParameter, updatedAt: new Date(row.updatedAt).toISOString() },
      ...panelAnswers(questions, row.answers ?? {}, includeUnanswered),
    };
  }

  async respondents(surveyId: string, query: ListRespondentsQuery): Promise<RespondentListResponse> {
    await this.cache.requireSurvey(this.db, surveyId);
    const { rows, total } = await this.surveys.respondents(surveyId, query.onlyCompleted, query.limit, query.offset);
    return {
      surveyId,
      respondents: rows.map((r) => ({ respondentId: r.panelId, answers: r.answers ?? {}, completedAt: iso(r.completedAt) })),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }
}
