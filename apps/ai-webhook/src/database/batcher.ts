/**
 * Gathers calls that arrive while a batch is running and runs them together as the next batch: one statement
 * (one round trip, one commit) for many callbacks under load, and no added wait when idle (a call arriving with
 * nothing in flight starts its batch at once). `run` answers one result per item, in order; when it throws,
 * every call of the batch gets the error.
 */
export class Batcher<I, O> {
  private queue: Array<{ item: I; resolve: (value: O) => void; reject: (error: unknown) => void }> = [];
  private running = false;

  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly maxBatch = 200,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        try {
          const results = await this.run(batch.map((entry) => entry.item));
          batch.forEach((entry, i) => entry.resolve(results[i]));
        } catch (error) {
          for (const entry of batch) entry.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
