/**
 * Playing a simulation's games, without the DOM or the worker: `simulateGame` of
 * `runtime/sim/simulate.ts` for each seed (invariants checked after every step, one game in
 * `replayEvery` replayed from its save), the results handed over in batches by time so the
 * page sees progress. Used by `sim.worker.ts`.
 */
import { cardDb } from "../../../runtime/rulesets/dbe/index.ts";
import { simulateGame, type GameSummary } from "../../../runtime/sim/simulate.ts";
import type { SimJob } from "./protocol.ts";

/**
 * Play every game of a job, in seed order.
 * @param emit receives finished games: whenever `batchMs` ms have passed since the last
 *   batch, and the rest at the end
 * @param now the clock in ms (default `performance.now`)
 * @returns the number of games played
 */
export function playJob(job: SimJob, emit: (results: GameSummary[]) => void, batchMs = 100, now: () => number = () => performance.now()): number {
  const db = cardDb(job.cards);
  let batch: GameSummary[] = [];
  let last = now();
  for (let i = 0; i < job.games; i++) {
    const seed = job.first + i;
    batch.push(simulateGame(db, job.setup, seed, { agents: job.agents, ruleset: job.ruleset, turnLimit: job.turnLimit, replay: job.replayEvery > 0 && i % job.replayEvery === 0 }));
    if (now() - last >= batchMs) {
      emit(batch);
      batch = [];
      last = now();
    }
  }
  if (batch.length) emit(batch);
  return job.games;
}
