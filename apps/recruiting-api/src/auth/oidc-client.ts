import { Injectable, Logger } from '@nestjs/common';
import * as oidc from 'openid-client';
import type { LoginConfig } from '../config';

export type OidcSettings = NonNullable<LoginConfig['oidc']>;

/** What the platform keeps of the provider's account: the subject and the profile claims. */
export interface ProviderProfile {
  subject: string;
  email: string;
  /** True only when the provider said `email_verified: true`; a missing claim is not verified. */
  emailVerified: boolean;
  name?: string;
  picture?: string;
}

/** The authorization request's one-use secrets, kept server-side until the callback. */
export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The OpenID Connect relying party (openid-client). The provider's metadata is discovered on first use and kept;
 * a failed discovery is retried on the next login rather than stopping the app (the provider may start later).
 */
@Injectable()
export class OidcClient {
  private readonly logger = new Logger(OidcClient.name);
  private configuration?: Promise<oidc.Configuration>;

  constructor(private readonly settings: OidcSettings) {}

  async authorizationRequest(): Promise<AuthorizationRequest> {
    const config = await this.discover();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUrl,
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.toString(), state, nonce, codeVerifier };
  }

  /** Exchanges the callback's code (PKCE, state and nonce checked) and reads the profile; throws on any failure. */
  async exchange(callbackQuery: string, request: Omit<AuthorizationRequest, 'url'>): Promise<ProviderProfile> {
    const config = await this.discover();
    const callbackUrl = new URL(this.settings.redirectUrl);
    callbackUrl.search = callbackQuery;
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: request.codeVerifier,
      expectedState: request.state,
      expectedNonce: request.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider answered no id token');
    let profile: Record<string, unknown> = claims;
    // The id token may leave the profile to the userinfo endpoint (as oidc-provider does for scope-requested claims).
    if (typeof claims.email !== 'string' || typeof claims.email_verified !== 'boolean') {
      profile = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), sub: claims.sub };
    }
    if (typeof profile.email !== 'string' || profile.email.length === 0) throw new Error('the provider gave no email address');
    return {
      subject: claims.sub,
      email: profile.email,
      emailVerified: profile.email_verified === true,
      name: typeof profile.name === 'string' && profile.name ? profile.name : undefined,
      picture: typeof profile.picture === 'string' && profile.picture ? profile.picture : undefined,
    };
  }

  private discover(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        undefined,
        oidc.ClientSecretBasic(this.settings.clientSecret),
        new URL(this.settings.issuer).protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        this.configuration = undefined;
        this.logger.warn(`OpenID Connect discovery failed: ${(error as Error).message}`);
        throw error;
      });
    return this.configuration;
  }
}
