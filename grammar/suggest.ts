/**
 * "Did you mean …?" suggestions: the closest word of a vocabulary by edit distance.
 * Used by parse errors (misspelt keywords) and by the checker (types, markings, timings).
 */

/** One row of the distance table, reused between calls (the words compared are short). */
let row = new Int32Array(64);

/**
 * Levenshtein distance, for "did you mean" hints.
 * @param limit stop early and return a value above `limit` once the distance must exceed it
 */
export function distance(a: string, b: string, limit = Infinity): number {
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > limit) return limit + 1;
  if (row.length < n + 1) row = new Int32Array(n + 1);
  const d = row;
  for (let j = 0; j <= n; j++) d[j] = j;
  for (let i = 1; i <= m; i++) {
    let prev = d[0]!;
    d[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const tmp = d[j]!;
      const v = Math.min(tmp + 1, d[j - 1]! + 1, prev + (ca === b.charCodeAt(j - 1) ? 0 : 1));
      d[j] = v;
      if (v < rowMin) rowMin = v;
      prev = tmp;
    }
    if (rowMin > limit) return limit + 1;
  }
  return d[n]!;
}

/** The closest word of `options` to `word`, or null when none is close. */
export function closest(word: string, options: Iterable<string>): string | null {
  const w = word.toLowerCase();
  const bound = Math.max(2, Math.floor(word.length / 3));
  let best: string | null = null;
  let bestD = bound + 1;
  for (const o of options) {
    // Only a word closer than the best so far matters: the rest is cut short.
    const dd = distance(w, o.toLowerCase(), bestD - 1);
    if (dd < bestD) {
      bestD = dd;
      best = o;
    }
  }
  return best;
}
