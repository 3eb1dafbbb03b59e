import { createHmac } from 'node:crypto';

export interface AvailabilityWindow {
  interviewerId: number;
  interviewerName: string;
  startAt: Date;
  endAt: Date;
}

export interface BusyRange {
  interviewerId: number;
  startAt: Date;
  endAt: Date;
}

export interface Slot {
  interviewerId: number;
  interviewerName: string;
  startAt: Date;
  endAt: Date;
}

/**
 * The bookable slots: each window cut into consecutive pieces of `durationMinutes` from its start (a shorter rest is
 * dropped), without pieces that overlap a busy range of the same interviewer or start before `now`; one slot per
 * interviewer and start (overlapping windows give it once), ordered by start, then interviewer.
 */
export function cutSlots(windows: AvailabilityWindow[], durationMinutes: number, busy: BusyRange[], now: Date): Slot[] {
  const step = durationMinutes * 60_000;
  if (!(step > 0)) return [];
  const busyBy = new Map<number, Array<[number, number]>>();
  for (const b of busy) {
    const list = busyBy.get(b.interviewerId) ?? [];
    list.push([b.startAt.getTime(), b.endAt.getTime()]);
    busyBy.set(b.interviewerId, list);
  }
  for (const list of busyBy.values()) list.sort((a, b) => a[0] - b[0]);
  const seen = new Set<string>();
  const out: Slot[] = [];
  const nowMs = now.getTime();
  for (const w of windows) {
    const ranges = busyBy.get(w.interviewerId) ?? [];
    const end = w.endAt.getTime();
    for (let start = w.startAt.getTime(); start + step <= end; start += step) {
      if (start < nowMs) continue;
      const key = `${w.interviewerId}:${start}`;
      if (seen.has(key)) continue;
      if (overlaps(ranges, start, start + step)) continue;
      seen.add(key);
      out.push({
        interviewerId: w.interviewerId,
        interviewerName: w.interviewerName,
        startAt: new Date(start),
        endAt: new Date(start + step),
      });
    }
  }
  return out.sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || a.interviewerId - b.interviewerId);
}

/** Whether [start, end) meets any of the ranges, sorted by start. */
function overlaps(ranges: Array<[number, number]>, start: number, end: number): boolean {
  for (const [s, e] of ranges) {
    if (s >= end) return false;
    if (e > start) return true;
  }
  return false;
}

/** A slot's id: stable (same interviewer and start, same id) and opaque (an HMAC; it reveals no internal id). */
export function slotIdOf(key: string, interviewerId: number, startAt: Date): string {
  return createHmac('sha256', `slot-id:${key}`).update(`${interviewerId}|${startAt.toISOString()}`).digest('base64url').slice(0, 22);
}

/**
 * Whether two lists hold the same slots in the same order (interviewer, name, start, end): a computation of the slots
 * that gives the same list as the one before keeps the earlier list, and with it whatever was made from it.
 */
export function sameSlots(a: readonly Slot[], b: readonly Slot[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [a[i], b[i]];
    if (
      x.interviewerId !== y.interviewerId ||
      x.interviewerName !== y.interviewerName ||
      x.startAt.getTime() !== y.startAt.getTime() ||
      x.endAt.getTime() !== y.endAt.getTime()
    ) {
      return false;
    }
  }
  return true;
}
