import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { anyUuid, containsPattern, json } from '@platform/persistence';
import type { Db, Trx } from '../database/builder-db';
import type { NormalizedPayload } from '../domain/library-payload';
import type { QuestionType } from '../domain/model';
import { SCORE_CATEGORY, SCORE_PROMPT_TEXT, SCORE_SECTION_TITLE } from '../domain/theme-assist';

export interface LibraryItem {
  id: string;
  sourceSurveyId: string | null;
  sourceSurveyTitle: string | null;
  sourceQuestionId: string | null;
  sourceSectionId: string;
  sourceExternalSurveyId: string | null;
  sourceExternalSurveyName: string | null;
  sourceExternalQuestionId: string | null;
  category: string;
  sectionTitle: string;
  questionType: QuestionType;
  normalizedPayload: NormalizedPayload;
  createdAt: Date;
  createdBy: string | null;
}

export type NewLibraryItem = Omit<LibraryItem, 'id' | 'createdAt'>;

/** The one column list of the library_item table. */
const LIBRARY_COLUMNS = [
  'id',
  'sourceSurveyId',
  'sourceSurveyTitle',
  'sourceQuestionId',
  'sourceSectionId',
  'sourceExternalSurveyId',
  'sourceExternalSurveyName',
  'sourceExternalQuestionId',
  'category',
  'sectionTitle',
  'questionType',
  'normalizedPayload',
  'createdAt',
  'createdBy',
] as const;

type LibraryRow = Omit<LibraryItem, 'sourceSectionId' | 'questionType' | 'normalizedPayload'> & {
  sourceSectionId: string | null;
  questionType: string;
  normalizedPayload: unknown;
};

function toItem(row: LibraryRow): LibraryItem {
  return {
    ...row,
    sourceSectionId: row.sourceSectionId ?? '',
    questionType: row.questionType as QuestionType,
    normalizedPayload: row.normalizedPayload as NormalizedPayload,
  };
}

const ROWS_PER_INSERT = 1000;

@Injectable()
export class LibraryRepository {
  /** q matches the prompt text and the section title; category matches exactly. Paged in the database. */
  async list(db: Db, query: { q?: string; category?: string; limit: number; offset: number }): Promise<LibraryItem[]> {
    const rows = await db
      .selectFrom('libraryItem')
      .select(LIBRARY_COLUMNS)
      .$if(Boolean(query.q), (q) =>
        q.where((eb) =>
          eb.or([
            eb(sql<string>`normalized_payload->>'promptText'`, 'ilike', containsPattern(query.q!)),
            eb('sectionTitle', 'ilike', containsPattern(query.q!)),
          ]),
        ),
      )
      .$if(Boolean(query.category), (q) => q.where('category', '=', query.category!))
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    return rows.map(toItem);
  }

  async findMany(db: Db, ids: string[]): Promise<LibraryItem[]> {
    if (ids.length === 0) return [];
    return (await db.selectFrom('libraryItem').select(LIBRARY_COLUMNS).where('id', '=', anyUuid(ids)).execute()).map(toItem);
  }

  async delete(db: Db, id: string): Promise<boolean> {
    const result = await db.deleteFrom('libraryItem').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows === 1n;
  }

  /** Theme-assist ranking (`suggestThemeContent`), computed over the whole library in the database. */
  async related(db: Db, keywords: string[], limit: number): Promise<LibraryItem[]> {
    if (keywords.length === 0) return [];
    const patterns = keywords.map(containsPattern);
    const anyPattern = sql<string>`any(${patterns}::text[])`;
    const rows = await db
      .selectFrom((eb) =>
        eb
          .selectFrom('libraryItem')
          .select(LIBRARY_COLUMNS)
          .select((inner) =>
            sql<number>`(${inner
              .case()
              .when(sql<string>`normalized_payload->>'promptText'`, 'ilike', anyPattern)
              .then(SCORE_PROMPT_TEXT)
              .else(0)
              .end()}
              + ${inner.case().when('category', 'ilike', anyPattern).then(SCORE_CATEGORY).else(0).end()}
              + ${inner.case().when('sectionTitle', 'ilike', anyPattern).then(SCORE_SECTION_TITLE).else(0).end()})`.as('score'),
          )
          .as('scored'),
      )
      .selectAll()
      .where('score', '>=', 1)
      .orderBy('score', 'desc')
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(({ score: _score, ...row }) => toItem(row));
  }

  /** Replaces a survey's entries (export): manually deleted entries come back. */
  async replaceForSurvey(trx: Trx, surveyId: string, items: NewLibraryItem[]): Promise<void> {
    await trx.deleteFrom('libraryItem').where('sourceSurveyId', '=', surveyId).execute();
    await this.insert(trx, items);
  }

  /** Adds entries; returns their ids in the order given. */
  async insert(trx: Trx, items: NewLibraryItem[]): Promise<string[]> {
    const rows = items.map((item) => ({ ...item, id: randomUUID(), normalizedPayload: json(item.normalizedPayload) }));
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      await trx
        .insertInto('libraryItem')
        .values(rows.slice(start, start + ROWS_PER_INSERT))
        .execute();
    }
    return rows.map((row) => row.id);
  }
}
