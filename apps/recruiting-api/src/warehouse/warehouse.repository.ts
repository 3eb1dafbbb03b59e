import { Injectable } from '@nestjs/common';
import type { SurveyStatsRow } from '../domain/survey-stats';
import { WarehouseClient } from './warehouse.client';

/** The warehouse's tables (schema `warehouse`, written by scripts/warehouse.ts seed). */
export const W = 'warehouse';

export interface QuestionRow {
  questionId: string;
  questionText: string;
  questionType: string;
  options: string[];
}

export interface PanelRow {
  panelId: string;
  isCompleted: boolean;
  customKey: string | null;
  urlParameter: string | null;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  device: Record<string, unknown> | null;
  ipAddress: string | null;
  answers: Record<string, unknown>;
}

export const PANEL_SORTS = ['completedAt', '-completedAt', 'createdAt', '-createdAt', 'panelId', '-panelId'] as const;
export type PanelSort = (typeof PANEL_SORTS)[number];

const PANEL_ORDER: Record<PanelSort, string> = {
  completedAt: 'completed_at asc nulls last, panel_id asc',
  '-completedAt': 'completed_at desc nulls last, panel_id desc',
  createdAt: 'created_at asc, panel_id asc',
  '-createdAt': 'created_at desc, panel_id desc',
  panelId: 'panel_id asc',
  '-panelId': 'panel_id desc',
};

const PANEL_COLUMNS = `panel_id as "panelId", is_completed as "isCompleted", custom_key as "customKey", url_parameter as "urlParameter",
  completed_at as "completedAt", created_at as "createdAt", updated_at as "updatedAt", device, ip_address as "ipAddress"`;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One equality condition of a survey import filter on a question's answer (text, or one element of a multi-select). */
export interface AnswerEquals {
  field: string;
  value: string;
}

function answerFilter(conditions: AnswerEquals[], values: unknown[]): string {
  return conditions
    .map((c) => {
      values.push(c.field, c.value);
      const f = `$${values.length - 1}`;
      const v = `$${values.length}`;
      return `(answers ->> ${f} = ${v} or (jsonb_typeof(answers -> ${f}) = 'array' and answers -> ${f} ? ${v}))`;
    })
    .join(' and ');
}

/** Read-only queries of the survey warehouse, always named by survey id (the caller checked it exists). */
@Injectable()
export class WarehouseRepository {
  constructor(private readonly warehouse: WarehouseClient) {}

  /** Everything the metadata cache keeps, per survey. */
  stats(): Promise<SurveyStatsRow[]> {
    return this.warehouse.query<SurveyStatsRow>(`
      select s.survey_id as "surveyId", s.name, s.collector_name as "collectorName", s.last_modified as "lastModified",
             s.file_count as "fileCount",
             (select count(*) from ${W}.panels p where p.survey_id = s.survey_id)::int as "respondentCount",
             (select count(*) from ${W}.panels p where p.survey_id = s.survey_id and p.is_completed)::int as "completedCount",
             (select count(*) from ${W}.questions q where q.survey_id = s.survey_id)::int as "questionCount",
             (select min(p.completed_at) from ${W}.panels p where p.survey_id = s.survey_id) as "earliestResponseAt",
             (select max(p.completed_at) from ${W}.panels p where p.survey_id = s.survey_id) as "latestResponseAt"
      from ${W}.surveys s order by s.survey_id`);
  }

  async questions(
    surveyId: string,
    search: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: QuestionRow[]; total: number }> {
    const values: unknown[] = [surveyId];
    let where = 'survey_id = $1';
    if (search) {
      values.push(likePattern(search));
      where += ` and question_text ilike $${values.length}`;
    }
    const [rows, count] = await Promise.all([
      this.warehouse.query<QuestionRow>(
        `select question_id as "questionId", question_text as "questionText", question_type as "questionType", options
         from ${W}.questions where ${where} order by position, question_id limit ${limit} offset ${offset}`,
        values,
      ),
      this.warehouse.query<{ total: number }>(`select count(*)::int as total from ${W}.questions where ${where}`, values),
    ]);
    return { rows, total: count[0].total };
  }

  allQuestions(surveyId: string): Promise<QuestionRow[]> {
    return this.warehouse.query<QuestionRow>(
      `select question_id as "questionId", question_text as "questionText", question_type as "questionType", options
       from ${W}.questions where survey_id = $1 order by position, question_id`,
      [surveyId],
    );
  }

  async panels(
    surveyId: string,
    filter: { isCompleted?: boolean; search?: string },
    sort: PanelSort,
    limit: number,
    offset: number,
  ): Promise<{ rows: PanelRow[]; total: number }> {
    const values: unknown[] = [surveyId];
    let where = 'survey_id = $1';
    if (filter.isCompleted !== undefined) {
      values.push(filter.isCompleted);
      where += ` and is_completed = $${values.length}`;
    }
    if (filter.search) {
      values.push(likePattern(filter.search));
      where += ` and (panel_id ilike $${values.length} or custom_key ilike $${values.length})`;
    }
    const [rows, count] = await Promise.all([
      this.warehouse.query<PanelRow>(
        `select ${PANEL_COLUMNS} from ${W}.panels where ${where} order by ${PANEL_ORDER[sort]} limit ${limit} offset ${offset}`,
        values,
      ),
      this.warehouse.query<{ total: number }>(`select count(*)::int as total from ${W}.panels where ${where}`, values),
    ]);
    return { rows, total: count[0].total };
  }

  async panel(surveyId: string, panelId: string): Promise<PanelRow | undefined> {
    const rows = await this.warehouse.query<PanelRow>(
      `select ${PANEL_COLUMNS}, answers from ${W}.panels where survey_id = $1 and panel_id = $2`,
      [surveyId, panelId],
    );
    return rows[0];
  }

  /** Respondents with their answers, in the warehouse's order (completed first when asked for only those). */
  async respondents(
    surveyId: string,
    onlyCompleted: boolean,
    limit: number,
    offset: number,
  ): Promise<{ rows: Array<Pick<PanelRow, 'panelId' | 'answers' | 'completedAt'>>; total: number }> {
    const where = `survey_id = $1${onlyCompleted ? ' and is_completed' : ''}`;
    const [rows, count] = await Promise.all([
      this.warehouse.query<Pick<PanelRow, 'panelId' | 'answers' | 'completedAt'>>(
        `select panel_id as "panelId", answers, completed_at as "completedAt" from ${W}.panels where ${where}
         order by seq, panel_id limit ${limit} offset ${offset}`,
        [surveyId],
      ),
      this.warehouse.query<{ total: number }>(`select count(*)::int as total from ${W}.panels where ${where}`, [surveyId]),
    ]);
    return { rows, total: count[0].total };
  }

  /** The first completed respondents, for the preview. */
  sample(surveyId: string, size: number): Promise<PanelRow[]> {
    return this.warehouse.query<PanelRow>(
      `select ${PANEL_COLUMNS}, answers from ${W}.panels where survey_id = $1 and is_completed order by seq, panel_id limit ${size}`,
      [surveyId],
    );
  }

  async countRespondents(surveyId: string, conditions: AnswerEquals[]): Promise<number> {
    const values: unknown[] = [surveyId];
    const filter = conditions.length ? ` and ${answerFilter(conditions, values)}` : '';
    const rows = await this.warehouse.query<{ total: number }>(
      `select count(*)::int as total from ${W}.panels where survey_id = $1${filter}`,
      values,
    );
    return rows[0].total;
  }

  /** Filtered respondents in a stable order, `limit` from `offset`: what a survey import reads batch by batch. */
  filteredRespondents(
    surveyId: string,
    conditions: AnswerEquals[],
    limit: number,
    offset: number,
  ): Promise<Array<Pick<PanelRow, 'panelId' | 'answers'>>> {
    const values: unknown[] = [surveyId];
    const filter = conditions.length ? ` and ${answerFilter(conditions, values)}` : '';
    return this.warehouse.query(
      `select panel_id as "panelId", answers from ${W}.panels where survey_id = $1${filter}
       order by seq, panel_id limit ${Math.floor(limit)} offset ${Math.floor(offset)}`,
      values,
    );
  }
}
