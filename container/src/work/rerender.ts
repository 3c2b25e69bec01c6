// Re-render one finished clip from its stored editing metadata (docs/render-protocol.md
// "Re-renders"): no new analysis, only the source range again, with another layout, caption style
// or dubbed audio, corrected captions, or another range (a trim). Result files are new versions;
// the Worker stores them under the re-render id. The stored clip is read in stored-clip.ts, its
// captions decided in rerender-captions.ts, and it is drawn and measured in stored-render.ts.
import type { Translator } from "../engines/translate/index.js";
import { originalSrtName } from "../captions/clip-captions.js";
import type { CallbackClient } from "../runtime/callback-client.js";
import { join } from "node:path";
import { titleLookStyle } from "../editing/clip-plan.js";
import { coverForClip } from "../delivery/cover.js";
import { StageError } from "../runtime/errors.js";
import { log } from "../runtime/log.js";
import type { RerenderJob } from "../runtime/protocol.js";
import { edgesAgainstSentences, type Edges } from "../quality/measures.js";
import { rerenderCaptions, spokenWords, type DubClip } from "./rerender-captions.js";
import { runWork, workDirPrefix, type WorkContext, type WorkOutcome } from "../runtime/run-work.js";
import { download } from "../analysis/download.js";
import { probe } from "../analysis/probe.js";
import type { Encoder } from "../rendering/render.js";
import type { CaptionStyleName } from "../captions/styles.js";
import { moveStoredClip, readStoredClip, type StoredClip } from "../delivery/stored-clip.js";
import { measureStoredRender, renderStoredClip, rerenderLayout, storedRenderCuts } from "../delivery/stored-render.js";
import { aspectRatio, AUTO_LAYOUT, FALLBACK_LAYOUT, isCamLayout, isCropLayout, keptSpans, type Aspect } from "@katto/protocol";
import { chooseLayout } from "../framing/choose-layout.js";
import { fixedSmallFace } from "../framing/face-cam.js";
import type { Layout } from "../ffmpeg/args.js";
import { openingFaces } from "../captions/title-place.js";
import { faceBoxesPerSecond } from "../editing/zoom-plan.js";
import { cropWindow } from "../framing/crop-path.js";
import type { LayoutDeps } from "../editing/layouts.js";

export type RerenderOutcome = WorkOutcome<{ status: "completed" }>;

export interface RerenderOptions {
  job: RerenderJob;
  signal: AbortSignal;
  client: CallbackClient;
  workRoot?: string;
  dub?: DubClip;
  /** the dub's translation engines, for style caption_language */
  translator?: Translator;
  maxBytes?: number;
  encoder?: Encoder;
  /** face tracking (the job's analysis deps): a trim of a face-tracked clip is tracked again over its new range */
  faces?: LayoutDeps;
}

/**
 * Pure: the stored clip on the task's range, and the edges measured there. A trim (the Worker
 * names where the stored clip started, `metadata_start`) rebuilds what depends on the range
 * (stored-clip.ts moveStoredClip) and measures its edges against the transcript's words; any other
 * re-render renders the stored range, whose edges were measured on the first render.
 */
export function clipForTask(job: RerenderJob): { stored: StoredClip; edges: Edges | undefined } {
  const stored = readStoredClip(job.clip.metadata);
  if (job.metadata_start === undefined) return { stored, edges: undefined };
  const moved = moveStoredClip(stored, job.metadata_start, job.clip.start, job.clip.end);
  const edges = job.words?.length ? edgesAgainstSentences(job.words, job.clip.start, job.clip.end) : undefined;
  return { stored: moved, edges };
}

/**
 * A trim of a face-tracked clip is tracked again over its new range (issue 33 task 3): the stored
 * path followed the face over the old range only, so moved it holds its last place wherever the new
 * range passes the old one. The face boxes and opening faces are the new range's too. The moved
 * clip stays as it is when the clip is not face-tracked, the backend has no face tracker, or no
 * face is followed over the new range.
 */
export async function retrackTrim(stored: StoredClip, job: RerenderJob, o: FaceTracking): Promise<StoredClip> {
  if (job.metadata_start === undefined || rerenderLayout(job.params.layout_mode, stored.layout) !== AUTO_LAYOUT) return stored;
  const tracked = await trackFaces(stored, job, o, job.aspect);
  if (!tracked) log("info", "trim not re-tracked: no face followed over the new range; the moved path is kept", { rerender_id: job.rerender_id });
  return tracked ?? stored;
}

/**
 * Pure: whether a re-render into another shape chooses the clip's framing anew. A layout chosen for
 * the old shape's fit (kept whole because the source was about that shape, or a crop window of that
 * shape) says nothing of the new one: a 4:3 source kept whole in 1:1 is letterboxed in 9:16, where
 * it is cropped around the speaker instead. A layout the request names, or a fixed one the clip
 * has (wide, panels, stacked, screen), is kept.
 */
export function reframesForShape(job: RerenderJob, stored: StoredClip): boolean {
  if (job.aspect === stored.aspect || job.params.layout_mode !== undefined) return false;
  return stored.layout === null || stored.layout === "passthrough" || isCropLayout(stored.layout);
}

/**
 * A re-render into another shape (reframesForShape): the layout the new shape gets when nothing is
 * named (framing/choose-layout.ts): kept whole when the source is about the new shape, else cropped
 * around the speaker, followed over the range as on a job's first render. When no face is followed
 * (or the backend has no face tracker), a cropped clip keeps its own path, moved to the new window;
 * a clip kept whole gets a center crop.
 */
export async function reframeForShape(stored: StoredClip, job: RerenderJob, o: FaceTracking): Promise<{ stored: StoredClip; layout: Layout | undefined }> {
  if (!reframesForShape(job, stored)) return { stored, layout: undefined };
  const aspect = job.aspect;
  const picture = stored.content ? { width: stored.content.w, height: stored.content.h } : o.video;
  if (chooseLayout(picture, null, false, aspect, stored.content !== null) === "passthrough") return { stored: { ...stored, cropPath: null }, layout: "passthrough" };
  const tracked = await trackFaces(stored, job, o, aspect);
  log("info", "re-render into another shape: framing chosen anew", { rerender_id: job.rerender_id, from: stored.layout, aspect, face_followed: tracked !== null });
  if (tracked) return { stored: tracked, layout: AUTO_LAYOUT };
  // no face followed over the range (or no tracker): a cropped clip keeps its own path, moved to the new window (stored-render.ts reshapedClip)
  if (stored.cropPath && stored.layout && isCropLayout(stored.layout)) return { stored, layout: stored.layout as Layout };
  return { stored: { ...stored, cropPath: null }, layout: FALLBACK_LAYOUT };
}

interface FaceTracking {
  source: string;
  video: { width: number; height: number };
  signal: AbortSignal;
  faces?: LayoutDeps;
}

/** The speaker followed over the task's range with a crop window of `aspect`: the stored clip with that path, its face boxes and opening faces, in that shape; null when no face is followed or no tracker is configured. */
async function trackFaces(stored: StoredClip, job: RerenderJob, o: FaceTracking, aspect: Aspect): Promise<StoredClip | null> {
  const analyzeFaces = o.faces?.analyzeFaces;
  if (!analyzeFaces) return null;
  const { start, end } = job.clip;
  const picture = stored.content ? { width: stored.content.w, height: stored.content.h } : o.video;
  const speech = (job.words ?? stored.words.map((w) => ({ ...w, start: w.start + start, end: w.end + start }))).filter((w) => w.end > start && w.start < end).map((w) => ({ start: w.start, end: w.end }));
  const window = cropWindow(picture.width, picture.height, aspectRatio(aspect));
  // the camera cuts at the scene changes the analysis finds in the range
  const faces = await analyzeFaces({ source: o.source, video: picture, content: stored.content, start, end, window, signal: o.signal, speech });
  if (!faces.path) return null;
  return { ...stored, aspect, cropPath: faces.path, faceBoxes: faceBoxesPerSecond(faces.samples, start, end), openingFaces: openingFaces(faces.samples, start) };
}

/**
 * A re-render into a face-cam layout (stacked, screen) of a clip whose first render found no cam
 * (it was face-tracked, say) looks for the cam over the clip's range — a small face that stays
 * put, framing/face-cam.ts fixedSmallFace — rather than assuming the top-right third of the source.
 */
export async function findFaceCam(stored: StoredClip, job: RerenderJob, o: FaceTracking): Promise<StoredClip> {
  const analyzeFaces = o.faces?.analyzeFaces;
  if (stored.faceCam || !analyzeFaces || !isCamLayout(rerenderLayout(job.params.layout_mode, stored.layout))) return stored;
  const { start, end } = job.clip;
  const picture = stored.content ? { width: stored.content.w, height: stored.content.h } : o.video;
  const faces = await analyzeFaces({ source: o.source, video: picture, content: stored.content, start, end, window: cropWindow(picture.width, picture.height, aspectRatio(job.aspect)), signal: o.signal });
  const cam = fixedSmallFace(faces.samples, picture)?.rect ?? null;
  log("info", cam ? "face cam found for the re-render" : "no face cam found: the renderer's default corner is used", { rerender_id: job.rerender_id, cam });
  return cam ? { ...stored, faceCam: cam } : stored;
}

/** The re-render's framing: a trim re-tracked, a new shape framed anew, a face cam found for a cam layout; `layout` is the one chosen anew, undefined when the clip's own holds. */
async function frameClip(moved: StoredClip, job: RerenderJob, tracking: FaceTracking): Promise<{ stored: StoredClip; layout: Layout | undefined }> {
  const { stored, layout } = await reframeForShape(await retrackTrim(moved, job, tracking), job, tracking);
  return { stored: await findFaceCam(stored, job, tracking), layout };
}

export async function runRerender(o: RerenderOptions): Promise<RerenderOutcome> {
  const { job } = o;
  return runWork({
    kind: "rerender",
    ids: { rerender_id: job.rerender_id, job_id: job.job_id },
    dirPrefix: workDirPrefix("rerender", job.rerender_id),
    workRoot: o.workRoot,
    signal: o.signal,
    client: o.client,
    stage: "downloading",
    userMessage: (stage) => `re-render failed while ${stage}`,
    failedEvent: ({ error }) => ({ type: "failed", error }),
    body: (ctx) => rerenderBody(o, ctx),
  });
}

async function rerenderBody(o: RerenderOptions, ctx: WorkContext): Promise<{ status: "completed" }> {
  const { job, signal, client } = o;
  const { dir } = ctx;
  await client.event({ type: "progress", pct: 1 });
  const { stored: moved, edges } = clipForTask(job);
  const src = await download(job.source.url, dir, { signal, maxBytes: o.maxBytes ?? 20 * 1024 ** 3 });
  ctx.stage = "probing";
  const info = await probe(src.path, { signal, fileSize: src.bytes });
  if (!info.video) throw new StageError("probing", "source has no video stream");
  const { stored, layout: reframed } = await frameClip(moved, job, { source: src.path, video: info.video, signal, faces: o.faces });
  await client.event({ type: "progress", pct: 20 });

  // the clip timeline's cuts first: a dub is voiced on its kept pieces, and the render cuts by the same ones
  const style = job.params.style ?? stored.style;
  const cuts = await storedRenderCuts({ source: src.path, probe: info, start: job.clip.start, end: job.clip.end, stored, signal, words: spokenWords(job, stored), style });
  const { words, translated, audioTracks } = await rerenderCaptions(job, stored, {
    sourcePath: src.path,
    keep: keptSpans(job.clip.end - job.clip.start, cuts),
    dir,
    signal,
    dub: o.dub,
    translator: o.translator,
    ctx,
    progress: async (pct) => void (await client.event({ type: "progress", pct })),
  });

  ctx.stage = "rendering";
  const name = `clip-${job.clip_index}`;
  const { output, srtPath, srtOriginalPath, layout, duration, edits, words: shown, timeline } = await renderStoredClip({
    source: src.path,
    probe: info,
    start: job.clip.start,
    end: job.clip.end,
    stored,
    words,
    translated,
    audioTracks,
    cuts,
    layoutMode: job.params.layout_mode ?? reframed,
    captionStyle: job.params.caption_style as CaptionStyleName | undefined,
    style: job.params.style,
    aspect: job.aspect,
    broll: job.broll,
    brandKit: job.brand_kit,
    dir,
    name,
    signal,
    jobId: job.job_id,
    encoder: o.encoder,
  });

  ctx.stage = "checking";
  const shipped = { srtPath, timeline, source: { path: src.path, start: job.clip.start, end: job.clip.end, picture: info.video! } };
  // the transcript's words around the range (a trim, a refresh) or the clip's own: the source speaks (found by the combination matrix: a trim over a pause was delivered unflagged)
  const sourceSpeaks = (job.words?.length ?? 0) > 0 || stored.words.length > 0;
  const quality = await measureStoredRender({ output, layout, aspect: timeline.aspect, words: shown, stored, edges, signal, shipped, sourceSpeaks });
  // the new version's cover, from its own file (its layout, captions and shape)
  const coverName = `${name}-cover.jpg`;
  const covered = await coverForClip({ video: output, title: stored.title, look: titleLookStyle(job.brand_kit, job.aspect), timeline, output: join(dir, coverName), signal, fontsDir: o.encoder?.fontsDir, ids: { rerender_id: job.rerender_id, job_id: job.job_id } });
  ctx.stage = "uploading";
  await client.putFile(`${name}.mp4`, output, "video/mp4");
  if (covered) await client.putFile(coverName, join(dir, coverName), "image/jpeg");
  await client.putFile(`${name}.srt`, srtPath, "application/x-subrip");
  if (srtOriginalPath) await client.putFile(originalSrtName(name), srtOriginalPath, "application/x-subrip");
  await client.event({
    type: "completed",
    file: `${name}.mp4`,
    captions_file: `${name}.srt`,
    ...(srtOriginalPath ? { captions_original_file: originalSrtName(name) } : {}),
    duration: Math.round(duration * 1000) / 1000,
    style,
    edits,
    quality,
    timeline,
    ...(covered ? { cover_file: coverName, cover_time: covered.time } : {}),
  });
  log("info", "rerender completed", { rerender_id: job.rerender_id, layout });
  return { status: "completed" };
}
