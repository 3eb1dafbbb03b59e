import { sql } from 'kysely';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { useTestScope } from '@platform/testing/harness';
import { copyTransaction, postgresDataSourceOptions } from '../src';

interface Db {
  loaded: { n: number; label: string | null };
}

describe('copyTransaction against the real PostgreSQL', () => {
  const scope = useTestScope('copy_transaction');
  let source: DataSource;
  const pool = () => (source.driver as unknown as { master: Pool }).master;

  beforeAll(async () => {
    const database = await scope.database();
    source = new DataSource(postgresDataSourceOptions({ url: database.url, schema: 'public', entities: [], migrations: [] }));
    await source.initialize();
    scope.defer('the data source', () => source.destroy());
  });

  it('loads rows with COPY that the same transaction reads, commits them, and gives the connection back', async () => {
    await source.query('CREATE TABLE loaded (n integer NOT NULL, label text)');
    const read = await copyTransaction<Db, Array<{ n: number; label: string | null }>>(source, async (trx, copyIn) => {
      await copyIn('COPY loaded (n, label) FROM STDIN', ['1\tone\\ttab\n', '2\t\\N\n']);
      return trx.selectFrom('loaded').select(['n', 'label']).orderBy('n').execute();
    });
    expect(read).toEqual([
      { n: 1, label: 'one\ttab' },
      { n: 2, label: null },
    ]);
    expect(await source.query('SELECT count(*)::int AS n FROM loaded')).toEqual([{ n: 2 }]);
    expect(pool().totalCount - pool().idleCount).toBe(0);
  });

  it('rolls everything back when the work fails, a bad COPY line included, and still gives the connection back', async () => {
    await source.query('CREATE TABLE loaded_twice (n integer NOT NULL)');
    await expect(
      copyTransaction(source, async (trx, copyIn) => {
        await sql`INSERT INTO loaded_twice VALUES (1)`.execute(trx);
        await copyIn('COPY loaded_twice (n) FROM STDIN', ['2\n', 'not a number\n']);
      }),
    ).rejects.toThrow(/invalid input syntax for type integer/);
    expect(await source.query('SELECT count(*)::int AS n FROM loaded_twice')).toEqual([{ n: 0 }]);
    expect(pool().totalCount - pool().idleCount).toBe(0);
  });
});
