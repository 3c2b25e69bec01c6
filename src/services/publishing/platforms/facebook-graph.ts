// Facebook's Graph API calls the adapter's steps and its token handling share: the versioned paths,
// the error mapping, the user-token exchange and the video status read (docs cited in facebook.ts).
import { fail, ok, type PlatformContext, type PlatformError, type Result } from "./platform";
import { call, jsonOf } from "./http";

export const FACEBOOK_GRAPH_VERSION = "v24.0";

export const v = (path: string) => `/${FACEBOOK_GRAPH_VERSION}${path}`;
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

interface GraphErrorBody {
  error?: { message?: string; code?: number; error_subcode?: number; error_user_msg?: string; is_transient?: boolean };
  debug_info?: { retriable?: boolean; type?: string; message?: string };
}

/** Maps a Graph API (or rupload) error answer to a PlatformError. */
export async function graphError(res: Response, doing: string): Promise<PlatformError> {
  const body = ((await jsonOf(res)) ?? {}) as GraphErrorBody;
  const e = body.error;
  const said = e?.error_user_msg ?? e?.message ?? body.debug_info?.message ?? `HTTP ${res.status}`;
  const code = e?.code;
  if (code === 190 || code === 102 || (res.status === 401 && !e)) {
    return { kind: "needs_reauth", message: `Facebook no longer accepts this connection's token while ${doing}. Connect the Page again.` };
  }
  if (code === 10 || (code !== undefined && code >= 200 && code < 300)) {
    return { kind: "needs_reauth", message: `Facebook says the app lacks a permission for ${doing} (${said}). Connect the Page again and grant every permission asked.` };
  }
  // The Reels daily cap: 30 API-published Reels per Page in a moving 24 h window.
  if (code === 4 && (e?.is_transient === false || /24-hour|per day|daily/i.test(said))) {
    return { kind: "refused", reason: `Facebook refused ${doing}: ${said}`, advice: "A Page may publish 30 Reels through the API in any 24 hours. Schedule this one for later." };
  }
  if (code === 4 || code === 17 || code === 32 || code === 613 || (code !== undefined && code >= 80000 && code <= 80014)) {
    return { kind: "transient", message: `Facebook is throttling requests (${said}).`, retryAfterSeconds: 300 };
  }
  if (code === 368) {
    return { kind: "refused", reason: `Facebook blocked ${doing} for a policy reason: ${said}`, advice: "Review Facebook's Community Standards for this clip; a blocked post is not retried." };
  }
  if (e?.is_transient || body.debug_info?.retriable || code === 1 || code === 2 || res.status >= 500 || res.status === 429) {
    return { kind: "transient", message: `Facebook had a temporary problem while ${doing} (${said}).` };
  }
  return { kind: "refused", reason: `Facebook refused ${doing}: ${said}`, advice: "Check the caption and that the Page can publish videos, then try again." };
}

/** Splits the stored refresh credential into the Page id and the long-lived user token. */
export const splitRefresh = (refreshToken: string | undefined) => {
  const at = refreshToken?.indexOf(":") ?? -1;
  return at > 0 ? { pageId: refreshToken!.slice(0, at), userToken: refreshToken!.slice(at + 1) } : null;
};

export async function exchangeUserToken(ctx: PlatformContext, params: Record<string, string>): Promise<Result<{ token: string; expiresIn?: number }>> {
  const u = new URL(ctx.url("graph", v("/oauth/access_token")));
  u.search = new URLSearchParams({ client_id: ctx.clientId, client_secret: ctx.clientSecret, ...params }).toString();
  const sent = await call(ctx, u.href, { method: "GET" });
  if (!sent.ok) return sent;
  if (!sent.value.ok) return fail(await graphError(sent.value, "exchanging the login"));
  const body = (await jsonOf(sent.value)) as { access_token?: string; expires_in?: number } | undefined;
  if (!body?.access_token) return fail({ kind: "transient", message: "Facebook's token endpoint answered without a token." });
  return ok({ token: body.access_token, ...(body.expires_in ? { expiresIn: body.expires_in } : {}) });
}

/** Reads a Graph object's `status` (video_status and the three phases). */
export async function videoStatus(ctx: PlatformContext, token: string, videoId: string) {
  const sent = await call(ctx, ctx.url("graph", v(`/${encodeURIComponent(videoId)}?fields=status`)), { headers: auth(token) });
  if (!sent.ok) return sent;
  if (!sent.value.ok) return fail(await graphError(sent.value, "reading the video's status"));
  const body = (await jsonOf(sent.value)) as {
    status?: {
      video_status?: string;
      uploading_phase?: { status?: string; bytes_transferred?: number };
      processing_phase?: { status?: string; errors?: { code?: number; message?: string }[] };
      publishing_phase?: { status?: string; publish_status?: string };
    };
  } | undefined;
  return ok(body?.status ?? {});
}
