// Wire shapes of docs/render-protocol.md, backend side (the Worker mirrors them with zod in
// src/schemas/render-protocol.ts), and the validation of POST /v1/jobs bodies.
import { LAYOUTS, type Layout } from "./ffmpeg/args.js";
import type { CaptionStyleName } from "./captions/styles.js";
import { CAPTION_STYLES } from "./captions/styles.js";
import type { ClipConfig, ClipLength, Subscores } from "./types.js";

/**
 * Job config. Besides the protocol's fields, two optional ones the Worker may pass later
 * (additive, ignored when absent): `layout` and `captionStyle`.
 */
export interface RenderJobConfig extends ClipConfig {
  layout?: Layout;
  captionStyle?: CaptionStyleName;
}

export interface RenderJob {
  job_id: string;
  source: { url: string; kind: "url" | "upload" };
  config: RenderJobConfig;
  callback: { base_url: string; token: string };
  limits: { max_duration_s: number; max_bytes: number; max_clips: number };
}

export type ProgressStep = "queued" | "downloading" | "probing" | "transcribing" | "selecting" | "scoring" | "rendering" | "uploading" | "done";

export interface ClipReport {
  clip_index: number;
  title: string;
  score: number;
  subscores: Subscores;
  justification: string;
  start: number;
  end: number;
  file: string;
  captions_file: string;
  hd: boolean;
  metadata: Record<string, unknown>;
}

export type RenderEvent =
  | { type: "progress"; status: "processing" | "scoring"; step: ProgressStep; pct: number }
  | { type: "transcript"; lang: string | null; segments: { start: number; end: number; text: string }[]; words: { start: number; end: number; word: string }[] }
  | { type: "clips"; clips: ClipReport[] }
  | { type: "clip_hd"; clip_index: number; file: string; captions_file: string }
  | { type: "failed"; error: string; stage: string; refund: boolean };

/** Names of files PUT under files/ (protocol: ^[a-z0-9][a-z0-9._-]{0,80}$). */
export const FILE_NAME_RE = /^[a-z0-9][a-z0-9._-]{0,80}$/;
export const JOB_ID_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const CLIP_LENGTHS: readonly ClipLength[] = ["lt30", "30_60", "60_90", "90_180"];

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const optStr = (v: unknown, max: number) => v === undefined || (typeof v === "string" && v.length <= max);
const posNum = (v: unknown) => typeof v === "number" && Number.isFinite(v) && v > 0;

/** Validate a POST /v1/jobs body; the error names the first offending field. */
export function parseRenderJob(body: unknown): Parsed<RenderJob> {
  const bad = (error: string): Parsed<RenderJob> => ({ ok: false, error });
  if (!isObj(body)) return bad("body must be a JSON object");
  const { job_id, source, config, callback, limits } = body;
  if (typeof job_id !== "string" || !JOB_ID_RE.test(job_id)) return bad("job_id must be an id of letters, digits, - and _");
  if (!isObj(source) || typeof source.url !== "string" || !/^https?:\/\//i.test(source.url)) return bad("source.url must be an http(s) URL");
  if (source.kind !== "url" && source.kind !== "upload") return bad('source.kind must be "url" or "upload"');
  const cfg = config === undefined ? {} : config;
  if (!isObj(cfg)) return bad("config must be an object");
  if (cfg.clipLength !== undefined && !CLIP_LENGTHS.includes(cfg.clipLength as ClipLength)) return bad("config.clipLength is not one of lt30, 30_60, 60_90, 90_180");
  if (!optStr(cfg.genre, 100) || !optStr(cfg.customPrompt, 2000) || !optStr(cfg.topics, 1000)) return bad("config.genre, customPrompt and topics must be strings");
  if (cfg.layout !== undefined && !LAYOUTS.includes(cfg.layout as Layout)) return bad(`config.layout must be one of ${LAYOUTS.join(", ")}`);
  if (cfg.captionStyle !== undefined && !CAPTION_STYLES.includes(cfg.captionStyle as CaptionStyleName)) return bad(`config.captionStyle must be one of ${CAPTION_STYLES.join(", ")}`);
  if (!isObj(callback) || typeof callback.base_url !== "string" || !/^https?:\/\//i.test(callback.base_url)) return bad("callback.base_url must be an http(s) URL");
  if (typeof callback.token !== "string" || callback.token.length === 0) return bad("callback.token is required");
  if (!isObj(limits) || !posNum(limits.max_duration_s) || !posNum(limits.max_bytes) || !posNum(limits.max_clips)) return bad("limits.max_duration_s, max_bytes and max_clips must be positive numbers");
  return {
    ok: true,
    value: {
      job_id,
      source: { url: source.url, kind: source.kind },
      config: {
        genre: cfg.genre as string | undefined,
        clipLength: cfg.clipLength as ClipLength | undefined,
        customPrompt: cfg.customPrompt as string | undefined,
        topics: cfg.topics as string | undefined,
        layout: cfg.layout as Layout | undefined,
        captionStyle: cfg.captionStyle as CaptionStyleName | undefined,
      },
      callback: { base_url: callback.base_url, token: callback.token },
      limits: {
        max_duration_s: limits.max_duration_s as number,
        max_bytes: limits.max_bytes as number,
        max_clips: Math.min(10, Math.floor(limits.max_clips as number)),
      },
    },
  };
}
