import { z } from "@hono/zod-openapi";
import { CAPTION_FONTS, CAPTION_POSITIONS, LAYOUT_MODES } from "@katto/protocol";

export const UsageSchema = z
  .object({
    plan: z.string().openapi({ description: "free, creator, pro or internal." }),
    videos_used: z.int(),
    videos_limit: z.int(),
    videos_remaining: z.int(),
  })
  .openapi("Usage");

export const ScopeSchema = z.enum(["read", "write"]);

export const AccountSchema = z
  .object({
    user_id: z.uuid(),
    plan: z.string(),
    key: z.object({ id: z.uuid(), scopes: z.array(ScopeSchema) }),
    quota: z.object({
      videos_used: z.int(),
      videos_limit: z.int(),
      videos_remaining: z.int(),
      period_start: z.iso.datetime().nullable().openapi({ description: "Start of the current monthly period (first instant of the UTC month)." }),
    }),
  })
  .openapi("Account");

export const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, { error: "must be a hex colour like #FFCC00" });

export const captionFonts = CAPTION_FONTS;
export const captionPositions = CAPTION_POSITIONS;
export const layoutModes = LAYOUT_MODES;

export const BrandKitSchema = z
  .object({
    name: z.string().min(1).max(100),
    primary_color: hexColor.openapi({ description: "Caption text colour, #RRGGBB.", example: "#FFFFFF" }),
    accent_color: hexColor.openapi({ description: "Colour of the spoken word highlight, #RRGGBB.", example: "#FFD400" }),
    caption_font: z.enum(captionFonts).openapi({ description: "One of the fonts shipped with the renderer." }),
    caption_position: z.enum(captionPositions),
    default_layout: z.enum(layoutModes),
    watermark_url: z
      .url({ protocol: /^https$/, error: "watermark_url must be an https URL of a PNG image" })
      .nullable()
      .openapi({ description: "https URL of a PNG watermark (at most 2 MB), or null." }),
  })
  .openapi("BrandKit");

export const BrandKitListSchema = z.object({ brand_kits: z.array(BrandKitSchema) }).openapi("BrandKitList");

export const WebhookDetailsSchema = z
  .object({
    signing_secret: z.string(),
    signature_header: z.string().openapi({ example: "X-Service-Signature" }),
    timestamp_header: z.string().openapi({ example: "X-Service-Timestamp" }),
    scheme: z.string().openapi({ example: "hmac-sha256" }),
  })
  .openapi("WebhookDetails");
