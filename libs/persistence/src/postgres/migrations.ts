import type { DataSource, Migration } from 'typeorm';

/**
 * Applies pending migrations of an app's schema. A session-level advisory lock keyed by the schema name
 * makes concurrent runs (two replicas starting at once) wait for each other instead of racing.
 */
export async function runMigrations(dataSource: DataSource, schema: string): Promise<Migration[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${schema}`]);
    try {
      await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      return await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrations:${schema}`]);
    }
  } finally {
    await runner.release();
  }
}

/** Start-up check: an app never serves against a schema older than its code. */
export async function assertSchemaCurrent(dataSource: DataSource, schema: string): Promise<void> {
  const [{ exists }] = await dataSource.query(
    'SELECT EXISTS (SELECT 1 FROM information_schema.schemata WHERE schema_name = $1) AS exists',
    [schema],
  );
  if (!exists || (await dataSource.showMigrations())) {
    throw new Error(`database schema "${schema}" has pending migrations: run the app's migrate command first`);
  }
}
