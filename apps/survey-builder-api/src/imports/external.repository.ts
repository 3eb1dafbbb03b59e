import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { anyUuid, json } from '@platform/persistence';
import type { Db, Trx } from '../database/builder-db';
import type { ExternalItemToInsert, ExternalSurveyToInsert } from './external-bundle';

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

const ROWS_PER_INSERT = 1000;

async function insertInChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) await write(rows.slice(start, start + ROWS_PER_INSERT));
}

const toRow = (row: { id: string; source: string; externalId: string; name: string }): ExternalSurveyRow => ({
  ...row,
  externalId: Number(row.externalId),
});

@Injectable()
export class ExternalRepository {
  /**
   * Holds the (source, external id) of a questionnaire for the rest of the transaction: concurrent imports
   * of the same questionnaire replace it one after another instead of colliding on the unique key.
   */
  async lock(trx: Trx, source: string, externalId: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${'external_survey'}), hashtext(${`${source}:${externalId}`}))`.execute(trx);
  }

  /** Deletes a stored questionnaire with all its children and library entries (they cascade). */
  async deleteExisting(trx: Trx, source: string, externalId: number): Promise<void> {
    await trx.deleteFrom('externalSurvey').where('source', '=', source).where('externalId', '=', String(externalId)).execute();
  }

  async insert(trx: Trx, survey: ExternalSurveyToInsert): Promise<void> {
    await trx
      .insertInto('externalSurvey')
      .values({
        id: survey.id,
        source: survey.source,
        origin: survey.origin,
        externalId: survey.externalId,
        name: survey.name,
        surveyRaw: json(survey.surveyRaw),
        questionnaireRaw: json(survey.questionnaireRaw),
        fetchedAt: survey.fetchedAt,
        importedBy: survey.importedBy,
      })
      .execute();
    await insertInChunks(survey.questions, (chunk) =>
      trx
        .insertInto('externalQuestion')
        .values(
          chunk.map((q) => ({
            id: q.id,
            externalSurveyId: survey.id,
            externalId: q.externalId,
            answerType: q.answerType,
            answerTypeName: q.answerTypeName,
            renderedSentence: q.renderedSentence,
            orderIndex: q.orderIndex,
            anyLogic: q.anyLogic,
            anyVisibility: q.anyVisibility,
            raw: json(q.raw),
          })),
        )
        .execute(),
    );
    const items = (pick: 'answerItems' | 'subItems') =>
      survey.questions.flatMap((q) =>
        q[pick].map((i: ExternalItemToInsert) => ({
          externalQuestionId: q.id,
          externalId: i.externalId,
          sentence: i.sentence,
          orderIndex: i.orderIndex,
          raw: json(i.raw),
        })),
      );
    await insertInChunks(items('answerItems'), (chunk) => trx.insertInto('externalAnswerItem').values(chunk).execute());
    await insertInChunks(items('subItems'), (chunk) => trx.insertInto('externalSubItem').values(chunk).execute());
    const logics = survey.questions.flatMap((q) => q.logics.map((logic) => ({ ...logic, questionId: q.id })));
    await insertInChunks(logics, (chunk) =>
      trx
        .insertInto('externalLogic')
        .values(
          chunk.map((l) => ({
            id: l.id,
            externalQuestionId: l.questionId,
            externalId: l.externalId,
            orderIndex: l.orderIndex,
            logicAction: json(l.logicAction),
            raw: json(l.raw),
          })),
        )
        .execute(),
    );
    const logicItems = logics.flatMap((l) =>
      l.items.map((i) => ({
        externalLogicId: l.id,
        externalId: i.externalId,
        questionExternalId: i.questionExternalId,
        answerItemExternalId: i.answerItemExternalId,
        verb: i.verb,
        value: i.value,
        raw: json(i.raw),
      })),
    );
    await insertInChunks(logicItems, (chunk) => trx.insertInto('externalLogicItem').values(chunk).execute());
  }

  async externalIds(db: Db, source: string): Promise<number[]> {
    const rows = await db.selectFrom('externalSurvey').select('externalId').where('source', '=', source).orderBy('externalId').execute();
    return rows.map((r) => Number(r.externalId));
  }

  async surveys(db: Db, page: { limit: number; offset: number }): Promise<ExternalSurveyRow[]> {
    const rows = await db
      .selectFrom('externalSurvey')
      .select(['id', 'source', 'externalId', 'name'])
      .orderBy('importedAt', 'desc')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return rows.map(toRow);
  }

  async survey(db: Db, id: string): Promise<ExternalSurveyRow | undefined> {
    const row = await db
      .selectFrom('externalSurvey')
      .select(['id', 'source', 'externalId', 'name'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toRow(row);
  }

  /** The questions of the given questionnaires in order, each with its library entry. */
  async questions(db: Db, externalSurveyIds: string[]): Promise<ExternalQuestionRow[]> {
    if (externalSurveyIds.length === 0) return [];
    return db
      .selectFrom('externalQuestion as q')
      .leftJoin('libraryItem as l', 'l.sourceExternalQuestionId', 'q.id')
      .select(['q.id', 'q.externalSurveyId', 'q.answerTypeName', 'q.renderedSentence', 'l.id as libraryItemId'])
      .where('q.externalSurveyId', '=', anyUuid(externalSurveyIds))
      .orderBy('q.externalSurveyId')
      .orderBy('q.orderIndex')
      .orderBy('q.externalId')
      .execute();
  }
}
