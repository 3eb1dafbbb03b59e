import type { ObjectId } from 'mongodb';
import type { RacingType } from '../jobs/jobs';

/**
 * Documents of race content. Ids are strings on the wire (a race's is its race_id, the others ObjectIds in
 * storage); times are ms since the epoch; deletes are soft (deleted_at set), and every read treats a deleted
 * document as gone.
 */

/**
 * Free-form JSON the platform keeps as sent (race results, predictions, verification data) is stored as JSON
 * text: MongoDB would take most of it as a document, but not keys with `.` or a leading `$`, and FerretDB (the
 * local store) takes no nested arrays either (`"lines": [[7, 5, 1], [3, 2]]`). Read it with `parseJsonText`.
 */
export type JsonText = string;

/** Race documents keep the uploaded JSON as is; `_id` is its race_id. */
export interface RaceDocument {
  _id: string;
  name: string;
  /** The uploaded result, as JSON text. */
  race_result_json: JsonText;
  /** The uploaded prediction, as JSON text; null when none. */
  prediction_json: JsonText | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/**
 * One live race id, whichever collection holds the race. The unique `_id` makes race ids unique across the
 * three types under concurrency: an upload writes its entry first, a delete removes it.
 */
export interface RaceIdEntry {
  _id: string;
  type: RacingType;
  created_at: number;
}

export const ARTICLE_STATUSES = ['generating', 'draft', 'published', 'failed'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export interface ArticleDocument {
  _id: ObjectId;
  race_id: string;
  title: string;
  body_html: string;
  status: ArticleStatus;
  opening_at: number;
  closing_at: number | null;
  /** Verification data of the audit script, as JSON text. */
  accuracy_test_data_json: JsonText | null;
  generation_error: string | null;
  custom_prompt: string | null;
  /**
   * The job id of the generation in progress or last run (set with status generating): workers act only on the job
   * the article is waiting for, so a stale job of an earlier generation changes nothing. Absent on manual articles.
   */
  generation_id?: string | null;
  /** NG words found (and masked) in the generated text; absent until generated. Never returned. */
  ng_word_hits?: string[];
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export const BLOG_STATUSES = ['generating', 'draft', 'published'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

/** A blog's origin is not stored: it is rewrite when old_blog_id is set, generation otherwise. */
export const BLOG_ORIGINS = ['rewrite', 'generation'] as const;
export type BlogOrigin = (typeof BLOG_ORIGINS)[number];

export interface BlogDocument {
  _id: ObjectId;
  name: string;
  race_id: string | null;
  race_type: RacingType | null;
  blog_type: string | null;
  old_blog_id: string | null;
  source_url: string | null;
  category_id: string | null;
  body_html: string;
  status: BlogStatus;
  /** Kept for related-blog search; never returned. */
  embedding: number[] | null;
  /** The job id of the generation in progress or last run (like an article's). Absent on manual blogs. */
  generation_id?: string | null;
  /** Why the last generation failed (the blog went back to draft with a note in its body); null otherwise. */
  generation_error?: string | null;
  /** NG words found (and masked) in the generated text. Never returned. */
  ng_word_hits?: string[];
  /** The media of the blog's thumbnail, replaced (not stacked) by a new thumbnail. */
  thumbnail_media_id?: string | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface OldBlogDocument {
  _id: ObjectId;
  name: string;
  race_id: string | null;
  race_type: RacingType | null;
  blog_type: string | null;
  category: string | null;
  source_url: string | null;
  published_at: number | null;
  body_html: string;
  /** From category, title and body text; null when embedding failed. Never returned. */
  embedding: number[] | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export interface MediaDocument {
  _id: ObjectId;
  name: string;
  mime_type: MediaType;
  /** The object's key in the media bucket, derived from the name. */
  key: string;
  /** The object's address (`s3://bucket/key`); readers get a presigned URL instead. */
  s3_url: string;
  /** The content type sniffed from the file's bytes (image/png, video/mp4, ...). */
  content_type: string;
  size: number;
  /** Set only by the thumbnail worker. */
  race_id: string | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** One media name in use: the unique `_id` reserves a name before its object is uploaded. */
export interface MediaNameEntry {
  _id: string;
  media_id: ObjectId;
  created_at: number;
}

/**
 * Documents with a unique name carry it twice: `name`, and `live_name` while not deleted. The unique sparse
 * index is on `live_name`, which a delete removes, so a deleted document never holds its name.
 */
export interface NgWordDocument {
  _id: ObjectId;
  name: string;
  live_name?: string;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface CategoryDocument {
  _id: ObjectId;
  name: string;
  live_name?: string;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** Category names the blog operations link to by name (the Blogs operations), seeded at start. */
export const RECAP_CATEGORY = 'レース結果・回顧';
export const PREDICTION_CATEGORY = 'レース予想・検証';
export const SEEDED_CATEGORIES = [RECAP_CATEGORY, PREDICTION_CATEGORY] as const;

export function toJsonText(value: Record<string, unknown>): JsonText {
  return JSON.stringify(value);
}

export function parseJsonText(text: JsonText): Record<string, unknown>;
export function parseJsonText(text: JsonText | null | undefined): Record<string, unknown> | null;
export function parseJsonText(text: JsonText | null | undefined): Record<string, unknown> | null {
  return typeof text === 'string' ? (JSON.parse(text) as Record<string, unknown>) : null;
}

export interface FoundRace {
  type: RacingType;
  race: RaceDocument;
}
