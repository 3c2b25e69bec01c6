// Saves a job's clip files (the MP4 and SRT URLs the API returns, and the spoken-language SRT of
// translated captions as clip-NN-original.srt) into a folder, streamed to disk.
import { createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Katto, Schemas } from "@katto/sdk";
import { CliError, EXIT } from "./exit-codes";
import { bar, type Ui } from "./output";

export async function downloadFile(katto: Katto, url: string, file: string, onBytes?: (loaded: number, total: number) => void): Promise<number> {
  const res = await katto.fetch(url);
  if (!res.ok || !res.body) throw new CliError(EXIT.error, `Download of ${url} failed with HTTP ${res.status}. Try again, or check the job with \`katto jobs get\`.`);
  const total = Number(res.headers.get("content-length") ?? 0);
  let loaded = 0;
  const counted = Readable.fromWeb(res.body as import("node:stream/web").ReadableStream).on("data", (c: Buffer) => {
    loaded += c.length;
    onBytes?.(loaded, total);
  });
  await pipeline(counted, createWriteStream(file));
  return loaded;
}

export interface DownloadedClip {
  clip_index: number;
  title: string | null;
  video: string;
  captions: string | null;
  /** the spoken-language SRT when `captions` is translated (style caption_language) */
  captions_original: string | null;
}

export async function downloadClips(katto: Katto, ui: Ui, clips: (Pick<Schemas["Clip"], "url" | "captions_url" | "title"> & { captions_original_url?: string | null; clip_index?: number })[], dir: string): Promise<DownloadedClip[]> {
  mkdirSync(dir, { recursive: true });
  const out: DownloadedClip[] = [];
  for (const [i, clip] of clips.entries()) {
    // Clips come ranked (0 = best); GET /clips items carry no clip_index, their order is the rank.
    const index = clip.clip_index ?? i;
    const stem = `clip-${String(index).padStart(2, "0")}`;
    const video = path.join(dir, `${stem}.mp4`);
    await downloadFile(katto, clip.url, video, (loaded, total) => ui.progress(`Downloading ${stem}.mp4 ${total ? bar((loaded / total) * 100) : ""}`, loaded === total));
    ui.done();
    let captions: string | null = null;
    if (clip.captions_url) {
      captions = path.join(dir, `${stem}.srt`);
      await downloadFile(katto, clip.captions_url, captions);
    }
    let captionsOriginal: string | null = null;
    if (clip.captions_original_url) {
      captionsOriginal = path.join(dir, `${stem}-original.srt`);
      await downloadFile(katto, clip.captions_original_url, captionsOriginal);
    }
    out.push({ clip_index: index, title: clip.title, video, captions, captions_original: captionsOriginal });
  }
  return out;
}
