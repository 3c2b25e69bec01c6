// An insert that happens only when a condition holds, in the statement itself: INSERT INTO t
// SELECT <values> FROM <one row> WHERE <condition>. In a D1 batch after a conditional update,
// `sql\`changes() = 1\`` makes the insert depend on that update (a job is inserted only when its
// video was charged), with no second round trip and no window between the two.
import { getTableColumns, is, SQL, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

export type InsertValues<T extends SQLiteTable> = { [K in keyof T["$inferInsert"]]?: T["$inferInsert"][K] | SQL };

/**
 * INSERT INTO `table` the row `values` (columns left out take their default, else NULL), selected
 * from `from` where `where` holds: a table whose one row the condition picks (the account's row),
 * or a table-valued SQL function such as `json_each(…)`, whose rows give one inserted row each
 * (`values` then read its columns with sql fragments).
 */
export function insertWhere<T extends SQLiteTable>(db: DrizzleD1Database, table: T, values: InsertValues<T>, from: SQLiteTable | SQL, where: SQL | undefined) {
  const given = values as Record<string, unknown>;
  const fields = Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => {
      const value = key in given ? given[key] : column.hasDefault ? column.default : null;
      const expr = is(value, SQL) ? value : value === null || value === undefined ? sql`NULL` : sql`${sql.param(value, column)}`;
      return [key, expr.as(column.name)];
    }),
  );
  return db.insert(table).select(db.select(fields).from(from).where(where) as never);
}
