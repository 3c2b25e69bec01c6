// What runProcess does about a child's cost (issue 43): the niceness it asks for, and the CPU time
// it counts by stage (runtime/process-cpu.ts), which the e2e bench reads for the speech engine.
import { existsSync } from "node:fs";
import { getPriority } from "node:os";
import { describe, expect, it } from "vitest";
import { inClass, runProcess } from "../../src/ffmpeg/spawn.js";
import { processCpuSince, processCpuSnapshot } from "../../src/runtime/process-cpu.js";
import { SPEECH_NICENESS } from "../../src/engines/speech/types.js";

const signal = () => AbortSignal.timeout(20_000);
// the niceness of the child's own child, read from /proc (proc(5): field 19), after the parent had time to set it
const niceOfChild = ["-c", "sleep 0.3; cut -d ' ' -f 19 /proc/self/stat"];

// a fixed amount of work (about a second of CPU here, however loaded the machine): 300 frames encoded
const ENCODE_300_FRAMES = ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30", "-frames:v", "300", "-c:v", "libx264", "-preset", "medium", "-threads", "1", "-f", "null", "-"];

describe("runProcess: a child's cost", () => {
  it("runs a child at the niceness asked for above the backend's, and at the backend's by default", async () => {
    const base = getPriority();
    const niced = await runProcess("sh", niceOfChild, { stage: "test", signal: signal(), captureStdout: true, niceness: SPEECH_NICENESS });
    const plain = await runProcess("sh", niceOfChild, { stage: "test", signal: signal(), captureStdout: true });
    expect(Number(niced.stdout.trim())).toBe(Math.min(19, base + SPEECH_NICENESS));
    expect(Number(plain.stdout.trim())).toBe(base);
  });

  // Each child is its own session; where the kernel schedules sessions as groups (autogroup), only
  // the group's nice value ranks the child against a render in another session.
  it.runIf(existsSync("/proc/self/autogroup"))("nices the child's session too, where the kernel groups the scheduler by session", async () => {
    const groupNice = ["-c", "sleep 0.3; cat /proc/self/autogroup"];
    const niced = await runProcess("sh", groupNice, { stage: "test", signal: signal(), captureStdout: true, niceness: SPEECH_NICENESS });
    const plain = await runProcess("sh", groupNice, { stage: "test", signal: signal(), captureStdout: true });
    expect(niced.stdout).toMatch(new RegExp(`nice ${Math.min(19, getPriority() + SPEECH_NICENESS)}\\b`));
    expect(plain.stdout).toMatch(/nice 0\b/);
  });

  it("counts a child's CPU time under its stage, and only there", async () => {
    const before = processCpuSnapshot();
    await runProcess("ffmpeg", ENCODE_300_FRAMES, { stage: "cpu-test", signal: signal() });
    const spent = processCpuSince(before);
    expect(spent["cpu-test"]).toBeGreaterThan(200);
    expect(spent["cpu-test"]).toBeLessThan(30_000);
    expect(Object.keys(spent).filter((k) => k !== "cpu-test" && k !== "test")).toEqual([]);
  });

  it("runs every process started inside a class at its niceness, and counts its CPU under the class's account", async () => {
    const before = processCpuSnapshot();
    const cls = { niceness: 19, account: "class-test" };
    const [inside, asked] = await inClass(cls, async () => {
      // however deep in the work, and whether or not it is awaited at once
      await new Promise((r) => setTimeout(r, 10));
      return Promise.all([
        runProcess("sh", niceOfChild, { stage: "test", signal: signal(), captureStdout: true }),
        // a call that asks for its own niceness keeps it
        runProcess("sh", niceOfChild, { stage: "test", signal: signal(), captureStdout: true, niceness: SPEECH_NICENESS }),
      ]);
    });
    const outside = await runProcess("sh", niceOfChild, { stage: "test", signal: signal(), captureStdout: true });
    expect(Number(inside.stdout.trim())).toBe(Math.min(19, getPriority() + 19));
    expect(Number(asked.stdout.trim())).toBe(Math.min(19, getPriority() + SPEECH_NICENESS));
    expect(Number(outside.stdout.trim())).toBe(getPriority());
    // an encode's CPU (about a second here) under the class's account, not its stage
    await inClass(cls, () => runProcess("ffmpeg", ENCODE_300_FRAMES, { stage: "cpu-test", signal: signal() }));
    const spent = processCpuSince(before);
    expect(spent["class-test"]).toBeGreaterThan(200);
    expect(spent["cpu-test"]).toBeUndefined();
  });

  it("reads the difference between two snapshots, leaving out stages with none", () => {
    const before = new Map([["transcribe", 1000], ["rendering", 50]]);
    const now = new Map([["transcribe", 4200.4], ["rendering", 50], ["faces", 70]]);
    expect(processCpuSince(before, now)).toEqual({ transcribe: 3200, faces: 70 });
  });
});
