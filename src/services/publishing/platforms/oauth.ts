// OAuth 2.0 token endpoint calls shared by the adapters (RFC 6749 §4.1.3 code exchange, §6 refresh,
// RFC 7009 revocation). Adapters pass their own endpoint and how the client authenticates; the
// answers map to TokenSet and PlatformError the same way on every platform.
import { fail, ok, type PlatformContext, type Result, type TokenSet } from "./platform";
import { call, httpError, jsonOf } from "./http";

export interface TokenEndpoint {
  url: string;
  /** "body": client_id/client_secret in the form (Google, TikTok's client_key); "basic": HTTP Basic (X). */
  clientAuth: "body" | "basic";
  /** Extra form fields (TikTok names its id client_key). */
  extra?: Record<string, string>;
  /** Field name of the client id in the body (default client_id). */
  clientIdField?: string;
}

interface RawToken {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number | string;
  refresh_expires_in?: number | string;
  refresh_token_expires_in?: number | string;
  scope?: string;
  error?: string;
  error_description?: string;
}

/** Posts a token request; `previous` keeps a refresh token the platform did not rotate. */
export async function tokenRequest(ctx: PlatformContext, ep: TokenEndpoint, form: Record<string, string>, previous?: TokenSet): Promise<Result<TokenSet>> {
  const body = new URLSearchParams(form);
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
  if (ep.clientAuth === "body") {
    body.set(ep.clientIdField ?? "client_id", ctx.clientId);
    body.set("client_secret", ctx.clientSecret);
  } else {
    headers.authorization = `Basic ${btoa(`${encodeURIComponent(ctx.clientId)}:${encodeURIComponent(ctx.clientSecret)}`)}`;
    body.set("client_id", ctx.clientId);
  }
  for (const [k, v] of Object.entries(ep.extra ?? {})) body.set(k, v);
  const sent = await call(ctx, ep.url, { method: "POST", headers, body });
  if (!sent.ok) return sent;
  const res = sent.value;
  const raw = ((await jsonOf(res)) ?? {}) as RawToken;
  // RFC 6749 §5.2: invalid_grant means the code or refresh token is no longer valid.
  if (raw.error === "invalid_grant" || raw.error === "unauthorized_client" || (res.status === 401 && form.grant_type === "refresh_token")) {
    return fail({ kind: "needs_reauth", message: `The platform refused the ${form.grant_type === "refresh_token" ? "refresh token" : "authorization code"} (${raw.error ?? res.status}). Connect the account again.` });
  }
  if (!res.ok || raw.error || !raw.access_token) {
    return fail(httpError(res.ok ? 400 : res.status, `Token endpoint answered ${res.status}${raw.error ? ` (${raw.error})` : ""}.`, res.headers.get("retry-after")));
  }
  const now = ctx.now();
  const seconds = (v: number | string | undefined) => (v === undefined ? undefined : Number(v));
  const expiresIn = seconds(raw.expires_in);
  const refreshIn = seconds(raw.refresh_expires_in ?? raw.refresh_token_expires_in);
  const refreshToken = raw.refresh_token ?? previous?.refreshToken;
  return ok({
    accessToken: raw.access_token,
    ...(refreshToken ? { refreshToken } : {}),
    ...(expiresIn ? { expiresAt: now + expiresIn * 1000 } : {}),
    ...(refreshIn ? { refreshTokenExpiresAt: now + refreshIn * 1000 } : raw.refresh_token ? {} : previous?.refreshTokenExpiresAt ? { refreshTokenExpiresAt: previous.refreshTokenExpiresAt } : {}),
    scopes: raw.scope ? raw.scope.split(/[ ,]+/).filter(Boolean) : (previous?.scopes ?? []),
  });
}
