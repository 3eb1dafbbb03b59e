import { parseInstant } from './date-time';

describe('parseInstant', () => {
  it('reads date-times with an offset', () => {
    expect(parseInstant('2027-01-10T10:00:00+09:00')?.toISOString()).toBe('2027-01-10T01:00:00.000Z');
    expect(parseInstant('2027-01-10T01:00Z')?.toISOString()).toBe('2027-01-10T01:00:00.000Z');
    expect(parseInstant('2027-01-10T01:00:00.123Z')?.toISOString()).toBe('2027-01-10T01:00:00.123Z');
  });

  it('refuses texts without an offset or naming no real time', () => {
    for (const text of ['2027-01-10T10:00:00', '2027-13-01T00:00Z', '2027-02-30T00:00Z', '2027-01-10T24:00Z', 'tomorrow', '']) {
      expect(parseInstant(text)).toBeUndefined();
    }
  });
});
