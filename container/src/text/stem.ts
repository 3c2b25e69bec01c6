// A light English suffix stripper: enough to match "startups"/"startup", "failing"/"fail" when
// steering by topic keywords. Not a full Porter stemmer on purpose (few rules, predictable).

const RULES: [RegExp, string][] = [
  [/ies$/, "y"],
  [/(ss)es$/, "$1"],
  [/([^s])s$/, "$1"],
  [/ing$/, ""],
  [/ed$/, ""],
  [/ly$/, ""],
  [/ment$/, ""],
];

export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3) return w;
  for (const [re, rep] of RULES) {
    const next = w.replace(re, rep);
    if (next !== w && next.length >= 3) {
      w = next;
      break;
    }
  }
  // "running" -> "runn" -> "run"
  if (/([^aeiouls])\1$/.test(w) && w.length > 3) w = w.slice(0, -1);
  return w.replace(/e$/, "");
}
