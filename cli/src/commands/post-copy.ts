// `katto clips edit`: a clip's post copy (PATCH /jobs/{id}/clips/{index}, issue 37), the description
// and hashtags publishing posts when no caption is given. Its flags are the API's own fields.
import { EditClipBodySchema } from "@katto/protocol/api";
import { type Command, intArg } from "../command";
import { usageError } from "../exit-codes";
import { schemaFlags } from "../schema-flags";

/** A flag for every field of the post copy (the API's EditClipBodySchema): --description, --hashtag (repeatable). */
export const postCopyFlags = schemaFlags(EditClipBodySchema, { names: { hashtags: "hashtag" } });

export const clipsEdit: Command = {
  words: ["clips", "edit"],
  summary: "Edit a clip's post copy: the description and hashtags publishing posts (free; the fields given replace the stored ones).",
  usage: `katto clips edit <job-id> <clip-index> ${postCopyFlags.usage} [--no-hashtags]`,
  args: 2,
  options: { ...postCopyFlags.options, "no-hashtags": { type: "boolean" } },
  examples: [
    "katto clips edit $ID 0 --description 'The moment it clicked' --hashtag '#physics' --hashtag '#teaching'",
    "katto clips edit $ID 1 --no-hashtags   # post without hashtags",
    "katto clips edit $ID 0 --hashtag '#podcast' --json | jq .hashtags",
  ],
  async run(ctx, [id, index], v) {
    const body = { ...postCopyFlags.read(v), ...(v["no-hashtags"] ? { hashtags: [] } : {}) };
    if (v["no-hashtags"] && v.hashtag) throw usageError("Give --hashtag or --no-hashtags, not both.");
    const r = EditClipBodySchema.safeParse(body);
    if (!r.success) throw usageError(`${r.error.issues.map((i) => `${i.path.join(".") || "post copy"}: ${i.message}`).join("; ")}. See \`katto clips edit --help\`.`);
    const katto = ctx.katto();
    const clip = await katto.unwrap(katto.api.PATCH("/api/v1/jobs/{id}/clips/{index}", { params: { path: { id, index: intArg(index, "clip-index") } }, body: r.data }));
    ctx.ui.result(clip, () => [`clip ${clip.clip_index}: ${clip.title ?? ""}`, `description: ${clip.description}`, `hashtags:    ${clip.hashtags.join(" ") || "-"}`].join("\n"));
  },
};
