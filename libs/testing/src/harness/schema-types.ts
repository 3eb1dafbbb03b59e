import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { type AppDatabase, migrateDatabase } from '@platform/persistence';
import { workspaceRoot } from '../workspace';
import { createTestDatabase } from './test-database';

export interface SchemaTypes {
  database: AppDatabase;
  /** The generated file, from the workspace root (e.g. apps/survey-builder-api/src/database/schema.ts). */
  outFile: string;
}

/**
 * Writes (or, with `verify`, checks) an app's Kysely schema interface: kysely-codegen reads the tables of
 * a database migrated from scratch, so the types always describe what the migrations build.
 */
export async function generateSchemaTypes({ database, outFile }: SchemaTypes, verify: boolean): Promise<{ ok: boolean; output: string }> {
  const db = await createTestDatabase('codegen');
  try {
    await migrateDatabase(db.url, database);
    const run = spawnSync(
      process.execPath,
      [
        join(workspaceRoot, 'node_modules/kysely-codegen/dist/cli/bin.js'),
        `--url=${db.url}`,
        '--dialect=postgres',
        '--camel-case',
        `--default-schema=${database.schema}`,
        `--include-pattern=${database.schema}.*`,
        '--exclude-pattern=*.migrations',
        '--log-level=error',
        `--out-file=${join(workspaceRoot, outFile)}`,
        ...(verify ? ['--verify'] : []),
      ],
      { cwd: workspaceRoot, encoding: 'utf8' },
    );
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    await db.drop();
  }
}

/** The check each PostgreSQL app runs: the committed schema interface matches its migrations. */
export function describeSchemaTypes(schema: SchemaTypes): void {
  describe(`${schema.outFile}`, () => {
    it('is what kysely-codegen writes from the migrated schema (regenerate with npm run db:types)', async () => {
      const result = await generateSchemaTypes(schema, true);
      expect(result.output).not.toMatch(/out of date|differ/i);
      expect(result.ok).toBe(true);
    });
  });
}
