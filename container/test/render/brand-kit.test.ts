import { CLIP_FRAMES } from "@katto/protocol";
// Brand kits: validation at the protocol boundary, what a kit changes in the clip plan, and in a
// real render the accent colour of the spoken word, the caption position and the watermark.
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrandKitSchema, parseWith } from "@katto/protocol";
import { brandCaptionOptions, type BrandKit } from "../../src/editing/brand-kit.js";
import { buildAss } from "../../src/captions/ass.js";
import { resolveCaptionStyle } from "../../src/captions/styles.js";
import { planClip } from "../../src/editing/clip-plan.js";
import { watermarkBox } from "../../src/rendering/reframe-filter.js";
import { parseRenderJob } from "../../src/runtime/protocol.js";
import { probe } from "../../src/analysis/probe.js";
import { renderClip } from "../../src/rendering/render.js";
import { downloadWatermark, fetchWatermark } from "../../src/rendering/watermark.js";
import type { ProbeResult, ScoredMoment } from "../../src/runtime/types.js";
import { ffmpeg, rgbFrame, tmpDir } from "../helpers/media.js";
import { words } from "../helpers/words.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-brand-test-");
const W = 540;
const H = 960;

const KIT: BrandKit = {
  name: "Acme",
  primary_color: "#FFFFFF",
  accent_color: "#00FF00",
  caption_font: "Noto Sans",
  caption_position: "top",
  default_layout: "wide",
  watermark_url: "https://cdn.example.com/acme.png",
};

const job = (config: Record<string, unknown>) => ({
  job_id: "j1",
  source: { url: "https://example.com/v.mp4", kind: "url" },
  config: { aspect: "9:16", ...config },
  callback: { base_url: "http://127.0.0.1:1", token: "t" },
  limits: { max_duration_s: 600, max_bytes: 1e9, max_clips: 3 },
});

describe("brand kit validation", () => {
  it("accepts the documented formats", () => {
    expect(parseWith(BrandKitSchema, KIT)).toEqual({ ok: true, value: KIT });
    expect(parseWith(BrandKitSchema, { ...KIT, watermark_url: null, accent_color: "#ffd400" })).toMatchObject({ ok: true, value: { watermark_url: null, accent_color: "#FFD400" } });
    const r = parseRenderJob(job({ brandKit: KIT }));
    expect(r.ok && r.value.config.brandKit).toEqual(KIT);
    const none = parseRenderJob(job({}));
    expect(none.ok && "brandKit" in none.value.config).toBe(false);
  });

  it.each([
    [{ primary_color: "white" }, "config.brandKit.primary_color must be a #RRGGBB colour"],
    [{ accent_color: "00FF00" }, "config.brandKit.accent_color must be a #RRGGBB colour"],
    [{ caption_font: "Comic Sans" }, "config.brandKit.caption_font must be one of"],
    [{ caption_position: "left" }, "config.brandKit.caption_position must be one of top, middle, bottom"],
    [{ default_layout: "center_crop" }, "config.brandKit.default_layout must be one of"],
    [{ watermark_url: "http://cdn.example.com/a.png" }, "config.brandKit.watermark_url must be an https URL or null"],
    [{ name: "" }, "config.brandKit.name must be"],
  ])("refuses %o with a clear error", (patch, msg) => {
    const r = parseRenderJob(job({ brandKit: { ...KIT, ...patch } }));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain(msg);
  });

  it("refuses a kit that is not an object", () => {
    expect(parseRenderJob(job({ brandKit: "acme" }))).toEqual({ ok: false, error: "config.brandKit must be an object" });
  });
});

describe("brand kit in the clip plan", () => {
  const probeInfo: ProbeResult = { duration: 60, size: 1, formatName: "mp4", video: { width: 1280, height: 720, fps: 30, codec: "h264", rotation: 0 }, audio: null };
  const moment: ScoredMoment = { start: 1, end: 9, words: [], text: "", score: 50, subscores: { hook: 1, flow: 1, value: 1, trend: 1 }, justification: "", title: "t" };
  const t = { lang: "en", segments: [], words: [], engine: "test" };

  it("caption font, colours and position come from the kit; its layout is the default, a requested one wins", () => {
    const p = planClip(moment, 0, probeInfo, t, { aspect: "9:16",  brandKit: KIT, captionStyle: "boxed" });
    expect(p.layout).toBe("wide");
    expect(p.style).toMatchObject({ name: "boxed", font: "Noto Sans", primaryColor: "#FFFFFF", accentColor: "#00FF00", position: "top" });
    expect(planClip(moment, 0, probeInfo, t, { aspect: "9:16",  brandKit: KIT, layout: "grid_3" }).layout).toBe("grid_3");
    expect(planClip(moment, 0, probeInfo, t, { aspect: "9:16" }).layout).toBe("center_crop");
    expect(brandCaptionOptions(undefined)).toEqual({});
  });
});

/** Pixels of an RGB frame inside a rect matching a predicate. */
function countRgb(px: Uint8Array, rect: { x0: number; y0: number; x1: number; y1: number }, pred: (r: number, g: number, b: number) => boolean): number {
  let n = 0;
  for (let y = rect.y0; y < rect.y1; y++) for (let x = rect.x0; x < rect.x1; x++) {
    const i = (y * W + x) * 3;
    if (pred(px[i]!, px[i + 1]!, px[i + 2]!)) n++;
  }
  return n;
}
const green = (r: number, g: number, b: number) => g > 170 && r < 110 && b < 110;
const yellow = (r: number, g: number, b: number) => r > 170 && g > 170 && b < 110;

function meanAbsDiff(a: Uint8Array, b: Uint8Array, rect: { x0: number; y0: number; x1: number; y1: number }): number {
  let d = 0;
  let n = 0;
  for (let y = rect.y0; y < rect.y1; y++) for (let x = rect.x0; x < rect.x1; x++) for (let k = 0; k < 3; k++) (d += Math.abs(a[(y * W + x) * 3 + k]! - b[(y * W + x) * 3 + k]!)), n++;
  return d / n;
}

describe("a render with a brand kit", () => {
  let src: string;
  let info: ProbeResult;
  let wm: string;
  const render = async (name: string, o: { kit?: BrandKit; watermarkPath?: string }) => {
    const style = resolveCaptionStyle({ canvas: CLIP_FRAMES.hd, style: "bold_pop", ...brandCaptionOptions(o.kit) })!;
    const ass = join(dir, `${name}.ass`);
    writeFileSync(ass, buildAss(words("brand colours on every word", 0.2, 0.4, 0.35), style, { durationS: 2.5 }));
    const out = join(dir, `${name}.mp4`);
    await renderClip({ aspect: "9:16", source: src, probe: info, start: 0, end: 2.5, layout: "center_crop", assPath: ass, watermarkPath: o.watermarkPath, output: out, quality: "preview" }, { signal });
    return rgbFrame(out, 0.8, W, H); // the second word is being spoken
  };
  let plain: Uint8Array;
  let branded: Uint8Array;
  let marked: Uint8Array;

  beforeAll(async () => {
    src = join(dir, "dark.mp4");
    ffmpeg(["-f", "lavfi", "-i", "color=c=0x101820:s=1280x720:r=25:d=3", "-f", "lavfi", "-i", "sine=d=3", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", src]);
    info = await probe(src, { signal });
    // 400x200 PNG: left half opaque magenta, right half fully transparent
    wm = join(dir, "wm.png");
    ffmpeg(["-f", "lavfi", "-i", "color=c=magenta:s=400x200", "-vf", "format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='if(lt(X,200),255,0)'", "-frames:v", "1", wm]);
    plain = await render("plain", {});
    branded = await render("branded", { kit: KIT });
    marked = await render("marked", { kit: KIT, watermarkPath: wm });
  });

  const topBand = { x0: 0, y0: Math.round(0.25 * H), x1: W, y1: Math.round(0.45 * H) };
  const bottomBand = { x0: 0, y0: Math.round(0.55 * H), x1: W, y1: Math.round(0.85 * H) };

  it("the spoken word is in the kit's accent colour, at the kit's position", () => {
    expect(countRgb(branded, topBand, green)).toBeGreaterThan(150);
    expect(countRgb(branded, topBand, yellow)).toBe(0);
    expect(countRgb(branded, bottomBand, (r, g, b) => r + g + b > 300)).toBe(0);
    // without a kit: the default yellow, at the bottom
    expect(countRgb(plain, bottomBand, yellow)).toBeGreaterThan(150);
    expect(countRgb(plain, bottomBand, green)).toBe(0);
  });

  it("the watermark sits top-left in its box with its alpha kept, and nowhere else", () => {
    const b = watermarkBox(W, H);
    const wmW = b.w;
    const wmH = Math.round(b.w / 2);
    const opaque = { x0: b.x + 2, y0: b.y + 2, x1: b.x + wmW / 2 - 2, y1: b.y + wmH - 2 };
    const clear = { x0: b.x + wmW / 2 + 2, y0: b.y + 2, x1: b.x + wmW - 2, y1: b.y + wmH - 2 };
    expect(meanAbsDiff(marked, branded, opaque)).toBeGreaterThan(60);
    expect(countRgb(marked, opaque, (r, g, bl) => r > 180 && bl > 180 && g < 80)).toBeGreaterThan(0.8 * (opaque.x1 - opaque.x0) * (opaque.y1 - opaque.y0));
    expect(meanAbsDiff(marked, branded, clear)).toBeLessThan(4);
    // elsewhere only encoder noise (the caption edges are re-encoded differently)
    expect(meanAbsDiff(marked, branded, { x0: 0, y0: Math.round(0.25 * H), x1: W, y1: H })).toBeLessThan(4);
  });
});

describe("watermark download", () => {
  let server: Server;
  let base: string;
  const png = () => readFileSync(join(dir, "wm.png"));
  beforeAll(async () => {
    ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=64x64", "-frames:v", "1", join(dir, "wm.png")]);
    server = createServer((req, res) => {
      if (req.url === "/logo.png") return res.end(png());
      if (req.url === "/logo.jpg") return res.end(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6]));
      if (req.url === "/huge.png") return res.end(Buffer.concat([png(), Buffer.alloc(3 * 1024 * 1024)]));
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("keeps a PNG, refuses other images and files over 2 MB", async () => {
    const d = tmpDir("katto-wm-");
    expect(await downloadWatermark(`${base}/logo.png`, d, { signal })).toBe(join(d, "watermark.png"));
    await expect(downloadWatermark(`${base}/logo.jpg`, d, { signal })).rejects.toThrow("not a PNG");
    await expect(downloadWatermark(`${base}/huge.png`, d, { signal })).rejects.toThrow("limit");
  });

  it("a watermark that cannot be fetched leaves the job going without it", async () => {
    const d = tmpDir("katto-wm-");
    expect(await fetchWatermark(`${base}/missing.png`, d, { signal })).toBeNull();
    expect(await fetchWatermark(null, d, { signal })).toBeNull();
    expect(await fetchWatermark(`${base}/logo.png`, d, { signal })).toBe(join(d, "watermark.png"));
  });
});
