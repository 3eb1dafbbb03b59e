import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { LossyDown } from '@platform/persistence';

/** The four system templates (projectId null), seeded once; projects add their own. */
const SYSTEM_TEMPLATES: Array<[string, string, string, string]> = [
  [
    'invitation',
    'インタビューのご案内（標準）',
    '【{{project_name}}】インタビューご協力のお願い',
    '{{candidate_name}} 様\n\nこのたびは「{{project_name}}」へのご協力をご検討いただきありがとうございます。\n' +
      '{{interview_duration_minutes}}分ほどのインタビューをお願いしたく、ご都合のよい日時を下記のページからお選びください。\n\n' +
      '{{scheduling_url}}\n\nこのリンクは14日間有効です。\nどうぞよろしくお願いいたします。',
  ],
  [
    'reminder',
    'リマインド（標準）',
    '【{{project_name}}】インタビュー日程のご確認',
    '{{candidate_name}} 様\n\n「{{project_name}}」のインタビュー日程のご案内です。\n日時: {{scheduled_at}}（{{interview_duration_minutes}}分）\n' +
      '担当: {{interviewer_name}}\n参加URL: {{meeting_url}}\n\n当日はどうぞよろしくお願いいたします。',
  ],
  [
    'confirmation',
    '日程確定のお知らせ（標準）',
    '【{{project_name}}】インタビュー日程が確定しました',
    '{{candidate_name}} 様\n\n「{{project_name}}」のインタビュー日程が確定しました。\n日時: {{scheduled_at}}（{{interview_duration_minutes}}分）\n' +
      '担当: {{interviewer_name}}\n参加URL: {{meeting_url}}\n\nご都合が悪くなった場合はご連絡ください。',
  ],
  [
    'cancellation',
    'キャンセルのお知らせ（標準）',
    '【{{project_name}}】インタビューのキャンセルについて',
    '{{candidate_name}} 様\n\n「{{project_name}}」の {{scheduled_at}} からのインタビューはキャンセルとなりました。\n' +
      'ご迷惑をおかけし申し訳ございません。改めてご連絡する場合がございます。',
  ],
];

/**
 * Part 2 of recruiting: email templates and logs, scheduling tokens, interviewer availability, preferred slots and
 * reservations. Everything hanging off a participation record goes with it (ON DELETE CASCADE). Double booking is
 * impossible by construction: an exclusion constraint over each interviewer's confirmed time ranges.
 */
export class RecruitingScheduling1767000003000 implements MigrationInterface, LossyDown {
  readonly downLosesData = 'it drops email templates and logs, scheduling tokens, availability and reservations';
  name = 'RecruitingScheduling1767000003000';

  async up(runner: QueryRunner): Promise<void> {
    // btree_gist is a trusted extension (PostgreSQL 13+): the database owner may create it; it is database-wide.
    await runner.query(`CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public`);
    await runner.query(`SET LOCAL search_path TO recruiting, public`);
    await runner.query(`
      CREATE TABLE email_templates (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        project_id integer REFERENCES projects (id) ON DELETE CASCADE,
        type text NOT NULL CHECK (type IN ('invitation', 'reminder', 'confirmation', 'cancellation')),
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
        subject text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 500),
        body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 100000),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX email_templates_project ON email_templates (project_id, id)`);
    for (const [type, name, subject, body] of SYSTEM_TEMPLATES) {
      await runner.query(`INSERT INTO email_templates (project_id, type, name, subject, body) VALUES (NULL, $1, $2, $3, $4)`, [
        type,
        name,
        subject,
        body,
      ]);
    }
    await runner.query(`
      CREATE TABLE email_logs (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        project_id integer NOT NULL,
        project_candidate_id integer NOT NULL REFERENCES project_candidates (id) ON DELETE CASCADE,
        template_id integer,
        recipient text,
        subject text NOT NULL,
        body text NOT NULL,
        status text NOT NULL CHECK (status IN ('sent', 'delivered', 'bounced', 'failed')),
        error text CHECK (char_length(error) <= 1000),
        sent_by integer REFERENCES users (id) ON DELETE SET NULL,
        sent_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await runner.query(`CREATE INDEX email_logs_project ON email_logs (project_id, sent_at, id)`);
    await runner.query(`CREATE INDEX email_logs_candidate ON email_logs (project_candidate_id, sent_at, id)`);
    await runner.query(`
      CREATE TABLE scheduling_tokens (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        project_candidate_id integer NOT NULL UNIQUE REFERENCES project_candidates (id) ON DELETE CASCADE,
        token_hash bytea NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE interviewer_availability (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        interviewer_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        start_at timestamptz NOT NULL,
        end_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (end_at > start_at AND end_at - start_at <= interval '31 days')
      )`);
    await runner.query(`CREATE INDEX interviewer_availability_project ON interviewer_availability (project_id, end_at)`);
    await runner.query(`
      CREATE TABLE preferred_slots (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        project_candidate_id integer NOT NULL REFERENCES project_candidates (id) ON DELETE CASCADE,
        interviewer_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        start_at timestamptz NOT NULL,
        end_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (end_at > start_at)
      )`);
    await runner.query(`CREATE INDEX preferred_slots_candidate ON preferred_slots (project_candidate_id, start_at)`);
    await runner.query(`
      CREATE TABLE reservations (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        project_candidate_id integer NOT NULL UNIQUE REFERENCES project_candidates (id) ON DELETE CASCADE,
        interviewer_id integer NOT NULL REFERENCES users (id),
        scheduled_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 1 AND 1440),
        interview_type text NOT NULL CHECK (interview_type IN ('online_meet', 'online_conf', 'offline', 'any')),
        meeting_url text CHECK (char_length(meeting_url) <= 2048),
        status text NOT NULL CHECK (status IN ('confirmed', 'cancelled')),
        calendar_event_id text CHECK (char_length(calendar_event_id) <= 1024),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (ends_at > scheduled_at),
        CONSTRAINT reservations_no_double_booking EXCLUDE USING gist (
          interviewer_id WITH =, tstzrange(scheduled_at, ends_at) WITH &&
        ) WHERE (status = 'confirmed')
      )`);
    await runner.query(`CREATE INDEX reservations_project ON reservations (project_id, scheduled_at, id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`SET LOCAL search_path TO recruiting`);
    await runner.query(
      `DROP TABLE reservations, preferred_slots, interviewer_availability, scheduling_tokens, email_logs, email_templates`,
    );
  }
}
