import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { JWT_AUTH_OPTIONS, type JwtAuthOptions, type AccessTokenClaims, type Role, UserVersionStore } from '@platform/auth';
import type { TokenConfig } from '../config';
import { type Db, RecruitingDb } from '../database/recruiting-db';
import { RecruitingError } from '../recruiting.errors';
import { UsersRepository } from '../database/repositories/users.repository';
import { RefreshTokensRepository } from './refresh-tokens.repository';

export const TOKEN_CONFIG = Symbol('TOKEN_CONFIG');

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
}

const digest = (token: string): Buffer => createHash('sha256').update(token).digest();

const invalidRefreshToken = () => new RecruitingError('UNAUTHENTICATED', 'The refresh token is invalid or expired');

/** The user a token is issued for. */
interface TokenUser {
  id: number;
  role: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/**
 * Access tokens (HS256 JWTs of type access) and refresh tokens (opaque, 256 random bits, stored as digests). Each
 * refresh token is good for one use and is replaced by the next of its family; presenting a used one again means it
 * was copied, so the whole family is revoked.
 */
@Injectable()
export class TokensService {
  private readonly jwt = new JwtService();
  private readonly logger = new Logger(TokensService.name);

  constructor(
    private readonly db: RecruitingDb,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly users: UsersRepository,
    @Inject(JWT_AUTH_OPTIONS) private readonly jwtOptions: JwtAuthOptions,
    @Inject(TOKEN_CONFIG) private readonly config: TokenConfig,
    private readonly versions: UserVersionStore,
  ) {}

  /**
   * An access token naming the user by id, role, email, whether that email is verified, and display name (the edge
   * sets the builder's identity from it), with the user's current token version (`ver`), so that a later role change
   * or deletion revokes it at every app. Callers read the version (currentVersion) before the user's row: a change
   * that bumps it in between then makes this token stale rather than letting it carry the old role.
   */
  accessToken(user: TokenUser, version: number): string {
    const claims: AccessTokenClaims = {
      sub: String(user.id),
      role: user.role as Role,
      email: user.email,
      email_verified: user.emailVerified,
      name: user.name,
      ver: version,
      type: 'access',
    };
    return this.jwt.sign(claims, { secret: this.jwtOptions.secret, algorithm: 'HS256', expiresIn: this.config.accessTtlSeconds });
  }

  /**
   * The user's token version, or 0 while the store cannot be read: the token is then checked elsewhere on its own
   * claims until the store answers again, and refused by any app that has seen a later version (a refresh mends it).
   */
  async currentVersion(userId: number): Promise<number> {
    try {
      return await this.versions.current(userId);
    } catch (error) {
      this.logger.warn(`token version of user ${userId} unreadable, signing version 0: ${(error as Error).message}`);
      return 0;
    }
  }

  /** A new session: an access token and the first refresh token of a new family. */
  async startSession(user: TokenUser, version: number): Promise<TokenPair> {
    return this.pair(this.db, user, randomUUID(), version);
  }

  async refresh(refreshToken: string): Promise<TokenPair> {
    const tokenHash = digest(refreshToken);
    const row = await this.refreshTokens.findByHash(this.db, tokenHash);
    // A token no row names is refused at once, without the transaction: none can appear for it later (a token is handed
    // out only after the row naming it is committed), and guessed or stale tokens are the cheapest abuse of this route.
    if (!row) throw invalidRefreshToken();
    // Read before the user's row (see accessToken).
    const version = await this.currentVersion(row.userId);
    const outcome = await this.db.transaction().execute(async (trx) => {
      const row = await this.refreshTokens.lockByHash(trx, tokenHash);
      if (!row || row.revokedAt) return { kind: 'invalid' as const };
      if (row.usedAt) return { kind: 'reused' as const, familyId: row.familyId };
      if (row.expiresAt <= new Date()) return { kind: 'invalid' as const };
      const user = await this.users.find(trx, row.userId);
      if (!user) return { kind: 'invalid' as const };
      await this.refreshTokens.markUsed(trx, row.id);
      return { kind: 'rotated' as const, pair: await this.pair(trx, user, row.familyId, version) };
    });
    if (outcome.kind === 'reused') {
      // Committed on its own: the revocation must stand although the request is refused.
      await this.refreshTokens.revokeFamily(this.db, outcome.familyId);
      throw invalidRefreshToken();
    }
    if (outcome.kind === 'invalid') throw invalidRefreshToken();
    return outcome.pair;
  }

  /** Revokes every refresh token of the user; access tokens stay valid until they expire (`logout`). */
  async logout(userId: number): Promise<void> {
    await this.refreshTokens.revokeUser(this.db, userId);
  }

  private async pair(db: Db, user: TokenUser, familyId: string, version: number): Promise<TokenPair> {
    const refreshToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.config.refreshTtlSeconds * 1000);
    await this.refreshTokens.insert(db, { tokenHash: digest(refreshToken), familyId, userId: user.id, expiresAt });
    return { accessToken: this.accessToken(user, version), refreshToken, expiresIn: this.config.accessTtlSeconds };
  }
}
