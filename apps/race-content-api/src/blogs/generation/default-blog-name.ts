import { type BlogKind, raceHeadline } from '@platform/race-content-data';

const SUFFIX: Record<BlogKind, string> = { recap: 'レース回顧', prediction: 'レース予想' };

/**
 * The name of a generated blog when none is sent: the race as its result names it (date, track, race number and
 * race name; the race's own name when the result has none of them) with a recap or prediction suffix.
 */
export function defaultBlogName(raceResult: Record<string, unknown>, raceName: string, kind: BlogKind): string {
  return `${raceHeadline(raceResult, raceName)} ${SUFFIX[kind]}`;
}
