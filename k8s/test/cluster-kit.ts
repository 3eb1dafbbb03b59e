import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { workspaceRoot } from '@platform/testing/harness';

/**
 * What k8s/test/cluster.spec.ts drives the local cluster with (scripts/cluster.sh up, then `cluster.sh test`): kubectl
 * and ctr of .tools/cluster, the platform's Secret values and the machine's services as .data/ names them.
 */
const run = promisify(execFile);
const bin = join(workspaceRoot, '.tools/cluster/bin');
const data = join(workspaceRoot, '.data/cluster');

export const NAMESPACE = 'platform';
export const APPS = ['recruiting-api', 'survey-builder-api', 'race-content-api', 'ai-webhook', 'article-worker', 'blog-worker'];
export const HTTP_APPS: Record<string, string> = {
  'recruiting-api': '/health/ready',
  'survey-builder-api': '/health/ready',
  'race-content-api': '/v1/ping/deep',
  'ai-webhook': '/health/ready',
};

export async function kubectl(...args: string[]): Promise<string> {
  const kubeconfig = join(data, 'kubeconfig/admin.kubeconfig');
  return (await run(join(bin, 'kubectl'), ['--kubeconfig', kubeconfig, ...args], { maxBuffer: 64 * 1024 * 1024 })).stdout;
}

/** kubectl in the platform's namespace, answering parsed JSON. */
export async function get<T = unknown>(...args: string[]): Promise<T> {
  return JSON.parse(await kubectl('-n', NAMESPACE, 'get', ...args, '-o', 'json')) as T;
}

/** kubectl apply of objects given inline (server-side). */
export async function apply(objects: object[]): Promise<void> {
  const child = spawn(join(bin, 'kubectl'), [
    '--kubeconfig',
    join(data, 'kubeconfig/admin.kubeconfig'),
    'apply',
    '--server-side',
    '-f',
    '-',
  ]);
  let err = '';
  child.stderr.on('data', (chunk) => (err += chunk));
  child.stdin.end(objects.map((o) => JSON.stringify(o)).join('\n'));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`kubectl apply failed: ${err}`);
}

export async function ctr(...args: string[]): Promise<string> {
  return (await run(join(bin, 'ctr'), ['--address', join(data, 'containerd/containerd.sock'), '-n', 'k8s.io', ...args])).stdout;
}

const envFile = (path: string): Record<string, string> =>
  Object.fromEntries(
    readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

/** The platform-secrets values scripts/cluster.sh made (.data/cluster/platform-secrets.env). */
export const platformSecrets = () => envFile(join(data, 'platform-secrets.env'));
/** The machine's services as scripts/services.sh wrote them (.data/services.env): what this host reaches directly. */
export const machineServices = () => envFile(join(workspaceRoot, '.data/services.env'));

/** The platform's vhost, MongoDB database and PostgreSQL database on the machine's services (cluster-platform.sh). */
export const PLATFORM_VHOST = 'platform-k8s';
export const PLATFORM_MONGODB_DB = 'platform_k8s';
export const PLATFORM_DATABASE = 'platform_k8s';

export interface Pod {
  metadata: { name: string; creationTimestamp: string; labels: Record<string, string>; deletionTimestamp?: string };
  spec: { containers: Array<{ image: string }> };
  status: {
    phase: string;
    conditions?: Array<{ type: string; status: string; lastTransitionTime: string }>;
    initContainerStatuses?: Array<{ name: string; state: { terminated?: { exitCode: number } } }>;
    containerStatuses?: Array<{ ready: boolean; restartCount: number; state?: { running?: { startedAt: string } } }>;
  };
}

export async function podsOf(app: string): Promise<Pod[]> {
  return (await get<{ items: Pod[] }>('pods', '-l', `app.kubernetes.io/name=${app}`)).items;
}

export const readyPods = (pods: Pod[]) =>
  pods.filter((p) => !p.metadata.deletionTimestamp && p.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'));

/** Seconds from the start of a pod's container (its last start, after a restart) to the pod's Ready condition. */
export const secondsToReady = (pod: Pod) => {
  const ready = pod.status.conditions?.find((c) => c.type === 'Ready' && c.status === 'True');
  const started = pod.status.containerStatuses?.[0].state?.running?.startedAt ?? pod.metadata.creationTimestamp;
  return ready ? (Date.parse(ready.lastTransitionTime) - Date.parse(started)) / 1000 : NaN;
};

/** A running pod of an app, for kubectl exec. */
export async function aPodOf(app: string): Promise<string> {
  const pod = readyPods(await podsOf(app))[0];
  if (!pod) throw new Error(`no Ready pod of ${app}`);
  return pod.metadata.name;
}

/** The replicas a Deployment asks for and has Ready. */
export async function replicasOf(app: string): Promise<{ desired: number; ready: number }> {
  const d = await get<{ spec: { replicas: number }; status: { readyReplicas?: number } }>('deployment', app);
  return { desired: d.spec.replicas, ready: d.status.readyReplicas ?? 0 };
}

/** The figures the run prints at its end, in the order they were taken. */
export const figures: Array<[string, string]> = [];
export const figure = (what: string, value: string | number) => figures.push([what, String(value)]);
