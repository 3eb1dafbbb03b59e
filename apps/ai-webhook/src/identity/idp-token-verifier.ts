import { Inject, Injectable } from '@nestjs/common';
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { AiWebhookError, upstreamFailure } from '../ai-webhook.errors';
import type { IdpConfig } from '../config';

export const IDP_OPTIONS = Symbol('IDP_OPTIONS');

/** The signed-in user of the event-run status read: the identity provider's subject. */
export interface IdpUser {
  subject: string;
}

/** Asymmetric algorithms only: an HS256 token signed with some public value, or `none`, never verifies. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/**
 * Verifies the identity provider's JWTs against its JWKS (fetched on first use, cached and refreshed by
 * jose when an unknown key id appears): signature, issuer, audience, expiry. A token that fails any check is
 * 401; a JWKS that cannot be fetched is the server's problem (500, no detail).
 */
@Injectable()
export class IdpTokenVerifier {
  private readonly keys: JWTVerifyGetKey;

  constructor(@Inject(IDP_OPTIONS) private readonly options: IdpConfig) {
    this.keys = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 2000, cooldownDuration: 30_000 });
  }

  async verify(token: string): Promise<IdpUser> {
    try {
      const { payload } = await jwtVerify(token, this.keys, {
        issuer: this.options.issuer,
        audience: this.options.audience,
        algorithms: ALGORITHMS,
        requiredClaims: ['sub', 'exp'],
      });
      return { subject: payload.sub! };
    } catch (error) {
      if (isJwksUnavailable(error)) throw upstreamFailure();
      throw new AiWebhookError('UNAUTHENTICATED', 'The bearer token is invalid or expired');
    }
  }
}

/** What a token that does not verify raises; anything else (timeout, network, a bad key set answer) is the IdP's failure. */
const TOKEN_ERRORS = [
  errors.JWTClaimValidationFailed,
  errors.JWTExpired,
  errors.JWTInvalid,
  errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
];

function isJwksUnavailable(error: unknown): boolean {
  return !TOKEN_ERRORS.some((type) => error instanceof type);
}
