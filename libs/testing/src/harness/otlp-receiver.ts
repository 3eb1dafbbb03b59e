import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** A span as an OTLP/HTTP receiver got it, flattened: ids in hex, attributes as plain values. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: 'internal' | 'server' | 'client' | 'producer' | 'consumer' | 'unspecified';
  attributes: Record<string, unknown>;
  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  status: number;
  scope: string;
}

export interface OtlpReceiver {
  /** The value for OTEL_EXPORTER_OTLP_ENDPOINT (spans arrive at `<url>/v1/traces`). */
  url: string;
  spans: ReceivedSpan[];
  /** The spans of one trace. */
  trace(traceId: string): ReceivedSpan[];
  close(): Promise<void>;
}

const KINDS = ['unspecified', 'internal', 'server', 'client', 'producer', 'consumer'] as const;

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: OtlpValue[] };
}

interface OtlpAttribute {
  key: string;
  value?: OtlpValue;
}

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  attributes?: OtlpAttribute[];
  status?: { code?: number };
}

interface OtlpTraces {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{ scope?: { name?: string }; spans?: OtlpSpan[] }>;
  }>;
}

/**
 * An in-process OTLP/HTTP trace receiver for tests (JSON encoding, what the apps' exporter posts): the apps run as
 * child processes with OTEL_EXPORTER_OTLP_ENDPOINT at `url`, and the test reads what they exported.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    void readBody(request).then(
      (body) => {
        if (request.method !== 'POST' || request.url !== '/v1/traces') {
          response.writeHead(404).end();
          return;
        }
        try {
          spans.push(...flatten(JSON.parse(body.toString('utf8')) as OtlpTraces));
        } catch {
          response.writeHead(400, { 'content-type': 'application/json' }).end('{}');
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      },
      () => response.writeHead(400).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    trace: (traceId) => spans.filter((span) => span.traceId === traceId),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

function flatten(traces: OtlpTraces): ReceivedSpan[] {
  const received: ReceivedSpan[] = [];
  for (const resourceSpans of traces.resourceSpans ?? []) {
    const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '');
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
      for (const span of scopeSpans.spans ?? []) {
        received.push({
          service,
          traceId: hexId(span.traceId),
          spanId: hexId(span.spanId),
          parentSpanId: span.parentSpanId ? hexId(span.parentSpanId) : undefined,
          name: span.name,
          kind: KINDS[span.kind ?? 0] ?? 'unspecified',
          attributes: attributesOf(span.attributes),
          status: span.status?.code ?? 0,
          scope: scopeSpans.scope?.name ?? '',
        });
      }
    }
  }
  return received;
}

function attributesOf(attributes: OtlpAttribute[] | undefined): Record<string, unknown> {
  return Object.fromEntries((attributes ?? []).map(({ key, value }) => [key, plain(value)]));
}

function plain(value: OtlpValue | undefined): unknown {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(plain);
  return undefined;
}

/** OTLP JSON carries ids in hex; the protobuf-to-JSON mapping would give base64: both come back as hex. */
function hexId(id: string): string {
  return /^[0-9a-f]+$/i.test(id) && (id.length === 32 || id.length === 16) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex');
}
