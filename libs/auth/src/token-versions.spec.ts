import { TokenVersionCheck, UserVersionStore } from './token-versions';

/** Token versions as a map, standing in for Redis, counting reads; `down` makes every read fail. */
class CountingStore extends UserVersionStore {
  readonly versions = new Map<number, number>();
  reads = 0;
  down = false;
  async current(userId: number) {
    this.reads++;
    if (this.down) throw new Error('connection refused');
    return this.versions.get(userId) ?? 0;
  }
  async bump(userId: number) {
    this.versions.set(userId, (this.versions.get(userId) ?? 0) + 1);
    return this.versions.get(userId)!;
  }
}

describe('TokenVersionCheck', () => {
  let store: CountingStore;
  let now: number;
  const check = (options: { maxUsers?: number } = {}) => new TokenVersionCheck(store, { cacheMs: 1000, now: () => now, ...options });

  beforeEach(() => {
    store = new CountingStore();
    now = 0;
  });

  it('accepts the current version and refuses an older one once the store says so', async () => {
    const versions = check();
    await expect(versions.isCurrent(1, 0)).resolves.toBe(true);
    await store.bump(1);
    now += 1000;
    await expect(versions.isCurrent(1, 0)).resolves.toBe(false);
    expect(versions.isCurrent(1, 1)).toBe(true);
  });

  it('reads each user once per second, answering from the reading synchronously meanwhile', async () => {
    const versions = check();
    await versions.isCurrent(1, 0);
    await store.bump(1);
    now += 999;
    expect(versions.isCurrent(1, 0)).toBe(true);
    expect(store.reads).toBe(1);
    now += 1;
    await expect(versions.isCurrent(1, 0)).resolves.toBe(false);
    expect(store.reads).toBe(2);
  });

  it('shares one read among the requests that wait for it', async () => {
    const versions = check();
    const answers = await Promise.all([versions.isCurrent(1, 0), versions.isCurrent(1, 0), versions.isCurrent(1, 1)]);
    expect(answers).toEqual([true, true, false]);
    expect(store.reads).toBe(1);
  });

  it('keeps a version it saw while the store is down, and takes other tokens on their claims', async () => {
    const versions = check();
    await store.bump(1);
    await versions.isCurrent(1, 1);
    store.down = true;
    now += 5000;
    await expect(versions.isCurrent(1, 0)).resolves.toBe(false);
    await expect(versions.isCurrent(1, 1)).resolves.toBe(true);
    await expect(versions.isCurrent(2, 0)).resolves.toBe(true);
    store.down = false;
    await store.bump(2);
    await expect(versions.isCurrent(2, 0)).resolves.toBe(false);
  });

  it('forgets the least recently read users past its bound', async () => {
    const versions = check({ maxUsers: 2 });
    for (const user of [1, 2, 3]) await versions.isCurrent(user, 0);
    expect(store.reads).toBe(3);
    expect(versions.isCurrent(3, 0)).toBe(true);
    expect(versions.isCurrent(2, 0)).toBe(true);
    await versions.isCurrent(1, 0);
    expect(store.reads).toBe(4);
  });
});
