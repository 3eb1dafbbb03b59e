import { Logger } from '@nestjs/common';
import { counterMetric } from '@platform/runtime';

/**
 * Where each user's token version is kept, shared by every app (Redis: `RedisUserVersions` in libs/persistence, key
 * `<prefix>user-version:<id>`). An access token carries the version its user had when it was signed (claim `ver`);
 * changing the user's role or deleting the user bumps it, which makes every token signed before stale at once.
 */
export abstract class UserVersionStore {
  /** The user's current version; 0 when it was never bumped. Rejects when the store cannot be read. */
  abstract current(userId: number): Promise<number>;
  /** Makes every token of the user signed so far stale; answers the new version. */
  abstract bump(userId: number): Promise<number>;
}

/** How long a version read from the store is trusted before it is read again (the delay of a revocation). */
export const TOKEN_VERSION_CACHE_MS = 1000;

/** How many users' versions a process keeps; the least recently read are dropped past it. */
const MAX_CACHED_USERS = 10_000;

/** How often a store that cannot be read is reported in the log (the metric counts every token). */
const WARN_EVERY_MS = 10_000;

const readFailures = counterMetric({
  name: 'auth_token_version_read_failures_total',
  help: 'Reads of the token-version store that failed; tokens were then judged by the last version seen, or by their own claims.',
});

export interface TokenVersionCheckOptions {
  cacheMs?: number;
  maxUsers?: number;
  now?: () => number;
}

/**
 * Whether an access token's version is still its user's: the version store read at most once per user per
 * `cacheMs` (1 s) in each process, so a revocation is felt within about a second and a busy user costs one read a
 * second, not one per request. While the store cannot be read the check fails open: a version read before still
 * counts (a revocation it saw stays in force), otherwise the token is taken on its own claims until it expires, the
 * failure logged (every 10 s) and counted (`auth_token_version_read_failures_total`).
 * docs/decisions.md, "Revocation that takes effect within a second", says why.
 */
export class TokenVersionCheck {
  private readonly logger = new Logger('TokenVersionCheck');
  private readonly known = new Map<number, { version: number; readAt: number }>();
  private readonly reading = new Map<number, Promise<number | undefined>>();
  private readonly cacheMs: number;
  private readonly maxUsers: number;
  private readonly now: () => number;
  private lastWarning = -Infinity;

  constructor(
    private readonly store: UserVersionStore,
    options: TokenVersionCheckOptions = {},
  ) {
    this.cacheMs = options.cacheMs ?? TOKEN_VERSION_CACHE_MS;
    this.maxUsers = options.maxUsers ?? MAX_CACHED_USERS;
    this.now = options.now ?? Date.now;
  }

  /** True when `version` is the user's current one; synchronous when a fresh reading is cached. */
  isCurrent(userId: number, version: number): boolean | Promise<boolean> {
    const cached = this.known.get(userId);
    if (cached && this.now() - cached.readAt < this.cacheMs) return cached.version === version;
    return this.read(userId).then((current) => current === undefined || current === version);
  }

  /** The version to judge by: a fresh reading, else the last one seen, else undefined (the store is down). */
  private read(userId: number): Promise<number | undefined> {
    let pending = this.reading.get(userId);
    if (!pending) {
      pending = this.store.current(userId).then(
        (version) => {
          this.remember(userId, version);
          return version;
        },
        (error: unknown) => {
          readFailures.inc();
          if (this.now() - this.lastWarning >= WARN_EVERY_MS) {
            this.lastWarning = this.now();
            this.logger.warn(`token versions cannot be read, tokens are checked on their own claims: ${(error as Error).message}`);
          }
          return this.known.get(userId)?.version;
        },
      );
      const settled = pending.finally(() => this.reading.delete(userId));
      this.reading.set(userId, settled);
      pending = settled;
    }
    return pending;
  }

  private remember(userId: number, version: number): void {
    this.known.delete(userId);
    this.known.set(userId, { version, readAt: this.now() });
    if (this.known.size > this.maxUsers) this.known.delete(this.known.keys().next().value!);
  }
}
