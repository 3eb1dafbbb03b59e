import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { EncodedAnswer, etagMatches } from './encoded-answer';

describe('EncodedAnswer', () => {
  const json = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ slotId: `s${i}`, startAt: '2030-01-07T09:00:00.000Z' })) });

  it('encodes each coding once, and every coding decodes to the same JSON', async () => {
    const counted: string[] = [];
    const answer = new EncodedAnswer(json, (coding) => counted.push(coding));
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
    expect(new EncodedAnswer(json).etag).toBe(new EncodedAnswer(json).etag);
    expect(new EncodedAnswer(json).etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(new EncodedAnswer('{"data":[]}').etag).not.toBe(new EncodedAnswer(json).etag);
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
