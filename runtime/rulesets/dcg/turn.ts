/**
 * The DCG turn (002 chapter 6): start of turn, unsuspend phase, draw phase, breeding phase, the start of
 * the main phase, passing, the memory check, end of turn and the turn passing.
 *
 * Each phase task performs its step, then queues a settle and `dcg.next`, which makes the
 * memory check (MEM-1: only with nothing pending and no action unfinished — a settle has just
 * emptied the stack) and queues the next phase, or the end of turn when memory is on the
 * opponent's side (002 §4-1-3, §6-7-1). A phase task given `only: true` stops after its
 * step and settle (scenarios inspect one phase).
 */
import type { Game, Task } from "../../core/engine.ts";
import { other, type PlayerIndex } from "../../core/state.ts";
import { P, V, ask, cardName, isDigimon, isTamer, memoryOf, permName, seat, setMemory, who, type DcgPermanent, type LastingEffect } from "./model.ts";
import { hostOf, raise } from "./events.ts";
import { dpOf, hasKeyword } from "./continuous.ts";
import { drawCards, hatch, moveOutOfBreeding, unsuspendAll } from "./moves.ts";
import { ruleCheck, ruleDeletion } from "./rules.ts";
import type { DcgSetup } from "./setup.ts";

/** Default turn limit (a simulation guard, not a rule): a game still going after it is a draw. */
export const DEFAULT_TURN_LIMIT = 200;

/** The phases in order (002 §6-1-1) with the timings around them (§6-1-1-1); `dcg.next` goes from each to the following. */
const NEXT: Readonly<Record<string, string>> = {
  start: "dcg.unsuspend",
  unsuspend: "dcg.draw",
  draw: "dcg.breeding",
  breeding: "dcg.mainStart",
  mainStart: "dcg.main",
  main: "dcg.main",
};

/** Enter a phase and step (for the log and for timings); nothing is written when already there. */
export function enter(g: Game, phase: string, step = ""): void {
  if (g.state.phase !== phase) g.set(g.state, "phase", phase);
  if (g.state.step !== step) g.set(g.state, "step", step);
}

/** Queue a settle, then the memory check and the next phase after `after` (unless `only`). */
function settleThenNext(g: Game, t: Task, after: string): void {
  if (t.only === true) g.push({ t: "dcg.settle" });
  else g.push({ t: "dcg.settle" }, { t: "dcg.next", after });
}

/** Whether the turn player's memory check ends the turn: memory is 1 or more on the opponent's side (002 §4-1-3, §6-7-1). */
export function memoryPassed(g: Game): boolean {
  return memoryOf(g, g.state.turnPlayer) < 0;
}

/**
 * The permanents the unsuspend phase unsuspends (002 §6-3-1): the turn player's suspended
 * Digimon and Tamers in the battle area, and the opponent's suspended Digimon with <Reboot>
 * (§6-3-1-1, §12-11-1) — unless an effect forbids it (§1-3-3).
 */
export function toUnsuspend(g: Game): DcgPermanent[] {
  const tp = g.state.turnPlayer;
  const host = hostOf(g);
  const out: DcgPermanent[] = [];
  for (const perm of P(g, tp).battle) if (perm.suspended && (isDigimon(g, perm) || isTamer(g, perm)) && !host.forbids(g, { act: "unsuspend", perm, phase: true })) out.push(perm);
  for (const perm of P(g, other(tp)).battle) if (perm.suspended && isDigimon(g, perm) && hasKeyword(g, perm, "reboot") && !host.forbids(g, { act: "unsuspend", perm, phase: true })) out.push(perm);
  return out;
}

/** Turn and phase task handlers. */
export const TURN_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /**
   * After the turn passed (and the rule check's deletions): a game still going after the
   * setup's turn limit (default {@link DEFAULT_TURN_LIMIT}) is a draw — a simulation guard,
   * not a rule; otherwise the new turn starts. Args: `turn`, the turn that ended.
   */
  "dcg.newTurn"(g, t) {
    const limit = (g.setup as DcgSetup).turnLimit ?? DEFAULT_TURN_LIMIT;
    if ((t.turn as number) >= limit) {
      g.end("draw", `turn limit ${limit} reached (a simulation guard, not a rule)`);
      return;
    }
    g.push({ t: "dcg.turn" });
  },

  /**
   * TRN-1..3 (002 §6-2-1, §10-4-9): the start of turn. [Start of Your Turn] / [Start of
   * Opponent's Turn] trigger together with what the turn change's expiries triggered (held
   * since `dcg.turnSwitch`: §10-4-9-3); settle; then the memory check.
   */
  "dcg.turn"(g, t) {
    enter(g, "start");
    const tp = g.state.turnPlayer;
    g.logger?.emit("turn", tp, `Turn ${g.state.turn}: ${seat(g, tp)} is the turn player; memory ${memoryOf(g, tp)} on their side`, { memory: memoryOf(g, tp) });
    raise(g, { e: "turnStart", player: tp });
    settleThenNext(g, t, "start");
  },

  /**
   * MEM-1 (002 §4-1-3, §6-7-1, §6-7-1-1): with nothing pending, memory on the opponent's side
   * ends the turn; otherwise the next phase after `after` begins (§6-1-1).
   */
  "dcg.next"(g, t) {
    const after = t.after as string;
    if (memoryPassed(g)) {
      g.push({ t: "dcg.endOfTurn", resume: after });
      return;
    }
    g.push({ t: NEXT[after]! });
  },

  /** UNS-1, UNS-2 (002 §6-3-1, §6-3-1-1, §6-3-1-2): unsuspend all at once; settle. */
  "dcg.unsuspend"(g, t) {
    enter(g, "unsuspend");
    const perms = toUnsuspend(g);
    if (perms.length) g.logger?.emit("unsuspend", g.state.turnPlayer, `Unsuspend phase: ${perms.map((x) => permName(g, x)).join(", ")} become unsuspended (002 §6-3-1)`, { perms: perms.map((x) => x.id) });
    unsuspendAll(g, perms, false);
    settleThenNext(g, t, "unsuspend");
  },

  /**
   * DRW-1..3 (002 §6-4-1): the turn player draws 1 — not on the first player's first turn
   * (§6-4-1-1); with an empty deck they lose at once (§6-4-1-2, §1-2-1-1-2).
   */
  "dcg.draw"(g, t) {
    enter(g, "draw");
    const tp = g.state.turnPlayer;
    if (g.state.turn === 1 && tp === V(g).firstPlayer) {
      g.logger?.emit("draw", tp, `${who(tp)} does not draw on the first player's first turn (002 §6-4-1-1)`);
    } else if (g.zone(tp, "deck").length === 0) {
      g.end(other(tp), `${seat(g, tp)} cannot draw in the draw phase: the deck is empty (002 §6-4-1-2)`);
      return;
    } else {
      const [card] = drawCards(g, tp, 1, "drawPhase");
      g.logger?.emit("draw", tp, `${who(tp)} draws ${cardName(g, card!)} (002 §6-4-1)`, { card: card! });
    }
    settleThenNext(g, t, "draw");
  },

  /**
   * BRD-1..4 (002 §6-5-1): hatch a Digi-Egg (only with an empty breeding area and a Digi-Egg
   * deck: §6-5-1-1), move the breeding-area Digimon to the battle area (only one with DP:
   * §6-5-1-2-1), or do nothing (§6-5-1-3). Only legal choices are offered.
   */
  "dcg.breeding"(g, t) {
    enter(g, "breeding");
    const tp = g.state.turnPlayer;
    const choices = breedingChoices(g, tp);
    if (t.answer === undefined) {
      const s = P(g, tp);
      const label = (c: BreedingChoice) => (c === "hatch" ? "Hatch a Digi-Egg" : c === "move" ? `Move ${cardName(g, s.breeding!.cards.at(-1)!)} to the battle area` : "Do nothing");
      ask(g, tp, "breedingAction", "Breeding phase: hatch, move out of the breeding area, or do nothing (002 §6-5-1)", choices.map((c) => ({ label: label(c), value: c })), 1, 1, t);
      return;
    }
    const choice = choices[t.answer[0]!]!;
    if (choice === "hatch") {
      const perm = hatch(g, tp)!;
      g.logger?.emit("hatch", tp, `${who(tp)} hatches ${cardName(g, perm.cards[0]!)} into the breeding area (002 §6-5-1-1)`, { card: perm.cards[0]! });
    } else if (choice === "move") {
      const perm = moveOutOfBreeding(g, tp)!;
      g.logger?.emit("moveOut", tp, `${who(tp)} moves ${permName(g, perm)} from the breeding area to the battle area; it is not played (002 §6-5-1-2)`, { perm: perm.id });
    } else g.logger?.emit("breeding", tp, `${who(tp)} does nothing in the breeding phase (002 §6-5-1-3)`);
    settleThenNext(g, t, "breeding");
  },

  /** MPS-1 (002 §6-6-1): [Start of Your Main Phase] / [Start of Opponent's Main Phase]; settle. */
  "dcg.mainStart"(g, t) {
    enter(g, "main");
    raise(g, { e: "mainStart", player: g.state.turnPlayer });
    settleThenNext(g, t, "mainStart");
  },

  /**
   * MPS-3, MEM-1 after a main-phase action (002 §6-6-2, §6-7-1-1: the turn ends only after the
   * action and all it triggered have resolved): memory on the opponent's side ends the turn;
   * otherwise the next action is asked. `only: true` stops here (scenarios).
   */
  "dcg.afterAction"(g, t) {
    if (t.only === true) return;
    if (memoryPassed(g)) g.push({ t: "dcg.endOfTurn", resume: "main" });
    else g.push({ t: "dcg.main" });
  },

  /**
   * PAS-1 (002 §6-6-3): the turn player passes; the memory counter moves to the opponent's 3
   * whatever its position (§6-6-3-2), and the end of turn comes.
   */
  "dcg.pass"(g) {
    const tp = g.state.turnPlayer;
    setMemory(g, other(tp), 3);
    g.logger?.emit("pass", tp, `${who(tp)} passes: memory goes to 3 on ${who(other(tp))}'s side (002 §6-6-3-2)`, { memory: 3 });
    g.push({ t: "dcg.endOfTurn", resume: "main" });
  },

  /**
   * EOT-1, EOT-2 (002 §6-7-2, §10-4-10): [End of Your Turn] / [End of Opponent's Turn] /
   * [End of All Turns] trigger together; settle (lasting effects still apply: §6-7-3).
   */
  "dcg.endOfTurn"(g, t) {
    enter(g, "end");
    raise(g, { e: "turnEnd", player: g.state.turnPlayer });
    g.push({ t: "dcg.settle" }, { t: "dcg.endCheck", resume: t.resume as string });
  },

  /**
   * EOT-3 (002 §6-7-4, §6-7-4-1): memory back on the turn player's side (0 or more) after the
   * end-of-turn effects: the turn continues in the phase it was in. Otherwise it passes.
   */
  "dcg.endCheck"(g, t) {
    const tp = g.state.turnPlayer;
    if (memoryOf(g, tp) >= 0) {
      g.logger?.emit("turnContinues", tp, `Memory is ${memoryOf(g, tp)} on ${who(tp)}'s side after the end of turn: the turn continues (002 §6-7-4)`);
      const resume = t.resume as string;
      enter(g, resume === "main" || resume === "mainStart" ? "main" : resume);
      g.push({ t: "dcg.next", after: resume });
      return;
    }
    g.push({ t: "dcg.turnSwitch" });
  },

  /**
   * EOT-4..6 (002 §6-7-2-2, §6-7-5, §10-4-9-3): the turn passes. Effects "for the turn" end,
   * and "until the end of your opponent's next turn" effects whose opponent's turn this was;
   * [Once Per Turn] counts start again; the memory counter stays (§6-7-2-2); the other player
   * becomes the turn player. A rule check on the new state (0 DP after an expiry) keeps what
   * it triggers for the start of turn (§10-4-9-3). A game still going after the setup's turn
   * limit (default {@link DEFAULT_TURN_LIMIT}) is a draw — a simulation guard, not a rule.
   */
  "dcg.turnSwitch"(g) {
    const v = V(g);
    const ending = g.state.turnPlayer;
    const turn = g.state.turn;
    const kept = v.lasting.filter((l) => !lastingEnds(l, ending, turn));
    if (kept.length !== v.lasting.length) g.set(v, "lasting", kept);
    if (Object.keys(v.opt).length) g.set(v, "opt", {});
    g.set(g.state, "turn", turn + 1);
    g.set(g.state, "turnPlayer", other(ending));
    const zero = ruleCheck(g);
    if (g.state.winner !== null) return;
    if (zero.length) g.push(ruleDeletion(zero), { t: "dcg.newTurn", turn });
    else g.push({ t: "dcg.newTurn", turn });
  },
};

/**
 * Whether a lasting effect ends as turn `turn` of player `ending` passes (002 §6-7-2-2: "for
 * the turn"; §6-7-5: "until the end of your opponent's next turn" ends at the first end of the
 * opponent's turn after it was made — made in the opponent's own turn, that turn's end does
 * not count; "until the end of your turn": the first end of a turn of its player).
 */
export function lastingEnds(l: LastingEffect, ending: PlayerIndex, turn: number): boolean {
  switch (l.until) {
    case "turn":
    case "attack":
    case "battle":
      return true;
    case "opponentsNextTurn":
      return ending !== l.controller && turn > l.turn;
    case "yourTurn":
      return ending === l.controller;
    case "yourNextTurn":
      return ending === l.controller && turn > l.turn;
  }
}

/** One choice of the breeding phase (002 §6-5-1). */
export type BreedingChoice = "hatch" | "move" | "nothing";

/**
 * The legal choices of player `p`'s breeding phase, in the order offered (BRD-1; 002 §6-5-1):
 * "hatch" with an empty breeding area and a Digi-Egg deck (§6-5-1-1), "move" with a Digimon
 * with DP there (§6-5-1-2-1, §13-7-6), and always "nothing" (§6-5-1-3).
 */
export function breedingChoices(g: Game, p: PlayerIndex): BreedingChoice[] {
  const s = P(g, p);
  const out: BreedingChoice[] = [];
  if (s.breeding === null && g.zone(p, "eggDeck").length > 0) out.push("hatch");
  if (s.breeding !== null && dpOf(g, s.breeding) !== null) out.push("move");
  out.push("nothing");
  return out;
}
