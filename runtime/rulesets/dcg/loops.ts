/**
 * Loops (002 §13-1): "when no player has a way to stop the loop, the game ends in a draw"
 * (§13-1-1-1). The core bounds the work of a turn (`core/engine.ts` `Overrun`: tasks and
 * decisions per turn, tasks per advance) and asks the ruleset for a ruling. Reading, as for
 * DBE (docs/runtime.md "Loops"): a turn over a bound in which effects activated is such a
 * loop, and the game is a draw naming the last effect that activated; a turn over a bound
 * without any effect activation is a bug of the rules code (null: the core throws).
 * Loops one player can stop by a choice (§13-1-1-2, §13-1-1-3) are the effect model's.
 */
import type { Game, LoopRuling, Overrun } from "../../core/engine.ts";
import { activationsThisTurn } from "./settle.ts";

/**
 * The DCG ruling on a core {@link Overrun} (`Ruleset.loop`).
 * @returns a draw naming the last effect activated this turn, or null when none activated
 */
export function dcgLoopRuling(g: Game, o: Overrun): LoopRuling | null {
  const a = activationsThisTurn(g);
  if (a.n === 0) return null;
  return { winner: "draw", reason: `unbreakable loop: ${o.what} (the rules engine's bound), ${a.n} effects activated this turn, the last ${a.last}; no player can stop it, so the game is a draw (002 §13-1-1-1)` };
}
