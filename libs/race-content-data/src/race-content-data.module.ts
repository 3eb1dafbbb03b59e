import { type DynamicModule, Module } from '@nestjs/common';
import { BlogStore } from './blog-store';
import { NG_WORDS_CACHE_MS, NgWordCache } from './ng-word-cache';
import { ArticleStore, NgWordStore, RaceStore } from './stores';

const STORES = [RaceStore, ArticleStore, NgWordStore, NgWordCache, BlogStore];

/** Mongo-backed stores shared by the race-content apps; needs MongoModule in the app. */
@Module({ providers: STORES, exports: STORES })
export class RaceContentDataModule {
  /** The stores with the NG word list cached for `ngWordsCacheMs` (workers). */
  static register(options: { ngWordsCacheMs: number }): DynamicModule {
    return {
      module: RaceContentDataModule,
      providers: [...STORES, { provide: NG_WORDS_CACHE_MS, useValue: options.ngWordsCacheMs }],
      exports: STORES,
    };
  }
}
