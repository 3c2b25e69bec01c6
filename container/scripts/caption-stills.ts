// Stills for docs/caption-styles.md: one 360x640 PNG per caption style and per layout, rendered
// through the real pipeline (renderClip: one ffmpeg pass) from frames of the shared media corpus.
//   cd container && tsx scripts/caption-stills.ts [outDir]   (default ../docs/img)
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildAss } from "../src/captions/ass.js";
import { CAPTION_STYLES, resolveCaptionStyle, type CaptionStyleName } from "../src/captions/styles.js";
import { LAYOUTS, type Layout } from "../src/ffmpeg/args.js";
import { probe } from "../src/analysis/probe.js";
import { renderClip } from "../src/rendering/render.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const mediaDir = process.env.KATTO_MEDIA_DIR || path.resolve(here, "../../../shared/media");
const outDir = path.resolve(process.argv[2] ?? path.join(here, "../../docs/img"));
const tmp = mkdtempSync(path.join(os.tmpdir(), "katto-stills-"));
const signal = new AbortController().signal;

const OBAMA = path.join(mediaDir, "video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4");
const HIKERS = path.join(mediaDir, "video_talking/other/openmpf_video_02_hikers.mp4");
const PHONE = path.join(mediaDir, "video_talking/other/openmpf_new_face_video-90.mp4");

/** A stream-like source from real footage: the hikers as "gameplay", the Obama clip as a face cam top-right. */
function streamWithFaceCam(): string {
  const out = path.join(tmp, "stream.mp4");
  execFileSync("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-y", "-ss", "2", "-t", "3", "-i", HIKERS, "-t", "3", "-i", OBAMA,
    "-filter_complex", "[0:v]scale=1280:720[g];[1:v]scale=427:240[c];[g][c]overlay=853:0",
    "-an", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", out,
  ]);
  return out;
}

/** Source and start second of each layout's still (center_crop looks like face_tracking without a face path). */
const LAYOUT_SOURCE: Partial<Record<Layout, [string, number]>> = {
  face_tracking: [OBAMA, 1],
  wide: [OBAMA, 1],
  passthrough: [PHONE, 2],
  split_screen: [HIKERS, 2],
  stacked: [streamWithFaceCam(), 0],
  grid_3: [HIKERS, 2],
  grid_4: [HIKERS, 2],
};

/** Caption words timed so the third word is being spoken at t = 1.0 s. */
const WORDS = "about the very real challenges families face".split(" ").map((text, i) => ({ text, start: 0.2 + i * 0.4, end: 0.55 + i * 0.4 }));

/** The frame at `t` of a render, as a small paletted PNG (stills stay a few tens of KB). */
function still(video: string, t: number, png: string): void {
  execFileSync("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-y", "-ss", String(t), "-i", video, "-frames:v", "1",
    "-vf", "scale=360:640:flags=lanczos,split[a][b];[a]palettegen=max_colors=96[p];[b][p]paletteuse=dither=bayer:bayer_scale=3",
    png,
  ]);
}

async function render(name: string, source: string, start: number, layout: Layout, style: CaptionStyleName): Promise<string> {
  const st = resolveCaptionStyle({ style });
  const assPath = st ? path.join(tmp, `${name}.ass`) : null;
  if (assPath && st) writeFileSync(assPath, buildAss(WORDS, st, { durationS: 2 }));
  const output = path.join(tmp, `${name}.mp4`);
  await renderClip({ source, probe: await probe(source, { signal }), start, end: start + 2, layout, assPath, output, quality: "preview" }, { signal });
  return output;
}

for (const style of CAPTION_STYLES) {
  const png = path.join(outDir, `caption-${style}.png`);
  still(await render(`style-${style}`, OBAMA, 1, "center_crop", style), 1.0, png);
  console.log(png);
}
for (const layout of LAYOUTS) {
  if (!LAYOUT_SOURCE[layout]) continue;
  const [source, start] = LAYOUT_SOURCE[layout]!;
  const png = path.join(outDir, `layout-${layout}.png`);
  still(await render(`layout-${layout}`, source, start, layout, "bold_pop"), 1.0, png);
  console.log(png);
}
