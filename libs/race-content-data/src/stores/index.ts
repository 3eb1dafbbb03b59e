export * from './live-store';
export * from './race.store';
export * from './article.store';
export * from './blog.store';
export * from './old-blog.store';
export * from './media.store';
export * from './ng-word.store';
export * from './category.store';
