// What runProcess does about a child's cost (issue 43): the niceness it asks for, and the CPU time
// it counts by stage (runtime/process-cpu.ts), which the e2e bench reads for the speech engine.
import { getPriority } from "node:os";
import { describe, expect, it } from "vitest";
import { runProcess } from "../../src/ffmpeg/spawn.js";
import { processCpuSince, processCpuSnapshot } from "../../src/runtime/process-cpu.js";
import { SPEECH_NICENESS } from "../../src/engines/speech/types.js";

const signal = () => AbortSignal.timeout(20_000);
// the niceness of the child's own child, read from /proc (proc(5): field 19), after the parent had time to set it
const niceOfChild = ["-c", "sleep 0.3; cut -d ' ' -f 19 /proc/self/stat"];

describe("runProcess: a child's cost", () => {
  it("runs a child at the niceness asked for above the backend's, and at the backend's by default", async () => {
    const base = getPriority();
    const niced = await runProcess("sh", niceOfChild, { stage: "test", signal: signal(), captureStdout: true, niceness: SPEECH_NICENESS });
    const plain = await runProcess("sh", niceOfChild, { stage: "test", signal: signal(), captureStdout: true });
    expect(Number(niced.stdout.trim())).toBe(Math.min(19, base + SPEECH_NICENESS));
    expect(Number(plain.stdout.trim())).toBe(base);
  });

  it("counts a child's CPU time under its stage, and only there", async () => {
    const before = processCpuSnapshot();
    // a fixed amount of work (about a second of CPU here, however loaded the machine): 300 frames encoded
    const args = ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30", "-frames:v", "300", "-c:v", "libx264", "-preset", "medium", "-threads", "1", "-f", "null", "-"];
    await runProcess("ffmpeg", args, { stage: "cpu-test", signal: signal() });
    const spent = processCpuSince(before);
    expect(spent["cpu-test"]).toBeGreaterThan(200);
    expect(spent["cpu-test"]).toBeLessThan(30_000);
    expect(Object.keys(spent).filter((k) => k !== "cpu-test" && k !== "test")).toEqual([]);
  });

  it("reads the difference between two snapshots, leaving out stages with none", () => {
    const before = new Map([["transcribe", 1000], ["rendering", 50]]);
    const now = new Map([["transcribe", 4200.4], ["rendering", 50], ["faces", 70]]);
    expect(processCpuSince(before, now)).toEqual({ transcribe: 3200, faces: 70 });
  });
});
