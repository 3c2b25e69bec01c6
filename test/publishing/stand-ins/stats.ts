// The numbers each stand-in reports for its posts through the platform's statistics/insights call
// (src/services/publishing/platforms/metrics.ts). A test sets them in code (`standIn.stats.set(id, {...})`)
// or over HTTP (POST /__stand-in/stats {post_id, views, ...}); a post without numbers set reports
// zeros. `remove(id)` makes the post deleted on the platform: its statistics read answers as the
// platform does for a missing post. The faults `metrics_forbidden` (the grant lacks the insights
// permission) and `post_deleted` hit the next statistics read; `rate_limited` answers it with the
// platform's own throttling shape and headers.
import type { Hono } from "hono";

export interface PostNumbers {
  views: number;
  likes: number;
  comments: number;
  shares: number;
  /** Average watch time in milliseconds (platforms that report it). */
  avg_watch_ms: number;
  /** Platform-specific parts (X: retweets/quotes apart; Threads: reposts/quotes). */
  reposts: number;
  quotes: number;
  saved: number;
}

export class PostStats {
  private readonly numbers = new Map<string, PostNumbers>();
  private readonly removed = new Set<string>();
  /** Statistics reads answered, by post id (a test counts them). */
  readonly reads: string[] = [];

  set(id: string, n: Partial<PostNumbers>) {
    this.numbers.set(id, { ...this.of(id), ...n });
  }
  of(id: string): PostNumbers {
    return this.numbers.get(id) ?? { views: 0, likes: 0, comments: 0, shares: 0, avg_watch_ms: 0, reposts: 0, quotes: 0, saved: 0 };
  }
  remove(id: string) {
    this.removed.add(id);
  }
  isRemoved(id: string) {
    return this.removed.has(id);
  }
  read(id: string) {
    this.reads.push(id);
    return this.of(id);
  }
  clear() {
    this.numbers.clear();
    this.removed.clear();
    this.reads.length = 0;
  }
}

/** POST /__stand-in/stats {post_id, deleted?, ...numbers}: set a post's numbers from another process. */
export function statsRoutes(app: Hono, stats: PostStats) {
  app.post("/__stand-in/stats", async (c) => {
    const { post_id, deleted, ...n } = (await c.req.json()) as { post_id: string; deleted?: boolean } & Partial<PostNumbers>;
    if (deleted) stats.remove(post_id);
    else stats.set(post_id, n);
    return c.json({ post_id, numbers: stats.of(post_id), deleted: stats.isRemoved(post_id) });
  });
  app.get("/__stand-in/stats", (c) => c.json({ reads: stats.reads }));
}
