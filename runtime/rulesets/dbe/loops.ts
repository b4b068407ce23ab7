/**
 * Loops in DBE: the rule that ends a game whose triggered effects repeat without end, and
 * the ruling the core asks for when a game goes over one of its work bounds.
 *
 * The DBE rules (`000_012504f4614e5b24.txt`) have no loop rule. This runtime adopts the
 * Digimon Card Game's (`002_db81695f81018ea7.txt`, 13-1 "永久循环", Infinite loops):
 * 13-1-1-1, "when no player has a way to stop the loop, the game ends in a draw". Reading
 * (docs/runtime.md "Loops"): the runtime does not prove that a loop cannot be stopped; the
 * same triggered sentence of the same card resolving more than {@link TRIGGER_LOOP_LIMIT}
 * times within one phase step is taken to be such a loop (bundled decks never go over 2).
 *
 * The counts live beside the game, not in its state: they are bookkeeping of the loop rule,
 * not a game fact, so digests of games without loops are unchanged; a replay recounts them.
 */
import type { Game, LoopRuling, Overrun } from "../../core/engine.ts";
import type { Effect } from "../../ir.ts";
import { cardName, def } from "./model.ts";
import { phaseStepName } from "./narrate.ts";

/**
 * How many times one triggered sentence of one card may resolve within one phase step;
 * one more is an unbreakable loop (002 13-1-1-1, read for DBE).
 */
export const TRIGGER_LOOP_LIMIT = 100;

/** Sentences per card kept apart in a count key (`card * SENTENCES + sentence`). */
const SENTENCES = 1024;

/** Resolutions per sentence in the current phase step of one game. */
interface StepCounts {
  turn: number;
  phase: string;
  step: string;
  /** `card * SENTENCES + sentence index` → resolutions in this step. */
  counts: Map<number, number>;
}

const COUNTS = new WeakMap<Game, StepCounts>();

/** The counts of the game's current phase step (a new step starts from zero). O(1). */
function stepCounts(g: Game): StepCounts {
  const s = g.state;
  let c = COUNTS.get(g);
  if (c === undefined) {
    c = { turn: s.turn, phase: s.phase, step: s.step, counts: new Map() };
    COUNTS.set(g, c);
  } else if (c.turn !== s.turn || c.phase !== s.phase || c.step !== s.step) {
    c.turn = s.turn;
    c.phase = s.phase;
    c.step = s.step;
    c.counts.clear();
  }
  return c;
}

/** "LP-006 Loopmon's sentence "Boost own Power +100."" */
function sentenceOf(g: Game, card: number, i: number): string {
  return `${cardName(g, card)}'s sentence "${(def(g, card).effects[i] as Effect).text}"`;
}

/** "Support Phase, step 5 (Resolving supports) of turn 10" (narrate.ts `phaseStepName`). */
function whereNow(g: Game): string {
  const s = g.state;
  return `${phaseStepName(s.phase, s.step)} of turn ${s.turn}`;
}

/**
 * Count one resolution of a card's sentence (`dbe.effect`, once per resolution) and apply
 * the loop rule to triggered ones: the {@link TRIGGER_LOOP_LIMIT}+1-th resolution of the same
 * triggered sentence of the same card in one phase step ends the game as a draw, logged as a
 * "loop" event naming the card (set number and name) and the sentence. O(1).
 * Source: 002 13-1-1-1 (read for DBE; docs/runtime.md "Loops").
 * @param card the card instance id; `i` the sentence index; `triggered` whether it resolves as a trigger
 * @returns true when the game has ended (the sentence must not resolve)
 */
export function countResolution(g: Game, card: number, i: number, triggered: boolean): boolean {
  const c = stepCounts(g);
  const key = card * SENTENCES + i;
  const n = (c.counts.get(key) ?? 0) + 1;
  c.counts.set(key, n);
  if (!triggered || n <= TRIGGER_LOOP_LIMIT) return false;
  const reason = `unbreakable loop: ${sentenceOf(g, card, i)} resolved as a trigger ${n} times in ${whereNow(g)} (more than ${TRIGGER_LOOP_LIMIT}); no player can stop it, so the game is a draw (002 13-1-1-1, read for DBE)`;
  g.logger?.emit("loop", g.card(card).owner, reason, { card, sentence: i, times: n, limit: TRIGGER_LOOP_LIMIT });
  g.end("draw", reason);
  return true;
}

/**
 * The DBE ruling on a core {@link Overrun} (`Ruleset.loop`): the sentence that resolved most
 * often in the current phase step is responsible, and the game is a draw (002 13-1-1-1, read
 * for DBE). When no card sentence resolved in this step no card is to blame: null (the core
 * then throws an EngineError, a bug of the rules code).
 * @returns the draw naming the card and the sentence, or null
 */
export function dbeLoopRuling(g: Game, o: Overrun): LoopRuling | null {
  const c = COUNTS.get(g);
  const s = g.state;
  if (c === undefined || c.turn !== s.turn || c.phase !== s.phase || c.step !== s.step) return null;
  let best = -1;
  let most = 0;
  for (const [k, n] of c.counts) if (n > most) [best, most] = [k, n];
  if (best < 0) return null;
  const card = Math.floor(best / SENTENCES);
  const reason = `unbreakable loop: ${o.what} (the rules engine's bound); ${sentenceOf(g, card, best % SENTENCES)} resolved ${most} times in ${whereNow(g)}; the game is a draw (002 13-1-1-1, read for DBE)`;
  return { winner: "draw", reason };
}
