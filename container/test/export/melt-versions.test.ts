// Every consumer names a version (issue 41): the editor export of a clip's re-render versions,
// rendered by Debian's melt, shows that version's own file. A 16:9 clip (a 1280x720 generated source:
// testsrc2's bars and a white bar sweeping across, so a wrong time or place shows) kept whole, then
// two versions made by the render backend's own re-render (runRerender, no stand-in): a trim to
// 1.0-2.8 s, and a re-render into 1:1. Each version goes through what the Worker stores of it (its
// rerenders row from its completion, src/services/versions rerenderColumns and rerenderFile) into the
// Worker's project writer; melt renders the MLT at the project's size, which must be the version's
// file's, as long as it (to a frame), showing its frames (the best shift within 1 sampled pixel, a
// small mean difference). Before, the exporter read only the first render: the trim exported
// untrimmed and the 1:1 version as 1920x1080.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGINAL_VERSION, type RerenderEvent } from "@katto/protocol";
import { timelineFromClip } from "../../../src/services/export/from-clip.js";
import { writeMlt } from "../../../src/services/export/mlt.js";
import { rerenderColumns, rerenderFile, type StoredClip, type StoredRerender } from "../../../src/services/versions/stored.js";
import type { RerenderJob } from "../../src/runtime/protocol.js";
import { runRerender } from "../../src/work/rerender.js";
import { callbackRecorder } from "../helpers/callback-recorder.js";
import { fastHdEncoder } from "../helpers/encoder.js";
import { ffmpeg, ffprobe, grayFrame, tmpDir } from "../helpers/media.js";
import { serveDir } from "../helpers/static-server.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-melt-versions-");
const JOB = "00000000-0000-4000-8000-0000000000aa";
// on the 15-fps frame grid, so what is compared is the version read, not a project's rounding to frames
const RANGE = { start: 0.6, end: 3.6 };
const TRIM = { start: 1.0, end: 2.8 };
/** mean luma difference (0-255) under which two frames are the same picture: the two encodes differ by about 3-4 */
const DIFF = 8;

/** The first render's metadata as the backend stores it: a 16:9 clip of a 16:9 source, kept whole. */
const metadata = { layout: "passthrough", aspect: "16:9", caption_style: "bold_pop", words: [], style: {}, source_range: RANGE, source_size: { width: 1280, height: 720 }, fps: "15" };
const clipRow: StoredClip = { startS: RANGE.start, endS: RANGE.end, metadata: JSON.stringify(metadata) };

interface Made {
  id: string;
  mp4: string;
  melted: string;
  profile: string;
  duration: number;
}
const made = new Map<string, Made>();
let close: (() => Promise<void>) | undefined;

/** One version by the backend's re-render, stored as the Worker stores it, exported and rendered by melt. */
async function version(id: string, params: RerenderJob["params"], range: { start: number; end: number } | null, url: string): Promise<Made> {
  const r = callbackRecorder(dir);
  const job: RerenderJob = {
    rerender_id: id, job_id: JOB, clip_index: 0, source: { url, kind: "url" }, clip: { start: range?.start ?? RANGE.start, end: range?.end ?? RANGE.end, metadata },
    params, aspect: params.aspect ?? "16:9", brand_kit: null, callback: { base_url: "http://127.0.0.1:9/internal/v1", token: "t" }, ...(range ? { words: [], metadata_start: RANGE.start } : {}),
  };
  const out = await runRerender({ job, signal, client: r.client, workRoot: dir, encoder: fastHdEncoder });
  expect(out, JSON.stringify(r.events.filter((e) => e.type !== "progress"))).toEqual({ status: "completed" });
  const done = r.events.at(-1) as unknown as Extract<RerenderEvent, { type: "completed" }>;
  // the rerenders row applyRerenderEvent writes
  const row: StoredRerender = { id, status: "completed", params: JSON.stringify(range ? { trim: true } : params), startS: range?.start ?? null, endS: range?.end ?? null, videoKey: `k/${id}`, captionsKey: null, coverKey: null, ...rerenderColumns(done) };
  const file = rerenderFile(row, clipRow);

  const built = timelineFromClip({ jobId: JOB, clipIndex: 0, title: "Bars", version: file.id, start: file.start, end: file.end, timeline: file.timeline, metadata: file.metadata, srt: null, sourceRef: "source.mp4", sourceName: "source.mp4" });
  if (!built.ok) throw new Error(built.error);
  const mlt = writeMlt(built.project);
  writeFileSync(join(dir, `${id}.mlt`), mlt);
  const melted = join(dir, `${id}-melted.mp4`);
  execFileSync("melt", ["-quiet", join(dir, `${id}.mlt`), "-consumer", `avformat:${melted}`, "vcodec=libx264", "preset=ultrafast", "crf=18", "an=1"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  return { id, mp4: r.files.get(done.file)!, melted, profile: /<profile [^>]*>/.exec(mlt)![0], duration: done.duration };
}

const sizeOf = (file: string) => {
  const v = ffprobe(file).streams.find((s) => s.codec_type === "video")!;
  return { width: v.width, height: v.height };
};
const lengthOf = (file: string) => Number(ffprobe(file).format.duration);

function bestShift(a: Uint8Array, b: Uint8Array, w: number, h: number): { dx: number; diff: number } {
  let best = { dx: 0, diff: Infinity };
  for (let dx = -4; dx <= 4; dx++) {
    let sum = 0;
    let n = 0;
    for (let y = 0; y < h; y++)
      for (let x = Math.max(0, -dx) + 6; x < Math.min(w, w - dx) - 6; x++) {
        sum += Math.abs(a[y * w + x]! - b[y * w + x + dx]!);
        n++;
      }
    if (sum / n < best.diff) best = { dx, diff: sum / n };
  }
  return best;
}

beforeAll(async () => {
  // a white bar sweeping across at 600 px/s: a version read at the wrong time shows it elsewhere
  ffmpeg([
    "-f", "lavfi", "-i", "testsrc2=s=1280x720:r=15:d=4", "-f", "lavfi", "-i", "color=c=white:s=160x720:r=15:d=4", "-f", "lavfi", "-i", "sine=f=220:sample_rate=44100:d=4",
    "-filter_complex", "[0:v][1:v]overlay=x='mod(t*600,1280)':y=0,format=yuv420p[v]", "-map", "[v]", "-map", "2:a", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest", join(dir, "source.mp4"),
  ]);
  const server = await serveDir(dir);
  close = server.close;
  made.set("trim", await version("rr_trim", {}, TRIM, `${server.url}/source.mp4`));
  made.set("square", await version("rr_square", { aspect: "1:1" }, null, `${server.url}/source.mp4`));
  // issue 41's "Done when": the trimmed 1:1 version (one re-render both trimmed and reshaped)
  made.set("trimmed square", await version("rr_trim_square", { aspect: "1:1" }, TRIM, `${server.url}/source.mp4`));
}, 300_000);

afterAll(() => close?.());

describe.each([
  ["trim", { width: 1920, height: 1080 }, 320, 180],
  ["square", { width: 1080, height: 1080 }, 240, 240],
  ["trimmed square", { width: 1080, height: 1080 }, 240, 240],
] as const)("the MLT export of the %s version, rendered by melt", (name, frame, w, h) => {
  const v = () => made.get(name)!;

  it("is a project of the version's own frame, melt renders it at the version's file's size", () => {
    expect(v().profile).toContain(`width="${frame.width}" height="${frame.height}"`);
    expect(sizeOf(v().mp4)).toEqual(frame);
    expect(sizeOf(v().melted)).toEqual(sizeOf(v().mp4));
  });

  it("is as long as the version's file, to a frame at 15 fps", () => {
    expect(Math.abs(lengthOf(v().melted) - lengthOf(v().mp4))).toBeLessThanOrEqual(1 / 15 + 0.01);
    expect(Math.abs(v().duration - lengthOf(v().mp4))).toBeLessThanOrEqual(1 / 15 + 0.01);
  });

  it.each([0.3, 0.9, 1.5])("at %s s melt's frame shows the version's own frame", (t) => {
    const r = bestShift(grayFrame(v().mp4, t, w, h), grayFrame(v().melted, t, w, h), w, h);
    expect(Math.abs(r.dx), `shift ${r.dx} of ${w}`).toBeLessThanOrEqual(1);
    expect(r.diff, `mean luma difference ${r.diff.toFixed(1)}`).toBeLessThan(DIFF);
  });
});

describe("the criterion tells another version apart", () => {
  it("the trim's file against melt's render of the original's range (what the exporter read before) fails it", () => {
    const original = timelineFromClip({ jobId: JOB, clipIndex: 0, title: "Bars", version: ORIGINAL_VERSION, start: RANGE.start, end: RANGE.end, metadata, srt: null, sourceRef: "source.mp4", sourceName: "source.mp4" });
    if (!original.ok) throw new Error(original.error);
    writeFileSync(join(dir, "original.mlt"), writeMlt(original.project));
    const melted = join(dir, "original-melted.mp4");
    execFileSync("melt", ["-quiet", join(dir, "original.mlt"), "-consumer", `avformat:${melted}`, "vcodec=libx264", "preset=ultrafast", "crf=18", "an=1"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    expect(Math.abs(lengthOf(melted) - lengthOf(made.get("trim")!.mp4))).toBeGreaterThan(0.5);
    const r = bestShift(grayFrame(made.get("trim")!.mp4, 0.3, 320, 180), grayFrame(melted, 0.3, 320, 180), 320, 180);
    expect(Math.abs(r.dx) > 1 || r.diff >= DIFF, `shift ${r.dx}, diff ${r.diff.toFixed(1)}`).toBe(true);
  });
});
