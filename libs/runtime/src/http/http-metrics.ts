import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pathOf } from './paths';
import {
  DURATION_BUCKETS_SECONDS,
  gaugeMetric,
  histogramMetric,
  metricsExposition,
  METRICS_PATH,
  routeTemplate,
  statusClass,
} from '../metrics/metrics';

/** OpenTelemetry's `http.server.request.duration` (seconds) as Prometheus names it. */
const requestDuration = () =>
  histogramMetric({
    name: 'http_server_request_duration_seconds',
    help: 'Duration of HTTP server requests, by method, route template and status class.',
    labelNames: ['http_request_method', 'http_route', 'http_response_status_class'] as const,
    buckets: DURATION_BUCKETS_SECONDS,
  });

const IN_FLIGHT = Symbol('in flight');
type Counted = FastifyRequest & { [IN_FLIGHT]: boolean };

/** Requests in flight per method, counted in plain numbers and read into the gauge at scrape time. */
const inFlightByMethod = new Map<string, number>();

/** OpenTelemetry's `http.server.active_requests`, set from the counts above when scraped (no label hashing per request). */
const activeRequests = () =>
  gaugeMetric({
    name: 'http_server_active_requests',
    help: 'HTTP server requests in flight, by method.',
    labelNames: ['http_request_method'] as const,
    collect() {
      for (const [method, count] of inFlightByMethod) this.set({ http_request_method: method }, count);
    },
  });

/**
 * Request metrics and `GET /metrics` on an app's Fastify instance. Every request but the unlogged ones (health
 * probes, the scrape itself) counts; the route is Fastify's template, never the raw path (which would make a series
 * per id), and empty for a request no route matched.
 */
export function instrumentRequests(fastify: FastifyInstance, unmeasured: ReadonlySet<string>): void {
  const duration = requestDuration();
  activeRequests();
  const count = (method: string, delta: number) => inFlightByMethod.set(method, (inFlightByMethod.get(method) ?? 0) + delta);
  // Whether a request is counted in flight rides on the request (a declared slot), not in a WeakSet.
  fastify.decorateRequest(IN_FLIGHT, false);
  const finish = (request: FastifyRequest) => {
    if (!(request as Counted)[IN_FLIGHT]) return false;
    (request as Counted)[IN_FLIGHT] = false;
    count(request.method, -1);
    return true;
  };
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (!unmeasured.has(pathOf(request.url))) {
      (request as Counted)[IN_FLIGHT] = true;
      count(request.method, 1);
    }
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    if (finish(request)) {
      duration.observe(
        {
          http_request_method: request.method,
          http_route: routeTemplate(request.routeOptions.url),
          http_response_status_class: statusClass(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    }
    done();
  });
  // A client that goes away before the answer: no response, but no longer in flight either.
  fastify.addHook('onRequestAbort', (request, done) => {
    finish(request);
    done();
  });
  fastify.get(METRICS_PATH, async (_request, reply) => {
    const { contentType, body } = await metricsExposition();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}
