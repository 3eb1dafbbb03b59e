import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { LossyDown } from '@platform/persistence';

/**
 * Verified emails and logins bound to their browser.
 *
 * `users.email_verified`: whether authority may be keyed on the user's email (the provider said `email_verified:
 * true` at the last login, or an operator vouched for it). Rows made before are kept as verified (they were admitted
 * under the earlier rule and are re-read at their next login); new rows are unverified unless their writer says so.
 * Only verified emails are unique, so a login with an unverified address can neither take nor block the account of
 * the address's owner.
 *
 * `login_states.browser_binding`: the SHA-256 digest of the cookie the login's start set in the browser. Nullable so
 * that replicas of the previous release keep inserting during a rolling update; their logins then fail at the
 * callback of a new replica (no binding), and are simply started again.
 */
export class RecruitingBoundLogins1767000005100 implements MigrationInterface, LossyDown {
  readonly downLosesData = 'it deletes unverified users whose email another user has, and the browser binding of logins in progress';
  name = 'RecruitingBoundLogins1767000005100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`SET LOCAL search_path TO recruiting`);
    await runner.query(`ALTER TABLE users ADD COLUMN email_verified boolean NOT NULL DEFAULT true`);
    await runner.query(`ALTER TABLE users ALTER COLUMN email_verified SET DEFAULT false`);
    await runner.query(`DROP INDEX users_email_key`);
    await runner.query(`CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE email_verified`);
    await runner.query(`CREATE INDEX users_email ON users (lower(email))`);
    await runner.query(`ALTER TABLE login_states ADD COLUMN browser_binding bytea CHECK (octet_length(browser_binding) = 32)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`SET LOCAL search_path TO recruiting`);
    await runner.query(`ALTER TABLE login_states DROP COLUMN browser_binding`);
    await runner.query(`DROP INDEX users_email`);
    await runner.query(`DROP INDEX users_email_key`);
    await runner.query(
      `DELETE FROM users u WHERE NOT email_verified AND EXISTS (SELECT 1 FROM users v WHERE v.id <> u.id AND lower(v.email) = lower(u.email))`,
    );
    await runner.query(`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`);
    await runner.query(`ALTER TABLE users DROP COLUMN email_verified`);
  }
}
