// Issue 33: a trim of a face-tracked clip is tracked again over its new range (rerender.ts
// retrackTrim), with real ffmpeg and the real face detector (BlazeFace). Source: 8 s of 640x360 in
// which a real portrait (photos/grace_hopper.jpg) sits on the left for 4 s, then on the right. The
// stored clip is a face-tracked first render of 0-4 s, its crop window on the left. Trimmed to
// 3.5-7.5 s, the moved path would hold the window on the left, where nobody is after 0.5 s; the
// re-tracked one follows the face to the right, and the rendered file shows it.
import { copyFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClipQuality, ClipTimeline } from "@katto/protocol";
import type { CallbackClient } from "../../src/runtime/callback-client.js";
import { createBlazeFace } from "../../src/engines/face/blazeface.js";
import type { RerenderJob } from "../../src/runtime/protocol.js";
import { cropWindow, cropXAt } from "../../src/framing/crop-path.js";
import { clipForTask, runRerender } from "../../src/work/rerender.js";
import { faceAnalysis } from "../../src/work/pipeline-deps.js";
import type { LayoutDeps } from "../../src/editing/layouts.js";
import { fastHdEncoder } from "../helpers/encoder.js";
import { ffmpeg, media, tmpDir } from "../helpers/media.js";
import { serveDir } from "../helpers/static-server.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-trim-retrack-");
const W = 640;
const H = 360;
const PHOTO_W = 256; // the portrait scaled to 256x300
const LEFT_X = 20;
const RIGHT_X = 364;
const WIN = cropWindow(W, H, 9 / 16);
/** the first render's window, centred on the portrait on the left */
const LEFT_PATH_X = LEFT_X + PHOTO_W / 2 - WIN.w / 2;

let close: () => Promise<void>;
let job: RerenderJob;
let events: { type: string; [k: string]: unknown }[] = [];

// the job's own face tracking and scene changes (pipeline-deps.ts): the camera cuts where the picture does
const faces: LayoutDeps = {
  analyzeFaces: faceAnalysis(() => createBlazeFace()),
};

beforeAll(async () => {
  ffmpeg([
    "-f", "lavfi", "-i", `color=c=0x404850:s=${W}x${H}:r=25:d=8`,
    "-loop", "1", "-framerate", "25", "-i", media("photos/grace_hopper.jpg"),
    "-f", "lavfi", "-i", "sine=f=220:sample_rate=44100:d=8",
    "-filter_complex", `[1:v]scale=${PHOTO_W}:300[p];[0:v][p]overlay=x='if(lt(t,4),${LEFT_X},${RIGHT_X})':y=30:shortest=1,format=yuv420p[v]`,
    "-map", "[v]", "-map", "2:a", "-t", "8", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", path.join(dir, "source.mp4"),
  ]);
  const server = await serveDir(dir);
  close = server.close;
  const metadata = { layout: "face_tracking", caption_style: "bold_pop", crop_path: [{ t: 0, x: LEFT_PATH_X }, { t: 4, x: LEFT_PATH_X }], words: [], style: {}, source_range: { start: 0, end: 4 }, source_size: { width: W, height: H } };
  job = {
    rerender_id: "rr_trim_retrack", job_id: "job-trim-retrack", clip_index: 0, source: { url: `${server.url}/source.mp4`, kind: "url" },
    clip: { start: 3.5, end: 7.5, metadata }, params: {}, aspect: "9:16", metadata_start: 0, brand_kit: null, callback: { base_url: "http://127.0.0.1:9/internal/v1", token: "t" },
  };
  const client: CallbackClient = {
    event: async (e) => void events.push(e as never),
    putFile: async (name, p) => {
      copyFileSync(p, path.join(dir, `out-${name}`));
      return {};
    },
  };
  events = [];
  const out = await runRerender({ job, signal, client, workRoot: dir, encoder: fastHdEncoder, faces });
  expect(out, JSON.stringify(events.filter((e) => e.type !== "progress"))).toEqual({ status: "completed" });
}, 240_000);

afterAll(() => close?.());

describe("a trim of a face-tracked clip (issue 33)", () => {
  it("moved without tracking, its path would hold the window where the face no longer is", () => {
    const moved = clipForTask(job).stored.cropPath!;
    expect(cropXAt(moved, 2)).toBeCloseTo(LEFT_PATH_X, 0);
  });

  it("is tracked again over the new range: its crop follows the face to the right", () => {
    const done = events.at(-1) as { type: string; timeline: ClipTimeline };
    expect(done.type).toBe("completed");
    expect(done.timeline.layout).toBe("face_tracking");
    const path = done.timeline.crop!.path;
    // from 1 s of the clip (source 4.5 s) the window is over the portrait on the right
    for (const t of [1, 2, 3, 3.9]) {
      const x = cropXAt(path, t);
      expect(x).toBeGreaterThan(RIGHT_X - WIN.w / 2);
      expect(x + WIN.w).toBeLessThan(RIGHT_X + PHOTO_W + WIN.w / 2);
    }
  });

  it("the rendered file keeps the face in its frame (measured on the file)", () => {
    const done = events.at(-1) as unknown as { quality: ClipQuality };
    expect(done.quality.subject_in_frame).not.toBeNull();
    expect(done.quality.subject_in_frame!).toBeGreaterThanOrEqual(0.8);
    expect(done.quality.flags.map((f) => f.name)).not.toContain("subject_out_of_frame");
  });
});
