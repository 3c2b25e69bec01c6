// Brand kits as their owner manages them (dashboard; shared by any REST route that adds writes).
import type { z } from "@hono/zod-openapi";
import { and, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { brandKits } from "../../db/schema";
import { NotFoundError, ValidationError } from "../../errors";
import { BrandKitSchema } from "@katto/protocol/api";
import type { AccountContext } from "../context";
import { requireScope } from "../auth/keys";
import { createBrandKit, deleteBrandKit } from "./admin";

export type BrandKit = z.infer<typeof BrandKitSchema>;

/** Validates with the API's own schema; the message names the field. */
export function parseBrandKit(input: unknown): BrandKit {
  const r = BrandKitSchema.safeParse(input);
  if (!r.success) throw new ValidationError(r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  return r.data;
}

export async function listOwnBrandKits(ctx: AccountContext) {
  requireScope(ctx, "read");
  const rows = await drizzle(ctx.env.DB).select().from(brandKits).where(eq(brandKits.accountId, ctx.principal.accountId)).orderBy(brandKits.createdAt, sql`rowid`).all();
  return rows.map((k) => ({
    id: k.id,
    ...parseBrandKit({
      name: k.name, primary_color: k.primaryColor, accent_color: k.accentColor, caption_font: k.captionFont,
      caption_position: k.captionPosition, default_layout: k.defaultLayout, watermark_url: k.watermarkUrl,
    }),
  }));
}

export async function createOwnBrandKit(ctx: AccountContext, input: unknown) {
  requireScope(ctx, "write");
  return createBrandKit(ctx.env.DB, ctx.principal.accountId, parseBrandKit(input));
}

export async function updateOwnBrandKit(ctx: AccountContext, kitId: string, input: unknown) {
  requireScope(ctx, "write");
  const k = parseBrandKit(input);
  const row = await drizzle(ctx.env.DB)
    .update(brandKits)
    .set({
      name: k.name, primaryColor: k.primary_color.toUpperCase(), accentColor: k.accent_color.toUpperCase(), captionFont: k.caption_font,
      captionPosition: k.caption_position, defaultLayout: k.default_layout, watermarkUrl: k.watermark_url,
    })
    .where(and(eq(brandKits.id, kitId), eq(brandKits.accountId, ctx.principal.accountId)))
    .returning({ id: brandKits.id })
    .get();
  if (!row) throw new NotFoundError("Brand kit not found.");
  return { id: kitId, ...k };
}

export async function deleteOwnBrandKit(ctx: AccountContext, kitId: string) {
  requireScope(ctx, "write");
  return deleteBrandKit(ctx.env.DB, ctx.principal.accountId, kitId);
}
