// B-roll (issue 26, style `broll`): the assets a render may cut away to, as the Worker hands them
// to the render backend with a job or a re-render, and the stock-footage provider the operator
// enabled. One schema both sides import (src/services/broll, container/src/broll).
import { z } from "zod";
import { HttpUrlSchema } from "./common.js";

/** What an asset is: a still (drawn with a slow pan) or a video (its first seconds, muted). */
export const BROLL_KINDS = ["image", "video"] as const;
export type BrollKind = (typeof BROLL_KINDS)[number];

/** Content types a library asset may be uploaded as, by kind. */
export const BROLL_CONTENT_TYPES = {
  "image/png": "image",
  "image/jpeg": "image",
  "video/mp4": "video",
  "video/quicktime": "video",
  "video/webm": "video",
} as const satisfies Record<string, BrollKind>;
export type BrollContentType = keyof typeof BROLL_CONTENT_TYPES;
export const BROLL_CONTENT_TYPE_LIST = Object.keys(BROLL_CONTENT_TYPES) as BrollContentType[];

/** Library limits (docs/api-decisions.md "B-roll library"): no quota, but bounded. */
export const BROLL_LIMITS = {
  /** ready assets (and reservations not yet expired) per account */
  assets: 200,
  /** bytes of one image */
  imageBytes: 20 * 1024 ** 2,
  /** bytes of one video */
  videoBytes: 200 * 1024 ** 2,
  /** keywords per asset, and characters per keyword */
  keywords: 20,
  keywordChars: 40,
} as const;

/** Stock-footage providers behind the backend's one interface (container/src/broll/stock). */
export const STOCK_PROVIDERS = ["pexels"] as const;

/** Who made a stock asset and where it lives, as its provider asks to credit it (Pexels: "Video by <name> on Pexels", linked). */
export const StockCreditSchema = z.object({
  provider: z.enum(STOCK_PROVIDERS),
  author: z.string().max(200),
  author_url: HttpUrlSchema.nullable(),
  page_url: HttpUrlSchema.nullable(),
});
export type StockCredit = z.output<typeof StockCreditSchema>;

/** One asset a render may cut away to. */
export const BrollAssetSchema = z.object(
  {
    /** a library asset's id, or `<provider>:<id>` for stock footage */
    id: z.string({ error: "must be a string" }).min(1, { error: "must not be empty" }).max(100, { error: "must be at most 100 characters" }),
    kind: z.enum(BROLL_KINDS, { error: `must be one of ${BROLL_KINDS.join(", ")}` }),
    /** where the backend downloads it: a signed Worker URL (library) or the provider's file URL (stock) */
    url: HttpUrlSchema,
    /** words that call for it, as the owner typed them (the backend stems them) */
    keywords: z.array(z.string({ error: "must be a string" }), { error: "must be a list of strings" }).max(BROLL_LIMITS.keywords),
    /** stock footage: who made it and its page, credited where the clip's edits are shown (the provider's guidelines) */
    credit: StockCreditSchema.optional(),
  },
  { error: "must be an object with id, kind, url and keywords" },
);
export type BrollAsset = z.output<typeof BrollAssetSchema>;

/** The provider the operator enabled with a key; the backend searches it with the clip's key words. */
export const StockProviderSchema = z.object(
  {
    provider: z.enum(STOCK_PROVIDERS, { error: `must be one of ${STOCK_PROVIDERS.join(", ")}` }),
    api_key: z.string({ error: "is required" }).min(1, { error: "is required" }),
    /** the provider's API origin (a loopback stand-in in local tests) */
    api_url: HttpUrlSchema,
  },
  { error: "must be an object with provider, api_key and api_url" },
);
export type StockProvider = z.output<typeof StockProviderSchema>;

/**
 * What a job's or re-render's task carries when its style asks for B-roll: the account's library
 * (style `library`), or the stock provider (style `stock`). Absent when the style asks for none.
 */
export const TaskBrollSchema = z.object(
  {
    library: z.array(BrollAssetSchema, { error: "must be a list of assets" }).max(BROLL_LIMITS.assets).default([]),
    stock: StockProviderSchema.nullable().default(null),
  },
  { error: "must be an object with library and stock" },
);
export type TaskBroll = z.output<typeof TaskBrollSchema>;
export type TaskBrollInput = z.input<typeof TaskBrollSchema>;
