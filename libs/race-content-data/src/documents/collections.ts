import type { MongoIndex } from '@platform/persistence';
import type { RacingType } from '../jobs/jobs';

/** The MongoDB database of race content when MONGODB_DB is unset. */
export const RACE_CONTENT_DEFAULT_DB = 'race_content';

/** A race's type is the collection that holds it. */
export const RACE_COLLECTIONS: Record<RacingType, string> = {
  auto_racing: 'auto_racing_races',
  bicycle_racing: 'bicycle_racing_races',
  horse_racing: 'horse_racing_races',
};

export const COLLECTIONS = {
  /** Live race ids of every type (RaceIdEntry): what makes race ids unique across the three collections. */
  raceIds: 'race_ids',
  articles: 'articles',
  blogs: 'blogs',
  oldBlogs: 'old_blogs',
  medias: 'medias',
  /** Media names in use (MediaNameEntry), reserved before the object is uploaded. */
  mediaNames: 'media_names',
  ngWords: 'ng_words',
  categories: 'categories',
  /** Generations that ended (GenerationClaim): what makes finishing a generation happen once. */
  generationClaims: 'generation_claims',
} as const;

/** Lists sort by a time, then by id so that pages never overlap (both directions walk the same index). */
const byUpdated = (collection: string, name: string, field?: string): MongoIndex => ({
  collection,
  key: { ...(field ? { [field]: 1 } : { deleted_at: 1 }), updated_at: -1, _id: -1 },
  options: { name },
});

/** `live_name` is present only while the document is not deleted: sparse, so deleted documents free their name. */
const uniqueLiveName = (collection: string): MongoIndex => ({
  collection,
  key: { live_name: 1 },
  options: { name: `${collection}_live_name`, unique: true, sparse: true },
});

/**
 * Indexes the race-content apps rely on, one for every list filter and sort; created (idempotently) at start-up
 * by whichever app starts. Names are never reused for another key: createIndex refuses a known name with a new key.
 */
export const RACE_CONTENT_INDEXES: MongoIndex[] = [
  ...Object.values(RACE_COLLECTIONS).flatMap((collection): MongoIndex[] => [
    { collection, key: { name: 1 }, options: { name: `${collection}_name` } },
    // GET /v1/races: live races of a type by name.
    { collection, key: { deleted_at: 1, name: 1, _id: 1 }, options: { name: `${collection}_live_name_order` } },
  ]),
  { collection: COLLECTIONS.articles, key: { race_id: 1, updated_at: -1 }, options: { name: 'articles_race_updated' } },
  { collection: COLLECTIONS.articles, key: { status: 1, updated_at: -1 }, options: { name: 'articles_status_updated' } },
  // The latest article of each race on a page of races (article_status).
  { collection: COLLECTIONS.articles, key: { race_id: 1, created_at: -1, _id: -1 }, options: { name: 'articles_race_created' } },
  byUpdated(COLLECTIONS.articles, 'articles_live_updated'),
  byUpdated(COLLECTIONS.blogs, 'blogs_live_updated'),
  byUpdated(COLLECTIONS.blogs, 'blogs_race_updated', 'race_id'),
  byUpdated(COLLECTIONS.blogs, 'blogs_race_type_updated', 'race_type'),
  byUpdated(COLLECTIONS.blogs, 'blogs_blog_type_updated', 'blog_type'),
  byUpdated(COLLECTIONS.blogs, 'blogs_category_updated', 'category_id'),
  byUpdated(COLLECTIONS.blogs, 'blogs_old_blog_updated', 'old_blog_id'),
  byUpdated(COLLECTIONS.blogs, 'blogs_status_updated', 'status'),
  { collection: COLLECTIONS.blogs, key: { name: 1 }, options: { name: 'blogs_name' } },
  // The related-blog index's delta read: every blog changed since its mark, deleted ones included (no deleted_at prefix).
  { collection: COLLECTIONS.blogs, key: { updated_at: 1 }, options: { name: 'blogs_updated' } },
  byUpdated(COLLECTIONS.oldBlogs, 'old_blogs_live_updated'),
  byUpdated(COLLECTIONS.oldBlogs, 'old_blogs_race_updated', 'race_id'),
  byUpdated(COLLECTIONS.medias, 'medias_live_updated'),
  byUpdated(COLLECTIONS.medias, 'medias_type_updated', 'mime_type'),
  { collection: COLLECTIONS.ngWords, key: { deleted_at: 1 }, options: { name: 'ng_words_deleted' } },
  byUpdated(COLLECTIONS.ngWords, 'ng_words_live_updated'),
  uniqueLiveName(COLLECTIONS.ngWords),
  byUpdated(COLLECTIONS.categories, 'categories_live_updated'),
  uniqueLiveName(COLLECTIONS.categories),
];
