import { fastifyMultipart } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** The request hooks @fastify/multipart adds, only for the temporary files of its disk mode (`saveRequestFiles`). */
const DISK_MODE_HOOKS = new Set(['onRequest', 'onResponse']);

/**
 * @fastify/multipart on the root instance, registered by the platform (Nest's adapter is told not to), without its two
 * request hooks: they remove the temporary files of `saveRequestFiles`, which nothing here calls (Nest's upload
 * interceptors read `request.parts()` into their own storage), yet they would run on every request of every route, an
 * async pair and a 'close' listener per request, about 1 µs of the cheapest route's 19
 * (docs/decisions.md, "Per-request work on every route").
 * Everything else the plugin registers (the multipart parser, the request decorators) is the plugin's own.
 */
export async function registerMultipart(fastify: FastifyInstance): Promise<void> {
  const withoutDiskHooks: FastifyInstance = Object.create(fastify, {
    addHook: {
      value: (name: string, hook: never) => (DISK_MODE_HOOKS.has(name) ? withoutDiskHooks : fastify.addHook(name as never, hook)),
    },
  });
  await new Promise<void>((resolve, reject) =>
    fastifyMultipart(withoutDiskHooks, {}, (error?: Error) => (error ? reject(error) : resolve())),
  );
}
