/**
 * Playing one batch of simulated games, on whichever thread holds the card database: the
 * piscina worker (`worker.ts`) or the main thread when `digiscript simulate` runs without a
 * pool (one worker, or few games: see `compiler/cli/commands/simulate.ts`).
 */
import type { CompiledCard } from "../card.ts";
import type { CardDb } from "../core/engine.ts";
import type { DbeSetup } from "../rulesets/dbe/index.ts";
import { simulateGame, type GameSummary, type SimOptions } from "./simulate.ts";
import type { SimBatch } from "./stream.ts";

/** What a simulation's games share: the cards, the seats and the options (a worker's `workerData`). */
export interface SimWorkerData {
  cards: CompiledCard[];
  setup: DbeSetup;
  options: SimOptions;
}

/**
 * Play a batch of games: each seed of `batch.seeds` once, replaying those in `batch.replay`.
 * @param db the card database built from `data.cards` (`cardDb`)
 * @returns one summary per seed, in seed order
 */
export function playBatch(db: CardDb<CompiledCard>, data: SimWorkerData, batch: SimBatch): GameSummary[] {
  const replay = new Set(batch.replay);
  return batch.seeds.map((seed) => simulateGame(db, data.setup, seed, { ...data.options, replay: replay.has(seed) }));
}
