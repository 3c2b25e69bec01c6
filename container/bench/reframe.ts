// Face tracking benchmark on the talking-head media in ../shared/media (KATTO_MEDIA_DIR overrides):
// per file, faces per sampled frame, detector time per frame, wall time of the faces stage, and the
// quality of the 9:16 crop path (jitter while the subject is still, coverage of the subject's face),
// plus the layout the face evidence suggests.
// Run: cd container && PATH=/work/main/node_modules/.bin:$PATH npx tsx bench/reframe.ts [fps]
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createBlazeFace } from "../src/engines/face/blazeface.js";
import { cropWindow } from "../src/framing/crop-path.js";
import { coverage, facesPerFrame, jitter } from "../test/helpers/track-metrics.js";
import { planFaceCrop } from "../src/framing/face-crop.js";
import { suggestLayout, summarizeFaces } from "../src/framing/layout-summary.js";
import { sampleFaces } from "../src/framing/faces.js";
import { probe } from "../src/analysis/probe.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const MEDIA = process.env.KATTO_MEDIA_DIR ?? path.resolve(repoRoot, "../shared/media");
const fps = Number(process.argv[2] ?? 4);

const grid = readdirSync(path.join(MEDIA, "video_talking/grid"))
  .filter((f) => f.endsWith(".mpg"))
  .sort()
  .map((f) => `video_talking/grid/${f}`);
const other = ["obama_weekly_address_clip_very_real_challenges.mp4", "openmpf_new_face_video-90.mp4", "openmpf_video_02_hikers.mp4", "openmpf_video_01.mp4"].map(
  (f) => `video_talking/other/${f}`,
);

const detector = await createBlazeFace();
const signal = new AbortController().signal;
const rows: string[][] = [];
for (const rel of [...other, ...grid]) {
  const file = path.join(MEDIA, rel);
  const info = await probe(file, { signal });
  const video = info.video!;
  const t0 = performance.now();
  const track = await sampleFaces({ source: file, video, start: 0, end: info.duration, detector, signal, fps });
  const wallMs = performance.now() - t0;
  const win = cropWindow(video.width, video.height, 9 / 16);
  const plan = planFaceCrop(track.samples, win, { clipStart: 0 });
  const m = { path: plan.path ?? [{ t: 0, x: win.maxX / 2 }], times: track.samples.map((s) => s.t), subjects: plan.subjects, clipStart: 0 };
  const summary = summarizeFaces(track.samples, video);
  rows.push([
    path.basename(rel),
    `${video.width}x${video.height}`,
    String(track.samples.length),
    facesPerFrame(track.samples).toFixed(2),
    track.detectMs.toFixed(1),
    (wallMs / Math.max(1, track.samples.length)).toFixed(1),
    jitter(m).toFixed(2),
    (100 * coverage(m, win.w)).toFixed(1),
    String(plan.path?.length ?? 0),
    `${summary.people}/${suggestLayout(summary)}`,
  ]);
}
const head = ["file", "size", "samples", "faces/frame", "detect ms/frame", "stage ms/frame", "jitter px", "coverage %", "keyframes", "people/layout"];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
console.log(`detector ${detector.name}, ${fps} samples/s, frames ≤ 640 px wide`);
console.log(line(head));
console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
for (const r of rows) console.log(line(r));
