// Every shape on real media (issue 37 `aspect`): one face-to-camera clip of a real recording
// planned, face-tracked and rendered at 1080p in each of 9:16, 1:1, 4:5 and 16:9 by the pipeline's
// own pieces (planClip, analyzeClipFaces, planEdit, renderClip, measureClip). Each file has its
// shape's frame (ffprobe), the speaker's face inside it (the quality measure's BlazeFace), and its
// captions inside the safe area of that frame. Cheap: a 1.8 s range, HD at ultrafast, the four
// renders made once.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ASPECTS, AUTO_LAYOUT, clipFrame, QUALITY_THRESHOLDS, type Aspect, type ClipQuality } from "@katto/protocol";
import { writeClipCaptions, emojiOverlays } from "../../src/captions/clip-captions.js";
import { resolveCaptionStyle, SAFE } from "../../src/captions/styles.js";
import { planClip, planEdit } from "../../src/editing/clip-plan.js";
import { createBlazeFace } from "../../src/engines/face/blazeface.js";
import { measureClip } from "../../src/quality/measure-clip.js";
import { analyzeClipFaces } from "../../src/framing/faces.js";
import { probe } from "../../src/analysis/probe.js";
import { renderClip } from "../../src/rendering/render.js";
import type { ProbeResult, ScoredMoment, Transcript } from "../../src/runtime/types.js";
import { fastHdEncoder } from "../helpers/encoder.js";
import { media, tmpDir } from "../helpers/media.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-shapes-");
const OBAMA = media("video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4");
const START = 0.4;
const END = 2.2;
const SENTENCE = "about the very real and very serious";
/** captions in a green no real frame of the recording shows, so every green pixel is a caption's */
const KIT = { name: "Shapes", primary_color: "#00FF00", accent_color: "#00FF00", caption_font: "DejaVu Sans", caption_position: "bottom", default_layout: "face_tracking", watermark_url: null } as const;

let info: ProbeResult;
const shapes = new Map<Aspect, { file: string; width: number; height: number; layout: string; quality: ClipQuality; green: GreenBox }>();

interface GreenBox {
  n: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The caption pixels (pure green) of the frame at `t`, at the file's own size, and their bounding box. */
function greenAt(file: string, t: number, W: number, H: number): GreenBox {
  const px = execFileSync("ffmpeg", ["-v", "error", "-ss", String(t), "-i", file, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"], { maxBuffer: 1 << 26 });
  const box = { n: 0, x0: W, y0: H, x1: 0, y1: 0 };
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      if (px[i + 1]! > 200 && px[i]! < 90 && px[i + 2]! < 90) {
        box.n++;
        box.x0 = Math.min(box.x0, x);
        box.y0 = Math.min(box.y0, y);
        box.x1 = Math.max(box.x1, x);
        box.y1 = Math.max(box.y1, y);
      }
    }
  return box;
}

async function renderShape(aspect: Aspect, detector: Awaited<ReturnType<typeof createBlazeFace>>) {
  const words = SENTENCE.split(" ").map((w, i) => ({ word: w, start: START + i * 0.3, end: START + i * 0.3 + 0.27 }));
  const moment: ScoredMoment = { start: START, end: END, words, text: SENTENCE, score: 80, subscores: { hook: 80, flow: 80, value: 80, trend: 80 }, justification: "", title: "Very real challenges" };
  const transcript: Transcript = { lang: "en", segments: [], words, engine: "test" };
  // the planner as a job plans: the job's shape and the kit's caption look
  const p = planClip(moment, 0, info, transcript, { aspect, brandKit: KIT, captionStyle: "minimal" });
  if (p.cropWindow) {
    // face tracking, as editing/layouts.ts runs it: the window of the clip's shape follows the face
    const faces = await analyzeClipFaces({ source: OBAMA, video: info.video!, start: p.start, end: p.end, window: p.cropWindow, detector, signal });
    if (faces.path?.length) (p.layout = AUTO_LAYOUT), (p.cropPath = faces.path);
  }
  const e = planEdit(p, info);
  const { assPath } = await writeClipCaptions(e.captions, dir, aspect.replace(":", "x"));
  const output = join(dir, `${aspect.replace(":", "x")}.mp4`);
  await renderClip(
    { source: OBAMA, probe: info, start: p.start, end: p.end, layout: p.layout, cropPath: p.cropPath ?? undefined, content: p.content, assPath, overlays: emojiOverlays(e.captions.emoji, "hd", aspect), output, quality: "hd", aspect },
    { signal, encoder: fastHdEncoder },
  );
  const out = await probe(output, { signal });
  const quality = await measureClip({ file: output, duration: out.duration, hasAudio: out.audio !== null, layout: p.layout, aspect, subject: true, words: [], edges: { starts_on_sentence: true, ends_on_sentence: true, cut_word: false }, expectSpeech: false, signal, detector });
  const { width, height } = out.video!;
  shapes.set(aspect, { file: output, width, height, layout: p.layout, quality, green: greenAt(output, 0.8, width, height) });
}

beforeAll(async () => {
  info = await probe(OBAMA, { signal });
  const detector = await createBlazeFace();
  for (const a of ASPECTS) await renderShape(a, detector);
}, 240_000);

describe("every shape on a real face-to-camera recording", () => {
  it.each(ASPECTS)("%s renders at its 1080p frame", (aspect) => {
    const s = shapes.get(aspect)!;
    expect({ width: s.width, height: s.height }).toEqual(clipFrame(aspect, "hd"));
  });

  it("the landscape source is face-tracked in every shape narrower than it, and kept whole in 16:9", () => {
    expect(shapes.get("9:16")!.layout).toBe(AUTO_LAYOUT);
    expect(shapes.get("1:1")!.layout).toBe(AUTO_LAYOUT);
    expect(shapes.get("4:5")!.layout).toBe(AUTO_LAYOUT);
    expect(shapes.get("16:9")!.layout).toBe("passthrough");
  });

  it.each(ASPECTS)("%s keeps the speaker's face inside the frame (the quality measure's detector)", (aspect) => {
    const q = shapes.get(aspect)!.quality;
    expect(q.subject_in_frame).not.toBeNull();
    expect(q.subject_in_frame!).toBeGreaterThanOrEqual(QUALITY_THRESHOLDS.SUBJECT_IN_FRAME_MIN);
  });

  it.each(ASPECTS)("%s draws its captions inside the safe area of its own frame", (aspect) => {
    const { green: g, width: W, height: H } = shapes.get(aspect)!;
    // a caption is on screen (a few thousand pixels of 1080p text), not a stray pixel
    expect(g.n).toBeGreaterThan(2000);
    // left of the apps' buttons, right of the margin, within the band; 6 px for the outline's antialiasing
    expect(g.x0).toBeGreaterThanOrEqual(SAFE.left - 6);
    expect(g.x1).toBeLessThanOrEqual(W - SAFE.right + 6);
    expect(g.y0).toBeGreaterThanOrEqual(Math.floor(SAFE.top * H));
    expect(g.y1).toBeLessThanOrEqual(Math.ceil(SAFE.bottom * H));
  });

  it("words per line follow the frame: a wider frame allows a longer caption line", () => {
    const chars = (a: Aspect) => resolveCaptionStyle({ style: "bold_pop", canvas: clipFrame(a, "hd") })!.maxChars;
    expect(chars("16:9")).toBeGreaterThan(chars("9:16"));
    expect(chars("1:1")).toBe(chars("9:16"));
    expect(chars("4:5")).toBe(chars("9:16"));
  });
});
