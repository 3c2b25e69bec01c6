// CPU per test file, for finding what makes the suite slow (wall times lie on a shared machine).
// A setup file, added by the vitest configs only when KATTO_TEST_CPU names an output file; with
// isolate: false it runs again for each file, so the counts below bracket one file. Each line
// appended is JSON: the file, its wall seconds, `self` (this process and the children it waited
// for: ffmpeg, pocketsphinx, a render server once stopped) and `tree` (every process under the
// vitest main process, alive or waited for: the whole-system tests' stack, which runs the whole
// time; meaningful only where one file runs at a time), user and system seconds.
import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import { afterAll, expect } from "vitest";

const out = process.env.KATTO_TEST_CPU;
const tick = 100; // USER_HZ on Linux

/** utime, stime, cutime, cstime (seconds) and parent of a process, from /proc/<pid>/stat. */
function stat(pid: number | "self"): { user: number; sys: number; cuser: number; csys: number; ppid: number } | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(f[1]), user: Number(f[11]) / tick, sys: Number(f[12]) / tick, cuser: Number(f[13]) / tick, csys: Number(f[14]) / tick };
  } catch {
    return null;
  }
}

/** user and system seconds of `root` and all processes under it, each with its waited-for children. */
function treeCpu(root: number): { user: number; sys: number } {
  const all = readdirSync("/proc").filter((d) => /^\d+$/.test(d)).map((d) => ({ pid: Number(d), s: stat(Number(d)) }));
  const under = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) if (p.s && !under.has(p.pid) && under.has(p.s.ppid)) (under.add(p.pid), (grew = true));
  }
  let user = 0;
  let sys = 0;
  for (const p of all) if (p.s && under.has(p.pid)) (user += p.s.user + p.s.cuser), (sys += p.s.sys + p.s.csys);
  return { user, sys };
}

function sample() {
  const s = stat("self")!;
  return { at: Date.now(), self: { user: s.user + s.cuser, sys: s.sys + s.csys }, tree: treeCpu(s.ppid) };
}

if (out) {
  const start = sample();
  afterAll(() => {
    const end = sample();
    const d = (k: "self" | "tree") => ({ user: +(end[k].user - start[k].user).toFixed(2), sys: +(end[k].sys - start[k].sys).toFixed(2) });
    appendFileSync(out, JSON.stringify({ file: expect.getState().testPath, wall: (end.at - start.at) / 1000, self: d("self"), tree: d("tree") }) + "\n");
  });
}
