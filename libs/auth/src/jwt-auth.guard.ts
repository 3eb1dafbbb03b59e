import { type CanActivate, type ExecutionContext, Inject, Injectable, Optional } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { DomainError } from '@platform/contracts';
import { IS_PUBLIC, routeMetadata } from '@platform/runtime';
import type { Role } from './roles';
import { TokenVersionCheck } from './token-versions';

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
  /** True only when the identity provider said the email is verified (or an operator vouched for it); absent is false. */
  email_verified?: boolean;
  /** The user's display name (tokens issued before it was added carry none). */
  name?: string;
  /** The user's token version when the token was signed (UserVersionStore); absent is 0. */
  ver?: number;
  /** Only access tokens pass; any other type (a token signed for another purpose) is refused. */
  type: 'access';
}

export interface AuthenticatedUser {
  id: number;
  role: string;
  email?: string;
  /** Whether authority may be keyed on `email`: only when the token says `email_verified: true`. */
  emailVerified: boolean;
  name?: string;
  /** The token's `ver` claim (0 when absent). */
  version: number;
}

/** The only algorithm accepted: `none`, RS256 and the rest are refused before any signature check. */
export const ACCEPTED_ALGORITHMS = ['HS256'] as const;

/**
 * Authenticates `Authorization: Bearer <token>`: an HS256 JWT signed with the configured secret, not
 * expired, of type access, and, when the app provides a TokenVersionCheck, of its user's current token version (a
 * role change or deletion revokes older tokens). Anything else answers 401 UNAUTHENTICATED. Routes marked @Public()
 * pass.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    @Inject(JWT_AUTH_OPTIONS) private readonly options: JwtAuthOptions,
    @Optional() private readonly versions?: TokenVersionCheck,
  ) {}

  /** Synchronous (HS256 is a local HMAC, the version mostly cached): a promise only when the version must be read. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (routeMetadata<boolean>(context, IS_PUBLIC)) return true;
    const request = context.switchToHttp().getRequest<{ headers: Record<string, unknown>; user?: AuthenticatedUser }>();
    // Routes with a body checked the token before reading it (bearerCredential) and attached its user.
    const user = request.user ?? (request.user = this.verified(request.headers.authorization));
    if (!this.versions) return true;
    const current = this.versions.isCurrent(user.id, user.version);
    return typeof current === 'boolean' ? revokedUnless(current) : current.then(revokedUnless);
  }

  private verified(authorization: unknown): AuthenticatedUser {
    const token = bearerToken(authorization);
    if (!token) throw unauthenticated('A bearer token is required');
    return accessTokenUser(token, this.options.secret);
  }
}

/** A token whose version is no longer its user's was revoked (a role change or deletion): 401 like any invalid one. */
export function revokedUnless(current: boolean): true {
  if (!current) throw unauthenticated('The bearer token is invalid or expired');
  return true;
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
  const version = claims.ver ?? 0;
  if (!Number.isSafeInteger(version) || version < 0) throw unauthenticated('The bearer token is not an access token');
  return {
    id,
    role: claims.role,
    ...(typeof claims.email === 'string' ? { email: claims.email } : {}),
    emailVerified: claims.email_verified === true,
    ...(typeof claims.name === 'string' ? { name: claims.name } : {}),
    version,
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
