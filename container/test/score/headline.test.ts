// Titles are headlines built around the clip's key phrase (a question, a number, a named thing),
// at most 70 characters, never the clip's first words cut with an ellipsis: on hand-written
// sentences and on real recordings transcribed offline.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { llmHeadline } from "../../src/engines/scorer/workers-ai.js";
import { createPocketsphinxEngine } from "../../src/engines/speech/pocketsphinx.js";
import { selectMoments } from "../../src/analysis/moments.js";
import { scoreMoments } from "../helpers/offline-scores.js";
import { titleFromSentence } from "../../src/engines/scorer/score-title.js";
import { transcribe } from "../../src/analysis/transcribe.js";
import { digitsForNumberWords, fitHeadline, headline, MAX_HEADLINE_CHARS } from "../../src/text/headline.js";
import type { Transcript } from "../../src/runtime/types.js";
import { mediaDir } from "../transcribe/media.js";

const DANGLING_END = /\b(the|a|an|of|to|in|on|at|for|with|and|or|but|if|that|which|is|are|was|my|your|their|his|her)$/i;

describe("headline (pure)", () => {
  it("builds the title around a question later in the clip, not the opening words", () => {
    const h = headline([
      "so today we are going to talk about the pendulum",
      "and why the period does not depend on the mass it is one of the most surprising results in physics",
      "what happens if you double the length",
    ])!;
    expect(h.kind).toBe("question");
    expect(h.text).toBe("What happens if you double the length?");
  });

  it("uses a number with what it counts, written as digits", () => {
    const h = headline(["um so i started this company with three friends in a garage", "we had no money at all"])!;
    expect(h.kind).toBe("number");
    expect(h.phrase).toBe("3 friends");
    expect(h.text).toBe("I started this company with 3 friends in a garage");
    expect(digitsForNumberWords("it cost two hundred and five dollars".split(" ")).join(" ")).toBe("it cost 205 dollars");
    expect(digitsForNumberWords("one of them".split(" ")).join(" ")).toBe("one of them");
  });

  it("takes a why/how clause as an explainer headline", () => {
    const h = headline(["you know we tried everything for years", "but why the period does not depend on the mass still surprises students"])!;
    expect(h.kind).toBe("explainer");
    expect(h.text.startsWith("Why the period does not depend on the mass")).toBe(true);
  });

  it("stays within 70 characters on a long unpunctuated run and never dangles or uses an ellipsis", () => {
    const long = "and so my fellow americans ask not what your country can do for you ask what you can do for your country and the world will follow and remember this day for a very long time to come";
    const h = headline([long])!;
    expect(h.text.length).toBeLessThanOrEqual(MAX_HEADLINE_CHARS);
    expect(h.text).not.toMatch(/…/);
    expect(h.text).not.toMatch(DANGLING_END);
    expect(h.text).toBe("My fellow americans ask not what your country can do for you");
  });

  it("fits a model's headline to 70 characters and refuses one that only repeats the clip's first words", () => {
    const text = "so today we are going to talk about the pendulum and why the period does not depend on the mass";
    expect(llmHeadline("So today we are going to talk", text)).toBeNull();
    expect(llmHeadline("Why a pendulum ignores its mass!!", text)).toBe("Why a pendulum ignores its mass.");
    const long = llmHeadline("The one experiment that shows why a pendulum's period ignores the mass of the bob entirely", text)!;
    expect(long.length).toBeLessThanOrEqual(70);
    expect(long).not.toMatch(/…/);
    expect(fitHeadline("Why does a heavy bob swing exactly as fast as a light one on the same string length?")).toMatch(/\?$/);
  });
});

// Real recordings, recognised by the offline engine: rough transcripts without punctuation.
describe("headlines on real speech (pocketsphinx)", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "katto-headline-"));
  const transcripts = new Map<string, { t: Transcript; durationS: number }>();
  const sources: Record<string, { file: string; seconds?: number }> = {
    jfk: { file: "speech/en/jfk.wav" },
    lecture: { file: "speech/en/physicsworks_lecture/physicsworks_audio.webm", seconds: 40 },
  };
  beforeAll(async () => {
    for (const [name, s] of Object.entries(sources)) {
      const wav = path.join(dir, `${name}.wav`);
      execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", path.join(mediaDir(), s.file), ...(s.seconds ? ["-t", String(s.seconds)] : []), "-ac", "1", "-ar", "16000", wav]);
      const durationS = s.seconds ?? 11;
      transcripts.set(name, { t: await transcribe(wav, { signal: AbortSignal.timeout(590_000), durationS, engine: createPocketsphinxEngine() }), durationS });
    }
  }, 600_000); // a bound for a shared, loaded machine, not a speed requirement
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("titles every clip with a headline of at most 70 characters that is not the clip's opening cut short", () => {
    for (const [name, { t, durationS }] of transcripts) {
      expect(t.words.length, name).toBeGreaterThan(10);
      const moments = selectMoments(t, { durationS, config: { clipLength: "lt30" }, maxClips: 10 });
      const scored = scoreMoments(moments, t, { config: {} });
      expect(scored.length, name).toBeGreaterThan(0);
      for (const m of scored) {
        expect(m.title.length, `${name}: ${m.title}`).toBeLessThanOrEqual(MAX_HEADLINE_CHARS);
        expect(m.title, name).not.toMatch(/…/);
        expect(m.title, name).not.toMatch(DANGLING_END);
        // the previous titles: the opening sentence, cut with an ellipsis
        expect(m.title, name).not.toBe(titleFromSentence(m.text));
      }
    }
  });

  it("finds the number in the lecture's rough transcript (the speaker gives a weight, a height or an energy)", () => {
    const { t } = transcripts.get("lecture")!;
    const found = t.segments.map((s) => headline([s.text])).filter((h) => h?.kind === "number");
    expect(found.length).toBeGreaterThan(0);
    for (const h of found) expect(h!.phrase).toMatch(/\d|\bone\b/);
  });
});
