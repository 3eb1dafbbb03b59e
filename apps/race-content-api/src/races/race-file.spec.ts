import { raceIdOf, raceNameOf, readPredictionFile, readRaceFile } from './race-file';

describe('race files', () => {
  it('reads the race_id as text, an integer as its digits', () => {
    expect(raceIdOf({ race_id: '2026-11-01-tokyo-11' })).toBe('2026-11-01-tokyo-11');
    expect(raceIdOf({ race_id: 202611010511 })).toBe('202611010511');
    expect(raceIdOf({ race_id: '' })).toBeUndefined();
    expect(raceIdOf({ race_id: '../etc' })).toBeUndefined();
    expect(raceIdOf({ race_id: 'a/b' })).toBeUndefined();
    expect(raceIdOf({ race_id: 1.5 })).toBeUndefined();
    expect(raceIdOf({ race_id: { $ne: null } })).toBeUndefined();
    expect(raceIdOf({})).toBeUndefined();
  });

  it('names a race after its file without .json', () => {
    expect(raceNameOf('2026-11-01_東京11R_天皇賞.json')).toBe('2026-11-01_東京11R_天皇賞');
    expect(raceNameOf('result.JSON')).toBe('result');
    expect(raceNameOf('no-suffix')).toBe('no-suffix');
  });

  it('refuses a result without race_id, with an empty name, with NUL characters or nested too deep', () => {
    expect(readRaceFile({ race_id: 'r1', entries: [{ 'odds.win': 1, $x: [[1]] }] }, 'r1.json')).toEqual({ raceId: 'r1', name: 'r1' });
    expect(() => readRaceFile({ race_name: 'x' }, 'r1.json')).toThrow(/race_id/);
    expect(() => readRaceFile({ race_id: 'r1' }, '.json')).toThrow(/file name/);
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(() => readRaceFile({ race_id: 'r1', deep }, 'r1.json')).toThrow(/deeper than 32/);
    expect(() => readRaceFile({ race_id: 'r1', note: 'a\u0000b' }, 'r1.json')).toThrow(/NUL/);
  });

  it('needs race_id and entries in a prediction', () => {
    expect(readPredictionFile({ race_id: 'r1', entries: [] })).toEqual({ raceId: 'r1' });
    expect(() => readPredictionFile({ race_id: 'r1' })).toThrow(/entries/);
    expect(() => readPredictionFile({ entries: [] })).toThrow(/race_id/);
  });
});
