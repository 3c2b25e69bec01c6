// The account's B-roll library (style broll "library"): list and delete, on both servers. Adding a
// file reads this computer's disk, so it is the stdio server's service_add_broll (broll-add.tool.ts).
import { z } from "zod";
import { BrollDeletedSchema, BrollListSchema } from "@katto/protocol/api";
import { defineTool, unwrap } from "../tool";

export const listBroll = defineTool({
  name: "service_list_broll",
  title: "List the B-roll library",
  description:
    "The account's B-roll images and videos with their keywords. A job or re-render with style {\"broll\": \"library\"} cuts away to one (1.5-3 s, at most a third of the clip) where the clip's words match a keyword. Free and read-only.",
  input: {},
  output: BrollListSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (_args, { api }) => unwrap(api.GET("/api/v1/broll")),
  summary: (l) => (l.assets.length ? `${l.assets.length} B-roll asset(s): ${l.assets.map((a) => `${a.filename} [${a.keywords.join(", ")}] (${a.id})`).join("; ")}.` : "The B-roll library is empty."),
});

export const deleteBroll = defineTool({
  name: "service_delete_broll",
  title: "Delete a B-roll asset",
  description:
    "Remove one asset from the B-roll library by id (from service_list_broll). CANNOT BE UNDONE: the file is deleted; later renders never cut away to it, and HD files or re-renders of clips that showed it show the speaker there instead. Free.",
  input: { id: z.uuid().describe("The asset's id, from service_list_broll.") },
  output: BrollDeletedSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  run: ({ id }, { api }) => unwrap(api.DELETE("/api/v1/broll/{id}", { params: { path: { id } } })),
  summary: (d) => `Deleted B-roll asset ${d.id}.`,
});
