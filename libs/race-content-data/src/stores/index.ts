/**
 * The race content data layer: one store per collection in `./stores/`, the only place with MongoDB queries for race
 * content, used by race-content-api and both workers alike. State changes are compare-and-set or claimed there:
 * `ArticleStore.finish` (claim, then write by id) and `claimGeneration` in article.store.ts, `BlogStore.release` and the compare-and-set `BlogStore.replaceBody` in blog.store.ts.
 */
export * from './live-store';
export * from './race.store';
export * from './article.store';
export * from './blog.store';
export * from './old-blog.store';
export * from './media.store';
export * from './ng-word.store';
export * from './category.store';
export * from './ng-word-cache';
