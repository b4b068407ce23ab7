/**
 * "Did you mean …?" suggestions: the closest word of a vocabulary by edit distance.
 * Used by parse errors (misspelt keywords) and by the checker (types, markings, timings).
 */

/** Levenshtein distance, for "did you mean" hints. */
export function distance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  const d = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= n; j++) {
      const tmp = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[n]!;
}

/** The closest word of `options` to `word`, or null when none is close. */
export function closest(word: string, options: Iterable<string>): string | null {
  let best: string | null = null;
  let bestD = Infinity;
  for (const o of options) {
    const dd = distance(word.toLowerCase(), o.toLowerCase());
    if (dd < bestD) {
      bestD = dd;
      best = o;
    }
  }
  return best !== null && bestD <= Math.max(2, Math.floor(word.length / 3)) ? best : null;
}
