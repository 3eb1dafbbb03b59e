/**
 * Tracing settings from the standard OpenTelemetry environment variables. Read without loading any OpenTelemetry
 * package: when no endpoint is set, tracing stays off and nothing is loaded or patched.
 */
export interface TracingSettings {
  serviceName: string;
  /** Where spans are posted (OTLP over HTTP, JSON): `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`. */
  tracesUrl: string;
  sampler: SamplerSetting;
  /** How long finished spans wait before a batch is exported (OTEL_BSP_SCHEDULE_DELAY; 5 s by default). */
  scheduleDelayMs: number;
  /** Extra headers on every export (OTEL_EXPORTER_OTLP_HEADERS: `key=value,key2=value2`). */
  headers: Record<string, string>;
}

export type SamplerName =
  'always_on' | 'always_off' | 'traceidratio' | 'parentbased_always_on' | 'parentbased_always_off' | 'parentbased_traceidratio';

export interface SamplerSetting {
  name: SamplerName;
  /** The ratio of the `traceidratio` samplers, 0 to 1. */
  ratio: number;
}

const SAMPLERS: readonly SamplerName[] = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
];

type Env = Record<string, string | undefined>;

/** The settings, or undefined when OTEL_EXPORTER_OTLP_ENDPOINT (or its traces variant) is unset or empty. */
export function tracingSettings(service: string, env: Env = process.env): TracingSettings | undefined {
  const tracesEndpoint = value(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  const endpoint = value(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  if (!tracesEndpoint && !endpoint) return undefined;
  if (value(env.OTEL_SDK_DISABLED)?.toLowerCase() === 'true') return undefined;
  return {
    serviceName: value(env.OTEL_SERVICE_NAME) ?? service,
    // The signal-specific variable is used as it is; the general one gets the signal's path (OTLP exporter spec).
    tracesUrl: tracesEndpoint ?? `${endpoint!.replace(/(?<!\/)\/+$/, '')}/v1/traces`,
    sampler: samplerFrom(env),
    scheduleDelayMs: nonNegativeInt(env.OTEL_BSP_SCHEDULE_DELAY) ?? 5000,
    headers: headersFrom(value(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS) ?? value(env.OTEL_EXPORTER_OTLP_HEADERS)),
  };
}

/** OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG; an unknown name or a bad ratio falls back to the default, as the spec asks. */
export function samplerFrom(env: Env): SamplerSetting {
  const raw = value(env.OTEL_TRACES_SAMPLER)?.toLowerCase();
  const name = SAMPLERS.find((known) => known === raw) ?? 'parentbased_always_on';
  const arg = Number(value(env.OTEL_TRACES_SAMPLER_ARG) ?? '1');
  return { name, ratio: Number.isFinite(arg) && arg >= 0 && arg <= 1 ? arg : 1 };
}

function headersFrom(raw: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (raw ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    headers[decodeURIComponent(pair.slice(0, at).trim())] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return headers;
}

function nonNegativeInt(raw: string | undefined): number | undefined {
  const parsed = Number(value(raw));
  return value(raw) !== undefined && Number.isInteger(parsed) && parsed >= 0 ? parsed : undefined;
}

/** An empty value means unset (a ConfigMap entry of "" selects the default). */
function value(raw: string | undefined): string | undefined {
  const trimmed = raw?.trim();
  return trimmed ? trimmed : undefined;
}
