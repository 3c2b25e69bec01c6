import { CLIP_FRAMES } from "@katto/protocol";
// Creator styles (issue 26) on real media, checked frame by frame: key words in the kit's highlight
// colour and the others not, colour emoji pixels exactly while the clip's edits say, and a hook
// title that OCR (Debian's tesseract-ocr) reads in the first frames, over no face.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Style } from "@katto/protocol";
import { clipCaptions, emojiOverlays, writeClipCaptions } from "../../src/captions/clip-captions.js";
import { styleCaptions } from "../../src/captions/styled.js";
import { resolveCaptionStyle, type CaptionStyle } from "../../src/captions/styles.js";
import { openingFaces } from "../../src/captions/title-place.js";
import { titleLookStyle } from "../../src/editing/clip-plan.js";
import { createBlazeFace } from "../../src/engines/face/blazeface.js";
import type { Rect } from "../../src/framing/panels.js";
import { probe } from "../../src/analysis/probe.js";
import { renderClip } from "../../src/rendering/render.js";
import type { ProbeResult } from "../../src/runtime/types.js";
import { media, rgbFrame, rgbFrames, tmpDir } from "../helpers/media.js";
import { words } from "../helpers/words.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-style-render-");
const OBAMA = media("video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4");
/** the clip: 3.6 s of the address, rendered at preview size (540x960) */
const START = 0.4;
const DUR = 3.6;
const W = 540;
const H = 960;
// the sentence said in the recording, evenly timed over the clip
const WORDS = words("about the very real and very serious challenges their families face every day", 0.05, 0.27, 0.25);
const KIT = { name: "Test", primary_color: "#FFFFFF", accent_color: "#00FF00", caption_font: "Noto Sans", caption_position: "bottom", default_layout: "face_tracking", watermark_url: null } as const;
/** "minimal" marks no spoken word, so the only highlight colour on screen is a key word's */
const MINIMAL = resolveCaptionStyle({ canvas: CLIP_FRAMES.hd, style: "minimal", font: KIT.caption_font, primaryColor: KIT.primary_color, accentColor: KIT.accent_color })!;

let info: ProbeResult;

async function render(name: string, style: Style, captionStyle: CaptionStyle | null, faces: Rect | null = null) {
  const c = clipCaptions({ aspect: "9:16", words: WORDS, durationS: DUR, captionStyle, look: titleLookStyle(KIT, "9:16"), style, title: "The very real challenges families face", layout: "center_crop", picture: info.video!, openingFaces: faces });
  const { assPath } = await writeClipCaptions(c, dir, name);
  const output = join(dir, `${name}.mp4`);
  await renderClip({ aspect: "9:16", source: OBAMA, probe: info, start: START, end: START + DUR, layout: "center_crop", assPath, overlays: emojiOverlays(c.emoji, "preview", "9:16"), output, quality: "preview" }, { signal });
  return { c, output };
}

type Box = { x0: number; y0: number; x1: number; y1: number };
function count(px: Uint8Array, box: Box, test: (r: number, g: number, b: number) => boolean): number {
  let n = 0;
  for (let y = Math.max(0, box.y0); y < Math.min(H, box.y1); y++)
    for (let x = Math.max(0, box.x0); x < Math.min(W, box.x1); x++) {
      const i = (y * W + x) * 3;
      if (test(px[i]!, px[i + 1]!, px[i + 2]!)) n++;
    }
  return n;
}
const green = (r: number, g: number, b: number) => g > 170 && r < 120 && b < 120;
const vivid = (r: number, g: number, b: number) => Math.max(r, g, b) - Math.min(r, g, b) > 90;
/** the caption band of a bottom caption at preview size (centre 0.7 of the height) */
const CAPTIONS: Box = { x0: 0, y0: Math.round(H * 0.6), x1: W, y1: Math.round(H * 0.8) };

beforeAll(async () => {
  info = await probe(OBAMA, { signal });
});

describe("emphasis and emoji on a real talking-head clip", () => {
  const on: Style = { words_per_caption: 2, emphasis: "keywords", emoji: true };
  let styled: Awaited<ReturnType<typeof render>>;
  let plain: Awaited<ReturnType<typeof render>>;
  beforeAll(async () => {
    // the same captions without emoji: what the emoji's box shows when no emoji is drawn
    [styled, plain] = await Promise.all([render("styled", on, MINIMAL), render("no-emoji", { ...on, emoji: false }, MINIMAL)]);
  });

  it("records the key words and the emoji it drew, on the clip's timeline", () => {
    const { edits } = styled.c;
    expect(edits.emphasis.map((e) => e.word)).toContain("serious");
    expect(edits.emoji.length).toBeGreaterThan(0);
    for (const e of edits.emoji) expect(e.end).toBeGreaterThan(e.start);
    expect(edits.title_card).toBeNull();
    expect(edits).toMatchObject({ zooms: [], cuts: [], broll: [] });
  });

  it("draws a caption's key word in the kit's highlight colour, and no other caption in it", () => {
    const { pages } = styleCaptions(WORDS, MINIMAL, on, DUR);
    let keyed = 0;
    const frames = rgbFrames(styled.output, pages.map((p) => (p.start + p.end) / 2), W, H);
    for (const [i, p] of pages.entries()) {
      const t = (p.start + p.end) / 2;
      const n = count(frames[i]!, CAPTIONS, green);
      if (p.lines.flat().some((w) => w.emphasis)) {
        keyed++;
        expect(n, `page "${p.lines.flat().map((w) => w.text).join(" ")}" at ${t.toFixed(2)} s`).toBeGreaterThan(150);
      } else expect(n, `page "${p.lines.flat().map((w) => w.text).join(" ")}" at ${t.toFixed(2)} s`).toBeLessThan(15);
    }
    expect(keyed).toBeGreaterThan(0);
    expect(keyed).toBeLessThan(pages.length);
  });

  it("shows colour emoji pixels over the caption exactly while the edits say, and not after", () => {
    const [o] = emojiOverlays(styled.c.emoji, "preview", "9:16");
    const e = styled.c.edits.emoji[0]!;
    const box = { x0: o!.x, y0: o!.y, x1: o!.x + o!.size, y1: o!.y + o!.size };
    const colourful = (file: string, t: number) => count(rgbFrame(file, t, W, H), box, vivid);
    const mid = (e.start + e.end) / 2;
    // the emoji's colours, against the same frame without it
    expect(colourful(styled.output, mid) - colourful(plain.output, mid)).toBeGreaterThan(0.15 * o!.size * o!.size);
    // the next page has none (never two in a row)
    const after = Math.min(DUR - 0.05, e.end + 0.15);
    expect(Math.abs(colourful(styled.output, after) - colourful(plain.output, after))).toBeLessThan(0.02 * o!.size * o!.size);
  });
});

/** Text tesseract reads in one frame (a crop of it), lower-cased. */
function ocr(file: string, t: number, crop: Box): string {
  const png = join(dir, `ocr-${t}.png`);
  execFileSync("ffmpeg", ["-v", "error", "-y", "-ss", String(t), "-i", file, "-frames:v", "1", "-vf", `crop=${crop.x1 - crop.x0}:${crop.y1 - crop.y0}:${crop.x0}:${crop.y0},scale=iw*2:ih*2`, png]);
  return execFileSync("tesseract", [png, "stdout", "--psm", "6"], { stdio: ["ignore", "pipe", "ignore"] }).toString().toLowerCase();
}

describe("hook title on a real talking-head clip", () => {
  let out: Awaited<ReturnType<typeof render>>;
  let faces: Rect | null;
  beforeAll(async () => {
    // the faces the first render would have measured over the clip's first seconds
    const detector = await createBlazeFace();
    const samples = await Promise.all(
      [0.5, 1.5, 2.5].map(async (t) => ({ t: START + t, faces: await detector.detect({ width: 640, height: 360, rgb: rgbFrame(OBAMA, START + t, 640, 360) }) })),
    );
    const seen = openingFaces(samples, START);
    // back to the source's pixels (the frames were decoded at 640x360)
    const k = info.video!.width / 640;
    faces = seen && { x: seen.x * k, y: seen.y * k, w: seen.w * k, h: seen.h * k };
    out = await render("title", { hook_title: true }, null, faces);
  });

  it("records the title card over the first 2.5 s", () => {
    expect(faces).not.toBeNull();
    expect(out.c.edits.title_card).toEqual({ text: "The very real challenges families face", start: 0, end: 2.5 });
  });

  /** The rows the title's box covers at `t` (found by the kit's accent colour, not by trusting the layout). */
  function titleRows(t: number): { top: number; bottom: number } {
    const px = rgbFrame(out.output, t, W, H);
    let top = H;
    let bottom = 0;
    for (let y = 0; y < H; y++) if (count(px, { x0: 0, y0: y, x1: W, y1: y + 1 }, green) > 40) (top = Math.min(top, y)), (bottom = Math.max(bottom, y));
    return { top, bottom };
  }

  it("reads the title in the first frames, and not after 2.5 s", () => {
    const { top, bottom } = titleRows(0.8);
    expect(bottom - top).toBeGreaterThan(60);
    const band = { x0: 0, y0: Math.max(0, top - 10), x1: W, y1: Math.min(H, bottom + 10) };
    const early = ocr(out.output, 0.8, band);
    for (const w of ["very", "real", "challenges", "families", "face"]) expect(early).toContain(w);
    expect(titleRows(3.2).bottom).toBe(0);
    expect(ocr(out.output, 3.2, band)).not.toContain("challenges");
  });

  it("puts the title where the face is not, in the rendered frame", async () => {
    const detector = await createBlazeFace();
    const [face] = await detector.detect({ width: W, height: H, rgb: rgbFrame(out.output, 1.2, W, H) });
    expect(face).toBeDefined();
    const { top, bottom } = titleRows(1.2);
    expect(bottom - top).toBeGreaterThan(60);
    expect(top > face!.y + face!.h || bottom < face!.y).toBe(true);
  });
});
