/**
 * "Did you mean …?" suggestions: the closest word of a vocabulary by edit distance.
 * Used by parse errors (misspelt keywords) and by the checker (types, markings, timings).
 */

/**
 * Three rows of the distance table (the row before the previous one, the previous one and
 * the current one, `width` cells each), reused between calls: the words compared are short,
 * and a distance is computed for every word of a vocabulary, so no call allocates.
 */
let rows = new Int32Array(3 * 64);

/**
 * Optimal string alignment distance (Damerau–Levenshtein without editing a substring
 * twice), for "did you mean" hints: insertions, deletions, substitutions and the
 * transposition of two adjacent characters each count 1, so "Drwa" is as close to "Draw"
 * as "Drow" is.
 * @param limit stop early and return a value above `limit` once the distance must exceed it
 *   (the smallest value of a row never decreases from one row to the next, transpositions
 *   included: a transposition costs one more than the cell it comes from, which is at least
 *   the smallest value of the row between)
 */
export function distance(a: string, b: string, limit = Infinity): number {
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > limit) return limit + 1;
  const w = n + 1;
  if (rows.length < 3 * w) rows = new Int32Array(3 * w);
  const d = rows;
  // Row i lives at offset (i % 3) * w: rows i - 2, i - 1 and i never share cells.
  for (let j = 0; j <= n; j++) d[j] = j;
  for (let i = 1; i <= m; i++) {
    const cur = (i % 3) * w;
    const prev = ((i - 1) % 3) * w;
    const prev2 = ((i + 1) % 3) * w;
    d[cur] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    const caBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = 1; j <= n; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(d[prev + j]! + 1, d[cur + j - 1]! + 1, d[prev + j - 1]! + (ca === cb ? 0 : 1));
      // A transposition of two adjacent characters ("wa" for "aw").
      if (j > 1 && i > 1 && ca === b.charCodeAt(j - 2) && caBefore === cb) v = Math.min(v, d[prev2 + j - 2]! + 1);
      d[cur + j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
  }
  return d[(m % 3) * w + n]!;
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

/**
 * The one word of `options` that `word` is surely a slip of, or null: at most one edit away in
 * a word of up to 7 letters, two in a longer one, any case ("Champoin" → "Champion", "[On Paly]"
 * → "On Play", "DCG" → "dcg"); null when `word` is one of them, when none is that close, and when
 * two are equally close ("dmg": "dmb" or "dcg"?). For a guess the reader acts on (reading a
 * file as the ruleset meant) or offers as a fix where any word could stand (a bracket that is
 * no timing may be a misspelt name): {@link closest}'s bound, a third of the word, is loose for
 * short words ("Mamon" is two edits from "Main").
 */
export function slipOf(word: string, options: Iterable<string>): string | null {
  const w = word.toLowerCase();
  const limit = w.length <= 7 ? 1 : 2;
  let best: string | null = null;
  let bestD = limit + 1;
  let tie = false;
  for (const o of options) {
    const d = distance(w, o.toLowerCase(), limit);
    if (d === 0) return null;
    if (d < bestD) {
      bestD = d;
      best = o;
      tie = false;
    } else if (d === bestD) tie = true;
  }
  return tie ? null : best;
}

/**
 * The hint of every "did you mean" of the checker and the deck checks, worded as the parser
 * words its own (grammar/index.ts): `did you mean "Marine"?`; undefined when there is no guess.
 * @param guesses the suggested words, best first (several are joined with "or")
 */
export function didYouMean(...guesses: (string | null | undefined)[]): string | undefined {
  const words = guesses.filter((g): g is string => typeof g === "string" && g.length > 0);
  return words.length > 0 ? `did you mean ${words.map((w) => `"${w}"`).join(" or ")}?` : undefined;
}
