// Everything a clip's render draws from its words and its style (issue 26), for every render path
// (previews, HD, re-renders): the ASS document (captions, key words, hook title), the SRT, the
// colour emoji images to overlay, and the `edits` the clip records. Pure except writeClipCaptions.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { clipFrame, noEdits, SCREEN_LAYOUT, type Aspect, type ClipEdits, type RenderLayout, type Style, type TranslatedCaptions } from "@katto/protocol";
import { type ImageOverlay, type Quality } from "../ffmpeg/args.js";
import type { Rect } from "../framing/panels.js";
import { assDocument, type AssExtras, type AssOptions } from "./ass.js";
import type { CaptionWord } from "./clip-words.js";
import { emojiImage } from "./emoji.js";
import type { CaptionStyle } from "./styles.js";
import { captionBand, captionEdits, emojiCentre, emojiSize, styleCaptions, styledSrt, type StyledCaptions } from "./styled.js";
import { translatedRanks } from "./translate.js";
import { namedFirst } from "./keywords.js";
import { titleAss, titleCardTime, titleHeight, titleWidth } from "./title-card.js";
import { faceRects, placeTitleCard, type TitleSpot } from "./title-place.js";
import { placeCaptions } from "./caption-place.js";

export interface ClipCaptionsInput {
  /** clip-relative words */
  words: readonly CaptionWord[];
  durationS: number;
  /** the burned-in caption style; null when the clip shows no captions */
  captionStyle: CaptionStyle | null;
  /** the kit's caption look (font, colours), which a hook title uses even without captions */
  look: CaptionStyle;
  style: Style;
  /** the clip's headline */
  title: string | null;
  layout: RenderLayout;
  /** the picture the layout frames (inside the bars), and the faces over its first seconds in it */
  picture: { width: number; height: number };
  openingFaces: Rect | null;
  faceCam?: Rect | null;
  /** the largest face per second (source pixels inside the bars), which the captions keep off; null or absent when not measured */
  faceBoxes?: readonly Rect[] | null;
  /** the clip's shape (issue 37): the captions' canvas is its HD frame (set on the caption styles) */
  aspect: Aspect;
  /**
   * style caption_language: the captions translated from the spoken `words` (./translate.ts); the
   * clip then shows these and its SRT holds them, and the spoken words make the second SRT
   */
  translated?: TranslatedCaptions | null;
  /** key words a chat model named for the clip (issue 42): emphasised first wherever they are spoken; absent or []: the captions' own */
  keyWords?: readonly string[];
}

/** An emoji to draw: its image and its centre on the caption canvas (the HD frame of the clip's shape). */
export interface PlacedEmoji {
  image: string;
  x: number;
  y: number;
  size: number;
  start: number;
  end: number;
}

export interface ClipCaptions {
  /** null when nothing is burned in (no captions and no title) */
  ass: string | null;
  srt: string;
  /** the SRT in the spoken language when the captions are translated, else null */
  srtOriginal: string | null;
  emoji: PlacedEmoji[];
  edits: ClipEdits;
}

export function clipCaptions(i: ClipCaptionsInput): ClipCaptions {
  const chosen = i.captionStyle ?? i.look;
  // the captions keep off the faces: on the seam between panels, beside a camera panel, off a single picture's face (caption-place.ts)
  const placed = i.captionStyle ? placeCaptions({ ...i, style: chosen, captionLines: i.style.caption_lines }) : {};
  const base: CaptionStyle = { ...chosen, ...placed };
  const tr = i.translated ?? null;
  const words: CaptionWord[] = tr ? tr.words.map((w) => ({ text: w.word, start: w.start, end: w.end })) : [...i.words];
  const sc = styleCaptions(words, base, i.style, i.durationS, tr ? translatedRanks(i.words, words, tr.to) : i.keyWords?.length ? namedFirst(words, i.keyWords) : undefined);
  const shown = i.captionStyle !== null;
  const edits: ClipEdits = { ...noEdits(), ...(shown ? captionEdits(sc) : {}) };
  const extras: AssExtras = { styles: [], events: [] };
  // the hook title reads in the captions' language
  const headline = (tr?.title ?? i.title)?.replace(/\s+/g, " ").trim();
  let early: AssOptions["early"];
  if (i.style.hook_title === true && headline) {
    const hook = hookTitle(i, headline, sc, shown && placed.anchorY !== undefined && i.layout !== SCREEN_LAYOUT);
    const title = titleAss(hook.spot.look, hook.spot, i.durationS);
    extras.styles.push(...title.styles);
    extras.events.push(...title.events);
    edits.title_card = { text: hook.spot.look.lines.join(" "), ...titleCardTime(i.durationS) };
    if (hook.early) early = { until: titleCardTime(i.durationS).end, style: hook.early };
  }
  const emoji = shown
    ? sc.emoji.flatMap((m) => {
        const image = emojiImage(m.emoji);
        if (!image) return [];
        const page = sc.pages[m.page]!;
        const c = emojiCentre(m, page, early && page.start < early.until ? early.style : sc.layoutStyle);
        return [{ image, x: c.x, y: c.y, size: emojiSize(sc.layoutStyle), start: m.start, end: m.end }];
      })
    : [];
  const ass = shown || extras.events.length ? assDocument(shown ? sc.pages : [], sc.layoutStyle, { durationS: i.durationS, early }, extras) : null;
  // the SRT is the pages burned in, cue for cue; the spoken-language SRT, burned nowhere, groups its
  // own words by the same style when it sets a grouping (its ranks play no part in an SRT)
  const srtOriginal = tr ? styledSrt(styleCaptions(i.words, base, { ...i.style, emphasis: undefined, emoji: undefined }, i.durationS), i.words, i.durationS, false) : null;
  return { ass, srt: styledSrt(sc, words, i.durationS, shown), srtOriginal, emoji, edits };
}

const meet = (a: Rect, b: Rect) => Math.min(a.x + a.w, b.x + b.w) > Math.max(a.x, b.x) && Math.min(a.y + a.h, b.y + b.h) > Math.max(a.y, b.y);
const cardRect = (s: TitleSpot): Rect => ({ x: s.x - titleWidth(s.look) / 2, y: s.y - titleHeight(s.look) / 2, w: titleWidth(s.look), h: titleHeight(s.look) });

/**
 * The hook title card's place (title-place.ts placeTitleCard: off the faces and the captions), and
 * where the caption pages shown while it is up go when the card needs their band: where the
 * captions, moved off the faces (`moved`), leave the card no spot clear of the faces (a 1:1 split screen, whose seam
 * between the two faces holds one of the two), the card takes the spot clear of the faces, and the
 * pages that start while it is up go where they cover the faces least, never under the card (an
 * opaque box over a face hides it; a caption line for those seconds only crosses it).
 */
function hookTitle(i: ClipCaptionsInput, headline: string, sc: StyledCaptions, moved: boolean): { spot: TitleSpot; early?: CaptionStyle } {
  const faces = faceRects(i.layout, i.picture, i.openingFaces, i.faceCam, i.look.canvas);
  const band = captionBand(sc, sc.layoutStyle);
  const spot = placeTitleCard(headline, i.look, faces, i.captionStyle && band ? [band] : []);
  if (!moved || !faces.some((f) => meet(cardRect(spot), f))) return { spot };
  const free = placeTitleCard(headline, i.look, faces, []);
  if (faces.some((f) => meet(cardRect(free), f))) return { spot };
  // the pages are laid out already: placed at their own line count, in the full width
  const unplaced: CaptionStyle = { ...sc.layoutStyle, anchorY: undefined };
  const at = placeCaptions({ ...i, style: unplaced, captionLines: unplaced.maxLines, avoid: [cardRect(free)] });
  return at.column ? { spot } : { spot: free, early: { ...unplaced, anchorY: at.anchorY } };
}

/** The emoji as overlays of a render's frame of the clip's shape (its HD canvas scaled to it). */
export function emojiOverlays(emoji: readonly PlacedEmoji[], quality: Quality, aspect: Aspect): ImageOverlay[] {
  const k = clipFrame(aspect, quality).width / clipFrame(aspect, "hd").width;
  return emoji.map((e) => {
    const size = Math.max(8, Math.round(e.size * k));
    return { path: e.image, x: Math.round(e.x * k - size / 2), y: Math.round(e.y * k - size / 2), size, start: e.start, end: e.end };
  });
}

/** The spoken-language SRT's name beside `<name>.srt` (@katto/protocol clipFiles srtOriginal). */
export const originalSrtName = (name: string) => `${name}-original.srt`;

/** Writes `<name>.srt` (and `<name>.ass` when anything is burned in, `<name>-original.srt` when translated) into dir. */
export async function writeClipCaptions(c: ClipCaptions, dir: string, name: string): Promise<{ assPath: string | null; srtPath: string; srtOriginalPath: string | null }> {
  const srtPath = join(dir, `${name}.srt`);
  await writeFile(srtPath, c.srt);
  let srtOriginalPath: string | null = null;
  if (c.srtOriginal !== null) {
    srtOriginalPath = join(dir, originalSrtName(name));
    await writeFile(srtOriginalPath, c.srtOriginal);
  }
  if (!c.ass) return { assPath: null, srtPath, srtOriginalPath };
  const assPath = join(dir, `${name}.ass`);
  await writeFile(assPath, c.ass);
  return { assPath, srtPath, srtOriginalPath };
}
