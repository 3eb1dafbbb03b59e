import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

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
      .then((changed) => {
        if (changed > 0) this.logger.warn({ changed }, 'released documents stuck in generating');
      })
      .catch((error: Error) => this.logger.warn({ err: error.message }, 'stuck-generation sweep failed'))
      .finally(() => (this.running = undefined));
    await this.running;
  }
}
