import { Inject, Injectable, Optional } from '@nestjs/common';
import { NgWordStore } from './ng-word.store';

/** How long workers keep the NG word list by default: an added word takes effect within this time. */
export const DEFAULT_NG_WORDS_CACHE_MS = 30_000;

export const NG_WORDS_CACHE_MS = Symbol('NG_WORDS_CACHE_MS');

/**
 * The NG word list as generation workers screen with it: read from the database at most once per expiry
 * (`NG_WORDS_CACHE_MS`, 30 s by default), so an added or removed word takes effect within that time without a
 * query per job. Concurrent readers share one load; a failed load is not cached.
 */
@Injectable()
export class NgWordCache {
  private words?: { list: string[]; loadedAt: number };
  private loading?: Promise<string[]>;

  constructor(
    private readonly store: NgWordStore,
    @Optional() @Inject(NG_WORDS_CACHE_MS) private readonly ttlMs: number = DEFAULT_NG_WORDS_CACHE_MS,
  ) {}

  async current(now = Date.now()): Promise<string[]> {
    if (this.words && now - this.words.loadedAt < this.ttlMs) return this.words.list;
    this.loading ??= this.store
      .activeWords()
      .then((list) => {
        this.words = { list, loadedAt: Date.now() };
        return list;
      })
      .finally(() => (this.loading = undefined));
    return this.loading;
  }
}
