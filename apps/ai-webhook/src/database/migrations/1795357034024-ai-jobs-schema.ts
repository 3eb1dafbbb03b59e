import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { LossyDown } from '@platform/persistence';

/**
 * The AI webhook's relational rows (the AI status webhook, `reportAiJobStatus`, and issue 12): organizations and their projects, who
 * may read a project, the records of the standard envelope types, the jobs of page_import, code2des and
 * wf2des with one row per attempt (each attempt's nonce, so a late callback of an earlier attempt is told
 * apart from a forged one), and the audit of every accepted callback.
 */
export class AiJobsSchema1795357034024 implements MigrationInterface, LossyDown {
  readonly downLosesData = 'it drops every organization, project, AI job, record and audit row';
  name = 'AiJobsSchema1795357034024';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`SET LOCAL search_path TO ai_jobs`);
    await runner.query(`
      CREATE TABLE organization (
        id bigint PRIMARY KEY CHECK (id > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE project (
        id bigint PRIMARY KEY CHECK (id > 0),
        organization_id bigint NOT NULL REFERENCES organization (id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX project_organization_idx ON project (organization_id)`);
    await runner.query(`
      CREATE TABLE project_membership (
        project_id bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        subject text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, subject)
      )`);
    await runner.query(`
      CREATE TABLE ai_record (
        id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
        organization_id bigint NOT NULL REFERENCES organization (id),
        project_id bigint NOT NULL REFERENCES project (id),
        type text NOT NULL CHECK (type IN ('design-import', 'code-import', 'des2code')),
        status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'completed', 'failed')),
        result jsonb,
        error text,
        artifact jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await runner.query(`CREATE INDEX ai_record_project_idx ON ai_record (project_id)`);
    await runner.query(`
      CREATE TABLE ai_job (
        job_id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
        organization_id bigint NOT NULL REFERENCES organization (id),
        project_id bigint NOT NULL REFERENCES project (id),
        kind text NOT NULL CHECK (kind IN ('page_import', 'code2des', 'wf2des')),
        attempt int NOT NULL DEFAULT 1 CHECK (attempt >= 1),
        nonce text NOT NULL,
        status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
        phase text CHECK (phase IN ('parse', 'awaiting_confirm', 'assemble')),
        result_url text,
        capture_hash text,
        screenshot_url text,
        warning_count int,
        flag_count int,
        failure_result_url text,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        CHECK (phase IS NULL OR (kind = 'wf2des' AND status = 0))
      )`);
    await runner.query(`CREATE INDEX ai_job_project_idx ON ai_job (project_id)`);
    await runner.query(`
      CREATE TABLE ai_job_attempt (
        job_id text NOT NULL REFERENCES ai_job (job_id) ON DELETE CASCADE,
        attempt int NOT NULL CHECK (attempt >= 1),
        nonce text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (job_id, attempt)
      )`);
    await runner.query(`
      CREATE TABLE webhook_audit (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        received_at timestamptz NOT NULL DEFAULT now(),
        type text NOT NULL,
        organization_id bigint,
        project_id bigint,
        record_id text NOT NULL,
        attempt int,
        status text NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('applied', 'ignored')),
        reason text
      )`);
    await runner.query(`CREATE INDEX webhook_audit_record_idx ON webhook_audit (record_id, received_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`SET LOCAL search_path TO ai_jobs`);
    for (const table of ['webhook_audit', 'ai_job_attempt', 'ai_job', 'ai_record', 'project_membership', 'project', 'organization']) {
      await runner.query(`DROP TABLE ${table}`);
    }
  }
}
