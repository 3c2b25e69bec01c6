// Failure modes a stand-in can be told to produce (src/services/publishing/platforms/platform.ts "Testing").
// Armed in code (`standIn.faults.arm("chunk_fails")`) or over HTTP through controlRoutes(), so a
// stand-in running in another process (the local stack, workerd's outbound service) is steered alike.
import type { Hono } from "hono";
import type { PostStats } from "./stats.ts";

export const FAULTS = ["expired_token", "refresh_fails", "rate_limited", "daily_quota", "chunk_fails", "processing_fails", "policy_refusal", "publish_timeout", "metrics_forbidden", "post_deleted"] as const;
export type Fault = (typeof FAULTS)[number];

export class Faults {
  private armed = new Map<Fault, number>();
  /** The next `times` occasions for `fault` fail. */
  arm(fault: Fault, times = 1) {
    this.armed.set(fault, (this.armed.get(fault) ?? 0) + times);
  }
  /** True (and consumed) when `fault` is armed. */
  take(fault: Fault): boolean {
    const n = this.armed.get(fault) ?? 0;
    if (n <= 0) return false;
    this.armed.set(fault, n - 1);
    return true;
  }
  clear() {
    this.armed.clear();
  }
  list() {
    return Object.fromEntries(this.armed);
  }
}

/**
 * Marks a response whose reply is lost after the platform applied the request: the server wrapper
 * (serve.ts, or the workers outbound service) drops the connection instead of answering.
 */
export const DROP_HEADER = "x-stand-in-drop";
export const dropConnection = (): Response => new Response(null, { status: 599, headers: { [DROP_HEADER]: "1" } });

/** Control endpoints every stand-in mounts: arm faults, read state, reset. */
export function controlRoutes(app: Hono, stats: PostStats, faults: Faults, state: () => unknown, reset: () => void) {
  app.post("/__stand-in/faults", async (c) => {
    const { name, times } = (await c.req.json()) as { name: Fault; times?: number };
    if (!FAULTS.includes(name)) return c.json({ error: `unknown fault ${name}` }, 400);
    faults.arm(name, times ?? 1);
    return c.json({ armed: faults.list() });
  });
  app.get("/__stand-in/state", (c) => c.json(state() as object));
  app.post("/__stand-in/reset", (c) => {
    reset();
    faults.clear();
    stats.clear();
    return c.json({ reset: true });
  });
}

export interface StandIn {
  app: Hono;
  faults: Faults;
  /** Client id/secret the stand-in accepts. */
  clientId: string;
  clientSecret: string;
  /** The numbers the platform's statistics call reports per post (stats.ts). */
  stats: PostStats;
}
