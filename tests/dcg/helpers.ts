/**
 * Helpers of the DCG tests: a one-card `ruleset dcg` set around some fields, checked with the
 * DCG checker (`checkAllSources`), the text a diagnostic's range covers, and a card of the DCG
 * dump (`../shared/data/dcg/cards.json`'s shape) for the importer.
 */
import { checkAllSources } from "../../compiler/check/all.ts";
import type { DcgCheckedSet, FileDiagnostic } from "../../compiler/api.ts";

/** The header of the test sets. */
export const DCG_HEADER = "set T1 Test\nruleset dcg\n";

/** The fields of a complete level 4 red Digimon (each becomes an indented field line). */
export const DIGIMON: readonly string[] = ["kind: Digimon", "color: Red", "level: 4", "playcost: 5", "digivolve: 2 from Lv.3", "dp: 4000", "form: Champion", "attribute: Vaccine", "traits: Dinosaur"];

/** A set file of one card `T1-001 Tester` with these field lines. */
export function oneCard(fields: readonly string[], name = "Tester"): string {
  return `${DCG_HEADER}\ncard T1-001 ${name}\n${fields.map((f) => `  ${f}`).join("\n")}\n`;
}

/** Check DCG sources; the DCG sets. */
export function checkDcg(...files: { file: string; text: string }[]): DcgCheckedSet[] {
  return checkAllSources(files).dcg;
}

/** Check one source; its set and its diagnostics. */
export function checkOne(text: string, file = "t.dgs"): { set: DcgCheckedSet; diagnostics: FileDiagnostic[]; text: string } {
  const set = checkDcg({ file, text })[0]!;
  return { set, diagnostics: set.diagnostics, text };
}

/** The text a diagnostic's range covers in its (LF-only) source. */
export function covered(text: string, d: FileDiagnostic): string {
  return text.slice(d.span.start, d.span.end);
}

/** The diagnostics of a code. */
export function withCode(ds: readonly FileDiagnostic[], code: string): FileDiagnostic[] {
  return ds.filter((d) => d.code === code);
}

/** A dump card with every field the dump has, overridable. */
export function dumpCard(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "BT1-010",
    name: "Agumon",
    set: "BT1",
    card_type: "Digimon",
    colors: ["Red"],
    level: 3,
    form: "Rookie",
    attribute: "Vaccine",
    traits: ["Reptile"],
    play_cost: 3,
    digivolve: [{ color: null, level: null, cost: 0 }],
    dp: 2000,
    rarity: "Common",
    effect: "[On Play] Reveal 5 cards from the top of your deck. Add 1 Tamer card among them to your hand. Place the remaining cards at the bottom of your deck in any order.",
    inherited_effect: "",
    security_effect: "",
    link: "",
    source: "test",
    normalization_notes: "",
    ...over,
  };
}
