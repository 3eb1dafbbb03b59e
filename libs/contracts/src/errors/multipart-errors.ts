/**
 * The parse errors of @fastify/busboy, which reads every multipart body, as the malformed input they are. They
 * carry no code (Nest's own multipart support matches them by message as well), and a streamed upload meets
 * them inside the handler, while it reads the file, so no interceptor sees them first.
 */
const PARSE_ERRORS: ReadonlyArray<[RegExp, string]> = [
  [/^Unexpected end of multipart data$/, 'The multipart body ended before its closing boundary'],
  [/ terminated early due to unexpected end of multipart data$/, 'The multipart body ended before its closing boundary'],
  [/^Multipart: Boundary not found$/, 'The multipart content type names no boundary'],
  [/^Malformed part header$/, 'A part of the multipart body has a malformed header'],
];

/** What is wrong with the body, when `error` is a multipart parse error; undefined for anything else. */
export function multipartParseProblem(error: unknown): string | undefined {
  if (!(error instanceof Error) || 'code' in error) return undefined;
  return PARSE_ERRORS.find(([pattern]) => pattern.test(error.message))?.[1];
}
