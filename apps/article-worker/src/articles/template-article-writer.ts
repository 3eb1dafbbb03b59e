import { Injectable } from '@nestjs/common';
import { PermanentJobError } from '@platform/messaging';
import { conditionsSentence, finishingOrder, podiumSentences, raceHeadline, resultLines } from '@platform/race-content-data';
import { type ArticleDraft, type ArticleRequest, ArticleWriter } from './article-writer';

/**
 * AI_PROVIDER=local: a deterministic Japanese article built only from the race result (winner, placings, times,
 * margins, odds, weather, going, track), so development and tests run the whole pipeline with no network and no
 * invented facts. A custom prompt has no effect here (it reaches the OpenAI-compatible provider).
 */
@Injectable()
export class TemplateArticleWriter extends ArticleWriter {
  async write(request: ArticleRequest): Promise<ArticleDraft> {
    const order = finishingOrder(request.raceResult);
    if (order.length === 0) throw new PermanentJobError('the race has no finishing order');
    const headline = raceHeadline(request.raceResult, request.title);
    const [lead, ...podium] = podiumSentences(request.raceResult, headline, request.racingType);
    const conditions = conditionsSentence(request.raceResult);
    return {
      lead,
      sections: [
        { heading: 'レース結果', paragraphs: resultLines(request.raceResult) },
        { heading: 'レース概況', paragraphs: [conditions || '天候の記録はありません。', ...podium] },
      ],
    };
  }
}
