import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { RecruitingTestApp } from '../recruiting-test-app';

/** A project through SQL, with the given interview length and time zone. */
export async function insertProject(t: RecruitingTestApp, name: string, duration = 60, timezone = 'Asia/Tokyo'): Promise<number> {
  const res = await t.pool.query<{ id: number }>(
    'INSERT INTO projects (name, interview_duration_minutes, timezone) VALUES ($1, $2, $3) RETURNING id',
    [name, duration, timezone],
  );
  return res.rows[0].id;
}

/** Candidates (person + participation record) through SQL; answers the project candidate ids in order. */
export async function insertCandidates(
  t: RecruitingTestApp,
  projectId: number,
  people: Array<{ name: string | null; email: string | null; status?: string }>,
): Promise<number[]> {
  const { rows } = await t.pool.query<{ id: number }>(
    `WITH input AS (SELECT n, e, s, i FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS x(n, e, s, i)),
     tag AS (SELECT gen_random_uuid()::text AS t),
     people AS (INSERT INTO candidates (external_user_id, name, email)
                SELECT (SELECT t FROM tag) || '-' || i, n, e FROM input ORDER BY i RETURNING id, external_user_id)
     INSERT INTO project_candidates (project_id, candidate_id, status)
     SELECT $4, p.id, input.s FROM people p JOIN input ON p.external_user_id = (SELECT t FROM tag) || '-' || input.i
     ORDER BY input.i RETURNING id`,
    [people.map((p) => p.name), people.map((p) => p.email), people.map((p) => p.status ?? 'pending'), projectId],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server in this process that keeps what arrives. */
export async function startSmtpSink(): Promise<{ url: string; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=) of a header value. */
export function decodeHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** A header of a raw message (unfolded). */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The decoded text body of a single-part message (base64 or quoted-printable). */
export function bodyOf(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const encoding = (headerOf(head, 'content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
