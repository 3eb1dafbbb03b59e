import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceRoot } from '@platform/testing/harness';

/** Every app's migrations, as files. */
function migrationFiles(): string[] {
  const apps = join(workspaceRoot, 'apps');
  return readdirSync(apps).flatMap((app) =>
    ['src/database/migrations']
      .map((folder) => join(apps, app, folder))
      .flatMap((folder) => {
        try {
          return readdirSync(folder)
            .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
            .map((file) => join(folder, file));
        } catch {
          return [];
        }
      }),
  );
}

/**
 * A `down` that drops a table or column, deletes rows or truncates must say what a revert loses (`downLosesData`,
 * LossyDown: `migrate revert` then asks for --accept-data-loss), or, when it moves the data elsewhere first, say
 * where (`downKeepsData`). Silence is what this refuses.
 */
describe('every migration whose down loses data says so (LossyDown)', () => {
  const files = migrationFiles();

  it('finds the migrations', () => {
    expect(files.length).toBeGreaterThanOrEqual(11);
  });

  it.each(files.map((file) => [file.slice(workspaceRoot.length + 1), file]))('%s', (_name, file) => {
    const source = readFileSync(file, 'utf8');
    const down = source.slice(source.indexOf('async down('));
    const losesData = /\b(DROP\s+TABLE|DROP\s+COLUMN|DELETE\s+FROM|TRUNCATE|DROP\s+SCHEMA)\b/i.test(down);
    const declared = /readonly downLosesData = /.test(source) || /readonly downKeepsData = /.test(source);
    expect({ losesData, declared }).toEqual({ losesData, declared: losesData });
  });
});
