// Reads on the hottest path, with their SQL built by drizzle once per isolate. A query written
// with sql.placeholder() for its values is turned into SQL on first use; each request then only
// binds its values and maps the rows back to the table's typed shape. Building a drizzle query
// every request cost GET /api/v1/jobs/{id} about 0.6–0.9 ms of its ~8 ms on the local runtime
// (`npm run bench -- load`; docs/api-decisions.md "Rate limits").
// Data-access exception (docs/architecture.md "Data access: drizzle"; test/docs/data-access.test.ts):
// the one D1Database.prepare in src/, because drizzle has no way to keep a built statement across
// requests; the SQL it prepares is drizzle's own (`toSQL()` of a builder query), never written by hand.
import { fillPlaceholders, getTableColumns, type Table } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";

type Built = { toSQL(): { sql: string; params: unknown[] } };

export interface PreparedRead<T extends Table> {
  /** A D1 statement with the values bound by placeholder name, ready for D1's batch(). */
  bind(d1: D1Database, values: Record<string, unknown>): D1PreparedStatement;
  /** The statement's rows as drizzle's select() would give them: property names, decoded values. */
  rows(result: D1Result): T["$inferSelect"][];
}

/** `build` selects every column of `table` (select().from(table)), with placeholders for its values. */
export function preparedRead<T extends Table>(table: T, build: (db: DrizzleD1Database) => Built): PreparedRead<T> {
  let query: { sql: string; params: unknown[] } | undefined;
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, name: column.name, column }));
  const fromDriver = (row: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const { key, name, column } of columns) {
      const value = row[name];
      out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return out as T["$inferSelect"];
  };
  return {
    bind(d1, values) {
      query ??= build(drizzle(d1)).toSQL();
      return d1.prepare(query.sql).bind(...fillPlaceholders(query.params, values));
    },
    rows: (result) => (result.results as Record<string, unknown>[]).map(fromDriver),
  };
}
