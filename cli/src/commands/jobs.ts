import { JOB_STATUSES } from "@katto/protocol";
import type { Job, Schemas } from "@katto/sdk";
import { type Command, oneOf } from "../command";
import { CliError, EXIT } from "../exit-codes";
import { chosenBy, qualityCell, qualityLine, table } from "../output";
import { assertCompleted, parseTimeout, watchJob } from "../watch";

export function describeJob(j: Job): string {
  return [
    `id:        ${j.id}`,
    `status:    ${j.status} (${j.progress.step} ${Math.floor(j.progress.pct)}%)`,
    `source:    ${j.source} ${j.source_url}`,
    `created:   ${j.created_at}`,
    `completed: ${j.completed_at ?? "-"}`,
    `hd ready:  ${j.hd_ready}`,
    ...(j.error ? [`error:     ${j.error}`] : []),
    ...(qualityLine(j.quality) ? [`quality:   ${qualityLine(j.quality)}`] : []),
    ...j.warnings.map((w) => `warning:   ${w.message}`),
    ...(j.clips.length ? ["", table(["#", "score", "quality", "chosen by", "title", "url"], j.clips.map((c) => [c.clip_index, c.score, qualityCell(c.quality), chosenBy(c.chosen_by), c.title, c.url]))] : []),
  ].join("\n");
}

export const jobsList: Command = {
  words: ["jobs", "list"],
  summary: "List your jobs, newest first.",
  usage: "katto jobs list [--status STATUS] [--limit N] [--cursor CURSOR]",
  args: 0,
  options: { status: { type: "string" }, limit: { type: "string" }, cursor: { type: "string" } },
  examples: ["katto jobs list", "katto jobs list --status completed --limit 5", "katto jobs list --json | jq -r '.jobs[].id'"],
  async run(ctx, _args, v) {
    const status = oneOf(v.status as string | undefined, JOB_STATUSES, "status");
    const limit = v.limit === undefined ? undefined : Number(v.limit);
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new CliError(EXIT.usage, `--limit must be a positive whole number, got "${v.limit}".`);
    const katto = ctx.katto();
    const list: Schemas["JobList"] = await katto.unwrap(katto.api.GET("/api/v1/jobs", { params: { query: { status, limit, cursor: v.cursor as string | undefined } } }));
    ctx.ui.result(list, () =>
      list.jobs.length === 0
        ? "No jobs."
        : table(["id", "status", "source", "created"], list.jobs.map((j) => [j.id, j.status, j.source, j.created_at])) +
          (list.next_cursor ? `\n\nMore: katto jobs list --cursor ${list.next_cursor}` : ""),
    );
  },
};

export const jobsGet: Command = {
  words: ["jobs", "get"],
  summary: "Show a job: status, progress and clips.",
  usage: "katto jobs get <job-id>",
  args: 1,
  examples: ["katto jobs get 0b6f7c1e-2a4d-4f8e-9c3b-5d1a2e3f4a5b", "katto jobs get $ID --json | jq .progress"],
  async run(ctx, [id]) {
    const katto = ctx.katto();
    const job = await katto.unwrap(katto.api.GET("/api/v1/jobs/{id}", { params: { path: { id } } }));
    ctx.ui.result(job, () => describeJob(job));
  },
};

export const jobsWatch: Command = {
  words: ["jobs", "watch"],
  summary: "Follow a job's step and percentage until it finishes (exit 6 if it fails or is cancelled).",
  usage: "katto jobs watch <job-id> [--timeout SECONDS]",
  args: 1,
  options: { timeout: { type: "string" } },
  examples: ["katto jobs watch $ID", "katto jobs watch $ID --timeout 600 --json"],
  async run(ctx, [id], v) {
    const job = await watchJob(ctx.katto(), ctx.ui, id, parseTimeout(v.timeout as string | undefined));
    ctx.ui.result(job, () => describeJob(job));
    assertCompleted(job);
  },
};

export const jobsCancel: Command = {
  words: ["jobs", "cancel"],
  summary: "Cancel a queued or running job (the answer says whether the video was refunded). Irreversible.",
  usage: "katto jobs cancel <job-id>",
  args: 1,
  examples: ["katto jobs cancel $ID"],
  async run(ctx, [id]) {
    const katto = ctx.katto();
    const res = await katto.unwrap(katto.api.DELETE("/api/v1/jobs/{id}", { params: { path: { id } } }));
    ctx.ui.result(res, () => `Job ${id} ${(res as { status?: string }).status ?? "cancelled"}.`);
  },
};
