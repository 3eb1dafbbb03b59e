import { finishingOrder, raceFacts } from './race-result';
import type { RacingType } from '../jobs/jobs';

/**
 * Japanese sentences about a race written only from its data (the local, deterministic AI provider of both
 * workers): nothing is stated that race_result or the prediction does not say.
 */

export const RACING_LABELS: Record<RacingType, string> = { auto_racing: 'オートレース', bicycle_racing: '競輪', horse_racing: '競馬' };

type Entry = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

function rawEntries(data: Record<string, unknown>): Entry[] {
  return (Array.isArray(data.entries) ? data.entries : []).filter((e): e is Entry => typeof e === 'object' && e !== null);
}

/** `2026-11-01 東京11R 天皇賞（秋）`, or the fallback when the result names nothing. */
export function raceHeadline(raceResult: Record<string, unknown>, fallback = ''): string {
  const f = raceFacts(raceResult);
  const place = [f.trackName, f.raceNumber && `${f.raceNumber}R`].filter(Boolean).join('');
  return [f.raceDate, place, f.raceName].filter(Boolean).join(' ') || fallback;
}

/** Weather, going and distance as one sentence, or '' when the result says none of them. */
export function conditionsSentence(raceResult: Record<string, unknown>): string {
  const parts = [
    text(raceResult.weather) && `天候は${text(raceResult.weather)}`,
    text(raceResult.track_condition) && `馬場（走路）状態は${text(raceResult.track_condition)}`,
    text(raceResult.distance_m) && `距離は${text(raceResult.surface)}${text(raceResult.distance_m)}m`,
  ].filter(Boolean);
  return parts.length > 0 ? `${parts.join('、')}でした。` : '';
}

/** One line per finisher: `1着 ハヤテノカゼ（7番） タイム 1:56.8 着差 1 1/4 単勝 3.4倍（1番人気）`. */
export function resultLines(raceResult: Record<string, unknown>, limit = 5): string[] {
  const raw = rawEntries(raceResult);
  return finishingOrder(raceResult)
    .slice(0, limit)
    .map((entry) => {
      const source = raw.find((e) => e.rank === entry.rank && text(e.name) === entry.name) ?? {};
      return [
        `${entry.rank}着 ${entry.name || '不明'}${entry.number === null ? '' : `（${entry.number}番）`}`,
        entry.time && `タイム ${entry.time}`,
        text(source.margin) && `着差 ${text(source.margin)}`,
        text(source.odds) && `単勝 ${text(source.odds)}倍${text(source.popularity) ? `（${text(source.popularity)}番人気）` : ''}`,
      ]
        .filter(Boolean)
        .join(' ');
    });
}

/** The winner's sentence and the podium sentence. */
export function podiumSentences(raceResult: Record<string, unknown>, headline: string, racingType: RacingType): string[] {
  const order = finishingOrder(raceResult);
  const winners = order.filter((e) => e.rank === order[0].rank);
  const winner = winners.map((e) => e.name || '不明').join('と');
  const lead = `${headline}（${RACING_LABELS[racingType]}）は${winner}が${winners.length > 1 ? '同着で' : ''}1着でゴールしました。`;
  const second = order.filter((e) => e.rank === 2).map((e) => e.name || '不明');
  const third = order.filter((e) => e.rank === 3).map((e) => e.name || '不明');
  const rest = [second.length > 0 && `2着は${second.join('と')}`, third.length > 0 && `3着は${third.join('と')}`].filter(Boolean);
  return [lead, ...(rest.length > 0 ? [`${rest.join('、')}でした。`] : order.length === 1 ? ['完走は1名でした。'] : [])];
}

/** The prediction's marks, best first: `◎ ハヤテノカゼ（7番） 勝率29% 前走の末脚が鋭い`. */
export function predictionLines(prediction: Record<string, unknown>, limit = 6): string[] {
  return rawEntries(prediction)
    .filter((e) => text(e.name))
    .slice(0, limit)
    .map((e) => {
      const probability = typeof e.win_probability === 'number' ? `勝率${Math.round(e.win_probability * 100)}%` : '';
      return [`${text(e.mark) || '・'} ${text(e.name)}${text(e.number) ? `（${text(e.number)}番）` : ''}`, probability, text(e.comment)]
        .filter(Boolean)
        .join(' ');
    });
}

/** The entry the prediction marks best (◎, else the first). */
export function favouriteOf(prediction: Record<string, unknown>): string {
  const entries = rawEntries(prediction).filter((e) => text(e.name));
  return text((entries.find((e) => text(e.mark) === '◎') ?? entries[0])?.name);
}
