// Jobs that several whole-system test files read without checking how they were made: each is
// made once per run, on first request, in one account, and every file that names it gets the same
// job (its id, and the account's e-mail, password and key). A file whose check is the making of a
// job (a door creating it, an upload, a cancel, a webhook at completion) makes its own. A file that
// changes a fixture job may only add to it (a new clip version, a transcript revision, a
// publication): the files that share it run one at a time, in any order, and each must pass
// whichever ran before it.
//
// Served by the system tests' global setup (./global-setup.ts) on loopback, because the files run
// in processes of their own: GET <fixturesUrl>/jobs/<name> creates the job the first time and
// answers every time with { job_id, account }. The test side is fixtureJob(), which waits for the
// job to complete with its HD files.
import { createServer, type Server } from "node:http";
import { inject } from "vitest";
import { apiCaller, media, pollJob, serveFiles } from "./helpers";

/** What a fixture job is: a source from ../shared/media and the job's config. */
export interface FixtureJobSpec {
  media: string;
  config: Record<string, unknown>;
}

export const FIXTURE_JOBS = {
  /** The 4.8 s talk as a 1080x1920 job of short clips: the cheapest complete job with HD files. */
  "talk-lt30": { media: "video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4", config: { clipLength: "lt30" } },
} satisfies Record<string, FixtureJobSpec>;

export type FixtureJobName = keyof typeof FIXTURE_JOBS;

/** The account the fixture jobs belong to: a creator with a dashboard password and a read/write key. */
export interface FixtureAccount {
  id: string;
  email: string;
  password: string;
  key: string;
}

export interface FixtureJobAnswer {
  job_id: string;
  account: FixtureAccount;
}

/** Start the fixture server for a stack; `close()` ends it and the media server it uses. */
export async function serveFixtureJobs(o: { baseUrl: string; adminToken: string }): Promise<{ url: string; close: () => Promise<void> }> {
  const files = await serveFiles(Object.fromEntries(Object.entries(FIXTURE_JOBS).map(([name, spec]) => [name, media(spec.media)])));
  const admin = { authorization: `Bearer ${o.adminToken}`, "content-type": "application/json" };
  let account: Promise<FixtureAccount> | undefined;
  const jobs = new Map<string, Promise<string>>();

  const makeAccount = async (): Promise<FixtureAccount> => {
    const email = `fixtures-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const password = "fixture jobs' long password";
    const a = await fetch(`${o.baseUrl}/admin/v1/accounts`, { method: "POST", headers: admin, body: JSON.stringify({ email, plan: "creator", password }) });
    if (a.status !== 201) throw new Error(`fixture account: ${a.status} ${await a.text()}`);
    const { id } = (await a.json()) as { id: string };
    const k = await fetch(`${o.baseUrl}/admin/v1/accounts/${id}/keys`, { method: "POST", headers: admin, body: JSON.stringify({ scopes: ["read", "write"] }) });
    if (k.status !== 201) throw new Error(`fixture key: ${k.status} ${await k.text()}`);
    return { id, email, password, key: ((await k.json()) as { key: string }).key };
  };
  const makeJob = async (name: FixtureJobName): Promise<string> => {
    const { key } = await (account ??= makeAccount());
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const body = JSON.stringify({ url: files.url(name), config: FIXTURE_JOBS[name].config });
    // the whole-system tests share 127.0.0.1 and its per-IP limit: wait out a 429 like a client
    for (let attempt = 0; ; attempt++) {
      const r = await fetch(`${o.baseUrl}/api/v1/jobs`, { method: "POST", headers, body });
      if (r.status === 201) return ((await r.json()) as { id: string }).id;
      if (r.status !== 429 || attempt >= 5) throw new Error(`fixture job ${name}: ${r.status} ${await r.text()}`);
      await new Promise((res) => setTimeout(res, (Number(r.headers.get("retry-after")) || 1) * 1000));
    }
  };

  const server: Server = createServer((req, res) => {
    const name = /^\/jobs\/([\w-]+)$/.exec(req.url ?? "")?.[1];
    if (!name || !(name in FIXTURE_JOBS)) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: `no fixture job ${req.url}; known: ${Object.keys(FIXTURE_JOBS).join(", ")}` }));
      return;
    }
    if (!jobs.has(name)) {
      const made = makeJob(name as FixtureJobName);
      // a failure is answered to every file that asks, not kept as an unhandled rejection
      made.catch(() => {});
      jobs.set(name, made);
    }
    Promise.all([jobs.get(name)!, account!]).then(
      ([job_id, acc]) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ job_id, account: acc } satisfies FixtureJobAnswer)),
      (e: Error) => res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: e.message })),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await files.close();
    },
  };
}

/**
 * A job made once per run and shared by the files that name it (FIXTURE_JOBS), completed with
 * its HD files: its id and final state, its account (e-mail and password for the dashboard) and a
 * client with the account's key.
 */
export async function fixtureJob(name: FixtureJobName) {
  const r = await fetch(`${inject("fixturesUrl")}/jobs/${name}`);
  const answer = (await r.json()) as FixtureJobAnswer & { error?: string };
  if (r.status !== 200) throw new Error(`fixture job ${name}: ${answer.error}`);
  const client = { account: { id: answer.account.id }, key: { key: answer.account.key }, call: apiCaller(answer.account.key) };
  const { job } = await pollJob(client.call, answer.job_id, (j) => j.status === "failed" || (j.status === "completed" && j.hd_ready === true));
  if (job.status !== "completed") throw new Error(`fixture job ${name} (${answer.job_id}) ended ${job.status}: ${JSON.stringify(job.error)}`);
  return { jobId: answer.job_id, job, account: answer.account, client };
}
