import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { workspaceRoot } from '../workspace';
import { trackProcess } from './test-lifecycle';
import { waitFor } from './test-services';

export interface EntryPointRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Every line the process printed, stdout and stderr interleaved as they arrived. */
  lines: string[];
  elapsedMs: number;
}

export interface RunningEntryPoint {
  pid: number;
  lines: string[];
  exited: Promise<EntryPointRun>;
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  kill(signal: NodeJS.Signals): void;
}

/**
 * Starts an app's entry point as its own process, with exactly the environment given: from source (SWC on the
 * fly, tsconfig aliases), or a built `.js` entry as it is shipped. It is killed if it outlives the deadline, or the
 * test that started it fails (a timeout stops the test where it was), or the test file is done. `root` is the
 * checkout it runs from (another release's sources, unpacked beside this one).
 */
export function startEntryPoint(entry: string, env: Record<string, string>, timeoutMs = 20_000, root = workspaceRoot): RunningEntryPoint {
  const started = Date.now();
  const fromSource = entry.endsWith('.js') ? [] : ['-r', '@swc-node/register'];
  const child = spawn(process.execPath, [...fromSource, join(root, entry)], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SWC_NODE_PROJECT: join(root, 'tsconfig.json'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  trackProcess(entry, child);
  const lines: string[] = [];
  const collect = (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const deadline = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const exited = new Promise<EntryPointRun>((resolve) => {
    child.on('exit', (code, signal) => {
      clearTimeout(deadline);
      resolve({ code, signal, lines, elapsedMs: Date.now() - started });
    });
  });
  return {
    pid: child.pid!,
    lines,
    exited,
    kill: (signal) => child.kill(signal),
    waitForLine: (pattern, wait = 15_000) =>
      waitFor(() => lines.find((line) => pattern.test(line)), { timeoutMs: wait, what: `a log line matching ${pattern}` }),
  };
}

export function runEntryPoint(entry: string, env: Record<string, string>, timeoutMs?: number, root?: string): Promise<EntryPointRun> {
  return startEntryPoint(entry, env, timeoutMs, root).exited;
}

/** The log lines of a run, parsed; a line that is not JSON comes back as {notJson: line}. */
export function jsonLines(run: Pick<EntryPointRun, 'lines'>): Array<Record<string, unknown>> {
  return run.lines.map((line) => {
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch {
      return { notJson: line };
    }
  });
}
