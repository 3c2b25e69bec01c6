// One delivery's run of a publication the runner has claimed (runner.ts): check the connection,
// fix the file, check the post, then step the platform's state machine (advance.ts) until it
// publishes, fails, waits, or has done enough for one delivery. Every write goes through `save`,
// conditional on the lease, so a delivery that lost it stops instead of writing over another.
import { and, eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { nowIso, publications } from "../../db/schema";
import type { Env } from "../../env";
import { ServiceError } from "../../errors";
import { fileUrl } from "../../storage/keys";
import { publicBaseUrl, type ServiceContext } from "../context";
import { advance, type AdvanceInput, type Progress, type Tokens } from "./advance";
import { clipFacts, clipVersionToPost, type ClipVersion } from "./clip-versions";
import { availability, platformContext } from "./config";
import { getConnectionById, markNeedsReauth, openTokens, refreshConnection, type ConnectionRow, type FailedPost } from "./connections";
import { queuePublicationEvent } from "./events";
import { sendPublish } from "./messages";
import type { ClipFacts, CoverImage, Platform, PlatformAccount, PlatformError, PlatformId, PostRequest, Privacy, VideoSource } from "./platforms/platform";
import type { PublicationRow } from "./publications";
import { versionToPost } from "./renditions";
import { metricsOnPublish } from "./reading-schedule";
import { backoffSeconds } from "../../lib/backoff";

/** The statuses a runner works on. */
export const ACTIVE = ["queued", "uploading", "processing"] as const;
export const isActive = (status: string) => (ACTIVE as readonly string[]).includes(status);
/** A consumer holds a publication this long past its last stored step. */
export const LEASE_MS = 120_000;
/** Transient failures (network, 429, 5xx) tolerated before the post fails. */
export const MAX_RETRIES = 8;
/** Steps per Queue delivery; a longer upload continues in a fresh delivery. */
const MAX_MOVES_PER_DELIVERY = 200;

const publishBackoff = (retries: number) => backoffSeconds(retries, { firstS: 30, maxS: 3600 });

export interface RunOptions {
  now?: () => number;
  fetch?: typeof fetch;
}

/** Why a delivery stops before the platform is called: the post fails, or a later delivery goes on. */
type Halt = { halt: "fail"; reason: string; advice: string } | { halt: "wait"; seconds: number };
const failWith = (reason: string, advice: string): Halt => ({ halt: "fail", reason, advice });
const isHalt = (x: object): x is Halt => "halt" in x;

/** What the steps need once the connection, the file and the post have been checked. */
interface Checked {
  conn: ConnectionRow;
  platform: Platform<unknown>;
  videoKey: string;
  facts: ClipFacts;
  cover: ClipVersion["cover"];
  post: PostRequest;
}

/** The stored form of a progress (the publication's step columns). */
const stepFields = (p: Progress) => ({ stepState: JSON.stringify(p.state), stepAttempt: p.attempt, attempted: p.attempted });

const postOf = (row: PublicationRow): PostRequest => ({ caption: row.caption, ...(row.title ? { title: row.title } : {}), privacy: row.privacy as Privacy });

const accountOf = (conn: ConnectionRow): PlatformAccount => ({
  id: conn.platformAccountId,
  handle: conn.handle,
  ...(conn.restriction ? { restriction: conn.restriction } : {}),
  extra: JSON.parse(conn.extra ?? "{}") as Record<string, string>,
});

/** The clip's cover in R2 as the adapter reads it: the whole JPEG, or a URL for platforms that fetch it. */
function storedCover(files: R2Bucket, baseUrl: string, cover: NonNullable<ClipVersion["cover"]>): CoverImage {
  return {
    contentType: "image/jpeg",
    publicUrl: fileUrl(baseUrl, cover.key),
    timeSeconds: cover.timeSeconds,
    read: async () => {
      const obj = await files.get(cover.key);
      if (!obj) throw new Error("cover image vanished during upload");
      return new Uint8Array(await obj.arrayBuffer());
    },
  };
}

/** The clip file in R2 as the adapter reads it: byte ranges for chunked uploads, a URL for pull uploads, its cover. */
function storedVideo(files: R2Bucket, baseUrl: string, key: string, facts: ClipFacts, cover: ClipVersion["cover"]): VideoSource {
  return {
    ...facts,
    ...(cover ? { cover: storedCover(files, baseUrl, cover) } : {}),
    publicUrl: fileUrl(baseUrl, key),
    read: async (offset, length) => {
      const obj = await files.get(key, { range: { offset, length } });
      if (!obj) throw new Error("clip file vanished during upload");
      return new Uint8Array(await obj.arrayBuffer());
    },
  };
}

export class Run {
  private readonly ctx: ServiceContext;
  /** Posts this run failed by marking their connection needs_reauth; each gets its publication.failed. */
  private reauthFailed: FailedPost[] = [];

  constructor(private readonly env: Env, private row: PublicationRow, private readonly lease: string, private readonly now: () => number, private readonly fetcher?: typeof fetch) {
    this.ctx = { env, baseUrl: publicBaseUrl(env) };
  }

  async go() {
    const checked = await this.check();
    if (isHalt(checked)) return this.halt(checked);
    await this.steps(checked);
  }

  /** The connection, the file and the post, each checked; or why this delivery stops here. */
  private async check(): Promise<Checked | Halt> {
    const target = await this.connectedPlatform();
    if (isHalt(target)) return target;
    const file = await this.fileToUpload(target.platform);
    if (isHalt(file)) return file;
    const post = postOf(this.row);
    // Checked before the first step only: an upload under way goes on with the post it started.
    const broken = this.row.stepState ? [] : target.platform.checkLimits(file.facts, post);
    if (broken.length) return failWith(broken.map((v) => v.message).join(" "), "Change the post or the clip so it fits the platform's rules.");
    return { ...target, ...file, post };
  }

  private async connectedPlatform(): Promise<{ conn: ConnectionRow; platform: Platform<unknown> } | Halt> {
    const name = this.row.platform;
    const conn = await getConnectionById(this.env, this.row.connectionId);
    if (!conn) return failWith(`The ${name} connection was removed.`, "Connect the account again and publish again.");
    if (conn.status !== "connected") return failWith(`The ${name} connection needs to be connected again: ${conn.statusReason ?? ""}`.trim(), "Reconnect the account, then publish again.");
    const avail = availability(this.env, name as PlatformId);
    if (!avail.available) return failWith(avail.reason, "Ask the operator to configure the platform, then publish again.");
    return { conn, platform: avail.platform };
  }

  /** The file is fixed at the first step, so a resumed upload sends the same bytes. */
  private async fileToUpload(platform: Platform<unknown>): Promise<{ videoKey: string; facts: ClipFacts; cover: ClipVersion["cover"] } | Halt> {
    const named = await this.namedVersion();
    if (isHalt(named)) return named;
    // the cover of the version posted (a rendition shows that version rescaled)
    const version = this.row.videoKey ? { ...named, key: this.row.videoKey } : await this.firstVersion(platform, named);
    if (isHalt(version)) return version;
    const facts = await clipFacts(this.env, version);
    if (!facts) return failWith("The clip's file is no longer stored (it may have expired).", "Re-render the clip, then publish it again.");
    if (!this.row.videoKey) await this.save({ videoKey: version.key });
    return { videoKey: version.key, facts, cover: version.cover };
  }

  /** The version the publication names (posts from before versions were named: the newest completed one). */
  private async namedVersion(): Promise<ClipVersion | Halt> {
    try {
      const v = await clipVersionToPost(this.env, this.row.jobId, this.row.clipIndex, this.row.version);
      return v ?? failWith("The clip no longer exists.", "Publish another clip.");
    } catch (e) {
      if (e instanceof ServiceError) return failWith(e.message, "Publish a completed version of the clip.");
      throw e;
    }
  }

  /** Before the first step: the version named, or the rendition of it the platform needs (waited for while queued). */
  private async firstVersion(platform: Platform<unknown>, named: ClipVersion): Promise<ClipVersion | Halt> {
    const since = Math.max(this.row.createdMs, this.row.scheduledMs ?? 0);
    const toPost = await versionToPost(this.env, { jobId: this.row.jobId, clipIndex: this.row.clipIndex, since, platform: platform.displayName }, platform.limits, named, this.now());
    if (toPost.kind === "failed") return failWith(toPost.reason, toPost.advice);
    if (toPost.kind === "waiting") return { halt: "wait", seconds: toPost.seconds };
    return toPost.version;
  }

  /** Steps the platform's state machine until it publishes, fails, waits, or this delivery has done enough. */
  private async steps(c: Checked) {
    const input = await this.advanceInput(c);
    let progress = this.storedProgress(c, input);
    for (let moves = 0; moves < MAX_MOVES_PER_DELIVERY; moves++) {
      const out = await advance({ ...input, progress });
      if (out.kind === "published") {
        // one instant for published_at and the readings due after it (1 h, 24 h, 7 d from it exactly)
        const at = this.now();
        return this.finish("published", { postId: out.postId, postUrl: out.url, error: null, advice: null, stepState: JSON.stringify(progress.state), attempted: false, publishedAt: new Date(at).toISOString(), ...metricsOnPublish(c.platform, at) });
      }
      if (out.kind === "error") return this.onError(out.error, out.progress);
      progress = out.progress;
      await this.save({ ...stepFields(progress), ...(out.phase ? { status: out.phase } : {}) });
      if (out.delaySeconds > 0) return this.pause(out.delaySeconds);
    }
    await this.pause(0);
  }

  private async advanceInput(c: Checked): Promise<Omit<AdvanceInput, "progress">> {
    return {
      platform: c.platform,
      ctx: platformContext(this.env, this.ctx.baseUrl, c.platform, this.fetcher),
      account: accountOf(c.conn),
      post: c.post,
      video: storedVideo(this.env.FILES, this.ctx.baseUrl, c.videoKey, c.facts, c.cover),
      tokens: await this.tokens(c.conn, c.platform),
      persist: (p) => this.save(stepFields(p)),
    };
  }

  /** Where the last delivery left off, or the platform's first state. */
  private storedProgress(c: Checked, input: Pick<AdvanceInput, "account">): Progress {
    if (this.row.stepState) return { state: JSON.parse(this.row.stepState), attempt: this.row.stepAttempt, attempted: this.row.attempted };
    return { state: c.platform.publish.start({ post: c.post, video: c.facts, account: input.account }), attempt: 0, attempted: false };
  }

  /** The connection's tokens; a refresh the platform refuses marks it needs_reauth, which fails its waiting posts. */
  private async tokens(conn: ConnectionRow, platform: Platform<unknown>): Promise<Tokens> {
    let current = await openTokens(this.env, conn);
    return {
      current: () => current,
      get canRefresh() {
        return !!platform.refresh && !!current.refreshToken;
      },
      refresh: async () => {
        const fresh = await getConnectionById(this.env, conn.id);
        const r = await refreshConnection(this.ctx, fresh ?? conn, async (c, reason) => {
          this.reauthFailed = await markNeedsReauth(this.env, c, reason);
        });
        if (r.ok) current = r.value;
        return r;
      },
    };
  }

  private async onError(error: PlatformError, progress: Progress) {
    const state = stepFields(progress);
    switch (error.kind) {
      case "transient": {
        const retries = this.row.retries + 1;
        if (retries > MAX_RETRIES) return this.finish("failed", { ...state, retries, error: `${this.row.platform} kept failing: ${error.message}`, advice: "The platform seems to be having trouble. Publish again later." });
        await this.save({ ...state, retries }, false);
        return void (await sendPublish(this.env, this.row.id, error.retryAfterSeconds ?? publishBackoff(retries - 1)));
      }
      case "refused":
        return this.finish("failed", { ...state, error: error.reason, advice: error.advice });
      case "unknown_outcome":
        return this.finish("unconfirmed", { ...state, error: error.message, advice: `Check the ${this.row.platform} account: the post may be live. Katto will not try again, so it is never posted twice; publish again only if it is not there.` });
      case "needs_reauth":
        return this.needsReauth(error.message, state);
    }
  }

  /** The grant is gone: this post fails, and so do the others waiting on the connection (each with its event). */
  private async needsReauth(message: string, state: ReturnType<typeof stepFields>) {
    const conn = await getConnectionById(this.env, this.row.connectionId);
    if (conn && conn.status === "connected") this.reauthFailed = await markNeedsReauth(this.env, conn, message);
    await this.finish("failed", { ...state, error: `The ${this.row.platform} connection needs to be connected again: ${message}`, advice: "Reconnect the account (dashboard Connections, or POST /api/v1/connections), then publish again." });
    for (const other of this.reauthFailed) await queuePublicationEvent(this.env, other, "publication.failed");
  }

  private halt(h: Halt) {
    return h.halt === "fail" ? this.fail(h.reason, h.advice) : this.pause(h.seconds);
  }

  /** Stays as it is with the lease released; a later delivery goes on in `seconds`. */
  private async pause(seconds: number) {
    await this.save({}, false);
    await sendPublish(this.env, this.row.id, seconds);
  }

  private fail(reason: string, advice: string) {
    return this.finish("failed", { error: reason, advice });
  }

  private async finish(status: "published" | "failed" | "unconfirmed", fields: Partial<PublicationRow>) {
    await this.save({ status, ...(status === "published" ? { publishedAt: new Date(this.now()).toISOString() } : {}), ...fields }, false);
    await queuePublicationEvent(this.env, this.row, status === "published" ? "publication.published" : "publication.failed");
  }

  /** Writes under the lease; a lost lease (another delivery took over, or a cancel) stops this one. */
  private async save(fields: Partial<PublicationRow>, keepLease = true) {
    const set = { ...fields, updatedAt: nowIso(), ...(keepLease ? { leaseUntilMs: this.now() + LEASE_MS } : { leaseToken: null, leaseUntilMs: null }) };
    // Still active too: a post cancelled while queued is not brought back by a step that was under way.
    const done = await drizzle(this.env.DB)
      .update(publications)
      .set(set)
      .where(and(eq(publications.id, this.row.id), eq(publications.leaseToken, this.lease), inArray(publications.status, [...ACTIVE])))
      .returning({ id: publications.id });
    if (!done.length) throw new Error("publication lease lost to another delivery, or the post was cancelled");
    this.row = { ...this.row, ...set };
  }
}
