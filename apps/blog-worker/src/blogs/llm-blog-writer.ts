import { Injectable } from '@nestjs/common';
import { ChatModel } from '@platform/ai';
import { finishingOrder, raceFacts } from '@platform/race-content-data';
import { type BlogDraft, type BlogRequest, BlogWriter } from './blog-writer';

const INSTRUCTIONS = {
  recap: 'Write a Japanese recap blog of the race in the input. Use only its facts; never invent results, names or times.',
  prediction: 'Write a Japanese prediction blog from the marks and entries in the input. Use only its facts; never invent results.',
  rewrite:
    'Rewrite the Japanese blog in source for today, preserving its content and facts. When race is present, add an analysis of ' +
    'that race from its data only. When race is null, do only a content-preserving rewrite without any race analysis.',
};
const SHAPE =
  'Answer with JSON only: {"summary": [string, 2 to 4 short points], "sections": [{"heading": string, "paragraphs": [string]}]}.';

/** Checks the model's answer has the blog shape; anything else is a failed attempt. */
export function toBlogDraft(answer: unknown): BlogDraft {
  const value = answer as Partial<BlogDraft> | null;
  const strings = (list: unknown): list is string[] => Array.isArray(list) && list.every((s) => typeof s === 'string');
  const sections = Array.isArray(value?.sections) ? value.sections : [];
  const wellFormed =
    strings(value?.summary) && sections.length > 0 && sections.every((s) => typeof s?.heading === 'string' && strings(s.paragraphs));
  if (!wellFormed) throw new Error('the AI answer does not have the blog shape');
  return { summary: value!.summary!, sections: sections.map((s) => ({ heading: s.heading, paragraphs: s.paragraphs })) };
}

/** AI_PROVIDER=openai: the blog is written by the configured chat model. */
@Injectable()
export class LlmBlogWriter extends BlogWriter {
  constructor(private readonly model: ChatModel) {
    super();
  }

  async write(request: BlogRequest): Promise<BlogDraft> {
    const race = (raceResult: Record<string, unknown>) => ({ ...raceFacts(raceResult), finishing_order: finishingOrder(raceResult) });
    const input =
      request.kind === 'rewrite'
        ? {
            title: request.name,
            source: request.source,
            race: request.race ? { racing_type: request.race.racingType, ...race(request.race.raceResult) } : null,
          }
        : {
            title: request.name,
            racing_type: request.racingType,
            race: request.kind === 'recap' ? race(request.raceResult) : raceFacts(request.raceResult),
            ...(request.kind === 'prediction' ? { prediction: request.prediction } : {}),
          };
    return toBlogDraft(await this.model.completeJson(`${INSTRUCTIONS[request.kind]} ${SHAPE}`, JSON.stringify(input)));
  }
}
