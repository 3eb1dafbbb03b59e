import { Inject, Injectable, Optional } from '@nestjs/common';
import { apiKeyMatches, bearerToken, plainEmail, TokenVersionCheck, verifyAccessToken } from '@platform/auth';
import { DomainError } from '@platform/contracts';
import { BuilderError } from '../builder.errors';
import { IMPORT_BOT } from './actor';
import { IDENTITY_OPTIONS, type IdentityOptions } from './identity.guard';

/** Who the edge sets as the caller: the identity headers' values (the name percent-encoded, headers are Latin-1). */
export interface EdgeIdentity {
  email: string;
  name: string;
}

/** The original request as the edge describes it to the identity check. */
export interface CheckedRequest {
  path: string;
  authorization: unknown;
  apiKey: unknown;
}

const IMPORT_PATH = /^\/api\/imports(\/|$)/;

/**
 * The builder's identity at the edge (issue 19): the builder names callers by x-user-email and x-user-name, which only
 * an edge can vouch for. The edge asks here before each builder request and sets both headers from the answer:
 * the user a valid platform access token (recruiting's HS256 login token) names; or, on an import route with the
 * import key and no token, the built-in import identity. A wrong import key is refused here, with or without a token,
 * so its body never leaves the edge. The builder keys everything on the email (the user row, permissions,
 * SURVEY_ADMIN_EMAILS), so the token must say the email is verified (`email_verified: true`) and be of its user's
 * current token version (a role change or deletion at recruiting revokes it within about a second). Anything else is
 * 401 in the builder's error body, before the builder's routes see the request.
 */
@Injectable()
export class EdgeIdentityService {
  constructor(
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
    @Optional() private readonly versions?: TokenVersionCheck,
  ) {}

  async identify(request: CheckedRequest): Promise<EdgeIdentity> {
    const secret = this.options.jwtSecret;
    if (!secret) throw new BuilderError('SERVICE_UNAVAILABLE', 'The identity check is not configured (JWT_SECRET)');
    const importRoute = IMPORT_PATH.test(request.path);
    if (importRoute && request.apiKey !== undefined && !apiKeyMatches(request.apiKey, this.options.importApiKey)) {
      throw new BuilderError('UNAUTHENTICATED', 'The x-api-key header does not match');
    }
    const token = bearerToken(request.authorization);
    if (token) {
      const user = await verifyAccessToken(token, secret).catch((error: unknown) => {
        throw error instanceof DomainError ? new BuilderError('UNAUTHENTICATED', error.message) : error;
      });
      // The email is the builder's identity: taken as the token says it, never decoded, and only a plain address.
      const email = plainEmail(user.email);
      if (!email) throw new BuilderError('UNAUTHENTICATED', 'The bearer token names no plain email address');
      if (!user.emailVerified) throw new BuilderError('UNAUTHENTICATED', "The bearer token's email is not verified");
      if (this.versions && !(await this.versions.isCurrent(user.id, user.version))) {
        throw new BuilderError('UNAUTHENTICATED', 'The bearer token is invalid or expired');
      }
      return { email, name: user.name?.trim() || email.split('@')[0] };
    }
    if (request.authorization === undefined && importRoute && request.apiKey !== undefined) return IMPORT_BOT;
    throw new BuilderError('UNAUTHENTICATED', 'A bearer token is required (Authorization: Bearer <platform access token>)');
  }
}
