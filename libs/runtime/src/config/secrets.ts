import type { z } from 'zod';

/**
 * What a secret is, which sets how it is judged:
 * - `signing-key`: a key the platform signs and verifies with (JWT_SECRET, HS256): a known placeholder, or an
 *   estimated entropy under 160 bits, is refused (RFC 7518 asks for a 256-bit key; 32 random bytes in base64 or 64
 *   hexadecimal digits estimate above 175 bits);
 * - `api-key`: a key the platform checks callers' requests against: a known placeholder, or under 64 bits;
 * - `credential`: a credential another party issued and checks (a provider's API key, a client secret): only a known
 *   placeholder is refused, its form being the issuer's.
 */
export type SecretKind = 'signing-key' | 'api-key' | 'credential';

export const SECRET_MIN_BITS: Record<SecretKind, number> = { 'signing-key': 160, 'api-key': 64, credential: 0 };

/** What the repository's examples and the usual templates put where a secret goes. */
const PLACEHOLDERS = [
  /change[-_ ]?me/i,
  /changeit/i,
  /replace[-_ ]?me/i,
  /placeholder/i,
  /your[-_ ]?(own[-_ ]?)?(secret|key|token|password)/i,
  /^<.*>$/,
  /^(secret|password|default|example|x+|\*+)$/i,
];

export function isKnownPlaceholder(value: string): boolean {
  return PLACEHOLDERS.some((pattern) => pattern.test(value));
}

/**
 * The entropy a secret shows, in bits: its length times the Shannon entropy of its characters' frequencies. A
 * conservative estimate for random strings (it never exceeds what the characters could carry) that is low for
 * repeats, short alphabets and short values: 'x' × 32 is 0 bits, 'ab' × 16 is 32.
 */
export function estimatedBits(value: string): number {
  const counts = new Map<string, number>();
  const characters = [...value];
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  let perCharacter = 0;
  for (const count of counts.values()) {
    const p = count / characters.length;
    perCharacter -= p * Math.log2(p);
  }
  return perCharacter * characters.length;
}

/** Why this value may not serve as a secret of that kind outside development; undefined when it may. */
export function secretProblem(value: string, kind: SecretKind): string | undefined {
  if (isKnownPlaceholder(value)) return 'a known placeholder: set a secret of your own';
  const bits = estimatedBits(value);
  const needed = SECRET_MIN_BITS[kind];
  if (bits < needed) {
    return `too little entropy: about ${Math.floor(bits)} bits, at least ${needed} needed (e.g. openssl rand -base64 32)`;
  }
  return undefined;
}

/**
 * Whether the app runs where weak secrets are allowed: only when NODE_ENV says `development` or `test` explicitly.
 * The schema's default is `production`, so an app started without it is checked as a deployed one.
 */
export const allowsWeakSecrets = (nodeEnv: string | undefined): boolean => nodeEnv === 'development' || nodeEnv === 'test';

/**
 * A schema refinement that refuses the named secrets when weak (secretProblem), unless NODE_ENV allows weak ones:
 * the app's start then stops with one line naming each variable (loadConfig), exit code 1.
 */
export function refuseWeakSecrets(secrets: Record<string, SecretKind>) {
  return (env: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    if (allowsWeakSecrets(env.NODE_ENV as string | undefined)) return;
    for (const [name, kind] of Object.entries(secrets)) {
      const value = env[name];
      if (typeof value !== 'string' || value === '') continue;
      const problem = secretProblem(value, kind);
      if (problem) ctx.addIssue({ code: 'custom', path: [name], message: `${problem}; NODE_ENV is not development` });
    }
  };
}
