// Issue 33's measures that read what ships, on real media: five LibriVox sentences, each followed
// by 2.9 s of silence (under the 3 s of long_silence), under a still photo (Grace Hopper's portrait, pillarboxed into 1280x720 as a
// podcast upload would be), two clips of whole sentences with the pauses inside, the real face
// analysis, the corpus's word alignment as the transcript (container/test/helpers/quality-job.ts).
// - case 1: with style.remove_silences the preview is measured against the SRT it ships (clip
//   time, after the cuts) and its edges on the source range it rendered: captions in sync, no
//   cuts_mid_sentence, no fix render.
// - case 3: a clip of the photo rendered without captions (its picture never changes): its frozen
//   frames are not empty_frames once the measure knows its source is still.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wordsForClip } from "../../src/captions/clip-words.js";
import { measureClip } from "../../src/quality/measure-clip.js";
import { probe } from "../../src/analysis/probe.js";
import { renderClip } from "../../src/rendering/render.js";
import { fastHdEncoder } from "../helpers/encoder.js";
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
    // clip 1's range (three sentences, two pauses) rendered without burned-in captions: the picture
    // never changes, so freezedetect calls all of it frozen
    const signal = new AbortController().signal;
    const source = join(dir, "photo.mp4");
    const info = await probe(source, { signal });
    const range = { start: MOMENTS[1]!.start, end: MOMENTS[1]!.end };
    const output = join(dir, "still.mp4");
    await renderClip({ aspect: "9:16", source, probe: info, start: range.start, end: range.end, layout: "center_crop", assPath: null, output, quality: "preview" }, { signal, encoder: fastHdEncoder });
    const rendered = await probe(output, { signal });
    const words = wordsForClip(r.words, range.start, range.end);
    const measure = (o: { source?: { path: string; start: number; end: number } }) =>
      measureClip({ aspect: "9:16", file: output, duration: rendered.duration, hasAudio: true, layout: "center_crop", words, edges: { starts_on_sentence: true, ends_on_sentence: true, cut_word: false }, expectSpeech: true, signal, ...o });
    // as measured before the source was asked: a frozen clip
    const blind = await measure({});
    const still = await measure({ source: { path: source, ...range } });
    console.log("case 3: empty_frames", { without_source: blind.empty_frames, with_source: still.empty_frames, flags: still.flags.map((f) => f.name) });
    expect(blind.empty_frames).toBeGreaterThan(0.25);
    expect(still.empty_frames).toBe(0);
    expect(still.flags.map((f) => f.name)).not.toContain("empty_frames");
  }, 120_000);
});
