import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorBodyFormat } from './error-body';

/**
 * Malformed HTTP (oversize headers, a broken request line) never reaches a route: answer in the service's
 * error body, then close once the answer is written.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex, errorBody: ErrorBodyFormat): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'REQUEST_HEADER_FIELDS_TOO_LARGE', 'The request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'The request was not received in time']
        : [400, 'BAD_REQUEST', 'The request is not valid HTTP'];
  const body = JSON.stringify(errorBody(status, { code, message }, { url: '', method: '' }));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), 1000).unref();
}
