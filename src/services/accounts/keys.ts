// API keys as their owner sees them (dashboard; any future REST route): list, create, revoke.
// Every statement filters by the caller's account.
import { and, desc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { apiKeys } from "../../db/schema";
import { ValidationError } from "../../errors";
import type { Scope } from "../auth/keys";
import type { AccountContext } from "../context";
import { createKey, revokeKeyWhere } from "./admin";

export async function listKeys(ctx: AccountContext) {
  const rows = await drizzle(ctx.env.DB)
    .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, scopes: apiKeys.scopes, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(eq(apiKeys.accountId, ctx.principal.accountId))
    .orderBy(desc(apiKeys.createdAt))
    .all();
  return rows.map((r) => ({ id: r.id, name: r.name, prefix: r.prefix, scopes: JSON.parse(r.scopes) as Scope[], created_at: r.createdAt, last_used_at: r.lastUsedAt, revoked_at: r.revokedAt }));
}

/** The plaintext key is in this return value only. */
export async function createOwnKey(ctx: AccountContext, input: { name?: string; scopes: Scope[] }) {
  const scopes = input.scopes.filter((s): s is Scope => s === "read" || s === "write");
  if (!scopes.length) throw new ValidationError("Choose at least one scope: read and/or write.");
  const name = input.name?.trim().slice(0, 100) || undefined;
  return createKey(ctx.env.DB, ctx.principal.accountId, { name, scopes });
}

/** Immediate, as revokeKey: the key's next request is refused. */
export async function revokeOwnKey(ctx: AccountContext, keyId: string) {
  return revokeKeyWhere(ctx.env, and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, ctx.principal.accountId))!);
}
