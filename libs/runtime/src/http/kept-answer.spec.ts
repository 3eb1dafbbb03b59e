import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { etagMatches, KeptAnswer, KeptAnswers } from './kept-answer';

describe('KeptAnswer', () => {
  const json = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ slotId: `s${i}`, startAt: '2030-01-07T09:00:00.000Z' })) });

  it('encodes each coding once, and every coding decodes to the same JSON', async () => {
    const counted: string[] = [];
    const answer = new KeptAnswer(json, (coding) => counted.push(coding));
    const [br, again, gz] = await Promise.all([answer.bytes('br'), answer.bytes('br'), answer.bytes('gzip')]);
    expect(again).toBe(br);
    expect(await answer.bytes('gzip')).toBe(gz);
    expect(counted).toEqual(['br', 'gzip']);
    expect(brotliDecompressSync(br).toString()).toBe(json);
    expect(gunzipSync(gz).toString()).toBe(json);
    expect((await answer.bytes('identity')).toString()).toBe(json);
    expect(br.length).toBeLessThan(json.length / 5);
  });

  it('derives a weak ETag from the bytes', () => {
    expect(new KeptAnswer(json).etag).toBe(new KeptAnswer(json).etag);
    expect(new KeptAnswer(json).etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(new KeptAnswer('{"data":[]}').etag).not.toBe(new KeptAnswer(json).etag);
  });
});

describe('etagMatches', () => {
  const etag = 'W/"abc"';
  it.each([
    [undefined, false],
    ['', false],
    ['W/"abc"', true],
    ['"abc"', true],
    ['"other", W/"abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['W/"ab"', false],
  ])('%j → %s', (header, matches) => expect(etagMatches(header, etag)).toBe(matches));
});

describe('KeptAnswers', () => {
  it('presents and serializes a value once, whichever request asks, and a new value again, even with equal content', async () => {
    const presented: number[][] = [];
    const kept = new KeptAnswers((list: number[]) => {
      presented.push(list);
      return { data: list };
    });
    const value = [1, 2, 3];
    const first = kept.answerFor(value);
    expect(kept.answerFor(value)).toBe(first);
    expect(first.json).toBe('{"data":[1,2,3]}');
    await Promise.all([first.bytes('br'), kept.answerFor(value).bytes('br')]);
    expect(kept.counts).toEqual({ serialized: 1, br: 1, gzip: 0 });

    const equal = kept.answerFor([1, 2, 3]);
    expect(equal).not.toBe(first);
    expect(equal.etag).toBe(first.etag);
    expect(presented).toHaveLength(2);
  });
});
