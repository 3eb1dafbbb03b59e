import type { IncomingMessage } from 'node:http';
import { UnsupportedMediaTypeException } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertCleanInput, MalformedInputError } from './input-guard';

/** Methods whose requests carry no body here; one that does is refused (a proxy in between could not recover). */
export const BODYLESS_METHODS = new Set(['GET', 'HEAD']);

/**
 * Why a request's body is refused before it is read, if it is: a body where none belongs, or one in a content coding.
 * What the client still sends is drained (holdUntilDrained).
 */
export function bodyRefusal(request: FastifyRequest): Error | undefined {
  if (!hasBody(request.headers)) return undefined;
  if (BODYLESS_METHODS.has(request.method)) return new MalformedInputError('body', `A ${request.method} request takes no body`);
  // Request bodies are taken as sent: no client of the platform compresses them, and inflating one before its
  // credentials and size are known is what a compression bomb needs
  // (docs/decisions.md, "Body limits per route, no content coding").
  const coding = request.headers['content-encoding'];
  if (coding !== undefined && coding.trim().toLowerCase() !== 'identity') {
    return new UnsupportedMediaTypeException('Request bodies are accepted without a content coding only (no Content-Encoding)');
  }
  return undefined;
}

/**
 * Query and path parameters pass the same text checks as bodies (validation pipes then check their shape): a
 * callback-style hook (no promise per request) that skips what has nothing to check.
 */
export function registerParameterChecks(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (request, _reply, done) => {
    try {
      if (hasKeys(request.query)) assertCleanInput(request.query, 'query', 2);
      if (hasKeys(request.params)) assertCleanInput(request.params, 'path', 2);
    } catch (problem) {
      return done(problem as Error);
    }
    done();
  });
}

/** Whether a parsed query or params object has any key (without building the key list). */
function hasKeys(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  for (const key in value) if (Object.hasOwn(value, key)) return true;
  return false;
}

function hasBody(headers: IncomingMessage['headers']): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
