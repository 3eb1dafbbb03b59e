import { checkFacts, statedPlacings } from './fact-check';

const raceResult = {
  entries: [
    { rank: 1, name: 'ハヤテノカゼ' },
    { rank: 2, name: 'サクラブライト' },
    { rank: 3, name: 'ミッドナイトラン' },
    { rank: 4, name: 'サクラ' },
    { rank: null, name: 'ナイトメア' },
  ],
};
const names = raceResult.entries.map((e) => e.name);

describe('statedPlacings', () => {
  it('reads a rank stated before or after a name, clause by clause', () => {
    expect(statedPlacings('1着 ハヤテノカゼ（7番）\n2着 サクラブライト', names)).toEqual([
      { rank: 1, name: 'ハヤテノカゼ' },
      { rank: 2, name: 'サクラブライト' },
    ]);
    expect(statedPlacings('ハヤテノカゼが1着でゴール、サクラブライトは2着。3着はミッドナイトラン。', names)).toEqual([
      { rank: 1, name: 'ハヤテノカゼ' },
      { rank: 2, name: 'サクラブライト' },
      { rank: 3, name: 'ミッドナイトラン' },
    ]);
  });

  it('takes winner words for 1着, matches the longer name, reads full-width digits and skips negated clauses', () => {
    expect(statedPlacings('ハヤテノカゼが天皇賞を制した', names)).toEqual([{ rank: 1, name: 'ハヤテノカゼ' }]);
    expect(statedPlacings('サクラブライトは２着', names)).toEqual([{ rank: 2, name: 'サクラブライト' }]);
    expect(statedPlacings('サクラブライトは勝利を逃した', names)).toEqual([]);
    expect(statedPlacings('1番人気の支持に応えた', names)).toEqual([]);
    expect(statedPlacings('2着 サクラブライト（11番） タイム 1:57.0 着差 1 1/4 単勝 4.1倍', names)).toEqual([
      { rank: 2, name: 'サクラブライト' },
    ]);
  });
});

describe('checkFacts', () => {
  it('passes a text whose stated placings agree, recording expected and found', () => {
    const check = checkFacts('ハヤテノカゼが優勝。2着 サクラブライト', raceResult, 42);
    expect(check).toEqual({
      checked_at: 42,
      expected: [
        { rank: 1, name: 'ハヤテノカゼ' },
        { rank: 2, name: 'サクラブライト' },
        { rank: 3, name: 'ミッドナイトラン' },
      ],
      found: [
        { rank: 1, name: 'ハヤテノカゼ' },
        { rank: 2, name: 'サクラブライト' },
      ],
      ok: true,
    });
  });

  it('fails a wrong winner, a wrong placing, and a text that never names the winner', () => {
    expect(checkFacts('サクラブライトが優勝', raceResult)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('サクラブライト at 1着'),
    });
    expect(checkFacts('ハヤテノカゼが1着、ナイトメアが3着', raceResult).ok).toBe(false);
    expect(checkFacts('見応えのあるレースでした', raceResult)).toMatchObject({ ok: false, reason: expect.stringContaining('winner') });
  });

  it('accepts either name of a dead heat at its rank', () => {
    const deadHeat = {
      entries: [
        { rank: 1, name: 'A馬' },
        { rank: 1, name: 'B馬' },
        { rank: 3, name: 'C馬' },
      ],
    };
    expect(checkFacts('1着 A馬、1着 B馬、3着 C馬', deadHeat).ok).toBe(true);
    expect(checkFacts('B馬が優勝', deadHeat).ok).toBe(true);
    expect(checkFacts('C馬が2着', deadHeat).ok).toBe(false);
  });
});
