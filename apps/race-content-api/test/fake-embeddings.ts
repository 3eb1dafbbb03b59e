import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the paid embeddings API at the HTTP layer: answers POST /v1/embeddings in the OpenAI wire
 * format with the vector it is told, or fails with a status, and records each request body.
 */
export async function startFakeEmbeddings() {
  const requests: Array<{ model: string; input: string; encoding_format?: string }> = [];
  let answer: { status: number; vector?: number[] } = { status: 500 };

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => resolve(body));
    });

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.method !== 'POST' || req.url !== '/v1/embeddings') {
      res.writeHead(404).end();
      return;
    }
    requests.push(JSON.parse(body));
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    if (answer.status !== 200) {
      res.end(JSON.stringify({ error: { message: 'upstream overloaded', type: 'server_error' } }));
      return;
    }
    res.end(
      JSON.stringify({
        object: 'list',
        data: [{ object: 'embedding', index: 0, embedding: answer.vector }],
        model: 'test-embedding',
        usage: { prompt_tokens: 5, total_tokens: 5 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    answerWith: (vector: number[]) => (answer = { status: 200, vector }),
    failWith: (status: number) => (answer = { status }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
