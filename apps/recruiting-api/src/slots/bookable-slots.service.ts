import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '@platform/persistence';
import type { SchedulingConfig } from '../config';
import { REDIS_KEY_PREFIX, SCHEDULING_CONFIG } from '../config.tokens';
import { RecruitingDb } from '../database/recruiting-db';
import { cutSlots, sameSlots, type Slot, slotIdOf } from '../domain/slots';
import { AvailabilityRepository } from '../database/repositories/availability.repository';
import type { DayWindow } from './day-window';

/**
 * How long a project's computed slots are reused (and shared by concurrent requests) while Redis answers. Every replica
 * drops them at once when any replica changes a window or a reservation: the change bumps a generation in the shared
 * Redis, which each request reads; and they end early when their first slot starts. What the generation does not
 * follow (an interviewer's name changed at login) shows within this time.
 */
export const SLOTS_KEEP_MS = 30_000;

/**
 * How long they are reused while Redis cannot be reached: another replica's change takes up to this long to show (and a
 * booking of a slot taken in between is still refused by the exclusion constraint when it is confirmed).
 */
export const SLOTS_CACHE_MS = 1000;

/** Day windows of slots kept per computation (a project's pages ask for a few); the oldest goes first. */
const MAX_WINDOWS = 32;

interface CachedSlots {
  until: number;
  /** The shared generation the slots were computed under (undefined: Redis did not answer). */
  generation: string | undefined;
  durationMinutes: number;
  slots: Promise<IdentifiedSlot[]>;
  /** The slots of each day window asked for (`from|to`), one list per window and computation. */
  windows: Map<string, Promise<IdentifiedSlot[]>>;
  /**
   * The windows of the computation just before (not theirs in turn), whose lists are kept when they come out the same:
   * every change anywhere drops every project's slots (reservations cross projects), and the time limits recompute
   * them, while a project's slots change far less often. A kept list keeps what the HTTP layer made of it.
   */
  previous?: Map<string, Promise<IdentifiedSlot[]>>;
}

export interface IdentifiedSlot extends Slot {
  slotId: string;
}

/**
 * The bookable slots of a project (its windows cut by its interview length, minus confirmed reservations), shared by
 * the availability routes, reservations and public scheduling; and their cache, dropped on every replica at once.
 */
@Injectable()
export class BookableSlotsService {
  private readonly logger = new Logger('AvailabilitySlots');
  private readonly cache = new Map<number, CachedSlots>();
  private readonly generationKey: string;
  /** How many times the slots were computed. */
  readonly counts = { computed: 0 };

  constructor(
    private readonly db: RecruitingDb,
    private readonly windows: AvailabilityRepository,
    @Inject(SCHEDULING_CONFIG) private readonly config: SchedulingConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_KEY_PREFIX) prefix: string,
  ) {
    this.generationKey = `${prefix}slots:generation`;
  }

  /**
   * Forgets every project's computed slots, here and on every other replica (a window or a reservation changed, after
   * its commit; reservations cross projects). Never fails: without Redis the other replicas catch up within
   * SLOTS_CACHE_MS.
   */
  async invalidate(): Promise<void> {
    this.cache.clear();
    try {
      await this.redis.incr(this.generationKey);
    } catch (error) {
      this.logger.warn(`slots generation not bumped (Redis): ${(error as Error).message}`);
    }
  }

  /**
   * The project's bookable slots now: computed again when a change bumped the shared generation, their first slot
   * started, or SLOTS_KEEP_MS passed (SLOTS_CACHE_MS without Redis); shared by concurrent callers.
   */
  async slots(projectId: number, durationMinutes: number): Promise<IdentifiedSlot[]> {
    return (await this.cached(projectId, durationMinutes)).slots;
  }

  /**
   * The slots starting in a window of days, the same list (the same object) for every token of the project while they
   * stay the same: once per computation and window, and the list of the computation before when nothing in it changed.
   */
  async slotsInWindow(projectId: number, durationMinutes: number, window: DayWindow): Promise<IdentifiedSlot[]> {
    const entry = await this.cached(projectId, durationMinutes);
    const key = `${window.from?.getTime() ?? ''}|${window.before?.getTime() ?? ''}`;
    let kept = entry.windows.get(key);
    if (!kept) {
      if (entry.windows.size >= MAX_WINDOWS) entry.windows.delete(entry.windows.keys().next().value!);
      kept = entry.slots.then(async (slots) => {
        const now = slotsIn(slots, window);
        const before = await entry.previous?.get(key)?.catch(() => undefined);
        return before && sameSlots(before, now) ? before : now;
      });
      entry.windows.set(key, kept);
    }
    return kept;
  }

  /** The shared generation of the slots, or undefined when Redis does not answer (the cache then lives by time alone). */
  private async generation(): Promise<string | undefined> {
    try {
      return (await this.redis.get(this.generationKey)) ?? '0';
    } catch (error) {
      this.logger.warn(`slots generation not read (Redis): ${(error as Error).message}`);
      return undefined;
    }
  }

  private async cached(projectId: number, durationMinutes: number): Promise<CachedSlots> {
    const generation = await this.generation();
    const now = Date.now();
    const hit = this.cache.get(projectId);
    if (hit && hit.until > now && hit.durationMinutes === durationMinutes && hit.generation === generation) return hit;
    this.counts.computed += 1;
    const entry: CachedSlots = {
      until: now + (generation === undefined ? SLOTS_CACHE_MS : SLOTS_KEEP_MS),
      generation,
      durationMinutes,
      slots: this.compute(projectId, durationMinutes, new Date(now)),
      windows: new Map(),
      previous: hit?.windows,
    };
    // A failed computation is not kept; a slot starting before the entry expires ends it early.
    entry.slots.then(
      (slots) => {
        if (slots.length && slots[0].startAt.getTime() < entry.until) entry.until = slots[0].startAt.getTime();
      },
      () => this.cache.get(projectId) === entry && this.cache.delete(projectId),
    );
    this.cache.set(projectId, entry);
    return entry;
  }

  /** The project's bookable slots: its windows cut by its interview length, minus every confirmed reservation. */
  private async compute(projectId: number, durationMinutes: number, now: Date): Promise<IdentifiedSlot[]> {
    const windows = await this.windows.openWindows(this.db, projectId, now);
    if (windows.length === 0) return [];
    const interviewers = [...new Set(windows.map((w) => w.interviewerId))];
    const last = new Date(Math.max(...windows.map((w) => w.endAt.getTime())));
    const busy = await this.windows.busy(this.db, interviewers, now, last);
    return cutSlots(windows, durationMinutes, busy, now).map((slot) => ({
      ...slot,
      slotId: this.slotIdOf(slot.interviewerId, slot.startAt),
    }));
  }

  private readonly slotIds = new Map<string, string>();

  /** Slot ids are HMACs: remembered (bounded), since the same slots are asked for again and again. */
  private slotIdOf(interviewerId: number, startAt: Date): string {
    const key = `${interviewerId}|${startAt.getTime()}`;
    let id = this.slotIds.get(key);
    if (id === undefined) {
      if (this.slotIds.size >= 200_000) this.slotIds.clear();
      id = slotIdOf(this.config.slotKey, interviewerId, startAt);
      this.slotIds.set(key, id);
    }
    return id;
  }
}

/** The slots starting in a window of days. */
export function slotsIn<S extends Slot>(slots: S[], { from, before }: DayWindow): S[] {
  return from || before ? slots.filter((s) => (!from || s.startAt >= from) && (!before || s.startAt < before)) : slots;
}
