/**
 * The Digimon Battle Evolution ruleset: the core's plug-in of zones, phases and keywords.
 * Source: `000_012504f4614e5b24.txt` (each task module cites its sections).
 */
import type { CompiledCard } from "../../card.ts";
import type { CardDb, Game, Ruleset } from "../../core/engine.ts";
import type { Decision } from "../../core/decision.ts";
import { DBE_ZONES, def } from "./model.ts";
import { SETUP_TASKS, startDbe, type DbeSetup, type Seat } from "./setup.ts";
import { TURN_TASKS } from "./turn.ts";
import { SUPPORT_TASKS } from "./support.ts";
import { BATTLE_TASKS } from "./battle-phase.ts";
import { END_TASKS } from "./end.ts";
import { EFFECT_TASKS } from "./effects.ts";
import { EVOLUTION_TASKS } from "./evolution.ts";
import { powerOf } from "./continuous.ts";
import { PHASE_ABILITY_TASKS } from "./phase-abilities.ts";
import { ATTACH_TASKS } from "./attach.ts";
import { WINDOW_TASKS } from "./window.ts";
import { checkDbeDeck } from "./deck.ts";
import { dbeLoopRuling } from "./loops.ts";
import { checkSavedSetup } from "./saved-setup.ts";
import { DBE_FEATURES, type DbeFeatures } from "./features.ts";

export type { DbeSetup, Seat };
export { DBE_FEATURES, feature, type DbeFeatures } from "./features.ts";
export { checkLoadable, type LoadError } from "./loadable.ts";

/** The DBE ruleset. */
export const DBE: Ruleset<DbeSetup, DbeFeatures> = {
  id: "dbe",
  /** Every rule its variants word differently, as DBE words it (features.ts). */
  features: DBE_FEATURES,
  zones: DBE_ZONES,
  tasks: { ...SETUP_TASKS, ...TURN_TASKS, ...SUPPORT_TASKS, ...BATTLE_TASKS, ...END_TASKS, ...EFFECT_TASKS, ...EVOLUTION_TASKS, ...PHASE_ABILITY_TASKS, ...ATTACH_TASKS, ...WINDOW_TASKS } as Ruleset["tasks"],
  start: startDbe,
  /** A saved game's setup: two decks that `checkDbeDeck` and `checkLoadable` accept (saved-setup.ts). */
  checkSetup: (setup, db) => checkSavedSetup(setup, db as CardDb<CompiledCard>, "dbe", checkDbeDeck),
  /** Loops: the sentence resolved most often in the step is to blame; a draw (loops.ts). */
  loop: dbeLoopRuling,
};

/**
 * A card database from compiled cards, keyed by set number (and `number/Side` for flip
 * cards; the bare number then names the initial side).
 */
export function cardDb(cards: readonly CompiledCard[]): CardDb<CompiledCard> & { all: CompiledCard[] } {
  const m = new Map<string, CompiledCard>();
  for (const c of cards) {
    const n = c.stats.setNumber;
    if (c.stats.flip) {
      m.set(`${n}/${c.stats.flip.side}`, c);
      if (c.stats.flip.initial || !m.has(n)) m.set(n, c);
    } else m.set(n, c);
  }
  return { get: (k) => m.get(k), all: [...cards] };
}

/**
 * The greedy agent's heuristic for DBE decisions: play the strongest active, rack up, evolve,
 * choose the attack with the most Power, support with a card rather than none, keep costs
 * that are met, never mulligan. Scores are relative within one decision.
 */
export function dbeHeuristic(d: Decision, i: number, g: Game): number {
  const o = d.options[i]!;
  const v = o.value;
  switch (d.kind) {
    case "chooseAttack": {
      return powerOf(g, d.player)[v as "circle"] + 1;
    }
    case "playActive":
    case "partnerEvolve":
    case "evolutionMethod":
      return typeof v === "number" ? (def(g, v).stats.hp ?? 0) + 1 : 0;
    case "rackUp":
      return typeof v === "number" ? (def(g, v).stats.plusP ?? 0) + 1 : 0.5;
    case "chooseSupport":
      return typeof v === "number" && v >= 0 ? 2 : v === -1 ? 0.5 : 1;
    case "useEffect":
      return i === 0 ? 0.5 : 1;
    case "payCost":
    case "revealJamming":
      return v === true ? 1 : 0.5;
    case "fullMulligan":
      return v === false ? 1 : 0;
    case "mulligan":
      return -1;
    default:
      return d.options.length - i;
  }
}
