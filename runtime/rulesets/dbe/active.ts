/**
 * The Active Zone's top card: the one fact about the board that both the player model
 * (`model.ts`) and the permanent evo-box bonuses (`permanent.ts`) read, below both so
 * neither imports the other for it.
 */
import type { Game } from "../../core/engine.ts";
import type { PlayerIndex } from "../../core/state.ts";

/**
 * The active Digimon's card id of a player, or null when the Active Zone is empty (the
 * zone's last card is the one on top: Evolution Phase 5, an evolution is put on the active).
 * @param g the game
 * @param p the player (0 or 1)
 */
export function activeOf(g: Game, p: PlayerIndex): number | null {
  const z = g.zone(p, "active");
  return z.length ? z[z.length - 1]! : null;
}
