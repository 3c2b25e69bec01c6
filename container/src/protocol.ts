// Wire shapes of docs/render-protocol.md, backend side (the Worker mirrors them with zod in
// src/schemas/render-protocol.ts), and the validation of POST /v1/jobs bodies.
import { LAYOUTS, type Layout } from "./ffmpeg/args.js";
import type { CaptionStyleName } from "./captions/styles.js";
import { CAPTION_STYLES } from "./captions/styles.js";
import { parseBrandKit, type BrandKit } from "./brand-kit.js";
import type { ClipConfig, ClipLength, Subscores } from "./types.js";

/**
 * Job config. Besides the protocol's fields, two optional ones the Worker may pass later
 * (additive, ignored when absent): `layout` and `captionStyle`.
 */
export interface RenderJobConfig extends ClipConfig {
  layout?: Layout;
  captionStyle?: CaptionStyleName;
  /** the account's brand kit: caption font/colours/position, default layout, watermark */
  brandKit?: BrandKit;
}

export interface RenderJob {
  job_id: string;
  source: { url: string; kind: "url" | "upload" };
  config: RenderJobConfig;
  callback: { base_url: string; token: string };
  limits: { max_duration_s: number; max_bytes: number; max_clips: number };
  /** who renders the 1080p files: this backend after `clips` (local), or one HD task per clip (fanout) */
  hd: { mode: HdMode };
}

export type HdMode = "local" | "fanout";

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
  const { job_id, source, config, callback, limits, hd } = body;
  if (typeof job_id !== "string" || !JOB_ID_RE.test(job_id)) return bad("job_id must be an id of letters, digits, - and _");
  if (!isObj(source) || typeof source.url !== "string" || !/^https?:\/\//i.test(source.url)) return bad("source.url must be an http(s) URL");
  if (source.kind !== "url" && source.kind !== "upload") return bad('source.kind must be "url" or "upload"');
  const cfg = config === undefined ? {} : config;
  if (!isObj(cfg)) return bad("config must be an object");
  if (cfg.clipLength !== undefined && !CLIP_LENGTHS.includes(cfg.clipLength as ClipLength)) return bad("config.clipLength is not one of lt30, 30_60, 60_90, 90_180");
  if (!optStr(cfg.genre, 100) || !optStr(cfg.customPrompt, 2000) || !optStr(cfg.topics, 1000)) return bad("config.genre, customPrompt and topics must be strings");
  if (cfg.layout !== undefined && !LAYOUTS.includes(cfg.layout as Layout)) return bad(`config.layout must be one of ${LAYOUTS.join(", ")}`);
  if (cfg.captionStyle !== undefined && !CAPTION_STYLES.includes(cfg.captionStyle as CaptionStyleName)) return bad(`config.captionStyle must be one of ${CAPTION_STYLES.join(", ")}`);
  const kit = cfg.brandKit === undefined || cfg.brandKit === null ? null : parseBrandKit(cfg.brandKit, "config.brandKit");
  if (kit && !kit.ok) return bad(kit.error);
  if (!isObj(callback) || typeof callback.base_url !== "string" || !/^https?:\/\//i.test(callback.base_url)) return bad("callback.base_url must be an http(s) URL");
  if (typeof callback.token !== "string" || callback.token.length === 0) return bad("callback.token is required");
  if (!isObj(limits) || !posNum(limits.max_duration_s) || !posNum(limits.max_bytes) || !posNum(limits.max_clips)) return bad("limits.max_duration_s, max_bytes and max_clips must be positive numbers");
  // absent: "local", what a Worker from before HD fan-out expects
  if (hd !== undefined && (!isObj(hd) || (hd.mode !== "local" && hd.mode !== "fanout"))) return bad('hd.mode must be "local" or "fanout"');
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
        ...(kit?.ok ? { brandKit: kit.value } : {}),
      },
      callback: { base_url: callback.base_url, token: callback.token },
      limits: {
        max_duration_s: limits.max_duration_s as number,
        max_bytes: limits.max_bytes as number,
        max_clips: Math.min(10, Math.floor(limits.max_clips as number)),
      },
      hd: { mode: isObj(hd) && hd.mode === "fanout" ? "fanout" : "local" },
    },
  };
}

/** A re-render of one finished clip (docs/render-protocol.md "Re-renders"). */
export interface RerenderJob {
  rerender_id: string;
  job_id: string;
  clip_index: number;
  source: { url: string; kind: "url" | "upload" };
  clip: { start: number; end: number; metadata: Record<string, unknown> };
  params: { layout_mode?: string; caption_style?: string; dub?: string[] };
  /** the account's brand kit, null when it has none */
  brand_kit: BrandKit | null;
  callback: { base_url: string; token: string };
}

export type RerenderEvent =
  | { type: "progress"; pct: number }
  | { type: "completed"; file: string; captions_file: string; duration: number }
  | { type: "failed"; error: string };

const strArray = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === "string");

/** Validate a POST /v1/rerenders body; the error names the first offending field. */
export function parseRerenderJob(body: unknown): Parsed<RerenderJob> {
  const bad = (error: string): Parsed<RerenderJob> => ({ ok: false, error });
  if (!isObj(body)) return bad("body must be a JSON object");
  const { rerender_id, job_id, clip_index, source, clip, params, callback } = body;
  let brandKit: BrandKit | null = null;
  if (body.brand_kit !== undefined && body.brand_kit !== null) {
    const kit = parseBrandKit(body.brand_kit, "brand_kit");
    if (!kit.ok) return bad(kit.error);
    brandKit = kit.value;
  }
  if (typeof rerender_id !== "string" || !JOB_ID_RE.test(rerender_id)) return bad("rerender_id must be an id of letters, digits, - and _");
  if (typeof job_id !== "string" || !JOB_ID_RE.test(job_id)) return bad("job_id must be an id of letters, digits, - and _");
  if (typeof clip_index !== "number" || !Number.isInteger(clip_index) || clip_index < 0 || clip_index > 9) return bad("clip_index must be an integer from 0 to 9");
  if (!isObj(source) || typeof source.url !== "string" || !/^https?:\/\//i.test(source.url)) return bad("source.url must be an http(s) URL");
  if (!isObj(clip) || typeof clip.start !== "number" || typeof clip.end !== "number" || !(clip.end > clip.start) || !isObj(clip.metadata)) return bad("clip needs start < end and a metadata object");
  if (!isObj(params)) return bad("params must be an object");
  if (params.layout_mode !== undefined && typeof params.layout_mode !== "string") return bad("params.layout_mode must be a string");
  if (params.caption_style !== undefined && !CAPTION_STYLES.includes(params.caption_style as CaptionStyleName)) return bad(`params.caption_style must be one of ${CAPTION_STYLES.join(", ")}`);
  if (params.dub !== undefined && !strArray(params.dub)) return bad("params.dub must be a list of language codes");
  if (!isObj(callback) || typeof callback.base_url !== "string" || typeof callback.token !== "string" || !callback.token) return bad("callback.base_url and callback.token are required");
  return {
    ok: true,
    value: {
      rerender_id,
      job_id,
      clip_index,
      source: { url: source.url, kind: source.kind === "upload" ? "upload" : "url" },
      clip: { start: clip.start, end: clip.end, metadata: clip.metadata },
      params: { layout_mode: params.layout_mode as string | undefined, caption_style: params.caption_style as string | undefined, dub: params.dub as string[] | undefined },
      brand_kit: brandKit,
      callback: { base_url: callback.base_url, token: callback.token },
    },
  };
}

/**
 * The 1080p render of one clip of a completed job, in HD fan-out (docs/render-protocol.md
 * "HD fan-out"): the source is the clip's mezzanine, so the clip range starts at 0.
 */
export interface HdClipTask {
  job_id: string;
  clip_index: number;
  source: { url: string };
  clip: { start: number; end: number; metadata: Record<string, unknown> };
  brand_kit: BrandKit | null;
  callback: { base_url: string; token: string };
}

/** Validate a POST /v1/clips/hd body; the error names the first offending field. */
export function parseHdClipTask(body: unknown): Parsed<HdClipTask> {
  const bad = (error: string): Parsed<HdClipTask> => ({ ok: false, error });
  if (!isObj(body)) return bad("body must be a JSON object");
  const { job_id, clip_index, source, clip, callback } = body;
  let brandKit: BrandKit | null = null;
  if (body.brand_kit !== undefined && body.brand_kit !== null) {
    const kit = parseBrandKit(body.brand_kit, "brand_kit");
    if (!kit.ok) return bad(kit.error);
    brandKit = kit.value;
  }
  if (typeof job_id !== "string" || !JOB_ID_RE.test(job_id)) return bad("job_id must be an id of letters, digits, - and _");
  if (typeof clip_index !== "number" || !Number.isInteger(clip_index) || clip_index < 0 || clip_index > 9) return bad("clip_index must be an integer from 0 to 9");
  if (!isObj(source) || typeof source.url !== "string" || !/^https?:\/\//i.test(source.url)) return bad("source.url must be an http(s) URL");
  if (!isObj(clip) || typeof clip.start !== "number" || typeof clip.end !== "number" || !(clip.start >= 0) || !(clip.end > clip.start) || !isObj(clip.metadata)) return bad("clip needs 0 <= start < end and a metadata object");
  if (!isObj(callback) || typeof callback.base_url !== "string" || !/^https?:\/\//i.test(callback.base_url) || typeof callback.token !== "string" || !callback.token) return bad("callback.base_url and callback.token are required");
  return {
    ok: true,
    value: {
      job_id,
      clip_index,
      source: { url: source.url },
      clip: { start: clip.start, end: clip.end, metadata: clip.metadata },
      brand_kit: brandKit,
      callback: { base_url: callback.base_url, token: callback.token },
    },
  };
}
