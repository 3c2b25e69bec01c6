// `npm run bench`: every benchmark, one after another, each printing its own table of ratios and
// numbers measured in one run. Pass names to run a subset: `npm run bench -- speech e2e`; the
// arguments after a name go to that bench: `npm run bench -- e2e --minutes 5,20 --burst 10`.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const benches: Record<string, string> = {
  load: "bench/load.ts",
  speech: "container/bench/speech.ts",
  render: "container/bench/render.ts",
  reframe: "container/bench/reframe.ts",
  memory: "container/bench/memory.ts",
  e2e: "bench/e2e.ts",
  quality: "bench/quality.ts",
};
const wanted: string[] = [];
const benchArgs: Record<string, string[]> = {};
for (const a of process.argv.slice(2)) {
  if (a in benches) wanted.push(a), (benchArgs[a] = []);
  else if (wanted.length) benchArgs[wanted[wanted.length - 1]].push(a);
}
const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");
let failed = 0;
for (const [name, file] of Object.entries(benches)) {
  if (wanted.length && !wanted.includes(name)) continue;
  if (!existsSync(path.join(root, file))) continue;
  console.log(`\n=== bench ${name} (${file}) ===`);
  const cwd = file.startsWith("container/") ? path.join(root, "container") : root;
  const r = spawnSync(process.execPath, [tsx, path.join(root, file), ...(benchArgs[name] ?? [])], { cwd, stdio: "inherit", env: process.env });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
