// Hono's SmartRouter uses RegExpRouter (one precompiled match per request) unless one route cannot
// be expressed in it; then every request of every route falls back to TrieRouter, a walk that cost
// GET /api/v1/jobs/{id} about 0.4 ms of CPU per request (bench/load.ts). A route shape that forces
// the fallback (for example a static segment beside a parameter that continues:
// /x/connect next to /x/:platform/disconnect) fails here with its path.
import { describe, expect, it } from "vitest";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { buildApp } from "../../../src/app";

describe("routing", () => {
  it("every route fits RegExpRouter, so SmartRouter keeps it", () => {
    const app = buildApp();
    const router = new RegExpRouter<unknown>();
    let refused: string | undefined;
    try {
      for (const r of app.routes) router.add(r.method, r.path, r.handler);
      router.match("GET", "/"); // RegExpRouter compiles (and may refuse a path) on its first match
    } catch (e) {
      refused = `RegExpRouter refuses ${(e as Error).message}`;
    }
    expect(refused).toBeUndefined();
    app.router.match("GET", "/api/v1/jobs/x");
    expect((app.router as { activeRouter?: { name: string } }).activeRouter?.name).toBe("RegExpRouter");
  });
});
