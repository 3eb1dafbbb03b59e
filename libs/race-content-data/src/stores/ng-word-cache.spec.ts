import { NgWordCache } from './ng-word-cache';
import type { NgWordStore } from './ng-word.store';

describe('NgWordCache', () => {
  it('reads the list once per expiry, so an added word takes effect once the cached list expires', async () => {
    let words = ['八百長'];
    let reads = 0;
    const store = { activeWords: async () => (reads++, [...words]) } as unknown as NgWordStore;
    const cache = new NgWordCache(store, 30_000);
    const t0 = Date.now();
    expect(await cache.current(t0)).toEqual(['八百長']);
    words = ['八百長', '談合'];
    expect(await cache.current(t0 + 29_000)).toEqual(['八百長']);
    expect(reads).toBe(1);
    expect(await cache.current(Date.now() + 30_001)).toEqual(['八百長', '談合']);
    expect(reads).toBe(2);
  });

  it('shares one load between concurrent readers and does not cache a failed load', async () => {
    let reads = 0;
    let fail = true;
    const store = {
      activeWords: async () => {
        reads++;
        if (fail) throw new Error('down');
        return ['x'];
      },
    } as unknown as NgWordStore;
    const cache = new NgWordCache(store, 30_000);
    await expect(Promise.all([cache.current(), cache.current()])).rejects.toThrow('down');
    expect(reads).toBe(1);
    fail = false;
    expect(await cache.current()).toEqual(['x']);
  });
});
