import { DatabaseBusyError, KeyedTurns, Slots } from './pool-waits';

/** A promise and the function that settles it, for work the test finishes when it chooses. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('KeyedTurns', () => {
  it('runs work of one key one at a time in arrival order, and work of other keys beside it', async () => {
    const turns = new KeyedTurns(10_000, 'a turn');
    const order: string[] = [];
    const first = gate();
    const a1 = turns.run('a', async () => {
      order.push('a1 start');
      await first.promise;
      order.push('a1 end');
    });
    const a2 = turns.run('a', async () => void order.push('a2'));
    const b = turns.run('b', async () => void order.push('b'));
    await b;
    expect(order).toEqual(['a1 start', 'b']);
    first.open();
    await Promise.all([a1, a2]);
    expect(order).toEqual(['a1 start', 'b', 'a1 end', 'a2']);
    expect(turns.activeKeys).toBe(0);
  });

  it('takes several keys in sorted order, so two callers naming them in different orders never wait for each other forever', async () => {
    const turns = new KeyedTurns(10_000, 'a turn');
    const done: string[] = [];
    await Promise.all([
      turns.run(['x', 'y'], async () => void done.push('xy')),
      turns.run(['y', 'x'], async () => void done.push('yx')),
      turns.run(['y', 'y'], async () => void done.push('yy')),
    ]);
    expect(done.sort()).toEqual(['xy', 'yx', 'yy']);
    expect(turns.activeKeys).toBe(0);
  });

  it('refuses a caller whose turn does not come within the wait with DatabaseBusyError; the queue goes on', async () => {
    const turns = new KeyedTurns(50, 'a turn at the survey');
    const held = gate();
    const holder = turns.run('a', () => held.promise);
    await expect(turns.run('a', async () => 'never')).rejects.toThrow(
      expect.objectContaining({ name: 'DatabaseBusyError', message: 'waited over 50 ms for a turn at the survey' }),
    );
    held.open();
    await holder;
    await expect(turns.run('a', async () => 'next')).resolves.toBe('next');
    expect(turns.activeKeys).toBe(0);
  });

  it('passes the work’s own failure through and frees the turn', async () => {
    const turns = new KeyedTurns(10_000, 'a turn');
    await expect(turns.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(turns.run('a', async () => 'after')).resolves.toBe('after');
  });
});

describe('Slots', () => {
  it('runs at most `size` at once, then refuses a caller who waited past the bound with DatabaseBusyError', async () => {
    const slots = new Slots(2, 50, 'a turn to save');
    const held = gate();
    let running = 0;
    let most = 0;
    const work = async () => {
      running += 1;
      most = Math.max(most, running);
      await held.promise;
      running -= 1;
    };
    const holders = [slots.run(work), slots.run(work)];
    const refused = slots.run(work);
    await expect(refused).rejects.toBeInstanceOf(DatabaseBusyError);
    held.open();
    await Promise.all(holders);
    expect(most).toBe(2);
    await expect(slots.run(async () => 'free again')).resolves.toBe('free again');
  });
});
