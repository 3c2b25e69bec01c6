// One move of a publication's state machine, independent of storage: the queue runner
// (src/services/publishing/run.ts) stores what this returns in D1; the adapter tests store it in memory.
// The rules that keep a post from going out twice live here, once for every platform:
//  - before a step the adapter calls irreversible, the "attempted" mark is persisted first;
//  - a progress found with that mark is never stepped again, only reconciled (read-only);
//  - a failed step keeps its state and counts the attempt, so the adapter can resync first;
//  - a lost answer to the irreversible step is reconciled at once; only when the platform cannot
//    tell does it stay unknown_outcome (the publication's `unconfirmed`).
import type { Platform, PlatformContext, PlatformError, PostRequest, PlatformAccount, Result, TokenSet, VideoSource } from "./platforms/platform";

export interface Progress {
  state: unknown;
  /** Tries of this same state so far. */
  attempt: number;
  /** Set (and stored) before an irreversible step; cleared once its outcome is known. */
  attempted: boolean;
}

export type Advanced =
  | { kind: "next"; progress: Progress; phase?: "uploading" | "processing"; delaySeconds: number }
  | { kind: "published"; postId: string; url: string }
  | { kind: "error"; error: PlatformError; progress: Progress };

export interface Tokens {
  current(): TokenSet;
  /** Refreshes and stores new tokens; a needs_reauth answer means the grant is gone. */
  refresh(): Promise<Result<TokenSet>>;
  canRefresh: boolean;
}

export interface AdvanceInput {
  platform: Platform<unknown>;
  ctx: PlatformContext;
  progress: Progress;
  tokens: Tokens;
  account: PlatformAccount;
  post: PostRequest;
  video: VideoSource;
  /** Stores the progress (with the attempted mark) before the irreversible call. */
  persist(progress: Progress): Promise<void>;
}

/** Times one state may be retried after refreshing on a 401. */
const MAX_REFRESH_RETRIES = 2;

/** Refresh this long before expiry, so a multi-step upload does not run into it. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

export async function advance(input: AdvanceInput): Promise<Advanced> {
  const { platform, ctx, tokens } = input;
  let progress = input.progress;
  const expiresAt = tokens.current().expiresAt;
  if (tokens.canRefresh && expiresAt !== undefined && expiresAt - ctx.now() < REFRESH_MARGIN_MS) {
    const r = await tokens.refresh();
    if (!r.ok) return { kind: "error", error: r.error, progress };
  }
  const call = { state: progress.state, attempt: progress.attempt, tokens: tokens.current(), account: input.account, post: input.post, video: input.video };

  let result;
  if (progress.attempted) {
    result = await platform.publish.reconcile(ctx, call);
  } else {
    if (platform.publish.irreversible(progress.state)) {
      progress = { ...progress, attempted: true };
      await input.persist(progress);
    }
    result = await platform.publish.step(ctx, call);
    // The publishing call's answer was lost: ask the platform (read-only) before calling it unknown.
    if (!result.ok && result.error.kind === "unknown_outcome" && progress.attempted) {
      const seen = await platform.publish.reconcile(ctx, call);
      if (seen.ok || seen.error.kind === "transient") result = seen;
    }
  }

  if (result.ok) {
    const o = result.value;
    if (o.kind === "published") return o;
    return { kind: "next", phase: o.phase, delaySeconds: o.kind === "wait" ? o.seconds : 0, progress: { state: o.state, attempt: 0, attempted: false } };
  }
  const error = result.error;
  // A 401 right after a fresh token is not an expired token: stop refreshing and report it.
  if (error.kind === "needs_reauth" && tokens.canRefresh && progress.attempt < MAX_REFRESH_RETRIES) {
    // A 401 means the call was not applied: refresh and let the caller go round again (through
    // reconcile if the attempted mark is set).
    const r = await tokens.refresh();
    if (!r.ok) return { kind: "error", error: r.error, progress };
    return { kind: "next", delaySeconds: 0, progress: { ...progress, attempt: progress.attempt + 1 } };
  }
  return { kind: "error", error, progress: { ...progress, attempt: progress.attempt + 1 } };
}
