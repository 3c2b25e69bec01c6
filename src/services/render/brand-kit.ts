import { BrandKitSchema, parseWith, type BrandKit, type Style } from "@katto/protocol";
import { kitFromRow, kitsOf } from "../accounts/brand-kit-rows";
import { InvalidTaskError } from "../../render-backend/send-task";

/**
 * The account's brand kit applied to renders, re-renders and HD tasks: the oldest kit is the
 * account's default (docs/api-decisions.md "Brand kits"). Null when the account has none. The row
 * is read with the protocol's schema, so what the backend receives is a valid kit.
 */
export async function defaultBrandKit(db: D1Database, accountId: string): Promise<BrandKit | null> {
  return (await defaultKit(db, accountId)).kit;
}

/** The default kit and its creator style ({} when it has none), which a job's own style overrides field by field. */
export async function defaultKit(db: D1Database, accountId: string): Promise<{ kit: BrandKit | null; style: Style }> {
  const row = await kitsOf(db, accountId).limit(1).get();
  if (!row) return { kit: null, style: {} };
  const { style, ...columns } = kitFromRow(row);
  const kit = parseWith(BrandKitSchema, columns, "brand_kit");
  if (!kit.ok) throw new InvalidTaskError(`the account's default brand kit cannot be rendered (${kit.error}); fix the kit and retry.`);
  return { kit: kit.value, style: style ?? {} };
}
