/**
 * The caches of reads of continuous effects (per game, per state version), and the depths of
 * the re-entrance guards they are kept apart by. Every read of the effect model that is cached
 * — the continuous effects in force (`in-force.ts`), the values they give (`continuous.ts`),
 * immunities (`immunity.ts`), the views of noun phrases (`select.ts`) — takes its cache here,
 * so this module sits below them all and reads nothing of them: the guards' depths are kept
 * here and moved by the reads that enter them.
 */
import type { Game } from "../../../core/engine.ts";
import { gameCache, stateVersion } from "../model.ts";

/**
 * The depths of the re-entrance guards of reads (002 §10-1-5; a layering reading,
 * `.scratch/dcg-rules.md` 3.10): `reading` inside a read of continuous effects
 * (`continuous.ts` `guarded`: a read made there sees no continuous effects), `immunity` inside
 * a read of immunities (`immunity.ts` `unaffectedBy`: a read made there sees no immunities).
 * Moved only by those two modules, always back in a `finally`. Not game state.
 */
export const guards = { reading: 0, immunity: 0 };

/*
 * Reading continuous effects is pure: the same state gives the same values. The rules read the
 * same values many times over one state (listing the main-phase actions reads colours, keywords,
 * prohibitions and costs of every card and object; every Digimon's DP reads the same "gets
 * +N DP" clauses and "while" conditions), so they are cached per game, per `stateVersion`
 * (`model.ts`): any write to the state through the journal, any rollback, any `boardChanged` /
 * `stateChanged` and a change of turn player makes a new version and drops every entry. A read also depends on the re-entrance guards ({@link guards}: a read made inside another sees no continuous
 * effects, or no immunities), so each cache has one slot per pair of guard depths. The other
 * caches a read goes through (`activeContinuous`, keyed on the board version that
 * `boardChanged` bumps with the state version; the per-card IR caches) never make a read differ
 * between two reads of one version. Not game state: nothing here is hashed, saved or rolled back.
 */

/** Cache kinds ({@link memoMap}); each has 4 slots, one per pair of guard depths. */
export const MEMO_APPLYING = 0;
export const MEMO_KEYWORDS = 2;
export const MEMO_COLORS = 3;
export const MEMO_ALSO = 4;
export const MEMO_FORBIDS = 5;
export const MEMO_PERMITS = 6;
export const MEMO_COST = 7;
/** `immunity.ts` `unaffectedBy`. */
export const MEMO_UNAFFECTED = 8;
export const MEMO_WHO = 9;
/** `select.ts` `viewOf` (a view reads no continuous effect: one slot). */
export const MEMO_VIEW = 10;
export const MEMO_DP_CLAUSES = 11;

/** The caches of one game for one state version. */
interface Memo {
  v: number;
  maps: (Map<unknown, unknown> | undefined)[];
}

/**
 * The cache of kind `kind` (one of the `MEMO_…` constants) of game `g` for its current state
 * version and guard depths (`depthless`: a value no guard changes, one slot), emptied whenever
 * the version changed; null when the game's state version is unknown (never cache then). The
 * values cached are shared: callers never change them.
 */
export function memoMap<K, T>(g: Game, kind: number, depthless = false): Map<K, T> | null {
  const v = stateVersion(g);
  if (v < 0) return null;
  const cache = gameCache(g);
  let m = cache.memo as Memo | null;
  if (m === null) cache.memo = m = { v, maps: [] };
  else if (m.v !== v) {
    m.v = v;
    m.maps = [];
  }
  const slot = depthless ? kind * 4 : kind * 4 + (guards.reading > 0 ? 2 : 0) + (guards.immunity > 0 ? 1 : 0);
  let map = m.maps[slot];
  if (map === undefined) m.maps[slot] = map = new Map();
  return map as Map<K, T>;
}
