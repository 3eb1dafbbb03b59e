import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { gaugeMetric } from '@platform/runtime';

/** How long the oldest document still generating has waited: what the "jobs older than the sweeper bound" alert reads. */
const oldestPending = () =>
  gaugeMetric({
    name: 'generation_oldest_pending_seconds',
    help: 'Age of the oldest article or blog still generating (0 when none), as of the last sweep.',
    labelNames: ['kind'] as const,
  });

/** When a sweeper last finished a sweep without error: what the "sweeper stopped" alert reads. */
const lastSuccess = () =>
  gaugeMetric({
    name: 'sweeper_last_success_timestamp_seconds',
    help: 'When the stuck-generation sweeper of this kind last finished a sweep without error (Unix time, in seconds).',
    labelNames: ['kind'] as const,
  });

/**
 * Runs `sweep` every interval (first run right after start-up), never two at once; a failing sweep is logged and
 * tried again at the next tick. Workers use it to release documents stuck in generating.
 */
export abstract class PeriodicSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  protected abstract readonly logger: Logger;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(private readonly intervalMs: number) {}

  /** Does one sweep; answers how many documents it changed. */
  abstract sweep(now?: number): Promise<number>;

  /** What the sweeper looks after (`article`, `blog`), and when its oldest document still generating last changed. */
  protected abstract readonly kind: string;
  protected abstract oldestGeneratingSince(): Promise<number | undefined>;

  /** Sets `generation_oldest_pending_seconds` for this kind from the store. */
  async measurePending(now = Date.now()): Promise<void> {
    const since = await this.oldestGeneratingSince();
    oldestPending().set({ kind: this.kind }, since === undefined ? 0 : Math.max(0, (now - since) / 1000));
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
    void this.tick();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.sweep()
      .then(async (changed) => {
        if (changed > 0) this.logger.warn({ changed }, 'released documents stuck in generating');
        await this.measurePending();
        lastSuccess().set({ kind: this.kind }, Date.now() / 1000);
      })
      .catch((error: Error) => this.logger.warn({ err: error.message }, 'stuck-generation sweep failed'))
      .finally(() => (this.running = undefined));
    await this.running;
  }
}
