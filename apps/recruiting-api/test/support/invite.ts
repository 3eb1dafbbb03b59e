import { createHash } from 'node:crypto';
import { Mailpit } from '@platform/testing/harness';
import type { RecruitingTestApp } from '../recruiting-test-app';

/** The token of the newest scheduling link in a caught invitation (text or HTML part). */
export function tokenInMail(mail: { text: string; html: string }): string {
  const link = /\/schedule\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/.exec(`${mail.text}\n${mail.html}`);
  if (!link) throw new Error(`no scheduling link in the mail: ${mail.text.slice(0, 500)}`);
  return link[1];
}

/**
 * Sends the system invitation to the candidates as `userId` and answers each candidate's token, read from the mail
 * the candidate got (the email log keeps the link masked). The app must send mail: startRecruiting with `mail: true`.
 */
export async function inviteAndReadTokens(
  t: RecruitingTestApp,
  userId: number,
  projectId: number,
  candidateIds: number[],
): Promise<Map<number, string>> {
  if (!t.mailFrom) throw new Error('inviteAndReadTokens reads the invitations from Mailpit: start the app with { mail: true }');
  const as = t.as(userId, 'member');
  const templates = (await t.http().get('/api/v1/email-templates').set(as)).body.data as Array<{ id: number; type: string }>;
  const invitation = templates.find((x) => x.type === 'invitation')!.id;
  const addresses = await t.pool.query<{ id: number; email: string }>(
    `SELECT pc.id, c.email FROM project_candidates pc JOIN candidates c ON c.id = pc.candidate_id WHERE pc.id = ANY($1::int[])`,
    [candidateIds],
  );
  const emailOf = new Map(addresses.rows.map((r) => [r.id, r.email]));
  const mailpit = new Mailpit();
  // The candidates' mail from this app so far: the invitation sent now is the one that is new.
  const before = new Map<number, Set<string>>();
  for (const id of candidateIds) before.set(id, new Set(await mailpit.idsOf({ to: emailOf.get(id)!, from: t.mailFrom })));
  await t.http().post(`/api/v1/projects/${projectId}/emails/send`).set(as).send({ templateId: invitation, candidateIds }).expect(200);
  const digests = await t.pool.query<{ id: number; hash: Buffer }>(
    'SELECT project_candidate_id AS id, token_hash AS hash FROM scheduling_tokens WHERE project_candidate_id = ANY($1::int[])',
    [candidateIds],
  );
  const digestOf = new Map(digests.rows.map((r) => [r.id, r.hash]));
  const tokens = new Map<number, string>();
  for (const id of candidateIds) {
    const mails = await mailpit.mailTo(emailOf.get(id)!, { from: t.mailFrom, count: before.get(id)!.size + 1 });
    // Two candidates may share an address: each one's link is the one whose digest the token table holds for it.
    const token = mails
      .filter((m) => !before.get(id)!.has(m.id))
      .map(tokenInMail)
      .find((candidate) =>
        createHash('sha256')
          .update(candidate)
          .digest()
          .equals(digestOf.get(id) ?? Buffer.alloc(0)),
      );
    if (!token) throw new Error(`no invitation in Mailpit carries the token issued to candidate ${id}`);
    tokens.set(id, token);
  }
  return tokens;
}

/** An instant `days` days and `hours` hours from today's UTC midnight, as ISO text. */
export function dayAt(days: number, hours: number, minutes = 0): string {
  const at = new Date();
  at.setUTCHours(0, 0, 0, 0);
  return new Date(at.getTime() + days * 86_400_000 + hours * 3_600_000 + minutes * 60_000).toISOString();
}
