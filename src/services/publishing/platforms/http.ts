// The HTTP helpers every adapter uses, kept in one place so platform errors map the same way
// everywhere: an HTTP failure as a PlatformError, a fetch that never throws, a JSON body read that
// never throws, and the PKCE pair of an OAuth authorization. The adapter contract: platform.ts.
import { base64url, randomToken, sha256Bytes } from "../../../lib/crypto";
import { fail, ok, type PlatformContext, type PlatformError, type Result } from "./platform";

/** Maps an HTTP failure the platform did not explain further. */
export function httpError(status: number, message: string, retryAfter?: string | null): PlatformError {
  if (status === 401) return { kind: "needs_reauth", message };
  if (status === 429 || status >= 500 || status === 408) {
    const seconds = retryAfter ? Number.parseInt(retryAfter, 10) : Number.NaN;
    return { kind: "transient", message, ...(Number.isFinite(seconds) && seconds >= 0 ? { retryAfterSeconds: seconds } : {}) };
  }
  return { kind: "refused", reason: message, advice: "Check the post's settings and the connected account, then try again." };
}

/**
 * A fetch that turns a network failure into a value. `mayHavePublished` marks calls whose effect is
 * unknown when the answer is lost (the publishing call): they become unknown_outcome, not transient.
 */
export async function call(ctx: PlatformContext, input: string, init: RequestInit, mayHavePublished = false): Promise<Result<Response>> {
  try {
    return ok(await ctx.fetch(input, init));
  } catch (e) {
    const what = `${init.method ?? "GET"} ${new URL(input).host}${new URL(input).pathname}`;
    return fail(mayHavePublished ? { kind: "unknown_outcome", message: `No answer from ${what}: the post may or may not exist.` } : { kind: "transient", message: `Network error calling ${what}: ${e instanceof Error ? e.name : "error"}` });
  }
}


/** A PKCE verifier and its S256 challenge (RFC 7636 §4.1-4.2). */
export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = randomToken(32);
  return { verifier, challenge: base64url(await sha256Bytes(verifier)) };
}

/** Reads a JSON body without throwing on a non-JSON answer. */
export async function jsonOf(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}
