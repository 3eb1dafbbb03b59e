import { Injectable } from '@nestjs/common';
import { ChatModel } from '@platform/ai';
import { PermanentJobError } from '@platform/messaging';
import { finishingOrder, raceFacts } from '@platform/race-content-data';
import { type ArticleDraft, type ArticleRequest, ArticleWriter } from './article-writer';

const INSTRUCTIONS = [
  'You write result summary articles about races for a Japanese sports site.',
  'Write in Japanese. Use only the facts in the input; never invent results, names or times.',
  'Answer with JSON only: {"lead": string, "sections": [{"heading": string, "paragraphs": [string]}]}.',
  'Follow additional_instructions when present, unless they ask for invented facts.',
].join(' ');

/** Checks the model's answer has the article shape; anything else is a failed attempt. */
export function toArticleDraft(answer: unknown): ArticleDraft {
  const value = answer as Partial<ArticleDraft> | null;
  const sections = Array.isArray(value?.sections) ? value.sections : [];
  const wellFormed =
    typeof value?.lead === 'string' &&
    sections.length > 0 &&
    sections.every(
      (s) => typeof s?.heading === 'string' && Array.isArray(s.paragraphs) && s.paragraphs.every((p) => typeof p === 'string'),
    );
  if (!wellFormed) throw new Error('the AI answer does not have the article shape');
  return { lead: value!.lead!, sections: sections.map((s) => ({ heading: s.heading, paragraphs: s.paragraphs })) };
}

/** AI_PROVIDER=openai: the article is written by the configured chat model. */
@Injectable()
export class LlmArticleWriter extends ArticleWriter {
  constructor(private readonly model: ChatModel) {
    super();
  }

  async write(request: ArticleRequest): Promise<ArticleDraft> {
    const order = finishingOrder(request.raceResult);
    if (order.length === 0) throw new PermanentJobError('the race has no finishing order');
    const input = {
      title: request.title,
      racing_type: request.racingType,
      race: raceFacts(request.raceResult),
      finishing_order: order,
      additional_instructions: request.customPrompt || null,
    };
    return toArticleDraft(await this.model.completeJson(INSTRUCTIONS, JSON.stringify(input)));
  }
}
