// The process-wide render limiter (pool.ts): at most N holders, FIFO, abort leaves the queue.
import { describe, expect, it } from "vitest";
import { createLimiter } from "../../src/runtime/pool.js";
import { mezzanineArgs } from "../../src/rendering/mezzanine.js";
import { AUDIO_ON_SOURCE_CLOCK } from "../../src/ffmpeg/args.js";

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("createLimiter", () => {
  it("runs at most `slots` tasks at once, in arrival order", async () => {
    const lim = createLimiter(2);
    let inFlight = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (i: number) =>
      lim.run(async () => {
        started.push(i);
        peak = Math.max(peak, ++inFlight);
        await tick();
        inFlight--;
        return i;
      });
    expect(await Promise.all([0, 1, 2, 3, 4, 5].map(task))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(lim.active).toBe(0);
  });

  it("a failing task frees its slot", async () => {
    const lim = createLimiter(1);
    await expect(lim.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await lim.run(async () => "next")).toBe("next");
  });

  it("a waiter whose signal aborts leaves the queue with the signal's reason", async () => {
    const lim = createLimiter(1);
    let release!: () => void;
    const holder = lim.run(() => new Promise<void>((r) => (release = r)));
    const ac = new AbortController();
    const waiting = lim.run(async () => "never", ac.signal);
    expect(lim.waiting).toBe(1);
    ac.abort("cancelled");
    await expect(waiting).rejects.toBe("cancelled");
    expect(lim.waiting).toBe(0);
    release();
    await holder;
    expect(await lim.run(async () => "free")).toBe("free");
    await expect(lim.run(async () => 1, AbortSignal.abort("gone"))).rejects.toBe("gone");
  });

});

describe("mezzanineArgs", () => {
  it("cuts the range exactly (re-encode, not copy), near-lossless, first audio track", () => {
    const a = mezzanineArgs({ input: "in.mp4", output: "clip-0-src.mp4", start: 12.3456, end: 42.5, hasAudio: true });
    expect(a.slice(0, 6)).toEqual(["-ss", "12.346", "-t", "30.154", "-i", "in.mp4"]);
    // the audio on the source's clock, as the render's own chain has it (issue 41)
    expect(a.join(" ")).toContain(`-map 0:v:0 -map 0:a:0 -af ${AUDIO_ON_SOURCE_CLOCK} -c:a aac`);
    expect(a.join(" ")).toContain("-c:v libx264 -preset ultrafast -crf 16 -pix_fmt yuv420p");
    expect(a).not.toContain("copy");
    expect(a.at(-1)).toBe("clip-0-src.mp4");
    expect(mezzanineArgs({ input: "in.mp4", output: "o.mp4", start: 0, end: 5, hasAudio: false })).toContain("-an");
  });
});
