import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { LossyDown } from '@platform/persistence';

/**
 * Login state between the redirect to the identity provider and its callback (state, nonce and PKCE verifier, one
 * use, short-lived), and the refresh tokens: only their SHA-256 digests, grouped in families that rotate.
 */
export class RecruitingSessions1767000001500 implements MigrationInterface, LossyDown {
  readonly downLosesData = 'it drops every refresh token and login in progress (everyone signs in again)';
  name = 'RecruitingSessions1767000001500';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`SET LOCAL search_path TO recruiting`);
    await runner.query(`
      CREATE TABLE login_states (
        state text PRIMARY KEY CHECK (char_length(state) <= 128),
        code_verifier text NOT NULL CHECK (char_length(code_verifier) <= 128),
        nonce text NOT NULL CHECK (char_length(nonce) <= 128),
        expires_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX login_states_expiry ON login_states (expires_at)`);
    await runner.query(`
      CREATE TABLE refresh_tokens (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        token_hash bytea NOT NULL UNIQUE,
        family_id uuid NOT NULL,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id)`);
    await runner.query(`CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id) WHERE revoked_at IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`SET LOCAL search_path TO recruiting`);
    await runner.query(`DROP TABLE refresh_tokens, login_states`);
  }
}
