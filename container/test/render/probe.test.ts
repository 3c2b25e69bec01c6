import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { StageError } from "../../src/runtime/errors.js";
import { parseProbe, probe, streamRotation, validateProbe } from "../../src/analysis/probe.js";
import { media, tmpDir } from "../helpers/media.js";

const signal = new AbortController().signal;
const limits = { max_duration_s: 5400 };

describe("probe (real files)", () => {
  it("reads a talking-head mp4", async () => {
    const p = await probe(media("video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4"), { signal });
    expect(p.video).toMatchObject({ width: 1280, height: 720, codec: "h264", rotation: 0 });
    expect(p.video!.fps).toBeCloseTo(29.97, 2);
    expect(p.duration).toBeCloseTo(4.8, 1);
    expect(p.audio).toMatchObject({ sampleRate: 44100, channels: 2 });
    expect(p.size).toBeGreaterThan(100_000);
    validateProbe(p, limits);
  });

  it("reports displayed size for a rotated phone video", async () => {
    const p = await probe(media("video_talking/other/openmpf_new_face_video-90.mp4"), { signal });
    expect(p.video!.rotation).toBe(270); // -90°
    expect([p.video!.width, p.video!.height]).toEqual([640, 480]);
  });

  it("a video without audio has audio null", async () => {
    const p = await probe(media("video_nospeech/vtest.avi"), { signal });
    expect(p.audio).toBeNull();
    expect(p.video!.fps).toBe(10);
    validateProbe(p, limits);
  });

  it("audio-only sources are rejected: no video stream", async () => {
    const p = await probe(media("speech/en/jfk.wav"), { signal });
    expect(() => validateProbe(p, limits)).toThrow("source has no video stream");
  });

  it("too long sources are rejected with the limit in the message", async () => {
    const p = await probe(media("video_nospeech/vtest.avi"), { signal });
    expect(() => validateProbe(p, { max_duration_s: 60 })).toThrow(/80 s long; the limit is 60 s/);
  });

  it("garbage is undecodable", async () => {
    const f = join(tmpDir(), "junk.mp4");
    writeFileSync(f, Buffer.alloc(50_000, 7));
    const err = await probe(f, { signal }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StageError);
    expect((err as StageError).message).toMatch(/could not be decoded/);
    expect((err as StageError).detail).toBeTruthy(); // ffprobe's stderr kept for the logs
  });
});

describe("probe parsing (pure)", () => {
  it("rotation from the display matrix or the legacy rotate tag", () => {
    expect(streamRotation({ side_data_list: [{ side_data_type: "Display Matrix", rotation: -90 }] })).toBe(270);
    expect(streamRotation({ tags: { rotate: "90" } })).toBe(90);
    expect(streamRotation({ tags: { rotate: "180" } })).toBe(180);
    expect(streamRotation({})).toBe(0);
  });
  it("skips cover art and falls back to stream duration", () => {
    const p = parseProbe(
      {
        streams: [
          { codec_type: "video", codec_name: "mjpeg", width: 300, height: 300, disposition: { attached_pic: 1 } },
          { codec_type: "audio", codec_name: "mp3", sample_rate: "44100", channels: 2, duration: "12.5" },
        ],
        format: { format_name: "mp3" },
      },
      10,
    );
    expect(p.video).toBeNull();
    expect(p.duration).toBe(12.5);
    expect(p.size).toBe(10);
  });
  it("zero duration is rejected", () => {
    const p = parseProbe({ streams: [{ codec_type: "video", width: 10, height: 10 }], format: {} }, 0);
    expect(() => validateProbe(p, limits)).toThrow(/duration/);
  });
});
