import { describe, expect, it } from "vitest";
import { runProcess } from "../../src/ffmpeg/spawn.js";

describe("runProcess input", () => {
  it("writes input to the child's stdin and closes it", async () => {
    const r = await runProcess("cat", [], { stage: "test", signal: AbortSignal.timeout(10_000), input: "héllo\nwörld\n", captureStdout: true });
    expect(r.stdout).toBe("héllo\nwörld\n");
  });

  it("leaves stdin closed without input", async () => {
    const r = await runProcess("cat", [], { stage: "test", signal: AbortSignal.timeout(10_000), captureStdout: true });
    expect(r.stdout).toBe("");
  });
});
