import type { IncomingMessage, ServerResponse } from 'node:http';
import { assignRequestId } from './request-id';

function exchange(header?: string) {
  const headers: Record<string, string> = {};
  const req = { headers: header === undefined ? {} : { 'x-request-id': header } } as unknown as IncomingMessage;
  const res = { setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as ServerResponse;
  return { id: assignRequestId(req, res), echoed: headers['x-request-id'] };
}

describe('assignRequestId', () => {
  it('keeps a plain caller id and echoes it', () => {
    expect(exchange('abc-123_x.y:z')).toEqual({ id: 'abc-123_x.y:z', echoed: 'abc-123_x.y:z' });
  });

  it.each([undefined, '', 'has space', 'x'.repeat(129), 'line\nbreak', '{"json":1}'])('mints a uuid instead of %p', (given) => {
    const { id, echoed } = exchange(given);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(echoed).toBe(id);
  });
});
