import path from "node:path";
import type { Command } from "../command";
import { downloadClips } from "../download";
import { qualityCell, table } from "../output";

export const clips: Command = {
  words: ["clips"],
  summary: "List a job's clips (ranked, 0 = best); --download saves each MP4 and SRT.",
  usage: "katto clips <job-id> [--download] [--out DIR]",
  args: 1,
  options: { download: { type: "boolean" }, out: { type: "string" } },
  examples: ["katto clips $ID", "katto clips $ID --download --out ./clips", "katto clips $ID --json | jq -r '.clips[0].url'"],
  async run(ctx, [id], v) {
    const katto = ctx.katto();
    const list = await katto.unwrap(katto.api.GET("/api/v1/jobs/{id}/clips", { params: { path: { id } } }));
    if (!v.download) {
      ctx.ui.result(list, () => (list.clips.length ? table(["#", "score", "quality", "title", "url"], list.clips.map((c, i) => [i, c.score, qualityCell(c.quality), c.title, c.url])) : `No clips yet (job ${list.status}).`));
      return;
    }
    const dir = path.resolve((v.out as string | undefined) ?? `katto-${id}`);
    const files = await downloadClips(katto, ctx.ui, list.clips, dir);
    ctx.ui.result({ ...list, out: dir, files }, () => `${files.length} clip${files.length === 1 ? "" : "s"} saved in ${dir}`);
  },
};
