import { responseCoding } from './compression';

describe('responseCoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['br, gzip', 'br'],
    ['gzip, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['BR;Q=0.2, GZIP;q=0.9', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'gzip'],
    ['x-gzip', 'gzip'],
  ])('%j → %s', (header, coding) => {
    expect(responseCoding(header)).toBe(coding);
  });

  it('takes no list of headers for one', () => {
    expect(responseCoding(['br', 'gzip'])).toBe('identity');
  });
});
