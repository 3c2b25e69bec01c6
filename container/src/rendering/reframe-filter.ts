// The video part of a render's filtergraph: the layout's reframe of the source (moving crops and
// their sendcmd script, panels, the stacked face cam, the whole picture over its blur), the picture
// inside the source's bars, and the watermark's place.
import { AUTO_LAYOUT, FALLBACK_LAYOUT, WHOLE_PICTURE_LAYOUT, aspectRatio } from "@katto/protocol";
import { cropTimeline, cropWindow, cropXAt, normalizePath, type CropKeyframe, type CropTimeline } from "../framing/crop-path.js";
import { defaultFaceCam, panelCrops, panelGrid, stackedCrops, type PanelLayout, type Rect } from "../framing/panels.js";
import { screenCrops, type ScreenPanel } from "../framing/screen-panels.js";
import { mapPath } from "../editing/timeline.js";
import { escapeFilterValue } from "../ffmpeg/args.js";
import { even, num } from "../ffmpeg/filter-values.js";
import { cutSpans, type RenderSpec } from "./render-spec.js";

/**
 * A crop window whose left edge follows a path: the crop filter named `target` starts on the
 * path's first segment, and a sendcmd filter upstream moves it on (cropCommands).
 */
interface MovingCrop {
  target: string;
  w: number;
  h: number;
  y: number;
  timeline: CropTimeline;
  /** a panel's place in the output frame */
  cell?: Rect;
}

const movingCrop = (target: string, w: number, h: number, y: number, path: readonly CropKeyframe[], cell?: Rect): MovingCrop => ({ target, w, h, y, timeline: cropTimeline(path), cell });

const cropFilter = (c: MovingCrop) => `crop@${c.target}=w=${c.w}:h=${c.h}:x='${c.timeline.initial}':y=${c.y}`;

/** A path on the cut timeline when the spec cuts. */
function onCutTimeline(spec: Partial<Pick<RenderSpec, "keep" | "duration">>): (path: CropKeyframe[], maxX: number) => CropKeyframe[] {
  const spans = cutSpans(spec);
  return (path, maxX) => (spans ? normalizePath(mapPath(path, spans, (t) => cropXAt(path, t)), maxX) : path);
}

type CropLayoutSpec = Pick<RenderSpec, "cropPath" | "source" | "aspect"> & Partial<Pick<RenderSpec, "keep" | "duration">>;

/**
 * The path a crop layout's window follows on the output's clock (clip seconds, after the cuts), in
 * the frame it crops: what the graph's crop and sendcmd are written from.
 */
export function renderedCropPath(spec: CropLayoutSpec): CropKeyframe[] {
  const win = cropWindow(spec.source.width, spec.source.height, aspectRatio(spec.aspect));
  const path = normalizePath(spec.cropPath?.length ? spec.cropPath : [{ t: 0, x: win.maxX / 2 }], win.maxX);
  return onCutTimeline(spec)(path, win.maxX);
}

/** A crop layout's one moving window, in the frame it crops (the picture inside the bars when there are bars), of the clip's shape. */
function cropLayoutCrop(spec: CropLayoutSpec): MovingCrop {
  // the shape's exact ratio, not width / height (a 4:5 preview is 540x676): the window the plan and timeline hold
  const win = cropWindow(spec.source.width, spec.source.height, aspectRatio(spec.aspect));
  return movingCrop("cx", win.w, win.h, win.y, renderedCropPath(spec));
}

/** A panel layout's moving crops, one per panel, each into its cell. */
function panelMovingCrops(layout: PanelLayout, spec: Pick<RenderSpec, "panels" | "source" | "width" | "height"> & Partial<Pick<RenderSpec, "keep" | "duration">>): MovingCrop[] {
  const cut = onCutTimeline(spec);
  return panelCrops(layout, spec.width, spec.height, spec.source.width, spec.source.height, spec.panels).map((p, i) => movingCrop(`p${i}`, p.w, p.h, p.y, cut(p.path, p.maxX), p.cell));
}

/** The layout's moving crops (none for the layouts that do not move). */
function movingCrops(spec: RenderSpec): MovingCrop[] {
  switch (spec.layout) {
    case FALLBACK_LAYOUT:
    case AUTO_LAYOUT:
      return [cropLayoutCrop(spec)];
    case "split_screen":
    case "grid_3":
    case "grid_4":
      return panelMovingCrops(spec.layout, spec);
    default:
      return [];
  }
}

/**
 * The sendcmd script that moves every crop along its path: one line per change, at its time (seconds
 * of the clip, the frames' own timestamps, which the crops' `t` also reads). Empty when nothing moves
 * past its first segment, then the graph has no sendcmd.
 */
export function cropCommands(spec: RenderSpec): string {
  const crops = movingCrops(framingSpec(spec));
  return crops.flatMap((c) => c.timeline.changes.map((ch) => `${num(ch.t)} crop@${c.target} x '${ch.x}';`)).join("\n");
}


/** `[0:v:0]` followed by the sendcmd that moves the crops, when any moves. */
function sourceWithCommands(spec: Pick<RenderSpec, "commandsPath">, crops: readonly MovingCrop[]): string {
  if (!crops.some((c) => c.timeline.changes.length)) return "[0:v:0]";
  if (!spec.commandsPath) throw new Error("a crop path that moves needs commandsPath, the file its sendcmd script is written to");
  return `[0:v:0]sendcmd=f=${escapeFilterValue(spec.commandsPath)},`;
}

/** crop + scale of one panel's moving window into its cell, [in] -> [out]. */
function panelChain(c: MovingCrop, input: string, output: string): string {
  return `[${input}]${cropFilter(c)},scale=${c.cell!.w}:${c.cell!.h},setsar=1[${output}]`;
}

/** Fixed source rect scaled into a cell, [in] -> [out]. */
function rectChain(src: Rect, cell: Rect, input: string, output: string): string {
  return `[${input}]crop=w=${src.w}:h=${src.h}:x=${src.x}:y=${src.y},scale=${cell.w}:${cell.h},setsar=1[${output}]`;
}

/** split_screen / grid_3 / grid_4: one crop per panel from one decoded stream, stacked in rows. */
export function panelFilter(layout: PanelLayout, spec: Pick<RenderSpec, "panels" | "source" | "width" | "height" | "commandsPath"> & Partial<Pick<RenderSpec, "keep" | "duration">>): string {
  const crops = panelMovingCrops(layout, spec);
  const n = crops.length;
  const parts = [`${sourceWithCommands(spec, crops)}split=${n}${crops.map((_, i) => `[s${i}]`).join("")}`, ...crops.map((c, i) => panelChain(c, `s${i}`, `p${i}`))];
  if (layout === "grid_4") {
    parts.push(`[p0][p1]hstack=inputs=2[r0]`, `[p2][p3]hstack=inputs=2[r1]`, `[r0][r1]vstack=inputs=2,setsar=1[framed]`);
  } else {
    // one row of panels on a landscape frame, one column otherwise (../framing/panels.ts panelGrid)
    const stack = panelGrid(layout, spec.width, spec.height).rows === 1 ? "hstack" : "vstack";
    parts.push(`${crops.map((_, i) => `[p${i}]`).join("")}${stack}=inputs=${n},setsar=1[framed]`);
  }
  return parts.join(";");
}

/** stacked: face cam over the top third, gameplay below. */
export function stackedFilter(spec: Pick<RenderSpec, "faceCam" | "source" | "width" | "height">): string {
  const c = stackedCrops(spec.width, spec.height, spec.source.width, spec.source.height, spec.faceCam);
  return [
    `[0:v:0]split=2[cams][games]`,
    rectChain(c.cam.src, c.cam.cell, "cams", "cam"),
    rectChain(c.game.src, c.game.cell, "games", "game"),
    `[cam][game]${c.cam.cell.h === spec.height ? "hstack" : "vstack"}=inputs=2,setsar=1[framed]`,
  ].join(";");
}

/** A fixed source rect scaled to `place` and padded with black to its cell, [in] -> [out]. */
function placedChain(p: ScreenPanel, input: string, output: string): string {
  const pad = p.place.w === p.cell.w && p.place.h === p.cell.h ? "" : `,pad=${p.cell.w}:${p.cell.h}:${p.place.x - p.cell.x}:${p.place.y - p.cell.y}:color=black`;
  return `[${input}]crop=w=${p.src.w}:h=${p.src.h}:x=${p.src.x}:y=${p.src.y},scale=${p.place.w}:${p.place.h},setsar=1${pad}[${output}]`;
}

/** screen: the screen (the source minus the cam corner) whole on top (left on 16:9), the face cam in its own panel. */
export function screenFilter(spec: Pick<RenderSpec, "faceCam" | "source" | "width" | "height">): string {
  const c = screenCrops(spec.width, spec.height, spec.source.width, spec.source.height, spec.faceCam ?? defaultFaceCam(spec.source.width, spec.source.height));
  return [
    `[0:v:0]split=2[screens][cams]`,
    placedChain(c.screen, "screens", "screen"),
    placedChain(c.cam, "cams", "cam"),
    `[screen][cam]${c.across ? "hstack" : "vstack"}=inputs=2,setsar=1[framed]`,
  ].join(";");
}

/** Video part of the filtergraph for a layout: [0:v:0] -> W x H frames labelled [framed]. */
export function reframeFilter(spec: Pick<RenderSpec, "layout" | "cropPath" | "panels" | "faceCam" | "source" | "width" | "height" | "commandsPath" | "aspect"> & Partial<Pick<RenderSpec, "keep" | "duration">>): string {
  const { width: W, height: H } = spec;
  switch (spec.layout) {
    case WHOLE_PICTURE_LAYOUT: {
      // Whole frame fitted to the width over a blurred fill of itself. The blur runs at quarter
      // size: a 1080x1920 boxblur costs more than the encode.
      const bw = even(W / 4);
      const bh = even(H / 4);
      return [
        `[0:v:0]split=2[bgsrc][fgsrc]`,
        `[bgsrc]scale=${bw}:${bh}:force_original_aspect_ratio=increase,crop=${bw}:${bh},boxblur=8:2,scale=${W}:${H}[bg]`,
        `[fgsrc]scale=${W}:${H}:force_original_aspect_ratio=decrease,setsar=1[fg]`,
        `[bg][fg]overlay=(W-w)/2:(H-h)/2,setsar=1[framed]`,
      ].join(";");
    }
    case FALLBACK_LAYOUT:
    case AUTO_LAYOUT: {
      const crop = cropLayoutCrop(spec);
      return `${sourceWithCommands(spec, [crop])}${cropFilter(crop)},scale=${W}:${H},setsar=1[framed]`;
    }
    case "passthrough":
      return `[0:v:0]scale=${W}:${H}:force_original_aspect_ratio=decrease,pad=${W}:${H}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1[framed]`;
    case "split_screen":
    case "grid_3":
    case "grid_4":
      return panelFilter(spec.layout, spec);
    case "stacked":
      return stackedFilter(spec);
    case "screen":
      return screenFilter(spec);
  }
}

/**
 * Where a watermark goes: top-left, at the safe margin (80 px of 1080) and below the top 10%
 * (the apps' status and tab bars), at most 15% of the width and ending above the caption band
 * (25% of the height), so it never meets a caption.
 */
export function watermarkBox(W: number, H: number): Rect {
  return { x: even(W * (80 / 1080)), y: even(H * 0.1), w: even(W * 0.15), h: even(H * 0.12) };
}

/** [framed] + watermark input -> [marked]: the PNG fitted into watermarkBox, alpha kept. */
export function watermarkFilter(input: number, W: number, H: number, under = "framed"): string {
  const b = watermarkBox(W, H);
  return [
    `[${input}:v:0]scale=${b.w}:${b.h}:force_original_aspect_ratio=decrease,format=rgba[wm]`,
    `[${under}][wm]overlay=x=${b.x}:y=${b.y}:eof_action=repeat:format=yuv420[marked]`,
  ].join(";");
}

/** The spec as the layout sees it: the source is the picture inside the bars when it has any. */
function framingSpec(spec: RenderSpec): RenderSpec {
  const c = spec.content;
  return c ? { ...spec, source: { ...spec.source, width: c.w, height: c.h } } : spec;
}

/** The layout's filter, on the picture inside the bars when the source has any. */
export function contentFilter(spec: RenderSpec): string[] {
  const c = spec.content;
  if (!c) return [reframeFilter(spec)];
  const inner = reframeFilter(framingSpec(spec)).replaceAll("[0:v:0]", "[content]");
  return [`[0:v:0]crop=${c.w}:${c.h}:${c.x}:${c.y},setsar=1[content]`, inner];
}
