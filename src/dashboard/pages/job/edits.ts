// The job page's writes (issue 22 and re-rendering): correct a transcript line, re-render or
// re-caption a clip, move a clip's cuts (by seconds, or by the words of a selection), make a clip
// by hand (by seconds, or from a selection of words), promote a left-out moment. Each parses the
// form with the API's request schema and calls the same service verb as the REST route; a refusal
// comes back as the job page with the service's message as its notice. CSRF: the dashboard's
// sameOriginOnly guards every one of them (index.ts).
import type { Context, Hono } from "hono";
import { CreateClipBodySchema, EditClipBodySchema, RerenderBodySchema, TranscriptEditBodySchema, TrimBodySchema } from "@katto/protocol/api";
import { editClipPostCopy } from "../../../services/clips/post-copy";
import { ServiceError } from "../../../errors";
import { createManualClip, createManualClipFromWords, promoteCandidate } from "../../../services/clips/manual";
import { createRerender, createTrim } from "../../../services/rerenders/rerenders";
import { editTranscript } from "../../../services/transcripts/edit";
import { styleFrom } from "../../components/style-fields";
import { bodyFromForm } from "../../components/schema-field";
import { accountCtx, type DashboardEnv, formOf, requireSession, zodMessage } from "../../session";
import { jobPage, type ViewQuery } from "./page";

/** A service's refusal as the page with its message; anything else (not found included) goes to the dashboard's error handler. */
function refused(c: Context<DashboardEnv>, id: string, e: unknown, status: (code: string) => 400 | 409, view?: ViewQuery) {
  if (e instanceof ServiceError && e.code !== "not_found") return jobPage(c, id, { error: e.message, view }, status(e.code));
  throw e;
}
const badOrConflict = (code: string) => (code === "conflict" ? 409 : 400);

type Form = Awaited<ReturnType<typeof formOf>>;
/** A number field: absent or blank is undefined (so the schema says what is missing), anything else Number(). */
const numberField = (f: Form, k: string) => (f.one(k).trim() === "" ? undefined : Number(f.one(k)));
/** The selection a word-range form posted, so the page shows it again with the answer. */
const selectionOf = (f: Form): ViewQuery => ({ sel: `${f.one("start_word")}-${f.one("end_word")}` });

// A clip re-rendered or re-captioned (POST /jobs/{id}/clips/{index}/rerender) with the form's layout, captions, aspect, dubs and style.
async function rerenderClip(c: Context<DashboardEnv, "/dashboard/jobs/:id/clips/:index/rerender">) {
  const id = c.req.param("id");
  const f = await formOf(c);
  const raw: Record<string, unknown> = {};
  if (f.one("layout_mode")) raw.layout_mode = f.one("layout_mode");
  if (f.one("caption_style")) raw.caption_style = f.one("caption_style");
  if (f.one("aspect")) raw.aspect = f.one("aspect");
  if (f.all("dub").length) raw.dub = f.all("dub");
  if (f.one("captions")) raw.captions = f.one("captions");
  const style = styleFrom(f.one);
  if (style.error) return jobPage(c, id, { error: style.error }, 400);
  if (style.style) raw.style = style.style;
  const parsed = RerenderBodySchema.safeParse(raw);
  if (!parsed.success) return jobPage(c, id, { error: zodMessage(parsed.error) }, 400);
  try {
    await createRerender(accountCtx(c), id, Number(c.req.param("index")), parsed.data);
  } catch (e) {
    return refused(c, id, e, () => 409);
  }
  return c.redirect(`/dashboard/jobs/${id}`, 303);
}

// A line of the transcript corrected (PATCH /jobs/{id}/transcript with one segment edit). A
// stale revision is shown plainly with 409: someone else saved first; the page shows their text.
async function correctTranscriptLine(c: Context<DashboardEnv, "/dashboard/jobs/:id/transcript">) {
  const id = c.req.param("id");
  const f = await formOf(c);
  const parsed = TranscriptEditBodySchema.safeParse({ revision: Number(f.one("revision")), edits: [{ segment: Number(f.one("segment")), text: f.one("text") }] });
  if (!parsed.success) return jobPage(c, id, { error: zodMessage(parsed.error) }, 400);
  try {
    const t = await editTranscript(accountCtx(c), id, parsed.data);
    return jobPage(c, id, { notice: `Saved: the transcript is now at revision ${t.revision}. Use "Refresh captions" on a clip to caption a new version with it.` });
  } catch (e) {
    if (e instanceof ServiceError && e.code === "conflict") return jobPage(c, id, { error: `Not saved: someone else saved a correction first. ${e.message.split(":")[0]}. The page now shows their text: make your correction again.` }, 409);
    return refused(c, id, e, () => 400);
  }
}

// Move a clip's cuts (POST /jobs/{id}/clips/{index}/trim): the numeric form's seconds or word
// numbers, or the selection bar's first and last word ("Set clip N to this selection", "Save trim").
async function trimClip(c: Context<DashboardEnv, "/dashboard/jobs/:id/clips/:index/trim">) {
  const id = c.req.param("id");
  const index = Number(c.req.param("index"));
  const f = await formOf(c);
  const [startWord, endWord] = [numberField(f, "start_word"), numberField(f, "end_word")];
  // a word picked wins over the seconds prefilled beside it
  const raw = { start: startWord === undefined ? numberField(f, "start") : undefined, end: endWord === undefined ? numberField(f, "end") : undefined, start_word: startWord, end_word: endWord };
  const view = startWord !== undefined && endWord !== undefined ? { ...selectionOf(f), clip: String(index) } : undefined;
  const parsed = TrimBodySchema.safeParse(raw);
  if (!parsed.success) return jobPage(c, id, { error: zodMessage(parsed.error), view }, 400);
  try {
    const r = await createTrim(accountCtx(c), id, index, parsed.data);
    return jobPage(c, id, { notice: `New version queued from ${r.start} s to ${r.end} s (moved to the nearest pauses) for clip ${index}; it appears under the clip's versions once rendered.`, view }, 202);
  } catch (e) {
    return refused(c, id, e, badOrConflict, view);
  }
}

// A clip's post copy (PATCH /jobs/{id}/clips/{index}): the description and the hashtags, typed
// separated by spaces or commas.
async function savePostCopy(c: Context<DashboardEnv, "/dashboard/jobs/:id/clips/:index/post-copy">) {
  const id = c.req.param("id");
  const index = Number(c.req.param("index"));
  const f = await formOf(c);
  const hashtags = f.one("hashtags").split(/[\s,]+/).filter(Boolean);
  const parsed = EditClipBodySchema.safeParse({ description: f.one("description").trim(), hashtags });
  if (!parsed.success) return jobPage(c, id, { error: `Post text not saved: ${zodMessage(parsed.error)}` }, 400);
  try {
    await editClipPostCopy(accountCtx(c), id, index, parsed.data);
    return jobPage(c, id, { notice: `Saved clip ${index}'s post text: publications made from now on use it.` });
  } catch (e) {
    return refused(c, id, e, badOrConflict);
  }
}

// A clip by hand (POST /jobs/{id}/clips): the numeric form's start and end in seconds (with its
// layout, title and style), or the selection bar's first and last word (cut in the pauses around them,
// as a trim by words is; layout and title chosen as for the job's clips).
async function makeClipByHand(c: Context<DashboardEnv, "/dashboard/jobs/:id/clips">) {
  const id = c.req.param("id");
  const f = await formOf(c);
  const byWords = f.one("start_word").trim() !== "" || f.one("end_word").trim() !== "";
  const view = byWords ? selectionOf(f) : undefined;
  try {
    let made: { clip_index: number; start: number; end: number };
    if (byWords) {
      const words = TrimBodySchema.safeParse({ start_word: numberField(f, "start_word"), end_word: numberField(f, "end_word") });
      if (!words.success) return jobPage(c, id, { error: zodMessage(words.error), view }, 400);
      made = await createManualClipFromWords(accountCtx(c), id, { start_word: words.data.start_word!, end_word: words.data.end_word! });
    } else {
      // every field of the API's body, as the form named it (style.<field> for the style)
      const raw: Record<string, unknown> = { ...bodyFromForm(CreateClipBodySchema, f.one), start: numberField(f, "start"), end: numberField(f, "end") };
      delete raw.style;
      const style = styleFrom(f.one);
      if (style.error) return jobPage(c, id, { error: style.error }, 400);
      if (style.style) raw.style = style.style;
      const parsed = CreateClipBodySchema.safeParse(raw);
      if (!parsed.success) return jobPage(c, id, { error: zodMessage(parsed.error) }, 400);
      made = await createManualClip(accountCtx(c), id, parsed.data);
    }
    return jobPage(c, id, { notice: `Clip ${made.clip_index} is being made from ${made.start.toFixed(2)} s to ${made.end.toFixed(2)} s (snapped to pauses). Reload this page to see it once rendered.`, view }, 202);
  } catch (e) {
    return refused(c, id, e, (code) => (code === "bad_request" ? 400 : 409), view);
  }
}

// A left-out moment made a clip (POST /jobs/{id}/candidates/{cid}/promote).
async function promoteLeftOut(c: Context<DashboardEnv, "/dashboard/jobs/:id/candidates/:cid/promote">) {
  const id = c.req.param("id");
  try {
    const made = await promoteCandidate(accountCtx(c), id, c.req.param("cid"));
    return jobPage(c, id, { notice: `Clip ${made.clip_index} is being made from this moment. Reload this page to see it once rendered.` }, 202);
  } catch (e) {
    return refused(c, id, e, (code) => (code === "bad_request" ? 400 : 409));
  }
}

/** The job page's write routes, each behind a session. */
export function registerJobEdits(d: Hono<DashboardEnv>) {
  d.post("/dashboard/jobs/:id/clips/:index/rerender", requireSession, rerenderClip);
  d.post("/dashboard/jobs/:id/transcript", requireSession, correctTranscriptLine);
  d.post("/dashboard/jobs/:id/clips/:index/trim", requireSession, trimClip);
  d.post("/dashboard/jobs/:id/clips/:index/post-copy", requireSession, savePostCopy);
  d.post("/dashboard/jobs/:id/clips", requireSession, makeClipByHand);
  d.post("/dashboard/jobs/:id/candidates/:cid/promote", requireSession, promoteLeftOut);
}
