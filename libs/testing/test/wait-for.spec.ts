import { notYet, NotYet, TimedOut, waitFor } from '../src/harness';

describe('waitFor: polls until a value, fails at once on anything but "not yet"', () => {
  it('fails at once with the assertion a probe makes, not after the deadline', async () => {
    let calls = 0;
    const started = Date.now();
    const waited = waitFor(
      () => {
        calls++;
        expect(503).toBe(200);
        return true;
      },
      { timeoutMs: 5000, intervalMs: 10, what: 'the assertion' },
    );
    await expect(waited).rejects.toThrow(/Expected: 200\s+Received: 503/);
    // Generous for a loaded machine, far below the 5 s a wait that swallowed the assertion would take.
    expect(Date.now() - started).toBeLessThan(2500);
    expect(calls).toBe(1);
  });

  it('fails at once with any other error a probe throws, unchanged', async () => {
    const broken = new TypeError('cannot read the status of undefined');
    await expect(waitFor(() => Promise.reject(broken), { timeoutMs: 5000 })).rejects.toBe(broken);
  });

  it('polls again while the probe returns undefined or throws NotYet, and answers the first value', async () => {
    let calls = 0;
    const value = await waitFor(
      async () => {
        calls++;
        if (calls === 1) return undefined;
        if (calls === 2) throw new NotYet('still starting');
        if (calls === 3) return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1')).catch(notYet);
        return 'ready';
      },
      { timeoutMs: 5000, intervalMs: 1 },
    );
    expect({ value, calls }).toEqual({ value: 'ready', calls: 4 });
  });

  it('names what it waited for and the last reason it was given when the deadline passes', async () => {
    const waited = waitFor(() => notYet(new Error('connect ECONNREFUSED 127.0.0.1:1')), {
      timeoutMs: 50,
      intervalMs: 5,
      what: 'the store to answer',
    });
    await expect(waited).rejects.toThrow('timed out after 50 ms waiting for the store to answer (last: connect ECONNREFUSED 127.0.0.1:1)');
    await expect(waited).rejects.toBeInstanceOf(TimedOut);
  });

  it('answers falsy values other than undefined (false, 0, null are results)', async () => {
    expect(await waitFor(() => false)).toBe(false);
    expect(await waitFor(() => 0)).toBe(0);
    expect(await waitFor(() => null)).toBeNull();
  });
});
