/**
 * Playing one batch of simulated DCG games (`simulate --ruleset dcg`) with
 * `runtime/rulesets/dcg/sim.ts`: the invariant checks of issue 14 (card conservation, the
 * objects in play, memory in −10…+10, no stuck decision, termination) and replays to the same
 * digest. Imported by `batch.ts` only for DCG simulations.
 */
import type { CardDb } from "../core/engine.ts";
import { DCG } from "../rulesets/dcg/index.ts";
import { DCG_EFFECTS } from "../rulesets/dcg/effects/index.ts";
import { dcgCardDb, type DcgCard } from "../rulesets/dcg/model.ts";
import { simulateDcgGame, type DcgAgentKind } from "../rulesets/dcg/sim.ts";
import type { DcgSetup } from "../rulesets/dcg/setup.ts";
import type { GameSummary } from "./report.ts";
import type { SimBatch } from "./stream.ts";

/** Options of a DCG simulation's games (plain data: it crosses to the workers). */
export interface DcgBatchOptions {
  agents: [DcgAgentKind, DcgAgentKind];
  /** Check invariants (default true; `DcgSimOptions.check` of `runtime/rulesets/dcg/sim.ts`). */
  check?: boolean;
  /** Games with every invariant checked after every step: one in this many by seed (default 100). */
  fullCheckEvery?: number;
  /** Turns after which a game is a draw, reported as a violation (no termination). */
  turnLimit?: number;
  /** Play the cards' effects (`DCG_EFFECTS`: what `simulate --ruleset dcg` plays), or only their stats and keyword flags (`DCG`). */
  effects: boolean;
}

/** What a DCG simulation's games share: the cards, the seats and the options (a worker's `workerData`). */
export interface DcgSimWorkerData {
  game: "dcg";
  /** The cards (stats, text, effects as IR), one per card number. */
  cards: DcgCard[];
  setup: DcgSetup;
  options: DcgBatchOptions;
}

/**
 * Play a batch of DCG games: each seed of `batch.seeds` once, replaying those in `batch.replay`.
 * @param db the card database built from `data.cards` (`dcgCardDb`)
 * @returns one summary per seed, in seed order
 */
export function playDcgBatch(db: CardDb<DcgCard>, data: DcgSimWorkerData, batch: SimBatch): GameSummary[] {
  const replay = new Set(batch.replay);
  const o = data.options;
  const ruleset = o.effects ? DCG_EFFECTS : DCG;
  return batch.seeds.map((seed) => simulateDcgGame(db, data.setup, seed, { agents: o.agents, check: o.check, fullCheckEvery: o.fullCheckEvery, turnLimit: o.turnLimit, ruleset, replay: replay.has(seed) }));
}

/** A batch player with the card database of `data` built once. */
export function dcgBatchPlayer(data: DcgSimWorkerData): (batch: SimBatch) => GameSummary[] {
  const db = dcgCardDb(data.cards);
  return (batch) => playDcgBatch(db, data, batch);
}
