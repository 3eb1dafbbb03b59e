import { Readable } from 'node:stream';
import { peekStream } from './peek-stream';

async function collect(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('peekStream', () => {
  it('gives the head and the whole stream, head included', async () => {
    const chunks = ['ab', 'cdef', 'ghij', 'k'].map((s) => Buffer.from(s));
    const { head, body } = await peekStream(Readable.from(chunks), 5);
    expect(head.toString()).toBe('abcde');
    expect((await collect(body)).toString()).toBe('abcdefghijk');
  });

  it('handles streams shorter than the head, and empty ones', async () => {
    const short = await peekStream(Readable.from([Buffer.from('xy')]), 10);
    expect(short.head.toString()).toBe('xy');
    expect((await collect(short.body)).toString()).toBe('xy');
    const empty = await peekStream(Readable.from([]), 10);
    expect(empty.head.length).toBe(0);
    expect((await collect(empty.body)).length).toBe(0);
  });

  it('passes on an error of the stream after the head', async () => {
    async function* failing() {
      yield Buffer.from('0123456789');
      throw new Error('too large');
    }
    const { head, body } = await peekStream(failing(), 4);
    expect(head.toString()).toBe('0123');
    await expect(collect(body)).rejects.toThrow('too large');
  });
});
