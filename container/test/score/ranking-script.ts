/** A source whose strongest passage is known: a crisp hook with a number and a question among fillers. */
export const FILLER_BEFORE = [
  "Um so yeah, like, I mean, we were just kind of hanging out, you know.",
  "So yeah, I mean, it was like, whatever, you know, kind of a thing.",
  "And uh, like, basically, I mean, we just kept going and stuff.",
  "Um, yeah, so, like, I don't know, it was okay I guess.",
];
export const HOOK = [
  "Why do ninety percent of startups fail?",
  "Because they build what nobody wants.",
  "Here is how to avoid it.",
  "Talk to ten customers before you write a single line of code.",
];
export const FILLER_AFTER = [
  "So, um, yeah, like, that was kind of it, you know.",
  "And uh, I mean, whatever, we just sort of hung around and stuff.",
  "Yeah, so, like, um, I guess, you know, it was fine.",
  "Um, okay, so yeah, I mean, like, that's basically it.",
];
export const SCRIPT = [...FILLER_BEFORE, ...HOOK, ...FILLER_AFTER];
/** Pauses after each sentence: longer around the hook block, shorter inside it. */
export const GAPS = SCRIPT.map((_, i) => (i === FILLER_BEFORE.length - 1 || i === FILLER_BEFORE.length + HOOK.length - 1 ? 1.4 : 0.9));
