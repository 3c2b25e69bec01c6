// TikTok's HTTP calls: its `{data, error}` envelope, the error mapping, and the status read the upload
// steps and reconcile share (docs cited in tiktok.ts).
import { fail, ok, type PlatformContext, type PlatformError, type Result, type TokenSet } from "./platform";
import { call, httpError, jsonOf } from "./http";

export const auth = (t: TokenSet) => ({ authorization: `Bearer ${t.accessToken}`, "content-type": "application/json; charset=UTF-8" });

export type Envelope<T> = { data?: T; error?: { code?: string; message?: string; log_id?: string } };

/** TikTok answers `{data, error: {code: "ok" | <reason>, message}}`; maps a non-ok code. */
export function tiktokError(status: number, body: Envelope<unknown> | undefined, doing: string, retryAfter: string | null): PlatformError {
  const code = body?.error?.code ?? "";
  const said = body?.error?.message ? ` (${body.error.message})` : "";
  switch (code) {
    case "access_token_invalid":
    case "scope_not_authorized":
    case "scope_permission_missed":
      return { kind: "needs_reauth", message: `TikTok refused the grant while ${doing}: ${code}${said}` };
    case "rate_limit_exceeded":
      return { kind: "transient", message: `TikTok rate limit while ${doing}`, retryAfterSeconds: retryAfter ? Number(retryAfter) : 60 };
    case "spam_risk_too_many_posts":
      return { kind: "refused", reason: `TikTok refused the post: this account reached its daily posting cap${said}.`, advice: "Schedule it for tomorrow." };
    case "spam_risk_user_banned_from_posting":
      return { kind: "refused", reason: `TikTok refused the post: the account is banned from posting${said}.`, advice: "Check the account in the TikTok app." };
    case "reached_active_user_cap":
      return { kind: "refused", reason: `TikTok refused the post: the operator's app reached its daily active-creator cap${said}.`, advice: "Try again tomorrow, or ask the operator to apply for a higher cap." };
    case "unaudited_client_can_only_post_to_private_accounts":
      return { kind: "refused", reason: `TikTok refused the post: this app is not audited yet, so it may only post privately${said}.`, advice: "Publish with privacy private, or ask the operator to pass TikTok's audit." };
    case "privacy_level_option_mismatch":
      return { kind: "refused", reason: `TikTok refused the privacy choice for this account${said}.`, advice: "Pick one of the account's privacy options and publish again." };
    case "url_ownership_unverified":
    case "invalid_params":
    case "spam_risk":
      return { kind: "refused", reason: `TikTok refused the post: ${code}${said}.`, advice: "Check the caption and the clip, then publish again." };
  }
  if (status === 401) return { kind: "needs_reauth", message: `TikTok answered 401 while ${doing}.` };
  return httpError(status >= 400 ? status : 502, `TikTok answered ${status}${code ? ` ${code}` : ""} while ${doing}${said}`, retryAfter);
}

export async function api<T>(ctx: PlatformContext, tokens: TokenSet, path: string, body: unknown, doing: string): Promise<Result<T>> {
  const sent = await call(ctx, ctx.url("api", path), { method: "POST", headers: auth(tokens), body: JSON.stringify(body) });
  if (!sent.ok) return sent;
  const env = (await jsonOf(sent.value)) as Envelope<T> | undefined;
  if (!sent.value.ok || (env?.error?.code && env.error.code !== "ok") || !env?.data) return fail(tiktokError(sent.value.status, env, doing, sent.value.headers.get("retry-after")));
  return ok(env.data);
}

export interface StatusData {
  status?: string;
  fail_reason?: string;
  publicaly_available_post_id?: string[];
  uploaded_bytes?: number;
}

/**
 * status/fetch. Post ids are int64 numbers in the JSON, beyond a JavaScript number's exact range, so
 * they are read from the raw text.
 */
export async function fetchStatus(ctx: PlatformContext, tokens: TokenSet, publishId: string): Promise<Result<StatusData>> {
  const sent = await call(ctx, ctx.url("api", "/v2/post/publish/status/fetch/"), { method: "POST", headers: auth(tokens), body: JSON.stringify({ publish_id: publishId }) });
  if (!sent.ok) return sent;
  const raw = await sent.value.text();
  let env: Envelope<StatusData> | undefined;
  try {
    env = JSON.parse(raw) as Envelope<StatusData>;
  } catch {
    env = undefined;
  }
  if (!sent.value.ok || (env?.error?.code && env.error.code !== "ok") || !env?.data) return fail(tiktokError(sent.value.status, env, "reading the post's status", sent.value.headers.get("retry-after")));
  const ids = /"publicaly_available_post_id"\s*:\s*\[([^\]]*)\]/.exec(raw)?.[1];
  const exact = ids ? [...ids.matchAll(/"?(\d+)"?/g)].map((m) => m[1]) : [];
  return ok({ ...env.data, publicaly_available_post_id: exact });
}
