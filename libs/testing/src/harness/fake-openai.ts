import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Answer = { status: number; content?: string; hang?: boolean; headers?: Record<string, string> };

/**
 * A stand-in for the paid AI API at the HTTP layer: answers POST /v1/chat/completions in the OpenAI
 * wire format, or fails with a status (429 with retry-after, 401 repeating the key it got), or never answers (a timeout), and records each
 * request body. `next` queues one-off answers that go before the standing one.
 */
export async function startFakeOpenAi() {
  const requests: Array<Record<string, unknown>> = [];
  let answer: Answer = { status: 500 };
  const queued: Answer[] = [];
  const hanging = new Set<import('node:http').ServerResponse>();

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => resolve(body));
    });

  const standing = () => answer;
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    requests.push(JSON.parse(body));
    const answer = queued.shift() ?? standing();
    if (answer.hang) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (answer.status !== 200) {
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      // A refused key is repeated in the refusal, as some OpenAI-compatible providers do.
      const key = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      const message =
        answer.status === 429
          ? 'Rate limit reached for requests'
          : answer.status === 401
            ? `Incorrect API key provided: ${key}`
            : 'upstream overloaded';
      res.end(JSON.stringify({ error: { message, type: answer.status === 429 ? 'requests' : 'server_error' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: 'test-model',
        choices: [{ index: 0, message: { role: 'assistant', content: answer.content }, finish_reason: 'stop' }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    answerWith: (content: unknown) => (answer = { status: 200, content: JSON.stringify(content) }),
    failWith: (status: number) => (answer = { status }),
    /** One-off answers for the next requests, before the standing answer. */
    next: {
      rateLimited: () => queued.push({ status: 429, headers: { 'retry-after': '1' } }),
      hang: () => queued.push({ status: 0, hang: true }),
      answer: (content: unknown) => queued.push({ status: 200, content: JSON.stringify(content) }),
    },
    close: () =>
      new Promise<void>((resolve) => {
        hanging.forEach((res) => res.destroy());
        server.close(() => resolve());
      }),
  };
}
