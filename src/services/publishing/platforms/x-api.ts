// X API v2's answers: the bearer header and the error mapping every X call shares (docs cited in x.ts).
import type { PlatformContext, PlatformError } from "./platform";
import { jsonOf } from "./http";

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Maps an X API error answer (RFC 7807-style `{title, detail, type}` or `{errors:[…]}`) to a PlatformError. */
export async function xError(res: Response, doing: string, ctx: PlatformContext): Promise<PlatformError> {
  const body = ((await jsonOf(res)) ?? {}) as { title?: string; detail?: string; type?: string; errors?: { message?: string; detail?: string }[] };
  const said = body.detail ?? body.errors?.[0]?.detail ?? body.errors?.[0]?.message ?? body.title ?? `HTTP ${res.status}`;
  const h = (name: string) => res.headers.get(name);
  const secondsUntil = (epoch: string | null) => (epoch ? Math.max(1, Number(epoch) - Math.floor(ctx.now() / 1000)) : undefined);
  if (res.status === 401) return { kind: "needs_reauth", message: `X no longer accepts this connection's token while ${doing}.` };
  if (res.status === 429) {
    // The 24-hour caps (per user, per app) are a refusal for today; the 15-minute windows are a wait.
    const user24 = h("x-user-limit-24hour-remaining") === "0";
    const app24 = h("x-app-limit-24hour-remaining") === "0";
    if (user24 || app24) {
      const reset = Number(h(user24 ? "x-user-limit-24hour-reset" : "x-app-limit-24hour-reset"));
      const at = Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000).toISOString() : "in 24 hours";
      return {
        kind: "refused",
        reason: `X refused ${doing}: the ${user24 ? "account's" : "app's"} 24-hour posting limit (${h(user24 ? "x-user-limit-24hour-limit" : "x-app-limit-24hour-limit") ?? "?"} posts) is used up.`,
        advice: `The limit resets at ${at}. Schedule the post after that.`,
      };
    }
    const retry = secondsUntil(h("x-rate-limit-reset"));
    return { kind: "transient", message: `X is rate limiting ${doing} (${said}).`, ...(retry ? { retryAfterSeconds: retry } : {}) };
  }
  if (body.type?.endsWith("/usage-capped")) {
    return { kind: "refused", reason: `X refused ${doing}: the app's monthly usage cap is reached (${said}).`, advice: "Ask the operator to check the X developer project's plan; posting resumes when the cap resets." };
  }
  if (res.status === 403) {
    return { kind: "refused", reason: `X refused ${doing}: ${said}`, advice: /duplicate/i.test(said) ? "X does not allow posting the same text twice; change the caption." : "Check the post against X's rules and that the account can post videos." };
  }
  if (res.status >= 500) return { kind: "transient", message: `X had a temporary problem while ${doing} (${said}).` };
  return { kind: "refused", reason: `X refused ${doing}: ${said}`, advice: "Check the caption and the clip, then try again." };
}
