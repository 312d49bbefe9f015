import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isEmbeddedDatabase, type Database } from './client.server';

type Selection = Record<string, AnyPgColumn>;
type NotNullRowOf<TSelection extends Selection> = {
  [Key in keyof TSelection]: TSelection[Key]['_']['notNull'] extends true
    ? TSelection[Key]['_']['data']
    : TSelection[Key]['_']['data'] | null;
} & {};

export interface JsonRowsQuery {
  where?: SQL | undefined;
  /** The rows' order; the aggregate keeps it (it numbers the rows in this order and sorts by that number). */
  orderBy: SQL[];
  limit?: number | undefined;
}

/**
 * The rows of a one-table select, read the cheaper way for the driver: on the embedded database
 * as one JSON value ({@link selectRowsAsJson}), on PostgreSQL as a plain select.
 *
 * Why: PGlite parses every field of a result in JavaScript, with a buffer copy and a text decode
 * each, about 1 µs a field. The editor's pages list (39 pages of 30 columns, their translations and
 * 262 block summaries) spent about 5 ms of its 7 ms there; aggregated by the database into one value,
 * the same rows cost one field and one `JSON.parse`. node-postgres parses fields cheaply, and there
 * the aggregate is the slower way (pages 0.6 → 1.3 ms, block summaries 0.8 → 1.3 ms, measured in
 * one process, 1,000 runs each), so PostgreSQL keeps the plain select (ADR 041).
 */
export async function selectRows<TSelection extends Selection>(
  db: Database,
  table: PgTable,
  selection: TSelection,
  query: JsonRowsQuery,
): Promise<Array<NotNullRowOf<TSelection>>> {
  if (isEmbeddedDatabase(db)) return selectRowsAsJson(db, table, selection, query);
  // Built on the general selection type: drizzle's builder types do not follow a generic one.
  let select = db
    .select(selection as Selection)
    .from(table)
    .$dynamic()
    .orderBy(...query.orderBy);
  if (query.where) select = select.where(query.where);
  if (query.limit !== undefined) select = select.limit(query.limit);
  return (await select) as Array<NotNullRowOf<TSelection>>;
}

/**
 * The rows as one JSON text value built by the database, mapped back as drizzle maps them
 * (timestamps to Date, jsonb parsed): the same rows, in the same order, as a plain select.
 */
export async function selectRowsAsJson<TSelection extends Selection>(
  db: Database,
  table: PgTable,
  selection: TSelection,
  query: JsonRowsQuery,
): Promise<Array<NotNullRowOf<TSelection>>> {
  const keys = Object.keys(selection);
  const columns = keys.map((key) => selection[key]!);
  const fields = sql.join(
    columns.map((column) => sql`${column}`),
    sql`, `,
  );
  const order = sql.join(query.orderBy, sql`, `);
  const numbered = sql`select ${fields}, row_number() over (order by ${order}) as position from ${table}${
    query.where ? sql` where ${query.where}` : sql``
  } order by ${order}${query.limit === undefined ? sql`` : sql` limit ${query.limit}`}`;
  // json_build_array over the subquery's columns by position (c1, c2, ...): their names may repeat.
  const aliases = sql.join(
    keys.map((_, index) => sql.identifier(`c${index + 1}`)),
    sql`, `,
  );
  // Both drivers answer execute() with { rows: [...] } (PGlite's Results, node-postgres's QueryResult).
  const result = (await db.execute(
    sql`select coalesce(json_agg(json_build_array(${aliases}) order by position), '[]')::text as rows from (${numbered}) as numbered(${aliases}, position)`,
  )) as unknown as { rows: Array<{ rows: string }> };
  const text = result.rows[0]?.rows ?? '[]';
  const arrays = JSON.parse(text) as unknown[][];
  return arrays.map((values) => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < keys.length; index++) {
      const value = values[index];
      row[keys[index]!] = value === null || value === undefined ? null : columns[index]!.mapFromDriverValue(value);
    }
    return row as NotNullRowOf<TSelection>;
  });
}
