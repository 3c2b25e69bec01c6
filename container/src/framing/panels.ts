// Pure geometry of the multi-region layouts: split_screen (two people, one above the other),
// grid_3 (three rows), grid_4 (2x2) and stacked (face cam over gameplay). Every window lies
// inside the source frame and has the aspect of the band it fills, so nothing is letterboxed.
import type { PanelLayout } from "@katto/protocol";
import { normalizePath, type CropKeyframe } from "./crop-path.js";
import { clamp } from "@katto/protocol";

/** Where one panel looks: a centre in displayed source pixels, optionally moving over time. */
export interface PanelFocus {
  x: number;
  y: number;
  /** window width in source pixels; by default as wide as the people's spacing allows */
  w?: number;
  /** centre x over time (t from the clip start); overrides `x` when given */
  path?: readonly CropKeyframe[];
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A panel's source window (left edge along `path`) and its place in the output frame. */
export interface PanelCrop {
  w: number;
  h: number;
  y: number;
  maxX: number;
  /** left edge over time, clamped to [0, maxX] */
  path: CropKeyframe[];
  /** output cell */
  cell: Rect;
}

export type { PanelLayout } from "@katto/protocol";
export const PANEL_GRID: Record<PanelLayout, { cols: number; rows: number }> = {
  split_screen: { cols: 1, rows: 2 },
  grid_3: { cols: 1, rows: 3 },
  grid_4: { cols: 2, rows: 2 },
};

const evenDown = (n: number) => Math.max(2, 2 * Math.floor(n / 2));

/** Split `total` into `n` even lengths that sum to `total` (the last takes the remainder). */
export function splitEven(total: number, n: number): number[] {
  const each = evenDown(total / n);
  return Array.from({ length: n }, (_, i) => (i < n - 1 ? each : total - each * (n - 1)));
}

/**
 * The grid of a panel layout in a W x H frame: PANEL_GRID's rows on a vertical or square frame;
 * side by side (rows and columns swapped) on a landscape one (16:9), so each person keeps a panel
 * about as tall as wide either way.
 */
export function panelGrid(layout: PanelLayout, W: number, H: number): { cols: number; rows: number } {
  const g = PANEL_GRID[layout];
  return W > H ? { cols: g.rows, rows: g.cols } : g;
}

/** Output cells of a panel layout, row-major (left to right, top to bottom). */
export function panelCells(layout: PanelLayout, W: number, H: number): Rect[] {
  const { cols, rows } = panelGrid(layout, W, H);
  const ws = splitEven(W, cols);
  const hs = splitEven(H, rows);
  const cells: Rect[] = [];
  let y = 0;
  for (const h of hs) {
    let x = 0;
    for (const w of ws) {
      cells.push({ x, y, w, h });
      x += w;
    }
    y += h;
  }
  return cells;
}

/**
 * People evenly spaced across the frame: thirds for two, quarters for three; a little above mid
 * height, where heads are in a shot of people.
 */
export function defaultFoci(n: number, srcW: number, srcH: number): PanelFocus[] {
  return Array.from({ length: n }, (_, i) => ({ x: Math.round(((i + 1) * srcW) / (n + 1)), y: Math.round(srcH * 0.4) }));
}

/**
 * Source window for one panel: the cell's aspect, `focus.w` wide (else the frame width shared
 * among `n` people, or the full height if that is narrower), centred on the focus and kept inside
 * the frame.
 */
export function panelWindow(focus: PanelFocus, n: number, cell: Rect, srcW: number, srcH: number): PanelCrop {
  const aspect = cell.w / cell.h;
  let w = focus.w && focus.w > 0 ? focus.w : Math.min(srcW / n, srcH * aspect);
  w = Math.min(w, srcW, srcH * aspect);
  const h = evenDown(Math.min(srcH, w / aspect));
  w = evenDown(Math.min(srcW, h * aspect));
  const maxX = srcW - w;
  const y = 2 * Math.floor(clamp(focus.y - h / 2, 0, srcH - h) / 2);
  const centres = focus.path?.length ? focus.path : [{ t: 0, x: focus.x }];
  const path = normalizePath(centres.map((k) => ({ t: k.t, x: k.x - w / 2 })), maxX);
  return { w, h, y, maxX, path, cell };
}

/** All panels of a layout; missing or extra foci fall back to / are cut to the evenly spaced defaults. */
export function panelCrops(layout: PanelLayout, W: number, H: number, srcW: number, srcH: number, foci?: readonly PanelFocus[]): PanelCrop[] {
  const cells = panelCells(layout, W, H);
  const n = cells.length;
  const defaults = defaultFoci(n, srcW, srcH);
  return cells.map((cell, i) => panelWindow(foci?.[i] ?? defaults[i]!, n, cell, srcW, srcH));
}

/** Largest rect of `aspect` (w/h) centred inside `r`, with even sizes and offsets. */
export function fitAspect(r: Rect, aspect: number): Rect {
  let w = r.w;
  let h = w / aspect;
  if (h > r.h) {
    h = r.h;
    w = h * aspect;
  }
  const ew = evenDown(w);
  const eh = evenDown(h);
  return { x: 2 * Math.floor((r.x + (r.w - ew) / 2) / 2), y: 2 * Math.floor((r.y + (r.h - eh) / 2) / 2), w: ew, h: eh };
}

/** A rect clipped to the frame (at least 16x16 px). */
export function clampRect(r: Rect, srcW: number, srcH: number): Rect {
  const w = clamp(r.w, 16, srcW);
  const h = clamp(r.h, 16, srcH);
  return { x: clamp(r.x, 0, srcW - w), y: clamp(r.y, 0, srcH - h), w, h };
}

/** The usual face-cam spot of a gameplay stream: the top-right third-by-third of the frame. */
export function defaultFaceCam(srcW: number, srcH: number): Rect {
  const w = Math.round(srcW / 3);
  const h = Math.round(srcH / 3);
  return { x: srcW - w, y: 0, w, h };
}

export interface StackedCrops {
  cam: { src: Rect; cell: Rect };
  game: { src: Rect; cell: Rect };
}

/**
 * stacked: the face cam fills the top third (the left third of a landscape frame), the gameplay (the full frame) the rest; each source
 * region is trimmed to its band's aspect around its centre, so both fill their band.
 */
export function stackedCrops(W: number, H: number, srcW: number, srcH: number, faceCam?: Rect): StackedCrops {
  const cam = clampRect(faceCam ?? defaultFaceCam(srcW, srcH), srcW, srcH);
  // a landscape frame (16:9) puts the face cam in its left third, full height, the gameplay beside it
  const across = W > H;
  const [first, rest] = splitEven(across ? W : H, 3).reduce<[number, number]>((acc, n, i) => (i === 0 ? [n, 0] : [acc[0], acc[1] + n]), [0, 0]);
  const camCell = across ? { x: 0, y: 0, w: first, h: H } : { x: 0, y: 0, w: W, h: first };
  const gameCell = across ? { x: first, y: 0, w: rest, h: H } : { x: 0, y: first, w: W, h: rest };
  return {
    cam: { src: fitAspect(cam, camCell.w / camCell.h), cell: camCell },
    game: { src: fitAspect({ x: 0, y: 0, w: srcW, h: srcH }, gameCell.w / gameCell.h), cell: gameCell },
  };
}
