import { and, eq, isNull } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { accounts, apiKeys } from "../../db/schema";
import { ForbiddenError, UnauthorizedError } from "../../errors";
import { randomToken, sha256Hex, timingSafeEqual } from "../../lib/crypto";

export type Scope = "read" | "write";

export interface Principal {
  keyId: string;
  accountId: string;
  scopes: Scope[];
  plan: string;
}

/** A verb's scope check: a key without `scope` gets 403 with what to do (spec "Authentication"). */
export function requireScope(ctx: { principal: Pick<Principal, "scopes"> }, scope: Scope): void {
  if (!ctx.principal.scopes.includes(scope)) {
    throw new ForbiddenError(`This API key lacks the '${scope}' scope required here. Create a key with scopes ["${scope}"].`);
  }
}

const KEY_PREFIX = "katto_";
const LAST_USED_EVERY_MS = 60_000;
const KEY_SHAPE = /^katto_[A-Za-z0-9_-]{43}$/;

/** A new API key: `katto_` + 32 random bytes (base64url). Only its SHA-256 is stored. */
export function generateApiKey(): string {
  return KEY_PREFIX + randomToken(32);
}

export const hashApiKey = (key: string) => sha256Hex(key);

/**
 * The SHA-256 of the API key an Authorization header carries, or undefined when it carries none of
 * the right shape; known before the key lookup answers (rate-limit subjects, src/middleware/rate-limit.ts).
 */
export async function bearerKeyHash(authorization: string | undefined): Promise<string | undefined> {
  const key = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  return key && KEY_SHAPE.test(key) ? hashApiKey(key) : undefined;
}

/**
 * Resolve a bearer key to its principal. The lookup is by hash (an index), then the stored hash is
 * compared in constant time, so timing says nothing about how much of a guess matched.
 */
export async function authenticate(db: D1Database, authorization: string | undefined): Promise<Principal> {
  if (!authorization) throw new UnauthorizedError("Missing API key. Send `Authorization: Bearer <API_KEY>`.");
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!m) throw new UnauthorizedError("Malformed Authorization header. Use `Authorization: Bearer <API_KEY>`.");
  const key = m[1];
  if (!KEY_SHAPE.test(key)) throw new UnauthorizedError(INVALID_KEY);
  const principal = await principalOfKeyHash(db, await hashApiKey(key));
  if (!principal) throw new UnauthorizedError(REVOKED_KEY);
  return principal;
}

const INVALID_KEY = "Invalid API key.";
/** The answer for a well-formed key that is unknown or revoked (also given by apiGate from the key cache). */
export const REVOKED_KEY = "Invalid or revoked API key.";

/**
 * The principal of a live key, by the SHA-256 of the key (undefined: unknown or revoked). Read from
 * D1 by authenticate() and, for requests through apiGate, by the key's rate-limit object when its
 * cached copy is missing (src/durable-objects/rate-limiter.ts).
 */
export async function principalOfKeyHash(db: D1Database, hash: string): Promise<Principal | undefined> {
  const row = await drizzle(db)
    .select({ keyId: apiKeys.id, accountId: apiKeys.accountId, scopes: apiKeys.scopes, keyHash: apiKeys.keyHash, lastUsedAt: apiKeys.lastUsedAt, plan: accounts.plan })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
    .get();
  if (!row || !timingSafeEqual(row.keyHash, hash)) return undefined;
  // last_used_at (shown in the dashboard) is written at most once a minute per key, so a busy key
  // costs no extra write per request.
  const now = Date.now();
  if (!row.lastUsedAt || now - Date.parse(row.lastUsedAt) > LAST_USED_EVERY_MS) {
    await drizzle(db).update(apiKeys).set({ lastUsedAt: new Date(now).toISOString() }).where(eq(apiKeys.id, row.keyId)).run();
  }
  return { keyId: row.keyId, accountId: row.accountId, scopes: JSON.parse(row.scopes) as Scope[], plan: row.plan };
}
