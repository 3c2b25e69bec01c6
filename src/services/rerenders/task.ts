// The re-render task of a queued re-render (docs/render-protocol.md "Re-renders"): the clip's
// range and stored editing metadata, the requested changes, the account's brand kit, and a
// callback token of its own.
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { clips, jobs, rerenders, transcripts } from "../../db/schema";
import { recordedAspect, resolveStyle, type RerenderParams, type Style, type TranscriptWord } from "@katto/protocol";
import type { Env } from "../../env";
import { callbackFor, jobSourceUrl } from "../../render-backend/callbacks";
import type { BackendTask } from "../../render-backend/send-task";
import { defaultBrandKit } from "../render/brand-kit";
import { failRerender } from "./events";
import { taskBroll } from "../broll/task";
import { jobAspect } from "../jobs/aspect";

/** Words this far around a trimmed range go with its task: what its edges are measured against. */
const TRIM_WORD_MARGIN_S = 5;

/** The task of a re-render still queued, or null (a redelivery of one already handed over). */
export async function rerenderTask(env: Env, rid: string): Promise<BackendTask | null> {
  const r = await drizzle(env.DB)
    .select({
      jobId: rerenders.jobId, clipIndex: rerenders.clipIndex, status: rerenders.status, params: rerenders.params, trimStart: rerenders.startS, trimEnd: rerenders.endS,
      metadata: clips.metadata, startS: clips.startS, endS: clips.endS, source: jobs.source, sourceUrl: jobs.sourceUrl, accountId: jobs.accountId, jobAspect: jobs.aspect, words: transcripts.words, revision: transcripts.revision, lang: transcripts.lang,
    })
    .from(rerenders)
    .innerJoin(clips, and(eq(clips.jobId, rerenders.jobId), eq(clips.clipIndex, rerenders.clipIndex)))
    .innerJoin(jobs, eq(jobs.id, rerenders.jobId))
    .leftJoin(transcripts, eq(transcripts.jobId, rerenders.jobId))
    .where(eq(rerenders.id, rid))
    .get();
  if (!r || r.status !== "queued") return null;
  const upload = r.source === "upload";
  const metadata = JSON.parse(r.metadata ?? "{}") as { style?: Style; aspect?: unknown; timeline?: unknown };
  const params = JSON.parse(r.params) as RerenderParams & { captions?: "refresh"; trim?: true };
  const trimmed = r.trimStart !== null && r.trimEnd !== null;
  const start = r.trimStart !== null && r.trimEnd !== null ? r.trimStart : r.startS;
  const end = r.trimStart !== null && r.trimEnd !== null ? r.trimEnd : r.endS;
  // The corrected words (issue 22) replace the stored caption words whenever they may differ from
  // them: after a correction, on a captions refresh, and over a trimmed range.
  const useTranscript = r.words !== null && ((r.revision ?? 0) > 0 || params.captions === "refresh" || trimmed);
  // a trim's edges are measured again against the sentences around it, so its words reach past it
  const margin = trimmed ? TRIM_WORD_MARGIN_S : 0;
  const words = useTranscript ? wordsInRange(JSON.parse(r.words!) as TranscriptWord[], start - margin, end + margin) : undefined;
  const { captions: _captions, trim: _trim, ...renderParams } = params;
  const style = renderParams.style ? resolveStyle(metadata.style, renderParams.style) : undefined;
  // B-roll assets go with a re-render that places cutaways anew: one that changes the clip's B-roll
  // source, and a trim (its cutaways are placed on the new range's words)
  const rendered = style ?? metadata.style;
  const broll = (style && style.broll !== metadata.style?.broll) || trimmed ? await taskBroll(env, r.accountId, rendered) : undefined;
  return {
    kind: "rerender",
    body: {
      rerender_id: rid,
      job_id: r.jobId,
      clip_index: r.clipIndex,
      source: { url: upload ? await jobSourceUrl(env, r.jobId) : r.sourceUrl, kind: upload ? "upload" : "url" },
      clip: { start, end, metadata },
      // a new style changes the clip's own field by field; without one the backend keeps the stored style
      params: style ? { ...renderParams, style } : renderParams,
      // the new version's shape: the one asked for, else the clip's own (its stored one, else its job's)
      aspect: renderParams.aspect ?? recordedAspect(metadata) ?? jobAspect(r.jobAspect),
      ...(words ? { words } : {}),
      // what captions are translated from (caption_language, dub): a few words can mislead language detection
      ...(r.lang ? { lang: r.lang } : {}),
      ...(trimmed ? { metadata_start: r.startS } : {}),
      brand_kit: await defaultBrandKit(env.DB, r.accountId),
      callback: await callbackFor(env, rid),
      ...(broll ? { broll } : {}),
    },
  };
}

/** The re-render's task could not be handed over (after the last attempt, or refused as invalid). */
export async function failUnsentRerender(env: Env, rid: string, refusal?: string): Promise<void> {
  await failRerender(env, rid, refusal ? `The re-render could not be started: ${refusal}` : "The render backend could not be reached. Please retry.");
}

/** The words that overlap [start, end) of the source (the backend clamps them into the clip). */
export const wordsInRange = (words: readonly TranscriptWord[], start: number, end: number) => words.filter((w) => w.end > start && w.start < end);
