import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { insertRows } from '../common/sql';

export interface ExternalSurveyRow {
  id: string;
  source: string;
  externalId: number;
  name: string;
}

export interface ExternalQuestionRow {
  id: string;
  externalSurveyId: string;
  answerTypeName: string;
  renderedSentence: string;
  libraryItemId: string | null;
}

/** One external questionnaire as written: its rows, with ids chosen here so children can refer to them. */
export interface ExternalSurveyToInsert {
  id: string;
  source: string;
  externalId: number;
  name: string;
  surveyRaw: unknown;
  questionnaireRaw: unknown;
  fetchedAt: string | null;
  importedBy: string;
  questions: Array<{
    id: string;
    externalId: number;
    answerType: number | null;
    answerTypeName: string;
    renderedSentence: string;
    orderIndex: number;
    anyLogic: boolean;
    anyVisibility: boolean;
    raw: unknown;
    answerItems: Array<{ externalId: number | null; sentence: string; orderIndex: number; raw: unknown }>;
    subItems: Array<{ externalId: number | null; sentence: string; orderIndex: number; raw: unknown }>;
    logics: Array<{
      externalId: number | null;
      orderIndex: number;
      logicAction: unknown;
      raw: unknown;
      items: Array<{ externalId: number | null; questionExternalId: number | null; answerItemExternalId: number | null; verb: string | null; value: string | null; raw: unknown }>;
    }>;
  }>;
}

@Injectable()
export class ExternalRepository {
  /** Deletes a stored questionnaire with all its children and library entries (they cascade). */
  async deleteExisting(manager: EntityManager, source: string, externalId: number): Promise<void> {
    await manager.query(`DELETE FROM external_survey WHERE source = $1 AND external_id = $2`, [source, externalId]);
  }

  async insert(manager: EntityManager, survey: ExternalSurveyToInsert): Promise<void> {
    await manager.query(
      `INSERT INTO external_survey (id, source, external_id, name, survey_raw, questionnaire_raw, fetched_at, imported_by)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8)`,
      [survey.id, survey.source, survey.externalId, survey.name, JSON.stringify(survey.surveyRaw), JSON.stringify(survey.questionnaireRaw), survey.fetchedAt, survey.importedBy],
    );
    await insertRows(
      manager,
      'external_question',
      {
        id: 'uuid',
        external_survey_id: 'uuid',
        external_id: 'bigint',
        answer_type: 'int',
        answer_type_name: 'text',
        rendered_sentence: 'text',
        order_index: 'int',
        any_logic: 'boolean',
        any_visibility: 'boolean',
        raw: 'jsonb',
      },
      survey.questions.map((q) => ({
        id: q.id,
        external_survey_id: survey.id,
        external_id: q.externalId,
        answer_type: q.answerType,
        answer_type_name: q.answerTypeName,
        rendered_sentence: q.renderedSentence,
        order_index: q.orderIndex,
        any_logic: q.anyLogic,
        any_visibility: q.anyVisibility,
        raw: q.raw,
      })),
    );
    const itemColumns = { external_question_id: 'uuid', external_id: 'bigint', sentence: 'text', order_index: 'int', raw: 'jsonb' };
    const items = (pick: 'answerItems' | 'subItems') =>
      survey.questions.flatMap((q) =>
        q[pick].map((i) => ({ external_question_id: q.id, external_id: i.externalId, sentence: i.sentence, order_index: i.orderIndex, raw: i.raw })),
      );
    await insertRows(manager, 'external_answer_item', itemColumns, items('answerItems'));
    await insertRows(manager, 'external_sub_item', itemColumns, items('subItems'));
    const logics = survey.questions.flatMap((q) => q.logics.map((logic) => ({ ...logic, id: randomUUID(), questionId: q.id })));
    await insertRows(
      manager,
      'external_logic',
      { id: 'uuid', external_question_id: 'uuid', external_id: 'bigint', order_index: 'int', logic_action: 'jsonb', raw: 'jsonb' },
      logics.map((l) => ({ id: l.id, external_question_id: l.questionId, external_id: l.externalId, order_index: l.orderIndex, logic_action: l.logicAction, raw: l.raw })),
    );
    await insertRows(
      manager,
      'external_logic_item',
      { external_logic_id: 'uuid', external_id: 'bigint', question_external_id: 'bigint', answer_item_external_id: 'bigint', verb: 'text', value: 'text', raw: 'jsonb' },
      logics.flatMap((l) =>
        l.items.map((i) => ({
          external_logic_id: l.id,
          external_id: i.externalId,
          question_external_id: i.questionExternalId,
          answer_item_external_id: i.answerItemExternalId,
          verb: i.verb,
          value: i.value,
          raw: i.raw,
        })),
      ),
    );
  }

  async externalIds(manager: EntityManager, source: string): Promise<number[]> {
    const rows = await manager.query<Array<{ external_id: string }>>(
      `SELECT external_id FROM external_survey WHERE source = $1 ORDER BY external_id`,
      [source],
    );
    return rows.map((r) => Number(r.external_id));
  }

  async surveys(manager: EntityManager, page: { limit: number; offset: number }): Promise<ExternalSurveyRow[]> {
    const rows = await manager.query<Array<ExternalSurveyRow & { externalId: string }>>(
      `SELECT id, source, external_id AS "externalId", name FROM external_survey ORDER BY imported_at DESC, id LIMIT $1 OFFSET $2`,
      [page.limit, page.offset],
    );
    return rows.map((r) => ({ ...r, externalId: Number(r.externalId) }));
  }

  async survey(manager: EntityManager, id: string): Promise<ExternalSurveyRow | undefined> {
    const [row] = await manager.query<Array<ExternalSurveyRow & { externalId: string }>>(
      `SELECT id, source, external_id AS "externalId", name FROM external_survey WHERE id = $1`,
      [id],
    );
    return row && { ...row, externalId: Number(row.externalId) };
  }

  /** The questions of the given questionnaires in order, each with its library entry. */
  async questions(manager: EntityManager, externalSurveyIds: string[]): Promise<ExternalQuestionRow[]> {
    return manager.query<ExternalQuestionRow[]>(
      `SELECT q.id, q.external_survey_id AS "externalSurveyId", q.answer_type_name AS "answerTypeName",
              q.rendered_sentence AS "renderedSentence", l.id AS "libraryItemId"
       FROM external_question q LEFT JOIN library_item l ON l.source_external_question_id = q.id
       WHERE q.external_survey_id = ANY($1::uuid[])
       ORDER BY q.external_survey_id, q.order_index, q.external_id`,
      [externalSurveyIds],
    );
  }
}

