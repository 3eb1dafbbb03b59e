import { expiresWithin, tokenExpiryMs } from './jwt';

const jwtWith = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`;

describe('token expiry', () => {
  it('reads exp in milliseconds, including base64url characters and missing padding', () => {
    expect(tokenExpiryMs(jwtWith({ exp: 1_800_000_000, name: '??>>~~' }))).toBe(1_800_000_000_000);
    expect(tokenExpiryMs(jwtWith({ exp: 1_800_000_000, n: 'a' }))).toBe(1_800_000_000_000);
  });

  it('knows nothing of tokens that are not JWTs with a numeric exp', () => {
    expect(tokenExpiryMs('opaque-token')).toBeUndefined();
    expect(tokenExpiryMs('a.!!!.b')).toBeUndefined();
    expect(tokenExpiryMs(jwtWith({ exp: '1800000000' }))).toBeUndefined();
    expect(tokenExpiryMs(jwtWith({ sub: '1' }))).toBeUndefined();
  });

  it('expires within the leeway, never without exp', () => {
    const token = jwtWith({ exp: 1000 });
    expect(expiresWithin(token, 30_000, 969_999)).toBe(false);
    expect(expiresWithin(token, 30_000, 970_000)).toBe(true);
    expect(expiresWithin(token, 0, 1_000_001)).toBe(true);
    expect(expiresWithin('opaque', 30_000, Number.MAX_SAFE_INTEGER)).toBe(false);
  });
});
