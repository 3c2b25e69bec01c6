// A clip as an MLT XML project (issue 22), the format Shotcut and Kdenlive open and `melt` renders.
// Written for MLT 7 as Debian 12 ships it (7.12, which has no subtitle filter: captions are a track
// of text clips instead):
//  - a profile of the clip's shape (its HD frame: 1080x1920 for 9:16, 1920x1080 for 16:9) at its frame rate;
//  - the source as one `avformat` producer per kept piece of the clip's range, the whole file (no
//    in/out of its own), played by a playlist entry whose in and out are the piece's frames of the
//    source at the profile's rate;
//  - the crop path and zooms as keyframes of an `affine` filter's `transition.rect` on each
//    producer: where the whole source frame is drawn (output pixels) so that the clip timeline's
//    view fills the frame. The filter's in/out are the piece's frames too, so its keyframes count
//    frames from the piece's start (MLT positions a producer's filter at the frame's position minus
//    the filter's in). Issue 33 case 7: with in/out on the producer as well, melt counted the
//    entry's in from the producer's in, ran past its out and held the last frame, and the keys
//    were read beyond their span: a clip starting later in the source than its own length showed
//    the whole source stretched. Linear between keys, every frame of a zoom's eases keyed;
//  - captions (and the hook title) as a track of transparent `color` clips each carrying a
//    `dynamictext` filter (Shotcut's "Text: Simple"); B-roll as a track of the assets;
//  - tracks composited by `affine` transitions, audio by `mix`.
import { placementTimes, sourcePlacement } from "@katto/protocol";
import { num, projectFps, toFrames, toSeconds, xmlEscape, type Cue, type ExportProject } from "./timeline.js";

const prop = (name: string, value: string | number) => `<property name="${name}">${xmlEscape(String(value))}</property>`;

/** dynamictext reads #name# as a keyword (timecode, frame): a caption's own # is drawn as a full-width ＃. */
const plainText = (s: string) => s.replace(/#/g, "＃");

/** `transition.rect` keyframes of one piece (clip seconds [clip_start, clip_end]): frames from the piece start = "x y w h opacity". */
export function rectKeyframes(p: ExportProject, piece: { clip_start: number; clip_end: number }): string {
  const tl = p.timeline;
  const fps = projectFps(p);
  const from = piece.clip_start;
  const lastFrame = Math.max(0, toFrames(piece.clip_end - piece.clip_start, fps) - 1);
  // each key on a frame of the piece, its value where the view is at that frame
  const keys = placementTimes(tl, from, piece.clip_end).map((t) => {
    const f = Math.min(lastFrame, toFrames(t - from, fps));
    const r = sourcePlacement(tl, from + toSeconds(f, fps));
    return { f, v: `${num(r.x)} ${num(r.y)} ${num(r.w)} ${num(r.h)} 1` };
  });
  // one key per frame (the later wins)
  const byFrame = new Map<number, string>();
  for (const k of keys) byFrame.set(k.f, k.v);
  return [...byFrame.entries()].sort((a, b) => a[0] - b[0]).map(([f, v]) => `${f}=${v}`).join(";");
}

interface TrackItem {
  startFrame: number;
  frames: number;
  producerId: string;
}

/** A playlist placing items at their frames, with blanks between. */
function playlistXml(id: string, name: string, items: readonly TrackItem[], audio: boolean): string {
  const out = [`  <playlist id="${id}">`, `    ${prop("shotcut:video", 1)}`, `    ${prop("shotcut:name", name)}`];
  if (audio) out.push(`    ${prop("shotcut:audio", 1)}`);
  let at = 0;
  for (const it of [...items].sort((a, b) => a.startFrame - b.startFrame)) {
    const start = Math.max(at, it.startFrame);
    const frames = it.frames - (start - it.startFrame);
    if (frames <= 0) continue;
    if (start > at) out.push(`    <blank length="${start - at}"/>`);
    out.push(`    <entry producer="${it.producerId}" in="0" out="${frames - 1}"/>`);
    at = start + frames;
  }
  out.push("  </playlist>");
  return out.join("\n");
}

/** A transparent clip carrying one text: a caption in the lower band, or the title card near the top. */
function textProducer(id: string, cue: Cue, frames: number, p: ExportProject, kind: "caption" | "title"): string {
  const { width: W, height: H } = p.timeline.frame;
  const pad = Math.round(W * (60 / 1080));
  const boxH = Math.round(H * 0.2);
  const centreY = kind === "caption" ? H * 0.8 : H * 0.18;
  const geometry = `${pad} ${Math.round(centreY - boxH / 2)} ${W - 2 * pad} ${boxH}`;
  const size = Math.round(H * (kind === "caption" ? 72 : 84) / 1920);
  return [
    `  <producer id="${id}" in="0" out="${frames - 1}">`,
    `    ${prop("length", frames)}`,
    `    ${prop("eof", "pause")}`,
    `    ${prop("resource", "#00000000")}`,
    `    ${prop("mlt_service", "color")}`,
    `    ${prop("mlt_image_format", "rgba")}`,
    `    ${prop("shotcut:caption", `${kind}: ${cue.text.replace(/\s+/g, " ")}`)}`,
    `    <filter id="${id}-text">`,
    `      ${prop("mlt_service", "dynamictext")}`,
    `      ${prop("shotcut:filter", "dynamicText")}`,
    `      ${prop("argument", plainText(cue.text))}`,
    `      ${prop("geometry", geometry)}`,
    `      ${prop("family", "DejaVu Sans")}`,
    `      ${prop("size", size)}`,
    `      ${prop("weight", 700)}`,
    `      ${prop("style", "normal")}`,
    `      ${prop("fgcolour", "#ffffffff")}`,
    `      ${prop("bgcolour", "#00000000")}`,
    `      ${prop("olcolour", "#ff000000")}`,
    `      ${prop("outline", 4)}`,
    `      ${prop("pad", 0)}`,
    `      ${prop("halign", "center")}`,
    `      ${prop("valign", "middle")}`,
    `    </filter>`,
    `  </producer>`,
  ].join("\n");
}

/** The clip as an MLT XML document. */
export function writeMlt(p: ExportProject): string {
  const fps = projectFps(p);
  const total = Math.max(1, toFrames(p.timeline.duration, fps));
  const source = sourceProducers(p, fps);
  const overlays = overlayTracks(p, fps);
  return [...mltHeader(p, fps, total), ...source.xml, sourcePlaylist(source.video), ...overlays.xml, ...tractorXml(p, ["background", "playlist0", ...overlays.tracks], total), ``].join("\n");
}

/** The document's head: the profile (frame size, rate), the bin and the black background track. */
function mltHeader(p: ExportProject, fps: { num: number; den: number }, total: number): string[] {
  const { width: W, height: H } = p.timeline.frame;
  return [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<mlt LC_NUMERIC="C" version="7.12.0" title="${xmlEscape(p.name)}" producer="main_bin">`,
    `  <profile description="Katto ${W / gcd(W, H)}:${H / gcd(W, H)} ${W}x${H} ${num(fps.num / fps.den, 3)} fps" width="${W}" height="${H}" progressive="1" sample_aspect_num="1" sample_aspect_den="1" display_aspect_num="${W / gcd(W, H)}" display_aspect_den="${H / gcd(W, H)}" frame_rate_num="${fps.num}" frame_rate_den="${fps.den}" colorspace="709"/>`,
    `  <playlist id="main_bin">`,
    `    ${prop("xml_retain", 1)}`,
    `  </playlist>`,
    `  <producer id="black" in="0" out="${total - 1}">`,
    `    ${prop("length", total)}`,
    `    ${prop("eof", "pause")}`,
    `    ${prop("resource", "0")}`,
    `    ${prop("aspect_ratio", 1)}`,
    `    ${prop("mlt_service", "color")}`,
    `    ${prop("mlt_image_format", "rgba")}`,
    `    ${prop("set.test_audio", 0)}`,
    `  </producer>`,
    `  <playlist id="background">`,
    `    <entry producer="black" in="0" out="${total - 1}"/>`,
    `  </playlist>`,
  ];
}

/** The source, one producer per kept piece, each with its own crop keyframes; and where each piece sits. */
function sourceProducers(p: ExportProject, fps: { num: number; den: number }): { xml: string[]; video: { producerId: string; inF: number; frames: number }[] } {
  const xml: string[] = [];
  const video = p.timeline.pieces.map((piece, i) => {
    const inF = toFrames(piece.source_start, fps);
    const frames = Math.max(1, toFrames(piece.clip_end, fps) - toFrames(piece.clip_start, fps));
    const id = `source${i}`;
    xml.push(
      // the whole file: the playlist entry cuts the piece out of it (see the header)
      `  <producer id="${id}">`,
      `    ${prop("resource", p.sourceRef)}`,
      `    ${prop("mlt_service", "avformat")}`,
      `    ${prop("seekable", 1)}`,
      `    ${prop("shotcut:caption", p.sourceName)}`,
      `    ${prop("katto:source_start", num(piece.source_start))}`,
      `    ${prop("katto:source_end", num(piece.source_end))}`,
      // the filter's in/out are the piece's: its keyframes count frames from the piece's start
      `    <filter id="${id}-crop" in="${inF}" out="${inF + frames - 1}">`,
      `      ${prop("mlt_service", "affine")}`,
      `      ${prop("shotcut:filter", "affineSizePosition")}`,
      `      ${prop("background", "color:#00000000")}`,
      `      ${prop("transition.fill", 1)}`,
      `      ${prop("transition.distort", 1)}`,
      `      ${prop("transition.rect", rectKeyframes(p, piece))}`,
      `      ${prop("transition.threads", 0)}`,
      `    </filter>`,
      `  </producer>`,
    );
    return { producerId: id, inF, frames };
  });
  return { xml, video };
}

/** The B-roll, caption and title tracks that have something on them: their producers and playlists, and their names. */
function overlayTracks(p: ExportProject, fps: { num: number; den: number }): { xml: string[]; tracks: string[] } {
  const tl = p.timeline;
  const xml: string[] = [];
  const tracks: string[] = [];
  const brollItems: TrackItem[] = tl.overlays.broll.map((b, i) => {
    const frames = Math.max(1, toFrames(b.end - b.start, fps));
    xml.push(
      `  <producer id="broll${i}" in="0" out="${frames - 1}">`,
      `    ${prop("resource", b.asset)}`,
      `    ${prop("mlt_service", "avformat")}`,
      `    ${prop("shotcut:caption", `B-roll: ${b.asset}`)}`,
      `  </producer>`,
    );
    return { startFrame: toFrames(b.start, fps), frames, producerId: `broll${i}` };
  });
  if (brollItems.length) {
    xml.push(playlistXml("broll", "B-roll", brollItems, false));
    tracks.push("broll");
  }
  const captionItems: TrackItem[] = tl.captions.map((c, i) => {
    const frames = Math.max(1, toFrames(c.end, fps) - toFrames(c.start, fps));
    xml.push(textProducer(`caption${i}`, c, frames, p, "caption"));
    return { startFrame: toFrames(c.start, fps), frames, producerId: `caption${i}` };
  });
  if (captionItems.length) {
    xml.push(playlistXml("captions", "Captions", captionItems, false));
    tracks.push("captions");
  }
  if (tl.overlays.title_card) {
    const c = tl.overlays.title_card;
    const frames = Math.max(1, toFrames(c.end, fps) - toFrames(c.start, fps));
    xml.push(textProducer("title0", c, frames, p, "title"));
    xml.push(playlistXml("title", "Title", [{ startFrame: toFrames(c.start, fps), frames, producerId: "title0" }], false));
    tracks.push("title");
  }
  return { xml, tracks };
}

/** The tractor: the tracks stacked, the source's audio mixed, each upper track blended over the frame. */
function tractorXml(p: ExportProject, tracks: readonly string[], total: number): string[] {
  const { width: W, height: H } = p.timeline.frame;
  const out = [`  <tractor id="tractor0" title="${xmlEscape(p.name)}" in="0" out="${total - 1}">`, `    ${prop("shotcut", 1)}`];
  for (const t of tracks) out.push(`    <track producer="${t}"${t === "playlist0" ? "" : ` hide="audio"`}/>`);
  out.push(
    `    <transition id="mix1">`,
    `      ${prop("a_track", 0)}`,
    `      ${prop("b_track", 1)}`,
    `      ${prop("mlt_service", "mix")}`,
    `      ${prop("always_active", 1)}`,
    `      ${prop("sum", 1)}`,
    `    </transition>`,
  );
  for (let b = 1; b < tracks.length; b++) {
    out.push(
      `    <transition id="blend${b}">`,
      `      ${prop("a_track", 0)}`,
      `      ${prop("b_track", b)}`,
      `      ${prop("mlt_service", "affine")}`,
      `      ${prop("always_active", 1)}`,
      `      ${prop("fill", 1)}`,
      `      ${prop("distort", 1)}`,
      `      ${prop("rect", `0 0 ${W} ${H} 1`)}`,
      `    </transition>`,
    );
  }
  out.push(`  </tractor>`, `</mlt>`);
  return out;
}

/** The source track: the pieces end to end, each entry's in and out the piece's frames of the source. */
function sourcePlaylist(items: readonly { producerId: string; inF: number; frames: number }[]): string {
  const out = [`  <playlist id="playlist0">`, `    ${prop("shotcut:video", 1)}`, `    ${prop("shotcut:audio", 1)}`, `    ${prop("shotcut:name", "V1")}`];
  for (const it of items) out.push(`    <entry producer="${it.producerId}" in="${it.inF}" out="${it.inF + it.frames - 1}"/>`);
  out.push("  </playlist>");
  return out.join("\n");
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
