// A brand kit's watermark: fetched once per job through the download stage's byte-capped GET,
// checked to be a PNG. A watermark that cannot be fetched does not fail the job: the clips are
// rendered without it and the failure is logged (the user still gets their clips).
import { join } from "node:path";
import { isPng } from "@katto/protocol";
import { MAX_WATERMARK_BYTES } from "../editing/brand-kit.js";
import { StageError } from "../runtime/errors.js";
import { log } from "../runtime/log.js";
import { downloadHttp } from "../analysis/download.js";
import { head } from "../analysis/source-check.js";

/**
 * Download `url` (a PNG of at most 2 MB) into `dir`; throws a StageError when it is not one.
 * (The job's brand kit only admits https URLs: protocol.ts.)
 */
export async function downloadWatermark(url: string, dir: string, opts: { signal: AbortSignal }): Promise<string> {
  const path = join(dir, "watermark.png");
  await downloadHttp(url, path, { signal: opts.signal, maxBytes: MAX_WATERMARK_BYTES });
  if (!isPng(await head(path, 8))) throw new StageError("downloading", "the watermark is not a PNG image");
  return path;
}

/** The watermark's local path, or null when there is none or it could not be fetched. */
export async function fetchWatermark(url: string | null | undefined, dir: string, opts: { signal: AbortSignal; jobId?: string }): Promise<string | null> {
  if (!url) return null;
  try {
    return await downloadWatermark(url, dir, opts);
  } catch (e) {
    if (opts.signal.aborted) throw e;
    log("warn", "watermark not applied", { job_id: opts.jobId, error: (e as Error).message });
    return null;
  }
}
