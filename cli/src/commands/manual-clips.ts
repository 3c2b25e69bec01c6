// Clips made by hand and the moments Katto left out (issue 22): `katto clips add`, `katto candidates`.
import { type CreateClipBody, CreateClipBodySchema } from "@katto/protocol/api";
import type { Katto } from "@katto/sdk";
import type { Command, Context, Values } from "../command";
import { schemaFlags } from "../schema-flags";
import { STYLE_FLAG_NAMES, styleFlags, styleFromOptions } from "../style-options";
import { CliError, EXIT } from "../exit-codes";
import { table } from "../output";
import { parseTimeout } from "../watch";

/** A time in source seconds from the command line: 12, 12.5, or m:ss(.s) such as 1:05.5. */
export function secondsArg(value: string | undefined, flag: string): number {
  if (value === undefined) throw new CliError(EXIT.usage, `--${flag} is required (seconds in the source, e.g. 12.5 or 1:05).`);
  const m = /^(?:(\d+):)?(\d+(?:\.\d+)?)$/.exec(value.trim());
  if (!m) throw new CliError(EXIT.usage, `--${flag} must be seconds (12.5) or minutes:seconds (1:05.5); got "${value}".`);
  return Math.round(((m[1] ? Number(m[1]) * 60 : 0) + Number(m[2])) * 1000) / 1000;
}

type Created = { clip_index: number; status: "queued"; status_url: string; start: number; end: number };

/** Polls the job until the clip made by hand at `index` lands (or fails); answers the clip. */
async function waitForManualClip(katto: Katto, ctx: Context, jobId: string, index: number, v: Values) {
  const timeout = parseTimeout(v.timeout as string | undefined);
  const deadline = Date.now() + (timeout ?? 1800) * 1000;
  try {
    for (;;) {
      const job = await katto.unwrap(katto.api.GET("/api/v1/jobs/{id}", { params: { path: { id: jobId } } }));
      const m = job.manual_clips.find((x) => x.clip_index === index);
      if (!m) throw new CliError(EXIT.error, `The job no longer lists clip ${index}.`);
      if (m.status === "failed") throw new CliError(EXIT.jobFailed, `Clip ${index} could not be made: ${m.error ?? "no reason given"}`);
      if (m.status === "completed") return job.clips.find((c) => c.clip_index === index)!;
      ctx.ui.progress(`Clip ${index}  ${m.status}…`);
      if (Date.now() > deadline) throw new CliError(EXIT.timeout, `Clip ${index} is still ${m.status}; follow it with \`katto jobs get ${jobId}\`.`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  } finally {
    ctx.ui.done();
  }
}

async function report(ctx: Context, katto: Katto, jobId: string, created: Created, v: Values) {
  if (!v.wait) {
    ctx.ui.note(`Clip ${created.clip_index} queued (${created.start}–${created.end} s, snapped to pauses); add --wait to wait for it.`);
    ctx.ui.result(created, () => String(created.clip_index));
    return;
  }
  const clip = await waitForManualClip(katto, ctx, jobId, created.clip_index, v);
  ctx.ui.result(clip, () => [`clip ${clip.clip_index}: ${clip.title ?? ""}`, `range:  ${clip.start}–${clip.end} s`, `score:  ${clip.score ?? "-"}`, `url:    ${clip.url}`].join("\n"));
}

const waitOptions = { wait: { type: "boolean" }, timeout: { type: "string" } } as const;

/** A flag for every field of POST /jobs/{id}/clips (the API's CreateClipBodySchema), style fields included. */
export const clipByHandFlags = schemaFlags(CreateClipBodySchema, { names: { ...STYLE_FLAG_NAMES, layout_mode: "layout" }, parse: { start: secondsArg, end: secondsArg } });

/** The body of a clip by hand from the options: start and end required, the style checked (with --style-file under its flags). */
export function clipByHandBody(v: Values) {
  const raw = clipByHandFlags.read(v) ?? {};
  const style = styleFromOptions(v);
  return { ...raw, start: secondsArg(v.start as string | undefined, "start"), end: secondsArg(v.end as string | undefined, "end"), style } as CreateClipBody;
}

export const clipsAdd: Command = {
  words: ["clips", "add"],
  summary: "Make a clip by hand from a range of the source (snapped to pauses; free).",
  usage: `katto clips add <job-id> ${clipByHandFlags.usage.replace("[--start SECONDS] [--end SECONDS]", "--start SECONDS --end SECONDS")} [--style-file FILE] [--wait]`,
  args: 1,
  options: { ...clipByHandFlags.options, ...styleFlags, ...waitOptions },
  examples: [
    "katto clips add $ID --start 12.5 --end 41",
    "katto clips add $ID --start 1:05 --end 1:40 --layout wide --title 'The bridge' --wait",
    "katto clips add $ID --start 30 --end 55 --hook-title --emphasis keywords --broll library   # the job's style with these fields changed",
  ],
  async run(ctx, [jobId], v) {
    const body = clipByHandBody(v);
    const katto = ctx.katto();
    const created = await katto.unwrap(katto.api.POST("/api/v1/jobs/{id}/clips", { params: { path: { id: jobId } }, body }));
    await report(ctx, katto, jobId, created, v);
  },
};

export const candidates: Command = {
  words: ["candidates"],
  summary: "List the moments Katto left out of a job's clips, and why; --promote ID makes one a clip.",
  usage: "katto candidates <job-id> [--promote CANDIDATE_ID [--wait]]",
  args: 1,
  options: { promote: { type: "string" }, ...waitOptions },
  examples: ["katto candidates $ID", "katto candidates $ID --promote cand_3f9a1c0d2b4e6f70 --wait", "katto candidates $ID --json | jq -r '.candidates[0].id'"],
  async run(ctx, [jobId], v) {
    const katto = ctx.katto();
    if (v.promote) {
      const created = await katto.unwrap(katto.api.POST("/api/v1/jobs/{id}/candidates/{candidate_id}/promote", { params: { path: { id: jobId, candidate_id: v.promote as string } } }));
      await report(ctx, katto, jobId, created, v);
      return;
    }
    const list = await katto.unwrap(katto.api.GET("/api/v1/jobs/{id}/candidates", { params: { path: { id: jobId } } }));
    ctx.ui.result(list, () =>
      list.candidates.length
        ? table(["id", "start", "end", "score", "reason", "clip"], list.candidates.map((c) => [c.id, c.start, c.end, c.score, c.reason, c.promoted_clip_index ?? "-"]))
        : "No left-out moments recorded for this job.",
    );
  },
};
