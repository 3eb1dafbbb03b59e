/**
 * Run as its own process by tracing.spec.ts: starts tracing from the environment as an app's first import does, then
 * reports what was loaded and patched.
 */
import { startTracing } from '../src/tracing';

const started = startTracing('tracing-probe');
/* eslint-disable @typescript-eslint/no-require-imports -- loaded after tracing started, as main.ts's later imports are */
const http = require('node:http') as typeof import('node:http');
const { trace, ProxyTracerProvider } = require('@opentelemetry/api') as typeof import('@opentelemetry/api');
const pg = require('pg') as { Client: { prototype: { query: unknown } } };
/* eslint-enable @typescript-eslint/no-require-imports */

const provider = trace.getTracerProvider();
const delegate = provider instanceof ProxyTracerProvider ? provider.getDelegate() : provider;
const wrapped = (fn: unknown) => typeof fn === 'function' && '__wrapped' in fn;
process.stdout.write(
  `${JSON.stringify({
    started: started !== undefined,
    settings: started?.settings,
    provider: delegate.constructor.name,
    sdkLoaded: Object.keys(require.cache).some((path) => path.includes('@opentelemetry/sdk-trace')),
    instrumentationLoaded: Object.keys(require.cache).some((path) => path.includes('@opentelemetry/instrumentation')),
    httpPatched: wrapped(http.request) || wrapped(http.Server.prototype.emit),
    pgPatched: wrapped(pg.Client.prototype.query),
  })}\n`,
);
void started?.shutdown();
