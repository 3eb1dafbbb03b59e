import type { ObjectId } from 'mongodb';
import type { RacingType } from './jobs';

/** Race documents keep the uploaded JSON as is; `_id` is its race_id. Times are ms since the epoch. */
export interface RaceDocument {
  _id: string;
  name: string;
  race_result: Record<string, unknown>;
  prediction: Record<string, unknown> | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
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
  accuracy_test_data: Record<string, unknown> | null;
  generation_error: string | null;
  custom_prompt: string | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface NgWordDocument {
  _id: ObjectId;
  name: string;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface FoundRace {
  type: RacingType;
  race: RaceDocument;
}
