import { ApiError, apiErrorOf } from './errors';

const answer = (status: number, body: string, headers: Record<string, string> = {}) => new Response(body, { status, headers });

describe('reading error answers', () => {
  it("reads each service's body: code, message, details and request id under error", async () => {
    const recruiting = JSON.stringify({
      success: false,
      status: 'error',
      statusCode: 400,
      error: { code: 'VALIDATION_FAILED', message: 'bad', details: [{ field: 'limit', message: 'too big' }], requestId: 'body-id' },
    });
    expect(await apiErrorOf(answer(400, recruiting, { 'x-request-id': 'header-id' }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'bad',
      details: [{ field: 'limit', message: 'too big' }],
      requestId: 'body-id',
    });
    const builder = JSON.stringify({ ok: false, error: { code: 'USER_NOT_FOUND', message: 'no user' } });
    expect(await apiErrorOf(answer(404, builder, { 'x-request-id': 'header-id' }))).toMatchObject({
      code: 'USER_NOT_FOUND',
      requestId: 'header-id',
    });
    const race = JSON.stringify({ error: { code: 'NAME_TAKEN', message: 'taken' } });
    expect(await apiErrorOf(answer(409, race), 'sent-id')).toMatchObject({ status: 409, code: 'NAME_TAKEN', requestId: 'sent-id' });
  });

  it("names a proxy's answer without a service body by its status", async () => {
    const error = await apiErrorOf(answer(502, '<html>Bad Gateway</html>', { 'content-type': 'text/html' }), 'sent-id');
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'BAD_GATEWAY', message: 'HTTP 502', requestId: 'sent-id', details: [] });
    expect(await apiErrorOf(answer(418, ''))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await apiErrorOf(answer(507, '{}'))).toMatchObject({ code: 'INTERNAL_ERROR' });
  });

  it('narrows by code', async () => {
    const error = await apiErrorOf(answer(404, JSON.stringify({ error: { code: 'NOT_FOUND', message: 'x' } })));
    expect(ApiError.is(error)).toBe(true);
    expect(ApiError.is(error, 'NOT_FOUND', 'CONFLICT')).toBe(true);
    expect(ApiError.is(error, 'CONFLICT')).toBe(false);
    expect(ApiError.is(new Error('x'))).toBe(false);
  });
});
