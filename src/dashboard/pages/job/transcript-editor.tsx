/** @jsxImportSource hono/jsx */
// The job page's transcript (issue 22): each line an editable form saved with the transcript's
// revision; each word a button that selects a run of words; the selection bar ("make a clip from
// this selection", "set clip N to this selection"); and the two handles that move the selection's
// start and end one word at a time. Server-rendered from the query (?sel=12-40&clip=0): the word
// and handle buttons submit a GET form, so it all works without the script, which only keeps the
// same state in the browser (assets.ts, with the pure rules of word-range.ts).
import { MANUAL_CLIP_SECONDS } from "@katto/protocol";
import type { Transcript } from "@katto/protocol/api";
import { TranscriptSource, transcriptLines } from "../../components/transcript";
import { describeRange, moveEdge, parseRange, pickWord, type WordRange } from "../../components/word-range";

/** What the transcript shows chosen: a run of words, and the clip whose cuts they would become. */
export interface TranscriptView {
  sel: WordRange | null;
  clip: number | null;
}

/** The raw query values (`sel`, `set` from a handle, `pick` from a word, `clip`) as the view they ask for. */
export function viewFrom(q: { sel?: string; set?: string; pick?: string; clip?: string }, words: number, clips: readonly number[]): TranscriptView {
  let sel = parseRange(q.set, words) ?? parseRange(q.sel, words);
  const pick = q.pick !== undefined && /^\d+$/.test(q.pick) ? Number(q.pick) : null;
  if (q.set === undefined && pick !== null && pick < words) sel = pickWord(sel, pick, false);
  const clip = q.clip !== undefined && /^\d+$/.test(q.clip) && clips.includes(Number(q.clip)) ? Number(q.clip) : null;
  return { sel, clip };
}

const rangeValue = (r: WordRange) => `${r.from}-${r.to}`;

/** A handle: two small buttons moving one end of the selection a word earlier or later (← → when focused, with the script). */
function Handle(p: { edge: "start" | "end"; sel: WordRange | null; words: number }) {
  const name = p.edge === "start" ? "start" : "end";
  const step = (delta: number) => {
    const to = p.sel ? moveEdge(p.sel, p.edge, delta, p.words) : null;
    const still = !p.sel || !to || (to.from === p.sel.from && to.to === p.sel.to);
    return { value: to ? rangeValue(to) : "", disabled: still };
  };
  const earlier = step(-1);
  const later = step(1);
  return (
    <span class={`handle ${p.edge}`} data-handle={p.edge} id={`sel-${p.edge}`} hidden={!p.sel} role="group" aria-label={`Selection ${name}`} aria-keyshortcuts="ArrowLeft ArrowRight">
      <button type="submit" form="sel-nav" name="set" value={earlier.value} disabled={earlier.disabled} data-edge={p.edge} data-move="-1" aria-label={`Move the ${name} one word earlier`}>◂</button>
      <button type="submit" form="sel-nav" name="set" value={later.value} disabled={later.disabled} data-edge={p.edge} data-move="1" aria-label={`Move the ${name} one word later`}>▸</button>
    </span>
  );
}

export function TranscriptEditor(p: { jobId: string; transcript: Transcript; view: TranscriptView; clips: readonly { clip_index: number }[] }) {
  const { jobId: id, transcript, view } = p;
  const { sel, clip } = view;
  const count = transcript.words.length;
  const said = sel ? describeRange(sel, transcript.words[sel.from]!.start, transcript.words[sel.to]!.end, MANUAL_CLIP_SECONDS.min, MANUAL_CLIP_SECONDS.max) : null;
  const inSel = (i: number) => sel !== null && i >= sel.from && i <= sel.to;
  return (
    <section class="card" aria-labelledby="tr-h" data-transcript-editor data-words={String(count)} data-min={String(MANUAL_CLIP_SECONDS.min)} data-max={String(MANUAL_CLIP_SECONDS.max)}>
      <h2 id="tr-h">Transcript</h2>
      <TranscriptSource transcript={transcript} />
      <p class="muted" data-revision={String(transcript.revision)}>
        Revision {transcript.revision}. Correct a line and save it: its words keep their times, and the next re-render, trim or "Refresh captions" uses them. Clips already made do not change.
      </p>
      {count > 0 && (
        <>
          <form id="sel-nav" method="get" action={`/dashboard/jobs/${id}#selection`}>
            <input type="hidden" name="sel" value={sel ? rangeValue(sel) : ""} />
            <input type="hidden" name="clip" value={clip === null ? "" : String(clip)} />
          </form>
          <div class="selection" id="selection" data-selection-bar>
            <p data-sel-label aria-live="polite">
              {said ? <><strong>Selected:</strong> {said.label}{clip !== null ? ` (clip ${clip}'s cuts: move them with the handles ◂ ▸ around the words)` : ""}</> : "Select words to make a clip of them or to move a clip's cuts: choose the first word, then the last (shift-click stretches a selection)."}
            </p>
            <p class="alert" role="alert" data-sel-problem hidden={!said?.problem}>{said?.problem ?? ""}</p>
            <form method="post" action={`/dashboard/jobs/${id}/clips`} data-sel-form>
              <input type="hidden" name="start_word" value={sel ? String(sel.from) : ""} />
              <input type="hidden" name="end_word" value={sel ? String(sel.to) : ""} />
              <div class="actions">
                <button type="submit" class="btn primary" data-make-selection disabled={!sel}>Make a clip from this selection</button>
                {p.clips.map((k) => (
                  <button type="submit" class="btn" formaction={`/dashboard/jobs/${id}/clips/${k.clip_index}/trim`} data-set-clip={String(k.clip_index)} disabled={!sel}>
                    {clip === k.clip_index ? `Save trim of clip ${k.clip_index}` : `Set clip ${k.clip_index} to this selection`}
                  </button>
                ))}
                <a class="btn ghost" href={`/dashboard/jobs/${id}#selection`} data-sel-clear>Clear selection</a>
              </div>
            </form>
          </div>
        </>
      )}
      <div class="transcript">
        {count > 0 && !sel && <><Handle edge="start" sel={null} words={count} /><Handle edge="end" sel={null} words={count} /></>}
        {transcriptLines(transcript).map((line, k) => (
          <form method="post" action={`/dashboard/jobs/${id}/transcript`} class="transcript-line" data-segment={k}>
            <p>
              <span class="muted mono">{new Date(line.start * 1000).toISOString().slice(14, 19)}</span>{" "}
              {line.words.map((w) => {
                const text = w.low ? <mark class="low-confidence" title={`the engine is ${Math.round(w.confidence! * 100)} % sure of this word`}>{w.text}</mark> : w.text;
                if (w.index === undefined) return <>{text}{" "}</>;
                const i = w.index;
                return (
                  <>
                    {sel?.from === i && <Handle edge="start" sel={sel} words={count} />}
                    <span class="muted mono word-index">#{i}</span>
                    <button type="submit" form="sel-nav" name="pick" value={String(i)} class="w" data-w={String(i)} data-s={String(w.start)} data-e={String(w.end)} aria-pressed={inSel(i) ? "true" : "false"}>{text}</button>
                    {sel?.to === i && <Handle edge="end" sel={sel} words={count} />}{" "}
                  </>
                );
              })}
            </p>
            <input type="hidden" name="revision" value={String(transcript.revision)} />
            <input type="hidden" name="segment" value={String(k)} />
            <label class="sr-only" for={`seg-${k}`}>Text of line {k + 1}</label>
            <input id={`seg-${k}`} name="text" value={transcript.segments[k]?.text ?? line.words.map((w) => w.text).join(" ")} />
            <button type="submit" class="btn">Save</button>
          </form>
        ))}
      </div>
    </section>
  );
}
