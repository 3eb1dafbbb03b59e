import { BODY_AS_BYTES_FROM_CHARS, bodyToSend } from './serialized-body';

describe('bodyToSend', () => {
  it('keeps a short body a string', () => {
    const json = JSON.stringify({ data: 'x'.repeat(100) });
    expect(bodyToSend(json)).toBe(json);
  });

  it('sends a long body as its UTF-8 bytes, multi-byte characters and all', () => {
    let json = '{"data":[';
    for (let i = 0; json.length < BODY_AS_BYTES_FROM_CHARS; i++) json += `"設問 ${i} について 😀",`;
    json += '""]}';
    const body = bodyToSend(json);
    expect(Buffer.isBuffer(body)).toBe(true);
    expect((body as Buffer).length).toBe(Buffer.byteLength(json));
    expect((body as Buffer).toString('utf8')).toBe(json);
  });

  it('switches to bytes at the threshold', () => {
    expect(typeof bodyToSend('a'.repeat(BODY_AS_BYTES_FROM_CHARS - 1))).toBe('string');
    expect(Buffer.isBuffer(bodyToSend('a'.repeat(BODY_AS_BYTES_FROM_CHARS)))).toBe(true);
  });
});
