/**
 * Playing one batch of simulated games, on whichever thread holds the card database: the
 * piscina worker (`worker.ts`) or the main thread when `digiscript simulate` runs without a
 * pool (one worker, or few games: see `compiler/cli/commands/simulate.ts`). DBE and DMB games
 * are played here; DCG games by `dcg-batch.ts` (loaded only for them); both give the same
 * {@link GameSummary}, so one report serves every ruleset.
 */
import type { CompiledCard } from "../card.ts";
import type { CardDb } from "../core/engine.ts";
import type { DbeSetup } from "../rulesets/dbe/index.ts";
import { simulateGame, type GameSummary, type SimOptions } from "./simulate.ts";
import type { SimBatch } from "./stream.ts";
import type { DcgSimWorkerData } from "./dcg-batch.ts";

export type { DcgBatchOptions, DcgSimWorkerData } from "./dcg-batch.ts";

/** What a DBE or DMB simulation's games share: the cards, the seats and the options (a worker's `workerData`). */
export interface SimWorkerData {
  /** Absent for DBE and DMB games (their ruleset is `options.ruleset`); "dcg" in {@link DcgSimWorkerData}. */
  game?: undefined;
  cards: CompiledCard[];
  setup: DbeSetup;
  options: SimOptions;
}

/** The shared data of a simulation of any ruleset, told apart by `game`. */
export type AnySimWorkerData = SimWorkerData | DcgSimWorkerData;

/**
 * Play a batch of DBE or DMB games: each seed of `batch.seeds` once, replaying those in `batch.replay`.
 * @param db the card database built from `data.cards` (`cardDb`)
 * @returns one summary per seed, in seed order
 */
export function playBatch(db: CardDb<CompiledCard>, data: SimWorkerData, batch: SimBatch): GameSummary[] {
  const replay = new Set(batch.replay);
  return batch.seeds.map((seed) => simulateGame(db, data.setup, seed, { ...data.options, replay: replay.has(seed) }));
}

/**
 * A batch player for a simulation's data, with its card database built once: DBE and DMB
 * games by {@link playBatch}; DCG games by `dcg-batch.ts`, imported only for them (a DBE
 * worker does not load the DCG rules).
 * @returns a function playing one batch, in seed order
 */
export async function batchPlayer(data: AnySimWorkerData): Promise<(batch: SimBatch) => GameSummary[]> {
  if (data.game === "dcg") {
    const { dcgBatchPlayer } = await import("./dcg-batch.ts");
    return dcgBatchPlayer(data);
  }
  const { cardDb } = await import("../rulesets/dbe/index.ts");
  const db = cardDb(data.cards);
  return (batch) => playBatch(db, data, batch);
}
