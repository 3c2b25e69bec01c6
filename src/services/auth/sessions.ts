// Dashboard sessions: an opaque random token in the cookie, only its SHA-256 in D1. Sign-out
// deletes the row; an expired row is refused (and deleted) when read.
import { and, eq, gt, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { accounts, sessions, signInFailures, signInLinks } from "../../db/schema";
import { UnauthorizedError } from "../../errors";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import { ACCOUNT_THROTTLE, ADDRESS_THROTTLE } from "./sign-in";

export const SESSION_COOKIE = "katto_session";
/** Absolute lifetime of a session. */
export const SESSION_TTL_SECONDS = 7 * 24 * 3600;
/** last_seen is written at most this often, so reading a session is usually one SELECT. */
const LAST_SEEN_EVERY_MS = 5 * 60_000;
/** Where a one-time sign-in link points (served by src/dashboard). */
export const SIGN_IN_LINK_PATH = "/dashboard/sign-in/link";
/** Lifetime of a one-time sign-in link. */
export const SIGN_IN_LINK_TTL_SECONDS = 15 * 60;

export interface Session {
  id: string;
  accountId: string;
  email: string;
  plan: string;
  expiresAt: string;
}

export async function createSession(input: { db: D1Database; accountId: string; ip?: string | null; userAgent?: string | null; now?: Date }) {
  const now = input.now ?? new Date();
  const token = randomToken(32);
  const id = newId();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000).toISOString();
  await drizzle(input.db)
    .insert(sessions)
    .values({
      id, accountId: input.accountId, tokenHash: await sha256Hex(token), createdAt: now.toISOString(), expiresAt, lastSeen: now.toISOString(),
      ip: input.ip ?? null, userAgent: input.userAgent?.slice(0, 300) ?? null,
    })
    .run();
  return { id, token, expiresAt };
}

/** The session a cookie token names, or null when unknown, ended or expired. */
export async function readSession(db: D1Database, token: string | undefined, now = new Date()): Promise<Session | null> {
  if (!token || token.length > 100) return null;
  const d = drizzle(db);
  const row = await d
    .select({ id: sessions.id, accountId: sessions.accountId, expiresAt: sessions.expiresAt, lastSeen: sessions.lastSeen, email: accounts.email, plan: accounts.plan })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(eq(sessions.tokenHash, await sha256Hex(token)))
    .get();
  if (!row) return null;
  if (row.expiresAt <= now.toISOString()) {
    await d.delete(sessions).where(eq(sessions.id, row.id)).run();
    return null;
  }
  if (now.getTime() - Date.parse(row.lastSeen) > LAST_SEEN_EVERY_MS) {
    await d.update(sessions).set({ lastSeen: now.toISOString() }).where(eq(sessions.id, row.id)).run();
  }
  return { id: row.id, accountId: row.accountId, email: row.email, plan: row.plan, expiresAt: row.expiresAt };
}

/** Sign-out: the row is deleted, so the token is worthless even if the cookie survives. */
export async function endSession(db: D1Database, token: string | undefined): Promise<void> {
  if (!token || token.length > 100) return;
  await drizzle(db).delete(sessions).where(eq(sessions.tokenHash, await sha256Hex(token))).run();
}

/** A single-use sign-in token for an account (operator only: admin API, `npm start`). */
export async function createSignInLink(db: D1Database, accountId: string, now = new Date()) {
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_TTL_SECONDS * 1000).toISOString();
  await drizzle(db).insert(signInLinks).values({ id: newId(), accountId, tokenHash: await sha256Hex(token), createdAt: now.toISOString(), expiresAt }).run();
  return { token, expiresAt };
}

/** Uses a sign-in token up in one conditional UPDATE, so two clicks cannot both succeed. */
export async function redeemSignInLink(db: D1Database, token: string, now = new Date()): Promise<{ accountId: string }> {
  const row = await drizzle(db)
    .update(signInLinks)
    .set({ usedAt: now.toISOString() })
    .where(and(eq(signInLinks.tokenHash, await sha256Hex(token.slice(0, 100))), gt(signInLinks.expiresAt, now.toISOString()), isNull(signInLinks.usedAt)))
    .returning({ accountId: signInLinks.accountId })
    .get();
  if (!row) throw new UnauthorizedError("This sign-in link is invalid, expired or already used. Ask for a new one or sign in with your password.");
  return row;
}

/** Cron (every 5 minutes): delete expired sessions, spent or expired sign-in links, and failure
 * counters whose window and block are both over, so these tables stay small. */
export async function sweepAuth(d1: D1Database, now = new Date()) {
  const iso = now.toISOString();
  const windowStart = new Date(now.getTime() - Math.max(ACCOUNT_THROTTLE.windowSeconds, ADDRESS_THROTTLE.windowSeconds) * 1000).toISOString();
  const db = drizzle(d1);
  await db.batch([
    db.delete(sessions).where(lte(sessions.expiresAt, iso)),
    db.delete(signInLinks).where(or(lte(signInLinks.expiresAt, iso), isNotNull(signInLinks.usedAt))),
    db.delete(signInFailures).where(and(lt(signInFailures.lastFailureAt, windowStart), or(isNull(signInFailures.blockedUntil), lte(signInFailures.blockedUntil, iso)))),
  ]);
}
