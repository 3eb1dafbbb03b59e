import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { DomainError } from '@platform/contracts';
import { IS_PUBLIC, routeMetadata } from '@platform/runtime';
import type { Role } from './roles';

export const JWT_AUTH_OPTIONS = Symbol('JWT_AUTH_OPTIONS');

export interface JwtAuthOptions {
  /** The HS256 signing secret shared by the issuer (login) and the verifiers. */
  secret: string;
}

/** Claims of an access token issued at login. */
export interface AccessTokenClaims {
  sub: string;
  role: Role;
  email?: string;
  /** The user's display name (tokens issued before it was added carry none). */
  name?: string;
  /** Only access tokens pass; any other type (a token signed for another purpose) is refused. */
  type: 'access';
}

export interface AuthenticatedUser {
  id: number;
  role: string;
  email?: string;
  name?: string;
}

/** The only algorithm accepted: `none`, RS256 and the rest are refused before any signature check. */
export const ACCEPTED_ALGORITHMS = ['HS256'] as const;

/**
 * Authenticates `Authorization: Bearer <token>`: an HS256 JWT signed with the configured secret, not
 * expired, of type access. Anything else answers 401 UNAUTHENTICATED. Routes marked @Public() pass.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(@Inject(JWT_AUTH_OPTIONS) private readonly options: JwtAuthOptions) {}

  /** Synchronous (HS256 is a local HMAC): no promise per request, on open routes or protected ones. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (routeMetadata<boolean>(context, IS_PUBLIC)) return true;
    const request = context.switchToHttp().getRequest<{ headers: Record<string, unknown>; user?: AuthenticatedUser }>();
    // Routes with a body checked the token before reading it (bearerCredential) and attached its user.
    if (request.user) return true;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthenticated('A bearer token is required');
    request.user = accessTokenUser(token, this.options.secret);
    return true;
  }
}

const verifier = new JwtService();

/**
 * The user a platform access token names: an HS256 JWT signed with `secret`, not expired, of type access.
 * Anything else is 401 UNAUTHENTICATED.
 */
export async function verifyAccessToken(token: string, secret: string): Promise<AuthenticatedUser> {
  return accessTokenUser(token, secret);
}

/** verifyAccessToken without the promise: the check is synchronous, guards that run on every request use this. */
export function accessTokenUser(token: string, secret: string): AuthenticatedUser {
  let claims: Partial<AccessTokenClaims>;
  try {
    claims = verifier.verify<Partial<AccessTokenClaims>>(token, { secret, algorithms: [...ACCEPTED_ALGORITHMS] });
  } catch {
    throw unauthenticated('The bearer token is invalid or expired');
  }
  const id = Number(claims.sub);
  if (claims.type !== 'access' || !Number.isSafeInteger(id) || typeof claims.role !== 'string') {
    throw unauthenticated('The bearer token is not an access token');
  }
  return {
    id,
    role: claims.role,
    ...(typeof claims.email === 'string' ? { email: claims.email } : {}),
    ...(typeof claims.name === 'string' ? { name: claims.name } : {}),
  };
}

export function bearerToken(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

function unauthenticated(message: string): DomainError {
  return new DomainError('UNAUTHENTICATED', message);
}
