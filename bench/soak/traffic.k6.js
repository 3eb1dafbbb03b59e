/* global __ENV, open, console -- k6 provides these to its scripts */
// The soak's traffic (bench/soak/soak.ts runs it with k6): mixed requests through the edge, one scenario per kind of
// user. Every request is timed per route (route_<name> trends) and every answer outside the route's expected statuses
// is counted (route_<name>_unexpected; 5xx and dropped connections also in route_<name>_5xx). handleSummary writes the
// raw summary for the checker. The soak decides when the traffic ends (bench/soak/schedule.ts): each virtual user asks
// its control address at the start of an iteration and, once told to stop, idles until the soak ends k6. SOAK_DURATION
// is only the bound. The routes are the checker's too (ROUTES in soak-check.ts; it fails on one it does not know).
import http from 'k6/http';
import exec from 'k6/execution';
import { sleep } from 'k6';
import { Counter, Trend } from 'k6/metrics';

const BASE = __ENV.BASE_URL;
const DATA = JSON.parse(open(__ENV.SOAK_DATA));
const DURATION = __ENV.SOAK_DURATION;
const CONTROL = __ENV.SOAK_CONTROL;
const VUS = Number(__ENV.SOAK_VUS);
const IMPORT_ROWS = 20;

const ROUTES = [
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
];
const RACE = JSON.parse(open(__ENV.SOAK_RACE_FILE));
const timings = {};
const unexpected = {};
const failures = {};
for (const route of ROUTES) {
  timings[route] = new Trend(`route_${route}`, true);
  unexpected[route] = new Counter(`route_${route}_unexpected`);
  failures[route] = new Counter(`route_${route}_5xx`);
}
const acceptedImports = new Counter('accepted_imports');
const acceptedArticles = new Counter('accepted_articles');
const confirmed = new Counter('confirmed_reservations');
const refused = new Counter('refused_confirmations');
const emailsSent = new Counter('emails_sent');
const versionsSaved = new Counter('versions_saved');
const racesStored = new Counter('races_stored');
const acceptedBlogs = new Counter('accepted_blogs');
const signalledJobs = new Counter('signalled_jobs');

const share = (fraction) => Math.max(1, Math.round(VUS * fraction));
const steady = (exec, vus) => ({ executor: 'constant-vus', exec, vus, duration: DURATION, gracefulStop: '30s' });

export const options = {
  scenarios: {
    console_reads: steady('consoleReads', share(0.25)),
    candidates: steady('candidates', share(0.25)),
    confirmations: steady('confirmations', 2),
    imports: steady('imports', 1),
    sends: steady('sends', 1),
    builder: steady('builder', share(0.1)),
    articles: steady('articles', 1),
    races: steady('races', 1),
    blogs: steady('blogs', 1),
    webhooks: steady('webhooks', 2),
  },
  summaryTrendStats: ['count', 'avg', 'min', 'med', 'p(95)', 'p(99)', 'max'],
  discardResponseBodies: false,
  insecureSkipTLSVerify: false,
};
const VIRTUAL_USERS = Object.values(options.scenarios).reduce((n, scenario) => n + scenario.vus, 0);

// Per virtual user: whether the soak has told it to stop, and when it last asked.
let stopped = false;
let askedAt = 0;

/** Whether to make this iteration's requests: asks the soak at most once a second; once told to stop, never asks again. */
function running() {
  if (!stopped && Date.now() - askedAt >= 1000) {
    askedAt = Date.now();
    const answer = http.get(`${CONTROL}/?vu=${exec.vu.idInTest}&of=${VIRTUAL_USERS}`, { tags: { name: 'control' } });
    stopped = answer.status === 200 && answer.body === 'stop';
  }
  if (stopped) sleep(1);
  return !stopped;
}

const json = (token) => ({ headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
const bearer = (token) => ({ headers: { authorization: `Bearer ${token}` } });
const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** Times an answer under its route and counts it when its status is not one the route may answer. */
function record(route, res, allowed) {
  timings[route].add(res.timings.duration);
  if (res.status === 0 || res.status >= 500) failures[route].add(1);
  if (!allowed.includes(res.status)) {
    unexpected[route].add(1);
    if (Math.random() < 0.05) console.warn(`${route}: ${res.status} ${String(res.body).slice(0, 200)}`);
  }
  return res;
}

export function setup() {
  // One survey per builder user, created by the builder's administrator (the edge sets the identity from the token).
  const surveys = [];
  for (let i = 0; i < share(0.1); i++) {
    const res = http.post(
      `${BASE}/api/surveys`,
      JSON.stringify({ title: `ソーク ${i}`, clientName: 'Soak', objective: '耐久', deliveryArea: '全国', category: 'soak' }),
      json(DATA.admin),
    );
    if (res.status !== 201) throw new Error(`survey create answered ${res.status}: ${res.body}`);
    surveys.push(res.json('data.id') || res.json('id'));
  }
  return { surveys };
}

/** The admin console reading: candidate lists with filters, articles. */
export function consoleReads() {
  if (!running()) return;
  const filters = ['status=contacted&sort=name', 'search=%E5%80%99%E8%A3%9C&sort=created_at', 'sort=score&limit=50', 'status=scheduling'];
  record(
    'candidates_list',
    http.get(
      `${BASE}/api/v1/projects/${DATA.projectId}/candidates?${pick(filters)}&page=${1 + Math.floor(Math.random() * 5)}`,
      bearer(DATA.viewer),
    ),
    [200],
  );
  record('article_list', http.get(`${BASE}/v1/articles?size=20`, bearer(DATA.viewer)), [200]);
  sleep(0.2);
}

/** Candidates on the public page: read the slots, submit two preferred ones (again and again: each submit replaces). */
export function candidates() {
  if (!running()) return;
  record('public_slots', http.get(`${BASE}/api/v1/scheduling/${pick(DATA.listTokens)}/slots`), [200]);
  const token = pick(DATA.submitTokens);
  const slots = record('public_slots', http.get(`${BASE}/api/v1/scheduling/${token}/slots`), [200]);
  if (slots.status === 200) {
    const offered = slots.json('data');
    if (offered.length >= 2) {
      const chosen = [pick(offered), pick(offered)]
        .filter((s, i, all) => all.findIndex((o) => o.slotId === s.slotId) === i)
        .map((s) => ({ slotId: s.slotId, interviewerId: s.interviewerId, startAt: s.startAt, endAt: s.endAt }));
      record(
        'public_submit',
        http.post(`${BASE}/api/v1/scheduling/${token}/submit-availability`, JSON.stringify({ slots: chosen }), {
          headers: { 'content-type': 'application/json' },
        }),
        // 409 once the candidate has a confirmed reservation.
        [200, 409],
      );
    }
  }
  sleep(0.2);
}

/** Two admins confirming schedules: both walk the same candidates, and pairs of candidates want overlapping hours of one interviewer. */
export function confirmations() {
  if (!running()) return;
  const iteration = exec.scenario.iterationInTest;
  const candidate = DATA.confirmCandidates[Math.floor(iteration / 2) % DATA.confirmCandidates.length];
  const base = `${BASE}/api/v1/projects/${DATA.confirmProjectId}/candidates/${candidate}`;
  const detail = record('candidate_detail', http.get(base, bearer(DATA.member)), [200]);
  if (detail.status !== 200) return;
  const dates = detail.json('data.availableDates') || [];
  if (dates.length === 0) return;
  const res = record(
    'confirm_schedule',
    http.post(`${base}/confirm-schedule`, JSON.stringify({ availableDateId: dates[0].id }), json(DATA.member)),
    // 409: the candidate is already scheduled, or the interviewer's hour is taken.
    [201, 409],
  );
  if (res.status === 201) confirmed.add(1);
  if (res.status === 409) refused.add(1);
  sleep(0.1);
}

function utf16le(text) {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes[0] = 0xff;
  bytes[1] = 0xfe;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes[2 + 2 * i] = code & 0xff;
    bytes[3 + 2 * i] = code >> 8;
  }
  return bytes.buffer;
}

/** Imports of small files, each with rows of its own. */
export function imports() {
  if (!running()) return;
  const tag = `soak-imp-${exec.vu.idInTest}-${exec.scenario.iterationInTest}`;
  const rows = ['id\tname\temail'];
  for (let i = 0; i < IMPORT_ROWS; i++) rows.push(`${tag}-${i}\t取込 ${i}\t${tag}-${i}@example.com`);
  const base = `${BASE}/api/v1/projects/${DATA.projectId}/candidates/import`;
  const upload = record(
    'import_upload',
    http.post(
      `${base}/upload`,
      { file: http.file(utf16le(rows.join('\n') + '\n'), `${tag}.tsv`, 'text/tab-separated-values') },
      bearer(DATA.member),
    ),
    [200],
  );
  if (upload.status !== 200) return;
  const mapping = { external_user_id: { column_index: 0 }, name: { column_index: 1 }, email: { column_index: 2 } };
  const run = record(
    'import_execute',
    http.post(`${base}/${upload.json('data.file_id')}/execute`, JSON.stringify({ mapping }), json(DATA.member)),
    [201],
  );
  if (run.status === 201) acceptedImports.add(1);
  sleep(0.5);
}

/** Bulk invitations to ten candidates at a time (PROTOTYPE_MODE: logged, not sent). */
export function sends() {
  if (!running()) return;
  const start = (exec.scenario.iterationInTest * 10) % DATA.sendCandidates.length;
  const res = record(
    'bulk_send',
    http.post(
      `${BASE}/api/v1/projects/${DATA.projectId}/emails/send`,
      JSON.stringify({ templateId: DATA.invitationTemplateId, candidateIds: DATA.sendCandidates.slice(start, start + 10) }),
      json(DATA.member),
    ),
    [200],
  );
  if (res.status === 200) emailsSent.add(res.json('data.sent_count'));
  sleep(0.5);
}

/** Survey authors saving versions of their survey and reading it back. */
export function builder(data) {
  if (!running()) return;
  const survey = data.surveys[(exec.vu.idInTest - 1) % data.surveys.length];
  const res = record('builder_save', http.post(`${BASE}/api/surveys/${survey}/save`, null, bearer(DATA.admin)), [201]);
  if (res.status === 201) versionsSaved.add(1);
  record('builder_detail', http.get(`${BASE}/api/surveys/${survey}`, bearer(DATA.admin)), [200]);
  sleep(0.3);
}

/** Article generations through the queue and the article worker. */
export function articles() {
  if (!running()) return;
  const res = record(
    'article_generation',
    http.post(
      `${BASE}/v1/articles/generation`,
      JSON.stringify({ race_id: DATA.raceId, title: 'ソーク記事', opening_at: Date.now() }),
      json(DATA.member),
    ),
    [202],
  );
  if (res.status === 202) acceptedArticles.add(1);
  sleep(0.5);
}

/** Race files uploaded by the console, each a race of its own. */
export function races() {
  if (!running()) return;
  const raceId = `h-soak-${exec.vu.idInTest}-${exec.scenario.iterationInTest}`;
  const file = JSON.stringify({ ...RACE, race_id: raceId });
  const res = record(
    'race_upload',
    http.post(
      `${BASE}/v1/races`,
      { type: 'horse_racing', file: http.file(file, `${raceId}.json`, 'application/json') },
      bearer(DATA.member),
    ),
    [201],
  );
  if (res.status === 201) racesStored.add(1);
  sleep(0.5);
}

/** Blog generations from the past blog, each under a name of its own. */
export function blogs() {
  if (!running()) return;
  const res = record(
    'blog_generation',
    http.post(
      `${BASE}/v1/blogs/generation`,
      JSON.stringify({ old_blog_id: DATA.oldBlogId, name: `ソークブログ ${exec.vu.idInTest}-${exec.scenario.iterationInTest}` }),
      json(DATA.member),
    ),
    [202],
  );
  if (res.status === 202) acceptedBlogs.add(1);
  sleep(0.5);
}

/** The wf2des worker's phase signals: parse started, then parse done, each job once. */
export function webhooks() {
  if (!running()) return;
  const jobId = `soak-wf-${1 + (exec.scenario.iterationInTest % DATA.webhookJobs)}`;
  const signal = (status) =>
    record(
      'webhook_signal',
      http.post(
        `${BASE}/api/v1/webhooks/ai-status`,
        JSON.stringify({ type: 'wf2des', job_id: jobId, attempt: 1, nonce: DATA.webhookNonce, status }),
        { headers: { 'x-api-key': DATA.webhookKey, 'content-type': 'application/json' } },
      ),
      [200],
    );
  if (signal('parse_started').status === 200 && signal('parse_done').status === 200) signalledJobs.add(1);
  sleep(0.2);
}

export function handleSummary(data) {
  return { [__ENV.SOAK_SUMMARY]: JSON.stringify(data) };
}
