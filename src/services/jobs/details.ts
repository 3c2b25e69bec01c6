// Everything the dashboard's job page shows, read with the same ownership check as GET /jobs/{id}:
// ranked clips with their score breakdown and justification (stored per clip, not in the API's
// clip shape), and the re-render versions of each clip.
import { desc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { clips, rerenders } from "../../db/schema";
import { ClipEditsSchema, DEFAULT_ASPECT, recordedAspect, type StockCredit } from "@katto/protocol";
import { workerConfig } from "../../config";
import { fileUrl, jobFileKey } from "../../storage/keys";
import type { AccountContext } from "../context";
import { requireScope } from "../auth/keys";
import { loadOwnJob } from "./read";
import { chosenByView, jobView, postCopyView, qualityView, rankClips } from "./view";

export interface Subscores {
  hook?: number;
  flow?: number;
  value?: number;
  trend?: number;
}

export async function getJobDetails(ctx: AccountContext, id: string) {
  requireScope(ctx, "read");
  const j = await loadOwnJob(ctx, id);
  const d = drizzle(ctx.env.DB);
  // a running job's clips are those delivered so far (clip_ready, issue 43)
  const rows = await d.select().from(clips).where(eq(clips.jobId, id)).all();
  const versions = await d.select().from(rerenders).where(eq(rerenders.jobId, id)).orderBy(desc(rerenders.createdAt)).all();
  const { appSecret } = workerConfig(ctx.env);
  // each clip's thumbnail (the backend stores one beside every clip) as its player's poster frame
  const posters = new Map(
    await Promise.all(
      rows.map(async (c) => {
        const name = (parseMeta(c.metadata) as { thumbnail_file?: unknown } | null)?.thumbnail_file;
        return [c.clipIndex, typeof name === "string" ? fileUrl(ctx.baseUrl, await jobFileKey(appSecret, id, name)) : null] as const;
      }),
    ),
  );
  return {
    // the job with its clips, so its warnings and quality summary count them
    job: jobView(ctx.baseUrl, j, rows),
    clips: rankClips(rows).map((c) => ({
      clip_index: c.clipIndex,
      title: c.title,
      score: c.score,
      subscores: (c.subscores ? JSON.parse(c.subscores) : null) as Subscores | null,
      justification: c.justification,
      start_s: c.startS,
      end_s: c.endS,
      hd: c.hd,
      quality: qualityView(c.quality),
      origin: c.origin === "manual" ? ("manual" as const) : ("auto" as const),
      url: fileUrl(ctx.baseUrl, c.videoKey),
      poster_url: posters.get(c.clipIndex) ?? null,
      broll_credits: brollCredits(c.metadata),
      chosen_by: chosenByView(c.metadata),
      captions_url: c.captionsKey ? fileUrl(ctx.baseUrl, c.captionsKey) : null,
      captions_original_url: c.captionsOriginalKey ? fileUrl(ctx.baseUrl, c.captionsOriginalKey) : null,
      cover_url: c.coverKey ? fileUrl(ctx.baseUrl, c.coverKey) : null,
      ...postCopyView(c),
      rerenderable: !!c.metadata,
      aspect: recordedAspect(parseMeta(c.metadata)) ?? DEFAULT_ASPECT,
      versions: versions
        .filter((v) => v.clipIndex === c.clipIndex)
        .map((v) => ({
          id: v.id,
          status: v.status,
          // a trim shows its range instead of its marker
          params: (({ trim: _t, ...rest }) => (v.startS !== null && v.endS !== null ? { ...rest, range: `${v.startS}–${v.endS} s` } : rest))(JSON.parse(v.params) as Record<string, unknown>),
          url: v.status === "completed" && v.videoKey ? fileUrl(ctx.baseUrl, v.videoKey) : null,
          captions_url: v.status === "completed" && v.captionsKey ? fileUrl(ctx.baseUrl, v.captionsKey) : null,
          captions_original_url: v.status === "completed" && v.captionsOriginalKey ? fileUrl(ctx.baseUrl, v.captionsOriginalKey) : null,
          cover_url: v.status === "completed" && v.coverKey ? fileUrl(ctx.baseUrl, v.coverKey) : null,
          error: v.error,
          quality: v.status === "completed" ? qualityView(v.quality) : null,
          created_at: v.createdAt,
        })),
    })),
  };
}

function parseMeta(json: string | null): unknown {
  try {
    return json ? JSON.parse(json) : null;
  } catch {
    return null;
  }
}

/** The stock footage a clip cuts away to, each author and page once (credited on the page, as the provider asks). */
export function brollCredits(metadata: string | null): StockCredit[] {
  const edits = ClipEditsSchema.safeParse((parseMeta(metadata) as { edits?: unknown } | null)?.edits);
  if (!edits.success) return [];
  const seen = new Set<string>();
  return edits.data.broll.flatMap((b) => (b.credit && !seen.has(b.asset) && seen.add(b.asset) ? [b.credit] : []));
}
