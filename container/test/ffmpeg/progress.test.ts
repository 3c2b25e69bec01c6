import { describe, expect, it } from "vitest";
import { feedProgress, initialProgress, outTimeFromField, parseClock, parseProgressLine, progressFraction } from "../../src/ffmpeg/progress.js";

const clock = (us: number) => {
  const s = us / 1e6;
  return `${String(Math.floor(s / 3600)).padStart(2, "0")}:${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}:${(s % 60).toFixed(6).padStart(9, "0")}`;
};
const block = (us: string, end = false) =>
  `frame=10\nfps=25.0\nbitrate=N/A\ntotal_size=1024\nout_time_us=${us}\nout_time_ms=${us}\nout_time=${clock(Number(us))}\nspeed=1.2x\nprogress=${end ? "end" : "continue"}\n`;

describe("progress parser", () => {
  it("parses key=value lines", () => {
    expect(parseProgressLine("out_time_us=1500000")).toEqual({ key: "out_time_us", value: "1500000" });
    expect(parseProgressLine("garbage")).toBeNull();
    expect(parseProgressLine("=x")).toBeNull();
  });

  it("reads out_time_us, out_time_ms (also microseconds) and out_time", () => {
    expect(outTimeFromField("out_time_us", "2500000")).toBe(2.5);
    expect(outTimeFromField("out_time_ms", "2500000")).toBe(2.5);
    expect(outTimeFromField("out_time", "00:01:02.500000")).toBeCloseTo(62.5);
    expect(outTimeFromField("out_time_us", "N/A")).toBeNull();
    expect(outTimeFromField("frame", "10")).toBeNull();
    expect(parseClock("01:00:00.000000")).toBe(3600);
    expect(parseClock("nope")).toBeNull();
  });

  it("turns blocks into a fraction of the expected duration", () => {
    let s = initialProgress();
    s = feedProgress(s, block("2000000"));
    expect(progressFraction(s, 10)).toBeCloseTo(0.2);
    s = feedProgress(s, block("5000000"));
    expect(progressFraction(s, 10)).toBeCloseTo(0.5);
  });

  it("handles lines split across chunks", () => {
    let s = initialProgress();
    s = feedProgress(s, "out_time_us=30");
    expect(s.outTimeS).toBeNull();
    s = feedProgress(s, "00000\nprogress=continue\n");
    expect(s.outTimeS).toBe(3);
  });

  it("ignores N/A and negative times early in the encode", () => {
    let s = initialProgress();
    s = feedProgress(s, "out_time_us=N/A\nout_time=-577014:32:22.775808\nprogress=continue\n");
    expect(progressFraction(s, 10)).toBe(0);
  });

  it("clamps to 0..1 and reports 1 at progress=end", () => {
    let s = feedProgress(initialProgress(), block("20000000"));
    expect(progressFraction(s, 10)).toBe(1);
    s = feedProgress(initialProgress(), block("1000000", true));
    expect(progressFraction(s, 10)).toBe(1);
    expect(progressFraction(initialProgress(), 0)).toBe(0);
  });
});
