import { Batcher } from './batcher';

describe('Batcher', () => {
  it('runs a call at once when idle, and gathers the calls that arrive meanwhile into the next batch', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const batcher = new Batcher<number, number>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await gate;
      return items.map((n) => n * 10);
    });
    const first = batcher.submit(1);
    const rest = [batcher.submit(2), batcher.submit(3), batcher.submit(4)];
    release();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('gives every call of a failed batch the error, and goes on with the next', async () => {
    let calls = 0;
    const batcher = new Batcher<number, number>(async (items) => {
      calls++;
      if (calls === 2) throw new Error('database down');
      return items;
    });
    const first = batcher.submit(1);
    const failing = [batcher.submit(2), batcher.submit(3)];
    expect(await first).toBe(1);
    await expect(failing[0]).rejects.toThrow('database down');
    await expect(failing[1]).rejects.toThrow('database down');
    expect(await batcher.submit(4)).toBe(4);
  });

  it('splits a long queue into batches of at most maxBatch', async () => {
    const sizes: number[] = [];
    const batcher = new Batcher<number, number>(async (items) => {
      sizes.push(items.length);
      return items;
    }, 2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.submit(n)));
    expect(sizes).toEqual([1, 2, 2]);
  });
});
