import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { LossyDown } from '@platform/persistence';

/**
 * Imports: uploaded files kept in PostgreSQL for 24 hours (as 1 MiB bytea chunks, so neither the upload nor the
 * job ever holds a whole file), import logs with their counts, per-row errors and a checkpoint (the last data row a
 * committed batch covered, so a job resumes where it stopped), and the survey metadata cache the survey list reads.
 */
export class RecruitingImports1767000002000 implements MigrationInterface, LossyDown {
  readonly downLosesData = 'it drops the uploaded files, import logs and their errors';
  name = 'RecruitingImports1767000002000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`SET LOCAL search_path TO recruiting`);
    await runner.query(`
      CREATE TABLE import_files (
        id uuid PRIMARY KEY,
        project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        name text NOT NULL CHECK (char_length(name) <= 1000),
        size bigint NOT NULL CHECK (size >= 0),
        encoding text NOT NULL CHECK (encoding IN ('utf-8', 'utf-16le', 'utf-16be')),
        row_count integer NOT NULL,
        columns jsonb NOT NULL,
        suggested_mapping jsonb NOT NULL,
        preview jsonb NOT NULL,
        uploaded_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX import_files_expiry ON import_files (expires_at)`);
    await runner.query(`
      CREATE TABLE import_file_chunks (
        file_id uuid NOT NULL REFERENCES import_files (id) ON DELETE CASCADE,
        seq integer NOT NULL CHECK (seq >= 0),
        data bytea NOT NULL,
        PRIMARY KEY (file_id, seq)
      )`);
    await runner.query(`
      CREATE TABLE import_logs (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('file', 'survey')),
        file_id uuid,
        survey_id text CHECK (char_length(survey_id) <= 255),
        request jsonb NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'completed', 'partial', 'failed')),
        imported_count integer NOT NULL DEFAULT 0,
        skipped_count integer NOT NULL DEFAULT 0,
        error_count integer NOT NULL DEFAULT 0,
        duplicate_count integer NOT NULL DEFAULT 0,
        checkpoint integer NOT NULL DEFAULT 0,
        failure text,
        created_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        CHECK ((kind = 'file') = (file_id IS NOT NULL) AND (kind = 'survey') = (survey_id IS NOT NULL))
      )`);
    await runner.query(`CREATE INDEX import_logs_project ON import_logs (project_id, id)`);
    await runner.query(`
      CREATE TABLE import_errors (
        import_log_id integer NOT NULL REFERENCES import_logs (id) ON DELETE CASCADE,
        row integer NOT NULL,
        seq smallint NOT NULL,
        respondent_id text NOT NULL,
        field text NOT NULL,
        message text NOT NULL,
        PRIMARY KEY (import_log_id, row, seq)
      )`);
    await runner.query(`
      CREATE TABLE survey_metadata_cache (
        survey_id text PRIMARY KEY,
        name text NOT NULL,
        collector_name text,
        last_modified timestamptz,
        file_count integer NOT NULL DEFAULT 0,
        respondent_count integer NOT NULL DEFAULT 0,
        completed_count integer NOT NULL DEFAULT 0,
        question_count integer NOT NULL DEFAULT 0,
        earliest_response_at timestamptz,
        latest_response_at timestamptz,
        synced_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`SET LOCAL search_path TO recruiting`);
    await runner.query(`DROP TABLE survey_metadata_cache, import_errors, import_logs, import_file_chunks, import_files`);
  }
}
