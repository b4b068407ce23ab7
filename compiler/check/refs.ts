/**
 * Validation of the words and numbers the parser left as refs: type names against the
 * set's vocabulary, level letters, and numbers within the ranges the game allows.
 *
 * Source: `000_012504f4614e5b24.txt`, Glossary "Type", "Level"; Deck Construction (a
 * deck has 50 cards, so no count can exceed 50).
 */
import type { Diagnostic, Ref } from "../../grammar/index.ts";
import { closest } from "../../grammar/suggest.ts";
import { levelOf } from "../../runtime/vocabulary.ts";

export { closest, distance } from "../../grammar/suggest.ts";

/**
 * The hint of every "did you mean" in the checker, worded as the parser words its own
 * (grammar/index.ts): `did you mean "Marine"?`; undefined when there is no guess.
 * @param guesses the suggested words, best first (several are joined with "or")
 */
export function didYouMean(...guesses: (string | null | undefined)[]): string | undefined {
  const words = guesses.filter((g): g is string => typeof g === "string" && g.length > 0);
  return words.length > 0 ? `did you mean ${words.map((w) => `"${w}"`).join(" or ")}?` : undefined;
}

/** Largest card count an effect may name (a DBE deck has 50 cards: Deck Construction). */
export const MAX_COUNT = 50;
/** Largest HP/Power/DP amount an effect may name, in points. */
export const MAX_AMOUNT = 9990;


const lowerSets = new WeakMap<readonly string[], Set<string>>();
function lowerSet(types: readonly string[]): Set<string> {
  let s = lowerSets.get(types);
  if (!s) {
    s = new Set(types.map((t) => t.toLowerCase()));
    lowerSets.set(types, s);
  }
  return s;
}

/**
 * Check refs. Type words must be in `types` (case-insensitive); level words must be a
 * level; counts must be 0…{@link MAX_COUNT}; amounts −{@link MAX_AMOUNT}…{@link MAX_AMOUNT}.
 * @returns error diagnostics with the ref's range
 */
export function checkRefs(refs: readonly Ref[], types: readonly string[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (refs.length === 0) return out;
  const lower = lowerSet(types);
  for (const r of refs) {
    switch (r.kind) {
      case "type":
        if (!lower.has(r.word.toLowerCase())) {
          const near = closest(r.word, types);
          out.push({
            severity: "error",
            code: "unknown-type",
            message: `"${r.word}" is not a type of this ruleset (${types.join(", ")})`,
            span: r.span,
            hint: didYouMean(near),
          });
        }
        break;
      case "level":
        if (levelOf(r.word) === null) {
          out.push({ severity: "error", code: "unknown-level", message: `"${r.word}" is not a level: expected R, C, U or M`, span: r.span });
        }
        break;
      case "count":
        if (!Number.isInteger(r.value) || r.value < 0 || r.value > MAX_COUNT) {
          out.push({ severity: "error", code: "number-range", message: `${r.value} is out of range for a number of cards (0–${MAX_COUNT}: a deck has 50 cards)`, span: r.span });
        }
        break;
      case "amount":
        if (Math.abs(r.value) > MAX_AMOUNT) {
          out.push({ severity: "error", code: "number-range", message: `${r.value} is out of range for HP, Power or DP (at most ${MAX_AMOUNT})`, span: r.span });
        }
        break;
      case "name":
        break;
      case "invalid":
        out.push({ severity: "error", code: r.code ?? "meaningless", message: r.message, span: r.span });
        break;
      case "elided":
        out.push({
          severity: "warning",
          code: "elided-text",
          message: '"…" marks text the source left out; this card compiles without it, so check the printed card',
          span: r.span,
        });
        break;
    }
  }
  return out;
}
