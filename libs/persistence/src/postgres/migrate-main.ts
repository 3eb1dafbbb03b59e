import { DataSource, type Migration } from 'typeorm';
import { baseEnvSchema, loadConfig, runMain } from '@platform/runtime';
import { postgresEnv } from '../env';
import { runMigrations } from './migrations';
import { type PostgresOptions, postgresDataSourceOptions } from './postgres.options';

export type AppDatabase = Pick<PostgresOptions, 'schema' | 'entities' | 'migrations'>;

/** Connects, applies the app's pending migrations under the advisory lock, disconnects. */
export async function migrateDatabase(url: string, app: AppDatabase, applicationName?: string): Promise<Migration[]> {
  const dataSource = await new DataSource(postgresDataSourceOptions({ ...app, url, applicationName })).initialize();
  try {
    return await runMigrations(dataSource, app.schema);
  } finally {
    await dataSource.destroy();
  }
}

/**
 * The body of an app's `migrate` entry point (a Kubernetes init container, the local `up` script):
 * reads only the database settings, applies pending migrations, logs what it did, and exits.
 */
export function migrateMain(service: string, app: AppDatabase): void {
  runMain(service, async () => {
    const env = loadConfig(baseEnvSchema.extend(postgresEnv.shape), process.env);
    const applied = await migrateDatabase(env.DATABASE_URL, app, `${service}-migrate`);
    const msg = applied.length ? `applied ${applied.map((m) => m.name).join(', ')}` : `schema ${app.schema} is current`;
    process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), service, msg })}\n`);
  });
}
