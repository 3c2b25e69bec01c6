import type { Aspect } from "@katto/protocol";
// Issue 37 with issue 33's case 0: a re-render into another shape chooses the framing anew
// (rerender.ts reframeForShape), with real ffmpeg and the real face detector (BlazeFace). Source:
// 4 s of 640x360 (16:9) with a real portrait (photos/grace_hopper.jpg) on the left. The stored
// clip is a 16:9 first render kept whole (passthrough: the source is that shape). Re-rendered into
// 9:16 with no layout named, kept whole it would be letterboxed (the picture a third of the frame's
// height); chosen anew, the speaker is followed with a 9:16 crop window and fills the frame.
import { copyFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClipQuality, ClipTimeline } from "@katto/protocol";
import type { CallbackClient } from "../../src/runtime/callback-client.js";
import { createBlazeFace } from "../../src/engines/face/blazeface.js";
import type { RerenderJob } from "../../src/runtime/protocol.js";
import { cropWindow, cropXAt } from "../../src/framing/crop-path.js";
import { readStoredClip } from "../../src/delivery/stored-clip.js";
import { reframeForShape, reframesForShape, runRerender } from "../../src/work/rerender.js";
import { faceAnalysis } from "../../src/work/pipeline-deps.js";
import type { LayoutDeps } from "../../src/editing/layouts.js";
import { fastHdEncoder } from "../helpers/encoder.js";
import { ffmpeg, ffprobe, media, tmpDir } from "../helpers/media.js";
import { serveDir } from "../helpers/static-server.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-reshape-reframe-");
const W = 640;
const H = 360;
const PHOTO_W = 256;
const LEFT_X = 20;
const WIN = cropWindow(W, H, 9 / 16);

let close: () => Promise<void>;
let job: RerenderJob;
let events: { type: string; [k: string]: unknown }[] = [];

const faces: LayoutDeps = {
  analyzeFaces: faceAnalysis(() => createBlazeFace()),
};

const metadata = (layout: string, aspect: string) => ({ layout, aspect, caption_style: "bold_pop", words: [], style: {}, source_range: { start: 0, end: 4 }, source_size: { width: W, height: H } });
const task = (params: RerenderJob["params"], layout = "passthrough", aspect: Aspect = "16:9"): RerenderJob => ({
  // the Worker resolves the new version's shape: the one asked for, else the clip's
  aspect: params.aspect ?? aspect,
  rerender_id: "rr_reshape", job_id: "job-reshape", clip_index: 0, source: { url: "http://127.0.0.1:9/source.mp4", kind: "url" },
  clip: { start: 0, end: 4, metadata: metadata(layout, aspect) }, params, brand_kit: null, callback: { base_url: "http://127.0.0.1:9/internal/v1", token: "t" },
});

describe("which re-renders choose their framing anew (pure)", () => {
  const stored = (j: RerenderJob) => readStoredClip(j.clip.metadata);
  it("another shape, no layout named, a layout chosen for the old shape's fit: yes", () => {
    for (const layout of ["passthrough", "face_tracking", "center_crop"]) {
      const j = task({ aspect: "9:16" }, layout);
      expect(reframesForShape(j, stored(j)), layout).toBe(true);
    }
  });
  it("the same shape, a layout named, or a fixed layout: no", () => {
    const same = task({ aspect: "16:9" });
    expect(reframesForShape(same, stored(same))).toBe(false);
    const named = task({ aspect: "9:16", layout_mode: "passthrough" });
    expect(reframesForShape(named, stored(named))).toBe(false);
    for (const layout of ["wide", "split_screen", "stacked"]) {
      const j = task({ aspect: "9:16" }, layout);
      expect(reframesForShape(j, stored(j)), layout).toBe(false);
    }
  });
});

describe("a new shape where no face is followed (no face tracker configured)", () => {
  const o = { source: "unused.mp4", video: { width: W, height: H }, signal };
  it("a face-tracked clip keeps its own path (moved to the new window by the renderer)", async () => {
    const j = task({ aspect: "1:1" }, "face_tracking", "9:16");
    const stored = { ...readStoredClip(j.clip.metadata), cropPath: [{ t: 0, x: 40 }] };
    const out = await reframeForShape(stored, j, o);
    expect(out.layout).toBe("face_tracking");
    expect(out.stored.cropPath).toEqual([{ t: 0, x: 40 }]);
  });
  it("a clip kept whole gets a center crop of the new shape", async () => {
    const j = task({ aspect: "9:16" });
    const out = await reframeForShape(readStoredClip(j.clip.metadata), j, o);
    expect(out).toMatchObject({ layout: "center_crop", stored: { cropPath: null } });
  });
});

describe("a 16:9 clip kept whole, re-rendered into 9:16 (real render)", () => {
  beforeAll(async () => {
    ffmpeg([
      "-f", "lavfi", "-i", `color=c=0x404850:s=${W}x${H}:r=25:d=4`,
      "-loop", "1", "-framerate", "25", "-i", media("photos/grace_hopper.jpg"),
      "-f", "lavfi", "-i", "sine=f=220:sample_rate=44100:d=4",
      "-filter_complex", `[1:v]scale=${PHOTO_W}:300[p];[0:v][p]overlay=x=${LEFT_X}:y=30:shortest=1,format=yuv420p[v]`,
      "-map", "[v]", "-map", "2:a", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", path.join(dir, "source.mp4"),
    ]);
    const server = await serveDir(dir);
    close = server.close;
    job = { ...task({ aspect: "9:16" }), source: { url: `${server.url}/source.mp4`, kind: "url" } };
    const client: CallbackClient = {
      event: async (e) => void events.push(e as never),
      putFile: async (name, p) => {
        copyFileSync(p, path.join(dir, `out-${name}`));
        return {};
      },
    };
    const out = await runRerender({ job, signal, client, workRoot: dir, encoder: fastHdEncoder, faces });
    expect(out, JSON.stringify(events.filter((e) => e.type !== "progress"))).toEqual({ status: "completed" });
  }, 240_000);

  afterAll(() => close?.());

  it("is face-tracked with a 9:16 window over the portrait, not letterboxed", () => {
    const done = events.at(-1) as { type: string; timeline: ClipTimeline };
    expect(done.type).toBe("completed");
    expect(done.timeline.aspect).toBe("9:16");
    expect(done.timeline.layout).toBe("face_tracking");
    const crop = done.timeline.crop!.path;
    for (const t of [0.5, 2, 3.5]) {
      const x = cropXAt(crop, t);
      // the window holds the portrait's centre
      expect(x).toBeLessThan(LEFT_X + PHOTO_W / 2);
      expect(x + WIN.w).toBeGreaterThan(LEFT_X + PHOTO_W / 2);
    }
  });

  it("the file is 1080x1920 and keeps the face in its frame (measured on the file)", () => {
    const video = ffprobe(path.join(dir, "out-clip-0.mp4")).streams.find((s) => s.codec_type === "video")!;
    expect([video.width, video.height]).toEqual([1080, 1920]);
    const done = events.at(-1) as unknown as { quality: ClipQuality };
    expect(done.quality.subject_in_frame).not.toBeNull();
    expect(done.quality.subject_in_frame!).toBeGreaterThanOrEqual(0.8);
  });
});
