import { finishingOrder, hasFinishingOrder, raceFacts } from './race-result';

describe('finishingOrder', () => {
  it('keeps ranked entries in rank order', () => {
    const order = finishingOrder({
      entries: [
        { rank: 2, name: 'B', number: 7 },
        { rank: null, name: 'scratched' },
        { rank: 1, name: 'A', number: '3', time: '1:58.2' },
        { rank: 0, name: 'zero' },
        { rank: 1.5, name: 'fraction' },
        'garbage',
      ],
    });
    expect(order).toEqual([
      { rank: 1, name: 'A', number: '3', time: '1:58.2' },
      { rank: 2, name: 'B', number: 7, time: null },
    ]);
  });

  it('finds none in a void race or a result without entries', () => {
    expect(hasFinishingOrder({ entries: [{ name: 'A' }, { name: 'B', rank: 'DNF' }] })).toBe(false);
    expect(hasFinishingOrder({ race_id: 'x' })).toBe(false);
    expect(hasFinishingOrder({ entries: 'nope' })).toBe(false);
  });

  it('reads the descriptive fields, empty when absent or not text', () => {
    expect(raceFacts({ race_id: 'r1', race_name: '天皇賞', race_number: 11, weather: '晴' })).toEqual({
      raceId: 'r1',
      raceDate: '',
      trackName: '',
      raceNumber: '',
      raceName: '天皇賞',
      weather: '晴',
    });
  });
});
