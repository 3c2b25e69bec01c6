// A clip as Final Cut Pro XML 1.10 (issue 22), which Final Cut Pro, DaVinci Resolve and Premiere
// import. Structure as Apple documents it (developer.apple.com "FCPXML Reference"):
//   fcpxml > resources (format, asset > media-rep, effect) + library > event > project > sequence > spine
// Each kept piece of the clip is an `asset-clip` on the spine (offset on the sequence, start in the
// asset, duration, all rational seconds on the sequence's frame grid). The source keeps its own
// pixels (`adjust-conform type="none"`), and an `adjust-transform` with keyframed `position` and
// `scale` moves and scales it so the crop window fills the frame of the clip's shape; keyframe times are in the
// asset-clip's own time (source seconds). FCPXML positions are in percent of the frame height, y up,
// from the frame's centre (Apple's FCPXML reference, Animation: a position keyframe "-5 10" moves
// the frame "left 5 percent and up 10 percent of the project's height"). Captions and the hook title are `title`s (Basic Title) connected on
// lane 1 above the piece they fall in.
import { placementTimes, sourcePlacement } from "@katto/protocol";
import { num, projectFps, toFrames, toSeconds, xmlEscape, type Cue, type ExportProject } from "./timeline.js";

type WithFps = { fps: { num: number; den: number } };

export const FCPXML_VERSION = "1.10";
const BASIC_TITLE_UID = ".../Titles.localized/Bumper:Opener.localized/Basic Title.localized/Basic Title.moti";

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));

/** Rational seconds of `frames` frames at the timeline's rate: "1001/30000s", "4s", "0s". */
export function rationalFrames(frames: number, tl: WithFps): string {
  const n = frames * tl.fps.den;
  const d = tl.fps.num;
  if (n === 0) return "0s";
  const g = gcd(n, d);
  return d / g === 1 ? `${n / g}s` : `${n / g}/${d / g}s`;
}

/** Seconds, snapped to the frame grid, as a rational time. */
export const rationalTime = (seconds: number, tl: WithFps) => rationalFrames(toFrames(seconds, tl.fps), tl);

/** The transform that puts the source where sourcePlacement says at clip time t: FCPXML position (percent of frame height, y up) and scale. */
export function fcpTransform(p: ExportProject, t: number): { position: [number, number]; scale: number; scaleY: number } {
  const r = sourcePlacement(p.timeline, t);
  const { width: W, height: H } = p.timeline.frame;
  const cx = r.x + r.w / 2 - W / 2;
  const cy = r.y + r.h / 2 - H / 2;
  return { position: [(cx / H) * 100, (-cy / H) * 100], scale: r.w / p.sourceSize.width, scaleY: r.h / p.sourceSize.height };
}

function titleXml(cue: Cue, i: number, offset: string, duration: string, kind: "caption" | "title", tl: { frame: { height: number } }): string {
  const id = `ts${kind === "caption" ? "c" : "t"}${i}`;
  const y = kind === "caption" ? -30 : 32; // percent of frame height from the centre: the caption band, the title near the top
  return [
    `              <title ref="r4" lane="${kind === "caption" ? 1 : 2}" offset="${offset}" name="${xmlEscape(`${kind === "caption" ? "Caption" : "Title"}: ${cue.text.slice(0, 60)}`)}" start="0s" duration="${duration}">`,
    `                <param name="Position" key="9999/999166631/999166633/1/100/101" value="0 ${num((y / 100) * tl.frame.height, 1)}"/>`,
    `                <param name="Alignment" key="9999/999166631/999166633/2/354/999169573/401" value="1 (Center)"/>`,
    `                <text>`,
    `                  <text-style ref="${id}">${xmlEscape(cue.text)}</text-style>`,
    `                </text>`,
    `                <text-style-def id="${id}">`,
    `                  <text-style font="Helvetica" fontSize="${kind === "caption" ? 72 : 84}" fontFace="Bold" fontColor="1 1 1 1" bold="1" strokeColor="0 0 0 1" strokeWidth="4" alignment="center"/>`,
    `                </text-style-def>`,
    `              </title>`,
  ].join("\n");
}

/** The clip as an FCPXML 1.10 document. */
export function writeFcpxml(p: ExportProject): string {
  const clip = p.timeline;
  const tl = { fps: projectFps(p), frame: clip.frame };
  const { width: W, height: H } = tl.frame;
  const frameDuration = rationalFrames(1, tl);
  const total = toFrames(clip.duration, tl.fps);
  const assetFrames = toFrames(clip.source.end, tl.fps);
  const out: string[] = [];
  out.push(`<?xml version="1.0" encoding="UTF-8"?>`, `<!DOCTYPE fcpxml>`, `<fcpxml version="${FCPXML_VERSION}">`);
  out.push(
    `  <resources>`,
    `    <format id="r1" name="Katto ${W}x${H}" frameDuration="${frameDuration}" width="${W}" height="${H}" colorSpace="1-1-1 (Rec. 709)"/>`,
    `    <format id="r2" name="Source ${p.sourceSize.width}x${p.sourceSize.height}" frameDuration="${frameDuration}" width="${p.sourceSize.width}" height="${p.sourceSize.height}" colorSpace="1-1-1 (Rec. 709)"/>`,
    `    <asset id="r3" name="${xmlEscape(p.sourceName)}" start="0s" duration="${rationalFrames(assetFrames, tl)}" hasVideo="1" hasAudio="1" format="r2" videoSources="1" audioSources="1" audioChannels="2" audioRate="48000">`,
    `      <media-rep kind="original-media" src="${xmlEscape(mediaSrc(p.sourceRef))}"/>`,
    `    </asset>`,
    `    <effect id="r4" name="Basic Title" uid="${BASIC_TITLE_UID}"/>`,
    `  </resources>`,
  );
  out.push(
    `  <library>`,
    `    <event name="Katto">`,
    `      <project name="${xmlEscape(p.name)}">`,
    `        <sequence format="r1" duration="${rationalFrames(total, tl)}" tcStart="0s" tcFormat="NDF" audioLayout="stereo" audioRate="48k">`,
    `          <spine>`,
  );
  clip.pieces.forEach((piece, i) => {
    const len = piece.clip_end - piece.clip_start;
    const at = piece.clip_start;
    // the asset-clip's own time is source seconds: clip time c plays source second piece.source_start + (c - at)
    const asset = (c: number) => piece.source_start + (c - at);
    out.push(`            <asset-clip ref="r3" offset="${rationalTime(at, tl)}" name="${xmlEscape(`${p.name} (${i + 1})`)}" start="${rationalTime(piece.source_start, tl)}" duration="${rationalTime(len, tl)}" format="r2" tcFormat="NDF">`);
    out.push(`              <adjust-conform type="none"/>`);
    // each key on the frame grid, its value where the view is at that frame
    const firstFrame = toFrames(piece.source_start, tl.fps);
    const lastFrame = firstFrame + Math.max(0, toFrames(len, tl.fps) - 1);
    const keys = placementTimes(clip, at, piece.clip_end, at + toSeconds(firstFrame, tl.fps) - piece.source_start).map((t) => {
      // on a frame of this piece: a key rounded past its end would read the next piece's framing
      const frame = Math.min(lastFrame, Math.max(firstFrame, toFrames(asset(t), tl.fps)));
      return { time: rationalFrames(frame, tl), ...fcpTransform(p, at + (toSeconds(frame, tl.fps) - piece.source_start)) };
    });
    const first = keys[0]!;
    out.push(`              <adjust-transform position="${num(first.position[0], 4)} ${num(first.position[1], 4)}" scale="${num(first.scale, 5)} ${num(first.scaleY, 5)}">`);
    if (keys.length > 1) {
      out.push(`                <param name="position">`, `                  <keyframeAnimation>`);
      for (const k of keys) out.push(`                    <keyframe time="${k.time}" value="${num(k.position[0], 4)} ${num(k.position[1], 4)}"/>`);
      out.push(`                  </keyframeAnimation>`, `                </param>`);
      out.push(`                <param name="scale">`, `                  <keyframeAnimation>`);
      for (const k of keys) out.push(`                    <keyframe time="${k.time}" value="${num(k.scale, 5)} ${num(k.scaleY, 5)}"/>`);
      out.push(`                  </keyframeAnimation>`, `                </param>`);
    }
    out.push(`              </adjust-transform>`);
    // captions and the title whose start falls in this piece, placed in the asset-clip's time (source seconds)
    const inPiece = (c: Cue) => c.start >= at - 1e-6 && (c.start < at + len - 1e-6 || i === clip.pieces.length - 1);
    const place = (c: Cue) => ({ offset: rationalTime(asset(c.start), tl), duration: rationalFrames(Math.max(1, toFrames(c.end, tl.fps) - toFrames(c.start, tl.fps)), tl) });
    clip.captions.forEach((c, k) => {
      if (inPiece(c)) out.push(titleXml(c, k, place(c).offset, place(c).duration, "caption", tl));
    });
    const title = clip.overlays.title_card;
    if (title && inPiece(title)) out.push(titleXml(title, 0, place(title).offset, place(title).duration, "title", tl));
    out.push(`            </asset-clip>`);
  });
  out.push(`          </spine>`, `        </sequence>`, `      </project>`, `    </event>`, `  </library>`, `</fcpxml>`, ``);
  return out.join("\n");
}

/** media-rep src is a URL: an http(s) URL as it is, a relative file name percent-encoded (resolved against the .fcpxml's folder). */
function mediaSrc(ref: string): string {
  if (/^https?:\/\//i.test(ref) || /^file:/i.test(ref)) return ref;
  return ref.split("/").map(encodeURIComponent).join("/");
}
