/** ISO 8601 date-time with an explicit offset (Z or ±hh:mm), as every instant of the API is written. */
export const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The instant of a date-time text that matched DATE_TIME_PATTERN, or undefined when it names no real time (month 13). */
export function parseInstant(text: string): Date | undefined {
  if (!DATE_TIME_PATTERN.test(text)) return undefined;
  const [, month, day, hour, minute] = /^\d{4}-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text)!.map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return undefined;
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) return undefined;
  // Date rolls 2027-02-30 over to March: such a day does not exist.
  const probe = new Date(Date.UTC(Number(text.slice(0, 4)), month - 1, day));
  return probe.getUTCMonth() === month - 1 ? at : undefined;
}
