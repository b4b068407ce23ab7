/**
 * Piscina worker for `digiscript simulate`: plays a batch of seeds with the card database
 * and seats it received as `workerData` (DBE, DMB or DCG: `batch.ts`), and returns the game
 * summaries.
 */
import { workerData } from "node:worker_threads";
import { batchPlayer, type AnySimWorkerData } from "./batch.ts";
import type { GameSummary } from "./simulate.ts";
import type { SimBatch } from "./stream.ts";

export type { AnySimWorkerData, DcgSimWorkerData, SimWorkerData } from "./batch.ts";
export type { SimBatch } from "./stream.ts";

const play = await batchPlayer(workerData as AnySimWorkerData);

/** Play a batch of games (see `batch.ts` `playBatch`, `dcg-batch.ts` `playDcgBatch`). */
export default function playBatch(batch: SimBatch): GameSummary[] {
  return play(batch);
}
