import type { Provider } from '@nestjs/common';
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  type PluginTransformResultArgs,
  type QueryResult,
  type RawBuilder,
  sql,
  type Transaction,
  type UnknownRow,
} from 'kysely';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Pool, PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DataSource } from 'typeorm';

export type { Transaction };

/**
 * Kysely's CamelCasePlugin, with result rows mapped the fast way: every row of a result has the same
 * columns, so the camelCase names are worked out once per result and each row is copied in one loop (the
 * plugin's own mapping costs more than pg's parsing on a 5,000-row read). JSON column contents keep their keys.
 */
class CamelCaseColumns extends CamelCasePlugin {
  constructor() {
    super({ maintainNestedObjectKeys: true });
  }

  override async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const rows = args.result.rows;
    if (!Array.isArray(rows) || rows.length === 0) return args.result;
    const keys = Object.keys(rows[0]);
    const names = keys.map((key) => this.camelCase(key));
    if (names.every((name, i) => name === keys[i])) return args.result;
    const mapped = new Array<UnknownRow>(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      const copy: UnknownRow = {};
      for (let k = 0; k < keys.length; k++) copy[names[k]] = row[keys[k]];
      mapped[r] = copy;
    }
    return { ...args.result, rows: mapped };
  }
}

/** The pg pool TypeORM opened for the app. */
const poolOf = (dataSource: DataSource) => (dataSource.driver as unknown as { master: Pool }).master;

/**
 * Typed SQL for an app's schema: Kysely over the pool TypeORM opened (TypeORM keeps the connection, the
 * migrations and the start-up schema check). Queries name tables and columns of the schema interface that
 * kysely-codegen writes from the migrated database, so a column a migration renamed fails to compile.
 * Columns are camelCase in TypeScript and snake_case in SQL (CamelCasePlugin); JSON column contents are not renamed.
 */
export function sqlDatabaseOver<DB>(dataSource: DataSource): Kysely<DB> {
  const pool = poolOf(dataSource);
  return new Kysely<DB>({
    // TypeORM owns the pool's life: Kysely must not end it on destroy.
    dialect: new PostgresDialect({ pool: { connect: () => pool.connect(), end: async () => undefined } as unknown as Pool }),
    plugins: [new CamelCaseColumns()],
  });
}

/** `COPY ... FROM STDIN` on the transaction's connection: the statement and the data in COPY's text format. */
export type CopyIn = (statement: string, data: Iterable<string> | AsyncIterable<string>) => Promise<void>;

/**
 * A transaction as typed SQL (`trx`) and, on the same connection, `COPY ... FROM STDIN` (pg-copy-streams), which
 * Kysely cannot send: bulk loads into a table (a temporary one, say) that the transaction's statements then read.
 */
export async function copyTransaction<DB, T>(
  dataSource: DataSource,
  work: (trx: Transaction<DB>, copyIn: CopyIn) => Promise<T>,
): Promise<T> {
  const client: PoolClient = await poolOf(dataSource).connect();
  // A Kysely over this one client: its transaction runs on it and releases it to the pool at the end.
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: { connect: async () => client, end: async () => undefined } as unknown as Pool }),
    plugins: [new CamelCaseColumns()],
  });
  const copyIn: CopyIn = (statement, data) => pipeline(Readable.from(data, { objectMode: false }), client.query(copyFrom(statement)));
  return db.transaction().execute((trx) => work(trx, copyIn));
}

/** A Nest provider of the app's Kysely instance under `token` (the app's abstract database class). */
export function sqlDatabaseProvider(token: abstract new (...args: never[]) => unknown): Provider {
  return { provide: token, inject: [DataSource], useFactory: (dataSource: DataSource) => sqlDatabaseOver(dataSource) };
}

/**
 * A value for a jsonb column. The pg driver sends JavaScript arrays as PostgreSQL arrays, so JSON goes as
 * text and is cast. The expression takes the type of the column it is written to.
 */
export function json<T = never>(value: unknown): RawBuilder<T> {
  return sql<T>`${JSON.stringify(value)}::jsonb`;
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Rows sent as one JSON parameter and read as a table (alias it with `.as(...)`), for set-based statements
 * over many rows with one parameter however many rows. `types` gives each column's SQL type.
 */
export function jsonRows<R extends Record<string, unknown>>(rows: readonly R[], types: { [K in keyof R]: string }): RawBuilder<R> {
  const names = Object.keys(types);
  const definition = names.map((name) => `${snakeCase(name)} ${types[name]}`).join(', ');
  const data = rows.map((row) => Object.fromEntries(names.map((name) => [snakeCase(name), row[name]])));
  return sql<R>`(SELECT * FROM jsonb_to_recordset(${JSON.stringify(data)}::jsonb) AS t(${sql.raw(definition)}))`;
}

/**
 * A SELECT list of columns (camelCase names of the schema interface) as `snake_case AS "camelCase"`: the rows
 * come from the driver already named as TypeScript names them, so the camelCase plugin copies nothing (for
 * reads of thousands of rows written as `sql` templates).
 */
export function camelCaseColumns(columns: readonly string[]): RawBuilder<unknown> {
  return sql.raw(
    columns
      .map((name) => {
        const column = snakeCase(name);
        return column === name ? column : `${column} AS "${name}"`;
      })
      .join(', '),
  );
}

/** `= any($1::uuid[])`: one parameter for a whole list of ids, however long (an IN list takes one each). */
export function anyUuid(ids: readonly string[]): RawBuilder<string> {
  return sql<string>`any(${ids}::uuid[])`;
}

/** `%text%` for LIKE and ILIKE, the text's own %, _ and \\ matching themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
