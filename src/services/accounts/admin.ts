// Operator verbs (admin API, dashboard, ops scripts). No account scoping: the caller is the operator.
import { and, eq, isNull } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { accounts, apiKeys, brandKits } from "../../db/schema";
import { ConflictError, NotFoundError } from "../../errors";
import { newId } from "../../lib/ids";
import { generateApiKey, hashApiKey, type Scope } from "../auth/keys";
import { checkPasswordRules, hashPassword } from "../auth/passwords";
import type { PlanName } from "../plans";

/** `password` (optional) signs the account in to the dashboard; only its PBKDF2 hash is stored. */
export async function createAccount(db: D1Database, input: { email: string; plan: PlanName; password?: string }) {
  const id = newId();
  if (input.password !== undefined) checkPasswordRules(input.password);
  const p = input.password === undefined ? null : await hashPassword(input.password);
  const r = await db
    .prepare(
      `INSERT INTO accounts (id, email, plan, created_at, password_hash, password_salt, password_algorithm, password_iterations)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT(email) DO NOTHING`,
    )
    .bind(id, input.email.toLowerCase(), input.plan, new Date().toISOString(), p?.hash ?? null, p?.salt ?? null, p?.algorithm ?? null, p?.iterations ?? null)
    .run();
  if (r.meta.changes !== 1) throw new ConflictError(`An account with email ${input.email} already exists.`);
  return { id, email: input.email.toLowerCase(), plan: input.plan };
}

export async function setPlan(db: D1Database, id: string, plan: PlanName) {
  const d = drizzle(db);
  const row = await d.update(accounts).set({ plan }).where(eq(accounts.id, id)).returning({ id: accounts.id, email: accounts.email, plan: accounts.plan }).get();
  if (!row) throw new NotFoundError("Account not found.");
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
export async function updateAccount(db: D1Database, id: string, input: { plan?: PlanName; password?: string }) {
  if (input.password !== undefined) await setAccountPassword(db, id, input.password);
  if (input.plan !== undefined) return setPlan(db, id, input.plan);
  return getAccountById(db, id);
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

/** Revocation is immediate: every request looks the key up in D1 (no cache). */
export async function revokeKey(db: D1Database, keyId: string) {
  const row = await drizzle(db)
    .update(apiKeys)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id })
    .get();
  if (!row) {
    const exists = await drizzle(db).select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, keyId)).get();
    if (!exists) throw new NotFoundError("API key not found.");
  }
  return { id: keyId, revoked: true as const };
}

export interface BrandKitInput {
  name: string;
  primary_color: string;
  accent_color: string;
  caption_font: string;
  caption_position: string;
  default_layout: string;
  watermark_url: string | null;
}

export async function createBrandKit(db: D1Database, accountId: string, kit: BrandKitInput) {
  await getAccountById(db, accountId);
  const id = newId();
  await drizzle(db)
    .insert(brandKits)
    .values({
      id, accountId, name: kit.name, primaryColor: kit.primary_color.toUpperCase(), accentColor: kit.accent_color.toUpperCase(),
      captionFont: kit.caption_font, captionPosition: kit.caption_position, defaultLayout: kit.default_layout,
      watermarkUrl: kit.watermark_url, createdAt: new Date().toISOString(),
    })
    .run();
  return { id, ...kit, primary_color: kit.primary_color.toUpperCase(), accent_color: kit.accent_color.toUpperCase() };
}

export async function deleteBrandKit(db: D1Database, accountId: string, kitId: string) {
  const row = await drizzle(db).delete(brandKits).where(and(eq(brandKits.id, kitId), eq(brandKits.accountId, accountId))).returning({ id: brandKits.id }).get();
  if (!row) throw new NotFoundError("Brand kit not found.");
  return { id: kitId, deleted: true as const };
}
