// Where a clip cuts away to B-roll (style `broll`): on words matching an asset's keywords, 1.5-3 s
// each, at most a third of the clip, never over its opening or its last second, with the speaker
// back between two cutaways; and the ffmpeg graph that draws them (pure, no ffmpeg here).
import type { BrollAsset } from "@katto/protocol";
import { describe, expect, it } from "vitest";
import { CUTAWAY, keywordStems, planCutaways } from "../../src/broll/plan.js";
import { stockQueries } from "../../src/broll/assets.js";
import { renderArgs, renderFilterGraph } from "../../src/rendering/render-args.js";
import type { RenderSpec } from "../../src/rendering/render-spec.js";
import { cutawayChain } from "../../src/ffmpeg/cutaway-filters.js";
import { words } from "../helpers/words.js";

const asset = (id: string, keywords: string[], kind: BrollAsset["kind"] = "image"): BrollAsset => ({ id, kind, url: `http://127.0.0.1:9/${id}`, keywords });
const total = (cs: { start: number; end: number }[]) => cs.reduce((s, c) => s + c.end - c.start, 0);

describe("planCutaways", () => {
  const talk = words("we opened the first store downtown and the coffee there was great and people loved the coffee and the pastries and the music every single night", 0, 0.5, 0.45);
  const lib = [asset("coffee", ["coffee"]), asset("store", ["stores"]), asset("music", ["live music", "musicians"])];

  it("starts each cutaway on a matching word (plural and singular match), 1.5-3 s long, never in the opening or the last second", () => {
    const cuts = planCutaways(talk, 15, lib);
    expect(cuts.length).toBeGreaterThan(0);
    for (const c of cuts) {
      const word = talk.find((w) => Math.abs(w.start - c.start) < 1e-9)!;
      expect(keywordStems(c.asset.keywords).flat()).toContain(keywordStems([word.text])[0]![0]);
      expect(c.end - c.start).toBeGreaterThanOrEqual(CUTAWAY.minS);
      expect(c.end - c.start).toBeLessThanOrEqual(CUTAWAY.maxS);
      expect(c.start).toBeGreaterThanOrEqual(CUTAWAY.hookS);
      expect(c.end).toBeLessThanOrEqual(15 - CUTAWAY.tailS);
    }
    // "store" is said at 2.0 s, inside the opening: the first cutaway is the coffee
    expect(cuts[0]!.asset.id).toBe("coffee");
  });

  it("covers at most a third of the clip and leaves the speaker between two cutaways", () => {
    const many = words(Array.from({ length: 80 }, () => "coffee").join(" "), 0, 0.5, 0.45);
    for (const d of [6, 9, 20, 40]) {
      const cuts = planCutaways(many.filter((w) => w.end <= d), d, lib);
      expect(total(cuts)).toBeLessThanOrEqual(d / 3 + 1e-9);
      for (let i = 1; i < cuts.length; i++) expect(cuts[i]!.start - cuts[i - 1]!.end).toBeGreaterThanOrEqual(CUTAWAY.gapS - 1e-9);
    }
    // too short for one cutaway of 1.5 s within a third: none
    expect(planCutaways(many.filter((w) => w.end <= 4), 4, lib)).toEqual([]);
  });

  it("matches a phrase on the same words in a row, prefers the longer keyword, and ignores stopword keywords", () => {
    const said = words("at night we went out to hear some live music in the old town", 0, 0.4, 0.35);
    const cuts = planCutaways(said, 12, [asset("any", ["music"]), asset("live", ["live music"]), asset("the", ["the", "in"])]);
    expect(cuts.map((c) => c.asset.id)).toEqual(["live"]);
    expect(cuts[0]!.start).toBeCloseTo(said.find((w) => w.text === "live")!.start, 6);
    expect(keywordStems(["the", "In", ""])).toEqual([]);
  });

  it("rotates between assets that match the same word and is deterministic", () => {
    const many = words(Array.from({ length: 80 }, () => "coffee").join(" "), 0, 0.5, 0.45);
    const two = [asset("a", ["coffee"]), asset("b", ["coffees"])];
    const cuts = planCutaways(many, 40, two);
    expect(cuts.slice(0, 2).map((c) => c.asset.id)).toEqual(["a", "b"]);
    expect(planCutaways(many, 40, two)).toEqual(cuts);
  });

  it("plans nothing without assets, keywords or matching words", () => {
    expect(planCutaways(talk, 15, [])).toEqual([]);
    expect(planCutaways(talk, 15, [asset("x", ["volcano"])])).toEqual([]);
    expect(planCutaways([], 15, lib)).toEqual([]);
  });
});

describe("stockQueries", () => {
  it("searches the clip's content nouns after the opening, one per stem, at most three", () => {
    const said = words("honestly I think the mountains and the ocean and the mountain air and the forest and the desert changed me", 0, 0.4, 0.35);
    const q = stockQueries(said);
    expect(q.length).toBeLessThanOrEqual(3);
    expect(q).toContain("ocean");
    expect(q.filter((w) => w.startsWith("mountain"))).toHaveLength(1);
    for (const w of q) expect(said.find((x) => x.text === w)!.start).toBeGreaterThanOrEqual(CUTAWAY.hookS);
  });
});

describe("the cutaway graph", () => {
  const spec: RenderSpec = {
    aspect: "9:16",
    input: "in.mp4", output: "out.mp4", start: 10, duration: 12,
    source: { width: 1280, height: 720, fps: 30, hasAudio: true }, layout: "center_crop",
    width: 540, height: 960, quality: "preview", assPath: "c.ass",
    cutaways: [{ path: "a.png", kind: "image", start: 3, end: 5.5 }, { path: "b.mp4", kind: "video", start: 8, end: 9.5 }],
  };

  it("inputs each asset for its length after the source (a still looped, a video looped if short) and never maps their audio", () => {
    const args = renderArgs(spec);
    const at = (p: string) => args.indexOf(p);
    expect(args.slice(at("a.png") - 5, at("a.png") + 1)).toEqual(["-loop", "1", "-t", "2.5", "-i", "a.png"]);
    expect(args.slice(at("b.mp4") - 5, at("b.mp4") + 1)).toEqual(["-stream_loop", "-1", "-t", "1.5", "-i", "b.mp4"]);
    expect(args.filter((a, i) => args[i - 1] === "-map")).toEqual(["[v]", "[a]"]);
    expect(renderFilterGraph(spec)).toContain("[0:a:0]");
    expect(renderFilterGraph(spec)).not.toMatch(/\[[12]:a/);
  });

  it("fills the frame with each asset and draws it over the framed picture only between its times, under the captions", () => {
    const g = renderFilterGraph(spec);
    expect(g).toContain("[1:v:0]fps=30,scale=604:1076:force_original_aspect_ratio=increase,crop=540:960:x='(iw-540)*min(1,t/2.5)'");
    expect(g).toContain("[2:v:0]fps=30,scale=540:960:force_original_aspect_ratio=increase,crop=540:960");
    expect(g).toContain("setpts=PTS-STARTPTS+3/TB[b0]");
    expect(g).toContain("[talk][b0]overlay=x=0:y=0:enable='between(t,3,5.5)'");
    expect(g).toContain("[t1][b1]overlay=x=0:y=0:enable='between(t,8,9.5)'");
    // the captions (ass) come after the cutaways made [framed]
    expect(g.indexOf("[framed]null")).toBeGreaterThan(g.indexOf("[t1][b1]"));
    expect(cutawayChain([], [], spec)).toBe("");
    expect(renderFilterGraph({ ...spec, cutaways: [] })).not.toContain("[talk]");
  });
});
