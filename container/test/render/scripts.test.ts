import { CLIP_FRAMES } from "@katto/protocol";
// Captions beyond Latin: the font follows the words' script, line breaking measures each script,
// RTL keeps its order, and real renders of CJK, Devanagari, Arabic and Cyrillic show real glyphs
// (no tofu). The tofu check is validated against renders where fontconfig only knows DejaVu.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildAss, styleForScript } from "../../src/captions/ass.js";
import { breakUnits, layoutPages } from "@katto/protocol";
import { captionFontFor, dominantScript } from "../../src/captions/script.js";
import { resolveCaptionStyle } from "../../src/captions/styles.js";
import { textWidth } from "@katto/protocol";
import { probe } from "../../src/analysis/probe.js";
import { renderClip } from "../../src/rendering/render.js";
import type { ProbeResult } from "../../src/runtime/types.js";
import { ffmpeg, grayFrame, rgbFrame, tmpDir } from "../helpers/media.js";
import { words } from "../helpers/words.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-scripts-test-");
const W = 540;
const H = 960;

describe("script detection and fonts (pure)", () => {
  it("finds the dominant script; a few Latin words do not win", () => {
    expect(dominantScript("hello world")).toBe("latin");
    expect(dominantScript("我们今天去公园")).toBe("cjk");
    expect(dominantScript("こんにちは世界")).toBe("cjk");
    expect(dominantScript("नमस्ते दुनिया YouTube")).toBe("devanagari");
    expect(dominantScript("مرحبا بالعالم")).toBe("arabic");
    expect(dominantScript("Привет, мир")).toBe("cyrillic");
    expect(dominantScript("123 !?")).toBe("latin");
  });

  it("keeps a font that covers the script, else picks the script's font", () => {
    expect(captionFontFor("cjk", "DejaVu Sans")).toBe("Noto Sans CJK SC");
    expect(captionFontFor("devanagari", "Noto Serif")).toBe("Noto Sans Devanagari");
    expect(captionFontFor("arabic", "DejaVu Sans")).toBe("Noto Sans Arabic");
    expect(captionFontFor("cyrillic", "Noto Serif")).toBe("Noto Serif");
    expect(captionFontFor("cyrillic", "Noto Sans Arabic")).toBe("DejaVu Sans");
    expect(captionFontFor("latin", "Noto Sans")).toBe("Noto Sans");
    const st = resolveCaptionStyle({ canvas: CLIP_FRAMES.hd })!;
    expect(styleForScript(st, "arabic")).toMatchObject({ font: "Noto Sans Arabic", rtl: true });
    expect(buildAss(words("مرحبا بالعالم"), st, { durationS: 3 })).toMatch(/Style: Default,Noto Sans Arabic,.*,-1\n/);
    expect(buildAss(words("我们 今天"), st, { durationS: 3 })).toMatch(/Style: Default,Noto Sans CJK SC,.*,1\n/);
  });

  it("measures each script: CJK a full em, Indic and Arabic marks nothing", () => {
    expect(textWidth("你好")).toBe(4);
    expect(textWidth("नमस्ते")).toBeLessThan(textWidth("नमसत") + 1); // virama and vowel signs add little
    expect(textWidth("مَرْحَبًا")).toBeCloseTo(textWidth("مرحبا"), 5); // harakat add nothing
    expect(textWidth("Привет")).toBeGreaterThan(textWidth("Privet"));
  });

  it("CJK breaks per character (closing punctuation stays with the character before)", () => {
    const units = breakUnits([{ text: "我们今天去公园。", start: 0, end: 1.4 }]);
    expect(units.map((u) => u.text)).toEqual(["我", "们", "今", "天", "去", "公", "园。"]);
    expect(units[0]!.start).toBe(0);
    expect(units.at(-1)!.end).toBe(1.4);
    // a long run without spaces fills lines instead of overflowing one
    const long = [{ text: "今天我们一起去公园散步然后回家吃饭休息一下", start: 0, end: 3 }];
    const pages = layoutPages(long, { maxChars: 16, maxLines: 2, maxGapS: 0.8, maxPageS: 4 });
    expect(pages.flatMap((p) => p.lines).length).toBeGreaterThan(1);
    for (const p of pages) for (const line of p.lines) expect(textWidth(line.map((w) => w.text).join(""))).toBeLessThanOrEqual(16);
    expect(pages.flatMap((p) => p.lines.flat().map((w) => w.text)).join("")).toBe(long[0]!.text);
  });
});

// Two different phrases per script, same length in characters.
const SAMPLES: Record<string, [string, string]> = {
  cjk: ["我们 今天 去 公园", "他们 明年 来 学校"],
  // same code points per word, so tofu (one box per code point) would look the same
  devanagari: ["भारत सरकार कल", "कमला नमकीन जल"],
  arabic: ["مرحبا بالعالم اليوم", "شكرا جزيلا صديقي"],
  cyrillic: ["Привет мир сегодня", "Спасибо друг завтра"],
};

describe("captions in each script render real glyphs", () => {
  let src: string;
  let info: ProbeResult;
  const tofuConf = join(dir, "fonts-dejavu-only.conf");
  const band = { x0: 0, y0: Math.round(0.6 * H), x1: W, y1: Math.round(0.8 * H) };

  beforeAll(async () => {
    src = join(dir, "black.mp4");
    ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=640x360:r=25:d=1.2", "-f", "lavfi", "-i", "sine=d=1.2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", src]);
    info = await probe(src, { signal });
    mkdirSync(join(dir, "fc-cache"));
    writeFileSync(tofuConf, `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>${join(dir, "fc-cache")}</cachedir></fontconfig>\n`);
  });

  /** Text band of a 1-s render of `text` (minimal style: no highlight, the whole line at once). */
  async function textBand(name: string, text: string, env: Record<string, string> = {}): Promise<Uint8Array> {
    const ass = join(dir, `${name}.ass`);
    writeFileSync(ass, buildAss(words(text, 0, 0.05, 1.1), resolveCaptionStyle({ canvas: CLIP_FRAMES.hd, style: "minimal", fontSize: 90 })!, { durationS: 1.2 }));
    const out = join(dir, `${name}.mp4`);
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      await renderClip({ aspect: "9:16", source: src, probe: info, start: 0, end: 1, layout: "center_crop", assPath: ass, output: out, quality: "preview" }, { signal });
    } finally {
      for (const k of Object.keys(env)) if (saved[k] === undefined) delete process.env[k];
    }
    const px = grayFrame(out, 0.6, W, H);
    const crop = new Uint8Array((band.x1 - band.x0) * (band.y1 - band.y0));
    let i = 0;
    for (let y = band.y0; y < band.y1; y++) for (let x = band.x0; x < band.x1; x++) crop[i++] = px[y * W + x]!;
    return crop;
  }
  const INK = 80;
  const ink = (b: Uint8Array) => b.reduce((n, v) => n + (v > INK ? 1 : 0), 0);
  /** pixels where two text bands differ (ink in one, not the other), relative to the ink */
  const differ = (a: Uint8Array, b: Uint8Array) => a.reduce((n, v, i) => n + ((v > INK) !== (b[i]! > INK) ? 1 : 0), 0) / Math.max(1, Math.max(ink(a), ink(b)));

  for (const [script, [a, b]] of Object.entries(SAMPLES)) {
    it(`${script}: ink in the caption band, and two different phrases look different`, async () => {
      const fa = await textBand(`${script}-a`, a);
      const fb = await textBand(`${script}-b`, b);
      // Noto Sans Arabic is the lightest of the four at this size
      expect(ink(fa)).toBeGreaterThan(600);
      expect(ink(fb)).toBeGreaterThan(600);
      expect(differ(fa, fb)).toBeGreaterThan(0.5);
    });
  }

  it("the check catches tofu: with only DejaVu known, CJK and Devanagari phrases become identical boxes", async () => {
    for (const script of ["cjk", "devanagari"]) {
      const [a, b] = SAMPLES[script]!;
      const fa = await textBand(`${script}-tofu-a`, a, { FONTCONFIG_FILE: tofuConf });
      const fb = await textBand(`${script}-tofu-b`, b, { FONTCONFIG_FILE: tofuConf });
      expect(ink(fa)).toBeGreaterThan(20); // (small) boxes are drawn...
      expect(differ(fa, fb)).toBeLessThan(0.15); // ...and they all look alike
    }
  });

  it("RTL keeps its order: the first spoken Arabic word is on the right, a Latin one on the left", async () => {
    const accentX = async (name: string, text: string) => {
      const ass = join(dir, `${name}.ass`);
      writeFileSync(ass, buildAss(words(text, 0, 0.6, 0.55), resolveCaptionStyle({ canvas: CLIP_FRAMES.hd, style: "bold_pop", accentColor: "#00FF00" })!, { durationS: 1.2 }));
      const out = join(dir, `${name}.mp4`);
      await renderClip({ aspect: "9:16", source: src, probe: info, start: 0, end: 1, layout: "center_crop", assPath: ass, output: out, quality: "preview" }, { signal });
      const px = rgbFrame(out, 0.3, W, H); // the first word is being spoken
      let sx = 0;
      let n = 0;
      for (let y = Math.round(0.55 * H); y < Math.round(0.85 * H); y++) for (let x = 0; x < W; x++) {
        const i = (y * W + x) * 3;
        if (px[i + 1]! > 170 && px[i]! < 110 && px[i + 2]! < 110) (sx += x), n++;
      }
      expect(n).toBeGreaterThan(100);
      return sx / n;
    };
    const centre = (80 + (1080 - 160)) / 2 / 2; // the caption block's centre at preview scale
    expect(await accentX("rtl", "مرحبا بالعالم")).toBeGreaterThan(centre);
    expect(await accentX("ltr", "hello world")).toBeLessThan(centre);
  });
});
