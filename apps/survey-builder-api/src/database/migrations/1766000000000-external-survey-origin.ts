import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { LossyDown } from '@platform/persistence';

/**
 * Bundles posted to /api/imports/survey-platform/bundle belong to the source the path names
 * (survey_platform); the bundle's own `origin` is kept as data. Rows stored before kept the origin as their
 * source: each external id's newest such row moves to survey_platform (unless that source already holds
 * the id), the origin is copied into its own column either way.
 */
export class ExternalSurveyOrigin1766000000000 implements MigrationInterface, LossyDown {
  readonly downLosesData = 'it drops the origin of every external survey';
  name = 'ExternalSurveyOrigin1766000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`SET LOCAL search_path TO survey_builder`);
    await runner.query(`ALTER TABLE external_survey ADD COLUMN origin text NOT NULL DEFAULT ''`);
    await runner.query(`UPDATE external_survey SET origin = source`);
    await runner.query(`
      UPDATE external_survey e SET source = 'survey_platform'
      FROM (
        SELECT id, row_number() OVER (PARTITION BY external_id ORDER BY imported_at DESC, id) AS rank
        FROM external_survey WHERE source <> 'survey_platform'
      ) newest
      WHERE e.id = newest.id AND newest.rank = 1
        AND NOT EXISTS (SELECT 1 FROM external_survey o WHERE o.source = 'survey_platform' AND o.external_id = e.external_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`SET LOCAL search_path TO survey_builder`);
    await runner.query(`ALTER TABLE external_survey DROP COLUMN origin`);
  }
}
