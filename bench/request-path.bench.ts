// What the platform's own work on every request costs, piece by piece (issue 39), on three routes: GET /v1/ping (the
// cheapest), POST /api/v1/auth/refresh (a small JSON body) and GET /v1/races (a list with a token). For each, the app
// runs in full, once without each piece of its request path (libs/runtime's REQUEST_PATH_PIECES, left out through
// bench/request-path-*.ts, entry points only this bench starts) and once without all of them, beside bare Nest on Fastify
// doing the same parsing, validation and store calls (bench/bare-nest-*-server.*). Each server's CPU per request is read
// from /proc, so a figure says what the server spends whatever the client on the same two cores does.
// The machine drifts by tens of percent within seconds here, so the pieces are measured at a fixed request rate below
// saturation, every server once per round (order rotated, a short uncounted run first), and each server's figure is its
// least CPU per request of the rounds (disturbances only add time); every round's figure is printed beside it. The lines
// add up: the gap between the full app and bare Nest is the pieces one by one, what they cost together beyond that, and
// what is left between the app without any of them and bare Nest. Request rate and p99: the best of the full-speed runs
// of the app and bare Nest, taken in turn (docs/decisions.md, "The request path, piece by piece").
// Targets (issue 39): on GET /v1/ping the app's request rate at least 0.85 of bare Nest's and its p99 under 5 ms at 50
// connections; the other two routes' ratios are reported.   Run: npm run bench:request-path   (services: scripts/services.sh;
// BENCH_ROUTE=refresh for one route)
import autocannon from 'autocannon';
import { cpuSeconds, fromEnv, median, report, runBench, size } from './bench-kit';
import { type RouteBench, type Server, startRoutes } from './request-path-routes';

const CONNECTIONS = 50;
const RUN_S = fromEnv('BENCH_DURATION_S', size(1.5, 0.5));
/** The uncounted run before each counted one. */
const REWARM_S = size(0.3, 0.2);
const WARM_UP_S = size(2, 0.5);
const ROUNDS = fromEnv('BENCH_RUNS', size(7, 1));
/** The full-speed runs of the app and bare Nest, for the request rate and p99. */
const FULL_SPEED_S = size(3, 0.5);

interface Run {
  rate: number;
  p99: number;
  cpuUs: number;
}

/**
 * One autocannon run against a server: at full speed (`rate` unset), or at a fixed request rate below what any server
 * here saturates at, where its CPU per request is its own cost, not also how many requests each wake-up of its event
 * loop happens to find (which changes with the load and with what the client on the same cores does).
 */
async function measureOnce({ url, pid, complaints }: Server, route: RouteBench, seconds: number, rate?: number): Promise<Run> {
  const cpu = cpuSeconds(pid);
  const wrong = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const { method, headers, body } = route.load;
    const options = { url, connections: CONNECTIONS, duration: seconds, method, headers, body, ...(rate ? { overallRate: rate } : {}) };
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, statusCode) => {
      if (statusCode !== route.load.status) wrong.set(statusCode, (wrong.get(statusCode) ?? 0) + 1);
    });
  });
  if (wrong.size || result.errors) {
    const statuses = [...wrong].map(([status, count]) => `${count} of ${status}`).join(', ');
    const said = complaints().join('\n  ');
    throw new Error(
      `${url}: answers not ${route.load.status} (${statuses || 'none'}), ${result.errors} errors${said ? `; it said:\n  ${said}` : ''}`,
    );
  }
  return { rate: result.requests.average, p99: result.latency.p99, cpuUs: ((cpuSeconds(pid) - cpu) / result.requests.total) * 1e6 };
}

/**
 * Rounds at the route's fixed rate, every server once per round, the order rotated from round to round; each counted
 * run follows a short uncounted one, so that a server idle since its last turn is warm again when measured. Then the full
 * app and bare Nest at full speed, in turn, for the request rate and p99.
 */
async function measureRoute(route: RouteBench, servers: Map<string, Server>) {
  for (const server of servers.values()) await measureOnce(server, route, WARM_UP_S);
  const names = [...servers.keys()];
  const runs = new Map<string, Run[]>(names.map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of [...names.slice(round % names.length), ...names.slice(0, round % names.length)]) {
      await measureOnce(servers.get(name)!, route, REWARM_S, route.costRate);
      runs.get(name)!.push(await measureOnce(servers.get(name)!, route, RUN_S, route.costRate));
    }
  }
  const speed = { app: [] as Run[], floor: [] as Run[] };
  for (let round = 0; round < ROUNDS; round++) {
    speed.app.push(await measureOnce(servers.get('full')!, route, FULL_SPEED_S));
    speed.floor.push(await measureOnce(servers.get('bare Nest')!, route, FULL_SPEED_S));
  }
  return { runs, speed };
}

/** The pieces left out one at a time: all of the route's, or in smoke mode only the first (the same code paths). */
const measuredPieces = (route: RouteBench) => size(route.pieces, route.pieces.slice(0, 1));

const medianOf = (runs: Run[], figure: keyof Run) => median(runs.map((run) => run[figure]));
/**
 * A server's CPU per request: its least of the rounds. What disturbs a run here (the host, the client on the same cores)
 * only ever adds time, and comes in bursts of seconds that a median of a few rounds does not escape.
 */
const leastCpu = (runs: Run[]) => Math.min(...runs.map((run) => run.cpuUs));
/** The run with the highest request rate: the least disturbed of those taken in turn. */
const best = (runs: Run[]) => runs.reduce((a, b) => (b.rate > a.rate ? b : a));

/**
 * The table of one route: the full app's CPU per request, each piece's cost, all pieces' cost, bare Nest's; and the sum
 * that explains the gap between the full app and bare Nest.
 */
function printTable(route: RouteBench, measured: Map<string, Run[]>) {
  const fullCpu = leastCpu(measured.get('full')!);
  const costOf = (name: string) => fullCpu - leastCpu(measured.get(name)!);
  const cell = (name: string, key: string) => {
    const runs = measured.get(key)!;
    return [
      name.padEnd(28),
      leastCpu(runs).toFixed(1).padStart(7),
      (key === 'full' ? '' : costOf(key).toFixed(1)).padStart(9),
      `  (rounds: ${runs.map((run) => run.cpuUs.toFixed(1)).join(' / ')})`,
    ].join(' ');
  };
  console.log(`\n${route.title}: ${CONNECTIONS} connections at ${route.costRate} requests/s, ${ROUNDS} rounds of ${RUN_S} s runs, medians`);
  console.log(['server'.padEnd(28), 'CPU µs'.padStart(7), 'costs µs'.padStart(9)].join(' '));
  console.log(cell('the app in full', 'full'));
  let sum = 0;
  for (const piece of measuredPieces(route)) {
    sum += costOf(piece);
    console.log(cell(`  ${piece}`, piece));
  }
  const together = costOf('without all');
  const gap = costOf('bare Nest');
  console.log(cell('  all of them at once', 'without all'));
  console.log(cell('bare Nest (the floor)', 'bare Nest'));
  console.log(
    `the gap, the app in full less bare Nest: ${gap.toFixed(1)} µs per request = the pieces one by one ${sum.toFixed(1)}` +
      ` + what they cost together beyond that ${(together - sum).toFixed(1)}` +
      ` + what is left without any of them (the app's modules, routes and handler against bare Nest's) ${(gap - together).toFixed(1)}`,
  );
}

runBench('request-path', async ({ scope, services }) => {
  // BENCH_ROUTE=refresh measures only the routes whose `METHOD /path` contains it.
  const only = process.env.BENCH_ROUTE ?? '';
  for (const route of (await startRoutes(scope, services)).filter(({ key }) => key.includes(only))) {
    const servers = new Map<string, Server>([['full', await route.app('')]]);
    for (const piece of measuredPieces(route)) servers.set(piece, await route.app(piece));
    servers.set('without all', await route.app(route.pieces.join(',')));
    servers.set('bare Nest', await route.floor());
    const { runs: measured, speed } = await measureRoute(route, servers);
    printTable(route, measured);
    const { app, floor } = speed;
    const line = (runs: Run[]) =>
      `best ${best(runs).rate.toFixed(0)} req/s (p99 ${best(runs).p99} ms), median ${medianOf(runs, 'rate').toFixed(0)} req/s (p99 ${medianOf(runs, 'p99')} ms)`;
    console.log(`at full speed, ${ROUNDS} runs of ${FULL_SPEED_S} s each in turn: the app ${line(app)}; bare Nest ${line(floor)}`);
    report({
      figure: `${route.key}, the app's req/s, best of ${ROUNDS} runs in turn (floor: bare Nest on Fastify doing the same, same run)`,
      value: best(app).rate,
      unit: 'req/s',
      floor: best(floor).rate,
      targets: route.cheapest ? [{ op: '>=', limit: 0.85, ofFloor: true }] : [],
    });
    report({
      figure: `${route.key}, the app's p99 at ${CONNECTIONS} connections, its best run (floor: bare Nest's best run)`,
      value: best(app).p99,
      unit: 'ms',
      floor: best(floor).p99,
      targets: route.cheapest ? [{ op: '<', limit: 5 }] : [],
    });
    report({
      figure: `${route.key}, the app's CPU µs per request at ${route.costRate} requests/s (floor: bare Nest; no target)`,
      value: leastCpu(measured.get('full')!),
      unit: 'µs',
      floor: leastCpu(measured.get('bare Nest')!),
      targets: [],
    });
    await Promise.all([...servers.values()].map((server) => server.stop()));
  }
});
