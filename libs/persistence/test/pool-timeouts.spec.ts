import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Pool, PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import { isDependencyBusy, isDependencyUnavailable } from '@platform/contracts';
import { useTestScope, waitFor } from '@platform/testing/harness';
import { postgresDataSourceOptions } from '../src';

/**
 * The two waits of an app's pool, apart: a request waits for a free connection of a busy pool up to the pool wait
 * (load, 503 "busy" past it), while opening a connection to a database that does not answer fails within the connect
 * timeout (an outage, 503), however long the pool wait.
 */
describe('the pool of an app against the real PostgreSQL', () => {
  const scope = useTestScope('pool_timeouts');

  const dataSourceOn = (url: string, options: { poolWaitMs: number; connectTimeoutMs?: number }) =>
    new DataSource(postgresDataSourceOptions({ url, schema: 'public', entities: [], migrations: [], poolSize: 1, ...options }));

  it('lets a request wait for a busy pool within the pool wait, and answers "busy" past it', async () => {
    const database = await scope.database();
    const source = dataSourceOn(database.url, { poolWaitMs: 400 });
    await source.initialize();
    scope.defer('the data source', () => source.destroy());
    const pool = (source.driver as unknown as { master: Pool }).master;
    let held: PoolClient = await pool.connect();

    // Waits while the only connection is busy, and gets it once it is free.
    const waiting = source.query('SELECT 1 AS one');
    await waitFor(async () => (pool.waitingCount === 1 ? true : undefined), { timeoutMs: 5000, what: 'the query to wait for the pool' });
    held.release();
    await expect(waiting).resolves.toEqual([{ one: 1 }]);

    // Refused as busy once it has waited past the bound; not before.
    held = await pool.connect();
    const started = Date.now();
    const error = await source.query('SELECT 1').catch((e: unknown) => e);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(isDependencyBusy(error)).toBe(true);
    expect(isDependencyUnavailable(error)).toBe(true);
    held.release();
    await expect(source.query('SELECT 2 AS two')).resolves.toEqual([{ two: 2 }]);
  });

  it('gives up opening a connection to a server that does not answer within the connect timeout, not the pool wait', async () => {
    // Accepts connections and never answers: a database that is hung or cut off.
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    scope.defer('the silent server', async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const { port } = silent.address() as AddressInfo;
    const source = dataSourceOn(`postgres://nobody@127.0.0.1:${port}/nothing`, { poolWaitMs: 60_000, connectTimeoutMs: 300 });
    const started = Date.now();
    const error = await source.initialize().catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(10_000);
    expect(isDependencyUnavailable(error)).toBe(true);
    expect(isDependencyBusy(error)).toBe(false);
  });
});
