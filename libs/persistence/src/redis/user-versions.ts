import { type DynamicModule, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { TokenVersionCheck, UserVersionStore } from '@platform/auth';
import { REDIS } from './redis.module';

/** The Redis key of a user's token version: `<prefix>user-version:<id>` (prefix `auth:` unless AUTH_KEY_PREFIX says otherwise). */
export const userVersionKey = (prefix: string, userId: number): string => `${prefix}user-version:${userId}`;

/** KEYS[1]: a user's version key; ARGV[1]: the floor. The larger of current + 1 and the floor, set and answered. */
const RAISE_VERSION = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local floor = tonumber(ARGV[1])
local next = current + 1
if floor > next then next = floor end
local text = string.format('%.0f', next)
redis.call('SET', KEYS[1], text)
return text`;

/**
 * Token versions in Redis, shared by every app that verifies platform access tokens: recruiting-api bumps a user's
 * (INCR) when it changes the user's role and reads it when it signs a token; the verifiers read it (GET, cached for a
 * second by TokenVersionCheck). A missing key is version 0.
 */
export class RedisUserVersions extends UserVersionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    super();
  }

  async current(userId: number): Promise<number> {
    const value = await this.redis.get(userVersionKey(this.prefix, userId));
    if (value === null) return 0;
    const version = Number(value);
    if (!Number.isSafeInteger(version) || version < 0) throw new Error(`the token version of user ${userId} is not a count`);
    return version;
  }

  bump(userId: number): Promise<number> {
    return this.redis.incr(userVersionKey(this.prefix, userId));
  }

  /**
   * Sets the user's version past both its current value and `floor`, so no token signed before carries it, even when
   * the key was lost (a new Redis, a restore from backup) and counting would start again at versions old tokens hold.
   * A restore raises every user's to the time in milliseconds (scripts/backup-finalize.ts); answers the new version.
   */
  async raiseTo(userId: number, floor: number): Promise<number> {
    if (!Number.isSafeInteger(floor) || floor < 0) throw new Error(`a token version floor must be a count, not ${floor}`);
    return Number(await this.redis.eval(RAISE_VERSION, 1, userVersionKey(this.prefix, userId), String(floor)));
  }
}

/**
 * The token versions of every app (global): `UserVersionStore` on the app's Redis client (RedisModule) and the
 * `TokenVersionCheck` that JwtAuthGuard and the builder's identity check use when it is there.
 */
@Module({})
export class TokenVersionsModule {
  static forRoot(options: { keyPrefix: string }): DynamicModule {
    return {
      module: TokenVersionsModule,
      global: true,
      providers: [
        { provide: UserVersionStore, useFactory: (redis: Redis) => new RedisUserVersions(redis, options.keyPrefix), inject: [REDIS] },
        { provide: TokenVersionCheck, useFactory: (store: UserVersionStore) => new TokenVersionCheck(store), inject: [UserVersionStore] },
      ],
      exports: [UserVersionStore, TokenVersionCheck],
    };
  }
}
