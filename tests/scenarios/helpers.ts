/**
 * Cards for scenarios: the bundled sets compiled from their card text (behaviour comes only
 * from the text), plus small test sets written inline in `.dgs`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { checkSources } from "../../compiler/check/set.ts";
import type { CompiledCard } from "../../runtime/card.ts";
import { cardDb } from "../../runtime/rulesets/dbe/index.ts";
import { HALT, type Task } from "../../runtime/core/engine.ts";
import type { Decision } from "../../runtime/core/decision.ts";
import type { PlayerIndex } from "../../runtime/core/state.ts";
import type { DbeScenario } from "../../runtime/rulesets/dbe/scenario.ts";

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

/** Push rules steps and run to the first decision; null when the steps ran out (halted). */
export function pending(s: DbeScenario, ...tasks: Task[]): Decision | null {
  s.g.push(...tasks.map((t) => ({ ...t })), { t: HALT }); // fresh objects: the game owns what it runs
  return s.g.advance();
}

/** The option labels of a decision (null when none is pending). */
export const labels = (d: Decision | null): string[] | null => (d ? d.options.map((o) => o.label) : null);

/** The card keys of a player's zone, bottom first. */
export const keys = (s: DbeScenario, p: PlayerIndex, zone: string): string[] => s.g.zone(p, zone).map((id) => s.g.card(id).def);

/** Resolve one support card (Support Phase 5). */
export const sup = (p: PlayerIndex, card: number): Task => ({ t: "dbe.support.one", p, card });

/** A window of a phase (`step: 1` for the Support Phase's Any Phase step). */
export const win = (phase: string, step?: number): Task => (step === undefined ? { t: "dbe.window", phase } : { t: "dbe.window", phase, step });
