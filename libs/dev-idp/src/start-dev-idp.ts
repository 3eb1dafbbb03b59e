import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface DevIdpClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface DevIdp {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  issuer: string;
  port: number;
  stop(): Promise<void>;
}

/** The server's file; plain JavaScript, so `node` runs it from the source tree (scripts/up.sh does too). */
export const DEV_IDP_SERVER = join(__dirname, 'dev-idp-server.mjs');

/**
 * Starts the development identity provider in a child process on a free port (or `port`) with the given
 * clients, and resolves once it listens. For tests and scripts only.
 */
export async function startDevIdp(options: { clients: DevIdpClient[]; port?: number; timeoutMs?: number }): Promise<DevIdp> {
  const child = spawn(process.execPath, [DEV_IDP_SERVER], {
    env: {
      ...process.env,
      DEV_IDP_PORT: String(options.port ?? 0),
      DEV_IDP_HOST: '127.0.0.1',
      DEV_IDP_CLIENTS: JSON.stringify(options.clients),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const ready = new Promise<{ issuer: string; port: number }>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve(JSON.parse(line) as { issuer: string; port: number }));
    child.once('exit', (code) => reject(new Error(`dev IdP exited with ${code}: ${stderr.trim()}`)));
  });
  const timeoutMs = options.timeoutMs ?? 15_000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`dev IdP not listening after ${timeoutMs} ms: ${stderr.trim()}`)), timeoutMs);
  });
  try {
    const { issuer, port } = await Promise.race([ready, timeout]);
    return {
      issuer,
      port,
      async stop() {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited;
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
