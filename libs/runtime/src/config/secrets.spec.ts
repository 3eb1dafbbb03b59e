import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { baseEnvSchema } from './env';
import { loadConfig } from './load-config';
import { allowsWeakSecrets, estimatedBits, isKnownPlaceholder, refuseWeakSecrets, secretProblem } from './secrets';

describe('secrets outside development', () => {
  it.each([
    'compose-only-secret-change-me-0123456789',
    'change-me-to-at-least-32-random-characters',
    'CHANGEME',
    'change_me',
    'replace-me-with-a-real-key',
    'placeholder-secret-0123456789abcdef',
    'your-secret-here-0123456789abcdefghij',
    '<jwt secret>',
    'secret',
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  ])('knows %s for a placeholder', (value) => {
    expect(isKnownPlaceholder(value)).toBe(true);
    expect(secretProblem(value, 'credential')).toMatch(/^a known placeholder/);
  });

  it('estimates repeats and short alphabets low, random strings high', () => {
    expect(estimatedBits('x'.repeat(32))).toBe(0);
    expect(estimatedBits('ab'.repeat(16))).toBe(32);
    expect(estimatedBits('')).toBe(0);
    expect(estimatedBits(randomBytes(32).toString('base64url'))).toBeGreaterThan(170);
  });

  it('takes 32 random bytes (base64 or hexadecimal) as a signing key, and refuses less', () => {
    // Many draws: random keys of these sizes estimate well above the thresholds (the least of 100,000 draws: about 180 and 73 bits).
    for (let i = 0; i < 2000; i++) {
      expect(secretProblem(randomBytes(32).toString('base64url'), 'signing-key')).toBeUndefined();
      expect(secretProblem(randomBytes(32).toString('base64'), 'signing-key')).toBeUndefined();
      expect(secretProblem(randomBytes(32).toString('hex'), 'signing-key')).toBeUndefined();
      expect(secretProblem(randomBytes(16).toString('base64url'), 'api-key')).toBeUndefined();
    }
    expect(secretProblem('ab'.repeat(32), 'signing-key')).toMatch(/^too little entropy: about 64 bits, at least 160 needed/);
    expect(secretProblem('MyCompanyProductionJwtSecret2024!', 'signing-key')).toMatch(/^too little entropy/);
    expect(secretProblem('0123456789abcdef0123456789abcdef', 'signing-key')).toMatch(/^too little entropy/);
    expect(secretProblem('aaaaaaaaaaaaaaaaaaab', 'api-key')).toMatch(/^too little entropy/);
    // A credential another party issued is refused only when it is a placeholder.
    expect(secretProblem('sk-short', 'credential')).toBeUndefined();
  });

  it('allows weak secrets only where NODE_ENV says development or test, explicitly', () => {
    expect(allowsWeakSecrets('development')).toBe(true);
    expect(allowsWeakSecrets('test')).toBe(true);
    expect(allowsWeakSecrets('production')).toBe(false);
    expect(allowsWeakSecrets(undefined)).toBe(false);
  });

  describe('in an app schema', () => {
    const schema = baseEnvSchema
      .extend({ JWT_SECRET: z.string().min(32), API_KEY: z.string().optional() })
      .superRefine(refuseWeakSecrets({ JWT_SECRET: 'signing-key', API_KEY: 'api-key' }));
    const strong = randomBytes(32).toString('base64url');

    it('stops the start with one line naming each weak secret when NODE_ENV is unset or production', () => {
      for (const NODE_ENV of [undefined, 'production']) {
        expect(() =>
          loadConfig(schema, { NODE_ENV, JWT_SECRET: 'compose-only-secret-change-me-0123456789', API_KEY: 'a'.repeat(20) }),
        ).toThrow(
          /^Invalid configuration: JWT_SECRET is invalid \(a known placeholder[^;]*; NODE_ENV is not development\); API_KEY is invalid \(too little entropy/,
        );
      }
      expect(loadConfig(schema, { JWT_SECRET: strong, API_KEY: randomBytes(16).toString('base64url') })).toMatchObject({
        NODE_ENV: 'production',
      });
    });

    it('lets an explicitly development or test app start with them', () => {
      for (const NODE_ENV of ['development', 'test']) {
        expect(loadConfig(schema, { NODE_ENV, JWT_SECRET: 'x'.repeat(32), API_KEY: 'change-me' })).toMatchObject({ NODE_ENV });
      }
    });
  });
});
