import { ObjectId } from 'mongodb';
import type { ArticleDocument } from './documents';

/** A document a generation job writes: generating while it waits for the job of `generation_id`. */
export interface GeneratedDocument {
  status: string;
  generation_id?: string | null;
}

/**
 * The one test of "still waiting for this generation", for articles and blogs alike: the document is generating,
 * and for this generation when both name one (documents made before generation ids existed match any).
 */
export function waitsForGeneration(doc: GeneratedDocument, generationId: string | null | undefined): boolean {
  if (doc.status !== 'generating') return false;
  return !generationId || !doc.generation_id || doc.generation_id === generationId;
}

/**
 * A new article waiting for its first generation (POST /v1/articles/generation): empty body, no error, no prompt
 * (a null generation id: an article made before generation ids existed).
 */
export function generatingArticle(
  fields: Pick<ArticleDocument, 'race_id' | 'title' | 'opening_at' | 'closing_at'>,
  generationId: string | null,
  now: number,
): ArticleDocument {
  return {
    _id: new ObjectId(),
    ...fields,
    body_html: '',
    status: 'generating',
    accuracy_test_data_json: null,
    generation_error: null,
    custom_prompt: null,
    generation_id: generationId,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
}
