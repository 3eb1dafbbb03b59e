import { median } from './bench-kit';

describe('median, as the benches keep it', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([5])).toBe(5);
  });

  it('is the mean of the two middle values of an even count: of two rounds, neither the best nor the worst', () => {
    expect(median([12, 8])).toBe(10);
    expect(median([1, 9, 3, 100])).toBe(6);
  });

  it('refuses no values rather than answering NaN', () => {
    expect(() => median([])).toThrow('the median of no values');
  });
});
