/**
 * Piscina worker for `digiscript simulate`: plays a batch of seeds with the card database
 * and seats it received as `workerData`, and returns the game summaries.
 */
import { workerData } from "node:worker_threads";
import type { CompiledCard } from "../card.ts";
import { cardDb, type DbeSetup } from "../rulesets/dbe/index.ts";
import { simulateGame, type GameSummary, type SimOptions } from "./simulate.ts";
import type { SimBatch } from "./stream.ts";

/** What the pool is created with. */
export interface SimWorkerData {
  cards: CompiledCard[];
  setup: DbeSetup;
  options: SimOptions;
}

export type { SimBatch } from "./stream.ts";

const data = workerData as SimWorkerData;
const db = cardDb(data.cards);

/** Play a batch of games. */
export default function playBatch(batch: SimBatch): GameSummary[] {
  const replay = new Set(batch.replay);
  return batch.seeds.map((seed) => simulateGame(db, data.setup, seed, { ...data.options, replay: replay.has(seed) }));
}
