// The publish Queue's consumer: moves one publication through its platform's steps. Never posts
// twice: a lease keeps two deliveries from running one publication at once, every step's state is
// stored before the next step (advance.ts sets the attempted mark before an irreversible one), and
// an outcome that cannot be known becomes `unconfirmed`, never a second try.
import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { nowIso, publications } from "../../db/schema";
import type { Env } from "../../env";
import { publicBaseUrl, type ServiceContext } from "../context";
import { fileUrl } from "../../storage/keys";
import { advance, type Progress } from "./advance";
import { availability, platformContext } from "./config";
import { getConnectionById, markNeedsReauth, openTokens, refreshConnection } from "./connections";
import { publishMessage, PublishMessageSchema, QUEUE_MAX_DELAY_SECONDS, type PublishMessage } from "./messages";
import type { PlatformError, PlatformId, TokenSet, VideoSource } from "./platforms/platform";
import { clipFacts, latestClipVersion, type PublicationRow } from "./publications";
import { deliverPublicationEvent } from "./events";
import { versionToPost } from "./renditions";

const ACTIVE = ["queued", "uploading", "processing"] as const;
/** A consumer holds a publication this long past its last stored step. */
export const LEASE_MS = 120_000;
/** Transient failures (network, 429, 5xx) tolerated before the post fails. */
export const MAX_RETRIES = 8;
/** Steps per Queue delivery; a longer upload continues in a fresh delivery. */
const MAX_MOVES_PER_DELIVERY = 200;

const backoffSeconds = (retries: number) => Math.min(30 * 2 ** retries, 3600);

export interface RunOptions {
  now?: () => number;
  fetch?: typeof fetch;
}

export async function handlePublishBatch(batch: MessageBatch<unknown>, env: Env, opts: RunOptions = {}) {
  for (const m of batch.messages) {
    const parsed = PublishMessageSchema.safeParse(m.body);
    if (!parsed.success) {
      console.error(JSON.stringify({ msg: "publish queue: unreadable message dropped", id: m.id }));
      m.ack();
      continue;
    }
    try {
      await handleMessage(env, parsed.data, opts);
      m.ack();
    } catch (e) {
      // Stored state makes a redelivery safe: it resumes, or reconciles the irreversible step.
      console.error(JSON.stringify({ msg: "publish queue: message failed, will be redelivered", kind: parsed.data.kind, publication_id: parsed.data.publication_id, error: String(e) }));
      m.retry({ delaySeconds: 30 });
    }
  }
}

export async function handleMessage(env: Env, msg: PublishMessage, opts: RunOptions = {}) {
  if (msg.kind === "event") return deliverPublicationEvent(env, msg);
  return runPublication(env, msg.publication_id, opts);
}

const send = (env: Env, id: string, delaySeconds: number) => env.PUBLISH_QUEUE.send(publishMessage(id), { delaySeconds: Math.max(0, Math.min(QUEUE_MAX_DELAY_SECONDS, Math.ceil(delaySeconds))) });
const getRow = (env: Env, id: string) => drizzle(env.DB).select().from(publications).where(eq(publications.id, id)).get();

async function queueEvent(env: Env, row: Pick<PublicationRow, "id" | "webhookUrl">, event: "publication.published" | "publication.failed") {
  if (row.webhookUrl) await env.PUBLISH_QUEUE.send({ kind: "event", publication_id: row.id, event, attempt: 1 } satisfies PublishMessage);
}

export async function runPublication(env: Env, id: string, opts: RunOptions = {}): Promise<void> {
  const now = opts.now ?? (() => Date.now());
  const db = drizzle(env.DB);
  let row = await getRow(env, id);
  if (!row) return;

  if (row.status === "scheduled") {
    // Early (the delay was capped at 12 h, or the cron sent it ahead): wait the rest.
    if ((row.scheduledMs ?? 0) > now() + 1000) return void (await send(env, id, ((row.scheduledMs ?? 0) - now()) / 1000));
    // The one transition that makes a scheduled post fire; a second message finds it taken.
    await db.update(publications).set({ status: "queued", updatedAt: nowIso() }).where(and(eq(publications.id, id), eq(publications.status, "scheduled")));
    row = await getRow(env, id);
    if (!row) return;
  }
  if (!(ACTIVE as readonly string[]).includes(row.status)) return;

  const lease = crypto.randomUUID();
  const claimed = await db
    .update(publications)
    .set({ leaseToken: lease, leaseUntilMs: now() + LEASE_MS })
    .where(and(eq(publications.id, id), inArray(publications.status, [...ACTIVE]), or(isNull(publications.leaseUntilMs), lt(publications.leaseUntilMs, now()))))
    .returning();
  if (!claimed.length) {
    // Another delivery holds it; look again once its lease would have run out.
    const held = await getRow(env, id);
    if (held && (ACTIVE as readonly string[]).includes(held.status)) await send(env, id, ((held.leaseUntilMs ?? now()) - now()) / 1000 + 1);
    return;
  }
  row = claimed[0];
  await new Run(env, row, lease, now, opts.fetch).go();
}

class Run {
  private readonly ctx: ServiceContext;
  constructor(private readonly env: Env, private row: PublicationRow, private readonly lease: string, private readonly now: () => number, private readonly fetcher?: typeof fetch) {
    this.ctx = { env, baseUrl: publicBaseUrl(env) };
  }

  private get db() {
    return drizzle(this.env.DB);
  }

  /** Writes under the lease; a lost lease (another delivery took over, or a cancel) stops this one. */
  private async save(fields: Partial<PublicationRow>, keepLease = true) {
    const set = { ...fields, updatedAt: nowIso(), ...(keepLease ? { leaseUntilMs: this.now() + LEASE_MS } : { leaseToken: null, leaseUntilMs: null }) };
    // Still active too: a post cancelled while queued is not brought back by a step that was under way.
    const done = await this.db
      .update(publications)
      .set(set)
      .where(and(eq(publications.id, this.row.id), eq(publications.leaseToken, this.lease), inArray(publications.status, [...ACTIVE])))
      .returning({ id: publications.id });
    if (!done.length) throw new Error("publication lease lost to another delivery, or the post was cancelled");
    this.row = { ...this.row, ...set };
  }

  private async finish(status: "published" | "failed" | "unconfirmed", fields: Partial<PublicationRow>) {
    await this.save({ status, ...fields, ...(status === "published" ? { publishedAt: nowIso() } : {}) }, false);
    await queueEvent(this.env, this.row, status === "published" ? "publication.published" : "publication.failed");
  }

  private fail(reason: string, advice: string) {
    return this.finish("failed", { error: reason, advice });
  }

  async go() {
    const conn = await getConnectionById(this.env, this.row.connectionId);
    if (!conn) return this.fail(`The ${this.row.platform} connection was removed.`, "Connect the account again and publish again.");
    if (conn.status !== "connected") return this.fail(`The ${this.row.platform} connection needs to be connected again: ${conn.statusReason ?? ""}`.trim(), "Reconnect the account, then publish again.");
    const avail = availability(this.env, this.row.platform as PlatformId);
    if (!avail.available) return this.fail(avail.reason, "Ask the operator to configure the platform, then publish again.");
    const platform = avail.platform;

    // The file is fixed at the first step, so a resumed upload sends the same bytes.
    let videoKey = this.row.videoKey;
    let facts;
    if (!videoKey) {
      const latest = await latestClipVersion(this.env, this.row.jobId, this.row.clipIndex);
      if (!latest) return this.fail("The clip no longer exists.", "Publish another clip.");
      const since = Math.max(this.row.createdMs, this.row.scheduledMs ?? 0);
      const toPost = await versionToPost(this.env, { jobId: this.row.jobId, clipIndex: this.row.clipIndex, since, platform: platform.displayName }, platform.limits, latest, this.now());
      if (toPost.kind === "failed") return this.fail(toPost.reason, toPost.advice);
      if (toPost.kind === "waiting") {
        // stays queued, lease released, until the rendition the platform needs has landed
        await this.save({}, false);
        return void (await send(this.env, this.row.id, toPost.seconds));
      }
      const version = toPost.version;
      facts = await clipFacts(this.env, version);
      videoKey = version.key;
      await this.save({ videoKey });
    } else {
      const version = await latestClipVersion(this.env, this.row.jobId, this.row.clipIndex);
      facts = await clipFacts(this.env, { key: videoKey, durationSeconds: version?.durationSeconds ?? 0 });
    }
    if (!facts) return this.fail("The clip's file is no longer stored (it may have expired).", "Re-render the clip, then publish it again.");
    const post = { caption: this.row.caption, ...(this.row.title ? { title: this.row.title } : {}), privacy: this.row.privacy as never };
    if (!this.row.stepState) {
      const violations = platform.checkLimits(facts, post);
      if (violations.length) return this.fail(violations.map((v) => v.message).join(" "), "Change the post or the clip so it fits the platform's rules.");
    }
    const files = this.env.FILES;
    const key = videoKey;
    const video: VideoSource = {
      ...facts,
      publicUrl: fileUrl(this.ctx.baseUrl, key),
      read: async (offset, length) => {
        const obj = await files.get(key, { range: { offset, length } });
        if (!obj) throw new Error("clip file vanished during upload");
        return new Uint8Array(await obj.arrayBuffer());
      },
    };

    let tokens: TokenSet = await openTokens(this.env, conn);
    const account = { id: conn.platformAccountId, handle: conn.handle, ...(conn.restriction ? { restriction: conn.restriction } : {}), extra: JSON.parse(conn.extra ?? "{}") as Record<string, string> };
    const pctx = platformContext(this.env, this.ctx.baseUrl, platform, this.fetcher);
    let progress: Progress = this.row.stepState ? { state: JSON.parse(this.row.stepState), attempt: this.row.stepAttempt, attempted: this.row.attempted } : { state: platform.publish.start({ post, video: facts, account }), attempt: 0, attempted: false };
    let reauthFailed: string[] = [];

    for (let moves = 0; moves < MAX_MOVES_PER_DELIVERY; moves++) {
      const out = await advance({
        platform,
        ctx: pctx,
        progress,
        account,
        post,
        video,
        persist: (p) => this.save({ stepState: JSON.stringify(p.state), stepAttempt: p.attempt, attempted: p.attempted }),
        tokens: {
          current: () => tokens,
          canRefresh: !!platform.refresh && !!tokens.refreshToken,
          refresh: async () => {
            const fresh = await getConnectionById(this.env, conn.id);
            const r = await refreshConnection(this.ctx, fresh ?? conn, async (c, reason) => {
              reauthFailed = await markNeedsReauth(this.env, c, reason);
            });
            if (r.ok) tokens = r.value;
            return r;
          },
        },
      });
      if (out.kind === "published") return this.finish("published", { postId: out.postId, postUrl: out.url, error: null, advice: null, stepState: JSON.stringify(progress.state), attempted: false });
      if (out.kind === "next") {
        progress = out.progress;
        await this.save({ stepState: JSON.stringify(progress.state), stepAttempt: progress.attempt, attempted: progress.attempted, ...(out.phase ? { status: out.phase } : {}) });
        if (out.delaySeconds > 0) {
          await this.save({}, false);
          return void (await send(this.env, this.row.id, out.delaySeconds));
        }
        continue;
      }
      progress = out.progress;
      await this.onError(out.error, progress, reauthFailed);
      return;
    }
    await this.save({}, false);
    await send(this.env, this.row.id, 0);
  }

  private async onError(error: PlatformError, progress: Progress, reauthFailed: string[]) {
    const state = { stepState: JSON.stringify(progress.state), stepAttempt: progress.attempt, attempted: progress.attempted };
    switch (error.kind) {
      case "transient": {
        const retries = this.row.retries + 1;
        if (retries > MAX_RETRIES) return this.finish("failed", { ...state, retries, error: `${this.row.platform} kept failing: ${error.message}`, advice: "The platform seems to be having trouble. Publish again later." });
        await this.save({ ...state, retries }, false);
        return void (await send(this.env, this.row.id, error.retryAfterSeconds ?? backoffSeconds(retries - 1)));
      }
      case "refused":
        return this.finish("failed", { ...state, error: error.reason, advice: error.advice });
      case "unknown_outcome":
        return this.finish("unconfirmed", { ...state, error: error.message, advice: `Check the ${this.row.platform} account: the post may be live. Katto will not try again, so it is never posted twice; publish again only if it is not there.` });
      case "needs_reauth": {
        const conn = await getConnectionById(this.env, this.row.connectionId);
        if (conn && conn.status === "connected") reauthFailed = await markNeedsReauth(this.env, conn, error.message);
        await this.finish("failed", { ...state, error: `The ${this.row.platform} connection needs to be connected again: ${error.message}`, advice: "Reconnect the account (dashboard Connections, or POST /api/v1/connections), then publish again." });
        for (const other of reauthFailed) {
          const r = await getRow(this.env, other);
          if (r) await queueEvent(this.env, r, "publication.failed");
        }
      }
    }
  }
}
