// Publishing: list the platforms and connected accounts; publish a clip now or at a time.
import { PLATFORM_IDS, PLATFORM_SHAPES_SUMMARY } from "@katto/protocol";
import { type CreatePublicationBody, CreatePublicationBodySchema } from "@katto/protocol/api";
import type { Katto, Schemas } from "@katto/sdk";
import { type Command, type Context, intArg, type Values } from "../command";
import { CliError, EXIT } from "../exit-codes";
import { schemaFlags } from "../schema-flags";
import { table } from "../output";
import { parseTimeout } from "../watch";

const SETTLED = new Set(["published", "unconfirmed", "failed", "cancelled"]);
/** Poll every 3 s, like `jobs watch`: well inside the 60/min read limit. */
const POLL_MS = 3000;

type Publication = Schemas["Publication"];

export const connectionsList: Command = {
  words: ["connections", "list"],
  summary: "List the publishing platforms: available or not (and why), the clip shapes each takes, and the connected account.",
  usage: "katto connections list",
  args: 0,
  examples: ["katto connections list", "katto connections list --json | jq '.platforms[] | select(.connection)'"],
  async run(ctx) {
    const katto = ctx.katto();
    const r = await katto.unwrap(katto.api.GET("/api/v1/connections"));
    ctx.ui.result(r, () =>
      table(
        ["PLATFORM", "STATUS", "SHAPES", "ACCOUNT", "TODAY", "NOTE"],
        r.platforms.map((p) => [
          p.platform,
          p.connection ? p.connection.status : p.available ? "not connected" : "unavailable",
          p.shapes,
          p.connection?.handle,
          p.daily_posts ? `${p.daily_posts.used}/${p.daily_posts.limit}` : null,
          p.connection?.status_reason ?? p.connection?.restriction ?? p.unavailable_reason,
        ]),
      ),
    );
  },
};

async function waitForPublication(katto: Katto, ctx: Context, id: string, timeoutS: number | undefined): Promise<Publication> {
  const deadline = timeoutS === undefined ? undefined : Date.now() + timeoutS * 1000;
  try {
    for (;;) {
      const p = await katto.unwrap(katto.api.GET("/api/v1/publications/{id}", { params: { path: { id } } }));
      if (SETTLED.has(p.status)) return p;
      ctx.ui.progress(`Publication ${id}  ${p.status}…`);
      if (deadline !== undefined && Date.now() + POLL_MS > deadline) throw new CliError(EXIT.timeout, `Gave up waiting after ${timeoutS} s; publication ${id} is ${p.status} and keeps going. Check it with katto publish --help or GET /api/v1/publications/${id}.`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    ctx.ui.done();
  }
}

const describe = (p: Publication) =>
  [`publication: ${p.id}`, `platform:    ${p.platform}`, ...(p.version ? [`version:     ${p.version}`] : []), `status:      ${p.status}`, ...(p.scheduled_at ? [`scheduled:   ${p.scheduled_at}`] : []), ...(p.post_url ? [`url:         ${p.post_url}`] : []), ...(p.error ? [`error:       ${p.error}`, `advice:      ${p.advice ?? "-"}`] : []), ...metricsLines(p)].join("\n");

/** The publication's readings (views, likes, comments, shares at 1h/24h/7d), or why there are none. */
export function metricsLines(p: Publication): string[] {
  const m = p.metrics;
  if (!m) return [];
  const n = (x: number | null) => (x === null ? "-" : String(x));
  return [
    `metrics:     ${m.status}${m.reason ? ` (${m.reason})` : ""}${m.next_reading ? `, next ${m.next_reading.at} at ${m.next_reading.due_at}` : ""}`,
    ...m.readings.map((r) => `  ${r.at.padEnd(4)} ${n(r.views)} views, ${n(r.likes)} likes, ${n(r.comments)} comments, ${n(r.shares)} shares (read ${r.fetched_at})`),
  ];
}

/** A date-time as the API takes it (ISO 8601 with offset), from anything Date.parse reads. */
function isoTime(text: string, flag: string): string {
  const ms = Date.parse(text);
  if (!Number.isFinite(ms)) throw new CliError(EXIT.usage, `--${flag} must be a date-time such as 2026-11-24T17:00:00Z, got "${text}".`);
  return new Date(ms).toISOString();
}

/** A flag for every field of the API's publication body: --to (platform), --caption, --title, --privacy, --at (scheduled_at), --webhook-url. */
export const publishFlags = schemaFlags(CreatePublicationBodySchema, { names: { platform: "to", scheduled_at: "at" }, parse: { scheduled_at: isoTime } });

export const publish: Command = {
  words: ["publish"],
  summary: "Publish a finished clip to a connected platform, now or at a time (free; never posts twice).",
  usage: `katto publish <job-id> <clip-index> ${publishFlags.usage.replace(/^\[(--to [^\]]+)\]/, "$1").replace("--at TEXT", "--at TIME")} [--wait] [--timeout SECONDS]`,
  notes: [
    `Shapes each platform takes (a clip of another shape is refused before anything is uploaded; choose --aspect in katto clip, or katto rerender --aspect): ${PLATFORM_SHAPES_SUMMARY}.`,
    "Without --caption, the clip's post copy is posted (edit it with katto clips edit).",
  ],
  args: 2,
  options: { ...publishFlags.options, wait: { type: "boolean" }, timeout: { type: "string" } },
  examples: [
    "katto publish $ID 0 --to youtube --title 'It clicked' --caption 'The moment #shorts' --wait",
    "katto publish $ID 1 --to tiktok --privacy private --at 2026-11-24T17:00:00Z",
    "katto publish $ID 0 --to linkedin --version original   # the first render, not the newest re-render",
  ],
  async run(ctx, [jobId, index], v: Values) {
    const body = (publishFlags.read(v) ?? {}) as CreatePublicationBody;
    if (!body.platform) throw new CliError(EXIT.usage, `--to is required (one of ${PLATFORM_IDS.join(", ")}). See katto connections list.`);
    const timeout = parseTimeout(v.timeout as string | undefined);
    const katto = ctx.katto();
    const created = await katto.unwrap(katto.api.POST("/api/v1/jobs/{id}/clips/{clip_index}/publications", { params: { path: { id: jobId, clip_index: intArg(index, "clip-index") } }, body }));
    const done = v.wait ? await waitForPublication(katto, ctx, created.id, timeout) : created;
    if (done.status === "failed") throw new CliError(EXIT.jobFailed, `Publication ${done.id} failed: ${done.error ?? "no reason given"}${done.advice ? ` ${done.advice}` : ""}`);
    if (!v.wait) ctx.ui.note(`Publication ${created.id} is ${created.status}; follow it with --wait next time.`);
    ctx.ui.result(done, () => describe(done));
  },
};
