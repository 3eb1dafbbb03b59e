import { requestIdFor } from './request-id';

describe('requestIdFor', () => {
  it('keeps a plain caller id', () => {
    expect(requestIdFor('abc-123_x.y:z')).toBe('abc-123_x.y:z');
  });

  it.each([undefined, '', 'has space', 'x'.repeat(129), 'line\nbreak', '{"json":1}', ['a']])('mints a uuid instead of %p', (given) => {
    expect(requestIdFor(given)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
