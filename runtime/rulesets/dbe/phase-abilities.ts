/**
 * Phase abilities of cards in play: "Prep Phase:", "Own Prep Phase:", "Evolve Phase:", "At
 * End", … trigger at step 1 of their phase ("… abilities on cards in play activate now":
 * Prep Phase 1, Evolution Phase 1, Support Phase 1, Battle Phase 1, End Phase 1) from the
 * cards in play (places.ts) and the Support Zone. Source: `000_012504f4614e5b24.txt`, "Phases
 * of Play"; FAQ "Simultaneous Effects".
 *
 * It enters the phase's step 1 (turn.ts `enter`) and makes the abilities pending; the next
 * `dbe.triggers` (effects.ts) resolves them.
 */
import type { Game, Task } from "../../core/engine.ts";
import { other, type Json, type PlayerIndex } from "../../core/state.ts";
import type { Effect } from "../../ir.ts";
import { def } from "./model.ts";
import { enter } from "./turn.ts";
import { factsOf } from "./facts.ts";
import { afterPassive, forEachInPlay, type Origin } from "./places.ts";

/** Whether a sentence is a phase ability of `phase` for its controller `me` this turn. */
function phaseAbility(g: Game, e: Effect, phase: string, me: PlayerIndex): boolean {
  const t = afterPassive(e);
  if (t.length !== 1 || t[0]!.kind !== "phase") return false;
  const x = t[0]!;
  if (x.phase !== phase) return false;
  return x.whose === "any" || (x.whose === "own") === (me === g.state.turnPlayer);
}

/** The phase abilities found at step 1 of `phase`. */
interface PhaseAbilities {
  phase: string;
  add: { card: number; p: PlayerIndex; i: number; from: Origin }[];
}

/** Collect a card's phase abilities of `found.phase` (a {@link forEachInPlay} visitor). */
function addPhaseAbilities(g: Game, card: number, owner: PlayerIndex, place: Origin, found: PhaseAbilities): void {
  if (place === "stack") return;
  const c = def(g, card);
  const list = factsOf(c).phase[found.phase];
  if (list) for (const i of list) if (phaseAbility(g, c.effects[i] as Effect, found.phase, owner)) found.add.push({ card, p: owner, i, from: place });
}

/** Task handlers of phase abilities. */
export const PHASE_ABILITY_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /**
   * Step 1 of a phase: "… Phase abilities on cards in play activate now" (Prep Phase 1,
   * Evolution Phase 1, Support Phase 1, Battle Phase 1, End Phase 1). They are simultaneous:
   * ordered by their owner, or by the turn player between players (FAQ "Simultaneous
   * Effects"). Reading: Battle Phase 1 also names "Prep Phase" abilities; they already
   * triggered at Prep Phase 1 and do not trigger twice.
   */
  "dbe.phaseAbilities"(g, t) {
    if (queuePhaseAbilities(g, t.phase as string)) g.push({ t: "dbe.triggers" });
  },
};

/**
 * Step 1 of `phase`: its phase abilities on cards in play become pending (see
 * `dbe.phaseAbilities`; the caller queues `dbe.triggers` to resolve them).
 * @returns whether any did
 */
export function queuePhaseAbilities(g: Game, phase: string): boolean {
  enter(g, phase, "1");
  const tp = g.state.turnPlayer;
  const found: PhaseAbilities = { phase, add: [] };
  for (const q of [tp, other(tp)]) {
    forEachInPlay(g, q, addPhaseAbilities, found);
    // Supports are "in play" (Glossary "(Parenthesis text)": "Attachment, Active Zone, or
    // Support") until End Phase 4 discards them — DS1-052 Overclock's "At End". A blind card
    // without SUPPORT timing misfired as a whole (Support Phase 5.2); a voided one is
    // skipped when its sentence would resolve (effects.ts `dbe.effect`).
    for (const id of g.zone(q, "support")) if (def(g, id).stats.timings.includes("SUPPORT")) addPhaseAbilities(g, id, g.card(id).owner, "support", found);
  }
  const add = found.add;
  if (add.length === 0) return false;
  const cur = (g.state.vars.triggers as unknown as typeof add | undefined) ?? [];
  g.set(g.state.vars, "triggers", [...cur, ...add] as unknown as Json);
  return true;
}
