import { Injectable } from '@nestjs/common';
import { containsPattern } from '@platform/persistence';
import { sql } from 'kysely';
import type { Db } from '../recruiting-db';
import { notFound } from '../../recruiting.errors';
import type { SurveyStatsRow } from '../../domain/survey-stats';

export const SURVEY_SORTS = [
  'latestResponseAt',
  '-latestResponseAt',
  'lastModified',
  '-lastModified',
  'name',
  '-name',
  'respondentCount',
  '-respondentCount',
] as const;
export type SurveySort = (typeof SURVEY_SORTS)[number];

const ORDER: Record<SurveySort, string> = {
  latestResponseAt: 'latest_response_at asc nulls last, survey_id asc',
  '-latestResponseAt': 'latest_response_at desc nulls last, survey_id desc',
  lastModified: 'last_modified asc nulls last, survey_id asc',
  '-lastModified': 'last_modified desc nulls last, survey_id desc',
  name: 'name asc, survey_id asc',
  '-name': 'name desc, survey_id desc',
  respondentCount: 'respondent_count asc, survey_id asc',
  '-respondentCount': 'respondent_count desc, survey_id desc',
};

export interface SurveyMetadataRow extends SurveyStatsRow {
  syncedAt: Date;
}

/** The survey metadata cache (recruiting.survey_metadata_cache): what the survey list and the 404 checks read. */
@Injectable()
export class SurveyMetadataRepository {
  async list(db: Db, search: string | undefined, sort: SurveySort, limit: number, offset: number) {
    let query = db.selectFrom('surveyMetadataCache');
    if (search) query = query.where('name', 'ilike', containsPattern(search));
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy(sql.raw(ORDER[sort])).limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as SurveyMetadataRow[], total: Number(count.total) };
  }

  /** The survey's cached metadata, or 404 (before any warehouse query). */
  async requireSurvey(db: Db, surveyId: string): Promise<SurveyMetadataRow> {
    const survey = await this.find(db, surveyId);
    if (!survey) throw notFound('The survey does not exist');
    return survey;
  }

  async find(db: Db, surveyId: string): Promise<SurveyMetadataRow | undefined> {
    return (await db.selectFrom('surveyMetadataCache').selectAll().where('surveyId', '=', surveyId).executeTakeFirst()) as
      SurveyMetadataRow | undefined;
  }

  /** Replaces the cache with the warehouse's current surveys, in one transaction. */
  async replaceAll(db: Db, rows: SurveyStatsRow[]): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('survey-metadata-sync'))`.execute(trx);
      await sql`delete from survey_metadata_cache where not (survey_id = any(${rows.map((r) => r.surveyId)}::text[]))`.execute(trx);
      if (rows.length === 0) return;
      await sql`
        insert into survey_metadata_cache (survey_id, name, collector_name, last_modified, file_count, respondent_count,
          completed_count, question_count, earliest_response_at, latest_response_at, synced_at)
        select * , now() from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t("surveyId" text, name text, "collectorName" text,
          "lastModified" timestamptz, "fileCount" int, "respondentCount" int, "completedCount" int, "questionCount" int,
          "earliestResponseAt" timestamptz, "latestResponseAt" timestamptz)
        on conflict (survey_id) do update set name = excluded.name, collector_name = excluded.collector_name,
          last_modified = excluded.last_modified, file_count = excluded.file_count, respondent_count = excluded.respondent_count,
          completed_count = excluded.completed_count, question_count = excluded.question_count,
          earliest_response_at = excluded.earliest_response_at, latest_response_at = excluded.latest_response_at, synced_at = now()`.execute(
        trx,
      );
    });
  }
}
