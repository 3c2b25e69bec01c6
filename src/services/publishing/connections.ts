// Connected platform accounts: the OAuth code flow (state bound to the account, PKCE where the
// platform supports it), tokens sealed at rest, refresh before expiry, needs_reauth when the
// platform refuses the grant, and disconnect (revoke where possible, forget the tokens).
import { and, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { connections, connectionStates, nowIso, publications } from "../../db/schema";
import type { Env } from "../../env";
import { ConflictError, NotFoundError, ValidationError } from "../../errors";
import { requireScope } from "../auth/keys";
import type { AccountContext, ServiceContext } from "../context";
import { availability, platformContext } from "./config";
import { newConnectionId, newState, sha256Hex } from "./ids";
import { PLATFORM_IDS, type Platform, type PlatformAccount, type PlatformId, type Result, type TokenSet } from "./platforms/platform";
import { pkcePair } from "./platforms/http";
import { platformAspects, platformShapesText } from "@katto/protocol";
import { TokenVault } from "./token-vault";

export type ConnectionRow = typeof connections.$inferSelect;
/** A post failed because its connection was lost, and where its publication.failed event goes. */
export type FailedPost = Pick<typeof publications.$inferSelect, "id" | "webhookUrl">;

/** An authorization request is valid this long (the user is on the platform's consent screen). */
export const STATE_TTL_MS = 10 * 60 * 1000;
/** Tokens are refreshed by the cron sweep when they expire within this window. */
export const REFRESH_AHEAD_MS = 15 * 60 * 1000;
/** Waiting posts that a needs_reauth connection fails. */
const WAITING = ["scheduled", "queued"] as const;

export const requireWrite = (ctx: AccountContext) => requireScope(ctx, "write");

const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());

export function connectionView(row: ConnectionRow) {
  return {
    id: row.id,
    platform: row.platform as PlatformId,
    status: row.status as "connected" | "needs_reauth",
    status_reason: row.statusReason,
    handle: row.handle,
    scopes: JSON.parse(row.scopes) as string[],
    expires_at: iso(row.expiresMs),
    reconnect_by: iso(row.refreshExpiresMs),
    restriction: row.restriction,
    connected_at: row.createdAt,
  };
}

/** Starts the OAuth code flow; the browser goes to the returned URL. */
export async function startConnection(ctx: AccountContext, input: { platform: PlatformId; return_to?: string }) {
  requireWrite(ctx);
  const avail = availability(ctx.env, input.platform);
  if (!avail.available) throw new ValidationError(avail.reason);
  if (input.return_to && new URL(input.return_to).origin !== new URL(ctx.baseUrl).origin) {
    throw new ValidationError(`return_to must be on this service's origin (${new URL(ctx.baseUrl).origin}).`);
  }
  const state = newState();
  const pkce = avail.platform.pkce ? await pkcePair() : undefined;
  const vault = await TokenVault.fromEnv(ctx.env);
  const stateHash = await sha256Hex(state);
  const expiresMs = Date.now() + STATE_TTL_MS;
  const db = drizzle(ctx.env.DB);
  // Expired requests of anyone are swept here and by the cron; they hold no token.
  await db.batch([
    db.delete(connectionStates).where(lt(connectionStates.expiresMs, Date.now())),
    db.insert(connectionStates).values({
      stateHash,
      accountId: ctx.principal.accountId,
      platform: input.platform,
      verifierSealed: pkce ? await vault.seal(pkce.verifier, stateHash) : null,
      returnTo: input.return_to ?? null,
      expiresMs,
    }),
  ]);
  const pctx = platformContext(ctx.env, ctx.baseUrl, avail.platform);
  return {
    platform: input.platform,
    authorization_url: avail.platform.authorizeUrl(pctx, { state, ...(pkce ? { codeChallenge: pkce.challenge } : {}) }),
    expires_at: new Date(expiresMs).toISOString(),
  };
}

export type CallbackOutcome = { ok: true; platform: PlatformId; handle: string; returnTo: string | null } | { ok: false; message: string; returnTo: string | null };

/**
 * The platform's redirect back to us. The state is looked up by its hash and deleted in the same
 * statement (used once); the account comes from the state, never from the request.
 */
export async function completeConnection(ctx: ServiceContext, platformId: PlatformId, q: { code?: string; state?: string; error?: string; error_description?: string }): Promise<CallbackOutcome> {
  if (!q.state) return { ok: false, message: "The platform's answer had no state parameter.", returnTo: null };
  const stateHash = await sha256Hex(q.state);
  const [st] = await drizzle(ctx.env.DB)
    .delete(connectionStates)
    .where(and(eq(connectionStates.stateHash, stateHash), eq(connectionStates.platform, platformId)))
    .returning({ accountId: connectionStates.accountId, verifierSealed: connectionStates.verifierSealed, returnTo: connectionStates.returnTo, expiresMs: connectionStates.expiresMs });
  if (!st || st.expiresMs < Date.now()) return { ok: false, message: "This authorization request is unknown or expired (10 minutes). Start connecting again.", returnTo: st?.returnTo ?? null };
  const returnTo = st.returnTo;
  if (q.error) return { ok: false, message: `The platform did not grant access (${q.error}${q.error_description ? `: ${q.error_description}` : ""}).`, returnTo };
  if (!q.code) return { ok: false, message: "The platform's answer had no authorization code.", returnTo };
  const avail = availability(ctx.env, platformId);
  if (!avail.available) return { ok: false, message: avail.reason, returnTo };
  const vault = await TokenVault.fromEnv(ctx.env);
  const verifier = st.verifierSealed ? (await vault.open(st.verifierSealed, stateHash)).plaintext : undefined;
  const pctx = platformContext(ctx.env, ctx.baseUrl, avail.platform);
  const got = await avail.platform.exchangeCode(pctx, { code: q.code, ...(verifier ? { codeVerifier: verifier } : {}) });
  if (!got.ok) {
    const e = got.error;
    return { ok: false, message: e.kind === "refused" ? `${e.reason} ${e.advice}` : e.message, returnTo };
  }
  await saveConnection(ctx.env, st.accountId, avail.platform, got.value.account, got.value.tokens);
  return { ok: true, platform: platformId, handle: got.value.account.handle, returnTo };
}

async function saveConnection(env: Env, accountId: string, platform: Platform<unknown>, account: PlatformAccount, tokens: TokenSet) {
  const db = drizzle(env.DB);
  const existing = await db.select({ id: connections.id }).from(connections).where(and(eq(connections.accountId, accountId), eq(connections.platform, platform.id))).get();
  const id = existing?.id ?? newConnectionId();
  const vault = await TokenVault.fromEnv(env);
  const now = nowIso();
  const values = {
    status: "connected",
    statusReason: null,
    platformAccountId: account.id,
    handle: account.handle,
    restriction: account.restriction ?? null,
    extra: JSON.stringify(account.extra ?? {}),
    scopes: JSON.stringify(tokens.scopes),
    tokensSealed: await vault.seal(JSON.stringify(tokens), id),
    keyId: vault.keyId,
    expiresMs: tokens.expiresAt ?? null,
    refreshExpiresMs: tokens.refreshToken ? (tokens.refreshTokenExpiresAt ?? null) : (tokens.expiresAt ?? null),
    updatedAt: now,
  };
  await db.insert(connections).values({ id, accountId, platform: platform.id, createdAt: now, ...values }).onConflictDoUpdate({ target: [connections.accountId, connections.platform], set: values });
}

export async function getConnection(env: Env, accountId: string, platform: PlatformId): Promise<ConnectionRow | undefined> {
  return drizzle(env.DB).select().from(connections).where(and(eq(connections.accountId, accountId), eq(connections.platform, platform))).get();
}

export async function getConnectionById(env: Env, id: string): Promise<ConnectionRow | undefined> {
  return drizzle(env.DB).select().from(connections).where(eq(connections.id, id)).get();
}

/** Opens a connection's tokens; values sealed under the previous key are resealed now. */
export async function openTokens(env: Env, row: ConnectionRow): Promise<TokenSet> {
  const vault = await TokenVault.fromEnv(env);
  const { plaintext, stale } = await vault.open(row.tokensSealed, row.id);
  const tokens = JSON.parse(plaintext) as TokenSet;
  if (stale) await storeTokens(env, row.id, tokens);
  return tokens;
}

export async function storeTokens(env: Env, connectionId: string, tokens: TokenSet) {
  const vault = await TokenVault.fromEnv(env);
  await drizzle(env.DB)
    .update(connections)
    .set({ tokensSealed: await vault.seal(JSON.stringify(tokens), connectionId), keyId: vault.keyId, expiresMs: tokens.expiresAt ?? null, scopes: JSON.stringify(tokens.scopes), updatedAt: nowIso(), ...(tokens.refreshToken && tokens.refreshTokenExpiresAt ? { refreshExpiresMs: tokens.refreshTokenExpiresAt } : {}) })
    .where(eq(connections.id, connectionId));
}

/** Refreshes a connection's tokens at the platform and stores them; needs_reauth marks the connection. */
export async function refreshConnection(ctx: ServiceContext, row: ConnectionRow, onNeedsReauth: (row: ConnectionRow, reason: string) => Promise<void>): Promise<Result<TokenSet>> {
  const avail = availability(ctx.env, row.platform as PlatformId);
  if (!avail.available) return { ok: false, error: { kind: "refused", reason: avail.reason, advice: "Ask the operator to configure the platform." } };
  const tokens = await openTokens(ctx.env, row);
  if (!avail.platform.refresh || !tokens.refreshToken) {
    const reason = `${avail.platform.displayName} gives this app no refresh token: connect the account again.`;
    await onNeedsReauth(row, reason);
    return { ok: false, error: { kind: "needs_reauth", message: reason } };
  }
  const r = await avail.platform.refresh(platformContext(ctx.env, ctx.baseUrl, avail.platform), tokens);
  if (r.ok) {
    await storeTokens(ctx.env, row.id, r.value);
  } else if (r.error.kind === "needs_reauth") {
    await onNeedsReauth(row, r.error.message);
  }
  // A transient refresh failure never disconnects: the next sweep or step tries again.
  return r;
}

/**
 * Marks a connection needs_reauth and fails its waiting posts with that reason. Returns the posts
 * it failed, so the caller can send their publication.failed events.
 */
export async function markNeedsReauth(env: Env, row: ConnectionRow, reason: string): Promise<FailedPost[]> {
  const db = drizzle(env.DB);
  const message = `The ${row.platform} connection needs to be connected again: ${reason}`;
  const [, failed] = await db.batch([
    db.update(connections).set({ status: "needs_reauth", statusReason: reason, updatedAt: nowIso() }).where(eq(connections.id, row.id)),
    db
      .update(publications)
      .set({ status: "failed", error: message, advice: "Reconnect the account (dashboard Connections, or POST /api/v1/connections), then publish again.", updatedAt: nowIso() })
      // A post held by a running delivery is failed by that delivery itself.
      .where(and(eq(publications.connectionId, row.id), inArray(publications.status, [...WAITING]), isNull(publications.leaseToken)))
      .returning({ id: publications.id, webhookUrl: publications.webhookUrl }),
  ]);
  return failed;
}

/** Connections whose access token expires soon and that can refresh (the cron sweep). */
export async function connectionsExpiringBefore(env: Env, ms: number): Promise<ConnectionRow[]> {
  return drizzle(env.DB).select().from(connections).where(and(eq(connections.status, "connected"), lt(connections.expiresMs, ms))).limit(50).all();
}

export async function dailyPostsUsed(env: Env, connectionId: string, nowMs = Date.now()): Promise<number> {
  const midnight = new Date(nowMs);
  midnight.setUTCHours(0, 0, 0, 0);
  const r = await drizzle(env.DB)
    .select({ n: sql<number>`count(*)` })
    .from(publications)
    .where(and(eq(publications.connectionId, connectionId), gte(publications.createdMs, midnight.getTime()), inArray(publications.status, ["queued", "uploading", "processing", "published", "unconfirmed"])))
    .get();
  return r?.n ?? 0;
}

/** Every platform with its availability and, where connected, the connection. */
export async function listConnections(ctx: AccountContext) {
  const rows = await drizzle(ctx.env.DB).select().from(connections).where(eq(connections.accountId, ctx.principal.accountId)).all();
  const byPlatform = new Map(rows.map((r) => [r.platform, r]));
  const out = [];
  for (const id of PLATFORM_IDS) {
    const a = availability(ctx.env, id);
    const p = a.platform;
    const row = byPlatform.get(id);
    out.push({
      platform: id,
      display_name: p?.displayName ?? id,
      available: a.available,
      unavailable_reason: a.available ? null : a.reason,
      privacy_options: [...(p?.privacyOptions ?? [])],
      privacy_required: p?.privacyRequired ?? false,
      has_title: p?.hasTitle ?? false,
      aspects: platformAspects(id),
      shapes: platformShapesText(id),
      limits: p
        ? { min_duration_s: p.limits.minDurationSeconds, max_duration_s: p.limits.maxDurationSeconds, max_bytes: p.limits.maxBytes, caption_max_chars: p.limits.captionMaxChars, title_max_chars: p.limits.titleMaxChars ?? null, max_hashtags: p.limits.maxHashtags ?? null }
        : null,
      daily_posts: p && row ? { limit: p.limits.dailyPosts, used: await dailyPostsUsed(ctx.env, row.id) } : null,
      connection: row ? connectionView(row) : null,
    });
  }
  return { platforms: out };
}

/** Revokes at the platform where it can, forgets the tokens, and fails the posts still waiting. */
export async function disconnect(ctx: AccountContext, platform: PlatformId) {
  requireWrite(ctx);
  const row = await getConnection(ctx.env, ctx.principal.accountId, platform);
  if (!row) throw new NotFoundError(`No ${platform} connection on this account.`);
  const active = await drizzle(ctx.env.DB).select({ id: publications.id }).from(publications).where(and(eq(publications.connectionId, row.id), inArray(publications.status, ["uploading", "processing"]))).limit(1).all();
  if (active.length) throw new ConflictError(`A post to ${platform} is uploading right now (${active[0].id}). Wait until it finishes, then disconnect.`);
  let revoked = false;
  const avail = availability(ctx.env, platform);
  if (avail.platform?.revoke && avail.available) {
    const r = await avail.platform.revoke(platformContext(ctx.env, ctx.baseUrl, avail.platform), await openTokens(ctx.env, row));
    revoked = r.ok;
  }
  const db = drizzle(ctx.env.DB);
  await db.batch([
    db.update(publications).set({ status: "failed", error: `The ${platform} connection was removed.`, advice: "Connect the account again and publish again.", updatedAt: nowIso() }).where(and(eq(publications.connectionId, row.id), inArray(publications.status, [...WAITING]))),
    db.delete(connections).where(eq(connections.id, row.id)),
  ]);
  return { platform, disconnected: true as const, revoked_at_platform: revoked };
}
