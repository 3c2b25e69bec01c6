// The cover's title is wrapped for the canvas it is drawn on, in every shape (issue 41: a 16:9 clip's
// preview cover and a clip by hand's cover wrapped the title for the 1920-wide frame and drew it on
// the 1080-wide cover canvas, so a long title ran off both edges). Pure; the covers read by OCR in
// every shape are the combination matrix's.
import { ASPECTS, captionSafeChars, clipFrame } from "@katto/protocol";
import { describe, expect, it } from "vitest";
import { coverTitle, coverTitleCanvas, coverTitleLook, coverTitlePlace } from "../../src/delivery/cover.js";
import { titleLookStyle } from "../../src/editing/clip-plan.js";
import { titleHeight, titleWidth } from "../../src/captions/title-card.js";

const LONG = "Why the quiet habits of very successful people matter more than their loud public routines";

describe("a cover's title, in every shape", () => {
  it.each(ASPECTS.flatMap((a) => (["preview", "hd"] as const).map((q) => [a, q] as const)))("%s %s: wrapped on the canvas it is drawn on, every line inside it", (aspect, quality) => {
    const frame = clipFrame(aspect, quality);
    // the look as every path hands it over: laid out on the clip's HD frame
    const look = coverTitleLook(LONG, titleLookStyle(null, aspect), frame);
    const placed = coverTitlePlace(frame, null, LONG, titleLookStyle(null, aspect));
    const drawnOn = placed.canvas;
    expect(look.canvas).toEqual(drawnOn);
    // with no face to keep off, the title drawn is that look, centred
    expect(placed.look).toEqual(look);
    expect(placed.x).toBe(drawnOn.width / 2);
    expect(drawnOn).toEqual(coverTitleCanvas(frame));
    const fits = captionSafeChars(look.fontSize, drawnOn);
    for (const line of look.lines) expect(line.length, `${line} (${fits} fit at ${look.fontSize} px)`).toBeLessThanOrEqual(fits + 1);
    expect(look.lines.join(" ").replace(/…$/, "").split(" ").length).toBeGreaterThan(3);
  });

  it("16:9: a face filling most of the frame's height keeps the title off it, smaller or beside it, whole (issue 41: it sat on the face)", () => {
    const frame = clipFrame("16:9", "hd");
    const face = { x: 820, y: 60, w: 330, h: 620 };
    const title = "Quiet habits change everything";
    const placed = coverTitlePlace(frame, face, title, titleLookStyle(null, "16:9"));
    const k = frame.width / placed.canvas.width;
    const [w, h] = [titleWidth(placed.look) * k, titleHeight(placed.look) * k];
    const box = { x: placed.x * k - w / 2, y: placed.y * k - h / 2, w, h };
    const meets = Math.min(box.x + box.w, face.x + face.w) > Math.max(box.x, face.x) && Math.min(box.y + box.h, face.y + face.h) > Math.max(box.y, face.y);
    expect(meets, JSON.stringify({ box, face })).toBe(false);
    expect(placed.look.lines.join(" ")).toBe(title);
    // at the largest size, centred, it met the face wherever it went
    expect(placed.look.fontSize).toBeLessThan(64);
  });

  it("a 16:9 cover breaks its title as a 9:16 one does (both canvases are 1080 wide), not as its 1920-wide frame would", () => {
    const of = (a: (typeof ASPECTS)[number]) => coverTitleLook(LONG, titleLookStyle(null, a), clipFrame(a, "preview")).lines;
    expect(of("16:9")).toEqual(of("9:16"));
  });
});

describe("the title a cover draws", () => {
  // a review: a clip with Spanish captions burned "Por qué lo dejaría red?" as its hook title, and its cover drew "Why would let it ring?"
  it("is the clip's own title card where it burns one (in the captions' language), else the clip's title", () => {
    const overlays = (title_card: { text: string; start: number; end: number } | null) => ({ overlays: { title_card, emphasis: [], emoji: [], broll: [] } }) as unknown as Parameters<typeof coverTitle>[1];
    expect(coverTitle("Why would let it ring?", overlays({ text: "Por qué lo dejaría red?", start: 0, end: 3 }))).toBe("Por qué lo dejaría red?");
    expect(coverTitle("Why would let it ring?", overlays(null))).toBe("Why would let it ring?");
    expect(coverTitle("Why would let it ring?", null)).toBe("Why would let it ring?");
    expect(coverTitle(null, null)).toBe("");
  });
});
