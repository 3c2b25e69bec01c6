// One data-access style (issue 34; docs/architecture.md "Data access: drizzle"): every D1 read and
// write in src/ goes through drizzle's query builder over the tables of src/db/schema/, one file per
// table, and every table declared there is used. SQL the builder has no name for goes in a `sql`
// fragment inside a builder query. This test fails on a raw statement (D1Database.prepare / exec,
// or a whole statement handed to drizzle as SQL) outside the exceptions named below, each of which
// says why in the file itself.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rel, ROOT, sourceFiles } from "./source-files";

/** Files allowed a raw statement, and why (the file carries the same reason in a comment naming this test). */
const EXCEPTIONS: Record<string, string> = {
  "src/db/prepared.ts": "keeps the SQL drizzle built (toSQL) across requests; drizzle cannot keep a built statement",
};
const SCHEMA = "src/db/schema";

/** Where a source text runs a raw statement: "what at line N". */
export function rawStatements(text: string): string[] {
  const patterns: [RegExp, string][] = [
    [/\.prepare\s*\(/g, "D1 prepare()"],
    [/\.exec\s*\(\s*["'`]/g, "D1 exec() of an SQL string"],
    [/\.(run|all|get|values)\s*\(\s*sql\s*`/g, "a whole statement as an sql`` template"],
  ];
  return patterns.flatMap(([re, what]) => [...text.matchAll(re)].map((m) => `${what} at line ${text.slice(0, m.index).split("\n").length}`));
}

describe("one data-access style", () => {
  it("the detector finds prepare, exec of SQL and a whole sql`` statement, and leaves builder queries and regex exec alone", () => {
    expect(rawStatements(`const r = await env.DB.prepare("SELECT 1").first();`)).toEqual(["D1 prepare() at line 1"]);
    expect(rawStatements(`\nawait db\n  .prepare(\`UPDATE jobs\`)`)).toEqual(["D1 prepare() at line 3"]);
    expect(rawStatements(`await env.DB.exec("DELETE FROM jobs");`)).toEqual(["D1 exec() of an SQL string at line 1"]);
    expect(rawStatements("await db.run(sql`DELETE FROM jobs WHERE id = ${id}`);")).toEqual(["a whole statement as an sql`` template at line 1"]);
    expect(rawStatements("await db.update(jobs).set({ n: sql`${jobs.n} + 1` }).where(and(eq(jobs.id, id), sql`changes() = 1`)).run();")).toEqual([]);
    expect(rawStatements(`const m = /^Bearer\\s+(\\S+)$/.exec(header);`)).toEqual([]);
  });

  it("no file of src/ runs a raw statement, but the named exceptions, which each say why", () => {
    const found = sourceFiles(path.join(ROOT, "src"), ["generated"])
      .map(rel)
      .filter((f) => !EXCEPTIONS[f])
      .flatMap((f) => rawStatements(readFileSync(path.join(ROOT, f), "utf8")).map((where) => `${f}: ${where}`));
    expect(found).toEqual([]);
    for (const f of Object.keys(EXCEPTIONS)) expect(readFileSync(path.join(ROOT, f), "utf8"), `${f} says why it is an exception`).toMatch(/Data-access exception[^\n]*\n?[^\n]*test\/docs\/data-access\.test\.ts/);
  });

  it(`${SCHEMA}/ holds one table a file, its index re-exports each, and every table is used outside ${SCHEMA}/`, () => {
    const files = readdirSync(path.join(ROOT, SCHEMA)).filter((f) => f.endsWith(".ts") && f !== "index.ts");
    expect(files.length).toBeGreaterThan(10);
    const index = readFileSync(path.join(ROOT, SCHEMA, "index.ts"), "utf8");
    const users = sourceFiles(path.join(ROOT, "src"), ["generated"]).filter((f) => !rel(f).startsWith(`${SCHEMA}/`)).map((f) => readFileSync(f, "utf8")).join("\n");
    const problems = files.flatMap((f) => {
      const text = readFileSync(path.join(ROOT, SCHEMA, f), "utf8");
      const tables = [...text.matchAll(/export const (\w+) = sqliteTable\(/g)].map((m) => m[1]!);
      if (tables.length !== 1) return [`${f} declares ${tables.length} tables`];
      const [table] = tables;
      return [
        ...(index.includes(`export { ${table} } from "./${f.replace(/\.ts$/, "")}"`) ? [] : [`index.ts does not re-export ${table}`]),
        ...(new RegExp(`\\b${table}\\b`).test(users) ? [] : [`${table} (${f}) is declared and never used`]),
      ];
    });
    expect(problems).toEqual([]);
  });
});
