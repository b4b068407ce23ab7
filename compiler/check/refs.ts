/**
 * Validation of the words and numbers the parser left as refs: type names against the
 * set's vocabulary, level letters, and numbers within the ranges the game allows.
 *
 * Source: `000_012504f4614e5b24.txt`, Glossary "Type", "Level"; Deck Construction (a
 * deck has 50 cards, so no count can exceed 50).
 */
import type { Diagnostic, Ref } from "../../grammar/index.ts";
import { constructById } from "../../grammar/constructs.ts";
import { closest, didYouMean } from "../../grammar/suggest.ts";
import { levelOf } from "../../runtime/vocabulary.ts";

/**
 * The rulesets whose card text this checker reads: DBE (`000_012504f4614e5b24.txt`) and DMB
 * (`003_7a740b8ec9103d40.txt`) share one grammar; the words only DMB's rules define compile
 * in `ruleset dmb` sets only ({@link rulesetOnlyError}).
 */
export type TextRuleset = "dbe" | "dmb";

/** The code of the error for words of another ruleset's rules ({@link rulesetOnlyError}). */
export const OTHER_RULESET = "other-ruleset";

/**
 * The error for a construct only another ruleset's rules define (a `rulesetOnly` ref, e.g.
 * DMB's "(Also Jungle.)" in a `ruleset dbe` set), or null when the set's ruleset has it. The
 * message names the construct, the ruleset that has it with its rules section, and the set's
 * ruleset; the hint is what the set's ruleset writes instead (`Construct.otherwise`).
 * @param construct the id of the construct in grammar/constructs.ts
 * @param span the words that use it
 * @param ruleset the set's ruleset
 * @throws Error when `construct` names no construct (a grammar bug)
 */
export function rulesetOnlyError(construct: string, span: Diagnostic["span"], ruleset: TextRuleset): Diagnostic | null {
  const c = constructById(construct);
  if (!c) throw new Error(`unknown construct ${construct} in a rulesetOnly ref`);
  if (!c.ruleset || c.ruleset === ruleset) return null;
  const [file, ...section] = c.source.split(", ");
  return {
    severity: "error",
    code: OTHER_RULESET,
    message: `"${c.name}" is ${c.ruleset.toUpperCase()} vocabulary: only \`ruleset ${c.ruleset}\` sets have it (${file}, ${section.join(", ")}), and this set is \`ruleset ${ruleset}\`, whose rules do not`,
    span,
    ...(c.otherwise ? { hint: c.otherwise } : {}),
  };
}

export { closest, didYouMean, distance } from "../../grammar/suggest.ts";

/** Largest card count an effect may name (a DBE deck has 50 cards: Deck Construction). */
export const MAX_COUNT = 50;
/** Largest HP/Power/DP amount an effect may name, in points. */
export const MAX_AMOUNT = 9990;


/** A type vocabulary as written and in lower case, for {@link checkRefsInto}. */
interface TypeSets {
  exact: ReadonlySet<string>;
  lower: ReadonlySet<string>;
}

const typeSetsOf = new WeakMap<readonly string[], TypeSets>();
function typeSets(types: readonly string[]): TypeSets {
  let s = typeSetsOf.get(types);
  if (!s) {
    s = { exact: new Set(types), lower: new Set(types.map((t) => t.toLowerCase())) };
    typeSetsOf.set(types, s);
  }
  return s;
}

/**
 * Check refs. Type words must be in `types` (case-insensitive); level words must be a
 * level; counts must be 0…{@link MAX_COUNT}; amounts −{@link MAX_AMOUNT}…{@link MAX_AMOUNT};
 * words only another ruleset's rules define are an error ({@link rulesetOnlyError}).
 * @param ruleset the set's ruleset (DBE when not given)
 * @returns error diagnostics with the ref's range
 */
export function checkRefs(refs: readonly Ref[], types: readonly string[], ruleset: TextRuleset = "dbe"): Diagnostic[] {
  const out: Diagnostic[] = [];
  checkRefsInto(refs, types, ruleset, out);
  return out;
}

/**
 * A number of card text in a message: as read, or "this number" when it is not a whole number
 * that can be written back as the card wrote it (past 2^53 it was rounded when read, and from
 * 10^21 on JavaScript would write "1e+21"); the diagnostic's range shows the digits themselves.
 */
function numberWords(n: number): string {
  return Number.isSafeInteger(n) ? String(n) : "this number";
}

/**
 * {@link checkRefs} adding its diagnostics to a list, made when the first one is added (most
 * refs are fine: no list is made for them).
 * @param out the list, or null for none yet
 * @returns `out`, or the list made for the first diagnostic, or null when there is none
 */
export function checkRefsInto(refs: readonly Ref[], types: readonly string[], ruleset: TextRuleset, out: Diagnostic[] | null): Diagnostic[] | null {
  if (refs.length === 0) return out;
  const sets = typeSets(types);
  for (const r of refs) {
    switch (r.kind) {
      case "type":
        if (!sets.exact.has(r.word) && !sets.lower.has(r.word.toLowerCase())) {
          const near = closest(r.word, types);
          (out ??= []).push({
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
          (out ??= []).push({ severity: "error", code: "unknown-level", message: `"${r.word}" is not a level: expected R, C, U or M`, span: r.span });
        }
        break;
      case "count":
        if (!Number.isInteger(r.value) || r.value < 0 || r.value > MAX_COUNT) {
          (out ??= []).push({ severity: "error", code: "number-range", message: `${numberWords(r.value)} is out of range for a number of cards (0–${MAX_COUNT}: a deck has 50 cards)`, span: r.span });
        }
        break;
      case "amount":
        if (Math.abs(r.value) > MAX_AMOUNT) {
          (out ??= []).push({ severity: "error", code: "number-range", message: `${numberWords(r.value)} is out of range for HP, Power or DP (at most ${MAX_AMOUNT})`, span: r.span });
        }
        break;
      case "name":
        break;
      case "invalid":
        (out ??= []).push({ severity: "error", code: r.code ?? "meaningless", message: r.message, span: r.span });
        break;
      case "elided":
        (out ??= []).push({
          severity: "warning",
          code: "elided-text",
          message: '"…" marks text the source left out; this card compiles without it, so check the printed card',
          span: r.span,
        });
        break;
      case "rulesetOnly": {
        const e = rulesetOnlyError(r.construct, r.span, ruleset);
        if (e) (out ??= []).push(e);
        break;
      }
    }
  }
  return out;
}
