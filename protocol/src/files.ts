// Names both sides agree on: the files the backend PUTs under a job, and the id of the backend
// instance that renders one clip's HD file.

/** Names the backend may PUT under `files/` (docs/render-protocol.md). */
export const FILE_NAME_RE = /^[a-z0-9][a-z0-9._-]{0,80}$/;

/** Ids the backend accepts for jobs and re-renders: UUIDs and `rr_<hex>`, nothing path-like. */
export const TASK_ID_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export interface ClipFiles {
  preview: string;
  hd: string;
  srt: string;
  thumb: string;
}

/** The files of clip i: the 720p preview, the 1080p render, its captions and its thumbnail. */
export function clipFiles(i: number): ClipFiles {
  return { preview: `clip-${i}-preview.mp4`, hd: `clip-${i}.mp4`, srt: `clip-${i}.srt`, thumb: `clip-${i}.jpg` };
}

/** HD fan-out: clip i's source range, cut for its HD task. */
export const mezzanineFile = (i: number) => `clip-${i}-src.mp4`;

/** The backend instance (a container in production) that renders one clip's HD file. */
export const hdInstanceId = (jobId: string, clipIndex: number) => `${jobId}:hd:${clipIndex}`;
