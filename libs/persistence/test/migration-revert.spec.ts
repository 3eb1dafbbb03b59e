import { DataSource } from 'typeorm';
import { type TestDatabase, useTestScope } from '@platform/testing/harness';
import { DataLossRefused, migrationStatus, postgresDataSourceOptions, revertLastMigration, runMigrations } from '../src';
import { AddWidgetColour1700000000001, CreateWidgets1700000000000, IndexWidgetNames1700000000002 } from './fixture-migrations';

/** The `migrate status` and `migrate revert` commands' logic (docs/operations/upgrade.md), on the real PostgreSQL. */
describe('migration status and revert', () => {
  const scope = useTestScope('migration_revert');
  let database: TestDatabase;
  let source: DataSource;
  const names = async () => (await migrationStatus(source, 'fixture')).filter((m) => m.applied).map((m) => m.name);

  beforeAll(async () => {
    database = await scope.database();
    source = new DataSource(
      postgresDataSourceOptions({
        url: database.url,
        schema: 'fixture',
        entities: [],
        migrations: [CreateWidgets1700000000000, AddWidgetColour1700000000001, IndexWidgetNames1700000000002],
      }),
    );
    await source.initialize();
    scope.defer('the data source', () => source.destroy());
  });

  it('lists every migration as pending before the schema exists, with what reverting each would lose', async () => {
    expect(await migrationStatus(source, 'fixture')).toEqual([
      { name: 'CreateWidgets1700000000000', applied: false, downLosesData: 'it drops the widgets' },
      { name: 'AddWidgetColour1700000000001', applied: false, downLosesData: "it drops every widget's colour" },
      { name: 'IndexWidgetNames1700000000002', applied: false, downLosesData: undefined },
    ]);
  });

  it('reverts a migration that loses nothing, and refuses one that loses data until the loss is accepted', async () => {
    await runMigrations(source, 'fixture');
    await source.query(`INSERT INTO "fixture"."widget" (name, colour) VALUES ('bolt', 'blue')`);
    expect(await names()).toHaveLength(3);

    expect(await revertLastMigration(source, 'fixture')).toBe('IndexWidgetNames1700000000002');
    expect(
      await source.query(`SELECT indexname FROM pg_indexes WHERE schemaname = 'fixture' AND indexname = 'widget_name_lower_idx'`),
    ).toEqual([]);

    const refused = revertLastMigration(source, 'fixture');
    await expect(refused).rejects.toThrow(DataLossRefused);
    await expect(refused).rejects.toThrow("reverting AddWidgetColour1700000000001 loses data: it drops every widget's colour");
    expect(await names()).toEqual(['CreateWidgets1700000000000', 'AddWidgetColour1700000000001']);
    expect(await source.query(`SELECT name, colour FROM "fixture"."widget"`)).toEqual([{ name: 'bolt', colour: 'blue' }]);

    expect(await revertLastMigration(source, 'fixture', { acceptDataLoss: true })).toBe('AddWidgetColour1700000000001');
    expect(await source.query(`SELECT * FROM "fixture"."widget"`)).toEqual([{ id: 1, name: 'bolt' }]);
    // Applied again: the index and the column come back (the colour as its default).
    await runMigrations(source, 'fixture');
    expect(await names()).toHaveLength(3);
  });

  it('answers undefined when nothing is applied', async () => {
    await revertLastMigration(source, 'fixture', { acceptDataLoss: true });
    await revertLastMigration(source, 'fixture', { acceptDataLoss: true });
    await revertLastMigration(source, 'fixture', { acceptDataLoss: true });
    expect(await revertLastMigration(source, 'fixture', { acceptDataLoss: true })).toBeUndefined();
  });
});
