import { Injectable } from '@nestjs/common';
import { PermanentJobError } from '@platform/messaging';
import {
  conditionsSentence,
  favouriteOf,
  finishingOrder,
  podiumSentences,
  predictionLines,
  RACING_LABELS,
  raceHeadline,
  type RacingType,
  resultLines,
} from '@platform/race-content-data';
import { type BlogDraft, type BlogRequest, BlogWriter } from './blog-writer';

/**
 * AI_PROVIDER=local: deterministic Japanese blogs from the race data and past blogs only (no network, nothing
 * invented). Recaps tell the result, predictions the marks and their reasons, rewrites keep every line of the
 * past blog and add the race analysis when the blog has a race.
 */
@Injectable()
export class TemplateBlogWriter extends BlogWriter {
  async write(request: BlogRequest): Promise<BlogDraft> {
    if (request.kind === 'recap') return recap(request.raceResult, request.racingType, request.name);
    if (request.kind === 'prediction') return prediction(request);
    const lines = request.source.text.split('\n').filter((line) => line.trim() && line.trim() !== request.source.name.trim());
    const kept = {
      heading: request.source.category ? `${request.source.category}より` : '本文',
      paragraphs: lines.length > 0 ? lines : ['（本文なし）'],
    };
    if (!request.race) {
      return { summary: lines.slice(0, 3).map((line) => clip(line)), sections: [kept] };
    }
    const analysis = recap(request.race.raceResult, request.race.racingType, request.name);
    return {
      summary: [...analysis.summary.slice(0, 2), ...lines.slice(0, 1).map((line) => clip(line))],
      sections: [kept, { heading: 'レース結果の分析', paragraphs: analysis.sections.flatMap((s) => s.paragraphs) }],
    };
  }
}

function recap(raceResult: Record<string, unknown>, racingType: RacingType, name: string): BlogDraft {
  if (finishingOrder(raceResult).length === 0) throw new PermanentJobError('the race has no finishing order');
  const headline = raceHeadline(raceResult, name);
  const [lead, ...podium] = podiumSentences(raceResult, headline, racingType);
  const conditions = conditionsSentence(raceResult);
  return {
    summary: [lead, ...podium, ...(conditions ? [conditions] : [])],
    sections: [
      { heading: 'レース結果', paragraphs: resultLines(raceResult) },
      { heading: 'レース回顧', paragraphs: [lead, ...(conditions ? [conditions] : []), ...podium] },
    ],
  };
}

function prediction(request: Extract<BlogRequest, { kind: 'prediction' }>): BlogDraft {
  const lines = predictionLines(request.prediction);
  if (lines.length === 0) throw new PermanentJobError('the prediction has no entries');
  const headline = raceHeadline(request.raceResult, request.name);
  const favourite = favouriteOf(request.prediction);
  const conditions = conditionsSentence(request.raceResult);
  return {
    summary: [
      `${headline}（${RACING_LABELS[request.racingType]}）の予想です。`,
      `本命◎は${favourite}。`,
      `印は${lines.length}頭（名）に打ちました。`,
    ],
    sections: [
      { heading: '予想印', paragraphs: lines },
      { heading: '展望', paragraphs: [`本命は${favourite}とします。`, ...(conditions ? [conditions] : [])] },
    ],
  };
}

function clip(line: string, max = 80): string {
  const chars = [...line.trim()];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}
