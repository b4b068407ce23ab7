/**
 * The game state of the rules core: players, zones, card instances, counters and tokens.
 *
 * The core knows no game: zone names, counter names and the ruleset's own per-player and
 * per-card data (`vars`) are the ruleset's vocabulary. Everything here is plain JSON, so
 * a state can be hashed ({@link digestOf}), saved and compared; writes go through the
 * {@link Journal} of the game so that costs can roll back.
 */

/** Any JSON value. */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Player index: 0 is the first player of the seating, 1 the second. */
export type PlayerIndex = 0 | 1;

/** The other player. */
export function other(p: PlayerIndex): PlayerIndex {
  return p === 0 ? 1 : 0;
}

/** One physical card in a game. */
export interface CardInstance {
  /** Unique id in the game, index into {@link GameState.cards}. */
  id: number;
  owner: PlayerIndex;
  /** Key of the card's definition in the game's card database (set number, or `number/Side` for flip cards). */
  def: string;
  /** Current zone name (one of the ruleset's zones). */
  zone: string;
  /** Whose zone holds the card (usually the owner; an attachment may sit with the opponent). */
  holder: PlayerIndex;
  /** Ruleset data on this card (counters, flags), e.g. `{ flats: 2 }`. */
  vars: { [k: string]: Json };
}

/** One player's state. */
export interface PlayerState {
  index: PlayerIndex;
  /** Display name (deck name). */
  name: string;
  /** Zone name → card ids, bottom first (the last id is the top card). */
  zones: { [zone: string]: number[] };
  /** Ruleset data on this player (KO points, chosen attack, DP adjustments…). */
  vars: { [k: string]: Json };
}

/** The whole game state. */
export interface GameState {
  ruleset: string;
  /** 1-based turn number; 0 during Pre-Game Setup. */
  turn: number;
  turnPlayer: PlayerIndex;
  /** Current phase and step names of the ruleset (e.g. "battle", "3"). */
  phase: string;
  step: string;
  players: [PlayerState, PlayerState];
  cards: CardInstance[];
  /** Ruleset data on the game (lingering effects, pending supports…). */
  vars: { [k: string]: Json };
  /** The winner, "draw", or null while the game goes on. */
  winner: PlayerIndex | "draw" | null;
  /** Why the game ended, e.g. "4 KO points (Battle Phase 7)". */
  endReason: string | null;
}
