import { z } from 'zod';
import { baseEnvSchema, env } from './env';
import { ConfigError, loadConfig } from './load-config';

const schema = baseEnvSchema.extend({
  PORT: env.port(3000),
  DATABASE_URL: env.url(['postgres', 'postgresql']),
  JWT_SECRET: env.secret(32),
  PROTOTYPE_MODE: env.flag(true),
  ADMINS: env.list(),
});

describe('loadConfig', () => {
  const valid = { DATABASE_URL: 'postgres://u@localhost:5432/db', JWT_SECRET: 'x'.repeat(32) };

  it('returns typed values with defaults applied', () => {
    const config = loadConfig(schema, { ...valid, ADMINS: ' a@x.com, ,b@x.com ' });
    expect(config).toMatchObject({ PORT: 3000, PROTOTYPE_MODE: true, LOG_LEVEL: 'info', ADMINS: ['a@x.com', 'b@x.com'] });
  });

  it('parses flags and ports', () => {
    expect(loadConfig(schema, { ...valid, PROTOTYPE_MODE: 'false', PORT: '8081' })).toMatchObject({ PROTOTYPE_MODE: false, PORT: 8081 });
  });

  it("takes OpenTelemetry's tracing variables, empty meaning off, and refuses a sampler or ratio it does not know", () => {
    expect(loadConfig(schema, { ...valid, OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_TRACES_SAMPLER: '' })).not.toHaveProperty(
      'OTEL_EXPORTER_OTLP_ENDPOINT',
    );
    expect(
      loadConfig(schema, {
        ...valid,
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.1',
      }),
    ).toMatchObject({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: 0.1 });
    expect(() => loadConfig(schema, { ...valid, OTEL_TRACES_SAMPLER: 'sometimes', OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(
      /OTEL_TRACES_SAMPLER is invalid .*OTEL_TRACES_SAMPLER_ARG is invalid/,
    );
  });

  it('names a missing variable in one line', () => {
    expect(() => loadConfig(schema, { JWT_SECRET: 'x'.repeat(32) })).toThrow(
      new ConfigError('Invalid configuration: DATABASE_URL is missing'),
    );
  });

  it('names every bad variable with the reason, on one line', () => {
    let message = '';
    try {
      loadConfig(schema, { DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', PORT: '70000', PROTOTYPE_MODE: 'yes' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).not.toContain('\n');
    expect(message).toMatch(/^Invalid configuration: /);
    for (const variable of [
      'DATABASE_URL is invalid (must be a postgres or postgresql URL)',
      'JWT_SECRET is invalid (must be at least 32 characters)',
      'PORT is invalid',
      'PROTOTYPE_MODE is invalid (must be true or false)',
    ]) {
      expect(message).toContain(variable);
    }
  });

  it('treats an empty value as unset: missing when required, the default otherwise', () => {
    expect(() => loadConfig(z.object({ A: env.text() }), { A: '' })).toThrow('A is missing');
    expect(loadConfig(z.object({ B: env.url(['http']).optional(), C: env.port(80) }), { B: '', C: '' })).toEqual({ C: 80 });
  });
});
