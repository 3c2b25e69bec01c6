// The cut timeline (issue 26): kept spans, source -> clip time, words and crop paths moved onto it,
// and the render filter that keeps the same spans.
import { describe, expect, it } from "vitest";
import { cutGaps, keptDuration, keptSpans, mapPath, mapWords, toClipTime } from "../../src/editing/timeline.js";
import { renderArgs } from "../../src/rendering/render-args.js";
import { outputDuration, type RenderSpec } from "../../src/rendering/render-spec.js";
import { cutAudioFilter } from "../../src/ffmpeg/cut-audio.js";
import { selectFilter } from "../../src/rendering/cut-filters.js";
import { cropXAt } from "../../src/framing/crop-path.js";

describe("keptSpans and toClipTime", () => {
  it("keeps what the cuts leave, merging overlapping and unsorted cuts", () => {
    expect(keptSpans(10, [{ start: 6, end: 7 }, { start: 2, end: 3 }, { start: 2.5, end: 3.5 }])).toEqual([
      { start: 0, end: 2 },
      { start: 3.5, end: 6 },
      { start: 7, end: 10 },
    ]);
    expect(keptSpans(10, [])).toEqual([{ start: 0, end: 10 }]);
    expect(keptSpans(10, [{ start: 0, end: 1 }, { start: 9, end: 12 }])).toEqual([{ start: 1, end: 9 }]);
    expect(keptDuration(keptSpans(10, [{ start: 2, end: 3 }, { start: 6, end: 7.5 }]))).toBeCloseTo(7.5, 9);
  });

  it("maps uncut times onto the cut timeline; a time inside a cut lands on the join", () => {
    const spans = keptSpans(10, [{ start: 2, end: 3 }, { start: 6, end: 7 }]);
    expect(toClipTime(spans, 1)).toBe(1);
    expect(toClipTime(spans, 2.5)).toBe(2);
    expect(toClipTime(spans, 4)).toBe(3);
    expect(toClipTime(spans, 8)).toBe(6);
    expect(toClipTime(spans, 10)).toBe(8);
    expect(cutGaps(spans, 10)).toEqual([{ start: 2, end: 3 }, { start: 6, end: 7 }]);
  });

  it("drops a word cut out, clips one a cut touches, and keeps the order", () => {
    const spans = keptSpans(5, [{ start: 1, end: 2 }]);
    const words = [
      { text: "so", start: 0.2, end: 0.6 },
      { text: "um", start: 1.1, end: 1.5 },
      { text: "the", start: 1.8, end: 2.4 },
      { text: "point", start: 2.5, end: 3 },
    ];
    const mapped = mapWords(words, spans);
    expect(mapped.map((w) => w.text)).toEqual(["so", "the", "point"]);
    expect(mapped[1]).toMatchObject({ start: 1, end: expect.closeTo(1.4, 9) });
    expect(mapped[2]).toMatchObject({ start: expect.closeTo(1.5, 9), end: 2 });
  });

  it("moves a crop path onto the cut timeline, jumping at a join as the picture does", () => {
    const path = [{ t: 0, x: 0 }, { t: 10, x: 100 }];
    const spans = keptSpans(10, [{ start: 4, end: 6 }]);
    const mapped = mapPath(path, spans, (t) => cropXAt(path, t));
    // just before the join the window is where it was at 4 s; right after, where it was at 6 s
    expect(cropXAt(mapped, 3.99)).toBeCloseTo(39.9, 1);
    expect(cropXAt(mapped, 4.0)).toBeCloseTo(60, 1);
    expect(cropXAt(mapped, 8)).toBeCloseTo(100, 1);
  });
});

describe("the cut in the render's filter", () => {
  const spec: RenderSpec = {
    aspect: "9:16",
    input: "/in.mp4", output: "/out.mp4", start: 20, duration: 10,
    source: { width: 1280, height: 720, fps: 30, hasAudio: true },
    layout: "center_crop", width: 540, height: 960, quality: "preview", assPath: "/c.ass",
    keep: keptSpans(10, [{ start: 2, end: 3 }, { start: 6, end: 7 }]),
  };

  it("selects the kept frames and closes their times up over the gaps, then frames, captions and encodes the shorter clip", () => {
    expect(selectFilter(spec.keep!, 10, 30)).toBe(
      "select='((gte(t,-0.0167)*lt(t,1.9833)+gte(t,2.9833)*lt(t,5.9833))+gte(t,6.9833)*lt(t,9.9833))',setpts='PTS-(gte(T,2.9833)*1+gte(T,6.9833)*1)/TB'",
    );
    const args = renderArgs(spec);
    const graph = args[args.indexOf("-filter_complex") + 1]!;
    expect(graph.startsWith("[0:v:0]select=")).toBe(true);
    expect(graph).toContain("[cut]crop@cx=");
    expect(graph).toContain("fps=30,ass=filename=/c.ass");
    // the input is the whole range, the output its kept 8 s
    expect(args.slice(0, 6)).toEqual(["-ss", "20", "-t", "10", "-i", "/in.mp4"]);
    expect(args[args.lastIndexOf("-t") + 1]).toBe("8");
    expect(outputDuration(spec)).toBeCloseTo(8, 9);
  });

  it("cuts the sound sample exactly at the same spans, with short fades at each join", () => {
    expect(cutAudioFilter("au", [{ start: 0, end: 2 }, { start: 3, end: 4 }], "a")).toBe(
      "[au]asplit=2[as0][as1];[as0]atrim=start=0:end=2,asetpts=PTS-STARTPTS,afade=t=in:d=0.005,afade=t=out:st=1.995:d=0.005[ac0];" +
        "[as1]atrim=start=3:end=4,asetpts=PTS-STARTPTS,afade=t=in:d=0.005,afade=t=out:st=0.995:d=0.005[ac1];[ac0][ac1]concat=n=2:v=0:a=1[a]",
    );
  });

  it("leaves a clip with nothing cut as it was", () => {
    const whole = { ...spec, keep: keptSpans(10, []) };
    const graph = renderArgs(whole)[renderArgs(whole).indexOf("-filter_complex") + 1]!;
    expect(graph).not.toContain("select=");
    expect(graph).not.toContain("asplit");
    expect(outputDuration(whole)).toBe(10);
  });
});
