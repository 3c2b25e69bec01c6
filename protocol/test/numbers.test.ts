// The small number and host rules both sides apply (protocol/src/numbers.ts), and the clip frames
// every renderer and export reads (CLIP_FRAMES).
import { describe, expect, it } from "vitest";
import { isLoopbackHost, round3 } from "../src/numbers.js";
import { ASPECT_FRAMES, ASPECTS, CLIP_FRAMES, RENDITION_SIZES, renditionFrame } from "../src/vocabularies.js";
import { clipFrameOf } from "../src/files.js";

describe("round3", () => {
  it("rounds to the millisecond, half up, negatives too", () => {
    expect([round3(1.23449), round3(1.2345), round3(2), round3(-0.0004)]).toEqual([1.234, 1.235, 2, -0]);
  });
});

describe("isLoopbackHost", () => {
  it("accepts localhost, *.localhost, 127.0.0.0/8 and ::1 (bracketed or not), in any case", () => {
    for (const h of ["localhost", "LocalHost", "media.localhost", "127.0.0.1", "127.255.0.9", "::1", "[::1]"]) expect(isLoopbackHost(h), h).toBe(true);
  });
  it("refuses private, public and look-alike hosts", () => {
    for (const h of ["10.0.0.1", "192.168.1.2", "0.0.0.0", "example.com", "localhost.example.com", "127.0.0.1.nip.io", "::2", "[fe80::1]"]) expect(isLoopbackHost(h), h).toBe(false);
  });
});

describe("clip frames", () => {
  it("are 9:16 by default, the preview half the 1080p frame, and a rendition keeps the shape", () => {
    for (const f of [CLIP_FRAMES.preview, CLIP_FRAMES.hd, renditionFrame("9:16")]) expect(f.width * 16).toBe(f.height * 9);
    expect(CLIP_FRAMES.preview.width * 2).toBe(CLIP_FRAMES.hd.width);
    expect(clipFrameOf("clip-0-preview.mp4", "9:16")).toEqual(CLIP_FRAMES.preview);
    expect(clipFrameOf("clip-0.mp4", "9:16")).toEqual(CLIP_FRAMES.hd);
  });

  it("give every shape a rendition of its own shape, 720 on the shorter side, and name each file's frame by its shape", () => {
    expect(RENDITION_SIZES).toEqual([{ width: 720, height: 1280 }, { width: 720, height: 720 }, { width: 720, height: 900 }, { width: 1280, height: 720 }]);
    for (const a of ASPECTS) {
      const r = renditionFrame(a);
      const hd = ASPECT_FRAMES[a].hd;
      expect(r.width * hd.height, a).toBe(r.height * hd.width);
      expect(Math.min(r.width, r.height) % 2 + Math.max(r.width, r.height) % 2, a).toBe(0);
      expect(clipFrameOf("clip-0-preview.mp4", a), a).toEqual(ASPECT_FRAMES[a].preview);
      expect(clipFrameOf("rr_1-clip-0.mp4", a), a).toEqual(hd);
      expect(clipFrameOf(`clip-0-${r.width}x${r.height}.mp4`, a), a).toEqual(r);
    }
  });
});
