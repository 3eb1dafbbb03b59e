import { multipartParseProblem } from './multipart-errors';

describe('multipartParseProblem', () => {
  it('names the problem of each busboy parse error', () => {
    expect(multipartParseProblem(new Error('Unexpected end of multipart data'))).toBe(
      'The multipart body ended before its closing boundary',
    );
    expect(multipartParseProblem(new Error('Part terminated early due to unexpected end of multipart data'))).toBe(
      'The multipart body ended before its closing boundary',
    );
    expect(multipartParseProblem(new Error('Multipart: Boundary not found'))).toBe('The multipart content type names no boundary');
  });

  it('leaves every other error alone: other messages, errors with a code, non-errors', () => {
    expect(multipartParseProblem(new Error('connection refused'))).toBeUndefined();
    expect(multipartParseProblem(Object.assign(new Error('Unexpected end of multipart data'), { code: 'ECONNRESET' }))).toBeUndefined();
    expect(multipartParseProblem('Unexpected end of multipart data')).toBeUndefined();
  });
});
