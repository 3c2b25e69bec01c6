// The ten slowest test files of a run, for the end of `npm test`: wall seconds, beside the CPU
// seconds the file cost where test/profile/cpu-per-file.ts recorded them (the file's process and
// the tools it waited for: ffmpeg, pocketsphinx, a test server once stopped). The wall time is
// that record's (setup to teardown, its beforeAll included) where there is one, else the span of
// the file's tests in vitest's JSON report (which leaves the hooks out). Wall time on a shared
// machine says what the run waited on; CPU time says what a file costs wherever it runs.
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * CPU and wall seconds per absolute file path from a KATTO_TEST_CPU file (JSON lines; a file run
 * twice counts twice). A whole-system test runs alone beside the local stack it drives (one file at a time), so
 * its cost is the whole process tree's (the render backend's ffmpeg, the Worker's runtime); any
 * other file's is its own process and what it waited for, as two files run at once.
 */
export function cpuByFile(cpuFile) {
  /** @type {Map<string, { cpuS: number, wallS: number }>} */
  const cpu = new Map();
  let text = "";
  try {
    text = readFileSync(cpuFile, "utf8");
  } catch {
    return cpu;
  }
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const r = JSON.parse(line);
      const spent = r.file.includes(`${path.sep}test${path.sep}system${path.sep}`) ? r.tree : r.self;
      const had = cpu.get(r.file) ?? { cpuS: 0, wallS: 0 };
      cpu.set(r.file, { cpuS: had.cpuS + spent.user + spent.sys, wallS: had.wallS + r.wall });
    } catch {}
  }
  return cpu;
}

/** Pure: the `count` files with the longest wall time in vitest JSON reports, with their CPU seconds where known. */
export function slowestFiles(reports, cpu, count = 10) {
  const files = reports.flatMap((report) =>
    report.testResults
      .filter((f) => Number.isFinite(f.startTime) && Number.isFinite(f.endTime))
      .map((f) => {
        const recorded = cpu.get(f.name);
        return { file: f.name, wallS: Math.max((f.endTime - f.startTime) / 1000, recorded?.wallS ?? 0), cpuS: recorded?.cpuS ?? null };
      }),
  );
  return files.sort((a, b) => b.wallS - a.wallS).slice(0, count);
}

/** The lines printed: wall and CPU seconds, then the file relative to the repository root. */
export function formatSlowest(rows, root) {
  const s = (x) => (x === null ? "     -" : x.toFixed(0).padStart(6));
  return [`slowest test files (wall s, CPU s where recorded):`, ...rows.map((r) => `  ${s(r.wallS)} ${s(r.cpuS)}  ${path.relative(root, r.file)}`)].join("\n");
}
