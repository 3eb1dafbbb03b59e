import { z } from 'zod';

/** Thrown when the environment does not satisfy an app's schema; its message is one line naming each bad variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type EnvSource = Record<string, string | undefined>;

/**
 * Validates the environment once at boot and returns the typed config object.
 * Nothing else in an app reads process.env: everything goes through here.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: EnvSource = process.env): z.infer<S> {
  // An empty value means unset (a ConfigMap entry of "" must not fail a URL check, it means "use the default").
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(given);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const variable = issue.path.join('.') || '(environment)';
    const given = issue.path.length === 1 ? env[String(issue.path[0])] : undefined;
    const missing = given === undefined || given === '';
    if (missing) return issue.code === 'custom' ? `${variable} is missing (${issue.message})` : `${variable} is missing`;
    return `${variable} is invalid (${issue.message})`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}
