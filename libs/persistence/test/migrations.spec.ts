import { DataSource } from 'typeorm';
import { type TestDatabase, useTestScope } from '@platform/testing/harness';
import { assertSchemaCurrent, postgresDataSourceOptions, runMigrations } from '../src';
import { AddWidgetColour1700000000001, CreateWidgets1700000000000 } from './fixture-migrations';
import { schemaSnapshot } from './schema-snapshot';

describe('migrations against the real PostgreSQL', () => {
  const scope = useTestScope('migrations');
  let database: TestDatabase;

  const dataSource = async () => {
    const source = new DataSource(
      postgresDataSourceOptions({
        url: database.url,
        schema: 'fixture',
        entities: [],
        migrations: [CreateWidgets1700000000000, AddWidgetColour1700000000001],
      }),
    );
    await source.initialize();
    scope.defer('a data source', () => source.destroy());
    return source;
  };

  beforeAll(async () => {
    database = await scope.database();
  });

  it('refuses to serve an unmigrated schema, naming the schema', async () => {
    await expect(assertSchemaCurrent(await dataSource(), 'fixture')).rejects.toThrow('database schema "fixture" has pending migrations');
  });

  it('applies every migration once from an empty database, even when two runs start together', async () => {
    const [first, second] = await Promise.all([dataSource(), dataSource()]);
    const applied = await Promise.all([runMigrations(first, 'fixture'), runMigrations(second, 'fixture')]);
    expect(applied.map((a) => a.length).sort()).toEqual([0, 2]);
    const rows = await first.query(`SELECT name FROM "fixture"."migrations" ORDER BY timestamp`);
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['CreateWidgets1700000000000', 'AddWidgetColour1700000000001']);
    await first.query(`INSERT INTO "fixture"."widget" (name) VALUES ('bolt')`);
    expect(await first.query(`SELECT name, colour FROM "fixture"."widget"`)).toEqual([{ name: 'bolt', colour: 'red' }]);
  });

  it('changes nothing on a second run', async () => {
    const source = await dataSource();
    const before = await schemaSnapshot(source, 'fixture');
    expect(await runMigrations(source, 'fixture')).toEqual([]);
    expect(await schemaSnapshot(source, 'fixture')).toEqual(before);
    await expect(assertSchemaCurrent(source, 'fixture')).resolves.toBeUndefined();
  });
});
