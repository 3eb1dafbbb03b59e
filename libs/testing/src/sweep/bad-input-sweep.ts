import { seededRandom } from '../harness/seeded-random';
import type { INestApplication } from '@nestjs/common';
import { openApiDocumentOf, routeBodyLimit } from '@platform/runtime';
import { resourceUsage } from 'node:process';
import type { Server } from 'node:http';
import { DocumentReader, type Schema } from './sweep-document';
import { formBodies, multipartVariants } from './sweep-multipart';
import { bodiesAtLimit, compressionBombs, type HostileBody, hostileBounds } from './sweep-hostile';
import { inRounds, pathologicalRequests, pathologicalSlotValues } from './sweep-strings';
import type { SweepRequest } from './sweep-request';
export type { SweepRequest } from './sweep-request';
import { costSince, listeningOrigin, send, type SweepAnswer } from './sweep-transport';
import { badPathValues, badQueryValues, badValues, withValue } from './sweep-values';

/**
 * A bad-input sweep driven by an app's OpenAPI document: for every operation it sends malformed variants
 * of each parameter and body field, of the body as a whole and of the caller's identity, and checks that
 * nothing answers 5xx, that every refusal is the service's error body with a machine code, that no stack,
 * SQL, file path or error class leaks, and that every answer comes in time. Seeded, so a failure repeats.
 */
export interface SweepOptions {
  app: () => INestApplication;
  /** Headers of a valid caller (identity headers, a bearer token). */
  identity: () => Record<string, string>;
  /** Callers that must be refused: each replaces the valid identity on some requests. */
  badIdentities: Array<Record<string, string>>;
  /** Values of path parameters that name real resources, so requests reach past the lookup. */
  pathValues?: () => Record<string, string>;
  /** Likewise for the top-level properties of JSON bodies of these names (a preview's templateId). */
  bodyValues?: () => Record<string, unknown>;
  /** Requests in all (spread over the operations), besides the pathological strings, which reach every field. */
  budget?: number;
  /**
   * Operations besides the GETs (by operationId) that read what other routes store, such as a template's preview:
   * the pathological strings send them unchanged in every round, after the round's writes.
   */
  rereads?: string[];
  seed?: number;
  /** Longest a single answer may take. */
  timeoutMs?: number;
}

/** Copies of an operation's valid request sent at once: twice a pool's ten connections. */
const BURST = 20;

/**
 * How long each copy of a burst may take: the class checks that every copy is answered, and none with a 5xx (a busy
 * pool is load, not an outage), not how fast twenty at once are on two cores (a survey's whole history twenty times).
 */
const BURST_TIMEOUT_MS = 60_000;

/** A body larger than any JSON route takes and smaller than the uploads', as a careless upload sends one. */
const FIVE_MB = Buffer.alloc(5_000_000, 'x');

export interface SweepFinding {
  request: string;
  status: number;
  problem: string;
}

/** Text of a response that betrays the server's insides. */
const LEAKS = [
  /\n[ \t]+at \S/,
  /\.(ts|js):\d+/,
  /node_modules/,
  /\/work\//,
  /\b(QueryFailedError|DatabaseError|TypeError|ReferenceError|RangeError|SyntaxError|MongoServerError|EntityNotFound)\b/,
  /\bSELECT\s.+\sFROM\s/i,
  /\bINSERT INTO\b/i,
  /duplicate key value/i,
  /violates [a-z ]*constraint/i,
  /relation "[^"]+"/,
];

/** All the malformed requests for one operation, before sampling. */
function variantsOf(
  reader: DocumentReader,
  rng: () => number,
  method: string,
  template: string,
  operation: Schema,
  options: SweepOptions,
): SweepRequest[] {
  const parameters = ((operation.parameters ?? []) as Array<{ name: string; in: string; required?: boolean; schema?: unknown }>).map(
    (p) => ({
      ...p,
      schema: reader.resolve(p.schema),
    }),
  );
  const known = options.pathValues?.() ?? {};
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const pathOf = (overrides: Record<string, string> = {}) =>
    template.replace(
      /\{(\w+)\}/g,
      (_, name: string) =>
        overrides[name] ?? known[name] ?? encodeURIComponent(String(reader.sample(pathParams.find((p) => p.name === name)?.schema, rng))),
    );
  const baseQuery = queryParams
    .filter((p) => p.required)
    .map((p) => `${p.name}=${encodeURIComponent(String(reader.sample(p.schema, rng)))}`)
    .join('&');
  const jsonSchema = ((operation.requestBody as Schema | undefined)?.content as Record<string, { schema?: unknown }> | undefined)?.[
    'application/json'
  ]?.schema;
  const formSchema = reader.resolve(
    ((operation.requestBody as Schema | undefined)?.content as Record<string, { schema?: unknown }> | undefined)?.['multipart/form-data']
      ?.schema,
  );
  const declared = (reader.resolve(jsonSchema).properties ?? {}) as Record<string, unknown>;
  const named = Object.entries(options.bodyValues?.() ?? {}).filter(([name]) => name in declared);
  const sample = jsonSchema ? reader.sample(jsonSchema, rng) : undefined;
  const baseBody =
    named.length && sample !== null && typeof sample === 'object' && !Array.isArray(sample)
      ? { ...sample, ...Object.fromEntries(named) }
      : sample;
  const identity = options.identity();
  const base = (label: string, change: Partial<SweepRequest> = {}): SweepRequest => ({
    label,
    method,
    path: pathOf(),
    query: baseQuery,
    headers: { ...identity, ...(baseBody !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: baseBody !== undefined ? JSON.stringify(baseBody) : undefined,
    ...change,
  });
  const variants: SweepRequest[] = [];
  for (const bad of options.badIdentities)
    variants.push(
      base(`identity ${JSON.stringify(bad).slice(0, 60)}`, {
        headers: { ...(baseBody !== undefined ? { 'content-type': 'application/json' } : {}), ...bad },
      }),
    );
  variants.push(base('no identity', { headers: baseBody !== undefined ? { 'content-type': 'application/json' } : {} }));
  for (const param of pathParams) {
    for (const [what, value] of badPathValues)
      variants.push(base(`path ${param.name}: ${what}`, { path: pathOf({ [param.name]: value }) }));
    const known = options.pathValues?.()[param.name];
    if (known && /[a-f]/.test(known))
      variants.push(base(`path ${param.name}: upper case`, { path: pathOf({ [param.name]: known.toUpperCase() }) }));
  }
  const queryNames = queryParams.length ? queryParams.map((p) => p.name) : ['unexpected'];
  for (const name of queryNames) {
    const others = baseQuery.split('&').filter((pair) => pair && !pair.startsWith(`${name}=`));
    for (const [what, value] of badQueryValues)
      variants.push(base(`query ${name}: ${what}`, { query: [...others, `${name}=${value}`].join('&') }));
    variants.push(base(`query ${name}: repeated`, { query: [...others, `${name}=1`, `${name}=2`].join('&') }));
    variants.push(base(`query ${name}: bracketed key`, { query: [...others, `${name}[x]=1`].join('&') }));
  }
  variants.push(base('query: unknown key', { query: [baseQuery, 'sweep_unknown=1'].filter(Boolean).join('&') }));
  if (jsonSchema) {
    const json = (label: string, value: unknown) => variants.push(base(label, { body: JSON.stringify(value) }));
    json('body: an array', []);
    json('body: a string', 'text');
    json('body: null', null);
    json('body: empty object', {});
    json('body: an unknown field', { ...(baseBody as object), sweepUnknown: 1 });
    variants.push(base('body: deep nesting', { body: `{"nested":${'['.repeat(5000)}1${']'.repeat(5000)}}` }));
    variants.push(base('body: not JSON', { body: '{"a":' }));
    variants.push(base('body: wrong content type', { headers: { ...identity, 'content-type': 'text/plain' }, body: 'plain text' }));
    for (const field of reader.fields(jsonSchema)) {
      for (const [what, value] of badValues(field.schema))
        json(`body ${field.path.join('.')}: ${what}`, withValue(baseBody, field.path, value));
    }
    for (const form of formBodies)
      variants.push(base(form.label, { headers: { ...identity, 'content-type': form.contentType }, body: form.body }));
  } else if (formSchema.properties) {
    const fields = Object.entries(formSchema.properties as Record<string, unknown>).map(([name, property]) => {
      const resolved = reader.resolve(property);
      return { name, file: resolved.format === 'binary', sample: String(reader.sample(resolved, rng)) };
    });
    for (const form of multipartVariants(fields))
      variants.push(base(form.label, { headers: { ...identity, 'content-type': form.contentType }, body: form.body }));
  } else if (method === 'get') {
    variants.push(
      base('GET with a body', {
        headers: { ...identity, 'content-type': 'application/json' },
        body: JSON.stringify({ x: 'y'.repeat(100_000) }),
      }),
      base('GET with a 5 MB body', { headers: { ...identity, 'content-type': 'application/json' }, body: FIVE_MB }),
    );
  }
  // The concurrency class: the operation's valid request, many at once.
  variants.push(base(`${BURST} at once`, { burst: BURST }));
  if (method !== 'get') variants.push(...hostileVariants(options, `${method.toUpperCase()} ${template}`, base, identity));
  const rereads = method === 'get' || (options.rereads ?? []).includes(String(operation.operationId));
  const bodyWith = (path: string[], value: string) => JSON.stringify(withValue(baseBody, path, value));
  const slots = pathologicalSlotValues(reader, { jsonSchema, queryParams, pathParams, rereads });
  variants.push(...pathologicalRequests(slots, { base, pathOf, baseQuery, bodyWith }));
  return variants;
}

/**
 * Hostile bodies on a route that reads one, without credentials and with them: compression bombs and JSON at the
 * route's limit (sweep-hostile.ts), each with the time and memory it may cost.
 */
function hostileVariants(
  options: SweepOptions,
  route: string,
  base: (label: string, change?: Partial<SweepRequest>) => SweepRequest,
  identity: Record<string, string>,
): SweepRequest[] {
  const limit = routeBodyLimit(options.app(), route) ?? 1024 * 1024;
  // Without credentials the route must refuse before reading anything, whatever the body: one bomb and the widest
  // body at and past the limit show it. With them, every kind.
  const without = [compressionBombs()[0], ...bodiesAtLimit(limit).filter((body) => !/object|nesting/.test(body.label))];
  const fiveMegabytes: HostileBody = { label: 'a body of 5 MB', headers: { 'content-type': 'application/json' }, body: FIVE_MB };
  return [false, true].flatMap((credentials) =>
    (credentials ? [...compressionBombs(), ...bodiesAtLimit(limit), fiveMegabytes] : without).map((hostile) =>
      base(`hostile ${credentials ? 'with' : 'without'} credentials: ${hostile.label}`, {
        headers: { ...(credentials ? identity : {}), ...hostile.headers },
        body: hostile.body,
        bounds: hostileBounds(credentials, limit),
        statuses: hostile.statuses,
      }),
    ),
  );
}

function shuffled<T>(items: T[], rng: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** Sends every planned request and reports what broke the rules. */
export async function runSweep(
  options: SweepOptions,
): Promise<{ sent: number; findings: SweepFinding[]; statuses: Record<number, number>; slowest: Array<{ request: string; ms: number }> }> {
  const document = openApiDocumentOf(options.app())!;
  const reader = new DocumentReader(document);
  const rng = seededRandom(options.seed ?? 20261122);
  const operations = Object.entries(document.paths).flatMap(([template, item]) =>
    (['get', 'post', 'put', 'patch', 'delete'] as const)
      .filter((method) => item[method])
      .map((method) => ({ method, template, operation: item[method] as unknown as Schema })),
  );
  // Deletions last: they may remove the resources the other requests name.
  operations.sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
  const perOperation = Math.max(4, Math.floor((options.budget ?? 400) / Math.max(1, operations.length)));
  const hostile: SweepRequest[] = [];
  const planned = operations.map(({ method, template, operation }) => {
    const all = variantsOf(reader, rng, method, template, operation, options);
    // Hostile bodies are all sent, before anything else (their memory is measured against a process that has not yet
    // seen large bodies): those without credentials first.
    hostile.push(...all.filter((v) => v.bounds));
    const bursts = all.filter((v) => v.burst);
    const variants = all.filter((v) => !v.bounds && !v.burst);
    // Each operation gets an identity case and a whole-body case first, then a seeded sample of the rest.
    // Each upload route gets every malformed form, and each JSON route the form-encoded bodies.
    const first = variants.filter(
      (v) =>
        !v.always &&
        (v.label.startsWith('no identity') ||
          v.label === 'body: deep nesting' ||
          v.label.startsWith('GET with a') ||
          v.label.startsWith('multipart: ') ||
          v.label.startsWith('form: ')),
    );
    const sampled = shuffled(
      variants.filter((v) => !v.always && !first.includes(v)),
      rng,
    ).slice(0, Math.max(0, perOperation - first.length));
    // Its valid request many times at once, after the rest (the resources it names exist by then).
    return { method, sampled: [...first, ...sampled, ...bursts], always: variants.filter((v) => v.always) };
  });
  // What is sent whatever the budget goes in rounds after the rest (inRounds), deletions still last.
  const [kept, deletions] = [planned.filter((o) => o.method !== 'delete'), planned.filter((o) => o.method === 'delete')];
  const plan = [kept, deletions].flatMap((ops) => [...ops.flatMap((o) => o.sampled), ...inRounds(ops.flatMap((o) => o.always))]);
  hostile.sort((a, b) => Number(a.label.includes(' with credentials')) - Number(b.label.includes(' with credentials')));
  plan.unshift(...hostile);
  const findings: SweepFinding[] = [];
  const statuses: Record<number, number> = {};
  const slowest: Array<{ request: string; ms: number }> = [];
  const origin = await listeningOrigin(options.app().getHttpServer() as Server);
  for (const planned of plan) {
    const url = `${origin}${planned.path}${planned.query ? `?${planned.query}` : ''}`;
    const name = `${planned.method.toUpperCase()} ${planned.path.slice(0, 120)} [${planned.label}]`;
    const body = typeof planned.body === 'function' ? planned.body() : planned.body;
    const started = Date.now();
    const before = planned.bounds ? resourceUsage() : undefined;
    if (planned.burst) {
      const answers = await Promise.all(
        Array.from({ length: planned.burst }, () =>
          send(url, { ...planned, body }, BURST_TIMEOUT_MS).catch((error: Error) => ({ error: error.message })),
        ),
      );
      const wrong = answers.filter((answer) => 'error' in answer || answer.status >= 500);
      for (const answer of answers) if ('status' in answer) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (wrong.length) {
        const first = wrong[0];
        const what = 'error' in first ? `no answer: ${first.error}` : `answered ${first.status}: ${first.text.slice(0, 160)}`;
        findings.push({
          request: name,
          status: 'status' in first ? first.status : 0,
          problem: `${wrong.length} of ${planned.burst}: ${what}`,
        });
      }
      continue;
    }
    let response: SweepAnswer;
    try {
      response = await send(url, { ...planned, body }, options.timeoutMs ?? 10_000);
    } catch (error) {
      findings.push({ request: name, status: 0, problem: `no answer: ${(error as Error).message}` });
      continue;
    }
    const took = Date.now() - started;
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    const text = response.text;
    const problems: string[] = [];
    if (response.status >= 500) problems.push(`answered ${response.status}`);
    if (response.status >= 400) {
      // An HTML page (recruiting's scheduling page) names its code in a data-error-code attribute.
      const code =
        (response.body as { error?: { code?: unknown } } | undefined)?.error?.code ??
        (String(response.headers['content-type'] ?? '').startsWith('text/html') ? /data-error-code="([^"]+)"/.exec(text)?.[1] : undefined);
      if (typeof code !== 'string' || !/^[A-Z][A-Z0-9_]+$/.test(code)) problems.push('the error body carries no machine code');
    }
    const leak = LEAKS.find((pattern) => pattern.test(text));
    if (leak) problems.push(`the body leaks internals (${leak})`);
    const bytes = (typeof body === 'string' ? Buffer.byteLength(body) : (body?.length ?? 0)) + Buffer.byteLength(text);
    slowest.push({ request: name, ms: took });
    slowest.sort((a, b) => b.ms - a.ms).splice(5);
    let limit = planned.timeBound?.(bytes) ?? options.timeoutMs ?? 10_000;
    if (took > limit && planned.baseline) {
      // What the route takes anyway now (a list over what the sweep stored so far) is not the value's doing.
      const again = Date.now();
      const { path, query, body: valid } = planned.baseline;
      const validBody = typeof valid === 'function' ? valid() : valid;
      await send(`${origin}${path}${query ? `?${query}` : ''}`, { ...planned.baseline, body: validBody }, 60_000).catch(() => undefined);
      limit += Date.now() - again;
    }
    if (took > limit) problems.push(`answered too late (${took} ms, ${bytes} bytes, bound ${limit} ms)`);
    if (planned.statuses && !planned.statuses.includes(response.status))
      problems.push(`answered ${response.status}, not ${planned.statuses}`);
    if (planned.bounds && before) {
      const measured = costSince(before);
      const { peakGrowthMb } = measured;
      let { cpuMs } = measured;
      // The process's CPU time also holds whatever else ran meanwhile (a collection of earlier garbage, a timer): a
      // request over its bound is measured twice more and judged by its cheapest run, since noise only ever adds. A
      // route that does the work the bound forbids costs it every time.
      for (let again = 0; again < 2 && cpuMs > planned.bounds.cpuMs; again++) {
        const retry = resourceUsage();
        await send(url, { ...planned, body }, options.timeoutMs ?? 10_000).catch(() => undefined);
        cpuMs = Math.min(cpuMs, costSince(retry).cpuMs);
      }
      if (cpuMs > planned.bounds.cpuMs) problems.push(`cost ${cpuMs.toFixed(0)} ms of CPU (bound ${planned.bounds.cpuMs.toFixed(0)})`);
      if (peakGrowthMb > planned.bounds.mb)
        problems.push(`raised peak memory by ${peakGrowthMb.toFixed(0)} MB (bound ${planned.bounds.mb})`);
    }
    if (problems.length)
      findings.push({ request: name, status: response.status, problem: `${problems.join('; ')}: ${text.slice(0, 200)}` });
  }
  return { sent: plan.length, findings, statuses, slowest };
}

/** The sweep as a test: every route of the app, a few hundred sampled requests and the classes sent whole, no 5xx. */
export function describeBadInputSweep(options: SweepOptions): void {
  describe('bad-input sweep over every documented route', () => {
    it('never answers 5xx, always answers in the error body with a machine code, and leaks nothing', async () => {
      const result = await runSweep(options);
      if (process.env.SWEEP_REPORT) {
        process.stderr.write(
          `sweep: ${result.sent} requests, statuses ${JSON.stringify(result.statuses)}, slowest ${JSON.stringify(result.slowest)}\n`,
        );
        for (const finding of result.findings) process.stderr.write(`finding: ${finding.request}: ${finding.problem.slice(0, 160)}\n`);
      }
      expect(result.sent).toBeGreaterThan(0);
      expect(result.findings.slice(0, 20)).toEqual([]);
    }, 600_000); // thousands of requests with the pathological strings: race content's took 220 s at load average 9
  });
}
