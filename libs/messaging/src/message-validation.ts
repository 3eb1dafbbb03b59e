import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * Turns a plain payload into its message class and validates it. No HTTP pipe sees queue messages, so
 * both ends check them: publishers strictly (unknown fields are a bug), consumers leniently (a newer
 * publisher may add fields).
 */
export async function toMessage<T extends object>(type: new () => T, payload: unknown, mode: 'strict' | 'lenient'): Promise<Parsed<T>> {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { ok: false, reason: 'payload is not a JSON object' };
  }
  const value = plainToInstance(type, payload);
  const errors = await validate(value, { whitelist: true, forbidNonWhitelisted: mode === 'strict' });
  if (errors.length === 0) return { ok: true, value };
  const fields = errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? { invalid: 'invalid' }).join(', ')}`);
  return { ok: false, reason: fields.join('; ') };
}

export function decodeJson(content: Buffer): unknown {
  try {
    return JSON.parse(content.toString('utf8'));
  } catch {
    return undefined;
  }
}
