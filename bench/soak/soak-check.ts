// The soak's checker: judges k6's summary, the edge's access log of the soak and what the stores hold afterwards
// (soak-facts.ts reads them). Pure, so each check is unit-tested on crafted reports (soak-check.spec.ts). Every check
// also requires that the traffic it is about happened: an invariant over nothing holds and proves nothing.

export interface RouteFigures {
  route: string;
  count: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors5xx: number;
  unexpected: number;
}

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

interface K6Metric {
  values: Record<string, number>;
}

export interface K6Summary {
  metrics: Record<string, K6Metric>;
  state: { testRunDurationMs: number };
}

/** A confirmed reservation: its candidate, its interviewer and its time (ms since the epoch). */
export interface Booking {
  id: number;
  candidate: number;
  interviewer: number;
  start: number;
  end: number;
}

/** What the stores hold after the soak (soak-facts.ts). */
export interface SoakFacts {
  /** Whether every job had left pending, processing and generating when the wait for them ended. */
  settled: boolean;
  /** The file imports: each one's status and counts. */
  imports: Array<{ status: string; imported: number; duplicates: number; errors: number }>;
  /** People stored by the imports (their external ids are the traffic's). */
  importedPeople: number;
  /** Articles by status. */
  articles: Record<string, number>;
  /** Generated blogs by status, and how many of them carry a generation error (a blog's failure: draft with a note). */
  blogs: { byStatus: Record<string, number>; failed: number };
  /** The races the traffic uploaded, stored. */
  races: number;
  /** ai-webhook's jobs awaiting confirmation (both phase signals applied) and its audit rows. */
  signals: { parsed: number; audited: number };
  /** Every confirmed reservation. */
  bookings: Booking[];
  /** Invitations logged as sent. */
  sent: number;
  /** Surveys whose version numbers have a gap or a repeat, and the versions after each survey's first. */
  versions: { gappy: number; afterFirst: number };
}

/**
 * The least traffic a run must have made for its checks to mean anything: requests on each route of traffic.k6.js, and
 * each kind of job or outcome (its counters). A 30 s smoke on a loaded machine makes several times these.
 */
export const MIN_REQUESTS_PER_ROUTE = 5;
export const ROUTES = [
  'candidates_list',
  'public_slots',
  'public_submit',
  'candidate_detail',
  'confirm_schedule',
  'import_upload',
  'import_execute',
  'bulk_send',
  'builder_save',
  'builder_detail',
  'article_generation',
  'article_list',
  'race_upload',
  'blog_generation',
  'webhook_signal',
] as const;
export const MIN_COUNTS = {
  accepted_imports: 3,
  accepted_articles: 3,
  accepted_blogs: 3,
  races_stored: 3,
  signalled_jobs: 3,
  confirmed_reservations: 3,
  // Confirmations that lost a race for a candidate or an interviewer's hour: without them nothing contended.
  refused_confirmations: 1,
  emails_sent: 10,
  versions_saved: 3,
};
type Counter = keyof typeof MIN_COUNTS;

const counter = (summary: K6Summary, name: string) => summary.metrics[name]?.values.count ?? 0;

/** Each route of the traffic, with count 0 when k6 saw no request on it (k6 leaves unused metrics out). */
export function routeFigures(summary: K6Summary): RouteFigures[] {
  const seconds = summary.state.testRunDurationMs / 1000;
  const seen = Object.keys(summary.metrics)
    .filter((name) => /^route_[a-z_]+$/.test(name) && !/_(5xx|unexpected)$/.test(name))
    .map((name) => name.slice('route_'.length));
  return [...new Set([...ROUTES, ...seen])].map((route) => {
    const values = summary.metrics[`route_${route}`]?.values ?? {};
    const count = values.count ?? 0;
    return {
      route,
      count,
      rps: count / seconds,
      p50: values.med ?? 0,
      p95: values['p(95)'] ?? 0,
      p99: values['p(99)'] ?? 0,
      max: values.max ?? 0,
      errors5xx: counter(summary, `route_${route}_5xx`),
      unexpected: counter(summary, `route_${route}_unexpected`),
    };
  });
}

/** Pairs of confirmed reservations of one interviewer whose times overlap, and candidates with two confirmed reservations. */
export function doubleBookings(bookings: Booking[]): { overlapping: Array<[Booking, Booking]>; candidatesTwice: number[] } {
  const overlapping: Array<[Booking, Booking]> = [];
  for (const [i, a] of bookings.entries()) {
    for (const b of bookings.slice(i + 1)) {
      if (a.interviewer === b.interviewer && a.start < b.end && b.start < a.end) overlapping.push([a, b]);
    }
  }
  const perCandidate = new Map<number, number>();
  for (const b of bookings) perCandidate.set(b.candidate, (perCandidate.get(b.candidate) ?? 0) + 1);
  return { overlapping, candidatesTwice: [...perCandidate].filter(([, n]) => n > 1).map(([candidate]) => candidate) };
}

const check = (name: string, ok: boolean, detail: string): Check => ({ name, ok, detail });

/** The check, failed with the reason, unless each of the counters reached its minimum. */
function withTraffic(summary: K6Summary, counters: Counter[], judged: Check): Check {
  const short = counters.filter((name) => counter(summary, name) < MIN_COUNTS[name]);
  if (!short.length) return judged;
  const why = short.map((name) => `${name} ${counter(summary, name)} (at least ${MIN_COUNTS[name]} needed)`).join(', ');
  return check(judged.name, false, `too little traffic to judge: ${why}; ${judged.detail}`);
}

const byStatus = (counts: Record<string, number>) => JSON.stringify(counts);
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((n, v) => n + v, 0);

export function judgeSoak({ summary, facts, edgeLog }: { summary: K6Summary; facts: SoakFacts; edgeLog: string }): Check[] {
  const routes = routeFigures(summary);
  const n = (name: Counter) => counter(summary, name);
  const checks: Check[] = [];

  const short = routes.filter((r) => r.count < MIN_REQUESTS_PER_ROUTE);
  const unknown = routes.filter((r) => !(ROUTES as readonly string[]).includes(r.route));
  checks.push(
    check(
      'every route had its traffic',
      short.length === 0 && unknown.length === 0,
      [
        short.length
          ? `too few requests (at least ${MIN_REQUESTS_PER_ROUTE}): ${short.map((r) => `${r.route} ${r.count}`).join(', ')}`
          : '',
        unknown.length ? `routes the checker does not know: ${unknown.map((r) => r.route).join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ') || `${routes.length} routes, each at least ${MIN_REQUESTS_PER_ROUTE} requests`,
    ),
  );

  const requests = routes.reduce((total, r) => total + r.count, 0);
  const clientErrors = routes.reduce((total, r) => total + r.errors5xx, 0);
  const entries = edgeLog
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { status?: number; request?: { uri?: string } });
  const edge5xx = entries.filter((entry) => (entry.status ?? 0) >= 500);
  checks.push(
    check(
      'zero 5xx',
      clientErrors === 0 && edge5xx.length === 0 && entries.length >= requests && requests > 0,
      `${clientErrors} seen by k6, ${edge5xx.length} in the edge's access log${
        edge5xx.length
          ? ` (${edge5xx
              .slice(0, 3)
              .map((e) => `${e.status} ${e.request?.uri?.split('?')[0]}`)
              .join(', ')})`
          : ''
      }; the log has ${entries.length} entries for k6's ${requests} requests`,
    ),
  );
  const unexpected = routes.filter((r) => r.unexpected > 0);
  checks.push(
    check(
      'every answer one its route may give',
      unexpected.length === 0 && requests > 0,
      unexpected.length ? unexpected.map((r) => `${r.route}: ${r.unexpected}`).join(', ') : `${requests} requests`,
    ),
  );

  // Every accepted job reaches the state its traffic meant (the workers were killed on the way): nothing here is meant
  // to fail, so a failed import, article or blog is not final but a lost job.
  const completed = facts.imports.filter((i) => i.status === 'completed').length;
  const importStatuses = facts.imports.reduce<Record<string, number>>((m, i) => ({ ...m, [i.status]: (m[i.status] ?? 0) + 1 }), {});
  const drafts = facts.articles.draft ?? 0;
  const blogDrafts = (facts.blogs.byStatus.draft ?? 0) - facts.blogs.failed;
  checks.push(
    withTraffic(
      summary,
      ['accepted_imports', 'accepted_articles', 'accepted_blogs'],
      check(
        'every 202 job reached its final state',
        facts.settled &&
          completed === n('accepted_imports') &&
          facts.imports.length === completed &&
          drafts === n('accepted_articles') &&
          sum(facts.articles) === drafts &&
          blogDrafts === n('accepted_blogs') &&
          sum(facts.blogs.byStatus) === blogDrafts,
        `${facts.settled ? '' : 'jobs still open at the end of the wait; '}` +
          `${n('accepted_imports')} imports accepted, ${completed} completed: ${byStatus(importStatuses)}; ` +
          `${n('accepted_articles')} articles accepted, ${drafts} drafts: ${byStatus(facts.articles)}; ` +
          `${n('accepted_blogs')} blogs accepted, ${blogDrafts} drafts: ${byStatus(facts.blogs.byStatus)}, ${facts.blogs.failed} with a generation error`,
      ),
    ),
  );
  checks.push(
    withTraffic(
      summary,
      ['races_stored'],
      check('every race upload stored once', facts.races === n('races_stored'), `${n('races_stored')} answered 201, ${facts.races} stored`),
    ),
  );
  const signalled = n('signalled_jobs');
  checks.push(
    withTraffic(
      summary,
      ['signalled_jobs'],
      check(
        'every phase signal applied',
        facts.signals.parsed === signalled && facts.signals.audited >= 2 * signalled,
        `${signalled} jobs signalled parse_started and parse_done, ${facts.signals.parsed} awaiting confirmation, ${facts.signals.audited} audit rows`,
      ),
    ),
  );
  const exact = facts.imports.filter((i) => i.status === 'completed' && i.imported === 20 && i.duplicates === 0 && i.errors === 0).length;
  const rows = facts.imports.reduce((total, i) => total + i.imported, 0);
  checks.push(
    withTraffic(
      summary,
      ['accepted_imports'],
      check(
        "every import's counts exact",
        exact === facts.imports.length &&
          facts.imports.length === n('accepted_imports') &&
          rows === exact * 20 &&
          facts.importedPeople === rows,
        `${exact} of ${facts.imports.length} completed with 20 imported, 0 duplicates, 0 errors; ${rows} rows counted, ${facts.importedPeople} people stored`,
      ),
    ),
  );

  // Confirmations raced for the same candidates and for overlapping hours of one interviewer.
  const { overlapping, candidatesTwice } = doubleBookings(facts.bookings);
  const at = (b: Booking) => `${new Date(b.start).toISOString()}-${new Date(b.end).toISOString().slice(11)}`;
  checks.push(
    withTraffic(
      summary,
      ['confirmed_reservations', 'refused_confirmations'],
      check(
        'no slot booked twice',
        overlapping.length === 0 && candidatesTwice.length === 0 && facts.bookings.length === n('confirmed_reservations'),
        `${facts.bookings.length} reservations for ${n('confirmed_reservations')} answers 201, ${n('refused_confirmations')} refused with 409; ` +
          `${overlapping.length} overlapping pairs of one interviewer${
            overlapping.length
              ? ` (interviewer ${overlapping[0][0].interviewer}: ${at(overlapping[0][0])} and ${at(overlapping[0][1])})`
              : ''
          }, ${candidatesTwice.length} candidates booked twice`,
      ),
    ),
  );
  checks.push(
    withTraffic(
      summary,
      ['emails_sent'],
      check('every bulk send logged', facts.sent === n('emails_sent'), `${n('emails_sent')} sends answered, ${facts.sent} logged`),
    ),
  );
  checks.push(
    withTraffic(
      summary,
      ['versions_saved'],
      check(
        'version numbers dense',
        facts.versions.gappy === 0 && facts.versions.afterFirst === n('versions_saved'),
        `${n('versions_saved')} saves answered 201, ${facts.versions.afterFirst} versions after the first; ${facts.versions.gappy} surveys with gaps or repeats`,
      ),
    ),
  );
  return checks;
}
