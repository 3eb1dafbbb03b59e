// When the soak stops each replica and when it ends the traffic: at the platform's pace, not by a fixed clock. A
// replica that takes long to be ready again (a busy machine) pushes the next stop and the end of the traffic out, up
// to a bound; the planned duration spreads the stops when the platform is quick. All times are ms since the traffic began.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Plan {
  /** The traffic's planned length (SOAK_DURATION). */
  durationMs: number;
  /** Replicas stopped in turn. */
  stops: number;
  /** How long one replica may take to be ready again before the soak fails. */
  restartBoundMs: number;
}

/** The duration shared evenly between the stops and the traffic after the last one. */
const share = ({ durationMs, stops }: Plan) => durationMs / (stops + 1);

/** When stop `i` (from 0) may happen: its even share of the duration, and never before the previous replica is ready again. */
export function stopAt(plan: Plan, i: number, previousReadyAt: number): number {
  return Math.max((i + 1) * share(plan), previousReadyAt);
}

/** When the traffic ends: not before the planned duration, and a share after the last replica was ready again. */
export function trafficEndAt(plan: Plan, lastReadyAt: number): number {
  return Math.max(plan.durationMs, lastReadyAt + share(plan));
}

/** The longest the traffic may run: the planned duration, plus every restart at its bound. k6 is given this duration. */
export function trafficBoundMs(plan: Plan): number {
  return plan.durationMs + plan.stops * plan.restartBoundMs + share(plan);
}

export interface TrafficControl {
  /** Where k6's virtual users ask whether to go on (traffic.k6.js). */
  url: string;
  /** From now on every virtual user that asks is told to stop: it ends its iteration and idles. */
  stop(): void;
  /** Virtual users told to stop, of how many k6 runs (0 until one has asked). */
  idle(): { idle: number; of: number };
  close(): Promise<void>;
}

/**
 * The soak's say over k6's traffic. Each virtual user asks at the start of an iteration, at most once a second
 * (`GET /?vu=<id>&of=<virtual users>`): "run", or once the soak has had its traffic, "stop", after which the user makes no
 * request again. When every user has been told, nothing is in flight and k6 can be ended without cutting a request.
 */
export async function startTrafficControl(): Promise<TrafficControl> {
  let stopping = false;
  let of = 0;
  const told = new Set<number>();
  const server = createServer((req, res) => {
    const asked = new URL(req.url ?? '/', 'http://control').searchParams;
    of = Number(asked.get('of')) || of;
    if (stopping) told.add(Number(asked.get('vu')));
    res.writeHead(200, { 'content-type': 'text/plain' }).end(stopping ? 'stop' : 'run');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => void (stopping = true),
    idle: () => ({ idle: told.size, of }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
