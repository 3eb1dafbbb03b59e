import { type Booking, judgeSoak, type K6Summary, MIN_COUNTS, ROUTES, type SoakFacts } from './soak-check';

const HOUR = 3_600_000;
const T = Date.parse('2026-12-01T01:00:00Z');

/** k6's summary as handleSummary writes it: a trend per route with requests, and the counters. */
function summaryOf(routes: Record<string, number>, counters: Record<string, number>, extra: Record<string, number> = {}): K6Summary {
  const metrics: K6Summary['metrics'] = {};
  for (const [route, count] of Object.entries(routes)) {
    if (count > 0) metrics[`route_${route}`] = { values: { count, med: 80, 'p(95)': 300, 'p(99)': 500, max: 900 } };
  }
  for (const [name, count] of Object.entries({ ...counters, ...extra })) if (count > 0) metrics[name] = { values: { count } };
  return { metrics, state: { testRunDurationMs: 45_000 } };
}

const booking = (id: number, candidate: number, interviewer: number, startHour: number, minutes = 60): Booking => ({
  id,
  candidate,
  interviewer,
  start: T + startHour * HOUR,
  end: T + startHour * HOUR + minutes * 60_000,
});

/** A run where everything happened and went right. */
function goodRun() {
  const routes = Object.fromEntries(ROUTES.map((route) => [route, 20]));
  const counters: Record<keyof typeof MIN_COUNTS, number> = {
    accepted_imports: 4,
    accepted_articles: 5,
    accepted_blogs: 5,
    races_stored: 4,
    signalled_jobs: 6,
    confirmed_reservations: 3,
    refused_confirmations: 4,
    emails_sent: 20,
    versions_saved: 5,
  };
  const facts: SoakFacts = {
    settled: true,
    imports: Array.from({ length: 4 }, () => ({ status: 'completed', imported: 20, duplicates: 0, errors: 0 })),
    importedPeople: 80,
    articles: { draft: 5 },
    blogs: { byStatus: { draft: 5 }, failed: 0 },
    races: 4,
    signals: { parsed: 6, audited: 12 },
    // Back to back for one interviewer (touching is not overlapping), and another interviewer at the same hour.
    bookings: [booking(1, 101, 1, 0), booking(2, 102, 1, 1), booking(3, 103, 2, 0)],
    sent: 20,
    versions: { gappy: 0, afterFirst: 5 },
  };
  const edgeLog = Array.from({ length: ROUTES.length * 20 + 3 }, () => JSON.stringify({ status: 200, request: { uri: '/x' } })).join('\n');
  return { routes, counters, facts, edgeLog };
}

function judge(change: (run: ReturnType<typeof goodRun>) => void = () => undefined) {
  const run = goodRun();
  change(run);
  const checks = judgeSoak({ summary: summaryOf(run.routes, run.counters), facts: run.facts, edgeLog: run.edgeLog });
  return Object.fromEntries(checks.map((c) => [c.name, c]));
}

const failed = (checks: ReturnType<typeof judge>) =>
  Object.values(checks)
    .filter((c) => !c.ok)
    .map((c) => c.name);

describe("the soak's checker", () => {
  it('passes a run where every kind of traffic happened and went right', () => {
    const checks = judge();
    expect(failed(checks)).toEqual([]);
    expect(Object.keys(checks)).toHaveLength(10);
  });

  it('fails every check when nothing happened', () => {
    const checks = judgeSoak({
      summary: summaryOf({}, {}),
      facts: {
        settled: true,
        imports: [],
        importedPeople: 0,
        articles: {},
        blogs: { byStatus: {}, failed: 0 },
        races: 0,
        signals: { parsed: 0, audited: 0 },
        bookings: [],
        sent: 0,
        versions: { gappy: 0, afterFirst: 0 },
      },
      edgeLog: '',
    });
    expect(checks.filter((c) => c.ok)).toEqual([]);
  });

  it('does not call "no slot booked twice" held without confirmations, nor without confirmations that lost a race', () => {
    const none = judge((run) => {
      run.counters.confirmed_reservations = 0;
      run.facts.bookings = [];
    })['no slot booked twice'];
    expect(none).toMatchObject({ ok: false, detail: expect.stringContaining('confirmed_reservations 0 (at least 3 needed)') });
    const uncontended = judge((run) => (run.counters.refused_confirmations = 0))['no slot booked twice'];
    expect(uncontended).toMatchObject({ ok: false, detail: expect.stringContaining('refused_confirmations 0 (at least 1 needed)') });
  });

  it('does not call the import counts exact without imports', () => {
    const checks = judge((run) => {
      run.counters.accepted_imports = 0;
      run.facts.imports = [];
      run.facts.importedPeople = 0;
    });
    expect(failed(checks)).toEqual(['every 202 job reached its final state', "every import's counts exact"]);
  });

  it('fails a route that had no request, and one the checker does not know, by name', () => {
    const checks = judge((run) => {
      run.routes.bulk_send = 0;
      run.routes.race_upload = 2;
      run.routes.brand_new = 20;
    });
    expect(checks['every route had its traffic']).toMatchObject({
      ok: false,
      detail: 'too few requests (at least 5): bulk_send 0, race_upload 2; routes the checker does not know: brand_new',
    });
  });

  it('finds two bookings of one interviewer whose hours overlap although they start at different times', () => {
    const checks = judge((run) => {
      run.facts.bookings.push(booking(4, 104, 2, 0.5));
      run.counters.confirmed_reservations = 4;
    });
    expect(checks['no slot booked twice']).toMatchObject({
      ok: false,
      detail: expect.stringContaining('1 overlapping pairs of one interviewer'),
    });
  });

  it('finds a candidate booked twice', () => {
    const checks = judge((run) => {
      run.facts.bookings.push(booking(4, 101, 3, 5));
      run.counters.confirmed_reservations = 4;
    });
    expect(checks['no slot booked twice']).toMatchObject({ ok: false, detail: expect.stringContaining('1 candidates booked twice') });
  });

  it('does not take a job that ended failed for a final one: an article, an import, a blog with a generation error', () => {
    const article = judge((run) => (run.facts.articles = { draft: 4, failed: 1 }));
    expect(failed(article)).toEqual(['every 202 job reached its final state']);
    const importFailed = judge((run) => (run.facts.imports[0] = { status: 'failed', imported: 0, duplicates: 0, errors: 20 }));
    expect(failed(importFailed)).toContain('every 202 job reached its final state');
    const blog = judge((run) => (run.facts.blogs.failed = 1));
    expect(failed(blog)).toEqual(['every 202 job reached its final state']);
    const open = judge((run) => (run.facts.settled = false));
    expect(failed(open)).toEqual(['every 202 job reached its final state']);
  });

  it("fails zero 5xx on a 5xx in the edge's log, and on a log that misses the traffic", () => {
    const served = judge((run) => (run.edgeLog += `\n${JSON.stringify({ status: 502, request: { uri: '/api/v1/projects/1?x=1' } })}`));
    expect(served['zero 5xx']).toMatchObject({
      ok: false,
      detail: expect.stringContaining("1 in the edge's access log (502 /api/v1/projects/1)"),
    });
    const unread = judge((run) => (run.edgeLog = ''));
    expect(unread['zero 5xx']).toMatchObject({ ok: false, detail: expect.stringContaining('the log has 0 entries') });
  });

  it('fails an import whose rows were not all stored, and a race upload stored twice', () => {
    expect(failed(judge((run) => (run.facts.importedPeople = 79)))).toEqual(["every import's counts exact"]);
    expect(failed(judge((run) => (run.facts.races = 5)))).toEqual(['every race upload stored once']);
  });
});
