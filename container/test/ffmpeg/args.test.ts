import { describe, expect, it } from "vitest";
import { outputFps } from "../../src/ffmpeg/filter-values.js";
import { AUDIO_ON_SOURCE_CLOCK, escapeFilterValue, extractAudioArgs, ffprobeArgs } from "../../src/ffmpeg/args.js";
import { cropCommands, reframeFilter } from "../../src/rendering/reframe-filter.js";
import { renderArgs, renderFilterGraph } from "../../src/rendering/render-args.js";
import type { RenderSpec } from "../../src/rendering/render-spec.js";
import { renditionArgs } from "../../src/ffmpeg/encode-settings.js";

const spec = (o: Partial<RenderSpec> = {}): RenderSpec => ({
  aspect: "9:16",
  input: "/tmp/in.mp4",
  output: "/tmp/out.mp4",
  start: 12.3456,
  duration: 10,
  source: { width: 1280, height: 720, fps: 29.97, hasAudio: true },
  layout: "center_crop",
  width: 1080,
  height: 1920,
  quality: "hd",
  assPath: "/tmp/job/clip-0.ass",
  fontsDir: "/usr/share/fonts/truetype/dejavu",
  ...o,
});

const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe("ffmpeg args", () => {
  it("ffprobe asks for JSON format and streams", () => {
    expect(ffprobeArgs("/x.mp4")).toEqual(["-v", "error", "-print_format", "json", "-show_format", "-show_streams", "/x.mp4"]);
  });

  it("audio extraction: 16 kHz mono s16 wav of the first audio stream", () => {
    const a = extractAudioArgs("/in", "/out.wav");
    expect(after(a, "-ar")).toBe("16000");
    expect(after(a, "-ac")).toBe("1");
    expect(after(a, "-c:a")).toBe("pcm_s16le");
    expect(after(a, "-map")).toBe("0:a:0");
    expect(a.at(-1)).toBe("/out.wav");
  });

  it("output fps is min(source, 60) and keeps NTSC rates exact", () => {
    expect(outputFps(29.97)).toBe("30000/1001");
    expect(outputFps(30000 / 1001)).toBe("30000/1001");
    expect(outputFps(59.94)).toBe("60000/1001");
    expect(outputFps(25)).toBe("25");
    expect(outputFps(120)).toBe("60");
    expect(outputFps(10)).toBe("10");
    expect(outputFps(0)).toBe("30");
    expect(outputFps(NaN)).toBe("30");
    expect(outputFps(12.5)).toBe("12.5");
  });

  it("escapes filter values at both levels", () => {
    expect(escapeFilterValue("/tmp/a.ass")).toBe("/tmp/a.ass");
    expect(escapeFilterValue("C:/x")).toBe("C\\\\:/x");
    expect(escapeFilterValue("a,b[c]")).toBe("a\\,b\\[c\\]");
    expect(escapeFilterValue("it's")).toBe("it\\\\\\'s");
  });

  it("render: input seek, single filtergraph, H.264 High yuv420p, AAC 48k stereo, faststart", () => {
    const a = renderArgs(spec());
    expect(a.slice(0, 6)).toEqual(["-ss", "12.346", "-t", "10", "-i", "/tmp/in.mp4"]);
    expect(after(a, "-c:v")).toBe("libx264");
    expect(after(a, "-profile:v")).toBe("high");
    expect(after(a, "-pix_fmt")).toBe("yuv420p");
    // the default HD encode, lean: ultrafast with deblocking and the inter partitions back on, High profile
    expect(after(a, "-preset")).toBe("ultrafast");
    expect(after(a, "-x264-params")).toBe("cabac=1:8x8dct=1:deblock=0,0:partitions=i8x8,i4x4");
    expect(after(a, "-c:a")).toBe("aac");
    expect(after(a, "-ar")).toBe("48000");
    expect(after(a, "-ac")).toBe("2");
    expect(after(a, "-movflags")).toBe("+faststart");
    expect(a.filter((x) => x === "-filter_complex")).toHaveLength(1);
    expect(a.at(-1)).toBe("/tmp/out.mp4");
  });

  it("HD takes the operator's x264 preset (KATTO_HD_PRESET), the same crf, rate cap and High profile; a preview stays ultrafast whatever it is", () => {
    const a = renderArgs(spec({ hdPreset: "ultrafast" }));
    expect(after(a, "-preset")).toBe("ultrafast");
    expect(after(a, "-crf")).toBe(after(renderArgs(spec()), "-crf"));
    expect(after(a, "-maxrate")).toBe("10M");
    // High profile whatever the preset: CABAC and the 8x8 transform that ultrafast turns off stay on
    expect(after(a, "-x264-params")).toBe("cabac=1:8x8dct=1");
    expect(after(renderArgs(spec({ quality: "preview", width: 540, height: 960, hdPreset: "medium" })), "-preset")).toBe("ultrafast");
    expect(after(renditionArgs("in.mp4", { width: 720, height: 1280 }, "out.mp4", "faster"), "-preset")).toBe("faster");
  });

  it("preview is ultrafast with a lower bitrate", () => {
    const a = renderArgs(spec({ quality: "preview", width: 540, height: 960 }));
    expect(after(a, "-preset")).toBe("ultrafast");
    expect(after(a, "-maxrate")).toBe("1500k");
    expect(renderFilterGraph(spec({ quality: "preview", width: 540, height: 960 }))).toContain("scale=540:960");
  });

  it("filtergraph: crop path, fps, captions with fontsdir, the measured loudness gain and the limiter", () => {
    const g = renderFilterGraph(spec({ audioGainDb: 3.5 }));
    expect(g).toContain("crop@cx=w=404:h=720:x='438':y=0,scale=1080:1920");
    expect(g).not.toContain("sendcmd"); // a still window needs no commands
    expect(g).toContain("fps=30000/1001,ass=filename=/tmp/job/clip-0.ass:fontsdir=/usr/share/fonts/truetype/dejavu,format=yuv420p[v]");
    // the source's sound on the source's clock first (a timestamp gap filled with silence, issue 41)
    expect(g).toContain(`[0:a:0]${AUDIO_ON_SOURCE_CLOCK},aresample=48000,aformat=channel_layouts=stereo,volume=3.50dB,alimiter=limit=0.7499:level=false:latency=true,aformat=sample_fmts=fltp:channel_layouts=stereo[a]`);
    // no gain measured: unity gain, the limiter still holds the peaks
    expect(renderFilterGraph(spec())).toContain(`[0:a:0]${AUDIO_ON_SOURCE_CLOCK},aresample=48000,aformat=channel_layouts=stereo,volume=0.00dB,alimiter=`);
    expect(g).not.toContain("loudnorm");
  });

  it("uses a given crop path: the first segment inline, the later ones as sendcmd commands", () => {
    const g = reframeFilter(spec({ cropPath: [{ t: 0, x: 0 }, { t: 2, x: 400 }] }));
    expect(g).toContain("x='0+400*clip((t-0)/2,0,1)'");
    expect(g).not.toContain("sendcmd");
    const moving = spec({ cropPath: [{ t: 0, x: 0 }, { t: 2, x: 400 }, { t: 3, x: 100 }, { t: 5, x: 100 }], commandsPath: "/tmp/job/clip 0's.cmds" });
    expect(renderFilterGraph(moving)).toContain("[0:v:0]sendcmd=f=/tmp/job/clip 0\\\\\\'s.cmds,crop@cx=w=404:h=720:x='0+400*clip((t-0)/2,0,1)'");
    expect(cropCommands(moving)).toBe("2 crop@cx x '400-300*clip((t-2)/1,0,1)';\n3 crop@cx x '100';");
    expect(() => reframeFilter({ ...moving, commandsPath: undefined })).toThrow(/commandsPath/);
    expect(cropCommands(spec())).toBe("");
  });

  it("bars: the crops move inside the picture, the commands name the same crops", () => {
    const s = spec({ content: { x: 0, y: 60, w: 1280, h: 600 }, cropPath: [{ t: 0, x: 0 }, { t: 1, x: 50 }, { t: 2, x: 5000 }], commandsPath: "/tmp/c.txt" });
    const g = renderFilterGraph(s);
    expect(g).toContain("[content]sendcmd=f=/tmp/c.txt,crop@cx=w=336:h=600");
    expect(cropCommands(s)).toBe("1 crop@cx x '50+894*clip((t-1)/1,0,1)';"); // clamped to the picture's maxX
  });

  it("without captions there is no ass filter", () => {
    expect(renderFilterGraph(spec({ assPath: null }))).not.toContain("ass=");
  });

  it("a source without audio gets a silent stereo track", () => {
    const s = spec({ source: { width: 768, height: 576, fps: 10, hasAudio: false } });
    const a = renderArgs(s);
    expect(a).toContain("anullsrc=r=48000:cl=stereo");
    expect(renderFilterGraph(s)).toContain("[1:a:0]aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo[a]");
    expect(renderFilterGraph(s)).not.toContain("volume=");
  });

  it("wide layout: blurred fill behind the fitted frame", () => {
    const g = reframeFilter(spec({ layout: "wide" }));
    expect(g).toContain("split=2[bgsrc][fgsrc]");
    expect(g).toContain("boxblur");
    expect(g).toContain("[fgsrc]scale=1080:1920:force_original_aspect_ratio=decrease");
    expect(g).toContain("overlay=(W-w)/2:(H-h)/2");
    expect(g.endsWith("[framed]")).toBe(true);
  });

  it("passthrough: fit and pad", () => {
    const g = reframeFilter(spec({ layout: "passthrough", source: { width: 1080, height: 1920, fps: 30, hasAudio: true } }));
    expect(g).toBe("[0:v:0]scale=1080:1920:force_original_aspect_ratio=decrease,pad=1080:1920:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1[framed]");
  });
});
