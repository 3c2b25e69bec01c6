// Names both sides agree on: the files the backend PUTs under a job, and the id of the backend
// instance that renders one clip's HD file or rendition.
import { clipFrame, type Aspect } from "./vocabularies.js";

/** Names the backend may PUT under `files/` (docs/render-protocol.md). */
export const FILE_NAME_RE = /^[a-z0-9][a-z0-9._-]{0,80}$/;

/** Ids the backend accepts for jobs and re-renders: UUIDs and `rr_<hex>`, nothing path-like. */
export const TASK_ID_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export interface ClipFiles {
  preview: string;
  hd: string;
  srt: string;
  /** the SRT in the spoken language, when the captions were translated (style caption_language) */
  srtOriginal: string;
  thumb: string;
  /** the cover image made from the preview (issue 37), then the one made from the HD file */
  coverPreview: string;
  cover: string;
}

/** The files of clip i: the 720p preview, the 1080p render, its captions, its thumbnail and its covers. */
export function clipFiles(i: number): ClipFiles {
  return { preview: `clip-${i}-preview.mp4`, hd: `clip-${i}.mp4`, srt: `clip-${i}.srt`, srtOriginal: `clip-${i}-original.srt`, thumb: `clip-${i}.jpg`, coverPreview: `clip-${i}-preview-cover.jpg`, cover: `clip-${i}-cover.jpg` };
}

/** HD fan-out: clip i's source range, cut for its HD task. */
export const mezzanineFile = (i: number) => `clip-${i}-src.mp4`;

/** The backend instance (a container in production) that renders one clip's HD file. */
export const hdInstanceId = (jobId: string, clipIndex: number) => `${jobId}:hd:${clipIndex}`;

/** Clip i re-scaled for a platform (e.g. `clip-0-720x1280.mp4`), RenditionTask. */
export const renditionFile = (i: number, size: { width: number; height: number }) => `clip-${i}-${size.width}x${size.height}.mp4`;

/** The backend instance that makes one clip's rendition of one size. */
export const renditionInstanceId = (jobId: string, clipIndex: number, size: { width: number; height: number }) => `${jobId}:rendition:${clipIndex}:${size.width}x${size.height}`;

/**
 * The frame of a clip file of shape `aspect`, read from its name: a rendition's
 * size is in its name, a preview is the shape's preview frame (540x960 for 9:16), every other clip
 * file (the HD render, a re-render) the shape's HD frame (1080x1920).
 */
export function clipFrameOf(name: string, aspect: Aspect): { width: number; height: number } {
  const m = /-(\d{2,4})x(\d{2,4})\.mp4$/.exec(name);
  if (m) return { width: Number(m[1]), height: Number(m[2]) };
  return clipFrame(aspect, name.endsWith("-preview.mp4") ? "preview" : "hd");
}
