// Pexels' video search (https://www.pexels.com/api/documentation/#videos-search):
//   GET https://api.pexels.com/videos/search?query=...&orientation=landscape|portrait|square&size=medium&per_page=N
//   Authorization: <API key>
// answers { page, per_page, total_results, url, videos: [{ id, width, height, duration, url,
// user: {name, url}, video_files: [{ id, quality, file_type, width, height, fps, link }],
// video_pictures: [...] }] }. Only the fields read here are checked; the rest may change freely.
import type { StockCredit } from "@katto/protocol";
import { z } from "zod";
import { StageError } from "../../runtime/errors.js";
import type { StockProvider, StockSearchOptions } from "./types.js";

const VideoFileSchema = z.looseObject({ file_type: z.string().nullish(), width: z.number().nullish(), height: z.number().nullish(), link: z.string() });
const SearchSchema = z.looseObject({
  videos: z.array(
    z.looseObject({
      id: z.union([z.number(), z.string()]),
      width: z.number().nullish(),
      height: z.number().nullish(),
      duration: z.number().nullish(),
      // the video's page and its author: Pexels' guidelines ask to credit both where the video is shown
      url: z.string().nullish(),
      user: z.looseObject({ name: z.string().nullish(), url: z.string().nullish() }).nullish(),
      video_files: z.array(VideoFileSchema),
    }),
  ),
});
export type PexelsSearch = z.input<typeof SearchSchema>;

/** Pexels' orientations (its search's `orientation` parameter). */
export type PexelsOrientation = "landscape" | "portrait" | "square";

/** Pure: the orientation of footage that fills a clip's frame (16:9 landscape, 1:1 square, 9:16 and 4:5 portrait), so a cutaway is not the middle of a video of another shape, enlarged. */
export function pexelsOrientation(frame: { width: number; height: number }): PexelsOrientation {
  return frame.width > frame.height ? "landscape" : frame.width === frame.height ? "square" : "portrait";
}

/** The query URL of one search for footage of the clip's orientation (pure). */
export function pexelsSearchUrl(apiUrl: string, query: string, orientation: PexelsOrientation, perPage = 5): string {
  const u = new URL("/videos/search", apiUrl);
  u.searchParams.set("query", query);
  u.searchParams.set("orientation", orientation);
  u.searchParams.set("size", "medium");
  u.searchParams.set("per_page", String(perPage));
  return u.toString();
}

/**
 * The file to download of one video (pure): an MP4 whose frame covers the clip's, the smallest of
 * those (less to download); else the largest MP4 there is.
 */
export function pickVideoFile(files: readonly z.output<typeof VideoFileSchema>[], frame: { width: number; height: number }): string | null {
  const mp4 = files.filter((f) => (f.file_type ?? "video/mp4") === "video/mp4" && /^https?:\/\//.test(f.link));
  const area = (f: (typeof mp4)[number]) => (f.width ?? 0) * (f.height ?? 0);
  const covering = mp4.filter((f) => (f.width ?? 0) >= frame.width && (f.height ?? 0) >= frame.height).sort((a, b) => area(a) - area(b));
  if (covering.length) return covering[0]!.link;
  return [...mp4].sort((a, b) => area(b) - area(a))[0]?.link ?? null;
}

const httpUrlOrNull = (u: string | null | undefined) => (u && /^https?:\/\//.test(u) ? u : null);

/** Pure: the credit of one video, "Video by <name> on Pexels" with both links (the page when the name is missing). */
export function pexelsCredit(v: { url?: string | null; user?: { name?: string | null; url?: string | null } | null }): StockCredit {
  return { provider: "pexels", author: (v.user?.name ?? "").slice(0, 200) || "a Pexels contributor", author_url: httpUrlOrNull(v.user?.url), page_url: httpUrlOrNull(v.url) };
}

export function createPexelsProvider(o: { apiKey: string; apiUrl: string; fetch?: typeof fetch }): StockProvider {
  const get = o.fetch ?? fetch;
  return {
    name: "pexels",
    async search(query: string, s: StockSearchOptions) {
      let res: Response;
      try {
        res = await get(pexelsSearchUrl(o.apiUrl, query, pexelsOrientation(s.frame)), { headers: { Authorization: o.apiKey }, signal: s.signal });
      } catch (e) {
        if (s.signal.aborted) throw e;
        // fetch says "fetch failed"; its cause names what happened (ENOTFOUND: no DNS, ECONNREFUSED, ETIMEDOUT ...)
        const cause = (e as { cause?: { code?: unknown; message?: unknown } }).cause;
        const why = typeof cause?.code === "string" ? `network error ${cause.code}` : typeof cause?.message === "string" && cause.message ? `network error: ${cause.message}` : "no network";
        throw new StageError("rendering", `the stock footage search could not be reached (${why})`, String(e));
      }
      if (!res.ok) {
        await res.body?.cancel();
        const why = res.status === 401 || res.status === 403 ? " (the operator's Pexels API key was refused)" : res.status === 429 ? " (Pexels' rate limit)" : "";
        throw new StageError("rendering", `the stock footage search answered HTTP ${res.status}${why}`);
      }
      const parsed = SearchSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new StageError("rendering", "the stock footage search answered in an unexpected shape", parsed.error.message.slice(0, 500));
      for (const v of parsed.data.videos) {
        const url = pickVideoFile(v.video_files, s.frame);
        if (url) return { id: `pexels:${v.id}`, kind: "video", url, keywords: [query], credit: pexelsCredit(v) };
      }
      return null;
    },
  };
}
