/**
 * The official Digimon Card Game (DCG) ruleset: the core's plug-in of zones, the turn, actions,
 * attacks and rules processing. Source: `002_db81695f81018ea7.txt` (comprehensive rules 1.2,
 * followed where it and 001 disagree), `001_9364978fb56838a3.txt` (rule manual 2.3). Each task module cites its sections;
 * docs/rules-coverage-dcg.md lists every rule with the tests that cover it.
 *
 * Modules (the import graph goes downward only):
 * `model.ts` (state, zones, objects in play, memory) ← `events.ts` (events, effect host,
 * [Once Per Turn] slots) ← `continuous.ts` (DP, keywords, costs) ← `moves.ts` (every zone
 * change) ← `rules.ts` (rule check) ← `settle.ts` (pending effects) ← `turn.ts`, `play.ts`,
 * `digivolve.ts`, `option.ts`, `attack.ts` ← `main.ts` (the action decision) ← this file.
 */
import type { Decision } from "../../core/decision.ts";
import type { CardDb, Game, Ruleset } from "../../core/engine.ts";
import { DCG_ZONES, type DcgCard } from "./model.ts";
import { NO_CARD_EFFECTS, type DcgFeatures, type EffectHost } from "./events.ts";
import { SETUP_TASKS, startDcg, type DcgSetup } from "./setup.ts";
import { TURN_TASKS } from "./turn.ts";
import { SETTLE_TASKS } from "./settle.ts";
import { MAIN_TASKS } from "./main.ts";
import { PLAY_TASKS } from "./play.ts";
import { DIGIVOLVE_TASKS } from "./digivolve.ts";
import { OPTION_TASKS } from "./option.ts";
import { ATTACK_TASKS } from "./attack.ts";
import { MOVE_TASKS } from "./moves.ts";
import { dcgLoopRuling } from "./loops.ts";
import { checkDcgSavedSetup } from "./saved-setup.ts";

export type { DcgSetup, DcgSeat } from "./setup.ts";
export type { EffectHost, DcgFeatures } from "./events.ts";
export { NO_CARD_EFFECTS } from "./events.ts";
export { dcgCardDb } from "./model.ts";

/** Every DCG task handler, by task kind (one table object: the core builds its lookup once per table). */
export const DCG_TASKS: Ruleset["tasks"] = { ...SETUP_TASKS, ...TURN_TASKS, ...SETTLE_TASKS, ...MAIN_TASKS, ...PLAY_TASKS, ...DIGIVOLVE_TASKS, ...OPTION_TASKS, ...ATTACK_TASKS, ...MOVE_TASKS } as Ruleset["tasks"];

/**
 * The DCG ruleset with an effect host (`events.ts` {@link EffectHost}): the effect model plugs
 * in here; {@link DCG} has no card effects ({@link NO_CARD_EFFECTS}).
 */
export function dcgRuleset(host: EffectHost = NO_CARD_EFFECTS): Ruleset<DcgSetup, DcgFeatures> {
  return {
    id: "dcg",
    features: { host },
    zones: DCG_ZONES,
    tasks: DCG_TASKS,
    start: startDcg,
    /** A saved game's setup: two decks the deck checker accepts (saved-setup.ts). */
    checkSetup: (setup, db) => checkDcgSavedSetup(setup, db as CardDb<DcgCard>),
    /** Loops: a draw naming the last effect activated (002 §13-1-1-1; loops.ts). */
    loop: dcgLoopRuling,
  };
}

/** The DCG ruleset: printed stats and keyword flags, no card effects yet. */
export const DCG: Ruleset<DcgSetup, DcgFeatures> = dcgRuleset();

/**
 * The greedy agent's heuristic for DCG decisions: attack, then digivolve, play, use; block
 * when possible; keep the opening hand; hatch or move out. Scores are relative within one decision.
 */
export function dcgHeuristic(d: Decision, i: number, g: Game): number {
  void g;
  const v = d.options[i]!.value as { a?: string } | string | null | boolean;
  switch (d.kind as string) {
    case "mainAction": {
      const a = (v as { a: string }).a;
      return a === "attack" ? 5 : a === "digivolve" || a === "dna" || a === "burst" ? 4 : a === "play" ? 3 : a === "use" ? 2 : a === "effect" ? 2 : 0.5;
    }
    case "block":
      return v === null ? 0.5 : 1;
    case "mulligan":
      return v === false ? 1 : 0;
    case "breedingAction":
      return v === "nothing" ? 0.5 : 1;
    default:
      return d.options.length - i;
  }
}
