/** One entry of a race result as the platform reads it; other fields of the uploaded JSON are kept as is. */
export interface FinishingEntry {
  rank: number;
  name: string;
  number: number | string | null;
  time: string | null;
}

/**
 * The finishing order of a race result: the entries that carry a positive integer `rank`, by rank.
 * Void or cancelled races have none, and the AI must not be asked to write about them (it would invent
 * a winner). The internal structure of race results is not in the spec: this reading is recorded in
 * docs/decisions.md.
 */
export function finishingOrder(raceResult: Record<string, unknown>): FinishingEntry[] {
  const entries = Array.isArray(raceResult.entries) ? (raceResult.entries as unknown[]) : [];
  return entries
    .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
    .filter((e) => Number.isInteger(e.rank) && (e.rank as number) >= 1)
    .map((e) => ({
      rank: e.rank as number,
      name: typeof e.name === 'string' ? e.name : '',
      number: typeof e.number === 'number' || typeof e.number === 'string' ? e.number : null,
      time: typeof e.time === 'string' ? e.time : null,
    }))
    .sort((a, b) => a.rank - b.rank);
}

export function hasFinishingOrder(raceResult: Record<string, unknown>): boolean {
  return finishingOrder(raceResult).length > 0;
}

/** The descriptive fields the spec lists for a race result, as strings ('' when absent). */
export function raceFacts(raceResult: Record<string, unknown>) {
  const text = (key: string) => (typeof raceResult[key] === 'string' ? (raceResult[key] as string) : '');
  return {
    raceId: text('race_id'),
    raceDate: text('race_date'),
    trackName: text('track_name'),
    raceNumber: text('race_number'),
    raceName: text('race_name'),
    weather: text('weather'),
  };
}
