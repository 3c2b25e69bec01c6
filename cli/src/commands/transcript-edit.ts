// katto transcript edit: correct words of a job's transcript (PATCH /jobs/{id}/transcript).
import type { Schemas } from "@katto/sdk";
import { type Command, intArg } from "../command";
import { CliError, EXIT } from "../exit-codes";

type Edit = Schemas["WordEdit"] | Schemas["SegmentEdit"];

/** "12=Katto" -> [12, "Katto"]; the text may hold "=" and spaces. */
export function parseAssignment(flag: string, value: string): [number, string] {
  const at = value.indexOf("=");
  if (at <= 0) throw new CliError(EXIT.usage, `--${flag} takes INDEX=TEXT (e.g. --${flag} 12=Katto), got "${value}".`);
  return [intArg(value.slice(0, at), `--${flag} index`), value.slice(at + 1)];
}

/** The edits the flags ask for, in the order given: --replace I=TEXT, --delete I, --segment I=TEXT. */
export function editsFromFlags(v: { replace?: string[]; delete?: string[]; segment?: string[] }): Edit[] {
  const edits: Edit[] = [
    ...(v.replace ?? []).map((r) => {
      const [index, text] = parseAssignment("replace", r);
      if (!text.trim()) throw new CliError(EXIT.usage, `--replace ${r} has no text; use --delete ${index} to delete a word.`);
      return { index, text };
    }),
    ...(v.delete ?? []).flatMap((d) => d.split(",")).map((d) => ({ index: intArg(d, "--delete index"), text: "" })),
    ...(v.segment ?? []).map((s) => {
      const [segment, text] = parseAssignment("segment", s);
      return { segment, text };
    }),
  ];
  if (edits.length === 0) throw new CliError(EXIT.usage, "Nothing to edit: give --replace INDEX=TEXT, --delete INDEX or --segment INDEX=TEXT.");
  return edits;
}

export const transcriptEdit: Command = {
  words: ["transcript", "edit"],
  summary: "Correct a job's transcript: replace or delete words, or give a segment new text.",
  usage: "katto transcript edit <job-id> --revision N [--replace INDEX=TEXT …] [--delete INDEX …] [--segment INDEX=TEXT …]",
  args: 1,
  options: { revision: { type: "string" }, replace: { type: "string", multiple: true }, delete: { type: "string", multiple: true }, segment: { type: "string", multiple: true } },
  examples: [
    "katto transcript $ID --format json | jq '{revision, words: [.words | to_entries[] | \"\\(.key) \\(.value.text)\"]}'",
    "katto transcript edit $ID --revision 0 --replace 12=Katto --delete 13",
    'katto transcript edit $ID --revision 1 --segment 3="what she actually said"',
  ],
  async run(ctx, [id], v) {
    if (v.revision === undefined) throw new CliError(EXIT.usage, "--revision is required: the revision your indexes come from (`katto transcript $ID --json` shows it).");
    const revision = intArg(v.revision as string, "--revision");
    const edits = editsFromFlags(v as { replace?: string[]; delete?: string[]; segment?: string[] });
    const katto = ctx.katto();
    const t = await katto.unwrap(katto.api.PATCH("/api/v1/jobs/{id}/transcript", { params: { path: { id } }, body: { revision, edits } }));
    ctx.ui.result(t, () => `Transcript of job ${t.job_id} is now at revision ${t.revision} (${edits.length} edit${edits.length === 1 ? "" : "s"} applied).`);
  },
};
