import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** The clients a console or a script uploads with, each as it behaves by default. */
export const UPLOAD_CLIENTS = ['node:http', 'fetch', 'curl'] as const;
export type UploadClient = (typeof UPLOAD_CLIENTS)[number];

/** What a client got: the answer's status (and JSON error code, when there is one), or the network error it saw. */
export type UploadOutcome = { status: number; code?: string } | { error: string };

export interface Upload {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** The body's size; its bytes are `fill` repeated, made as they are sent (no buffer of that size). */
  bytes: number;
  fill?: string;
  /** Bytes the body starts with (a multipart part's headers), counted in `bytes`. */
  prefix?: string;
}

const CHUNK = 64 * 1024;

/** The body as a stream of `bytes` bytes: the prefix, then the fill. */
function bodyStream(bytes: number, fill: string, prefix = ''): Readable {
  const chunk = Buffer.alloc(CHUNK, fill);
  let left = bytes;
  let head = Buffer.from(prefix);
  return new Readable({
    read() {
      if (head.length && left > 0) {
        const part = head.subarray(0, left);
        head = Buffer.alloc(0);
        left -= part.length;
        return void this.push(part);
      }
      if (left <= 0) return void this.push(null);
      const size = Math.min(left, CHUNK);
      left -= size;
      this.push(size === CHUNK ? chunk : chunk.subarray(0, size));
    },
  });
}

function codeOf(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

/** The body as one buffer, as most scripts send it (`request.end(body)`). */
function bodyBuffer(upload: Upload): Buffer {
  const body = Buffer.alloc(upload.bytes, upload.fill ?? 'x');
  if (upload.prefix) body.write(upload.prefix.slice(0, upload.bytes));
  return body;
}

/** Node's http client: writes the whole body at once (no Expect: 100-continue), reads the answer as it comes. */
function withNodeHttp(upload: Upload): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    let answered = false;
    const req = httpRequest(
      upload.url,
      { method: upload.method, headers: { ...upload.headers, 'content-length': String(upload.bytes) } },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode!, code: codeOf(Buffer.concat(chunks).toString('utf8')) });
          // The answer is in: what is left of the body is not sent (the test's time, not the server's behaviour).
          req.destroy();
        });
        res.on('error', (error) => resolve({ error: `reading the answer: ${error.message}` }));
      },
    );
    // An error after the whole answer arrived (the server closed while the rest of the body was still being sent) is
    // not the client's problem: it has its answer.
    req.on('error', (error) => {
      if (!answered) resolve({ error: error.message });
    });
    req.end(bodyBuffer(upload));
  });
}

/** fetch (undici), with the body as a stream. */
async function withFetch(upload: Upload): Promise<UploadOutcome> {
  try {
    const res = await fetch(upload.url, {
      method: upload.method,
      headers: { ...upload.headers, 'content-length': String(upload.bytes) },
      body: Readable.toWeb(bodyStream(upload.bytes, upload.fill ?? 'x', upload.prefix)) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    return { status: res.status, code: codeOf(await res.text()) };
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause;
    return { error: `${(error as Error).message}${cause ? `: ${cause.message}` : ''}` };
  }
}

/** curl, as a user runs it: it sends Expect: 100-continue for large bodies and waits for the server's word. */
async function withCurl(upload: Upload): Promise<UploadOutcome> {
  const args = ['-sS', '-o', '-', '-w', '\n%{http_code}', '-X', upload.method, '--max-time', '120', '--data-binary', '@-'];
  for (const [name, value] of Object.entries(upload.headers)) args.push('-H', `${name}: ${value}`);
  const child = execFileAsync('curl', [...args, upload.url], { maxBuffer: 1024 * 1024 });
  bodyStream(upload.bytes, upload.fill ?? 'x', upload.prefix)
    .pipe(child.child.stdin!)
    .on('error', () => undefined);
  try {
    const { stdout } = await child;
    const cut = stdout.lastIndexOf('\n');
    return { status: Number(stdout.slice(cut + 1)), code: codeOf(stdout.slice(0, cut)) };
  } catch (error) {
    return { error: ((error as { stderr?: string }).stderr || (error as Error).message).trim() };
  }
}

/** Sends the upload with one of the clients and reports what that client saw. */
export function uploadWith(client: UploadClient, upload: Upload): Promise<UploadOutcome> {
  return client === 'node:http' ? withNodeHttp(upload) : client === 'fetch' ? withFetch(upload) : withCurl(upload);
}
