// Brand kits as their owner manages them (dashboard; shared by any REST route that adds writes).
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { brandKits } from "../../db/schema";
import { NotFoundError, ValidationError } from "../../errors";
import { BrandKitSchema } from "@katto/protocol/api";
import type { AccountContext } from "../context";
import { requireScope } from "../auth/keys";
import { createBrandKit, deleteBrandKit } from "./admin";
import { kitColumns, kitFromRow, kitsOf, type BrandKit } from "./brand-kit-rows";

export type { BrandKit };

/** Validates with the API's own schema; the message names the field. */
export function parseBrandKit(input: unknown): BrandKit {
  const r = BrandKitSchema.safeParse(input);
  if (!r.success) throw new ValidationError(r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  return r.data;
}

export async function listOwnBrandKits(ctx: AccountContext) {
  requireScope(ctx, "read");
  const rows = await kitsOf(ctx.env.DB, ctx.principal.accountId).all();
  return rows.map((k) => ({ id: k.id, ...kitFromRow(k) }));
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
    .set(kitColumns(k))
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
