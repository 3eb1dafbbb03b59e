import type { INestApplication } from '@nestjs/common';
import { freePort } from '@platform/testing/harness';

/** Serves a test kit's app on a free local port (the client speaks real HTTP); answers its base URL. */
export async function listen(app: INestApplication, port?: number): Promise<string> {
  const chosen = port ?? (await freePort());
  await app.listen(chosen, '127.0.0.1');
  return `http://127.0.0.1:${chosen}`;
}

/** A fetch that counts the requests to one path (the refresh), passing everything to the real fetch. */
export function countingFetch(path: string) {
  const counted = { calls: 0, requests: [] as Request[] };
  const wrapped = (request: Request) => {
    if (new URL(request.url).pathname === path) counted.calls++;
    counted.requests.push(request);
    return fetch(request);
  };
  return Object.assign(counted, { fetch: wrapped });
}
