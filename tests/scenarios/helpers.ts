/**
 * Cards for scenarios: the bundled sets compiled from their card text (behaviour comes only
 * from the text), plus small test sets written inline in `.dgs`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { checkSources } from "../../compiler/check/set.ts";
import type { CompiledCard } from "../../runtime/card.ts";
import { cardDb } from "../../runtime/rulesets/dbe/index.ts";

const ROOT = join(import.meta.dirname, "..", "..");

/**
 * Compile `.dgs` sources into cards; throws on any error so a scenario never runs a card
 * the compiler did not understand.
 */
export function compileCards(sources: { file: string; text: string }[]): CompiledCard[] {
  const sets = checkSources(sources);
  const errors = sets.flatMap((s) => s.diagnostics.filter((d) => d.severity === "error"));
  if (errors.length) throw new Error(errors.map((d) => `${d.file}:${d.line}:${d.col}: ${d.message}`).join("\n"));
  return sets.flatMap((s) => s.cards.map((c) => ({ stats: c.stats, text: c.text, effects: c.effects })));
}

/** The bundled DBE/DS1 cards plus an optional inline test set (set code TST). */
export function scenarioDb(extra = "") {
  const files = ["cards/dbe/rules-cards.dgs", "cards/dbe/starter.dgs"].map((f) => ({ file: f, text: readFileSync(join(ROOT, f), "utf8") }));
  if (extra) files.push({ file: "test.dgs", text: `set TST Scenario test cards\nruleset dbe\n\n${extra}` });
  return cardDb(compileCards(files));
}
