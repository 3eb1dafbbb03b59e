import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import { NotYet, waitFor, workspaceRoot } from '@platform/testing/harness';
import {
  APPS,
  HTTP_APPS,
  NAMESPACE,
  aPodOf,
  ctr,
  figure,
  figures,
  get,
  kubectl,
  platformSecrets,
  podsOf,
  readyPods,
  replicasOf,
  secondsToReady,
} from './cluster-kit';
import { migrationRace } from './migration-race';
import { type Batch, workerJobs } from './worker-jobs';

/**
 * The platform on the local Kubernetes node (scripts/cluster.sh up; run by `scripts/cluster.sh test`, not by CI: it
 * needs the node). Each test exercises what the deployed shape promises and records its figure, printed at the end.
 */
const serviceUrl = async (app: string, path: string) => {
  const svc = await get<{ spec: { clusterIP: string; ports: Array<{ port: number }> } }>('service', app);
  return `http://${svc.spec.clusterIP}:${svc.spec.ports[0].port}${path}`;
};

/** An access token race-content-api accepts: signed with the platform's JWT secret, as recruiting-api signs them. */
const viewerToken = () =>
  new JwtService().sign(
    { sub: '1', role: 'viewer', email: 'cluster-check@example.com', email_verified: true, name: 'Cluster check', type: 'access' },
    { secret: platformSecrets().JWT_SECRET, algorithm: 'HS256', expiresIn: 3600 },
  );

/** k6 (.tools/bin/k6, built by scripts/cluster.sh build) sending steady traffic; stop() ends it and answers its counts. */
function startTraffic(target: string, rate: number) {
  const dir = mkdtempSync(join(tmpdir(), 'cluster-k6-'));
  const summary = join(dir, 'summary.json');
  const child: ChildProcess = spawn(
    join(workspaceRoot, '.tools/bin/k6'),
    ['run', '--quiet', '--no-usage-report', '--summary-export', summary, join(__dirname, 'traffic.k6.js')],
    {
      env: { ...process.env, TARGET: target, TOKEN: viewerToken(), RATE: String(rate), DURATION: '600s' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let log = '';
  child.stderr!.on('data', (chunk) => (log = (log + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  return {
    async stop() {
      child.kill('SIGINT');
      await exited;
      const metrics = JSON.parse(readFileSync(summary, 'utf8')).metrics;
      return {
        requests: metrics.http_reqs?.count ?? 0,
        failed: metrics.failed_requests?.count ?? 0,
        p99: metrics.http_req_duration?.['p(99)'],
        log,
      };
    },
  };
}

/** The scale-down stabilization window of article-worker's ScaledObject (the HPA KEDA makes from it). */
const scaleDownWindow = (seconds: number) =>
  kubectl(
    '-n',
    NAMESPACE,
    'patch',
    'scaledobject',
    'article-worker',
    '--type',
    'merge',
    '-p',
    JSON.stringify({
      spec: { advanced: { horizontalPodAutoscalerConfig: { behavior: { scaleDown: { stabilizationWindowSeconds: seconds } } } } },
    }),
  );

/** The scale-down stabilization window of an API's HorizontalPodAutoscaler (k8s/base/scaling.yaml has 300 s). */
const hpaScaleDownWindow = (app: string, seconds: number) =>
  kubectl(
    '-n',
    NAMESPACE,
    'patch',
    'hpa',
    app,
    '--type',
    'merge',
    '-p',
    JSON.stringify({ spec: { behavior: { scaleDown: { stabilizationWindowSeconds: seconds } } } }),
  );

/** Waits for an autoscaler to be back at its minimum, two (a scale-down waits out its 300 s window), so a figure starts there. */
const atTwoReplicas = (app: string) =>
  waitFor(
    async () => {
      const r = await replicasOf(app);
      if (r.desired !== 2) throw new NotYet(`${r.desired} replicas`);
      return r;
    },
    { timeoutMs: 400_000, intervalMs: 2000, what: `${app} at two replicas before the test` },
  );

/** Sets race-content-api's image to a tag of localhost/platform/race-content-api and waits for the rollout to finish. */
async function rollRaceContentTo(tag: string) {
  await kubectl(
    '-n',
    NAMESPACE,
    'set',
    'image',
    'deployment/race-content-api',
    `race-content-api=localhost/platform/race-content-api:${tag}`,
  );
  await kubectl('-n', NAMESPACE, 'rollout', 'status', 'deployment/race-content-api', '--timeout=300s');
}

describe('the platform on the local Kubernetes node', () => {
  afterAll(() => {
    const width = Math.max(...figures.map(([what]) => what.length));
    process.stdout.write(`\nfigures of the cluster run\n${figures.map(([w, v]) => `  ${w.padEnd(width)}  ${v}`).join('\n')}\n`);
  });

  it('runs every Deployment with two Ready replicas in a namespace that enforces Pod Security "restricted"', async () => {
    const ns = await kubectl('get', 'namespace', NAMESPACE, '-o', 'jsonpath={.metadata.labels}');
    expect(JSON.parse(ns)).toMatchObject({ 'pod-security.kubernetes.io/enforce': 'restricted' });
    for (const app of APPS) {
      const replicas = await waitFor(
        async () => {
          const r = await replicasOf(app);
          if (r.ready < 2) throw new NotYet(`${app}: ${r.ready} Ready`);
          return r;
        },
        { timeoutMs: 240_000, intervalMs: 1000, what: `${app} at two Ready replicas` },
      );
      expect(replicas.ready).toBeGreaterThanOrEqual(2);
      const pods = readyPods(await podsOf(app));
      // Restarts are counted, not refused: a node stopped and started again (cluster.sh down, up) restarts every pod.
      const restarts = pods.map((pod) => pod.status.containerStatuses?.[0].restartCount ?? 0);
      figure(`${app}: container start to Ready (s), restarts`, `${pods.map(secondsToReady).join(', ')}; ${restarts.join(', ')}`);
    }
  }, 600_000);

  it('migrated from the init containers, and the migrations run once under their lock when pods start together', async () => {
    for (const app of ['recruiting-api', 'survey-builder-api', 'ai-webhook']) {
      for (const pod of await podsOf(app)) {
        expect(pod.status.initContainerStatuses?.find((c) => c.name === 'migrate')?.state.terminated?.exitCode).toBe(0);
      }
    }
    // Three migrate containers of each image started at once against an empty database: one applies, two find it current.
    for (const app of ['recruiting-api', 'survey-builder-api', 'ai-webhook']) {
      const race = await migrationRace(app, 3);
      expect(race.applied).toBe(1);
      expect(race.current).toBe(2);
      expect(race.duplicates).toBe(0);
      figure(`${app}: 3 migrate pods at once`, `1 applied ${race.migrations} migrations, 2 found the schema current, 0 duplicates`);
    }
  }, 600_000);

  it("answers through each HTTP app's Service from a pod in the cluster, by service name", async () => {
    const from = await aPodOf('article-worker');
    for (const [app, path] of Object.entries(HTTP_APPS)) {
      const port = (await get<{ spec: { ports: Array<{ port: number }> } }>('service', app)).spec.ports[0].port;
      for (const host of [app, `${app}.${NAMESPACE}.svc.cluster.local`]) {
        const script = `fetch('http://${host}:${port}${path}').then((r) => console.log(r.status), (e) => console.log(e.cause?.code ?? e.message))`;
        const status = (await kubectl('-n', NAMESPACE, 'exec', from, '--', 'node', '-e', script)).trim();
        expect(`${host} ${status}`).toBe(`${host} 200`);
      }
      figure(`${app}: ${path} from a pod`, '200');
    }
  }, 120_000);

  it('serves the API reference at /docs from two Ready replicas of platform-docs, the committed documents included', async () => {
    const replicas = await waitFor(
      async () => {
        const r = await replicasOf('platform-docs');
        if (r.ready < 2) throw new NotYet(`${r.ready} Ready`);
        return r;
      },
      { timeoutMs: 120_000, intervalMs: 1000, what: 'platform-docs at two Ready replicas' },
    );
    expect(replicas.ready).toBe(2);
    const redirect = await fetch(await serviceUrl('platform-docs', '/docs'), { redirect: 'manual' });
    expect([redirect.status, redirect.headers.get('location')]).toEqual([308, '/docs/']);
    const index = await fetch(await serviceUrl('platform-docs', '/docs/'));
    expect(index.status).toBe(200);
    const html = await index.text();
    for (const app of Object.keys(HTTP_APPS)) {
      expect(html).toContain(`${app}.html`);
      const committed = JSON.parse(readFileSync(join(workspaceRoot, 'docs/openapi', `${app}.json`), 'utf8'));
      const served = await fetch(await serviceUrl('platform-docs', `/docs/openapi/${app}.json`));
      expect([app, served.status, await served.json()]).toEqual([app, 200, committed]);
    }
    // The edge's route: the Gateway's HTTPS listener sends /docs to this Service (the node runs no Gateway controller,
    // so the object is checked as the API server stored it).
    const route = await get<{ spec: { rules: Array<{ matches: unknown[]; backendRefs: unknown[] }> } }>('httproute', 'platform-docs');
    expect(route.spec.rules[0].matches).toEqual([{ path: { type: 'PathPrefix', value: '/docs' } }]);
    expect(route.spec.rules[0].backendRefs).toEqual([expect.objectContaining({ name: 'platform-docs', port: 8080 })]);
    figure('platform-docs: /docs/ and the four documents through its Service', `200 from ${replicas.ready} Ready replicas`);
  }, 180_000);

  it('rolls race-content-api to a new image tag under steady k6 traffic without one failed request', async () => {
    const tag = `rollout-${Date.now().toString(36)}`;
    await ctr('images', 'tag', '--force', 'localhost/platform/race-content-api:dev', `localhost/platform/race-content-api:${tag}`);
    const traffic = startTraffic(await serviceUrl('race-content-api', '/v1/races?type=horse_racing&size=5'), 40);
    try {
      await new Promise((resolve) => setTimeout(resolve, 5000)); // traffic flowing before the update starts
      const started = Date.now();
      await rollRaceContentTo(tag);
      const seconds = (Date.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 5000)); // and after it ends
      const pods = readyPods(await podsOf('race-content-api'));
      expect(pods.length).toBeGreaterThanOrEqual(2);
      for (const pod of pods) expect(pod.spec.containers[0].image).toBe(`localhost/platform/race-content-api:${tag}`);
      const result = await traffic.stop();
      figure('rollout of race-content-api (s)', seconds.toFixed(1));
      figure('rollout: requests / failed / p99 ms', `${result.requests} / ${result.failed} / ${result.p99?.toFixed(1)}`);
      expect(result.requests).toBeGreaterThan(40 * seconds * 0.9);
      // Each failed request's status and error are in k6's log.
      expect([result.failed, result.failed ? result.log : '']).toEqual([0, '']);
    } finally {
      await traffic.stop().catch(() => undefined);
      await rollRaceContentTo('dev');
    }
  }, 900_000);

  it('loses no job when an article-worker pod is deleted with jobs in flight', async () => {
    const jobs = await workerJobs();
    let batch: Batch | undefined;
    try {
      batch = await jobs.publish(Number(process.env.CLUSTER_JOBS ?? 600));
      const inFlight = await waitFor(
        async () => {
          const state = await jobs.state(batch!);
          if (state.inFlight < 1 || state.done < 1) throw new NotYet(`${state.done} done, ${state.inFlight} in flight`);
          return state;
        },
        { timeoutMs: 60_000, intervalMs: 50, what: 'jobs in flight' },
      );
      const victim = await aPodOf('article-worker');
      await kubectl('-n', NAMESPACE, 'delete', 'pod', victim, '--wait=false');
      const started = Date.now();
      const end = await jobs.allDone(batch, 300_000);
      expect(end.done).toBe(batch.length);
      expect(end.failed).toBe(0);
      figure(
        'worker pod deleted: jobs / taken and unfinished at deletion / lost',
        `${batch.length} / ${inFlight.inFlight} / ${batch.length - end.done}`,
      );
      figure('worker pod deleted: the rest done within (s)', ((Date.now() - started) / 1000).toFixed(1));
    } finally {
      if (batch) await jobs.remove(batch);
      await jobs.close();
    }
  }, 600_000);

  it('scales article-worker out on queue depth through KEDA, and back in when the queue is empty', async () => {
    // The scale-down window is shortened for the test (the manifest's is 300 s): the way back in is the same.
    await scaleDownWindow(15);
    await atTwoReplicas('article-worker');
    const jobs = await workerJobs();
    let batch: Batch | undefined;
    try {
      const started = Date.now();
      // Queue depth over 20 per replica for longer than KEDA's 30 s polling interval.
      batch = await jobs.publish(Number(process.env.CLUSTER_BACKLOG ?? 1000));
      const out = await waitFor(
        async () => {
          const r = await replicasOf('article-worker');
          if (r.desired <= 2) throw new NotYet(`${r.desired} replicas`);
          return r;
        },
        { timeoutMs: 180_000, intervalMs: 500, what: 'article-worker to scale out' },
      );
      figure('KEDA scale-out: published to more replicas (s)', `${((Date.now() - started) / 1000).toFixed(1)} (to ${out.desired})`);
      expect((await jobs.allDone(batch, 600_000)).failed).toBe(0);
      const drained = Date.now();
      await waitFor(
        async () => {
          const r = await replicasOf('article-worker');
          if (r.desired > 2) throw new NotYet(`${r.desired} replicas`);
          return r;
        },
        { timeoutMs: 300_000, intervalMs: 1000, what: 'article-worker back to two replicas' },
      );
      figure('KEDA scale-in: queue empty to two replicas (s)', ((Date.now() - drained) / 1000).toFixed(1));
      expect((await replicasOf('article-worker')).desired).toBe(2);
    } finally {
      await scaleDownWindow(300); // the manifest's
      if (batch) await jobs.remove(batch);
      await jobs.close();
    }
  }, 1_500_000);

  it('scales race-content-api out on CPU through its HorizontalPodAutoscaler (metrics-server)', async () => {
    await atTwoReplicas('race-content-api');
    const traffic = startTraffic(
      await serviceUrl('race-content-api', '/v1/races?type=horse_racing&size=20'),
      Number(process.env.CLUSTER_CPU_RATE ?? 200),
    );
    const started = Date.now();
    try {
      const hpa = await waitFor(
        async () => {
          const h = await get<{
            status: { desiredReplicas: number; currentMetrics?: Array<{ resource?: { current: { averageUtilization?: number } } }> };
          }>('hpa', 'race-content-api');
          if (h.status.desiredReplicas <= 2)
            throw new NotYet(
              `desired ${h.status.desiredReplicas}, cpu ${h.status.currentMetrics?.[0]?.resource?.current.averageUtilization}%`,
            );
          return h;
        },
        { timeoutMs: 240_000, intervalMs: 1000, what: 'the HPA to ask for more replicas' },
      );
      const decided = (Date.now() - started) / 1000;
      await waitFor(
        async () => {
          const r = await replicasOf('race-content-api');
          if (r.ready <= 2) throw new NotYet(`${r.ready} Ready`);
          return r;
        },
        { timeoutMs: 180_000, intervalMs: 1000, what: 'a third race-content-api replica Ready' },
      );
      figure(
        'HPA on CPU: load to decision / to a third Ready pod (s)',
        `${decided.toFixed(1)} / ${((Date.now() - started) / 1000).toFixed(1)} (cpu ${hpa.status.currentMetrics?.[0]?.resource?.current.averageUtilization}% of request, desired ${hpa.status.desiredReplicas})`,
      );
    } finally {
      const result = await traffic.stop();
      figure('HPA load: requests / failed', `${result.requests} / ${result.failed}`);
    }
    // Back in, with the window shortened as for KEDA above: pods the HPA added would otherwise hold the node's CPU
    // requests for the manifest's 300 s, and what runs next (the backup CronJob's pod) could not be scheduled.
    const quiet = Date.now();
    await hpaScaleDownWindow('race-content-api', 15);
    try {
      await waitFor(
        async () => {
          const r = await replicasOf('race-content-api');
          if (r.desired > 2 || r.ready > 2) throw new NotYet(`${r.desired} desired, ${r.ready} Ready`);
          return r;
        },
        { timeoutMs: 300_000, intervalMs: 1000, what: 'race-content-api back to two replicas' },
      );
      figure('HPA scale-in: load stopped to two replicas (s)', ((Date.now() - quiet) / 1000).toFixed(1));
    } finally {
      await hpaScaleDownWindow('race-content-api', 300); // the manifest's
    }
  }, 1_000_000);
});
