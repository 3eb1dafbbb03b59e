import type { EntityManager } from 'typeorm';

/**
 * Writes many rows in one statement: the rows travel as one JSON document, typed column by column.
 * Keys of each row are column names.
 */
export async function insertRows(manager: EntityManager, table: string, columns: Record<string, string>, rows: object[]): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  await manager.query(
    `INSERT INTO ${table} (${names.join(', ')})
     SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS t(${names.map((n) => `${n} ${columns[n]}`).join(', ')})`,
    [JSON.stringify(rows)],
  );
}
