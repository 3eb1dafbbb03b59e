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

/**
 * A migration whose `down` cannot give back what `up` found (it drops tables or columns with their rows, or deletes
 * rows): it says what a revert loses, and `revertLastMigration` refuses it unless told the loss is accepted.
 */
export interface LossyDown {
  readonly downLosesData: string;
}

export interface MigrationState {
  name: string;
  applied: boolean;
  /** What reverting it loses; undefined when its `down` gives back everything. */
  downLosesData?: string;
}

/** Every migration of the app in order, applied or pending, with what reverting it would lose. */
export async function migrationStatus(dataSource: DataSource, schema: string): Promise<MigrationState[]> {
  const [{ exists }] = await dataSource.query(
    `SELECT EXISTS (SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'migrations') AS exists`,
    [schema],
  );
  const applied = new Set<string>(
    exists ? (await dataSource.query(`SELECT name FROM "${schema}"."migrations"`)).map((row: { name: string }) => row.name) : [],
  );
  return dataSource.migrations.map((migration) => ({
    name: migration.name!,
    applied: applied.has(migration.name!),
    downLosesData: (migration as Partial<LossyDown>).downLosesData,
  }));
}

/** A revert refused: the migration's `down` loses data and the loss was not accepted. */
export class DataLossRefused extends Error {}

/**
 * Reverts the last applied migration (its `down`, in a transaction, under the same advisory lock as `runMigrations`);
 * answers its name, or undefined when none is applied. A migration that says its `down` loses data (LossyDown) is
 * reverted only with `acceptDataLoss`.
 */
export async function revertLastMigration(
  dataSource: DataSource,
  schema: string,
  { acceptDataLoss = false } = {},
): Promise<string | undefined> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${schema}`]);
    try {
      const last = (await migrationStatus(dataSource, schema)).filter((m) => m.applied).pop();
      if (!last) return undefined;
      if (last.downLosesData && !acceptDataLoss) {
        throw new DataLossRefused(
          `reverting ${last.name} loses data: ${last.downLosesData}. Run it again with --accept-data-loss to go ahead`,
        );
      }
      await dataSource.undoLastMigration({ transaction: 'each' });
      return last.name;
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
