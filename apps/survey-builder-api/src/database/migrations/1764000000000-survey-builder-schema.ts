import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { LossyDown } from '@platform/persistence';

/**
 * The survey builder schema. Versions are full snapshots: every section, question, option and rule row
 * belongs to one version; rows carry a stable id copied into later versions. Codes are unique per version,
 * checked at the end of each statement (DEFERRABLE) so a renumbering swap can run as one UPDATE; sort
 * orders are unique per version and section, and moves swap through a temporary value.
 */
export class SurveyBuilderSchema1764000000000 implements MigrationInterface, LossyDown {
  readonly downLosesData = 'it drops every survey, version, question, rule, permission and library item';
  name = 'SurveyBuilderSchema1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`SET LOCAL search_path TO survey_builder`);
    await runner.query(`
      CREATE TABLE "user" (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL UNIQUE,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE survey (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL,
        client_name text NOT NULL,
        objective text NOT NULL,
        delivery_area text NOT NULL,
        category text NOT NULL,
        prompt_text text NOT NULL DEFAULT '',
        status text NOT NULL CHECK (status IN ('下書き', 'レビュー中', '出力済み', 'アーカイブ')),
        latest_version_id uuid,
        latest_version_no int NOT NULL,
        created_by uuid NOT NULL REFERENCES "user" (id),
        updated_by uuid NOT NULL REFERENCES "user" (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await runner.query(`
      CREATE TABLE survey_version (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        survey_id uuid NOT NULL REFERENCES survey (id) ON DELETE CASCADE,
        version_no int NOT NULL CHECK (version_no >= 1),
        status text NOT NULL,
        created_by uuid NOT NULL REFERENCES "user" (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        source_version_id uuid REFERENCES survey_version (id),
        rollback_from_version_id uuid REFERENCES survey_version (id),
        CONSTRAINT survey_version_number_unique UNIQUE (survey_id, version_no)
      )`);
    await runner.query(`
      ALTER TABLE survey ADD CONSTRAINT survey_latest_version_fk
        FOREIGN KEY (latest_version_id) REFERENCES survey_version (id) DEFERRABLE INITIALLY DEFERRED`);
    await runner.query(`
      CREATE TABLE section (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        version_id uuid NOT NULL REFERENCES survey_version (id) ON DELETE CASCADE,
        stable_id uuid NOT NULL,
        title text NOT NULL,
        description text NOT NULL DEFAULT '',
        sort_order int NOT NULL,
        generated_by text NOT NULL DEFAULT 'manual',
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT section_version_sort_unique UNIQUE (version_id, sort_order),
        CONSTRAINT section_version_stable_unique UNIQUE (version_id, stable_id),
        CONSTRAINT section_id_version_unique UNIQUE (id, version_id)
      )`);
    await runner.query(`
      CREATE TABLE question (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        section_id uuid NOT NULL,
        version_id uuid NOT NULL,
        stable_id uuid NOT NULL,
        code text NOT NULL,
        question_type text NOT NULL CHECK (question_type IN ('single', 'multi', 'free_text', 'matrix', 'pulldown', 'intro')),
        prompt_text text NOT NULL,
        note_text text NOT NULL DEFAULT '',
        is_required boolean NOT NULL DEFAULT false,
        is_linked_to_previous boolean NOT NULL DEFAULT false,
        sort_order int NOT NULL,
        is_single_matrix_select boolean,
        min_selections int CHECK (min_selections >= 1),
        max_selections int CHECK (max_selections >= 1),
        free_text_fields jsonb NOT NULL DEFAULT '[]',
        sub_questions jsonb NOT NULL DEFAULT '[]',
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT question_section_fk FOREIGN KEY (section_id, version_id) REFERENCES section (id, version_id) ON DELETE CASCADE,
        CONSTRAINT question_section_sort_unique UNIQUE (section_id, sort_order),
        CONSTRAINT question_version_code_unique UNIQUE (version_id, code) DEFERRABLE INITIALLY IMMEDIATE,
        CONSTRAINT question_version_stable_unique UNIQUE (version_id, stable_id),
        CONSTRAINT question_selection_range CHECK (min_selections IS NULL OR max_selections IS NULL OR min_selections <= max_selections)
      )`);
    await runner.query(`
      CREATE TABLE question_option (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        question_id uuid NOT NULL REFERENCES question (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('option', 'matrix_row', 'matrix_column')),
        sort_order int NOT NULL,
        label text NOT NULL,
        is_exclusive boolean NOT NULL DEFAULT false,
        allow_other_input boolean NOT NULL DEFAULT false,
        is_not_applicable boolean NOT NULL DEFAULT false,
        axis text CHECK (axis IN ('row', 'column')),
        placeholder text,
        field_is_required boolean
      )`);
    await runner.query(`CREATE INDEX question_option_question_idx ON question_option (question_id, kind, sort_order)`);
    await runner.query(`
      CREATE TABLE branch_rule (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        question_id uuid NOT NULL REFERENCES question (id) ON DELETE CASCADE,
        sort_order int NOT NULL,
        logical_operator text NOT NULL CHECK (logical_operator IN ('AND', 'OR')),
        conditions jsonb NOT NULL,
        destination_question_code text NOT NULL,
        message text
      )`);
    await runner.query(`CREATE INDEX branch_rule_question_idx ON branch_rule (question_id, sort_order)`);
    await runner.query(`
      CREATE TABLE visibility_rule (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        question_id uuid NOT NULL REFERENCES question (id) ON DELETE CASCADE,
        sort_order int NOT NULL,
        logical_operator text NOT NULL CHECK (logical_operator IN ('AND', 'OR')),
        conditions jsonb NOT NULL,
        targets jsonb NOT NULL
      )`);
    await runner.query(`CREATE INDEX visibility_rule_question_idx ON visibility_rule (question_id, sort_order)`);
    await runner.query(`CREATE INDEX section_version_idx ON section (version_id, sort_order)`);
    await runner.query(`CREATE INDEX question_version_idx ON question (version_id)`);
    await runner.query(`
      CREATE TABLE survey_permission (
        survey_id uuid NOT NULL REFERENCES survey (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES "user" (id),
        role_type text NOT NULL CHECK (role_type IN ('view', 'edit')),
        PRIMARY KEY (survey_id, user_id)
      )`);
    await runner.query(`CREATE INDEX survey_permission_user_idx ON survey_permission (user_id, survey_id)`);
    await runner.query(`
      CREATE TABLE survey_favorite (
        user_id uuid NOT NULL REFERENCES "user" (id),
        survey_id uuid NOT NULL REFERENCES survey (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, survey_id)
      )`);
    await runner.query(`
      CREATE TABLE external_survey (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        source text NOT NULL,
        external_id bigint NOT NULL,
        name text NOT NULL DEFAULT '',
        survey_raw jsonb,
        questionnaire_raw jsonb,
        fetched_at text,
        imported_by uuid REFERENCES "user" (id),
        imported_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT external_survey_source_unique UNIQUE (source, external_id)
      )`);
    await runner.query(`
      CREATE TABLE external_question (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        external_survey_id uuid NOT NULL REFERENCES external_survey (id) ON DELETE CASCADE,
        external_id bigint NOT NULL,
        answer_type int,
        answer_type_name text NOT NULL DEFAULT '',
        rendered_sentence text NOT NULL DEFAULT '',
        order_index int NOT NULL DEFAULT 0,
        any_logic boolean NOT NULL DEFAULT false,
        any_visibility boolean NOT NULL DEFAULT false,
        raw jsonb NOT NULL
      )`);
    await runner.query(`CREATE INDEX external_question_survey_idx ON external_question (external_survey_id, order_index)`);
    await runner.query(`
      CREATE TABLE external_answer_item (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        external_question_id uuid NOT NULL REFERENCES external_question (id) ON DELETE CASCADE,
        external_id bigint,
        sentence text NOT NULL DEFAULT '',
        order_index int NOT NULL DEFAULT 0,
        raw jsonb NOT NULL
      )`);
    await runner.query(`CREATE INDEX external_answer_item_question_idx ON external_answer_item (external_question_id)`);
    await runner.query(`
      CREATE TABLE external_sub_item (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        external_question_id uuid NOT NULL REFERENCES external_question (id) ON DELETE CASCADE,
        external_id bigint,
        sentence text NOT NULL DEFAULT '',
        order_index int NOT NULL DEFAULT 0,
        raw jsonb NOT NULL
      )`);
    await runner.query(`CREATE INDEX external_sub_item_question_idx ON external_sub_item (external_question_id)`);
    await runner.query(`
      CREATE TABLE external_logic (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        external_question_id uuid NOT NULL REFERENCES external_question (id) ON DELETE CASCADE,
        external_id bigint,
        order_index int NOT NULL DEFAULT 0,
        logic_action jsonb,
        raw jsonb NOT NULL
      )`);
    await runner.query(`CREATE INDEX external_logic_question_idx ON external_logic (external_question_id)`);
    await runner.query(`
      CREATE TABLE external_logic_item (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        external_logic_id uuid NOT NULL REFERENCES external_logic (id) ON DELETE CASCADE,
        external_id bigint,
        question_external_id bigint,
        answer_item_external_id bigint,
        verb text,
        value text,
        raw jsonb NOT NULL
      )`);
    await runner.query(`CREATE INDEX external_logic_item_logic_idx ON external_logic_item (external_logic_id)`);
    await runner.query(`
      CREATE TABLE library_item (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        source_survey_id uuid REFERENCES survey (id) ON DELETE SET NULL,
        source_survey_title text,
        source_question_id uuid,
        source_section_id text,
        source_external_survey_id uuid REFERENCES external_survey (id) ON DELETE CASCADE,
        source_external_survey_name text,
        source_external_question_id uuid,
        category text NOT NULL DEFAULT '',
        section_title text NOT NULL DEFAULT '',
        question_type text NOT NULL,
        normalized_payload jsonb NOT NULL,
        created_by uuid REFERENCES "user" (id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX library_item_source_survey_idx ON library_item (source_survey_id)`);
    await runner.query(`CREATE INDEX library_item_external_survey_idx ON library_item (source_external_survey_id)`);
    await runner.query(`CREATE INDEX library_item_category_idx ON library_item (category)`);
    await runner.query(`CREATE INDEX survey_list_idx ON survey (updated_at DESC) WHERE deleted_at IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP SCHEMA survey_builder CASCADE`);
    await runner.query(`CREATE SCHEMA survey_builder`);
  }
}
