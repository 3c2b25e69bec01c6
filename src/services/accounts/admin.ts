// Operator verbs (admin API, dashboard, ops scripts). No account scoping: the caller is the operator.
import { and, eq, isNull, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { accounts, apiKeys, brandKits } from "../../db/schema";
import { forgetKeys } from "../../durable-objects/rate-limits";
import type { Env } from "../../env";
import { ConflictError, NotFoundError } from "../../errors";
import { newId } from "../../lib/ids";
import { generateApiKey, hashApiKey, type Scope } from "../auth/keys";
import { checkPasswordRules, hashPassword } from "../auth/passwords";
import type { PlanName } from "../plans";
import { kitColumns, type BrandKit } from "./brand-kit-rows";

/** `password` (optional) signs the account in to the dashboard; only its PBKDF2 hash is stored. */
export async function createAccount(db: D1Database, input: { email: string; plan: PlanName; password?: string }) {
  const id = newId();
  if (input.password !== undefined) checkPasswordRules(input.password);
  const p = input.password === undefined ? null : await hashPassword(input.password);
  const r = await drizzle(db)
    .insert(accounts)
    .values({
      id, email: input.email.toLowerCase(), plan: input.plan, createdAt: new Date().toISOString(),
      passwordHash: p?.hash ?? null, passwordSalt: p?.salt ?? null, passwordAlgorithm: p?.algorithm ?? null, passwordIterations: p?.iterations ?? null,
    })
    .onConflictDoNothing({ target: accounts.email })
    .run();
  if (r.meta.changes !== 1) throw new ConflictError(`An account with email ${input.email} already exists.`);
  return { id, email: input.email.toLowerCase(), plan: input.plan };
}

/** What a change to keys or plans writes: D1, and the per-key objects that cache principals. */
export type KeyStores = Pick<Env, "DB" | "RATE_LIMITER">;

/** Takes effect on the account's keys' very next requests: their cached principals are forgotten first. */
export async function setPlan(env: KeyStores, id: string, plan: PlanName) {
  const d = drizzle(env.DB);
  const row = await d.update(accounts).set({ plan }).where(eq(accounts.id, id)).returning({ id: accounts.id, email: accounts.email, plan: accounts.plan }).get();
  if (!row) throw new NotFoundError("Account not found.");
  // Every key of the account, revoked ones included: one query, and forgetting is harmless.
  const keys = await d.select({ keyHash: apiKeys.keyHash }).from(apiKeys).where(eq(apiKeys.accountId, id)).all();
  await forgetKeys(env.RATE_LIMITER, keys.map((k) => k.keyHash));
  return row;
}

/** Sets (or replaces) an account's dashboard password with today's hashing parameters. */
export async function setAccountPassword(db: D1Database, id: string, password: string) {
  checkPasswordRules(password);
  const p = await hashPassword(password);
  const row = await drizzle(db)
    .update(accounts)
    .set({ passwordHash: p.hash, passwordSalt: p.salt, passwordAlgorithm: p.algorithm, passwordIterations: p.iterations })
    .where(eq(accounts.id, id))
    .returning({ id: accounts.id, email: accounts.email, plan: accounts.plan })
    .get();
  if (!row) throw new NotFoundError("Account not found.");
  return row;
}

/** PATCH /admin/v1/accounts/{id}: plan and/or password. */
export async function updateAccount(env: KeyStores, id: string, input: { plan?: PlanName; password?: string }) {
  if (input.password !== undefined) await setAccountPassword(env.DB, id, input.password);
  if (input.plan !== undefined) return setPlan(env, id, input.plan);
  return getAccountById(env.DB, id);
}

export async function getAccountById(db: D1Database, id: string) {
  const row = await drizzle(db).select({ id: accounts.id, email: accounts.email, plan: accounts.plan }).from(accounts).where(eq(accounts.id, id)).get();
  if (!row) throw new NotFoundError("Account not found.");
  return row;
}

/** The plaintext key is returned once, here; only its SHA-256 is stored. */
export async function createKey(db: D1Database, accountId: string, input: { scopes: Scope[]; name?: string }) {
  await getAccountById(db, accountId);
  const key = generateApiKey();
  const id = newId();
  const scopes = [...new Set(input.scopes)].sort() as Scope[];
  await drizzle(db)
    .insert(apiKeys)
    .values({ id, accountId, name: input.name ?? null, keyHash: await hashApiKey(key), prefix: key.slice(0, 10), scopes: JSON.stringify(scopes), createdAt: new Date().toISOString() })
    .run();
  return { id, key, scopes, name: input.name ?? null };
}

/**
 * Revocation is immediate: the key's cached principal is forgotten (forgetKeys) before this
 * answers, so its very next request reads D1 and is refused. Revoking a revoked key forgets again.
 */
export async function revokeKey(env: KeyStores, keyId: string) {
  return revokeKeyWhere(env, eq(apiKeys.id, keyId));
}

/** Shared by the operator's revoke (above) and an owner's (services/accounts/keys.ts, which scopes `where` to the account). */
export async function revokeKeyWhere(env: KeyStores, where: SQL) {
  const d = drizzle(env.DB);
  const row =
    (await d.update(apiKeys).set({ revokedAt: new Date().toISOString() }).where(and(where, isNull(apiKeys.revokedAt))).returning({ id: apiKeys.id, keyHash: apiKeys.keyHash }).get()) ??
    (await d.select({ id: apiKeys.id, keyHash: apiKeys.keyHash }).from(apiKeys).where(where).get());
  if (!row) throw new NotFoundError("API key not found.");
  await forgetKeys(env.RATE_LIMITER, [row.keyHash]);
  return { id: row.id, revoked: true as const };
}

export async function createBrandKit(db: D1Database, accountId: string, kit: BrandKit) {
  await getAccountById(db, accountId);
  const id = newId();
  await drizzle(db)
    .insert(brandKits)
    .values({ id, accountId, ...kitColumns(kit), createdAt: new Date().toISOString() })
    .run();
  return { id, ...kit, primary_color: kit.primary_color.toUpperCase(), accent_color: kit.accent_color.toUpperCase(), style: kit.style ?? {} };
}

export async function deleteBrandKit(db: D1Database, accountId: string, kitId: string) {
  const row = await drizzle(db).delete(brandKits).where(and(eq(brandKits.id, kitId), eq(brandKits.accountId, accountId))).returning({ id: brandKits.id }).get();
  if (!row) throw new NotFoundError("Brand kit not found.");
  return { id: kitId, deleted: true as const };
}
