import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { LossyDown } from '@platform/persistence';

/**
 * Projects, the people (candidates) and their participation records (project_candidates), with the status history.
 * A person is found by the external user id of the source (a survey respondent id); a project holds a person once.
 */
export class RecruitingCandidates1767000001000 implements MigrationInterface, LossyDown {
  readonly downLosesData = 'it drops projects, candidates and their history with every row';
  name = 'RecruitingCandidates1767000001000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`SET LOCAL search_path TO recruiting`);
    await runner.query(`
      CREATE TABLE projects (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
        interview_duration_minutes integer NOT NULL DEFAULT 60 CHECK (interview_duration_minutes BETWEEN 5 AND 480),
        timezone text NOT NULL DEFAULT 'Asia/Tokyo' CHECK (char_length(timezone) <= 64),
        scoring_rules jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE candidates (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        external_user_id text NOT NULL UNIQUE CHECK (char_length(external_user_id) BETWEEN 1 AND 255),
        email text CHECK (char_length(email) <= 320),
        phone text CHECK (char_length(phone) <= 64),
        name text CHECK (char_length(name) <= 255),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE project_candidates (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        project_id integer NOT NULL REFERENCES projects (id),
        candidate_id integer NOT NULL REFERENCES candidates (id),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'contacted', 'waiting_response', 'scheduling',
          'scheduled', 'interviewed', 'completed', 'declined', 'no_show', 'cancelled')),
        selection_type text CHECK (selection_type IN ('primary', 'reserve')),
        segment_id text CHECK (char_length(segment_id) <= 255),
        memo text CHECK (char_length(memo) <= 10000),
        priority char(1) CHECK (priority IN ('A', 'B', 'C')),
        score numeric,
        attributes jsonb,
        survey_responses jsonb,
        reservation_id integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (project_id, candidate_id)
      )`);
    // The list's sort orders, each with id as the tie-break, inside one project.
    await runner.query(`CREATE INDEX project_candidates_by_id ON project_candidates (project_id, id)`);
    await runner.query(`CREATE INDEX project_candidates_by_created ON project_candidates (project_id, created_at, id)`);
    await runner.query(`CREATE INDEX project_candidates_by_score ON project_candidates (project_id, score DESC NULLS LAST, id DESC)`);
    await runner.query(`CREATE INDEX project_candidates_by_status ON project_candidates (project_id, status, id)`);
    await runner.query(`CREATE INDEX project_candidates_candidate ON project_candidates (candidate_id)`);
    // responseFilter and scoring equality is JSONB containment, answered by these.
    await runner.query(`CREATE INDEX project_candidates_attributes ON project_candidates USING gin (attributes jsonb_path_ops)`);
    await runner.query(`CREATE INDEX project_candidates_responses ON project_candidates USING gin (survey_responses jsonb_path_ops)`);
    await runner.query(`
      CREATE TABLE candidate_status_history (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        project_candidate_id integer NOT NULL REFERENCES project_candidates (id) ON DELETE CASCADE,
        from_status text,
        to_status text NOT NULL,
        reason text CHECK (char_length(reason) <= 1000),
        changed_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX candidate_status_history_candidate ON candidate_status_history (project_candidate_id, id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`SET LOCAL search_path TO recruiting`);
    await runner.query(`DROP TABLE candidate_status_history, project_candidates, candidates, projects`);
  }
}
