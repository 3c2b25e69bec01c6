// Baselines for bench/load.ts, served by the same runtime (wrangler's local workerd):
// - GET /jobs/:id: a bare Hono route that returns a small JSON object;
// - GET /jobs-io/:id: the same route plus the I/O that Katto's GET /api/v1/jobs/{id} cannot do
//   without (two Durable Object counters asked at once, as apiGate does, then one D1 batch of two
//   reads, as getJob does), with nothing else: the floor of that route on this runtime.
import { DurableObject } from "cloudflare:workers";
import { Hono } from "hono";

/** A counter in memory: the cheapest call a Durable Object can answer. */
export class Counter extends DurableObject {
  private n = 0;
  async hit(): Promise<number> {
    return ++this.n;
  }
}

type Bindings = { COUNTER: DurableObjectNamespace<Counter>; DB: D1Database };
const app = new Hono<{ Bindings: Bindings }>();
app.get("/jobs/:id", (c) => c.json({ id: c.req.param("id"), status: "queued" }));
app.get("/jobs-io/:id", async (c) => {
  const id = c.req.param("id");
  const ns = c.env.COUNTER;
  await Promise.all([ns.get(ns.idFromName("ip")).hit(), ns.get(ns.idFromName(`key:${id}`)).hit()]);
  const [job] = await c.env.DB.batch([c.env.DB.prepare("SELECT ?1 AS id, 'queued' AS status").bind(id), c.env.DB.prepare("SELECT ?1 AS job_id WHERE 0").bind(id)]);
  return c.json(job!.results[0]);
});
export default app;
