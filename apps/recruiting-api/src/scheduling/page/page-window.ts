import { DateTime } from 'luxon';
import { dayWindow, type DayWindow } from '../../slots/day-window';

/** Days the page shows at once when its address names none: a week, as a phone can take. */
export const PAGE_DAYS = 7;

/** Days `YYYY-MM-DD` in the project's time zone, inclusive; either end may be open. */
export interface DayRange {
  from?: string;
  to?: string;
}

export interface PageWindow {
  /** The days shown. */
  range: DayRange;
  window: DayWindow;
  /** The week that ends on the day of the last slot before the shown days, when there is one. */
  previous?: Required<DayRange>;
  /** The week that starts on the day of the first slot after the shown days, when there is one. */
  next?: Required<DayRange>;
}

const dayOf = (at: Date, zone: string) => DateTime.fromJSDate(at, { zone }).toISODate()!;
const plusDays = (day: string, days: number, zone: string) => DateTime.fromISO(day, { zone }).plus({ days }).toISODate()!;

/**
 * Which days the page shows and where its links lead: the days the address asks for (400 when malformed), else the
 * week from the day of the first slot (from today when there is none). The links skip empty weeks, so every link
 * shows slots. Slots come ordered by start.
 */
export function pageWindow(slots: ReadonlyArray<{ startAt: Date }>, zone: string, asked: DayRange, now: Date): PageWindow {
  let range: DayRange = asked;
  if (asked.from === undefined && asked.to === undefined) {
    const from = dayOf(slots[0]?.startAt ?? now, zone);
    range = { from, to: plusDays(from, PAGE_DAYS - 1, zone) };
  }
  const window = dayWindow(['from', range.from], ['to', range.to], zone);
  const before = window.from && slots.findLast((s) => s.startAt < window.from!);
  const after = window.before && slots.find((s) => s.startAt >= window.before!);
  const previousDay = before && dayOf(before.startAt, zone);
  const nextDay = after && dayOf(after.startAt, zone);
  return {
    range,
    window,
    previous: previousDay ? { from: plusDays(previousDay, 1 - PAGE_DAYS, zone), to: previousDay } : undefined,
    next: nextDay ? { from: nextDay, to: plusDays(nextDay, PAGE_DAYS - 1, zone) } : undefined,
  };
}
