import { context, isSpanContextValid, propagation, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fingerprint } from '../logging/url-redaction';
import { routeTemplate } from '../metrics/metrics';
import { pathOf } from './paths';

/** Path parameters whose values are credentials wherever a route has them (a candidate's scheduling token). */
const SECRET_PATH_PARAMS = new Set(['token', 'key', 'code', 'secret', 'apikey', 'api_key']);

/**
 * The path a span may carry, which trace stores keep and show to whoever reads traces: a routed request's path with
 * every secret path parameter's segment replaced by its fingerprint (`[fp:...]`, as the request log writes it); a
 * request no route matched carries none, since its path may hold anything (its request id finds its log line, where
 * the URL is redacted).
 */
export function spanPath(request: Pick<FastifyRequest, 'url' | 'params'> & { routeOptions: { url?: string } }): string | undefined {
  if (!request.routeOptions.url) return undefined;
  const path = pathOf(request.url);
  const secrets = new Set<string>();
  for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string' && value !== '' && SECRET_PATH_PARAMS.has(name.toLowerCase())) secrets.add(value);
  }
  if (secrets.size === 0) return path;
  return path
    .split('/')
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // A segment that does not decode is compared as sent.
      }
      return secrets.has(decoded) ? `[fp:${fingerprint(decoded)}]` : segment;
    })
    .join('/');
}

/**
 * Whether a trace SDK is running in this process (libs/observability starts one when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set): the no-op tracer of the bare API hands out spans without valid ids, the SDK's (sampled or not) have them.
 */
function tracingIsOn(): boolean {
  const probe = trace.getTracer('platform-http').startSpan('probe');
  probe.end();
  return isSpanContextValid(probe.spanContext());
}

const SERVER_SPAN = Symbol('server span');
type SpanCarrier = FastifyRequest & { [SERVER_SPAN]: Span | null };

/**
 * The server span of every request but the untraced ones (probes, the scrape), written by the app's own Fastify hooks
 * rather than the http and Fastify instrumentations, which each halved the cheapest route's throughput even for the
 * requests they did not sample: the caller's `traceparent` is continued, the span covers the request from the first
 * hook to the answer, everything the request does runs inside it (the publishes, the store calls), and it carries
 * OpenTelemetry's HTTP attributes (the path without credentials: spanPath), the route template (its name is
 * `<METHOD> <route>`) and the request id, by which a trace store finds a request's trace. Nothing is registered when no
 * trace SDK runs.
 */
export function traceRequests(fastify: FastifyInstance, untraced: ReadonlySet<string>): void {
  if (!tracingIsOn()) return;
  const tracer = trace.getTracer('platform-http');
  // The span rides on the request itself (a declared slot, so every request keeps one shape): a WeakMap costs a hash
  // and GC bookkeeping per request.
  fastify.decorateRequest(SERVER_SPAN, null);
  fastify.addHook('onRequest', (request, _reply, done) => {
    const path = pathOf(request.url);
    if (untraced.has(path)) return done();
    const parent = propagation.extract(context.active(), request.headers);
    const span = tracer.startSpan(request.method, { kind: SpanKind.SERVER }, parent);
    // Most requests are not sampled: their span only carries the trace context on, so it gets no attributes.
    if (span.isRecording()) {
      span.setAttributes({
        'http.request.method': request.method,
        'request.id': request.id,
        'client.address': request.ip,
      });
      const shown = spanPath(request);
      if (shown !== undefined) span.setAttribute('url.path', shown);
    }
    (request as SpanCarrier)[SERVER_SPAN] = span;
    context.with(trace.setSpan(parent, span), done);
  });
  const end = (request: FastifyRequest, status?: number) => {
    const span = (request as SpanCarrier)[SERVER_SPAN];
    if (!span) return;
    (request as SpanCarrier)[SERVER_SPAN] = null;
    if (span.isRecording()) {
      const route = routeTemplate(request.routeOptions.url);
      if (route) {
        span.setAttribute('http.route', route);
        span.updateName(`${request.method} ${route}`);
      }
      if (status !== undefined) {
        span.setAttribute('http.response.status_code', status);
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      }
    }
    span.end();
  };
  fastify.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  fastify.addHook('onRequestAbort', (request, done) => {
    end(request);
    done();
  });
}
