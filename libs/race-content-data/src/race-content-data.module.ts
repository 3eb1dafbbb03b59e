import { type DynamicModule, Module } from '@nestjs/common';
import { NG_WORDS_CACHE_MS, NgWordCache } from './stores/ng-word-cache';
import { ArticleStore, BlogStore, CategoryStore, MediaStore, NgWordStore, OldBlogStore, RaceStore } from './stores';

const STORES = [RaceStore, ArticleStore, BlogStore, OldBlogStore, MediaStore, NgWordStore, CategoryStore, NgWordCache];

/**
 * The one data layer of race content: a store per collection (stores/), used by race-content-api, the article
 * worker and the blog worker alike. Needs MongoModule in the app.
 */
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
