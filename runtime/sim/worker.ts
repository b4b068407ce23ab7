/**
 * Piscina worker for `digiscript simulate`: plays a batch of seeds with the card database
 * and seats it received as `workerData`, and returns the game summaries.
 */
import { workerData } from "node:worker_threads";
import { cardDb } from "../rulesets/dbe/index.ts";
import { playBatch as play, type SimWorkerData } from "./batch.ts";
import type { GameSummary } from "./simulate.ts";
import type { SimBatch } from "./stream.ts";

export type { SimWorkerData } from "./batch.ts";
export type { SimBatch } from "./stream.ts";

const data = workerData as SimWorkerData;
const db = cardDb(data.cards);

/** Play a batch of games (see `batch.ts` {@link play}). */
export default function playBatch(batch: SimBatch): GameSummary[] {
  return play(db, data, batch);
}
