import { type IncomingHttpHeaders, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resourceUsage } from 'node:process';

/** How the bad-input sweep sends its requests and measures what each cost the app's process. */

/** CPU time (every thread of the process) and growth of its peak memory since `before`. */
export function costSince(before: NodeJS.ResourceUsage): { cpuMs: number; peakGrowthMb: number } {
  const after = resourceUsage();
  return {
    cpuMs: (after.userCPUTime + after.systemCPUTime - before.userCPUTime - before.systemCPUTime) / 1000,
    peakGrowthMb: (after.maxRSS - before.maxRSS) / 1024,
  };
}

/** An answer as the sweep reads it. */
export interface SweepAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  body: unknown;
}

/** The app's loopback origin, listening on a free port if it is not listening yet. */
export async function listeningOrigin(server: Server): Promise<string> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * One request with exactly the planned headers and bytes, through node:http (a supertest request costs its sender
 * some 130 ms of CPU per MiB of body, which would drown the cost of serving it); the answer's JSON body parsed.
 */
export function send(
  url: string,
  planned: { method: string; headers: Record<string, string>; body?: string | Buffer },
  timeoutMs: number,
): Promise<SweepAnswer> {
  const body = planned.body === undefined ? undefined : Buffer.isBuffer(planned.body) ? planned.body : Buffer.from(planned.body);
  const headers = { ...planned.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
  return new Promise<SweepAnswer>((resolve, reject) => {
    const outgoing = httpRequest(url, { method: planned.method.toUpperCase(), headers, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        if (String(res.headers['content-type'] ?? '').includes('json')) {
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
        }
        resolve({ status: res.statusCode!, headers: res.headers, text, body: parsed });
      });
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    // A server that answers before reading the whole body may close the connection while it is still being sent: the
    // answer, if one came, is what counts.
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
