import { DateTime } from 'luxon';
import { invalidField } from '../recruiting.errors';

/** The days a query names, `YYYY-MM-DD` in the project's time zone, as instants: [from, before). */
export interface DayWindow {
  from?: Date;
  before?: Date;
}

/** The start of a day `YYYY-MM-DD` in a time zone; 400 VALIDATION_FAILED when it names no real day (2027-02-30). */
function dayStart(field: string, day: string, zone: string): DateTime {
  const at = DateTime.fromISO(day, { zone });
  if (!at.isValid) throw invalidField(field, `${field} is not a real day`);
  return at.startOf('day');
}

/**
 * A window of whole days, both ends optional and inclusive, read in the project's time zone: from the first day's start
 * to the end of the last. 400 VALIDATION_FAILED when a day is not real or the first comes after the last.
 */
export function dayWindow(first: [field: string, day?: string], last: [field: string, day?: string], zone: string): DayWindow {
  const from = first[1] === undefined ? undefined : dayStart(first[0], first[1], zone);
  const end = last[1] === undefined ? undefined : dayStart(last[0], last[1], zone);
  if (from && end && from > end) throw invalidField(first[0], `${first[0]} must not be after ${last[0]}`);
  return { from: from?.toJSDate(), before: end?.plus({ days: 1 }).toJSDate() };
}
