import { isPlainEmail, plainEmail } from './email';

describe('plain email addresses', () => {
  it.each([
    'a@example.com',
    'Alice.Smith@Example.COM',
    "o'brien+tag@mail.example.co.jp",
    'x-y@example.com',
    'first_last=1{a}|b~c@sub-domain.example.org',
    'import-bot@survey-builder.internal',
    `${'l'.repeat(64)}@example.com`,
    `a@${'d'.repeat(63)}.example.com`,
  ])('accepts %s', (email) => {
    expect(isPlainEmail(email)).toBe(true);
  });

  it.each([
    ['a percent sign', 'x%2Dy@example.com'],
    ['a percent-encoded at sign', 'x%40evil.example@example.com'],
    ['a space', 'a b@example.com'],
    ['a leading space', ' a@example.com'],
    ['a tab', 'a\t@example.com'],
    ['a line break', 'a@example.com\r\nx-user-name: admin'],
    ['a NUL', 'a\u0000@example.com'],
    ['a DEL', 'a\u007f@example.com'],
    ['a non-ASCII letter', 'ä@example.com'],
    ['a fullwidth at sign', 'a＠example.com'],
    ['two at signs', 'a@b@example.com'],
    ['no at sign', 'example.com'],
    ['an empty local part', '@example.com'],
    ['an empty domain', 'a@'],
    ['a one-label domain', 'a@localhost'],
    ['a leading dot', '.a@example.com'],
    ['a trailing dot in the local part', 'a.@example.com'],
    ['two dots', 'a..b@example.com'],
    ['a trailing dot in the domain', 'a@example.com.'],
    ['a hyphen at a label edge', 'a@-example.com'],
    ['an underscore in the domain', 'a@ex_ample.com'],
    ['a quoted local part', '"a b"@example.com'],
    ['a comment', 'a(comment)@example.com'],
    ['an address literal', 'a@[127.0.0.1]'],
    ['angle brackets', '<a@example.com>'],
    ['a comma', 'a@example.com,b@example.com'],
    ['a 65-character local part', `${'l'.repeat(65)}@example.com`],
    ['a 64-character label', `a@${'d'.repeat(64)}.com`],
    ['more than 254 characters', `a@${'d.'.repeat(127)}com`],
    ['nothing', ''],
  ])('refuses %s', (_, email) => {
    expect(isPlainEmail(email)).toBe(false);
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, ['a@example.com'], { email: 'a@example.com' }]) expect(isPlainEmail(value)).toBe(false);
  });

  it('folds a plain address to lower case and alters nothing else', () => {
    expect(plainEmail('Alice.Smith@Example.COM')).toBe('alice.smith@example.com');
    expect(plainEmail('x%2Dy@example.com')).toBeUndefined();
    expect(plainEmail(' a@example.com ')).toBeUndefined();
  });
});
