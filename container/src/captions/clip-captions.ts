// Everything a clip's render draws from its words and its style (issue 26), for every render path
// (previews, HD, re-renders): the ASS document (captions, key words, hook title), the SRT, the
// colour emoji images to overlay, and the `edits` the clip records. Pure except writeClipCaptions.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { clipFrame, noEdits, type Aspect, type ClipEdits, type RenderLayout, type Style, type TranslatedCaptions } from "@katto/protocol";
import { type ImageOverlay, type Quality } from "../ffmpeg/args.js";
import type { Rect } from "../framing/panels.js";
import { assDocument, type AssExtras } from "./ass.js";
import type { CaptionWord } from "./clip-words.js";
import { emojiImage } from "./emoji.js";
import type { CaptionStyle } from "./styles.js";
import { captionBand, captionEdits, emojiCentre, emojiSize, styleCaptions, styledSrt } from "./styled.js";
import { translatedRanks } from "./translate.js";
import { namedFirst } from "./keywords.js";
import { titleAss, titleCardTime } from "./title-card.js";
import { faceRects, placeTitleCard } from "./title-place.js";
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
  const base: CaptionStyle = i.captionStyle ? { ...chosen, ...placeCaptions({ ...i, style: chosen, captionLines: i.style.caption_lines }) } : chosen;
  const tr = i.translated ?? null;
  const words: CaptionWord[] = tr ? tr.words.map((w) => ({ text: w.word, start: w.start, end: w.end })) : [...i.words];
  const sc = styleCaptions(words, base, i.style, i.durationS, tr ? translatedRanks(i.words, words, tr.to) : i.keyWords?.length ? namedFirst(words, i.keyWords) : undefined);
  const shown = i.captionStyle !== null;
  const edits: ClipEdits = { ...noEdits(), ...(shown ? captionEdits(sc) : {}) };
  const extras: AssExtras = { styles: [], events: [] };
  // the hook title reads in the captions' language
  const headline = (tr?.title ?? i.title)?.replace(/\s+/g, " ").trim();
  if (i.style.hook_title === true && headline) {
    const band = shown ? captionBand(sc, sc.layoutStyle) : null;
    const spot = placeTitleCard(headline, i.look, faceRects(i.layout, i.picture, i.openingFaces, i.faceCam, i.look.canvas), band ? [band] : []);
    const title = titleAss(spot.look, spot, i.durationS);
    extras.styles.push(...title.styles);
    extras.events.push(...title.events);
    edits.title_card = { text: spot.look.lines.join(" "), ...titleCardTime(i.durationS) };
  }
  const emoji = shown
    ? sc.emoji.flatMap((m) => {
        const image = emojiImage(m.emoji);
        if (!image) return [];
        const c = emojiCentre(m, sc.pages[m.page]!, sc.layoutStyle);
        return [{ image, x: c.x, y: c.y, size: emojiSize(sc.layoutStyle), start: m.start, end: m.end }];
      })
    : [];
  const ass = shown || extras.events.length ? assDocument(shown ? sc.pages : [], sc.layoutStyle, { durationS: i.durationS }, extras) : null;
  // the spoken-language SRT groups its own words by the same style (its ranks play no part in an SRT)
  const srtOriginal = tr ? styledSrt(styleCaptions(i.words, base, { ...i.style, emphasis: undefined, emoji: undefined }, i.durationS), i.words, i.durationS) : null;
  return { ass, srt: styledSrt(sc, words, i.durationS), srtOriginal, emoji, edits };
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
