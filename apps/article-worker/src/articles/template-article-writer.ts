import { Injectable } from '@nestjs/common';
import { PermanentJobError } from '@platform/messaging';
import { finishingOrder, type FinishingEntry, raceFacts } from '@platform/race-content-data';
import { type ArticleDraft, type ArticleRequest, ArticleWriter } from './article-writer';

const RACING_LABELS = { auto_racing: 'オートレース', bicycle_racing: '競輪', horse_racing: '競馬' } as const;

function entryLine(entry: FinishingEntry): string {
  const number = entry.number === null ? '' : `（${entry.number}番）`;
  const time = entry.time ? ` タイム ${entry.time}` : '';
  return `${entry.rank}着 ${entry.name || '不明'}${number}${time}`;
}

/**
 * AI_PROVIDER=local: a deterministic article built only from the race result, so development and tests
 * run the whole pipeline with no network and no invented facts.
 */
@Injectable()
export class TemplateArticleWriter extends ArticleWriter {
  async write(request: ArticleRequest): Promise<ArticleDraft> {
    const order = finishingOrder(request.raceResult);
    if (order.length === 0) throw new PermanentJobError('the race has no finishing order');
    const facts = raceFacts(request.raceResult);
    const race = [facts.raceDate, facts.trackName, facts.raceNumber && `${facts.raceNumber}R`, facts.raceName].filter(Boolean).join(' ');
    const winner = order[0];
    const lead = `${race || request.title}（${RACING_LABELS[request.racingType]}）は${winner.name || '不明'}が1着でゴールしました。`;
    const sections = [
      { heading: 'レース結果', paragraphs: order.slice(0, 5).map(entryLine) },
      {
        heading: 'レース概況',
        paragraphs: [
          facts.weather ? `天候は${facts.weather}。` : '天候の記録はありません。',
          order.length > 1 ? `2着は${order[1].name || '不明'}でした。` : '完走は1名でした。',
        ],
      },
    ];
    return { lead, sections };
  }
}
