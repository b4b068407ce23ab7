/**
 * The board view of a game of any ruleset: the DBE/DMB board (`board.ts`, `render-board.ts`:
 * active Digimon, HP, Power, DP zone, supports) or the DCG board (`dcg-board.ts`,
 * `render-dcg-board.ts`: memory gauge, security, breeding and battle areas), chosen by the
 * game's ruleset id. The duel bench and the scenario panel draw their boards through it.
 */
import type { Game } from "../../../runtime/core/engine.ts";
import type { PlayerIndex } from "../../../runtime/core/state.ts";
import { boardOf } from "./board.ts";
import { dcgBoardOf } from "./dcg-board.ts";
import { renderBoard } from "./render-board.ts";
import { renderDcgBoard } from "./render-dcg-board.ts";

/**
 * Draw a game's board into `host` (its children are replaced); `host.dataset.ruleset` says
 * which board it is ("dcg", or the DBE/DMB ruleset's id).
 * @param viewer the player whose view it is (hidden cards stay face down), or null for both
 * @param seats how each seat is played ("me", "greedy agent"…), P1's first
 */
export function paintBoard(host: HTMLElement, g: Game, viewer: PlayerIndex | null, seats: readonly [string, string]): void {
  if (g.ruleset.id === "dcg") renderDcgBoard(host, dcgBoardOf(g, viewer), seats);
  else {
    renderBoard(host, boardOf(g, viewer), seats);
    host.dataset.ruleset = g.ruleset.id;
  }
}
