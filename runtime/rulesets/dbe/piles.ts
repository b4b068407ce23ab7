/**
 * Moving cards between the top or bottom of piles, one at a time — the single place for the
 * glossary's pile moves. Source: `000_012504f4614e5b24.txt`, Glossary "Draw", "Trash X"
 * ("Move the top X cards (one at a time) from the top of the specified player's deck into
 * their Trash Zone"), "Recycle X" (top of the trash to the top of the deck), "Static X"
 * (delete the bottom X cards of the trash). A pile that runs out simply moves fewer (FAQ
 * "Conditionals": "you can only do so much").
 */
import type { Game } from "../../core/engine.ts";
import type { PlayerIndex } from "../../core/state.ts";

/**
 * Move up to `n` cards from the top of a player's pile to the top of another of their piles.
 * @param moved when given, the ids moved are appended to it in order (for the log)
 * @returns how many moved
 */
export function moveTop(g: Game, p: PlayerIndex, from: string, to: string, n: number, moved?: number[]): number {
  let k = 0;
  for (; k < n; k++) {
    const z = g.zone(p, from);
    if (z.length === 0) break;
    const id = z[z.length - 1]!;
    g.move(id, p, to);
    moved?.push(id);
  }
  return k;
}

/**
 * Move up to `n` cards from the bottom of a player's pile to the top of another pile.
 * @param moved when given, the ids moved are appended to it in order (for the log)
 * @returns how many moved
 */
export function moveBottom(g: Game, p: PlayerIndex, from: string, to: string, n: number, moved?: number[]): number {
  let k = 0;
  for (; k < n; k++) {
    const z = g.zone(p, from);
    if (z.length === 0) break;
    const id = z[0]!;
    g.move(id, p, to);
    moved?.push(id);
  }
  return k;
}

/**
 * Draw `n` cards from the top of the deck into the hand (or `zone`: Dark Draw). Moves only:
 * the caller raises the "draws" event when the rules count it as drawing (triggers.ts `raise`;
 * docs/runtime.md "Events raised by rules actions").
 * @param moved when given, the ids drawn are appended to it (for the log)
 * @returns how many were drawn (fewer when the deck runs out)
 */
export function drawRaw(g: Game, p: PlayerIndex, n: number, zone = "hand", moved?: number[]): number {
  return moveTop(g, p, "deck", zone, n, moved);
}
