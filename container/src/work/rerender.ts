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
import { AUTO_LAYOUT, keptSpans } from "@katto/protocol";
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
export async function retrackTrim(
  stored: StoredClip,
  job: RerenderJob,
  o: { source: string; video: { width: number; height: number }; signal: AbortSignal; faces?: LayoutDeps },
): Promise<StoredClip> {
  const analyzeFaces = o.faces?.analyzeFaces;
  if (job.metadata_start === undefined || !analyzeFaces || rerenderLayout(job.params.layout_mode, stored.layout) !== AUTO_LAYOUT) return stored;
  const { start, end } = job.clip;
  const picture = stored.content ? { width: stored.content.w, height: stored.content.h } : o.video;
  const speech = (job.words ?? []).filter((w) => w.end > start && w.start < end).map((w) => ({ start: w.start, end: w.end }));
  const sceneCuts = o.faces?.sceneChanges ? await o.faces.sceneChanges(o.source, { start, end, signal: o.signal }) : undefined;
  const faces = await analyzeFaces({ source: o.source, video: picture, content: stored.content, start, end, window: cropWindow(picture.width, picture.height), signal: o.signal, sceneCuts, speech });
  if (!faces.path) {
    log("info", "trim not re-tracked: no face followed over the new range; the moved path is kept", { rerender_id: job.rerender_id });
    return stored;
  }
  return { ...stored, cropPath: faces.path, faceBoxes: faceBoxesPerSecond(faces.samples, start, end), openingFaces: openingFaces(faces.samples, start) };
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
  const stored = await retrackTrim(moved, job, { source: src.path, video: info.video, signal, faces: o.faces });
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
    layoutMode: job.params.layout_mode,
    captionStyle: job.params.caption_style as CaptionStyleName | undefined,
    style: job.params.style,
    aspect: job.params.aspect,
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
  const covered = await coverForClip({ video: output, title: stored.title, look: titleLookStyle(job.brand_kit), timeline, output: join(dir, coverName), signal, fontsDir: o.encoder?.fontsDir, ids: { rerender_id: job.rerender_id, job_id: job.job_id } });
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
