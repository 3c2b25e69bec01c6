// Issue 33 case 0 and case 4 on the real handheld recording (../shared/media/video_talking/other:
// a selfie on a windy hilltop, two cyclists in turn, then the landscape), looped under five real
// LibriVox sentences, one job with B-roll from a library (a magenta still over "consider", 2.9 s
// into the first clip, while the source shows the speaker):
// - case 0: no clip is letterboxed (`wide`) by the subject_out_of_frame fix, and most keep face
//   tracking: the frames in which the source itself shows no whole face (the landscape, a face
//   past the camera's own edge) do not count against the crop, and wide is never a fix.
// - case 4: the cutaway's frames are left out of the face checks: measured again with only them
//   judged too, the same file's speaker share drops.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTO_LAYOUT, PANEL_LAYOUTS, type BrollAsset } from "@katto/protocol";
import { measureClip } from "../../src/quality/measure-clip.js";
import { unjudgedSpans } from "../../src/quality/measures.js";
import { probe } from "../../src/analysis/probe.js";
import { type FakeWorker, startFakeWorker } from "../helpers/fake-worker.js";
import { ffmpeg, media, tmpDir } from "../helpers/media.js";
import { checkedClips, clipSummary, fixedMoment, reading, readingUnder, type ClipsEvent } from "../helpers/quality-job.js";
import { serveDir } from "../helpers/static-server.js";

const dir = tmpDir("katto-handheld-framing-");
const work = tmpDir("katto-handheld-framing-work-");
const r = reading(0.8);
let worker: FakeWorker;
let closeAssets: () => Promise<void>;
let library: BrollAsset[];
let job: { jobId: string; ev: ClipsEvent };

beforeAll(async () => {
  // the selfie (17 s, stored 480x640 with a -90 degree rotation: 640x480 as displayed) looped under the reading
  readingUnder(join(dir, "selfie.mp4"), r, ["-stream_loop", "-1", "-i", media("video_talking/other/openmpf_new_face_video-90.mp4")], "fps=30");
  const assets = tmpDir("katto-handheld-framing-assets-");
  ffmpeg(["-f", "lavfi", "-i", "color=c=0xFF00FF:s=800x600", "-frames:v", "1", join(assets, "magenta.png")]);
  const server = await serveDir(assets);
  closeAssets = server.close;
  library = [{ id: "img1", kind: "image", url: `${server.url}/magenta.png`, keywords: ["consider"] }];
  worker = await startFakeWorker(dir);
  // two clips of whole sentences: 0870-0890 (faces) and 0920-0930 (faces, then the landscape)
  const moments = [fixedMoment(r.sentence(0).start, r.sentence(2).end + 0.2, 90), fixedMoment(r.sentence(3).start - 0.2, r.sentence(4).end + 0.2, 80)];
  job = await checkedClips({ worker, workRoot: work, file: "selfie.mp4", words: r.words, moments, style: { broll: "library" }, broll: { library, stock: null } });
  console.log("handheld clips", JSON.stringify(job.ev.clips.map(clipSummary)));
}, 300_000);
afterAll(async () => {
  await worker?.close();
  await closeAssets?.();
});

describe("framing judged against the source (issue 33)", () => {
  it("case 0: the real handheld recording is face-tracked, never letterboxed wide by a fix", () => {
    const clips = job.ev.clips;
    expect(clips).toHaveLength(2);
    for (const c of clips) {
      expect(c.metadata.timeline?.layout).not.toBe("wide");
      expect((c.quality?.fixes ?? []).map((f) => f.action).join(" ")).not.toMatch(/wide/);
      // every delivered clip is judged for its speaker (none escapes to a layout the measure cannot judge)
      expect(c.quality!.subject_in_frame).not.toBeNull();
    }
    const people = clips.filter((c) => c.metadata.timeline?.layout === AUTO_LAYOUT || c.metadata.timeline?.layout === "stacked" || (PANEL_LAYOUTS as readonly string[]).includes(c.metadata.timeline?.layout ?? ""));
    expect(people.length).toBeGreaterThan(clips.length / 2);
    // the clip whose source shows the speakers throughout is in frame and not flagged
    expect(clips.some((c) => c.quality!.subject_in_frame! >= 0.8 && !c.quality!.flags.some((f) => f.name === "subject_out_of_frame"))).toBe(true);
  });

  it("case 4: a B-roll cutaway's frames are left out of the face checks", async () => {
    const c = job.ev.clips.find((x) => (x.metadata.edits?.broll ?? []).length > 0);
    expect(c, "a clip with a cutaway").toBeDefined();
    const file = worker.file(job.jobId, c!.file);
    const info = await probe(file, { signal: new AbortController().signal });
    // the same file measured with the same judged frames but the cutaway's: its magenta frames show no face
    const keep = [{ start: 0, end: c!.end - c!.start }];
    const unjudged = unjudgedSpans({ faceBoxes: c!.metadata.face_boxes ?? null, picture: { width: 640, height: 480 }, rangeS: c!.end - c!.start, keep, overlays: [] });
    const withCutaway = await measureClip({ aspect: "9:16", file, duration: info.duration, hasAudio: true, layout: c!.metadata.timeline!.layout, words: [], unjudged, edges: { starts_on_sentence: null, ends_on_sentence: null, cut_word: false }, expectSpeech: true, signal: new AbortController().signal });
    console.log("case 4: subject_in_frame", { delivered: c!.quality!.subject_in_frame, cutaway_judged: withCutaway.subject_in_frame, cutaways: c!.metadata.edits?.broll });
    expect(c!.quality!.subject_in_frame!).toBeGreaterThan(withCutaway.subject_in_frame!);
    expect(c!.metadata.timeline?.layout).not.toBe("wide");
  });
});
