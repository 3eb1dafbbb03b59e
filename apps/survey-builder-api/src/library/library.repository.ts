import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { NormalizedPayload } from '../domain/library-payload';
import type { QuestionType } from '../domain/model';
import { likePattern, SCORE_CATEGORY, SCORE_PROMPT_TEXT, SCORE_SECTION_TITLE } from '../domain/theme-assist';

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

const COLUMNS = `id, source_survey_id AS "sourceSurveyId", source_survey_title AS "sourceSurveyTitle", source_question_id AS "sourceQuestionId",
  COALESCE(source_section_id, '') AS "sourceSectionId", source_external_survey_id AS "sourceExternalSurveyId",
  source_external_survey_name AS "sourceExternalSurveyName", source_external_question_id AS "sourceExternalQuestionId",
  category, section_title AS "sectionTitle", question_type AS "questionType", normalized_payload AS "normalizedPayload",
  created_at AS "createdAt", created_by AS "createdBy"`;

@Injectable()
export class LibraryRepository {
  async list(manager: EntityManager, query: { q?: string; category?: string; limit: number; offset: number }): Promise<LibraryItem[]> {
    const params: unknown[] = [query.limit, query.offset];
    const where: string[] = [];
    if (query.q) {
      const n = params.push(likePattern(query.q));
      where.push(`(normalized_payload->>'promptText' ILIKE $${n} OR section_title ILIKE $${n})`);
    }
    if (query.category) where.push(`category = $${params.push(query.category)}`);
    return manager.query<LibraryItem[]>(
      `SELECT ${COLUMNS} FROM library_item ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`,
      params,
    );
  }

  async findMany(manager: EntityManager, ids: string[]): Promise<LibraryItem[]> {
    return manager.query<LibraryItem[]>(`SELECT ${COLUMNS} FROM library_item WHERE id = ANY($1::uuid[])`, [ids]);
  }

  async delete(manager: EntityManager, id: string): Promise<boolean> {
    const [, count] = await manager.query(`DELETE FROM library_item WHERE id = $1`, [id]);
    return count === 1;
  }

  /** Theme-assist ranking (spec 4.1), computed over the whole library in the database. */
  async related(manager: EntityManager, keywords: string[], limit: number): Promise<LibraryItem[]> {
    if (keywords.length === 0) return [];
    return manager.query<LibraryItem[]>(
      `SELECT * FROM (
         SELECT ${COLUMNS},
           (CASE WHEN normalized_payload->>'promptText' ILIKE ANY($1::text[]) THEN ${SCORE_PROMPT_TEXT} ELSE 0 END
          + CASE WHEN category ILIKE ANY($1::text[]) THEN ${SCORE_CATEGORY} ELSE 0 END
          + CASE WHEN section_title ILIKE ANY($1::text[]) THEN ${SCORE_SECTION_TITLE} ELSE 0 END) AS score
         FROM library_item) scored
       WHERE score >= 1 ORDER BY score DESC, "createdAt" DESC, id LIMIT $2`,
      [keywords.map(likePattern), limit],
    );
  }

  /** Replaces a survey's entries (export): manually deleted entries come back. */
  async replaceForSurvey(manager: EntityManager, surveyId: string, items: NewLibraryItem[]): Promise<void> {
    await manager.query(`DELETE FROM library_item WHERE source_survey_id = $1`, [surveyId]);
    await this.insert(manager, items);
  }

  /** Adds entries; returns their ids in the order given. */
  async insert(manager: EntityManager, items: NewLibraryItem[]): Promise<string[]> {
    if (items.length === 0) return [];
    const ids = items.map(() => randomUUID());
    await manager.query(
      `INSERT INTO library_item (id, source_survey_id, source_survey_title, source_question_id, source_section_id, source_external_survey_id,
         source_external_survey_name, source_external_question_id, category, section_title, question_type, normalized_payload, created_by)
       SELECT id, source_survey_id, source_survey_title, source_question_id, source_section_id, source_external_survey_id,
         source_external_survey_name, source_external_question_id, category, section_title, question_type, normalized_payload, created_by
       FROM jsonb_to_recordset($1::jsonb) AS t(id uuid, source_survey_id uuid, source_survey_title text, source_question_id uuid,
         source_section_id text, source_external_survey_id uuid, source_external_survey_name text, source_external_question_id uuid,
         category text, section_title text, question_type text, normalized_payload jsonb, created_by uuid)`,
      [
        JSON.stringify(
          items.map((i, index) => ({
            id: ids[index],
            source_survey_id: i.sourceSurveyId,
            source_survey_title: i.sourceSurveyTitle,
            source_question_id: i.sourceQuestionId,
            source_section_id: i.sourceSectionId,
            source_external_survey_id: i.sourceExternalSurveyId,
            source_external_survey_name: i.sourceExternalSurveyName,
            source_external_question_id: i.sourceExternalQuestionId,
            category: i.category,
            section_title: i.sectionTitle,
            question_type: i.questionType,
            normalized_payload: i.normalizedPayload,
            created_by: i.createdBy,
          })),
        ),
      ],
    );
    return ids;
  }
}

/** A library entry as the API answers it (spec 2). */
export function libraryItemResponse(item: LibraryItem) {
  return {
    id: item.id,
    sourceSurveyId: item.sourceSurveyId,
    sourceSurveyTitle: item.sourceSurveyTitle,
    sourceQuestionId: item.sourceQuestionId,
    sourceSectionId: item.sourceSectionId,
    sourceExternalSurveyId: item.sourceExternalSurveyId,
    sourceExternalSurveyName: item.sourceExternalSurveyName,
    sourceExternalQuestionId: item.sourceExternalQuestionId,
    category: item.category,
    sectionTitle: item.sectionTitle,
    questionType: item.questionType,
    normalizedPayload: item.normalizedPayload,
    createdAt: new Date(item.createdAt).toISOString(),
    createdBy: item.createdBy,
  };
}
