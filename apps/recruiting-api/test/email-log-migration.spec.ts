import { randomBytes } from 'node:crypto';
import { migrateDatabase } from '@platform/persistence';
import { useTestScope } from '@platform/testing/harness';
import { RECRUITING_DATABASE } from '../src/database/database';
import { RecruitingMaskedEmailLogs1767000005500 } from '../src/database/migrations/1767000005500-recruiting-masked-email-logs';

/**
 * Email logs written before the log masked scheduling tokens hold the live links: the migration masks them, whatever
 * the public scheduling address was when the mail went out, and leaves every other text as it was.
 */
describe('the migration that masks scheduling tokens already in email logs', () => {
  const scope = useTestScope('recruiting_log_migration');

  it('masks every token of every old row, in subject and body, plain and HTML, and nothing else', async () => {
    const database = await scope.database();
    const all = RECRUITING_DATABASE.migrations as Array<new () => unknown>;
    const at = all.indexOf(RecruitingMaskedEmailLogs1767000005500);
    expect(at).toBeGreaterThan(0);
    await migrateDatabase(database.url, { ...RECRUITING_DATABASE, migrations: all.slice(0, at) });
    const pool = scope.pool({ connectionString: database.url, max: 1, options: '-c search_path=recruiting' });
    const project = (await pool.query(`INSERT INTO projects (name) VALUES ('p') RETURNING id`)).rows[0].id;
    const person = (
      await pool.query(`INSERT INTO candidates (external_user_id, name, email) VALUES ('x', 'n', 'e@example.com') RETURNING id`)
    ).rows[0].id;
    const candidate = (
      await pool.query(`INSERT INTO project_candidates (project_id, candidate_id) VALUES ($1, $2) RETURNING id`, [project, person])
    ).rows[0].id;
    const token = () => randomBytes(32).toString('base64url');
    const [a, b, c] = [token(), token(), token()];
    // A 44-character segment is no token this service issued; a meeting link with a short id is no token either.
    const notToken = `${token()}x`;
    const rows = [
      { subject: '【調査】日程のご相談', body: `山田 様\n\nhttp://localhost:8080/schedule/${a}\n` },
      {
        subject: `リンク https://jobs.example.com/schedule/${b}`,
        body: `<p>様</p>\n<p><a href="https://jobs.example.com/schedule/${b}">https://jobs.example.com/schedule/${b}</a></p>`,
      },
      {
        subject: 's',
        body: `custom https://example.com/r/${c}?utm=1 and https://example.com/r/${notToken} https://meet.example.com/abc-defg`,
      },
      { subject: 'ご希望日時を受け付けました', body: 'no link at all' },
    ];
    for (const row of rows) {
      await pool.query(
        `INSERT INTO email_logs (project_id, project_candidate_id, template_id, recipient, subject, body, status, sent_by)
         VALUES ($1, $2, NULL, 'e@example.com', $3, $4, 'sent', NULL)`,
        [project, candidate, row.subject, row.body],
      );
    }

    await migrateDatabase(database.url, RECRUITING_DATABASE);

    const after = (await pool.query<{ subject: string; body: string }>('SELECT subject, body FROM email_logs ORDER BY id')).rows;
    expect(after).toEqual([
      { subject: rows[0].subject, body: '山田 様\n\nhttp://localhost:8080/schedule/[token]\n' },
      {
        subject: 'リンク https://jobs.example.com/schedule/[token]',
        body: '<p>様</p>\n<p><a href="https://jobs.example.com/schedule/[token]">https://jobs.example.com/schedule/[token]</a></p>',
      },
      {
        subject: 's',
        body: `custom https://example.com/r/[token]?utm=1 and https://example.com/r/${notToken} https://meet.example.com/abc-defg`,
      },
      rows[3],
    ]);
    expect(JSON.stringify(after)).not.toMatch(new RegExp([a, b, c].join('|')));
  });
});
