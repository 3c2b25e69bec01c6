// The account as the public API shows it: usage, the caller's account and key, brand kits, webhook
// signing details (service-api-v1 "Usage", "Account", "Brand kit", "Webhook signing details").
import { z } from "zod";
import { AspectSchema } from "../aspect.js";
import { StyleSchema } from "../style.js";
import { CAPTION_FONTS, CAPTION_POSITIONS, LAYOUT_MODES } from "../vocabularies.js";

export const UsageSchema = z.object({
  plan: z.string().meta({ description: "free, creator, pro or internal." }),
  videos_used: z.int(),
  videos_limit: z.int(),
  videos_remaining: z.int(),
});

export const ScopeSchema = z.enum(["read", "write"]);

export const AccountSchema = z.object({
  user_id: z.uuid(),
  plan: z.string(),
  key: z.object({ id: z.uuid(), scopes: z.array(ScopeSchema) }),
  quota: z.object({
    videos_used: z.int(),
    videos_limit: z.int(),
    videos_remaining: z.int(),
    period_start: z.iso.datetime().nullable().meta({ description: "Start of the current monthly period (first instant of the UTC month)." }),
  }),
});

export const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, { error: "must be a hex colour like #FFCC00" });

export const BrandKitSchema = z.object({
  name: z.string().min(1).max(100),
  primary_color: hexColor.meta({ description: "Caption text colour, #RRGGBB.", example: "#FFFFFF" }),
  accent_color: hexColor.meta({ description: "Colour of the spoken word highlight, #RRGGBB.", example: "#FFD400" }),
  caption_font: z.enum(CAPTION_FONTS).meta({ description: "One of the fonts shipped with the renderer." }),
  caption_position: z.enum(CAPTION_POSITIONS),
  default_layout: z.enum(LAYOUT_MODES),
  watermark_url: z
    .url({ protocol: /^https$/, error: "watermark_url must be an https URL of a PNG image" })
    .nullable()
    .meta({ description: "https URL of a PNG watermark (at most 2 MB), or null." }),
  style: StyleSchema.optional(),
  aspect: AspectSchema.optional().meta({ description: "The shape of the account's clips when a job or re-render names none; 9:16 when absent." }),
});

export const BrandKitListSchema = z.object({ brand_kits: z.array(BrandKitSchema) });

export const WebhookDetailsSchema = z.object({
  signing_secret: z.string(),
  signature_header: z.string().meta({ example: "X-Service-Signature" }),
  timestamp_header: z.string().meta({ example: "X-Service-Timestamp" }),
  scheme: z.string().meta({ example: "hmac-sha256" }),
});
