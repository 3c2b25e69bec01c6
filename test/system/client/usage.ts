// Usage of the TypeScript client generated from /openapi.json (openapi-typescript types +
// openapi-fetch). test/system/openapi.test.ts generates ./generated/katto-api.ts, type-checks this
// file against it with `tsc --noEmit`, then runs it against the local stack, so a drift between
// the document and what the API really accepts and returns fails the build.
import createClient from "openapi-fetch";
import type { components, paths } from "./generated/katto-api";

export type Job = components["schemas"]["Job"];
export type Usage = components["schemas"]["Usage"];

export function kattoClient(baseUrl: string, apiKey: string) {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${apiKey}` } });
}

/** createJob -> getJob -> listJobs -> getUsage, each through the typed client. */
export async function walkThrough(baseUrl: string, apiKey: string, videoUrl: string) {
  const client = kattoClient(baseUrl, apiKey);
  const created = await client.POST("/api/v1/jobs", {
    params: { header: { "Idempotency-Key": crypto.randomUUID() } },
    body: { url: videoUrl, config: { clipLength: "lt30" } },
  });
  if (!created.data) throw new Error(`createJob: ${created.response.status} ${created.error?.error}`);
  const id: string = created.data.id;

  const got = await client.GET("/api/v1/jobs/{id}", { params: { path: { id } } });
  if (!got.data) throw new Error(`getJob: ${got.response.status} ${got.error?.error}`);
  const job: Job = got.data;

  const listed = await client.GET("/api/v1/jobs", { params: { query: { limit: 5 } } });
  if (!listed.data) throw new Error(`listJobs: ${listed.response.status} ${listed.error?.error}`);

  const usage = await client.GET("/api/v1/usage");
  if (!usage.data) throw new Error(`getUsage: ${usage.response.status} ${usage.error?.error}`);

  const missing = await client.GET("/api/v1/jobs/{id}", { params: { path: { id: crypto.randomUUID() } } });
  return {
    created: { status: created.response.status, body: created.data, rateLimit: created.response.headers.get("X-RateLimit-Limit") },
    job,
    list: listed.data,
    usage: usage.data satisfies Usage,
    missing: { status: missing.response.status, error: missing.error?.error },
  };
}
