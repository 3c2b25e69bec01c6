// What a file is by its first bytes (protocol/src/magic.ts), as both the Worker and the backend read it.
import { describe, expect, it } from "vitest";
import { isJpeg, isPng, sniffContainer } from "../src/magic.js";

const bytes = (...parts: (string | number[])[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const pad = (b: Uint8Array, n: number) => Uint8Array.from([...b, ...new Array(Math.max(0, n - b.length)).fill(0)]);

describe("sniffContainer", () => {
  it("names MP4/QuickTime by an opening ISO-BMFF box, ftyp or another", () => {
    expect(sniffContainer(pad(bytes([0, 0, 0, 0x18], "ftypisom"), 16))).toEqual({ name: "mp4/mov" });
    expect(sniffContainer(pad(bytes([0, 0, 0, 8], "wide"), 16))).toEqual({ name: "mp4/mov" });
    expect(sniffContainer(pad(bytes([0, 0, 0, 8], "pnot"), 16))).toEqual({ name: "mp4/mov" });
  });

  it("names WebM and Matroska by the EBML magic, with the DocType when the header says it", () => {
    const ebml = [0x1a, 0x45, 0xdf, 0xa3];
    expect(sniffContainer(bytes(ebml, [0x9f, 0x42, 0x82, 0x84], "webm"))).toEqual({ name: "matroska/webm", docType: "webm" });
    expect(sniffContainer(bytes(ebml, [0x42, 0x82, 0x88], "matroska"))).toEqual({ name: "matroska/webm", docType: "matroska" });
    expect(sniffContainer(bytes(ebml))).toEqual({ name: "matroska/webm" });
  });

  it("names the other containers and audio-only files, and nothing for text, images or too few bytes", () => {
    expect(sniffContainer(bytes("RIFF", [0, 0, 0, 0], "AVI "))?.name).toBe("avi");
    expect(sniffContainer(bytes("RIFF", [0, 0, 0, 0], "WAVE"))?.name).toBe("wav");
    expect(sniffContainer(bytes("FLV", [1]))?.name).toBe("flv");
    expect(sniffContainer(bytes("ID3", [4, 0]))?.name).toBe("mp3");
    const ts = new Uint8Array(400);
    ts[0] = ts[188] = ts[376] = 0x47;
    expect(sniffContainer(ts)?.name).toBe("mpeg-ts");
    expect(sniffContainer(bytes("#EXTM3U\n#EXT-X-VERSION:3\n"))).toBeNull();
    expect(sniffContainer(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]))).toBeNull();
    expect(sniffContainer(bytes([0, 0, 0]))).toBeNull();
  });
});

describe("isPng / isJpeg", () => {
  it("read the PNG signature and the JPEG start-of-image marker, and refuse each other and short input", () => {
    const png = bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a], "IHDR");
    const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0]);
    expect([isPng(png), isJpeg(png)]).toEqual([true, false]);
    expect([isPng(jpeg), isJpeg(jpeg)]).toEqual([false, true]);
    expect(isPng(png.subarray(0, 7))).toBe(false);
    expect(isJpeg(jpeg.subarray(0, 2))).toBe(false);
  });
});
