import { Client } from 'pg';
import { testServices, uniqueName, waitFor } from './test-services';

export interface TestDatabase {
  name: string;
  url: string;
  /** Drops the database once nothing is connected to it (see dropDatabaseWhenUnused). */
  drop(): Promise<void>;
}

function urlFor(database: string): string {
  const url = new URL(testServices.postgresUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdminClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: testServices.postgresUrl, application_name: 'test-admin' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * An empty PostgreSQL database of its own for one test file, so files run in parallel. The name is made unique
 * from `prefix`, or taken as it is with `exact` (a TestScope hands out names that are unique already).
 */
export async function createTestDatabase(prefix = 'test', { exact = false } = {}): Promise<TestDatabase> {
  const name = exact ? prefix : uniqueName(prefix).toLowerCase();
  await withAdminClient((client) => client.query(`CREATE DATABASE "${name}"`));
  return {
    name,
    url: urlFor(name),
    drop: async () => {
      const holders = await dropDatabaseWhenUnused(name);
      if (holders.length) throw new Error(`database ${name} was dropped under live connections (${holders.join(', ')})`);
    },
  };
}

/**
 * Drops a test database once no session is connected to it, and answers who still was when the wait ran out
 * (empty when the drop was clean). `pool.end()` resolves before its connections have closed, and a forced drop
 * under a live connection makes that client fail with "terminating connection due to administrator command",
 * an unhandled 'error' event in whatever owned it; so the drop waits for the sessions to end, and forces only
 * past the deadline, naming the holders (their application_name) so the leak can be found.
 */
export async function dropDatabaseWhenUnused(name: string, timeoutMs = 10_000): Promise<string[]> {
  return withAdminClient(async (client) => {
    const sessions = async () =>
      (
        await client.query<{ holder: string }>(
          `SELECT coalesce(nullif(application_name, ''), 'unnamed') || ' x' || count(*) AS holder
             FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() GROUP BY application_name`,
          [name],
        )
      ).rows.map((row) => row.holder);
    let holders: string[] = [];
    try {
      await waitFor(async () => ((holders = await sessions()).length === 0 ? true : undefined), {
        timeoutMs,
        intervalMs: 20,
        what: `the sessions on ${name} to end`,
      });
      holders = [];
    } catch {
      // Still connected after the deadline: drop anyway (the run must not leave databases behind), and report.
    }
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    return holders;
  });
}
