import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RACING_TYPES } from '../jobs/jobs';
import { finishingOrder, hasFinishingOrder } from './race-result';

const FIXTURES = join(__dirname, '../../fixtures');
const read = (type: string, file: string) => JSON.parse(readFileSync(join(FIXTURES, type, file), 'utf8')) as Record<string, unknown>;

describe('sample race files (fixtures/)', () => {
  it.each(RACING_TYPES)('%s has a normal race with its prediction, a dead heat and a void race', (type) => {
    const files = readdirSync(join(FIXTURES, type)).sort();
    const results = files.filter((f) => !f.endsWith('.prediction.json'));
    const predictions = files.filter((f) => f.endsWith('.prediction.json'));
    expect(results).toHaveLength(3);
    expect(predictions).toHaveLength(1);
    for (const file of files) expect(file).toMatch(/^\d{4}-\d{2}-\d{2}_/);

    const ordered = results.map((f) => read(type, f)).filter(hasFinishingOrder);
    expect(ordered).toHaveLength(2);
    const deadHeat = ordered.find((r) => {
      const ranks = finishingOrder(r).map((e) => e.rank);
      return new Set(ranks).size < ranks.length;
    });
    expect(deadHeat).toBeDefined();
    const ids = results.map((f) => read(type, f).race_id);
    expect(new Set(ids).size).toBe(3);

    const prediction = read(type, predictions[0]);
    expect(ids).toContain(prediction.race_id);
    expect(Array.isArray(prediction.entries)).toBe(true);
  });

  it('gives every ranked entry a number, a name and a time', () => {
    for (const type of RACING_TYPES) {
      for (const file of readdirSync(join(FIXTURES, type)).filter((f) => !f.endsWith('.prediction.json'))) {
        for (const entry of finishingOrder(read(type, file))) {
          expect(entry.name).not.toBe('');
          expect(entry.number).not.toBeNull();
          expect(entry.time).not.toBeNull();
        }
      }
    }
  });
});
