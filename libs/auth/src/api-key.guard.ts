import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@platform/contracts';

export const API_KEY_OPTIONS = Symbol('API_KEY_OPTIONS');

export interface ApiKeyOptions {
  /** Header carrying the key, lower case (e.g. x-api-key). */
  header: string;
  /** The expected key; unset means no key is accepted. */
  key: string | undefined;
}

/**
 * Compares in constant time. Both sides are hashed first so the comparison also leaks nothing about
 * the expected key's length.
 */
export function apiKeyMatches(given: unknown, expected: string | undefined): boolean {
  if (typeof given !== 'string' || !given || !expected) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** 401 UNAUTHENTICATED unless the configured header carries the configured key. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(@Inject(API_KEY_OPTIONS) private readonly options: ApiKeyOptions) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>();
    if (!apiKeyMatches(request.headers[this.options.header], this.options.key)) {
      throw new DomainError('UNAUTHENTICATED', `A valid ${this.options.header} header is required`);
    }
    return true;
  }
}
