/**
 * "Canonicalise wording": the explicit action that rewrites card text, evo-box entries and
 * attack abilities into the canonical spelling of the printer (`print/text.ts`), listing each
 * change it makes. The formatter never does this (`print/setfile.ts` owns layout only); a
 * designer asks for it with `digiscript canon`, sees every change, and keeps or drops it.
 *
 * A piece of text is rewritten only when it compiles without errors or warnings (a warning
 * such as an elided "…" means the text says something the IR does not hold) and the
 * canonical print reads back to the same IR and prints the same again — so a rewrite never
 * changes what a card does.
 *
 * Source: `docs/language.md` ("Canonical spelling"); `000_012504f4614e5b24.txt`, Anatomy of
 * Cards item 14 (sentences), item 8 (evo-box), items 10–11 (attack abilities).
 */
import { parseAbility, parseEvo, readSetFile, splitAttackLine, type Span } from "../../grammar/index.ts";
import { typesOf } from "../check/set.ts";
import { checkRefs, type TextRuleset } from "../check/refs.ts";
import { layoutSentences, printSetFile, wrapText } from "./setfile.ts";
import { compileText, irKey, printAbility, printEvo, printSentences, type PrintOptions } from "./text.ts";

/** One rewrite the action would make. */
export interface WordingChange {
  /** Set number of the card. */
  card: string;
  /** The field rewritten: card text, an evo-box entry or an attack's ability. */
  field: "text" | "evo" | "circle" | "triangle" | "cross";
  /** Range of the field's value in the (normalised) file. */
  span: Span;
  /** The wording as written (laid out: one space between words). */
  before: string;
  /** The canonical wording. */
  after: string;
}

/** The canonical sentences of a card's text, or null when it must stay as written (in a set of `ruleset`). */
function canonicalText(text: string, types: readonly string[], ruleset: TextRuleset): string[] | null {
  if (text.trim() === "") return null;
  const first = compileText(text, types, ruleset);
  if (!first.ok || first.diagnostics.length > 0) return null;
  const opts: PrintOptions = { types };
  const sentences = printSentences(first.effects, opts);
  const printed = sentences.join(" ");
  const again = compileText(printed, types, ruleset);
  if (!again.ok || irKey(again.effects) !== irKey(first.effects)) return null;
  if (printSentences(again.effects, opts).join(" ") !== printed) return null;
  return sentences;
}

/** The canonical form of an evo-box entry, or null when it must stay as written (not valid in a set of `ruleset`). */
function canonicalEvo(value: string, types: readonly string[], ruleset: TextRuleset): string | null {
  const r = parseEvo(value, types);
  if (!r.value || checkRefs(r.value.refs, types, ruleset).length > 0) return null;
  const printed = printEvo(r.value.entry, { types });
  const back = parseEvo(printed, types);
  return back.value && JSON.stringify(back.value.entry) === JSON.stringify(r.value.entry) ? printed : null;
}

/** The canonical form of an attack ability, or null when it must stay as written. */
function canonicalAbility(ability: string, types: readonly string[]): string | null {
  const r = parseAbility(ability);
  if (!r.value) return null;
  const printed = printAbility(r.value.ability, { types });
  const back = parseAbility(printed);
  return back.value && JSON.stringify(back.value.ability) === JSON.stringify(r.value.ability) ? printed : null;
}

/**
 * The rewrites that canonicalising a file's wording would make, in file order.
 * A file the reader reports errors for has none (nothing in it is rewritten), and so has a
 * DCG set.
 * @param source the file's text
 * @param file path or label (for the reader)
 */
export function wordingChanges(source: string, file = "<input>.dgs"): WordingChange[] {
  const syntax = readSetFile(file, source);
  if (syntax.diagnostics.some((d) => d.severity === "error")) return [];
  // DCG card text has no canonical spelling yet (its grammar is being written): nothing to rewrite.
  if (syntax.ruleset === "dcg") return [];
  const types = typesOf(syntax);
  const out: WordingChange[] = [];
  for (const card of syntax.cards) {
    for (const f of card.fields) {
      const raw = f.value.value;
      if (f.key === "text") {
        const canon = canonicalText(raw, types, syntax.ruleset);
        const before = layoutSentences(raw).join(" ");
        if (canon && canon.join(" ") !== before) out.push({ card: card.setNumber, field: "text", span: f.value.span, before, after: canon.join(" ") });
      } else if (f.key === "evo") {
        const canon = canonicalEvo(raw, types, syntax.ruleset);
        const before = layoutSentences(raw).join(" ");
        if (canon && canon !== before) out.push({ card: card.setNumber, field: "evo", span: f.value.span, before, after: canon });
      } else if (f.key === "circle" || f.key === "triangle" || f.key === "cross") {
        const { ability, abilityAt } = splitAttackLine(raw);
        if (ability === null) continue;
        const canon = canonicalAbility(ability, types);
        const before = layoutSentences(ability).join(" ");
        const start = f.value.offsetAt(abilityAt);
        if (canon && canon !== before) out.push({ card: card.setNumber, field: f.key, span: { start, end: start + ability.length }, before, after: canon });
      }
    }
  }
  return out;
}

/**
 * A file with its wording canonicalised and then laid out by the formatter.
 * @param source the file's text
 * @returns the new text and the changes made (empty when the file is already canonical)
 */
export function canonicaliseWording(source: string, file = "<input>.dgs"): { text: string; changes: WordingChange[] } {
  const changes = wordingChanges(source, file);
  let text = readSetFile(file, source).source;
  for (const c of [...changes].sort((a, b) => b.span.start - a.span.start)) {
    // Card text spans continuation lines: the canonical text goes on one line, the formatter wraps it.
    const value = c.field === "text" ? wrapText([c.after], Number.POSITIVE_INFINITY)[0]! : c.after;
    text = text.slice(0, c.span.start) + value + text.slice(c.span.end);
  }
  return { text: printSetFile(text, { file }), changes };
}
