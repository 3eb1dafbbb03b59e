import type { RecruitingTestApp } from '../recruiting-test-app';

/** Sends the system invitation to the candidates as `userId` and answers each candidate's token, read from its email log. */
export async function inviteAndReadTokens(
  t: RecruitingTestApp,
  userId: number,
  projectId: number,
  candidateIds: number[],
): Promise<Map<number, string>> {
  const as = t.as(userId, 'member');
  const templates = (await t.http().get('/api/v1/email-templates').set(as)).body.data as Array<{ id: number; type: string }>;
  const invitation = templates.find((x) => x.type === 'invitation')!.id;
  await t.http().post(`/api/v1/projects/${projectId}/emails/send`).set(as).send({ templateId: invitation, candidateIds }).expect(200);
  const tokens = new Map<number, string>();
  for (const id of candidateIds) {
    const logs = await t.http().get(`/api/v1/projects/${projectId}/candidates/${id}/email-logs?limit=1`).set(as).expect(200);
    tokens.set(id, /\/schedule\/([A-Za-z0-9_-]{43})/.exec(logs.body.data[0].body)![1]);
  }
  return tokens;
}

/** An instant `days` days and `hours` hours from today's UTC midnight, as ISO text. */
export function dayAt(days: number, hours: number, minutes = 0): string {
  const at = new Date();
  at.setUTCHours(0, 0, 0, 0);
  return new Date(at.getTime() + days * 86_400_000 + hours * 3_600_000 + minutes * 60_000).toISOString();
}
