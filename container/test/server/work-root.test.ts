// src/work-root.ts: each backend keeps its temp files under katto-work-<pid>; the next one to start
// removes the roots of processes that are gone (and a stale one with its own pid), never a live one's.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { claimWorkRoot, workRootName } from "../../src/runtime/work-root.js";
import { tmpDir } from "../helpers/media.js";

/** The pid of a process that has exited (reaped, so nothing answers to it now). */
const deadPid = () => spawnSync("true").pid!;
const leftover = (parent: string, pid: number) => {
  const dir = path.join(parent, workRootName(pid), "katto-job-x-abc123");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "source.bin"), "partial download");
  return path.join(parent, workRootName(pid));
};
const live = spawn("sleep", ["60"]);
afterAll(() => live.kill());

describe("claimWorkRoot", () => {
  it("removes the roots of processes that are gone, keeps a live one's and the folders it does not own, and makes its own", async () => {
    const parent = tmpDir("katto-work-root-");
    const dead = leftover(parent, deadPid());
    const running = leftover(parent, live.pid!);
    mkdirSync(path.join(parent, "katto-work-notapid"));
    mkdirSync(path.join(parent, "someone-elses"));

    const { root, removed } = await claimWorkRoot(parent, 4242_4242);
    expect(removed).toEqual([path.basename(dead)]);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(path.join(running, "katto-job-x-abc123", "source.bin"))).toBe(true);
    expect(root).toBe(path.join(parent, "katto-work-42424242"));
    expect(readdirSync(parent).sort()).toEqual(["katto-work-42424242", "katto-work-notapid", path.basename(running), "someone-elses"].sort());
  });

  it("removes a root with its own pid: a process before it had that id (a container's server is always the same pid)", async () => {
    const parent = tmpDir("katto-work-root-");
    const stale = leftover(parent, process.pid);
    const { root, removed } = await claimWorkRoot(parent);
    expect(removed).toEqual([path.basename(stale)]);
    expect(root).toBe(stale);
    expect(readdirSync(root)).toEqual([]);
  });

  it("makes the parent folder when it does not exist yet (KATTO_WORK_DIR on a fresh volume)", async () => {
    const parent = path.join(tmpDir("katto-work-root-"), "not", "yet");
    const { root, removed } = await claimWorkRoot(parent);
    expect(removed).toEqual([]);
    expect(existsSync(root)).toBe(true);
  });
});
