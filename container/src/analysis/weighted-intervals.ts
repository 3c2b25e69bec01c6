// Pure: weighted interval scheduling with a count (moment selection, ./moments.ts): of intervals
// with weights, up to `target` that do not overlap, the most of them first, then the largest total
// weight, by dynamic programming over the intervals in end order.

/** Up to `target` non-overlapping candidates of the largest total weight, most clips first (dynamic programming). */
export function mostWeight<T>(pool: readonly T[], target: number, span: (t: T) => { start: number; end: number; weight: number }): T[] {
  const byEnd = [...pool].sort((a, b) => span(a).end - span(b).end || span(a).start - span(b).start);
  const n = byEnd.length;
  const ends = byEnd.map((c) => span(c).end);
  // prev[i]: how many candidates (in end order) finish before candidate i starts
  const prev = byEnd.map((c) => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid]! <= span(c).start + 1e-9) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  });
  const NONE = -Infinity;
  // best[k][i]: largest total weight of k clips among the first i candidates
  const best: Float64Array[] = Array.from({ length: target + 1 }, (_, k) => new Float64Array(n + 1).fill(k === 0 ? 0 : NONE));
  for (let k = 1; k <= target; k++) {
    for (let i = 1; i <= n; i++) {
      const take = best[k - 1]![prev[i - 1]!]! + span(byEnd[i - 1]!).weight;
      best[k]![i] = Math.max(best[k]![i - 1]!, take);
    }
  }
  let k = target;
  while (k > 0 && best[k]![n] === NONE) k--;
  const picked: T[] = [];
  for (let i = n; k > 0 && i > 0; ) {
    if (best[k]![i] === best[k]![i - 1]) i--;
    else {
      picked.push(byEnd[i - 1]!);
      i = prev[i - 1]!;
      k--;
    }
  }
  return picked;
}

