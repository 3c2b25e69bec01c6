// Baseline for bench/api.ts: a bare Hono route on the same runtime (wrangler's local workerd).
import { Hono } from "hono";

const app = new Hono();
app.get("/jobs/:id", (c) => c.json({ id: c.req.param("id"), status: "queued" }));
export default app;
