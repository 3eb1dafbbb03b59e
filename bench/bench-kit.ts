// What every benchmark shares: smoke mode, the local services' addresses, a scope that owns whatever the bench
// creates on them, apps started as their own processes, percentiles, memory readings, and the summary lines.
//
// Smoke mode (BENCH_SMOKE=1, or --smoke): tiny sizes and short runs through the same routes, queues and floors, so a
// bench that cannot start or breaks on the way fails in seconds; targets are not judged. `npm run bench:smoke` runs
// every bench so (scripts/bench-smoke.sh; scripts/test.sh runs it in CI).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RunningEntryPoint, startEntryPoint, TestScope, testServices, waitFor, workspaceRoot } from '@platform/testing/harness';

export const SMOKE = process.env.BENCH_SMOKE === '1' || process.argv.includes('--smoke');

/** BENCH_FROM_SOURCE=1: apps run from their sources through SWC instead of built, as up.sh and the image run them. */
export const FROM_SOURCE = Boolean(process.env.BENCH_FROM_SOURCE);

const builtApps = new Set<string>();

/**
 * An app's entry point as the image runs it: built by its Nx target, once per bench (Nx's cache makes a rebuild of
 * unchanged sources instant); with BENCH_FROM_SOURCE=1 its `src/main.ts`.
 */
export function appEntry(app: string): string {
  if (FROM_SOURCE) return `apps/${app}/src/main.ts`;
  if (!builtApps.has(app)) execFileSync('npx', ['nx', 'run', `${app}:build`, '--outputStyle=static'], { stdio: 'ignore' });
  builtApps.add(app);
  return `dist/apps/${app}/apps/${app}/src/main.js`;
}

/** The full size, or the smoke one. */
export const size = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);

/**
 * A count or duration a bench reads from its environment (BENCH_RUNS=3): `fallback` when the variable is unset or empty,
 * a positive number otherwise; anything else stops the bench at once instead of running it with zero or NaN.
 */
export function fromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name}=${raw}: a positive number is needed`);
  return value;
}

/** The bench's own command-line arguments, without --smoke. */
export const benchArgs = () => process.argv.slice(2).filter((arg) => arg !== '--smoke');

export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

/** The middle value; of an even count, the mean of the two middle ones (of two rounds, not the slower one). */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error('the median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A /proc/<pid>/status figure in MB (VmHWM: the peak resident set; VmRSS: the current one); 0 once the process is gone. */
export function memoryMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat; 0 once the process is gone. */
export function cpuSeconds(pid: number): number {
  try {
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th, in clock ticks (100/s).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

const SERVICES_FILE = join(workspaceRoot, '.data/services.env');

/** The local services' addresses, as scripts/services.sh wrote them; libs/testing (the scope) is pointed at the same. */
function loadServices(): Record<string, string> {
  if (!existsSync(SERVICES_FILE)) throw new Error(`${SERVICES_FILE} is missing: start the services first (bash scripts/services.sh)`);
  const services: Record<string, string> = Object.fromEntries(
    readFileSync(SERVICES_FILE, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  // A bench can be pointed at another MongoDB-protocol store (another FerretDB backend, a real MongoDB) for one run.
  if (process.env.BENCH_MONGODB_URI) services.MONGODB_URI = process.env.BENCH_MONGODB_URI;
  Object.assign(testServices, {
    postgresUrl: services.DATABASE_URL,
    mongoUri: services.MONGODB_URI,
    amqpUrl: services.AMQP_URL,
    redisUrl: services.REDIS_URL,
  });
  Object.assign(testServices.s3, {
    endpoint: services.S3_ENDPOINT,
    accessKeyId: services.S3_ACCESS_KEY_ID,
    secretAccessKey: services.S3_SECRET_ACCESS_KEY,
  });
  return services;
}

/**
 * An app's entry point as its own process (from source), stopped when the scope closes. `ready` is polled until
 * true; if the app exits first, or the wait runs out, the error carries the app's last lines.
 */
/** How long a stopped process may take to exit after SIGTERM before it is killed. */
export const STOP_GRACE_MS = 30_000;

/**
 * Stops a process with SIGTERM and waits for it to exit, then SIGKILL when it has not within STOP_GRACE_MS: Node
 * can hang in its own exit (nodejs/node#54918: process.exit joining a compiler thread that waits for a garbage
 * collection the exiting main thread never runs; seen here once in a bench's recruiting-api), and a bench must end.
 */
export async function stopProcess(what: string, kill: (signal: NodeJS.Signals) => void, exited: Promise<unknown>): Promise<void> {
  kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), STOP_GRACE_MS)));
  if ((await Promise.race([exited, late])) === 'late') {
    console.error(`${what} did not exit within ${STOP_GRACE_MS / 1000} s of SIGTERM: killed`);
    kill('SIGKILL');
    await exited;
  }
  clearTimeout(timer);
}

export async function startApp(
  scope: TestScope,
  entry: string,
  env: Record<string, string>,
  ready: (app: RunningEntryPoint) => Promise<boolean> | boolean,
  timeoutMs = 60_000,
): Promise<RunningEntryPoint> {
  const app = startEntryPoint(entry, env, 30 * 60_000);
  scope.defer(entry, () => stopProcess(entry, app.kill, app.exited));
  await whenReady(entry, app.lines, app.exited, () => ready(app), timeoutMs);
  return app;
}

/** Waits for `probe`; fails at once, with the process's last lines, when the process exits first. */
export async function whenReady(
  what: string,
  lines: string[],
  exited: Promise<unknown>,
  probe: () => Promise<boolean> | boolean,
  timeoutMs = 60_000,
): Promise<void> {
  const tail = () => lines.slice(-15).join('\n  ');
  let gone = false;
  const died = exited.then(() => {
    gone = true;
    throw new Error(`${what} exited before it was ready:\n  ${tail()}`);
  });
  died.catch(() => undefined);
  const up = waitFor(async () => ((await probe()) ? true : undefined), { timeoutMs, intervalMs: 50, what }).catch((error: Error) => {
    if (gone) return;
    throw new Error(`${error.message}; its last lines:\n  ${tail()}`);
  });
  await Promise.race([up, died]);
}

/** True once GET `url` answers 2xx. */
export const answers = (url: string) => () =>
  fetch(url).then(
    (res) => {
      void res.body?.cancel();
      return res.ok;
    },
    () => false,
  );

/**
 * A bare node:http server of bench/ (the floor of a request rate), once it prints that it listens; stopped when the scope
 * closes. Its process id, for CPU figures.
 */
export async function startBareServer(scope: TestScope, script: string, args: string[]): Promise<number> {
  const server = spawn(process.execPath, [join(__dirname, script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => server.on('exit', resolve));
  scope.defer(script, () => stopProcess(script, (signal) => server.kill(signal), exited));
  let listening = false;
  server.stdout!.once('data', () => (listening = true));
  await whenReady(script, [], exited, () => listening, 10_000);
  return server.pid!;
}

/** Runs one part of a bench in a scope of its own, closed when the part ends (or with the bench's scope, if it fails). */
export async function inOwnScope(scope: TestScope, prefix: string, part: (own: TestScope) => Promise<void>): Promise<void> {
  const own = new TestScope(prefix);
  scope.defer(prefix, () => own.close());
  await part(own);
  await own.close();
}

/** What a figure must be: `value <op> limit`, or with `ofFloor`, the ratio value / floor. */
export interface Target {
  op: '<' | '<=' | '>=';
  limit: number;
  ofFloor?: boolean;
}

export interface Figure {
  figure: string;
  value: number;
  unit: string;
  /** The same work without the app (a bare server, the same SQL through the driver), in the same unit. */
  floor?: number;
  targets: Target[];
}

const figures: Figure[] = [];

/** Records a figure; its summary line is printed when the bench ends (runBench), beside every other bench's. */
export function report(figure: Figure): void {
  figures.push(figure);
}

const num = (n: number) => (Number.isInteger(n) || Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2));
const holds = (x: number, { op, limit }: Target) => (op === '<' ? x < limit : op === '<=' ? x <= limit : x >= limit);

/** `figure | value | floor | ratio | target | met or MISSED` (`-` without a target; in smoke mode: not judged). */
export function summaryLine({ figure, value, unit, floor, targets }: Figure): string {
  const ratio = floor === undefined ? undefined : value / floor;
  const text = (t: Target) => `${t.op} ${num(t.limit)}${t.ofFloor ? 'x floor' : ` ${unit}`}`;
  const missed = targets.filter((t) => !holds(t.ofFloor ? ratio! : value, t));
  const verdict = SMOKE ? 'smoke: not judged' : !targets.length ? '-' : missed.length ? `MISSED (${missed.map(text).join(', ')})` : 'met';
  return [
    figure,
    `${num(value)} ${unit}`,
    floor === undefined ? '-' : `${num(floor)} ${unit}`,
    ratio === undefined ? '-' : `${ratio.toFixed(ratio >= 10 ? 1 : 2)}x`,
    targets.map(text).join(', ') || '-',
    verdict,
  ].join(' | ');
}

export interface Bench {
  scope: TestScope;
  /** The local services' addresses (.data/services.env). */
  services: Record<string, string>;
}

/**
 * Runs a bench: everything it creates on the services goes through `scope` (databases, MongoDB databases, queue
 * prefixes, buckets, Redis prefixes, apps), closed at the end whatever happens, also on Ctrl-C or SIGTERM. Prints
 * the summary lines, and exits 1 on any error (a bench that cannot start, crashes, or leaves something behind),
 * 0 otherwise: a missed target never fails a run. `services: false` for a bench that needs none.
 */
export function runBench(name: string, main: (bench: Bench) => Promise<void>, { services = true } = {}): void {
  const scope = new TestScope(`bench_${name}`);
  const started = performance.now();
  let failed = false;
  const fail = (error: unknown) => {
    failed = true;
    console.error(`[bench:${name}] FAILED:`, error);
  };
  let finishing: Promise<void> | undefined;
  // Once only: a signal and the end of main may both ask for it.
  const finish = () => (finishing ??= end());
  const end = async () => {
    await scope.close().catch(fail);
    if (figures.length) console.log(`\nsummary: figure | value | floor | ratio | target | result\n${figures.map(summaryLine).join('\n')}`);
    console.log(
      `[bench:${name}]${SMOKE ? ' smoke' : ''} ${failed ? 'FAILED' : 'done'} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    process.exit(failed ? 1 : 0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      fail(new Error(`stopped by ${signal}`));
      void finish();
    });
  }
  if (SMOKE) console.log(`[bench:${name}] smoke mode: tiny sizes, the same code paths, targets not judged`);
  void (async () => {
    try {
      await main({ scope, services: services ? loadServices() : {} });
    } catch (error) {
      fail(error);
    }
    await finish();
  })();
}
