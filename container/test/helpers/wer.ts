// Word error rate: (substitutions + deletions + insertions) / reference words, by Levenshtein
// alignment over normalised tokens (src/text/normalize.ts).
import { tokenize } from "../../src/text/normalize.js";

export interface WerResult {
  wer: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  refWords: number;
}

export function wordErrorRate(reference: string | string[], hypothesis: string | string[]): WerResult {
  const ref = typeof reference === "string" ? tokenize(reference) : reference;
  const hyp = typeof hypothesis === "string" ? tokenize(hypothesis) : hypothesis;
  const n = ref.length;
  const m = hyp.length;
  // cost[i][j] with back-pointers kept as op counts of the best path
  type Cell = { c: number; s: number; d: number; i: number };
  let prev: Cell[] = Array.from({ length: m + 1 }, (_, j) => ({ c: j, s: 0, d: 0, i: j }));
  for (let i = 1; i <= n; i++) {
    const cur: Cell[] = [{ c: i, s: 0, d: i, i: 0 }];
    for (let j = 1; j <= m; j++) {
      const diag = prev[j - 1]!;
      const same = ref[i - 1] === hyp[j - 1];
      const sub = { c: diag.c + (same ? 0 : 1), s: diag.s + (same ? 0 : 1), d: diag.d, i: diag.i };
      const up = prev[j]!;
      const del = { c: up.c + 1, s: up.s, d: up.d + 1, i: up.i };
      const left = cur[j - 1]!;
      const ins = { c: left.c + 1, s: left.s, d: left.d, i: left.i + 1 };
      cur.push(sub.c <= del.c && sub.c <= ins.c ? sub : del.c <= ins.c ? del : ins);
    }
    prev = cur;
  }
  const last = prev[m]!;
  return {
    wer: n === 0 ? (m === 0 ? 0 : 1) : last.c / n,
    substitutions: last.s,
    deletions: last.d,
    insertions: last.i,
    refWords: n,
  };
}
