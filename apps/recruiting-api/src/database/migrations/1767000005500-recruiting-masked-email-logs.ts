import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The email log keeps what was sent with the scheduling token masked
 * (docs/decisions.md, "Credentials in stored text, traces and answers"); rows written before that hold the live link.
 * This masks them: every scheduling token this service issued is 32 random bytes in base64url (43 characters) and
 * reached a mail only as the last path segment of
 * {PUBLIC_SCHEDULING_URL}/{token}, so a `/` followed by exactly 43 base64url characters and then anything else (or
 * the end) is a token, whatever the public address was when the mail went out. The marker is the one new rows get.
 * Not reversible: the tokens are gone by design.
 */
export class RecruitingMaskedEmailLogs1767000005500 implements MigrationInterface {
  name = 'RecruitingMaskedEmailLogs1767000005500';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`SET LOCAL search_path TO recruiting`);
    const token = `/[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])`;
    await runner.query(
      `UPDATE email_logs
          SET subject = regexp_replace(subject, $1, '/[token]', 'g'), body = regexp_replace(body, $1, '/[token]', 'g')
        WHERE subject ~ $1 OR body ~ $1`,
      [token],
    );
  }

  async down(): Promise<void> {
    // The masked tokens cannot be restored, and a live link must not come back into the log.
  }
}
