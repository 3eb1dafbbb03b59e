import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, portAnswers } from '../harness/free-port';
import { createTestDatabase } from '../harness/test-database';
import { workspaceRoot } from '../workspace';
import { waitFor } from '../harness/test-services';

/** A FerretDB of a test's own, which the test may pause (a hung database) or kill (a database that is down). */
export interface FerretDbProcess {
  uri: string;
  /** SIGSTOP, resolved once every thread has stopped: connections are accepted by the kernel but never answered. */
  pause(): Promise<void>;
  resume(): void;
  stop(): Promise<void>;
}

/**
 * True once every thread of the process is stopped. kill() only queues SIGSTOP; a thread already running on
 * another core can still answer a request until the stop reaches it.
 */
function allThreadsStopped(pid: number): boolean {
  return readdirSync(`/proc/${pid}/task`).every((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return /^[Tt]$/.test(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
  });
}

/** The FerretDB binary scripts/services.sh builds (or FERRETDB_BIN). */
export function ferretDbBinary(): string {
  const binary = process.env.FERRETDB_BIN ?? join(workspaceRoot, '.tools/bin/ferretdb');
  if (!existsSync(binary)) throw new Error(`FerretDB is not built at ${binary}: run bash scripts/services.sh`);
  return binary;
}

/**
 * A test's own FerretDB on `port`, quiet and without telemetry, keeping its state in `dir` and its data in the
 * PostgreSQL database at `postgresUrl` (a database of the test's own: the process is private, the server is shared).
 * FerretDB is built without its SQLite backend (scripts/services.sh), the largest part of its build.
 */
export function ferretDbArgs(dir: string, port: number, postgresUrl: string): string[] {
  return [
    '--handler=postgresql',
    `--postgresql-url=${postgresUrl}`,
    `--state-dir=${dir}`,
    `--listen-addr=127.0.0.1:${port}`,
    '--debug-addr=127.0.0.1:0',
    '--telemetry=disable',
    '--log-level=error',
  ];
}

export async function startFerretDb(): Promise<FerretDbProcess> {
  const binary = ferretDbBinary();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'ferretdb-'));
  const database = await createTestDatabase('ferretdb');
  const child: ChildProcess = spawn(binary, ferretDbArgs(dir, port, database.url), { stdio: 'ignore' });
  let stopped = false;
  const ferret: FerretDbProcess = {
    uri: `mongodb://127.0.0.1:${port}`,
    pause: async () => {
      child.kill('SIGSTOP');
      await waitFor(() => (allThreadsStopped(child.pid!) ? true : undefined), { what: 'FerretDB to stop' });
    },
    resume: () => child.kill('SIGCONT'),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      child.kill('SIGCONT');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await waitFor(async () => ((await portAnswers(port)) ? true : undefined), { what: 'FerretDB to listen', timeoutMs: 15_000 });
  } catch (error) {
    await ferret.stop();
    throw error;
  }
  return ferret;
}
