/**
 * The board view of a game of any ruleset: the DBE/DMB board (`board.ts`, `render-board.ts`:
 * active Digimon, HP, Power, DP zone, supports) or the DCG board (`dcg-board.ts`,
 * `render-dcg-board.ts`: memory gauge, security, breeding and battle areas), chosen by the
 * game's ruleset id. The duel bench and the scenario panel draw their boards through it.
 *
 * The board is drawn whole into a detached element, then the page's board is morphed into it
 * (morphdom): only the elements and texts that changed since the last decision are touched,
 * so a step re-lays out a few lines instead of the whole board (a duel step's style and
 * layout: see bench/playground.ts), and a keyboard or screen-reader user's place on the
 * board is kept.
 */
import morphdom from "morphdom";
import type { Game } from "../../../runtime/core/engine.ts";
import type { PlayerIndex } from "../../../runtime/core/state.ts";
import { boardOf } from "./board.ts";
import { dcgBoardOf } from "./dcg-board.ts";
import { renderBoard } from "./render-board.ts";
import { renderDcgBoard } from "./render-dcg-board.ts";

/**
 * Draw a game's board into `host` (its children become the new board's, unchanged ones kept);
 * `host.dataset.ruleset` says which board it is ("dcg", or the DBE/DMB ruleset's id).
 * @param viewer the player whose view it is (hidden cards stay face down), or null for both
 * @param seats how each seat is played ("me", "greedy agent"…), P1's first
 */
export function paintBoard(host: HTMLElement, g: Game, viewer: PlayerIndex | null, seats: readonly [string, string]): void {
  const next = host.ownerDocument.createElement(host.tagName);
  if (g.ruleset.id === "dcg") renderDcgBoard(next, dcgBoardOf(g, viewer), seats);
  else {
    renderBoard(next, boardOf(g, viewer), seats);
    next.dataset.ruleset = g.ruleset.id;
  }
  morphdom(host, next, { childrenOnly: true });
  host.dataset.ruleset = next.dataset.ruleset;
}
