import type { DataSource } from 'typeorm';

/** Tables, columns, indexes and constraints of a schema, for before/after comparisons. */
export async function schemaSnapshot(dataSource: DataSource, schema: string): Promise<unknown> {
  const columns = await dataSource.query(
    `SELECT table_name, column_name, data_type, is_nullable, column_default
       FROM information_schema.columns WHERE table_schema = $1 ORDER BY table_name, column_name`,
    [schema],
  );
  const indexes = await dataSource.query(
    `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = $1 ORDER BY tablename, indexname`,
    [schema],
  );
  const constraints = await dataSource.query(
    `SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE connamespace = $1::regnamespace ORDER BY 1, 2`,
    [schema],
  );
  return { columns, indexes, constraints };
}
