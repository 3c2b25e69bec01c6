// The B-roll of one job or re-render (style `broll`): which assets a clip may cut away to (the
// account's library, or stock footage searched with the clip's key words), and each chosen asset
// downloaded and probed once. An asset that cannot be fetched or decoded only loses its cutaways:
// the clip renders with the speaker there, and the log says why (the user still gets the clip).
import { join } from "node:path";
import { BROLL_LIMITS, type BrollAsset, type JobWarning, type Style, type TaskBroll } from "@katto/protocol";
import { keyRanks } from "../captions/keywords.js";
import type { CaptionWord } from "../captions/clip-words.js";
import type { Cutaway } from "../ffmpeg/cutaway-filters.js";
import { log } from "../runtime/log.js";
import { downloadHttp } from "../analysis/download.js";
import { probe } from "../analysis/probe.js";
import { CUTAWAY, matchKey, planCutaways, type PlannedCutaway } from "./plan.js";
import { createStockProvider, type StockProvider } from "./stock/index.js";

/** How many searches one clip makes at most (each a stock API call and a download). */
export const MAX_STOCK_QUERIES = 3;

/**
 * Pure: the words to search stock footage for, in the clip's order: its content nouns (the key
 * words that picture well; names and numbers rarely have footage), one per stem, after the opening.
 */
export function stockQueries(words: readonly CaptionWord[], max = MAX_STOCK_QUERIES): string[] {
  const ranks = keyRanks(words);
  const seen = new Set<string>();
  const out: string[] = [];
  words.forEach((w, i) => {
    const word = w.text.toLowerCase().replace(/[^\p{L}]+/gu, "");
    const key = matchKey(word);
    if (out.length >= max || ranks[i] !== 1 || w.start < CUTAWAY.hookS || word.length < 3 || seen.has(key)) return;
    seen.add(key);
    out.push(word);
  });
  return out;
}

export interface BrollSource extends AssetFiles {
  /** the assets a clip with these words may cut away to (stock: searched for them) */
  assetsFor(words: readonly CaptionWord[], signal: AbortSignal): Promise<BrollAsset[]>;
}

/**
 * The B-roll a task's style asks for, or null (style `broll` none or absent, or no task field).
 * `dir` is the work folder the assets are downloaded into.
 */
export function brollSource(
  style: Style,
  broll: TaskBroll | undefined,
  files: AssetFiles,
  o: { jobId?: string; frame: { width: number; height: number }; fetch?: typeof fetch; /** each failed stock search's cause (key refused, rate limit, unreachable) */ onStockFailure?: (cause: string) => void },
): BrollSource | null {
  if (!broll || (style.broll !== "library" && style.broll !== "stock")) return null;
  const stock: StockProvider | null = style.broll === "stock" && broll.stock ? createStockProvider(broll.stock, { fetch: o.fetch }) : null;
  return {
    async assetsFor(words, signal) {
      if (style.broll === "library") return broll.library;
      if (!stock) return [];
      const found: BrollAsset[] = [];
      for (const q of stockQueries(words)) {
        try {
          const a = await stock.search(q, { signal, frame: o.frame });
          if (a && !found.some((f) => f.id === a.id)) found.push(a);
        } catch (e) {
          if (signal.aborted) throw e;
          log("warn", "stock footage search failed; the clip gets no cutaway for this word", { job_id: o.jobId, provider: stock.name, query: q, error: (e as Error).message });
          o.onStockFailure?.((e as Error).message);
        }
      }
      return found;
    },
    localFile: files.localFile,
  };
}

/**
 * Pure: the job warning of stock searches that failed, one per distinct cause, over the whole
 * source (the user sees why clips have no cutaways instead of silence).
 */
export function stockWarnings(causes: Iterable<string>, durationS: number): JobWarning[] {
  return [...new Set(causes)].map((cause) => ({
    code: "broll_unavailable" as const,
    clip_index: null,
    start: 0,
    end: Math.round(durationS * 1000) / 1000,
    message: `Stock B-roll was not used: ${cause}. The clips were made without those cutaways; re-render them with style broll "stock" once the operator has fixed it, or use broll "library".`.slice(0, 500),
  }));
}

export interface AssetFiles {
  /** an asset as a local, decodable file, fetched once per work folder; null when it cannot be had */
  localFile(asset: BrollAsset, signal: AbortSignal): Promise<string | null>;
}

/** Assets downloaded into `dir`, each once. */
export function assetFiles(dir: string, jobId?: string): AssetFiles {
  const files = new Map<string, Promise<string | null>>();
  let n = 0;
  return {
    localFile(asset, signal) {
      let p = files.get(asset.id);
      if (!p) {
        p = fetchAsset(asset, join(dir, `broll-${n++}`), signal).catch((e: unknown) => {
          if (signal.aborted) throw e;
          log("warn", "B-roll asset not used: it could not be fetched or decoded", { job_id: jobId, asset: asset.id, error: (e as Error).message });
          return null;
        });
        files.set(asset.id, p);
      }
      return p;
    },
  };
}

async function fetchAsset(asset: BrollAsset, path: string, signal: AbortSignal): Promise<string> {
  const bytes = await downloadHttp(asset.url, path, { signal, maxBytes: asset.kind === "image" ? BROLL_LIMITS.imageBytes : BROLL_LIMITS.videoBytes });
  const info = await probe(path, { signal, fileSize: bytes });
  if (!info.video) throw new Error(`the ${asset.kind} has no picture ffmpeg can decode`);
  return path;
}

/** The clip's cutaways as the renderer draws them: each planned one whose asset could be had. */
export async function localCutaways(planned: readonly PlannedCutaway[], source: AssetFiles, signal: AbortSignal): Promise<{ drawn: PlannedCutaway[]; cutaways: Cutaway[] }> {
  const drawn: PlannedCutaway[] = [];
  const cutaways: Cutaway[] = [];
  for (const c of planned) {
    const path = await source.localFile(c.asset, signal);
    if (!path) continue;
    drawn.push(c);
    cutaways.push({ path, kind: c.asset.kind, start: c.start, end: c.end });
  }
  return { drawn, cutaways };
}

/** Plan, fetch and keep what could be fetched: a clip's cutaways from its clip-relative words. */
export async function clipCutaways(words: readonly CaptionWord[], durationS: number, source: BrollSource | null, signal: AbortSignal): Promise<{ drawn: PlannedCutaway[]; cutaways: Cutaway[] }> {
  if (!source) return { drawn: [], cutaways: [] };
  const planned = planCutaways(words, durationS, await source.assetsFor(words, signal));
  return localCutaways(planned, source, signal);
}
