import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIObject, OperationObject, ParameterObject } from '@nestjs/swagger';
import { freePort, waitFor, workspaceRoot } from '@platform/testing/harness';
import { sample } from 'openapi-sampler';
import { main as againstMock } from '../../libs/client/examples/against-mock';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Json = Record<string, unknown>;

/**
 * `npm run mock` answers every operation of the four documents from their examples on one port, with nothing else
 * running, and the client's example (libs/client/examples/against-mock.ts) runs against it.
 */
describe('the mock of the four services (npm run mock)', () => {
  let mock: ChildProcess;
  let url: string;
  let document: OpenAPIObject;
  let output = '';

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    mock = spawn(process.execPath, ['-r', '@swc-node/register', join(workspaceRoot, 'scripts/mock.ts')], {
      cwd: workspaceRoot,
      env: { ...process.env, MOCK_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    mock.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    mock.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(
      async () => {
        if (mock.exitCode !== null) throw new Error(`the mock exited: ${output.slice(-2000)}`);
        return (await fetch(`${url}/health/live`).catch(() => undefined))?.ok ? true : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 200, what: 'the mock to answer' },
    );
    document = JSON.parse(readFileSync(join(workspaceRoot, '.data/mock/platform.json'), 'utf8'));
  }, 90_000);
  afterAll(async () => {
    if (mock && mock.exitCode === null) {
      const exited = new Promise((resolve) => mock.once('exit', resolve));
      mock.kill('SIGTERM');
      await exited;
    }
  });

  /** A request for `operation` that its schemas accept: examples where the document has them, samples elsewhere. */
  function requestFor(path: string, method: string, operation: OperationObject): { url: string; init: RequestInit } {
    const headers: Record<string, string> = {};
    const query = new URLSearchParams();
    let concrete = path;
    for (const parameter of (operation.parameters ?? []) as ParameterObject[]) {
      const schema = (parameter.schema ?? {}) as Json;
      const value = String(parameter.example ?? schema.example ?? sample(schema as never, { quiet: true }));
      if (parameter.in === 'path') concrete = concrete.replace(`{${parameter.name}}`, encodeURIComponent(value));
      else if (parameter.in === 'query' && parameter.required) query.set(parameter.name, value);
      else if (parameter.in === 'header' && parameter.required) headers[parameter.name] = value;
    }
    for (const requirement of operation.security ?? []) {
      for (const name of Object.keys(requirement)) {
        const scheme = document.components!.securitySchemes![name] as unknown as Json;
        if (scheme.type === 'http') headers.authorization = 'Bearer any-token';
        else if (scheme.type === 'apiKey' && scheme.in === 'header') headers[String(scheme.name)] = 'any-key';
      }
    }
    let body: string | undefined;
    const json = (operation.requestBody as { content?: Record<string, Json> } | undefined)?.content?.['application/json'];
    if (json) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json.example);
    }
    const search = query.size ? `?${query}` : '';
    return { url: `${url}${concrete}${search}`, init: { method: method.toUpperCase(), headers, body, redirect: 'manual' } };
  }

  it('answers every operation of the four documents with its first documented success', async () => {
    const wrong: string[] = [];
    let operations = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        operations += 1;
        const content = (operation.requestBody as { content?: Record<string, unknown> } | undefined)?.content ?? {};
        const documented = Object.keys(operation.responses);
        // A body of another kind (a multipart upload, a form) is not sent: the mock answers it one of its statuses.
        const sendable = Object.keys(content).every((type) => type === 'application/json');
        const success = documented.filter((status) => /^[23]\d\d$/.test(status)).sort()[0];
        const { url: target, init } = requestFor(path, method, operation);
        // Prism answers 2xx unless asked: an operation that only redirects (the login, the page's form) is asked for it.
        if (!success.startsWith('2')) (init.headers as Record<string, string>).prefer = `code=${success}`;
        const res = await fetch(target, init);
        await res.arrayBuffer();
        const fine = sendable ? String(res.status) === success : documented.includes(String(res.status)) || res.status === 422;
        if (!fine) wrong.push(`${method.toUpperCase()} ${path}: ${res.status} (expected ${sendable ? success : documented.join('/')})`);
      }
    }
    expect(operations).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  }, 120_000);

  it('refuses a secured call without a token, and answers a console origin with CORS', async () => {
    expect((await fetch(`${url}/api/v1/projects`)).status).toBe(401);
    const preflight = await fetch(`${url}/api/v1/projects`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it("runs the client's example: each client answers the documented example, and an asked-for 404 is an ApiError", async () => {
    const example = (app: string, path: string) =>
      (JSON.parse(readFileSync(join(workspaceRoot, 'docs/openapi', `${app}.json`), 'utf8')) as OpenAPIObject).paths[path].get!.responses[
        '200'
      ] as unknown as { content: { 'application/json': { example: Json } } };
    const result = await againstMock(url);
    const projects = example('recruiting-api', '/api/v1/projects').content['application/json'].example.data as Array<{ name: string }>;
    const races = example('race-content-api', '/v1/races').content['application/json'].example.list as Array<{ id: string }>;
    expect(result).toEqual({
      projectNames: projects.map((p) => p.name),
      surveyTitles: expect.arrayContaining([expect.any(String)]),
      raceIds: races.map((r) => r.id),
      eventRunState: expect.stringMatching(/^(running|done|failed)$/),
      notFound: '404 NOT_FOUND: The project does not exist',
    });
  });
});
