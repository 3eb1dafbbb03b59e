import type { CostBounds } from './sweep-hostile';

export interface SweepRequest {
  label: string;
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  /** A function makes the body when the request is sent. */
  body?: string | Buffer | (() => string);
  /** What the request may cost (time, peak memory growth); hostile requests carry their own bounds. */
  bounds?: CostBounds;
  /** The statuses the request may get, when only some 4xx are right. */
  statuses?: number[];
  /** Sent whatever the budget: a class that must reach every field (the pathological strings), in rounds. */
  always?: boolean;
  round?: number;
  /** Longest this answer may take given the bytes of the body and the answer, when the class bounds it tighter. */
  timeBound?: (bytes: number) => number;
  /** The route's valid request: its time at that moment is added to the bound of a request that passed it. */
  baseline?: SweepRequest;
  /** Sent this many times at once (the concurrency class): every copy must be answered, none with a 5xx. */
  burst?: number;
}
