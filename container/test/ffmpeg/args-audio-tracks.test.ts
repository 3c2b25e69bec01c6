import { describe, expect, it } from "vitest";
import type { ImageOverlay } from "../../src/ffmpeg/args.js";
import { renderArgs, renderFilterGraph } from "../../src/rendering/render-args.js";
import { renderInputs, type RenderSpec } from "../../src/rendering/render-spec.js";

const spec = (o: Partial<RenderSpec> = {}): RenderSpec => ({
  aspect: "9:16",
  input: "/tmp/in.mp4",
  output: "/tmp/out.mp4",
  start: 5,
  duration: 6,
  source: { width: 1280, height: 720, fps: 25, hasAudio: true },
  layout: "center_crop",
  width: 1080,
  height: 1920,
  quality: "hd",
  assPath: null,
  ...o,
});

const tracks = [
  { lang: "es", path: "/tmp/dub-es.wav" },
  { lang: "fr", path: "/tmp/dub-fr.wav" },
];

describe("dubbed audio tracks", () => {
  it("number inputs: source, silence, watermark, then tracks, then emoji overlays", () => {
    expect(renderInputs(spec())).toEqual({ silence: null, watermark: null, tracks: [], overlays: [], cutaways: [] });
    expect(renderInputs(spec({ source: { width: 1, height: 1, fps: 25, hasAudio: false }, watermarkPath: "/w.png" }))).toEqual({ silence: 1, watermark: 2, tracks: [], overlays: [], cutaways: [] });
    // dubbed audio replaces the source's, so no silent track is needed
    expect(renderInputs(spec({ source: { width: 1, height: 1, fps: 25, hasAudio: false }, watermarkPath: "/w.png", audioTracks: tracks }))).toEqual({ silence: null, watermark: 1, tracks: [2, 3], overlays: [], cutaways: [] });
    const overlay: ImageOverlay = { path: "/e.svg", x: 10, y: 10, size: 64, start: 1, end: 2 };
    expect(renderInputs(spec({ watermarkPath: "/w.png", audioTracks: tracks, overlays: [overlay, overlay] }))).toEqual({ silence: null, watermark: 1, tracks: [2, 3], overlays: [4, 5], cutaways: [] });
  });

  it("one normalised, tagged AAC track per language; the first is the default", () => {
    const s = spec({ audioTracks: tracks.map((t, k) => ({ ...t, gainDb: k === 0 ? -2 : 6.25 })), watermarkPath: "/w.png" });
    const a = renderArgs(s);
    const g = renderFilterGraph(s);
    expect(a.filter((x, i) => a[i - 1] === "-i")).toEqual(["/tmp/in.mp4", "/w.png", "/tmp/dub-es.wav", "/tmp/dub-fr.wav"]);
    expect(g).not.toContain("[0:a:0]");
    expect(g).toContain("[2:a:0]aresample=48000,aformat=channel_layouts=stereo,volume=-2.00dB,alimiter=limit=0.7499:level=false:latency=true,aformat=sample_fmts=fltp:channel_layouts=stereo,apad,atrim=end=6[a0]");
    expect(g).toContain("[3:a:0]aresample=48000,aformat=channel_layouts=stereo,volume=6.25dB,alimiter=");
    expect(g).toContain("[a1]");
    expect(g).toContain("[1:v:0]scale="); // watermark input
    const maps = a.filter((x, i) => a[i - 1] === "-map");
    expect(maps).toEqual(["[v]", "[a0]", "[a1]"]);
    expect(a[a.indexOf("-metadata:s:a:0") + 1]).toBe("language=spa");
    expect(a[a.indexOf("-metadata:s:a:1") + 1]).toBe("language=fra");
    expect(a[a.indexOf("-disposition:a:0") + 1]).toBe("default");
    expect(a[a.indexOf("-disposition:a:1") + 1]).toBe("0");
  });

  it("without tracks the source audio is used as before", () => {
    const a = renderArgs(spec());
    expect(a.filter((x, i) => a[i - 1] === "-map")).toEqual(["[v]", "[a]"]);
    expect(a.join(" ")).not.toContain("language=");
  });
});
