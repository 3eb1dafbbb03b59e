import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { LossyDown } from '@platform/persistence';

/** The people who sign in: one row per identity-provider subject, with the role the platform gives them. */
export class RecruitingUsers1767000000000 implements MigrationInterface, LossyDown {
  readonly downLosesData = 'it drops the users table with every user';
  name = 'RecruitingUsers1767000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`SET LOCAL search_path TO recruiting`);
    await runner.query(`
      CREATE TABLE users (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        idp_subject text UNIQUE CHECK (char_length(idp_subject) <= 255),
        email text NOT NULL CHECK (char_length(email) <= 320),
        name text NOT NULL CHECK (char_length(name) <= 255),
        picture text CHECK (char_length(picture) <= 2048),
        role text NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'member', 'viewer')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`SET LOCAL search_path TO recruiting`);
    await runner.query(`DROP TABLE users`);
  }
}
