/**
 * A queue and the message class it carries. Services declare their own (race content's live in
 * libs/race-content-data, recruiting's in its app); publishers and consumers validate against the class.
 */
export interface QueueDefinition<T extends object = object> {
  readonly name: string;
  readonly message: new () => T;
}

export function defineQueue<T extends object>(name: string, message: new () => T): QueueDefinition<T> {
  return { name, message };
}

/** The message type a queue definition carries. */
export type MessageOf<Q> = Q extends QueueDefinition<infer T> ? T : never;

/** Physical names of a queue's three parts, under an optional environment prefix. */
export interface QueueTopology {
  main: string;
  /** Failed attempts wait here for the retry delay, then dead-letter back into main. */
  retry: string;
  /** Messages that failed their last attempt, or were malformed. */
  dead: string;
}

export function topologyOf(queue: QueueDefinition | string, prefix = ''): QueueTopology {
  const main = `${prefix}${typeof queue === 'string' ? queue : queue.name}`;
  return { main, retry: `${main}.retry`, dead: `${main}.dlq` };
}
