import { DataSource, type Migration } from 'typeorm';
import { baseEnvSchema, loadConfig, runMain } from '@platform/runtime';
import { postgresEnv } from '../env';
import { DataLossRefused, migrationStatus, revertLastMigration, runMigrations } from './migrations';
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

const USAGE = 'usage: migrate [apply | status | revert [--accept-data-loss]]';

/**
 * The body of an app's `migrate` entry point (a Kubernetes init container, the local `up` script, an operator's
 * `kubectl exec`; docs/operations/upgrade.md). Reads only the database settings, then by its first argument:
 *  - `apply` (the default): applies pending migrations under the advisory lock;
 *  - `status`: one line per migration, applied or pending, and what reverting it would lose;
 *  - `revert`: reverts the last applied migration; one whose `down` loses data only with `--accept-data-loss`.
 * Logs what it did as JSON lines and exits; exit 1 on a refusal or a failure, 2 on a usage error.
 */
export function migrateMain(service: string, app: AppDatabase, argv = process.argv.slice(2)): void {
  const [command = 'apply', ...flags] = argv;
  const known = { apply: [], status: [], revert: ['--accept-data-loss'] } as Record<string, string[]>;
  if (!known[command] || flags.some((flag) => !known[command].includes(flag))) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  const log = (fields: Record<string, unknown>) =>
    process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), service, ...fields })}\n`);
  runMain(service, async () => {
    const env = loadConfig(baseEnvSchema.extend(postgresEnv.shape), process.env);
    if (command === 'apply') {
      const applied = await migrateDatabase(env.DATABASE_URL, app, `${service}-migrate`);
      log({ msg: applied.length ? `applied ${applied.map((m) => m.name).join(', ')}` : `schema ${app.schema} is current` });
      return;
    }
    const dataSource = await new DataSource(
      postgresDataSourceOptions({ ...app, url: env.DATABASE_URL, applicationName: `${service}-migrate` }),
    ).initialize();
    try {
      if (command === 'status') {
        for (const state of await migrationStatus(dataSource, app.schema)) log({ msg: 'migration', ...state });
        return;
      }
      try {
        const reverted = await revertLastMigration(dataSource, app.schema, { acceptDataLoss: flags.includes('--accept-data-loss') });
        log({ msg: reverted ? `reverted ${reverted}` : `no migration of schema ${app.schema} is applied` });
      } catch (error) {
        if (!(error instanceof DataLossRefused)) throw error;
        log({ level: 50, msg: error.message });
        process.exitCode = 1;
      }
    } finally {
      await dataSource.destroy();
    }
  });
}
