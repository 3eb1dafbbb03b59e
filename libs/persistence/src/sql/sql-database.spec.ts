import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, CamelCasePlugin } from 'kysely';
import { sql } from 'kysely';
import { anyUuid, camelCaseColumns, containsPattern, json, jsonRows } from './sql-database';

interface TestDb {
  item: { id: string; payload: unknown; code: string };
}

/** Compiles queries without a database, to see the SQL the helpers produce. */
const db = new Kysely<TestDb>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: [new CamelCasePlugin()],
});

describe('typed SQL helpers', () => {
  it('escapes LIKE wildcards so text matches as itself', () => {
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });

  it('sends a list of ids as one array parameter', () => {
    const query = db
      .selectFrom('item')
      .select('id')
      .where('id', '=', anyUuid(['a', 'b', 'c']))
      .compile();
    expect(query.sql).toBe('select "id" from "item" where "id" = any($1::uuid[])');
    expect(query.parameters).toEqual([['a', 'b', 'c']]);
  });

  it('sends JSON as text cast to jsonb, so arrays stay JSON arrays', () => {
    const query = db
      .insertInto('item')
      .values({ id: 'x', code: 'c', payload: json([1, 2]) })
      .compile();
    expect(query.sql).toContain('$3::jsonb');
    expect(query.parameters).toEqual(['x', 'c', '[1,2]']);
  });

  it('reads many rows from one JSON parameter, with snake_case columns', () => {
    const rows = jsonRows([{ oldCode: 'Q1', newCode: 'Q2' }], { oldCode: 'text', newCode: 'text' });
    const query = db
      .updateTable('item')
      .from(rows.as('m'))
      .set((eb) => ({ code: eb.ref('m.newCode') }))
      .whereRef('item.code', '=', 'm.oldCode')
      .compile();
    expect(query.sql).toBe(
      'update "item" set "code" = "m"."new_code" from (SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(old_code text, new_code text)) as "m" where "item"."code" = "m"."old_code"',
    );
    expect(JSON.parse(query.parameters[0] as string)).toEqual([{ old_code: 'Q1', new_code: 'Q2' }]);
  });

  it('selects columns under their camelCase names, plain names as they are', () => {
    const query = sql`SELECT ${camelCaseColumns(['id', 'sortOrder', 'isNotApplicable'])} FROM item`.compile(db);
    expect(query.sql).toBe('SELECT id, sort_order AS "sortOrder", is_not_applicable AS "isNotApplicable" FROM item');
    expect(query.parameters).toEqual([]);
  });
});
