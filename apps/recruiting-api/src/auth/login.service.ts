import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { LoginConfig } from '../config';
import { RecruitingDb } from '../database/recruiting-db';
import { invalidField, RecruitingError } from '../recruiting.errors';
import { UsersRepository } from '../database/repositories/users.repository';
import { LoginStatesRepository } from './login-states.repository';
import { OidcClient, type ProviderProfile } from './oidc-client';
import { TokensService } from './tokens.service';

export const LOGIN_CONFIG = Symbol('LOGIN_CONFIG');

/** How long an authorization request may take between the redirect and the callback. */
export const LOGIN_STATE_TTL_MS = 10 * 60 * 1000;

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/** A login's start: where to send the browser, and the key the browser must bring back to the callback (a cookie). */
export interface StartedLogin {
  url: string;
  browserKey: string;
}

/** A failure the callback turns into the generic redirect; its message is logged, never shown. */
class LoginFailed extends Error {}

/**
 * The authorization-code login (`startLogin` and `finishLogin` in docs/openapi/recruiting-api.json): the redirect to
 * the provider with state, nonce and PKCE kept server-side, and the callback that signs the user in and sends the
 * browser back to the front end. The state is bound to the browser that started the login (RFC 6749 section 10.12): the
 * start hands out a random browser key (the controller sets it as a cookie) whose digest is kept with the state, and
 * the callback fails unless the same key comes back, so a callback URL opened in another browser (a forged login, or a
 * stolen code) signs no one in.
 */
@Injectable()
export class LoginService {
  private readonly logger = new Logger(LoginService.name);

  constructor(
    private readonly db: RecruitingDb,
    private readonly states: LoginStatesRepository,
    private readonly users: UsersRepository,
    private readonly tokens: TokensService,
    @Inject(LOGIN_CONFIG) private readonly config: LoginConfig,
    @Optional() private readonly oidc?: OidcClient,
  ) {}

  /** The provider's authorization URL for a new login, and the browser's key to it. */
  async start(): Promise<StartedLogin> {
    if (!this.oidc) throw new RecruitingError('SERVICE_UNAVAILABLE', 'Login is not configured');
    let request;
    try {
      request = await this.oidc.authorizationRequest();
    } catch {
      throw new RecruitingError('SERVICE_UNAVAILABLE', 'The identity provider cannot be reached');
    }
    const browserKey = randomBytes(32).toString('base64url');
    await this.states.save(this.db, { ...request, browserBinding: digest(browserKey) }, new Date(Date.now() + LOGIN_STATE_TTL_MS));
    return { url: request.url, browserKey };
  }

  /**
   * Finishes a login from the callback's query and the browser key the browser brought back. A missing code is the
   * caller's error (400); anything else that goes wrong (a missing or foreign browser key among them) sends the browser
   * to the front end's login page with error=auth_failed and nothing more.
   */
  async finish(query: Record<string, unknown>, rawQuery: string, browserKey: string | undefined): Promise<string> {
    const failed = `${this.config.frontendUrl}/login?error=auth_failed`;
    if (query.error !== undefined) {
      this.logger.warn('login failed: the provider answered an error');
      return failed;
    }
    const code = query.code;
    if (typeof code !== 'string' || code.length === 0 || code.length > 2048) {
      throw invalidField('code', 'code is required');
    }
    try {
      const session = await this.signIn(query.state, rawQuery, browserKey);
      const target = new URL(`${this.config.frontendUrl}/login`);
      target.searchParams.set('token', session.accessToken);
      // The refresh token rides in the fragment: browsers never send it to a server or into access logs.
      target.hash = new URLSearchParams({ refreshToken: session.refreshToken }).toString();
      return target.toString();
    } catch (error) {
      this.logger.warn(`login failed: ${(error as Error).message}`);
      return failed;
    }
  }

  private async signIn(state: unknown, rawQuery: string, browserKey: string | undefined) {
    if (!this.oidc) throw new LoginFailed('login is not configured');
    if (typeof state !== 'string' || state.length === 0 || state.length > 128) throw new LoginFailed('no state');
    // Taken (used up) whatever the browser brings: a state presented without its browser is spent.
    const request = await this.states.take(this.db, state);
    if (!request) throw new LoginFailed('unknown, used or expired state');
    if (!request.browserBinding || !browserKey || !timingSafeEqual(request.browserBinding, digest(browserKey))) {
      throw new LoginFailed('the state belongs to another browser');
    }
    const profile = await this.oidc.exchange(rawQuery, request);
    const { user, version } = await this.upsertUser(profile);
    return this.tokens.startSession(user, version);
  }

  /**
   * Finds the user by provider subject (or, for a verified email only, links the user holding that address) and
   * refreshes the profile; answers the row with its token version, read while the row is locked so that a role change
   * committed after this login makes its token stale. Authority keyed on the email needs the provider to have said
   * `email_verified: true`: an unverified login is never linked by email and never made admin by ADMIN_EMAILS; it gets
   * (or keeps) a member account of its own subject, with the email marked unverified (docs/decisions.md).
   */
  private upsertUser(profile: ProviderProfile) {
    const name = (profile.name ?? profile.email.split('@')[0]).slice(0, 255);
    const picture = profile.picture && profile.picture.length <= 2048 ? profile.picture : null;
    const email = profile.email;
    if (email.length > 320) throw new LoginFailed('email too long');
    const verified = profile.emailVerified;
    return this.db.transaction().execute(async (trx) => {
      const existing = await this.users.lockForLogin(trx, profile.subject, verified ? email : undefined);
      if (existing && existing.idpSubject !== null && existing.idpSubject !== profile.subject) {
        throw new LoginFailed('the email belongs to another identity');
      }
      const update = { idpSubject: profile.subject, email, emailVerified: verified, name, picture };
      const role = verified && this.config.adminEmails.includes(email.toLowerCase()) ? 'admin' : 'member';
      const user = existing ? await this.users.updateProfile(trx, existing.id, update) : await this.users.insert(trx, { ...update, role });
      return { user, version: await this.tokens.currentVersion(user.id) };
    });
  }
}
