// A brand kit between the API's shape and its D1 row, written once for every reader and writer
// (admin API, dashboard, GET /brand-kit, the render tasks).
import { AspectSchema, DEFAULT_ASPECT, StyleSchema, type Style } from "@katto/protocol";
import type { z } from "@hono/zod-openapi";
import type { BrandKitSchema } from "@katto/protocol/api";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { brandKits } from "../../db/schema";

export type BrandKit = z.infer<typeof BrandKitSchema>;
type Row = typeof brandKits.$inferSelect;

/** The account's kits, oldest first (the oldest is its default, docs/api-decisions.md "Brand kits"): `.all()` or `.limit(1).get()`. */
export const kitsOf = (d1: D1Database, accountId: string) => drizzle(d1).select().from(brandKits).where(eq(brandKits.accountId, accountId)).orderBy(brandKits.createdAt, sql`rowid`);

/** The columns a kit writes (colours stored upper-case; the style as JSON, null when it has none). */
export function kitColumns(k: BrandKit) {
  return {
    name: k.name,
    primaryColor: k.primary_color.toUpperCase(),
    accentColor: k.accent_color.toUpperCase(),
    captionFont: k.caption_font,
    captionPosition: k.caption_position,
    defaultLayout: k.default_layout,
    watermarkUrl: k.watermark_url,
    style: k.style && Object.keys(k.style).length > 0 ? JSON.stringify(k.style) : null,
    aspect: k.aspect ?? null,
  };
}

/** A kit's stored style: {} when it has none (or one this version no longer reads). */
export function kitStyle(text: string | null): Style {
  if (!text) return {};
  try {
    const r = StyleSchema.safeParse(JSON.parse(text));
    return r.success ? r.data : {};
  } catch {
    return {};
  }
}

/** The kit as the API shows it. */
export function kitFromRow(k: Row): BrandKit {
  return {
    name: k.name,
    primary_color: k.primaryColor,
    accent_color: k.accentColor,
    caption_font: k.captionFont as BrandKit["caption_font"],
    caption_position: k.captionPosition as BrandKit["caption_position"],
    default_layout: k.defaultLayout as BrandKit["default_layout"],
    watermark_url: k.watermarkUrl,
    style: kitStyle(k.style),
    aspect: AspectSchema.safeParse(k.aspect).data ?? DEFAULT_ASPECT,
  };
}
