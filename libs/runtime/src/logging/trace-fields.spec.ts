import { context, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { Writable } from 'node:stream';
import { createLogger, PinoNestLogger } from './logger';
import { flushTraces } from './trace-flush';

describe('trace ids on log lines', () => {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')));
      done();
    },
  });
  const logger = createLogger('svc', 'info', destination);
  const span = trace.wrapSpanContext({
    traceId: '0af7651916cd43dd8448eb211c80319c',
    spanId: 'b7ad6b7169203331',
    traceFlags: TraceFlags.SAMPLED,
  });

  beforeAll(() => context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable()));
  afterAll(() => context.disable());
  beforeEach(() => (lines.length = 0));

  it('carries trace_id and span_id inside an active span, and nothing outside one', async () => {
    logger.info({ requestId: 'r-1' }, 'outside');
    await context.with(trace.setSpan(ROOT_CONTEXT, span), async () => {
      await Promise.resolve();
      logger.info({ requestId: 'r-1' }, 'inside');
      new PinoNestLogger(logger).log('from Nest', 'Consumers');
    });
    expect(lines[0]).not.toHaveProperty('trace_id');
    expect(lines[0]).not.toHaveProperty('span_id');
    expect(lines[1]).toMatchObject({
      msg: 'inside',
      requestId: 'r-1',
      trace_id: '0af7651916cd43dd8448eb211c80319c',
      span_id: 'b7ad6b7169203331',
    });
    expect(lines[2]).toMatchObject({ msg: 'from Nest', context: 'Consumers', trace_id: '0af7651916cd43dd8448eb211c80319c' });
  });

  it('flushing traces is a no-op when no SDK is registered', async () => {
    await expect(flushTraces()).resolves.toBeUndefined();
  });
});
