// Issue 33's measures that read what ships, on real media: five LibriVox sentences, each followed
// by 2.9 s of silence (under the 3 s of long_silence), under a still photo (Grace Hopper's portrait, pillarboxed into 1280x720 as a
// podcast upload would be), two clips of whole sentences with the pauses inside, the real face
// analysis, the corpus's word alignment as the transcript (container/test/helpers/quality-job.ts).
// - case 1: with style.remove_silences the preview is measured against the SRT it ships (clip
//   time, after the cuts) and its edges on the source range it rendered: captions in sync, no
//   cuts_mid_sentence, no fix render.
// - case 3: without the option (the photo's frozen frames through the pauses): a still source is
//   not empty_frames.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeWorker, startFakeWorker } from "../helpers/fake-worker.js";
import { media, tmpDir } from "../helpers/media.js";
import { checkedClips, clipSummary, fixedMoment, reading, readingUnder } from "../helpers/quality-job.js";

const dir = tmpDir("katto-real-quality-");
const work = tmpDir("katto-real-quality-work-");
const r = reading(2.9);
let worker: FakeWorker;

beforeAll(async () => {
  readingUnder(join(dir, "photo.mp4"), r, ["-loop", "1", "-framerate", "25", "-i", media("photos/grace_hopper.jpg")], "scale=-2:720,pad=1280:720:(ow-iw)/2:0");
  worker = await startFakeWorker(dir);
});
afterAll(() => worker?.close());

// 0870-0880 and 0890-0930, each with the pauses after its sentences inside
const MOMENTS = [fixedMoment(r.sentence(0).start, r.sentence(1).end + 0.1, 90), fixedMoment(r.sentence(2).start - 0.1, r.sentence(4).end, 80)];

describe("measures that read what ships (issue 33)", () => {
  it("case 1: silences removed, each clip is measured on its own clock: captions in sync, edges on sentences, nothing to fix", async () => {
    const { ev } = await checkedClips({ worker, workRoot: work, file: "photo.mp4", words: r.words, moments: MOMENTS, style: { remove_silences: true } });
    console.log("case 1", JSON.stringify(ev.clips.map(clipSummary)));
    expect(ev.clips).toHaveLength(2);
    for (const c of ev.clips) {
      // the pauses were cut: each clip is shorter than its range
      expect(c.metadata.edits?.cuts.length).toBeGreaterThan(0);
      expect(c.quality!.caption_sync_ms).not.toBeNull();
      expect(c.quality!.caption_sync_ms!).toBeLessThan(300);
      expect(Math.abs(c.quality!.caption_offset_ms!)).toBe(c.quality!.caption_sync_ms);
      expect(c.quality!.starts_on_sentence).toBe(true);
      expect(c.quality!.ends_on_sentence).toBe(true);
      expect(c.quality!.flags.map((f) => f.name)).toEqual([]);
      expect(c.quality!.fixes).toEqual([]);
    }
  }, 240_000);

  it("case 3: a still photo over speech is not empty_frames", async () => {
    const { ev } = await checkedClips({ worker, workRoot: work, file: "photo.mp4", words: r.words, moments: MOMENTS, style: {} });
    console.log("case 3", JSON.stringify(ev.clips.map(clipSummary)));
    expect(ev.clips).toHaveLength(2);
    for (const c of ev.clips) {
      expect(c.quality!.flags.map((f) => f.name)).not.toContain("empty_frames");
      expect(c.quality!.empty_frames).toBeLessThanOrEqual(0.25);
    }
  }, 240_000);
});
