// The ten slowest files printed at the end of `npm test` (scripts/lib/slowest.mjs): wall seconds from
// vitest's JSON reports, CPU seconds from test/profile/cpu-per-file.ts where it recorded the file.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script without types
import { cpuByFile, formatSlowest, slowestFiles } from "../../scripts/lib/slowest.mjs";

const dir = mkdtempSync(path.join(os.tmpdir(), "katto-slowest-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, startTime: number, endTime: number) => ({ name: `/repo/${name}`, startTime, endTime, assertionResults: [] });

describe("the slowest test files", () => {
  it("lists the longest by wall time across every process's report, at most `count`, with CPU where recorded", () => {
    const reports = [
      { testResults: [file("container/test/a.test.ts", 0, 90_000), file("container/test/b.test.ts", 1_000, 3_000)] },
      { testResults: [file("test/workers/c.test.ts", 0, 120_000), file("test/system/d.test.ts", 5_000, 65_000)] },
    ];
    // d's record brackets its beforeAll too: 75 s against its tests' 60
    const cpu = new Map([["/repo/container/test/a.test.ts", { cpuS: 70.4, wallS: 88 }], ["/repo/test/system/d.test.ts", { cpuS: 12, wallS: 75 }]]);
    const rows = slowestFiles(reports, cpu, 3);
    expect(rows).toEqual([
      { file: "/repo/test/workers/c.test.ts", wallS: 120, cpuS: null },
      { file: "/repo/container/test/a.test.ts", wallS: 90, cpuS: 70.4 },
      { file: "/repo/test/system/d.test.ts", wallS: 75, cpuS: 12 },
    ]);
    expect(formatSlowest(rows, "/repo").split("\n")).toEqual([
      "slowest test files (wall s, CPU s where recorded):",
      "     120      -  test/workers/c.test.ts",
      "      90     70  container/test/a.test.ts",
      "      75     12  test/system/d.test.ts",
    ]);
  });

  it("reads CPU and wall seconds per file: a file's own process, or the whole tree for a whole-system test (it runs alone beside the stack)", () => {
    const out = path.join(dir, "cpu.jsonl");
    const line = (f: string, self: number, tree: number) => JSON.stringify({ file: f, wall: 1, self: { user: self, sys: 1 }, tree: { user: tree, sys: 2 } });
    writeFileSync(out, [line("/r/container/test/x.test.ts", 10, 50), line("/r/test/system/y.test.ts", 3, 40), line("/r/container/test/x.test.ts", 5, 9), "not json", ""].join("\n"));
    expect(cpuByFile(out)).toEqual(new Map([["/r/container/test/x.test.ts", { cpuS: 17, wallS: 2 }], ["/r/test/system/y.test.ts", { cpuS: 42, wallS: 1 }]]));
    expect(cpuByFile(path.join(dir, "missing.jsonl"))).toEqual(new Map());
  });
});
