import type { RacingType } from './jobs';
import type { MongoIndex } from '@platform/persistence';

/** The MongoDB database of race content when MONGODB_DB is unset. */
export const RACE_CONTENT_DEFAULT_DB = 'race_content';

/** A race's type is the collection that holds it (race-content spec section 1). */
export const RACE_COLLECTIONS: Record<RacingType, string> = {
  auto_racing: 'auto_racing_races',
  bicycle_racing: 'bicycle_racing_races',
  horse_racing: 'horse_racing_races',
};

export const COLLECTIONS = {
  articles: 'articles',
  blogs: 'blogs',
  oldBlogs: 'old_blogs',
  medias: 'medias',
  ngWords: 'ng_words',
  categories: 'categories',
} as const;

/** Indexes the race-content apps rely on; created at start-up by whichever app starts. */
export const RACE_CONTENT_INDEXES: MongoIndex[] = [
  ...Object.values(RACE_COLLECTIONS).map((collection) => ({
    collection,
    key: { name: 1 },
    options: { name: `${collection}_name` },
  })),
  { collection: COLLECTIONS.articles, key: { race_id: 1, updated_at: -1 }, options: { name: 'articles_race_updated' } },
  { collection: COLLECTIONS.articles, key: { status: 1, updated_at: -1 }, options: { name: 'articles_status_updated' } },
  { collection: COLLECTIONS.ngWords, key: { deleted_at: 1 }, options: { name: 'ng_words_deleted' } },
];
