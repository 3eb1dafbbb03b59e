import { type Plan, startTrafficControl, stopAt, trafficBoundMs, trafficEndAt } from './schedule';

/** The smoke's plan: 30 s of traffic, recruiting-api then article-worker stopped. */
const SMOKE: Plan = { durationMs: 30_000, stops: 2, restartBoundMs: 120_000 };

/** The moments of a run whose replicas take `readyAfter[i]` ms each to be ready again. */
function run(plan: Plan, readyAfter: number[]) {
  const stops: number[] = [];
  let readyAt = 0;
  for (const [i, took] of readyAfter.entries()) {
    stops.push(stopAt(plan, i, readyAt));
    readyAt = stops[i] + took;
  }
  return { stops, end: trafficEndAt(plan, readyAt) };
}

describe("the soak's schedule", () => {
  it('spreads the stops over the duration when the platform is quick, with traffic after the last', () => {
    expect(run(SMOKE, [5000, 5000])).toEqual({ stops: [10_000, 20_000], end: 35_000 });
    expect(run(SMOKE, [1000, 1000])).toEqual({ stops: [10_000, 20_000], end: 31_000 });
  });

  it('stops the next replica only once the previous is ready again, and runs the traffic on past the last', () => {
    // The CI run that failed: recruiting-api took 21.6 s to be ready after SIGTERM, past the 30 s of a fixed clock.
    expect(run(SMOKE, [21_600, 7500])).toEqual({ stops: [10_000, 31_600], end: 49_100 });
  });

  it('gives k6 a bound that even restarts at their own bound stay within', () => {
    const slowest = run(SMOKE, [SMOKE.restartBoundMs, SMOKE.restartBoundMs]);
    expect(slowest.end).toBeLessThanOrEqual(trafficBoundMs(SMOKE));
    const full: Plan = { durationMs: 300_000, stops: 6, restartBoundMs: 120_000 };
    expect(run(full, Array(6).fill(full.restartBoundMs)).end).toBeLessThanOrEqual(trafficBoundMs(full));
  });

  it('tells each virtual user to run until the soak stops the traffic, then counts the ones told to stop', async () => {
    const control = await startTrafficControl();
    try {
      const ask = async (vu: number) => (await fetch(`${control.url}/?vu=${vu}&of=2`)).text();
      expect([await ask(1), await ask(2)]).toEqual(['run', 'run']);
      expect(control.idle()).toEqual({ idle: 0, of: 2 });
      control.stop();
      expect(await ask(1)).toBe('stop');
      expect(control.idle()).toEqual({ idle: 1, of: 2 });
      expect([await ask(1), await ask(2)]).toEqual(['stop', 'stop']);
      expect(control.idle()).toEqual({ idle: 2, of: 2 });
    } finally {
      await control.close();
    }
  });
});
