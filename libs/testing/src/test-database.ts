import { Client } from 'pg';
import { testServices, uniqueName } from './test-services';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

function urlFor(database: string): string {
  const url = new URL(testServices.postgresUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdminClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: testServices.postgresUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** An empty PostgreSQL database of its own for one test file, so files run in parallel. */
export async function createTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const name = uniqueName(prefix).toLowerCase();
  await withAdminClient((client) => client.query(`CREATE DATABASE "${name}"`));
  return {
    name,
    url: urlFor(name),
    drop: () => withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
