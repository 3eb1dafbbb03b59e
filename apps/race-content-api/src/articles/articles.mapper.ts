import { type ArticleDocument, parseJsonText } from '@platform/race-content-data';
import type { ArticleResponse } from './dto/article.dto';

export function toArticleResponse(article: ArticleDocument): ArticleResponse {
  return {
    id: article._id.toHexString(),
    race_id: article.race_id,
    title: article.title,
    body_html: article.body_html,
    status: article.status,
    opening_at: article.opening_at,
    closing_at: article.closing_at ?? null,
    accuracy_test_data: parseJsonText(article.accuracy_test_data_json),
    generation_error: article.generation_error ?? null,
    custom_prompt: article.custom_prompt ?? null,
    created_at: article.created_at,
    updated_at: article.updated_at,
  };
}
