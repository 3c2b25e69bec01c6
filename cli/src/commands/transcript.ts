import { type Command, oneOf } from "../command";
import { toSrt, toText } from "../transcript-format";

export const transcript: Command = {
  words: ["transcript"],
  summary: "Print a job's transcript as plain text, SRT subtitles, or the API's JSON.",
  usage: "katto transcript <job-id> [--format text|srt|json]",
  args: 1,
  options: { format: { type: "string" } },
  examples: ["katto transcript $ID", "katto transcript $ID --format srt > talk.srt", "katto transcript $ID --format json | jq '.segments | length'"],
  async run(ctx, [id], v) {
    const format = oneOf(v.format as string | undefined, ["text", "srt", "json"] as const, "format") ?? (ctx.ui.json ? "json" : "text");
    const katto = ctx.katto();
    const t = await katto.unwrap(katto.api.GET("/api/v1/jobs/{id}/transcript", { params: { path: { id } } }));
    if (format === "json" || ctx.ui.json) return void ctx.ui.result(t, () => JSON.stringify(t, null, 2));
    process.stdout.write(format === "srt" ? toSrt(t.segments) : toText(t.segments));
  },
};
