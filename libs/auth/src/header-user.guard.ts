import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/contracts';
import { IS_PUBLIC, routeMetadata } from '@platform/runtime';
import { plainEmail } from './email';

/** The survey builder's caller, as named by the x-user-email and x-user-name headers. */
export interface HeaderUser {
  email: string;
  name: string;
}

/**
 * Reads the user headers the edge set from a verified token. The email is the identity: it is taken exactly as sent
 * (folded to lower case, emails compare case-insensitively) and must be a plain address (isPlainEmail), never
 * decoded, so no encoding can make one address act as another. The name is only a display name: header values are
 * Latin-1 on the wire, so the edge and clients percent-encode names in other scripts (山田 as %E5%B1%B1%E7%94%B0),
 * and such values are decoded; a name with control characters is refused.
 */
export function readHeaderUser(headers: Record<string, unknown>): HeaderUser | undefined {
  const email = plainEmail(headers['x-user-email']);
  const name = displayName(headers['x-user-name']);
  if (!email || !name) return undefined;
  return { email, name };
}

/** C0 control characters and DEL. */
const hasControl = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

function displayName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  let text = value.trim();
  if (/%[0-9A-Fa-f]{2}/.test(text)) {
    try {
      text = decodeURIComponent(text).trim();
    } catch {
      // not percent-encoding after all: keep the raw value
    }
  }
  return text.length > 0 && text.length <= 320 && !hasControl(text) ? text : undefined;
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
