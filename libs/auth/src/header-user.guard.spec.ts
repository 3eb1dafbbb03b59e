import { readHeaderUser } from './header-user.guard';

describe('readHeaderUser', () => {
  it('reads both headers, folding the email to lower case', () => {
    expect(readHeaderUser({ 'x-user-email': 'Hana@Example.com', 'x-user-name': 'Hana' })).toEqual({
      email: 'hana@example.com',
      name: 'Hana',
    });
  });

  it('decodes percent-encoded names (a display name, not an identity)', () => {
    expect(readHeaderUser({ 'x-user-email': 'y@example.com', 'x-user-name': '%E5%B1%B1%E7%94%B0' })?.name).toBe('山田');
  });

  it('keeps a name that only looks percent-encoded', () => {
    expect(readHeaderUser({ 'x-user-email': 'y@example.com', 'x-user-name': '100%EE' })?.name).toBe('100%EE');
  });

  it('never decodes the email: a percent-encoded address is refused, not read as another user', () => {
    expect(readHeaderUser({ 'x-user-email': 'x%2Dy@example.com', 'x-user-name': 'X' })).toBeUndefined();
    expect(readHeaderUser({ 'x-user-email': 'x-y@example.com', 'x-user-name': 'X' })).toEqual({ email: 'x-y@example.com', name: 'X' });
  });

  it.each([
    [{}],
    [{ 'x-user-email': 'a@example.com' }],
    [{ 'x-user-name': 'A' }],
    [{ 'x-user-email': 'not-an-email', 'x-user-name': 'A' }],
    [{ 'x-user-email': 'a b@example.com', 'x-user-name': 'A' }],
    [{ 'x-user-email': ' a@example.com', 'x-user-name': 'A' }],
    [{ 'x-user-email': 'a\u0000@example.com', 'x-user-name': 'A' }],
    [{ 'x-user-email': 'a%40b.example@example.com', 'x-user-name': 'A' }],
    [{ 'x-user-email': 'a@example.com', 'x-user-name': '   ' }],
    [{ 'x-user-email': 'a@example.com', 'x-user-name': 'A%0AB' }],
    [{ 'x-user-email': ['a@example.com'], 'x-user-name': 'A' }],
  ])('refuses %p', (headers) => {
    expect(readHeaderUser(headers)).toBeUndefined();
  });
});
