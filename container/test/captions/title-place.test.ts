// Issue 41: the title card, the captions and the face never cover each other, in every shape and
// layout. Pure: the ASS a clip's captions make (clipCaptions, the real wiring) read back: the title
// card's box at its \pos, the caption pages' boxes at theirs, against the faces mapped onto the
// canvas through the layout (title-place.ts faceRects). The rendered check (the title's box found in
// the pixels, the face by the project's detector) is the combination matrix's.
import { ASPECTS, clipFrame, HOOK_TITLE_S, type Aspect, type RenderLayout } from "@katto/protocol";
import { describe, expect, it } from "vitest";
import { clipCaptions } from "../../src/captions/clip-captions.js";
import { resolveCaptionStyle, SAFE } from "../../src/captions/styles.js";
import { titleHeight, titleWidth, type TitleLook } from "../../src/captions/title-card.js";
import { faceRects } from "../../src/captions/title-place.js";
import { planClip, titleLookStyle } from "../../src/editing/clip-plan.js";
import { chooseLayouts } from "../../src/editing/layouts.js";
import type { ProbeResult, ScoredMoment } from "../../src/runtime/types.js";
import type { Rect } from "../../src/framing/panels.js";
import { words } from "../helpers/words.js";

const SPEECH = words("we spent forty million dollars in Chicago to build the rocket that will break every record on the planet", 0.1, 0.42, 0.38);
const HEADLINE = "Why the quiet habits of successful people matter";

/** A talking head's face over a title's time in a 1280x720 recording (the White House address of ../shared/media: a third of the height). */
const FACE: Rect = { x: 530, y: 100, w: 220, h: 250 };

/** A 16:9 talking head (a White House address: the face in the upper middle), a screen recording with its cam top left, two people side by side. */
const SCENES: { layout: RenderLayout; picture: { width: number; height: number }; faces: Rect | null; faceCam?: Rect }[] = [
  { layout: "passthrough", picture: { width: 1280, height: 720 }, faces: FACE },
  { layout: "face_tracking", picture: { width: 1280, height: 720 }, faces: FACE },
  { layout: "center_crop", picture: { width: 1280, height: 720 }, faces: FACE },
  { layout: "wide", picture: { width: 1280, height: 720 }, faces: FACE },
  { layout: "wide", picture: { width: 1280, height: 720 }, faces: null },
  { layout: "screen", picture: { width: 640, height: 360 }, faces: null, faceCam: { x: 12, y: 12, w: 170, h: 196 } },
  { layout: "split_screen", picture: { width: 1280, height: 720 }, faces: null },
];

const num = (s: string) => s.split(",").map(Number);

/** The title's and the caption pages' boxes, read from the ASS (\pos centres, lines, the style's font size and outline); `withTitle`: the pages shown while the title is up. */
function drawn(ass: string, canvas: { width: number; height: number }): { title: Rect; captions: Rect[]; withTitle: Rect[] } {
  const style = (name: string) => ass.split("\n").find((l) => l.startsWith(`Style: ${name},`))!.split(",");
  const events = ass.split("\n").filter((l) => l.startsWith("Dialogue:"));
  const pos = (l: string) => num(/\\pos\(([\d.,-]+)\)/.exec(l)![1]!);
  const titleEvent = events.find((l) => l.split(",")[3] === "Title")!;
  const [x, y] = pos(titleEvent);
  const lines = titleEvent.slice(titleEvent.indexOf("}") + 1).split("\\N");
  const t = titleRect({ lines, fontSize: Number(style("Title")[2]) } as TitleLook, x!, y!);
  const size = Number(style("Default")[2]);
  const outline = Number(style("Default")[16]);
  const box = (l: string) => {
    const half = (l.split("\\N").length * size * 1.2) / 2 + outline;
    return { x: SAFE.left, y: pos(l)[1]! - half, w: canvas.width - SAFE.left - SAFE.right, h: 2 * half };
  };
  const pages = events.filter((l) => l.split(",")[3] !== "Title");
  return { title: t, captions: pages.map(box), withTitle: pages.filter((l) => seconds(l.split(",")[1]!) < seconds(titleEvent.split(",")[2]!)).map(box) };
}

/** An ASS time (h:mm:ss.cc) in seconds. */
const seconds = (t: string) => t.split(":").reduce((s, x) => s * 60 + Number(x), 0);

const titleRect = (t: TitleLook, x: number, y: number): Rect => ({ x: x - titleWidth(t) / 2, y: y - titleHeight(t) / 2, w: titleWidth(t), h: titleHeight(t) });
const meet = (a: Rect, b: Rect) => Math.min(a.x + a.w, b.x + b.w) > Math.max(a.x, b.x) && Math.min(a.y + a.h, b.y + b.h) > Math.max(a.y, b.y);

function layout(aspect: Aspect, scene: (typeof SCENES)[number]) {
  const canvas = clipFrame(aspect, "hd");
  const st = resolveCaptionStyle({ canvas })!;
  const c = clipCaptions({ aspect, words: SPEECH, durationS: 8, captionStyle: st, look: titleLookStyle(null, aspect), style: { hook_title: true }, title: HEADLINE, layout: scene.layout, picture: scene.picture, openingFaces: scene.faces, faceCam: scene.faceCam ?? null });
  return { ...drawn(c.ass!, canvas), faces: faceRects(scene.layout, scene.picture, scene.faces, scene.faceCam, canvas), canvas };
}

/** The scenes where a place clear of the face and the captions exists (measured: the others leave the title none; this test reads the captions across the whole safe width, so a 16:9 screen layout's captions, kept to the screen panel, count as meeting the camera). */
const ROOMY: [Aspect, number][] = [
  ...ASPECTS.flatMap((a) => [[a, 0], [a, 3]] as [Aspect, number][]),
  ...(["9:16", "16:9"] as const).flatMap((a) => [[a, 1], [a, 2]] as [Aspect, number][]),
  ...(["9:16", "1:1", "4:5"] as const).map((a) => [a, 5] as [Aspect, number]),
];

describe("the title card, the captions and the face, in every shape and layout (issue 41)", () => {
  it.each(ROOMY.map(([a, i]) => [a, SCENES[i]!.layout, i] as const))("%s %s: none of the three covers another where there is room", (aspect, _, i) => {
    const l = layout(aspect, SCENES[i]!);
    const s = JSON.stringify(l);
    expect(l.faces.length).toBeGreaterThan(0);
    for (const f of l.faces) expect(meet(f, l.title), s).toBe(false);
    for (const c of l.withTitle) expect(meet(c, l.title), s).toBe(false);
    for (const c of l.captions) for (const f of l.faces) expect(meet(c, f), s).toBe(false);
  });

  it.each(ASPECTS.flatMap((a) => SCENES.map((s) => [a, s.layout, s.faces ? "measured" : "unmeasured", s] as const)))("%s %s (faces %s): the title card never covers the captions", (aspect, _l, _f, scene) => {
    const l = layout(aspect, scene);
    for (const c of l.withTitle) expect(meet(c, l.title), JSON.stringify(l)).toBe(false);
  });

  it("16:9: beside a talking head whose face fills the height between the top and the captions (it sat on the face)", () => {
    const tall = { layout: "passthrough" as const, picture: { width: 1280, height: 720 }, faces: { x: 500, y: 40, w: 280, h: 360 } };
    const l = layout("16:9", tall);
    const [face] = l.faces;
    expect(l.title.x + l.title.w <= face!.x || l.title.x >= face!.x + face!.w, JSON.stringify(l)).toBe(true);
    expect(meet(face!, l.title)).toBe(false);
    for (const c of l.withTitle) expect(meet(c, l.title)).toBe(false);
  });

  it("where no place is clear at any size, the captions win and the title covers least of the face: at a smaller size, off the captions", () => {
    // a 1:1 crop of a talking head: the face fills the middle, too narrow a column beside it
    const l = layout("1:1", SCENES[1]!);
    const [face] = l.faces;
    expect(meet(face!, l.title)).toBe(true);
    for (const c of l.withTitle) expect(meet(c, l.title)).toBe(false);
    const shared = Math.min(l.title.y + l.title.h, face!.y + face!.h) - Math.max(l.title.y, face!.y);
    expect(shared, JSON.stringify(l)).toBeLessThan(face!.h / 3);
    // at its largest size it would cover more: the top of the face or its chin, between the top margin and the captions
    expect(l.title.h, JSON.stringify(l)).toBeLessThan(titleHeight({ lines: ["a", "b", "c"], fontSize: 64 } as TitleLook));
  });
});

describe("the faces the title card keeps off, measured where no face analysis ran (issue 41)", () => {
  const video = { width: 1280, height: 720 };
  const plan = (hook: boolean, layout?: "wide") => planClip({ start: 2, end: 10, text: "", score: 80 } as ScoredMoment, 0, { duration: 12, video } as ProbeResult, { lang: "en", words: [], segments: [], engine: "test" }, { aspect: "16:9", style: { hook_title: hook }, ...(layout ? { layout } : {}) });
  const o = { source: "unused.mp4", video, content: null, signal: new AbortController().signal, hasSpeech: true, words: [] };

  it("a 16:9 talking head kept whole in a 16:9 clip (automatic or fixed): the title's seconds are sampled, the faces kept as its opening faces", async () => {
    for (const fixed of [null, "wide"] as const) {
      const p = plan(true, fixed ?? undefined);
      const asked: { start: number; end: number; window: unknown }[] = [];
      const analyzeFaces = async (a: { start: number; end: number; window: unknown }) => (asked.push(a), { path: null, layout: "face_tracking" as const, samples: [{ t: 2.5, faces: [FACE] }], frame: video });
      await chooseLayouts([p], { analyzeFaces }, { ...o, fixed });
      expect(p.layout).toBe(fixed ?? "passthrough");
      expect(asked.map((a) => [a.start, a.end, a.window])).toEqual([[2, 2 + HOOK_TITLE_S + 0.5, { w: 1280, maxX: 0 }]]);
      expect(p.openingFaces).toEqual(FACE);
    }
  });

  it("without a hook title nothing is sampled", async () => {
    const p = plan(false);
    let asked = 0;
    await chooseLayouts([p], { analyzeFaces: async () => (asked++, { path: null, layout: "face_tracking" as const, samples: [], frame: video }) }, { ...o, fixed: null });
    expect(asked).toBe(0);
    expect(p.openingFaces).toBeNull();
  });
});
