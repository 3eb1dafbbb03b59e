import { runEntryPoint } from '@platform/testing/harness';
import { samplerFrom, tracingSettings } from '../src/settings';
import { samplerOf } from '../src/sdk';

/** What probe.ts printed: the process's own view of what tracing loaded and patched. */
async function probe(env: Record<string, string>): Promise<Record<string, unknown>> {
  const run = await runEntryPoint('libs/observability/test/probe.ts', env, 30_000);
  const line = run.lines.find((text) => text.startsWith('{"started"'));
  if (run.code !== 0 || !line) throw new Error(`probe failed (${run.code}): ${run.lines.join('\n')}`);
  return JSON.parse(line) as Record<string, unknown>;
}

describe('tracing start-up', () => {
  it('with OTEL_EXPORTER_OTLP_ENDPOINT unset or empty starts nothing, loads no SDK and patches no module', async () => {
    const environments: Array<Record<string, string>> = [
      {},
      { OTEL_EXPORTER_OTLP_ENDPOINT: '' },
      { OTEL_EXPORTER_OTLP_ENDPOINT: '  ', OTEL_TRACES_SAMPLER: 'always_on' },
    ];
    for (const env of environments) {
      expect(await probe(env)).toEqual({
        started: false,
        provider: 'NoopTracerProvider',
        sdkLoaded: false,
        instrumentationLoaded: false,
        httpPatched: false,
        pgPatched: false,
      });
    }
  });

  it('with an endpoint starts the SDK before the app loads its modules, and patches them', async () => {
    // Nothing listens there: the probe exports nothing (no span is made) and its shutdown does not wait on it.
    expect(await probe({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9/', OTEL_SERVICE_NAME: 'renamed' })).toMatchObject({
      started: true,
      settings: { serviceName: 'renamed', tracesUrl: 'http://127.0.0.1:9/v1/traces', sampler: { name: 'parentbased_always_on' } },
      provider: 'TracerProvider',
      sdkLoaded: true,
      httpPatched: true,
      pgPatched: true,
    });
  });
});

describe('tracing settings', () => {
  it('is off without an endpoint and names the service after the app unless OTEL_SERVICE_NAME says otherwise', () => {
    expect(tracingSettings('race-content-api', {})).toBeUndefined();
    expect(
      tracingSettings('race-content-api', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBeUndefined();
    expect(tracingSettings('race-content-api', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' })).toEqual({
      serviceName: 'race-content-api',
      tracesUrl: 'http://c:4318/v1/traces',
      sampler: { name: 'parentbased_always_on', ratio: 1 },
      scheduleDelayMs: 5000,
      headers: {},
    });
    expect(
      tracingSettings('x', {
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/custom',
        OTEL_SERVICE_NAME: 'y',
        OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20t, x-tenant=a',
      }),
    ).toMatchObject({ serviceName: 'y', tracesUrl: 'http://c:4318/custom', headers: { authorization: 'Bearer t', 'x-tenant': 'a' } });
  });

  it('reads the sampler from OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG, falling back to parentbased_always_on', () => {
    expect(samplerFrom({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' })).toEqual({
      name: 'parentbased_traceidratio',
      ratio: 0.1,
    });
    expect(samplerFrom({ OTEL_TRACES_SAMPLER: 'ALWAYS_OFF' })).toEqual({ name: 'always_off', ratio: 1 });
    expect(samplerFrom({ OTEL_TRACES_SAMPLER: 'jaeger_remote' })).toEqual({ name: 'parentbased_always_on', ratio: 1 });
    expect(samplerFrom({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '2' })).toEqual({ name: 'traceidratio', ratio: 1 });
    expect(samplerOf({ name: 'parentbased_traceidratio', ratio: 0.25 }).toString()).toMatch(/ParentBased\{root=TraceIdRatioBased\{0\.25\}/);
    expect(samplerOf({ name: 'always_off', ratio: 1 }).toString()).toBe('AlwaysOffSampler');
    expect(samplerOf({ name: 'parentbased_always_on', ratio: 1 }).toString()).toMatch(/ParentBased\{root=AlwaysOnSampler/);
  });
});
