import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, launchChromium, Mailpit, workspaceRoot } from '@platform/testing/harness';
import type { Browser } from 'playwright-core';
import { type RecruitingTestApp, startRecruiting } from './recruiting-test-app';
import { dayAt, inviteAndReadTokens } from './support/invite';
import { insertCandidates, insertProject } from './support/scheduling-fixtures';

const OUTPUT = join(workspaceRoot, 'dist', 'test-output', 'recruiting-api');

/** The public scheduling page as a candidate uses it, in headless Chromium on a phone-sized screen. */
describe('the scheduling page in a browser', () => {
  let t: RecruitingTestApp;
  let browser: Browser;
  let appUrl: string;
  let projectId: number;
  let member: number;
  let candidates: number[];
  let links: Map<number, string>;

  beforeAll(async () => {
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    t = await startRecruiting('recruiting_schedule_page', { PUBLIC_SCHEDULING_URL: `${appUrl}/schedule` }, { mail: true });
    await t.app.listen(port, '127.0.0.1');
    member = await t.insertUser('member@example.com', 'Member', 'member');
    const interviewer = await t.insertUser('alice@example.com', '面接 アリス', 'member');
    projectId = await insertProject(t, '2026年冬 ユーザーインタビュー', 60, 'Asia/Tokyo');
    await t.pool.query(
      `INSERT INTO interviewer_availability (project_id, interviewer_id, start_at, end_at) VALUES ($1, $2, $3, $4), ($1, $2, $5, $6)`,
      [projectId, interviewer, dayAt(2, 1), dayAt(2, 4), dayAt(3, 1), dayAt(3, 3)],
    );
    candidates = await insertCandidates(t, projectId, [
      { name: '山田 花子', email: 'hanako@example.com' },
      { name: '鈴木 一郎', email: 'ichiro@example.com' },
    ]);
    const tokens = await inviteAndReadTokens(t, member, projectId, candidates);
    links = new Map(candidates.map((id) => [id, `${appUrl}/schedule/${tokens.get(id)}`]));
    browser = await launchChromium();
    mkdirSync(OUTPUT, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('opens the link from the invitation, picks two slots, submits, sees the confirmation, and is confirmed by a member', async () => {
    const [mail] = await new Mailpit().mailTo('hanako@example.com', { from: t.mailFrom });
    const link = /http:\/\/127\.0\.0\.1:\d+\/schedule\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0];
    expect(link).toBe(links.get(candidates[0]));

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    const page = await context.newPage();
    const response = await page.goto(link);
    expect(response!.status()).toBe(200);
    expect(response!.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.locator('h1').textContent()).resolves.toContain('2026年冬 ユーザーインタビュー');
    await expect(page.locator('body').textContent()).resolves.toContain('所要時間: 60分');
    expect(await page.locator('legend').count()).toBe(2);
    expect(await page.locator('input[name=slot]').count()).toBe(5);
    await expect(page.locator('button[type=submit]').isDisabled()).resolves.toBe(true);
    // Keyboard and labels: the second slot by its label, the third by Space on the focused box.
    await page
      .getByLabel(/11:00〜12:00/)
      .first()
      .check();
    await page.locator('input[name=slot]').nth(2).focus();
    await page.keyboard.press('Space');
    await expect(page.locator('#count').textContent()).resolves.toBe('2 / 20 件選択中');
    await Promise.all([page.waitForURL(/\?submitted=2$/), page.locator('button[type=submit]').click()]);
    await expect(page.locator('[role=status]').first().textContent()).resolves.toContain('ご希望の日時（2件）を受け付けました');
    expect(await page.locator('input[name=slot]:checked').count()).toBe(2);
    await page.screenshot({ path: join(OUTPUT, 'schedule-page.png'), fullPage: true });

    const detail = await t.http().get(`/api/v1/projects/${projectId}/candidates/${candidates[0]}`).set(t.as(member, 'member'));
    expect(detail.body.data.status).toBe('scheduling');
    expect(detail.body.data.availableDates.map((d: { startAt: string }) => d.startAt)).toEqual([dayAt(2, 2), dayAt(2, 3)]);
    await t
      .http()
      .post(`/api/v1/projects/${projectId}/candidates/${candidates[0]}/confirm-schedule`)
      .set(t.as(member, 'member'))
      .send({ availableDateId: detail.body.data.availableDates[0].id, meetingUrl: 'https://meet.example.com/x' })
      .expect(201);
    await page.reload();
    await expect(page.locator('body').textContent()).resolves.toContain('日程が確定しています');
    await expect(page.locator('dd').first().textContent()).resolves.toMatch(/\d{4}年\d{1,2}月\d{1,2}日\(.\) 11:00〜12:00/);
    await page.screenshot({ path: join(OUTPUT, 'schedule-page-confirmed.png'), fullPage: true });
    await context.close();
  });

  it('works without script: the form posts and the page shows the result', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(links.get(candidates[1])!);
    // The slot the first candidate now holds is gone.
    expect(await page.locator('input[name=slot]').count()).toBe(4);
    await page.locator('input[name=slot]').first().check();
    await Promise.all([page.waitForURL(/\?submitted=1$/), page.locator('button[type=submit]').click()]);
    await expect(page.locator('body').textContent()).resolves.toContain('ご希望の日時（1件）を受け付けました');
    await Promise.all([page.waitForLoadState(), page.locator('input[name=slot]:checked').uncheck()]);
    const refused = await Promise.all([page.waitForEvent('response'), page.locator('button[type=submit]').click()]);
    expect(refused[0].status()).toBe(400);
    await expect(page.locator('[role=alert]').textContent()).resolves.toContain('日時を1件以上お選びください');
    await context.close();
  });

  it('says clearly when a link is unknown or expired', async () => {
    const page = await browser.newPage();
    const unknown = await page.goto(`${appUrl}/schedule/${'x'.repeat(43)}`);
    expect(unknown!.status()).toBe(404);
    await expect(page.locator('h1').textContent()).resolves.toBe('このリンクは無効です');
    await t.pool.query("UPDATE scheduling_tokens SET expires_at = now() - interval '1 minute' WHERE project_candidate_id = $1", [
      candidates[1],
    ]);
    const expired = await page.goto(links.get(candidates[1])!);
    expect(expired!.status()).toBe(400);
    await expect(page.locator('h1').textContent()).resolves.toBe('このリンクは有効期限が切れています');
    await page.close();
  });
});
