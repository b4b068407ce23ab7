/**
 * The structured event log of a game: what happened, in order, readable by people (the
 * duel log, the playground) and by tests (scenarios assert on `kind` and `data`).
 */
import type { Json, PlayerIndex } from "./state.ts";

/** One logged event. */
export interface LogEvent {
  /** Position in the log (0-based). */
  i: number;
  turn: number;
  phase: string;
  step: string;
  /** Machine-readable kind, e.g. "draw", "damage", "ko", "misfire", "void". */
  kind: string;
  /** The player the event is about, if any. */
  player: PlayerIndex | null;
  /** One readable sentence, e.g. "P1 draws 2 (hand 2 or lower: Prep Phase 2)". */
  text: string;
  /** Details for tests and tools (card ids, amounts, rule sections). */
  data: { [k: string]: Json };
}
