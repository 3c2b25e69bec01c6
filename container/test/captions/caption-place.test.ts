// Issue 41: the captions never cover a face, in every shape and layout (captions/caption-place.ts).
// Pure: the ASS a clip's captions make (clipCaptions, the real wiring) read back, each caption
// page's box at its \pos (its lines' widths at the style's font, the spoken word's pop budgeted),
// against the faces the plan knows mapped onto the canvas (title-place.ts faceRects: the panels'
// middle rows, the camera panel, the largest face of each second). The rendered check is
// render/caption-face-render.test.ts.
import { ASPECTS, clipFrame, textWidth, type Aspect, type CaptionPosition, type RenderLayout } from "@katto/protocol";
import { describe, expect, it } from "vitest";
import { clipCaptions } from "../../src/captions/clip-captions.js";
import { clipFaces } from "../../src/captions/caption-place.js";
import { resolveCaptionStyle, SAFE } from "../../src/captions/styles.js";
import { titleHeight, titleWidth, type TitleLook } from "../../src/captions/title-card.js";
import { titleLookStyle } from "../../src/editing/clip-plan.js";
import type { Rect } from "../../src/framing/panels.js";
import { words } from "../helpers/words.js";

const SPEECH = words("we spent forty million dollars in Chicago to build the rocket that will break every record on the planet", 0.1, 0.42, 0.38);
const HEADLINE = "Why the quiet habits of successful people matter";
const HD = { width: 1280, height: 720 };
/** A talking head's face in a 1280x720 recording (the White House address of ../shared/media). */
const FACE: Rect = { x: 530, y: 100, w: 220, h: 250 };
/** The same face each second of an 8-s clip (the plan's face_boxes). */
const boxes = (face: Rect, n = 8) => Array.from({ length: n }, () => face);

interface Scene {
  layout: RenderLayout;
  picture: { width: number; height: number };
  faceBoxes?: Rect[];
  faceCam?: Rect;
}

/** Every layout: the single pictures with their faces measured each second, two, three and four people, a gameplay cam, a screen recording with its cam top left. */
const SCENES: Scene[] = [
  { layout: "passthrough", picture: HD, faceBoxes: boxes(FACE) },
  { layout: "face_tracking", picture: HD, faceBoxes: boxes(FACE) },
  { layout: "center_crop", picture: HD, faceBoxes: boxes(FACE) },
  { layout: "wide", picture: HD, faceBoxes: boxes(FACE) },
  { layout: "split_screen", picture: { width: 720, height: 288 } },
  { layout: "grid_3", picture: HD },
  { layout: "grid_4", picture: HD },
  { layout: "stacked", picture: HD },
  { layout: "screen", picture: { width: 640, height: 360 }, faceCam: { x: 12, y: 12, w: 170, h: 196 } },
];

/**
 * Where no band of the frame is clear (measured): a 16:9 frame sets two or three people side by
 * side, each panel the frame's full height, so every band across meets the middle rows of every
 * panel. There the captions keep the style's position (module comment of caption-place.ts).
 */
const NO_ROOM: [Aspect, RenderLayout][] = [["16:9", "split_screen"], ["16:9", "grid_3"]];

const num = (s: string) => s.split(",").map(Number);
const meet = (a: Rect, b: Rect) => Math.min(a.x + a.w, b.x + b.w) > Math.max(a.x, b.x) && Math.min(a.y + a.h, b.y + b.h) > Math.max(a.y, b.y);

/** A caption event's box: centred at its \pos, as wide as its widest line (0.52 em a narrow character, the spoken word's 112 % budgeted), its lines high. */
function captionBox(line: string, size: number, outline: number): Rect {
  const [x, y] = num(/\\pos\(([\d.,-]+)\)/.exec(line)!.at(1)!);
  const text = line.split(",").slice(9).join(",").replace(/\{[^}]*\}/g, "").split("\\N");
  const w = Math.max(...text.map((t) => textWidth(t))) * 0.52 * size * 1.12 + 2 * outline;
  const h = text.length * size * 1.2 + 2 * outline;
  return { x: x! - w / 2, y: y! - h / 2, w, h };
}

/** An ASS time (h:mm:ss.cc) in seconds. */
const seconds = (t: string) => t.split(":").reduce((s, x) => s * 60 + Number(x), 0);

/** The caption pages' and the title's boxes a clip's ASS draws; `withTitle`: the pages shown while the title is up. */
function drawn(ass: string): { captions: Rect[]; withTitle: Rect[]; title: Rect | null } {
  const style = (name: string) => ass.split("\n").find((l) => l.startsWith(`Style: ${name},`))?.split(",");
  const events = ass.split("\n").filter((l) => l.startsWith("Dialogue:"));
  const size = Number(style("Default")![2]);
  const outline = Number(style("Default")![16]);
  const pages = events.filter((l) => l.split(",")[3] !== "Title");
  const captions = pages.map((l) => captionBox(l, size, outline));
  const t = events.find((l) => l.split(",")[3] === "Title");
  if (!t) return { captions, title: null, withTitle: [] };
  const withTitle = pages.filter((l) => seconds(l.split(",")[1]!) < seconds(t.split(",")[2]!)).map((l) => captionBox(l, size, outline));
  const [x, y] = num(/\\pos\(([\d.,-]+)\)/.exec(t)![1]!);
  const look = { lines: t.slice(t.indexOf("}") + 1).split("\\N"), fontSize: Number(style("Title")![2]) } as TitleLook;
  return { captions, withTitle, title: { x: x! - titleWidth(look) / 2, y: y! - titleHeight(look) / 2, w: titleWidth(look), h: titleHeight(look) } };
}

function place(aspect: Aspect, scene: Scene, o: { position?: CaptionPosition; hook?: boolean; title?: string } = {}) {
  const canvas = clipFrame(aspect, "hd");
  const st = resolveCaptionStyle({ canvas, position: o.position })!;
  const input = { aspect, words: SPEECH, durationS: 8, captionStyle: st, look: titleLookStyle(null, aspect), style: { hook_title: o.hook === true }, title: o.title ?? HEADLINE, layout: scene.layout, picture: scene.picture, openingFaces: null, faceCam: scene.faceCam ?? null, faceBoxes: scene.faceBoxes ?? null };
  const faces = clipFaces({ ...input, style: st }).map((f) => f.rect);
  return { ...drawn(clipCaptions(input).ass!), faces, canvas };
}

const roomy = (a: Aspect, l: RenderLayout) => !NO_ROOM.some(([na, nl]) => na === a && nl === l);
const CASES = ASPECTS.flatMap((a) => SCENES.map((s) => [a, s.layout, s] as const));

describe("the captions keep off the faces, in every shape and layout (issue 41)", () => {
  it.each(CASES.filter(([a, l]) => roomy(a, l)))("%s %s: no caption page meets a face", (aspect, _, scene) => {
    const l = place(aspect, scene);
    const s = JSON.stringify(l);
    expect(l.captions.length).toBeGreaterThan(0);
    expect(l.faces.length).toBeGreaterThan(0);
    for (const c of l.captions) for (const f of l.faces) expect(meet(c, f), s).toBe(false);
  });

  it.each(CASES)("%s %s: every caption page stays inside the frame and the safe band", (aspect, _, scene) => {
    const l = place(aspect, scene);
    for (const c of l.captions) {
      expect(c.x >= 0 && c.x + c.w <= l.canvas.width, JSON.stringify(c)).toBe(true);
      expect(c.y + c.h / 2 >= SAFE.top * l.canvas.height && c.y + c.h / 2 <= SAFE.bottom * l.canvas.height, JSON.stringify(c)).toBe(true);
    }
  });

  it.each(CASES)("%s %s: the title card covers no caption wherever the captions went", (aspect, _, scene) => {
    const l = place(aspect, scene, { hook: true });
    expect(l.title).not.toBeNull();
    expect(l.withTitle.length).toBeGreaterThan(0);
    for (const c of l.withTitle) expect(meet(c, l.title!), JSON.stringify(l)).toBe(false);
  });

  it("stacked panels (9:16, 4:5): the captions sit on the seam between two panels", () => {
    for (const aspect of ["9:16", "4:5"] as const) {
      const H = clipFrame(aspect, "hd").height;
      for (const c of place(aspect, SCENES[4]!).captions) expect(c.y < H / 2 && c.y + c.h > H / 2).toBe(true);
    }
  });

  it("1:1 split screen: where two lines do not fit between the faces, one line does, on the seam", () => {
    const l = place("1:1", SCENES[4]!);
    for (const c of l.captions) {
      expect(c.h).toBeLessThan(80 * 1.2 * 1.5);
      expect(c.y < 540 && c.y + c.h > 540).toBe(true);
    }
  });

  it("1:1 split screen with a short hook title: the card takes the seam while it is up, the pages shown with it off the card, the later ones on the seam", () => {
    // one line fits the seam between the two faces, which holds the card or the captions, not both
    const l = place("1:1", SCENES[4]!, { hook: true, title: "Two people, one seam" });
    const s = JSON.stringify(l);
    for (const f of l.faces) expect(meet(f, l.title!), s).toBe(false);
    for (const c of l.withTitle) expect(meet(c, l.title!), s).toBe(false);
    const later = l.captions.slice(l.withTitle.length);
    expect(later.length).toBeGreaterThan(0);
    for (const c of later) expect(c.y < 540 && c.y + c.h > 540, s).toBe(true);
  });

  it("16:9 screen and stacked: the captions keep to the column beside the camera panel", () => {
    for (const scene of [SCENES[7]!, SCENES[8]!]) {
      const l = place("16:9", scene);
      const [cam] = l.faces;
      for (const c of l.captions) expect(c.x + c.w <= cam!.x || c.x >= cam!.x + cam!.w, JSON.stringify(l)).toBe(true);
    }
  });

  it("where no band is clear (16:9 people side by side), the captions keep the style's position", () => {
    for (const [aspect, layout] of NO_ROOM) {
      const l = place(aspect, SCENES.find((s) => s.layout === layout)!);
      for (const c of l.captions) expect(Math.round(c.y + c.h / 2)).toBe(Math.round(0.7 * l.canvas.height));
    }
  });
});

describe("a single picture keeps the style's position unless the face is under it over most of the clip (issue 41)", () => {
  /** a face low in a 16:9 picture, under the bottom captions of a 16:9 clip */
  const LOW: Rect = { x: 500, y: 380, w: 260, h: 300 };
  const yOf = (l: { captions: Rect[] }) => Math.round(l.captions[0]!.y + l.captions[0]!.h / 2);

  it("a face under the captions for 3 of 8 seconds leaves them at the bottom", () => {
    const l = place("16:9", { layout: "passthrough", picture: HD, faceBoxes: [...boxes(LOW, 3), ...boxes(FACE, 5)] });
    expect(yOf(l)).toBe(Math.round(0.7 * 1080));
  });

  it("a face under them for 6 of 8 seconds moves them", () => {
    const l = place("16:9", { layout: "passthrough", picture: HD, faceBoxes: [...boxes(LOW, 6), ...boxes(FACE, 2)] });
    expect(yOf(l)).not.toBe(Math.round(0.7 * 1080));
  });

  it("a face under them all along moves them to the nearest clear band, off the face", () => {
    const l = place("16:9", { layout: "passthrough", picture: HD, faceBoxes: boxes(LOW) });
    expect(yOf(l)).toBeLessThan(Math.round(0.7 * 1080));
    for (const c of l.captions) for (const f of l.faces) expect(meet(c, f), JSON.stringify(l)).toBe(false);
  });

  it("an explicit position is kept where it covers no face, and yields where it does", () => {
    const top = place("9:16", { layout: "passthrough", picture: HD, faceBoxes: boxes(FACE) }, { position: "top" });
    expect(yOf(top)).toBe(Math.round(0.32 * 1920));
    const split = place("9:16", SCENES[4]!, { position: "top" });
    for (const c of split.captions) for (const f of split.faces) expect(meet(c, f)).toBe(false);
  });
});
