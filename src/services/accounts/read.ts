import type { AccountContext } from "../context";
import { requireScope } from "../auth/keys";
import { readUsage } from "../quota";
import { kitFromRow, kitsOf } from "./brand-kit-rows";

export async function getUsage(ctx: AccountContext) {
  requireScope(ctx, "read");
  const u = await readUsage(ctx.env.DB, ctx.principal.accountId);
  return { plan: u.plan, videos_used: u.videos_used, videos_limit: u.videos_limit, videos_remaining: u.videos_remaining };
}

/** GET /me works with any valid key, whatever its scopes: it is how a client learns them. */
export async function getAccount(ctx: AccountContext) {
  const u = await readUsage(ctx.env.DB, ctx.principal.accountId);
  return {
    user_id: ctx.principal.accountId,
    plan: u.plan,
    key: { id: ctx.principal.keyId, scopes: ctx.principal.scopes },
    quota: { videos_used: u.videos_used, videos_limit: u.videos_limit, videos_remaining: u.videos_remaining, period_start: u.period_start },
  };
}

export async function listBrandKits(ctx: AccountContext) {
  requireScope(ctx, "read");
  const rows = await kitsOf(ctx.env.DB, ctx.principal.accountId).all();
  return {
    brand_kits: rows.map(kitFromRow),
  };
}
