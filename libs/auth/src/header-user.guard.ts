import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/contracts';
import { IS_PUBLIC, routeMetadata } from '@platform/runtime';

/** The survey builder's caller, as named by the x-user-email and x-user-name headers. */
export interface HeaderUser {
  email: string;
  name: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * Reads the user headers. Header values are Latin-1 on the wire, so clients percent-encode names in
 * other scripts (山田 as %E5%B1%B1%E7%94%B0); such values are decoded. Emails compare case-insensitively.
 */
export function readHeaderUser(headers: Record<string, unknown>): HeaderUser | undefined {
  const email = headerText(headers['x-user-email'])?.toLowerCase();
  const name = headerText(headers['x-user-name']);
  if (!email || !name || !EMAIL.test(email)) return undefined;
  return { email, name };
}

function headerText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  let text = value.trim();
  if (/%[0-9A-Fa-f]{2}/.test(text)) {
    try {
      text = decodeURIComponent(text).trim();
    } catch {
      // not percent-encoding after all: keep the raw value
    }
  }
  return text.length > 0 && text.length <= 320 ? text : undefined;
}

/** 401 UNAUTHENTICATED unless both user headers are present and well-formed; @Public() routes pass. */
@Injectable()
export class HeaderUserGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (routeMetadata<boolean>(context, IS_PUBLIC)) return true;
    const request = context.switchToHttp().getRequest<{ headers: Record<string, unknown>; headerUser?: HeaderUser }>();
    const user = readHeaderUser(request.headers);
    if (!user) throw new DomainError('UNAUTHENTICATED', 'The x-user-email and x-user-name headers are required');
    request.headerUser = user;
    return true;
  }
}

/** The HeaderUser the guard attached. */
export const CurrentHeaderUser = createParamDecorator((_: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<{ headerUser?: HeaderUser }>().headerUser;
});
