import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { keptAnswersOf } from '@platform/runtime';
import { rawRequester } from '@platform/testing/harness';
import { SchedulingController } from '../src/scheduling/scheduling.controller';
import { BookableSlotsService } from '../src/slots/bookable-slots.service';
import { type RecruitingTestApp, startRecruiting } from './recruiting-test-app';
import { dayAt, inviteAndReadTokens } from './support/invite';
import { insertCandidates, insertProject } from './support/scheduling-fixtures';

/** The public slots as a browser gets them (issue 24): compressed once per kept answer, an ETag and 304, a day window. */
describe('public slots: codings, ETag, window', () => {
  let t: RecruitingTestApp;
  let token: string;
  let member: { authorization: string };
  let projectId: number;
  let alice: number;
  /** Alice's window on day `days` from 01:00 UTC (10:00 in Tokyo) to `untilHour`:00 UTC, through the API. */
  const openWindow = async (days: number, untilHour: number) => {
    await t
      .http()
      .post(`/api/v1/projects/${projectId}/interviewer-availability`)
      .set(member)
      .send({ interviewerId: alice, startAt: dayAt(days, 1), endAt: dayAt(days, untilHour) })
      .expect(201);
  };
  /** Deletes the newest window, through the API. */
  const closeLastWindow = async () => {
    const { id } = (
      await t.pool.query<{ id: number }>('SELECT max(id) AS id FROM interviewer_availability WHERE project_id = $1', [projectId])
    ).rows[0];
    await t.http().delete(`/api/v1/projects/${projectId}/interviewer-availability/${id}`).set(member).expect(204);
  };
  let candidate: number;
  /** A second candidate's link, for the booking (the first one keeps the page open). */
  let bookerToken: string;
  let booker: number;
  const slotsPath = (query = '') => `/api/v1/scheduling/${token}/slots${query}`;
  let raw: ReturnType<typeof rawRequester>;
  /** One request with exactly these headers: node:http adds no Accept-Encoding and decodes nothing. */
  const get = (path: string, headers: Record<string, string> = {}) => raw('GET', path, headers);
  /** The Tokyo day of a dayAt(days, 1) instant (10:00 there). */
  const day = (days: number) => dayAt(days, 1).slice(0, 10);

  beforeAll(async () => {
    // Many requests on one link: the limits (tested in scheduling.spec) are raised out of the way.
    t = await startRecruiting(
      'recruiting_slots_encoding',
      {
        PUBLIC_RATE_LIMIT_PER_TOKEN: '10000',
        PUBLIC_RATE_LIMIT_PER_ADDRESS: '10000',
      },
      { mail: true },
    );
    raw = rawRequester(t.app);
    const memberId = await t.insertUser('member@example.com', 'Member', 'member');
    member = t.as(memberId, 'member');
    alice = await t.insertUser('alice@example.com', '面接 アリス', 'member');
    projectId = await insertProject(t, '春の調査', 60, 'Asia/Tokyo');
    [candidate, booker] = await insertCandidates(t, projectId, [
      { name: '山田 花子', email: 'hanako@example.com' },
      { name: '鈴木 一郎', email: 'ichiro@example.com' },
    ]);
    const tokens = await inviteAndReadTokens(t, memberId, projectId, [candidate, booker]);
    token = tokens.get(candidate)!;
    bookerToken = tokens.get(booker)!;
    // Two one-hour slots on each of three days, 10:00-12:00 in Tokyo.
    for (const days of [2, 3, 4]) {
      await openWindow(days, 3);
    }
  });
  afterAll(async () => t?.close());

  it('answers br and gzip by Accept-Encoding, each decoding to the identity JSON, and identity to a client that asks for neither', async () => {
    const identity = await get(slotsPath());
    expect(identity.statusCode).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(identity.headers['content-length'])).toBe(identity.rawPayload.length);
    const json = identity.json();
    expect(json.data).toHaveLength(6);

    const cases: Array<[string, string | undefined, (b: Buffer) => Buffer]> = [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
      ['br;q=0.1, gzip;q=0.8', 'gzip', gunzipSync],
      ['deflate', undefined, (b) => b],
      ['identity', undefined, (b) => b],
    ];
    for (const [accept, coding, decode] of cases) {
      const res = await get(slotsPath(), { 'accept-encoding': accept });
      expect([accept, res.statusCode, res.headers['content-encoding']]).toEqual([accept, 200, coding]);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(json);
    }
    // A client that decodes by itself (the test kit's) reads the same answer.
    expect((await t.http().get(slotsPath()).expect(200)).body).toEqual(json);
  });

  it('encodes once per content, not once per request, and reuses the bytes while the slots stay the same', async () => {
    const bookable = t.app.get(BookableSlotsService);
    const kept = keptAnswersOf(SchedulingController.prototype.slots);
    // A new window changes the slots: the answer has new content, encoded on its first br request only.
    await openWindow(6, 2);
    const before = { ...bookable.counts, ...kept.counts };
    const requests = 20;
    const answers = await Promise.all(Array.from({ length: requests }, () => get(slotsPath(), { 'accept-encoding': 'br' })));
    // Later requests, whichever computation of the slots they meet (recomputed after a change or their time), reuse the same bytes.
    answers.push(await get(slotsPath(), { 'accept-encoding': 'br' }));
    expect(answers.every((a) => a.statusCode === 200 && a.headers['content-encoding'] === 'br')).toBe(true);
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    expect(kept.counts.br - before.br).toBe(1);
    expect(kept.counts.gzip).toBe(before.gzip);
    expect(kept.counts.serialized - before.serialized).toBe(1);
    expect(bookable.counts.computed - before.computed).toBeGreaterThanOrEqual(1);
    await closeLastWindow();
  });

  it('gives a weak ETag, the same in every coding, and 304 without a body on If-None-Match; a booking changes it', async () => {
    const first = await get(slotsPath(), { 'accept-encoding': 'gzip' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect((await get(slotsPath(), { 'accept-encoding': 'br' })).headers.etag).toBe(etag);
    expect(first.headers['cache-control']).toBe('no-store');

    const unchanged = await get(slotsPath(), { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload).toHaveLength(0);
    expect(unchanged.headers.etag).toBe(etag);
    expect((await get(slotsPath(), { 'if-none-match': '"something-else"' })).statusCode).toBe(200);

    // The candidate submits a slot and a member confirms it: the slot is no longer bookable, on the next request already.
    const slot = JSON.parse(gunzipSync(first.rawPayload).toString('utf8')).data[0];
    await t
      .http()
      .post(`/api/v1/scheduling/${bookerToken}/submit-availability`)
      .send({ slots: [{ slotId: slot.slotId, interviewerId: slot.interviewerId, startAt: slot.startAt, endAt: slot.endAt }] })
      .expect(200);
    const detail = (await t.http().get(`/api/v1/projects/${projectId}/candidates/${booker}`).set(member).expect(200)).body.data;
    await t
      .http()
      .post(`/api/v1/projects/${projectId}/candidates/${booker}/confirm-schedule`)
      .set(member)
      .send({ availableDateId: detail.availableDates[0].id })
      .expect(201);
    const after = await get(slotsPath(), { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const slots = JSON.parse(brotliDecompressSync(after.rawPayload).toString('utf8')).data;
    expect(slots.map((s: { slotId: string }) => s.slotId)).not.toContain(slot.slotId);
    expect(slots).toHaveLength(5);
  });

  it("filters by a window of days in the project's time zone, both ends optional and inclusive", async () => {
    const all = (await get(slotsPath())).json().data as Array<{ startAt: string }>;
    const days = (query: string) => async () =>
      ((await get(slotsPath(query))).json().data as Array<{ startAt: string }>).map((s) => s.startAt.slice(0, 10));
    const dayOf = (s: { startAt: string }) => s.startAt.slice(0, 10);
    expect(await days(`?from=${day(3)}&to=${day(3)}`)()).toEqual(all.filter((s) => dayOf(s) === day(3)).map(dayOf));
    expect(await days(`?from=${day(3)}`)()).toEqual(all.filter((s) => dayOf(s) >= day(3)).map(dayOf));
    expect(await days(`?to=${day(3)}`)()).toEqual(all.filter((s) => dayOf(s) <= day(3)).map(dayOf));
    expect(await days(`?from=${day(3)}&to=${day(4)}`)()).toHaveLength(4);
    // A window without slots (past, or far ahead) is an empty answer.
    expect(await days(`?from=2001-01-01&to=2001-01-31`)()).toEqual([]);
    expect(await days(`?from=2999-01-01`)()).toEqual([]);
    // The window's answer is compressed and has its own ETag.
    const windowed = await get(slotsPath(`?from=${day(3)}&to=${day(3)}`), { 'accept-encoding': 'br' });
    expect(windowed.headers['content-encoding']).toBe('br');
    expect(windowed.headers.etag).not.toBe((await get(slotsPath())).headers.etag);
  });

  it('shows on the page the days it is asked for, else the week from the first slot, with links to the other weeks', async () => {
    const page = async (query: string) => {
      const res = await get(`/schedule/${token}${query}`);
      expect(res.statusCode).toBe(200);
      const inputs = (type: string) => [...res.body.matchAll(new RegExp(`type="${type}"[^>]*data-start="([^"]+)"`, 'g'))].map((m) => m[1]);
      const link = (rel: string) =>
        /<a rel="(?:prev|next)"/.test(res.body) && new RegExp(`<a rel="${rel}" href="([^"]+)"`).exec(res.body)?.[1];
      return { boxes: inputs('checkbox'), kept: inputs('hidden'), previous: link('prev'), next: link('next') };
    };
    const starts = async (query = '') => (await get(slotsPath(query))).json().data.map((s: { startAt: string }) => s.startAt);
    // A window ten days after the others: the default week (from the first slot's day) leaves it out and links to it.
    await openWindow(12, 2);
    const later = `?from=${day(12)}&to=${day(18)}`;
    const first = await page('');
    expect(first.boxes).toEqual(await starts(`?from=${day(2)}&to=${day(8)}`));
    expect(first.boxes).toEqual((await starts()).filter((start: string) => start < dayAt(12, 1)));
    expect(first).toMatchObject({ previous: undefined, next: `/schedule/${token}${later.replace('&', '&amp;')}` });
    const second = await page(later);
    expect(second.boxes).toEqual([dayAt(12, 1)]);
    expect(second).toMatchObject({ previous: `/schedule/${token}?from=${day(-2)}&amp;to=${day(4)}`, next: undefined });
    // Asked days are shown as asked; a malformed window is 400.
    const one = `?from=${day(3)}&to=${day(3)}`;
    expect((await page(one)).boxes).toEqual(await starts(one));
    expect((await page(one)).boxes).toHaveLength(2);
    expect((await get(`/schedule/${token}?from=${day(4)}&to=${day(3)}`)).statusCode).toBe(400);
    // A choice in the later week rides along, hidden, in the first week's form, so a submission from there keeps it.
    const slots = (await get(slotsPath(later))).json().data.map(({ interviewerName: _, ...slot }: { interviewerName: string }) => slot);
    await t.http().post(`/api/v1/scheduling/${token}/submit-availability`).send({ slots }).expect(200);
    expect((await page('')).kept).toEqual([dayAt(12, 1)]);
    expect((await page(later)).kept).toEqual([]);
    await closeLastWindow();
  });

  it('refuses malformed windows with 400 VALIDATION_FAILED', async () => {
    for (const query of [
      `?from=${day(4)}&to=${day(3)}`,
      '?from=2030-02-30',
      '?to=2030-13-01',
      '?from=2030-1-7',
      '?to=2030-01-07T00:00:00Z',
      '?from=',
      '?from=tomorrow',
    ]) {
      const res = await get(slotsPath(query));
      expect([query, res.statusCode, res.json().error.code]).toEqual([query, 400, 'VALIDATION_FAILED']);
    }
  });
});
