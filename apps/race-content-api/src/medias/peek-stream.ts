/**
 * Reads the first `bytes` of a stream (fewer when it is shorter) and hands back the whole stream as an async
 * iterable that starts with them: the head is read once, and nothing beyond it is buffered.
 */
export async function peekStream(stream: AsyncIterable<Uint8Array>, bytes: number): Promise<{ head: Buffer; body: AsyncIterable<Buffer> }> {
  const iterator = stream[Symbol.asyncIterator]();
  const read: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = Buffer.from(next.value);
    read.push(chunk);
    length += chunk.length;
  }
  const head = Buffer.concat(read, length).subarray(0, bytes);
  async function* body(): AsyncIterable<Buffer> {
    yield* read;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield Buffer.from(next.value);
    }
  }
  return { head, body: body() };
}
