import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resourceUsage } from 'node:process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** What one request cost the process that served it, and the requests served beside it. */
export interface RequestCost {
  status: number;
  /** From sending the request to the end of its answer. */
  ms: number;
  /** CPU time the process spent meanwhile (user and system, every thread; the probes' included), in ms. */
  cpuMs: number;
  /** How far the process's peak resident memory rose while it was served (ru_maxrss, a high-water mark), in MB. */
  peakGrowthMb: number;
  /** The slowest of the probe requests sent one after another while it was served, in ms (0 when none finished). */
  slowestProbeMs: number;
  probes: number;
}

/**
 * The CPU time (user and system) that `work` costs this thread, in ms. For bounds on pure functions that must stay
 * linear: a test process starved of CPU by its neighbours waits longer but spends no more CPU, so a bound on this fails
 * only when the work itself grows, where a bound on wall time fails whenever the machine is busy. Only the calling
 * thread counts: V8's helper threads (concurrent marking of what the test allocated before, optimizing compilers)
 * do work the function did not ask for, and counting them failed a 20 ms bound at 27 ms in CI.
 */
export async function cpuMsOf<T>(work: () => T | Promise<T>): Promise<{ cpuMs: number; result: T }> {
  const before = process.threadCpuUsage();
  const result = await work();
  const after = process.threadCpuUsage(before);
  return { cpuMs: (after.user + after.system) / 1000, result };
}

/**
 * Sends `request` and, while it is served, `probe` one after another (another caller of the same process), then
 * reports the request's time, the CPU it cost, how much it raised the process's peak memory, and the slowest probe. For
 * apps served in the test's own process: a request that blocks the event loop delays every probe by as long, and one
 * that allocates raises the peak. CPU time is what a loaded machine does not inflate: assert on it, report the rest.
 */
export async function costOfRequest(request: () => Promise<number>, probe: () => Promise<unknown>): Promise<RequestCost> {
  await probe();
  const before = resourceUsage();
  const started = performance.now();
  let done = false;
  const answer = request().finally(() => (done = true));
  let slowestProbeMs = 0;
  let probes = 0;
  while (!done) {
    const at = performance.now();
    await probe();
    slowestProbeMs = Math.max(slowestProbeMs, performance.now() - at);
    probes++;
  }
  const status = await answer;
  const ms = performance.now() - started;
  const after = resourceUsage();
  return {
    status,
    ms,
    cpuMs: (after.userCPUTime + after.systemCPUTime - before.userCPUTime - before.systemCPUTime) / 1000,
    peakGrowthMb: (after.maxRSS - before.maxRSS) / 1024,
    slowestProbeMs,
    probes,
  };
}

/**
 * A request sent by curl, a process of its own, so that what it costs to send (a body of many MB) is not counted as
 * the cost of serving it; answers the status.
 */
export async function curlRequest(
  url: string,
  options: { method: string; headers?: Record<string, string>; body?: Buffer },
): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'curl-body-'));
  try {
    const args = ['-s', '-o', '/dev/null', '-w', '%{http_code}', '-X', options.method, '--max-time', '60'];
    for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
    if (options.body) {
      writeFileSync(join(dir, 'body'), options.body);
      args.push('--data-binary', `@${join(dir, 'body')}`);
    }
    const { stdout } = await execFileAsync('curl', [...args, url]);
    return Number(stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
