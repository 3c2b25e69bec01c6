import { CLIP_FRAMES } from "@katto/protocol";
// Render cost against a baseline, measured in one run on the same clip: our full render (9:16
// reframe + animated captions + loudness normalisation + faststart, the HD profile) against a bare
// ffmpeg encode of the same 1080x1920 output at the same preset (veryfast, crf 21), and the preview
// profile against a bare ultrafast encode at 540x960, on that clip and on the 1080p camera-like
// source of the e2e bench. Runs alternate; the ratio is the median of the pairs' ratios (3 runs by default).
//   cd container && tsx bench/render.ts [source] [start]
// BENCH_ONLY=preview runs only the rows whose name contains it (the HD rows take minutes);
// BENCH_ONLY="crop path" the crop path rows (sendcmd against the flat expression it replaced).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildAss } from "../src/captions/ass.js";
import { clipCaptions, emojiOverlays, writeClipCaptions } from "../src/captions/clip-captions.js";
import { resolveCaptionStyle } from "../src/captions/styles.js";
import { clipCuts, clipEdit, gridFps } from "../src/editing/clip-edit.js";
import { loudnessFilter } from "../src/ffmpeg/loudness.js";
import type { BrollAsset } from "@katto/protocol";
import { clipCutaways, type BrollSource } from "../src/broll/assets.js";
import { brollEdits } from "../src/editing/clip-plan.js";
import { loadConfig } from "../src/runtime/config.js";
import { translateCaptions } from "../src/captions/translate.js";
import { createTranslator } from "../src/engines/translate/index.js";
import { cameraLikeSource } from "../../bench/camera-source.js";
import { probe } from "../src/analysis/probe.js";
import { renderClip } from "../src/rendering/render.js";
import { cropTimeline, cropWindow, normalizePath, type CropKeyframe } from "../src/framing/crop-path.js";

/** A lively tracked path: `moves` moves over `dur` seconds, swaying across the window's range. */
function livelyPath(moves: number, dur: number, maxX: number): CropKeyframe[] {
  const keys = Array.from({ length: moves + 1 }, (_, i) => {
    const t = (i * dur) / moves;
    return { t, x: maxX / 2 + (maxX / 2 - 8) * Math.sin((2 * Math.PI * t) / 3) + (i % 2 ? 3 : -3) };
  });
  return normalizePath(keys, maxX);
}

/** The single flat expression crop paths were rendered with before sendcmd (fails past 96 moves). */
function flatExpression(path: readonly CropKeyframe[]): string {
  const num = (n: number) => String(Number(n.toFixed(4)));
  let expr = num(path[0]!.x);
  for (let i = 0; i + 1 < path.length; i++) {
    const dx = path[i + 1]!.x - path[i]!.x;
    if (dx !== 0) expr += `${dx < 0 ? "-" : "+"}${num(Math.abs(dx))}*clip((t-${num(path[i]!.t)})/${num(path[i + 1]!.t - path[i]!.t)},0,1)`;
  }
  return expr;
}

/** Where the clip starts in the camera-like source: inside its first talking head. */
const CAMERA_START = 20;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const media = process.env.KATTO_MEDIA_DIR || path.resolve(import.meta.dirname, "../../../shared/media");
  const source = process.argv[2] ?? path.join(media, "video_talking/other/openmpf_video_02_hikers.mp4");
  const start = Number(process.argv[3] ?? 1);
  const dur = 10;
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  const dir = mkdtempSync(path.join(os.tmpdir(), "katto-bench-render-"));
  const signal = new AbortController().signal;
  const p = await probe(source, { signal });
  const words = Array.from({ length: 25 }, (_, i) => ({ text: ["this", "is", "a", "caption", "word"][i % 5]!, start: 0.3 + i * 0.38, end: 0.6 + i * 0.38 }));
  const ass = path.join(dir, "c.ass");
  writeFileSync(ass, buildAss(words, resolveCaptionStyle({ canvas: CLIP_FRAMES.hd })!, { durationS: dur }));
  // The preview again on the camera-like 1080p source of the e2e bench (bench/camera-source.ts):
  // what a user sends, where decoding and scaling 1080p weigh against the captions as they do in a job.
  const camera = cameraLikeSource(1);
  const cameraProbe = await probe(camera, { signal });
  const timed = async (fn: () => Promise<unknown> | unknown) => {
    const t0 = performance.now();
    await fn();
    return (performance.now() - t0) / 1000;
  };
  // extra: one of our filters added to the bare encode, to show what each costs on its own
  const bare = (w: number, h: number, preset: string, crf: string, extra: { vf?: string; af?: string; from?: string } = {}) => () =>
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-ss", String(extra.from ? CAMERA_START : start), "-t", String(dur), "-i", extra.from ?? source,
      "-vf", `crop=ih*9/16:ih,scale=${w}:${h}${extra.vf ? `,${extra.vf}` : ""}`, ...(extra.af ? ["-af", extra.af] : []),
      "-c:v", "libx264", "-preset", preset, "-crf", crf, "-pix_fmt", "yuv420p", "-c:a", "aac", "-ar", "48000", path.join(dir, `bare-${w}.mp4`)]);
  const ours = (quality: "hd" | "preview", layout: "center_crop" | "wide", from?: { source: string; probe: typeof p }) => () =>
    renderClip({ aspect: "9:16", ...(from ? { ...from, start: CAMERA_START, end: CAMERA_START + dur } : { source, probe: p, start, end: start + dur }), layout, assPath: ass, output: path.join(dir, `${quality}-${layout}.mp4`), quality }, { signal });
  const fromCamera = { source: camera, probe: cameraProbe };
  // Crop paths (issue 27): the same 90-move path on the camera-like source as one flat expression
  // (what it replaced, the longest ffmpeg 5.1 takes) and as sendcmd commands (what renders now)
  const win = cropWindow(cameraProbe.video!.width, cameraProbe.video!.height, 9 / 16);
  const path90 = livelyPath(90, dur, win.maxX);
  const path500 = livelyPath(500, dur, win.maxX);
  const commands = path.join(dir, "crop-commands.txt");
  const timeline = cropTimeline(path90);
  writeFileSync(commands, timeline.changes.map((c) => `${c.t} crop@cx x '${c.x}';`).join("\n"));
  const pathEncode = (crop: string) => () =>
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-ss", String(CAMERA_START), "-t", String(dur), "-i", camera,
      "-filter_complex", `[0:v:0]${crop},scale=540:960,setsar=1[v]`, "-map", "[v]", "-map", "0:a", "-c:v", "libx264", "-preset", "ultrafast", "-crf", "30", "-pix_fmt", "yuv420p", "-c:a", "aac", "-ar", "48000", path.join(dir, "path.mp4")]);
  const tracked = (cropPath: CropKeyframe[] | undefined, layout: "face_tracking" | "center_crop") => () =>
    renderClip({ aspect: "9:16", source: camera, probe: cameraProbe, start: CAMERA_START, end: CAMERA_START + dur, layout, cropPath, assPath: ass, output: path.join(dir, `tracked-${layout}.mp4`), quality: "preview" }, { signal });
  // Styles (issue 26): the same preview with every style option the renderer draws on (key words,
  // colour emoji overlays, a hook title, 3 words per caption) and with none, on speech that has
  // key words and emoji to find
  const said = "we spent forty million dollars in Chicago to build the amazing rocket that will destroy every record on the planet and make families happy".split(" ");
  const styleWords = said.map((text, i) => ({ text, start: 0.3 + i * 0.38, end: 0.6 + i * 0.38 }));
  const caption = resolveCaptionStyle({ canvas: CLIP_FRAMES.hd })!;
  const styled = async (name: string, style: Parameters<typeof clipCaptions>[0]["style"]) => {
    const c = clipCaptions({ aspect: "9:16", words: styleWords, durationS: dur, captionStyle: caption, look: caption, style, title: "The amazing rocket that will destroy every record", layout: "center_crop", picture: cameraProbe.video!, openingFaces: null });
    return { ...(await writeClipCaptions(c, dir, name)), overlays: emojiOverlays(c.emoji, "preview", "9:16") };
  };
  const allOn = await styled("style-all", { words_per_caption: 3, emphasis: "keywords", emoji: true, hook_title: true });
  const noStyle = await styled("style-none", {});
  const stylePreview = (c: typeof allOn) => () =>
    renderClip({ aspect: "9:16", source: camera, probe: cameraProbe, start: CAMERA_START, end: CAMERA_START + dur, layout: "center_crop", assPath: c.assPath, overlays: c.overlays, output: path.join(dir, "styled.mp4"), quality: "preview" }, { signal });
  // ... and with the cuts and zooms on too (pauses and fillers cut, punch-ins), B-roll from a
  // library of two generated assets (a still, a clip) over the words they match, and the captions
  // translated into Spanish by the offline translator: all ten options of the style. The time
  // includes what a job's preview does for them beyond the render itself: listening to the range
  // for its pauses (editing/clip-edit.ts), translating the captions, planning the cutaways.
  const everything = { words_per_caption: 3, emphasis: "keywords", emoji: true, hook_title: true, zoom: "punch_in", remove_silences: true, remove_fillers: true, broll: "library", caption_language: "es" } as const;
  const brollDir = path.join(dir, "broll");
  mkdirSync(brollDir);
  const ff = (args: string[]) => execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args]);
  ff(["-f", "lavfi", "-i", "testsrc2=s=1280x720", "-frames:v", "1", path.join(brollDir, "rocket.png")]);
  ff(["-f", "lavfi", "-i", "testsrc2=s=720x1280:r=30:d=3", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", path.join(brollDir, "city.mp4")]);
  const library: BrollAsset[] = [
    { id: "rocket", kind: "image", url: "http://bench.invalid/rocket.png", keywords: ["rocket"] },
    { id: "city", kind: "video", url: "http://bench.invalid/city.mp4", keywords: ["chicago"] },
  ];
  // the assets as the work folder holds them once fetched (the fetch itself is not render work)
  const brollFiles: BrollSource = { assetsFor: async () => library, localFile: async (a) => path.join(brollDir, a.id === "rocket" ? "rocket.png" : "city.mp4") };
  const translator = createTranslator(loadConfig({}).dub.translator);
  const title = "The amazing rocket that will destroy every record";
  // what the last all-options render applied (printed under its row)
  const last: { edits: Awaited<ReturnType<typeof clipEdit>>["edits"] | null } = { edits: null };
  const editedPreview = async () => {
    const cuts = await clipCuts({ source: camera, start: CAMERA_START, end: CAMERA_START + dur, hasAudio: true, words: styleWords, style: everything, fps: gridFps(cameraProbe.video!.fps), signal });
    const translated = await translateCaptions({ words: styleWords, title, to: everything.caption_language, translator, signal, from: "en" });
    const e = clipEdit({ aspect: "9:16", words: styleWords, rangeS: dur, sourceStart: CAMERA_START, cuts, captionStyle: caption, look: caption, style: everything, title, layout: "center_crop", picture: cameraProbe.video!, openingFaces: null, cropPath: null, faceBoxes: null, translated });
    const files = await writeClipCaptions(e.captions, dir, "style-edited");
    const broll = await clipCutaways(styleWords, e.durationS, brollFiles, signal);
    await renderClip({ aspect: "9:16", source: camera, probe: cameraProbe, start: CAMERA_START, end: CAMERA_START + dur, layout: "center_crop", assPath: files.assPath, overlays: emojiOverlays(e.captions.emoji, "preview", "9:16"), cutaways: broll.cutaways, output: path.join(dir, "edited.mp4"), quality: "preview", keep: e.keep, zooms: e.zooms }, { signal });
    last.edits = { ...e.edits, broll: brollEdits(broll.drawn) };
  };

  const cases = [
    { name: "HD 1080x1920, crop + captions + loudness", ours: ours("hd", "center_crop"), base: bare(1080, 1920, "veryfast", "21"), baseName: "bare crop+scale, veryfast" },
    { name: "HD 1080x1920, wide (blurred fill) + captions", ours: ours("hd", "wide"), base: bare(1080, 1920, "veryfast", "21"), baseName: "bare crop+scale, veryfast" },
    { name: "preview 540x960, crop + captions + loudness", ours: ours("preview", "center_crop"), base: bare(540, 960, "ultrafast", "30"), baseName: "bare crop+scale, ultrafast" },
    // the same output, captions included: what our render costs beyond burning the same captions in
    { name: "preview 540x960, crop + captions + loudness (vs the same captions)", ours: ours("preview", "center_crop"), base: bare(540, 960, "ultrafast", "30", { vf: `ass=filename=${ass}` }), baseName: "bare crop+scale+same captions, ultrafast" },
    { name: "preview 540x960 of the 1080p camera-like source, crop + captions + loudness", ours: ours("preview", "center_crop", fromCamera), base: bare(540, 960, "ultrafast", "30", { from: camera }), baseName: "bare crop+scale, ultrafast" },
    { name: "preview 540x960 of the 1080p camera-like source (vs the same captions)", ours: ours("preview", "center_crop", fromCamera), base: bare(540, 960, "ultrafast", "30", { from: camera, vf: `ass=filename=${ass}` }), baseName: "bare crop+scale+same captions, ultrafast" },
    // where the preview's extra time goes: each of its costly filters alone on the bare encode
    // (ffmpeg 5 runs every filter in its one main thread, so they add up)
    { name: "preview share: bare ultrafast + caption burn-in (ass) only", ours: bare(540, 960, "ultrafast", "30", { vf: `ass=filename=${ass}` }), base: bare(540, 960, "ultrafast", "30"), baseName: "bare crop+scale, ultrafast" },
    { name: "preview share: bare ultrafast + loudness chain (gain, limiter) only", ours: bare(540, 960, "ultrafast", "30", { af: loudnessFilter(2) }), base: bare(540, 960, "ultrafast", "30"), baseName: "bare crop+scale, ultrafast" },
    // what the single-pass dynamic loudnorm that the measured gain replaced cost (it runs at 192 kHz)
    { name: "preview share: bare ultrafast + old single-pass loudnorm only", ours: bare(540, 960, "ultrafast", "30", { af: "loudnorm=I=-14:TP=-1.5:LRA=11,aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo" }), base: bare(540, 960, "ultrafast", "30"), baseName: "bare crop+scale, ultrafast" },
    { name: "crop path: 90 moves as sendcmd commands (camera-like source, bare encode)", ours: pathEncode(`sendcmd=f=${commands},crop@cx=w=${win.w}:h=${win.h}:x='${timeline.initial}':y=${win.y}`), base: pathEncode(`crop=w=${win.w}:h=${win.h}:x='${flatExpression(path90)}':y=${win.y}`), baseName: "the same path as one flat expression (before)" },
    { name: "crop path: preview with a 500-move tracked path (camera-like source)", ours: tracked(path500, "face_tracking"), base: tracked(undefined, "center_crop"), baseName: "the same preview, still centre crop" },
    { name: `styles: preview with every style option on (key words, ${allOn.overlays.length} colour emoji, hook title, 3 words per caption; camera-like source)`, ours: stylePreview(allOn), base: stylePreview(noStyle), baseName: "the same preview, no style" },
    { name: "styles: preview with all ten style options on (those above plus punch-in zooms, pauses and fillers cut, library B-roll, captions translated into Spanish; camera-like source)", ours: editedPreview, base: stylePreview(noStyle), baseName: "the same preview, no style" },
  ];
  console.log(`source ${path.basename(source)} ${p.video!.width}x${p.video!.height} @ ${p.video!.fps.toFixed(2)} fps, clip ${dur} s, ${os.cpus().length} cores, ${runs} alternating runs`);
  console.log("| render | ours s (median) | baseline | baseline s (median) | ratio ours/baseline (median of pairs) |");
  console.log("|---|---|---|---|---|");
  const only = process.env.BENCH_ONLY;
  for (const c of cases.filter((x) => !only || x.name.includes(only))) {
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < runs; i++) {
      a.push(await timed(c.ours));
      b.push(await timed(c.base));
    }
    // the ratio is taken pair by pair (each run of ours against the baseline run right after it),
    // so a machine whose speed drifts during the row moves both sides of every ratio alike
    const ratios = a.map((x, i) => x / b[i]!);
    console.log(`| ${c.name} | ${median(a).toFixed(2)} | ${c.baseName} | ${median(b).toFixed(2)} | ${median(ratios).toFixed(2)} |`);
    if (c.ours === editedPreview && last.edits) { const edited = last.edits; console.log(`  (that clip: ${edited.zooms.length} zooms, ${edited.cuts.length} cuts removing ${edited.cuts.reduce((s, k) => s + k.source_end - k.source_start, 0).toFixed(2)} s of ${dur} s, ${edited.broll.length} B-roll cutaways, ${edited.emoji.length} emoji, ${edited.emphasis.length} key words, title card ${edited.title_card ? "on" : "off"})`); }
  }
  rmSync(dir, { recursive: true, force: true });
}
await main();
