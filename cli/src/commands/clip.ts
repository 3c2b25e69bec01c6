import { PLATFORM_SHAPES_SUMMARY } from "@katto/protocol";
import { ConfigSchema } from "@katto/protocol/api";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import type { Schemas } from "@katto/sdk";
import { fileSource } from "@katto/sdk/node";
import type { Command, Values } from "../command";
import { downloadClips } from "../download";
import { schemaFlags } from "../schema-flags";
import { STYLE_FLAG_NAMES, withStyleFile } from "../style-options";
import { CliError, EXIT, usageError } from "../exit-codes";
import { bar, formatBytes, table } from "../output";
import { assertCompleted, parseTimeout, watchJob } from "../watch";

/** A flag for every field of the job's config (the API's ConfigSchema), style fields included. */
export const configFlags = schemaFlags(ConfigSchema, { names: { ...STYLE_FLAG_NAMES, customPrompt: "prompt" } });

/** The job config the options ask for (--style-file under the style flags), checked with the API's schema; undefined when none. */
export function configFromOptions(v: Values): Schemas["Config"] | undefined {
  const raw = configFlags.read(v) ?? {};
  const style = withStyleFile(v, raw.style as Record<string, unknown> | undefined);
  const config = { ...raw, ...(style ? { style } : {}) };
  if (!Object.keys(config).length) return undefined;
  const r = ConfigSchema.safeParse(config);
  if (!r.success) throw usageError(`Config: ${r.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}.`);
  return r.data;
}

export const clip: Command = {
  words: ["clip"],
  summary: "Make clips from a video: upload a local file (or submit a URL), wait, and download every clip's MP4 and SRT.",
  usage: `katto clip <url-or-file> ${configFlags.usage} [--style-file FILE] [--webhook-url URL] [--out DIR] [--no-wait] [--preview] [--timeout SECONDS]`,
  notes: [`--aspect: the shapes the publishing platforms take (choose before rendering): ${PLATFORM_SHAPES_SUMMARY}.`],
  args: 1,
  options: {
    ...configFlags.options,
    "style-file": { type: "string" },
    "webhook-url": { type: "string" },
    out: { type: "string" },
    "no-wait": { type: "boolean" },
    preview: { type: "boolean" },
    timeout: { type: "string" },
  },
  examples: [
    "katto clip talk.mp4",
    "katto clip https://example.com/episode.mp4 --clip-length 30_60 --prompt 'the funniest moments'",
    "katto clip talk.mp4 --no-wait --json | jq -r .id",
    "katto clip talk.mp4 --out ./clips --preview   # don't wait for the 1080p files",
    "katto clip talk.mp4 --emphasis keywords --emoji --hook-title --words 3",
    "katto clip talk.mp4 --caption-language es --out ./clips   # Spanish captions; clip-00-original.srt keeps the spoken language",
    "katto clip talk.mp4 --zoom punch_in --remove-silences --remove-fillers",
    "katto clip talk.mp4 --style-file style.json --lines 2   # flags override the file's fields",
    "katto clip talk.mp4 --aspect 1:1   # square clips (1080x1080); 4:5 and 16:9 too, 9:16 by default",
    "katto clip talk.mp4 --min-clips 3 --max-clips 5 --score-with account   # 3 to 5 clips, ranked by your fitted weights (katto insights)",
    "katto clip talk.mp4 --broll library --genre podcast",
  ],
  async run(ctx, [source], v) {
    const timeout = parseTimeout(v.timeout as string | undefined);
    const config = configFromOptions(v);
    const hasConfig = config !== undefined;
    const isUrl = /^https?:\/\//i.test(source);
    if (!isUrl && !existsSync(source)) throw usageError(`No such file: ${source}. Give a path to a video file or an http(s) URL.`);
    if (!isUrl && !statSync(source).isFile()) throw usageError(`${source} is not a file.`);
    if (!isUrl && v["webhook-url"]) throw usageError("--webhook-url works with a URL source only (the upload API has no webhook); poll with `katto jobs watch` instead.");
    const katto = ctx.katto();

    let created: Schemas["JobCreated"];
    if (isUrl) {
      created = await katto.unwrap(
        katto.api.POST("/api/v1/jobs", { body: { url: source, webhook_url: v["webhook-url"] as string | undefined, ...(hasConfig ? { config } : {}) } }),
      );
    } else {
      const src = fileSource(source);
      created = await katto.uploadVideo({
        ...src,
        config: hasConfig ? config : undefined,
        onProgress: (p) => {
          if (p.phase === "uploading") ctx.ui.progress(`Uploading ${src.filename} ${bar((p.loaded / Math.max(1, p.total)) * 100)} ${formatBytes(p.loaded)}/${formatBytes(p.total)}`, p.loaded === p.total);
        },
      });
      ctx.ui.done();
    }
    ctx.ui.note(`Job ${created.id} ${created.status}`);
    if (v["no-wait"]) {
      ctx.ui.result(created, () => created.id);
      return;
    }

    // By default the 1080x1920 files are downloaded, so wait for hd_ready; --preview takes the
    // first (lower resolution) renders as soon as the job completes.
    const job = await watchJob(katto, ctx.ui, created.id, timeout, !v.preview);
    assertCompleted(job);
    if (job.clips.length === 0) throw new CliError(EXIT.jobFailed, `Job ${job.id} completed without clips (no usable speech or scenes found).`);
    const dir = path.resolve((v.out as string | undefined) ?? `katto-${job.id}`);
    const files = await downloadClips(katto, ctx.ui, job.clips, dir);
    ctx.ui.result({ job, out: dir, files }, () =>
      [
        `${files.length} clip${files.length === 1 ? "" : "s"} saved in ${dir}`,
        table(
          ["#", "score", "title", "file"],
          files.map((f) => [f.clip_index, job.clips.find((c) => c.clip_index === f.clip_index)?.score, f.title, path.relative(process.cwd(), f.video) || f.video]),
        ),
      ].join("\n"),
    );
  },
};
