import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { type AppName, type EdgeConfig, renderCaddyfile } from '@platform/routing';
import { freePort } from '../harness/free-port';
import { workspaceRoot } from '../workspace';
import { waitFor } from '../harness/test-services';

/** A private Caddy in front of apps under test, as README command 1 runs it (libs/routing renders its config). */
export interface TestEdge {
  /** http://127.0.0.1:<port> */
  url: string;
  /** https://localhost:<port>, with `rootCertificate` as the authority to trust; when HTTPS was asked for. */
  httpsUrl?: string;
  rootCertificate?: string;
  /** The access log so far, one parsed JSON object per request. */
  accessLog(): Array<Record<string, unknown>>;
  /**
   * The access log once it holds the lines `ready` asks for: Caddy writes a request's line after its answer went out,
   * so a client that reads the log right after an answer may be there first.
   */
  accessLogWhen(ready: (lines: Array<Record<string, unknown>>) => boolean): Promise<Array<Record<string, unknown>>>;
  /** Everything Caddy wrote besides the access log (its own log, on stderr). */
  output(): string;
  close(): Promise<void>;
}

export interface TestEdgeOptions extends Partial<Pick<EdgeConfig, 'corsOrigins' | 'bodyLimits' | 'healthChecks' | 'referenceDir'>> {
  upstreams: EdgeConfig['upstreams'];
  https?: boolean;
}

function caddyBinary(): string {
  const binary = process.env.CADDY_BIN ?? join(workspaceRoot, '.tools/bin/caddy');
  if (!existsSync(binary)) throw new Error(`Caddy is not built at ${binary}: run bash scripts/services.sh`);
  return binary;
}

/** Starts Caddy on free ports with the edge's configuration for the given upstreams, and waits until it answers. */
export async function startEdge(options: TestEdgeOptions): Promise<TestEdge> {
  const dir = mkdtempSync(join(tmpdir(), 'edge-'));
  const httpPort = await freePort();
  const httpsPort = options.https ? await freePort() : undefined;
  const accessLog = join(dir, 'access.log');
  const config: EdgeConfig = {
    upstreams: options.upstreams,
    bind: '127.0.0.1',
    httpPort,
    https: httpsPort ? { port: httpsPort, host: 'localhost' } : undefined,
    storageDir: join(dir, 'storage'),
    accessLog,
    corsOrigins: options.corsOrigins ?? [],
    bodyLimits: options.bodyLimits,
    healthChecks: options.healthChecks,
    referenceDir: options.referenceDir,
  };
  writeFileSync(join(dir, 'Caddyfile'), renderCaddyfile(config));
  let output = '';
  const child: ChildProcess = spawn(caddyBinary(), ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
    // Caddy keeps its instance id and autosave under these; a test's own folder, never the user's.
    env: { PATH: process.env.PATH ?? '', HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${httpPort}`;
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`Caddy exited: ${output.slice(-2000)}`);
        return (await fetch(`${url}/edge-probe-unrouted`).catch(() => undefined))?.status === 404 ? true : undefined;
      },
      { timeoutMs: 15_000, what: 'Caddy to answer' },
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const readLog = (): Array<Record<string, unknown>> =>
    existsSync(accessLog)
      ? readFileSync(accessLog, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>)
      : [];
  const rootCertificate = httpsPort ? join(config.storageDir, 'pki/authorities/local/root.crt') : undefined;
  return {
    url,
    httpsUrl: httpsPort ? `https://localhost:${httpsPort}` : undefined,
    rootCertificate,
    accessLog: readLog,
    accessLogWhen: (ready) =>
      waitFor(
        () => {
          const lines = readLog();
          return ready(lines) ? lines : undefined;
        },
        { timeoutMs: 5000, what: 'the edge to write its access log' },
      ),
    output: () => output,
    close: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The edge in front of one running app (listening on a free port); every other app's routes lead nowhere, so they
 * answer 502 in their service's error body. The builder's identity check goes to the builder when it is the app.
 */
export async function edgeInFrontOf(
  app: INestApplication,
  name: AppName,
  options: Omit<TestEdgeOptions, 'upstreams'> = {},
): Promise<TestEdge> {
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  return startEdge({ ...options, upstreams: { [name]: [`127.0.0.1:${port}`] } });
}
