import { readHeaderUser } from './header-user.guard';

describe('readHeaderUser', () => {
  it('reads both headers, lower-casing the email', () => {
    expect(readHeaderUser({ 'x-user-email': ' Hana@Example.com ', 'x-user-name': 'Hana' })).toEqual({
      email: 'hana@example.com',
      name: 'Hana',
    });
  });

  it('decodes percent-encoded names', () => {
    expect(readHeaderUser({ 'x-user-email': 'y@example.com', 'x-user-name': '%E5%B1%B1%E7%94%B0' })?.name).toBe('山田');
  });

  it('keeps a value that only looks percent-encoded', () => {
    expect(readHeaderUser({ 'x-user-email': 'y@example.com', 'x-user-name': '100%EE' })?.name).toBe('100%EE');
  });

  it.each([
    [{}],
    [{ 'x-user-email': 'a@example.com' }],
    [{ 'x-user-name': 'A' }],
    [{ 'x-user-email': 'not-an-email', 'x-user-name': 'A' }],
    [{ 'x-user-email': 'a@example.com', 'x-user-name': '   ' }],
    [{ 'x-user-email': ['a@example.com'], 'x-user-name': 'A' }],
  ])('refuses %p', (headers) => {
    expect(readHeaderUser(headers)).toBeUndefined();
  });
});
