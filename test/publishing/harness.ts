// Drives an adapter against a stand-in the way the queue runner does (src/services/publishing/advance.ts),
// with progress kept in memory, so every adapter test exercises the same never-twice rules.
import { advance, type Advanced, type Progress } from "../../src/services/publishing/advance";
import type { ClipFacts, Platform, PlatformAccount, PlatformContext, PlatformError, PostRequest, TokenSet, VideoSource } from "../../src/services/publishing/platforms/platform";

export function contextFor(platform: Platform<unknown>, origin: string, creds: { clientId: string; clientSecret: string }, audited = false): PlatformContext {
  return {
    clientId: creds.clientId,
    clientSecret: creds.clientSecret,
    redirectUri: `http://127.0.0.1:8787/connections/callback/${platform.id}`,
    // Every host of the platform points at the one stand-in origin.
    url: (host, path) => {
      if (!(host in platform.hosts)) throw new Error(`${platform.id} has no host ${host}`);
      return new URL(path, origin).href;
    },
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
    audited,
  };
}

/** A clip of `size` random bytes with the given facts. */
export function memoryVideo(size: number, facts: Partial<ClipFacts> = {}, publicUrl = "http://127.0.0.1:1/clip.mp4"): VideoSource & { bytes: Uint8Array } {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 65536) crypto.getRandomValues(bytes.subarray(i, Math.min(size, i + 65536)));
  return { bytes, sizeBytes: size, durationSeconds: 30, width: 1080, height: 1920, contentType: "video/mp4", publicUrl, ...facts, read: async (o, n) => bytes.slice(o, o + n) };
}

/** Completes the OAuth code flow against the stand-in the way a browser would (follows no redirects). */
export async function connect(platform: Platform<unknown>, ctx: PlatformContext): Promise<{ tokens: TokenSet; account: PlatformAccount }> {
  const { pkcePair } = await import("../../src/services/publishing/platforms/http");
  const pkce = platform.pkce ? await pkcePair() : undefined;
  const url = platform.authorizeUrl(ctx, { state: "st-1", ...(pkce ? { codeChallenge: pkce.challenge } : {}) });
  const res = await fetch(url, { redirect: "manual" });
  const back = new URL(res.headers.get("location") ?? "");
  if (back.searchParams.get("state") !== "st-1") throw new Error("state not returned");
  const got = await platform.exchangeCode(ctx, { code: back.searchParams.get("code") ?? "", ...(pkce ? { codeVerifier: pkce.verifier } : {}) });
  if (!got.ok) throw new Error(`exchange failed: ${JSON.stringify(got.error)}`);
  return got.value;
}

export interface Run {
  outcome: Advanced;
  /** Every error seen along the way (transient ones are retried like the runner does). */
  errors: PlatformError[];
  progress: Progress;
  tokens: TokenSet;
}

/**
 * Advances until published or a non-transient error. `crashAfter(progress)` may stop the loop to
 * simulate a crash; the returned progress is what the runner would have stored.
 */
export async function publishToEnd(opts: {
  platform: Platform<unknown>;
  ctx: PlatformContext;
  tokens: TokenSet;
  account: PlatformAccount;
  post: PostRequest;
  video: VideoSource;
  progress?: Progress;
  stopWhen?: (p: Progress) => boolean;
  maxMoves?: number;
}): Promise<Run> {
  let tokens = opts.tokens;
  let progress: Progress = opts.progress ?? { state: opts.platform.publish.start({ post: opts.post, video: opts.video, account: opts.account }), attempt: 0, attempted: false };
  const errors: PlatformError[] = [];
  for (let moves = 0; moves < (opts.maxMoves ?? 200); moves++) {
    const outcome = await advance({
      platform: opts.platform,
      ctx: opts.ctx,
      progress,
      account: opts.account,
      post: opts.post,
      video: opts.video,
      persist: async (p) => {
        progress = p;
      },
      tokens: {
        current: () => tokens,
        canRefresh: !!opts.platform.refresh && !!tokens.refreshToken,
        refresh: async () => {
          const r = await opts.platform.refresh!(opts.ctx, tokens);
          if (r.ok) tokens = r.value;
          return r;
        },
      },
    });
    if (outcome.kind === "published") return { outcome, errors, progress, tokens };
    if (outcome.kind === "error") {
      errors.push(outcome.error);
      progress = outcome.progress;
      if (outcome.error.kind !== "transient") return { outcome, errors, progress, tokens };
      continue;
    }
    progress = outcome.progress;
    if (opts.stopWhen?.(progress)) return { outcome, errors, progress, tokens };
  }
  throw new Error("publication did not settle");
}
