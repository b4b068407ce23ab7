/**
 * Playing a simulation's games, without the DOM or the worker: `simulateGame` of
 * `runtime/sim/simulate.ts` for each seed of a DBE or DMB job, `simulateDcgGame` of
 * `runtime/rulesets/dcg/sim.ts` (the effect model `DCG_EFFECTS`, or `DCG_PRACTICE` for practice
 * decks) for a DCG job — invariants checked (cheap ones after every step, all at the end), one
 * game in `replayEvery` replayed from its save — the results handed over in batches by time so the page sees
 * progress. Used by `sim.worker.ts`.
 */
import { cardDb } from "../../../runtime/rulesets/dbe/index.ts";
import { simulateGame, type GameSummary } from "../../../runtime/sim/simulate.ts";
import { dcgCardDb } from "../../../runtime/rulesets/dcg/model.ts";
import { simulateDcgGame } from "../../../runtime/rulesets/dcg/sim.ts";
import { DCG_EFFECTS } from "../../../runtime/rulesets/dcg/effects/index.ts";
import { DCG_PRACTICE } from "../duel/dcg-setup.ts";
import type { SimJob } from "./protocol.ts";

/** One game of a job: its summary. */
function gameOf(job: SimJob): (seed: number, replay: boolean) => GameSummary {
  if (job.ruleset === "dcg") {
    const db = dcgCardDb(job.cards);
    const ruleset = job.practice ? DCG_PRACTICE : DCG_EFFECTS;
    // Invariants as `simulateGame` checks them by default: the cheap ones after every step, all
    // of them at the end, and after every step of one game in 100 (by seed).
    return (seed, replay) => simulateDcgGame(db, job.setup, seed, { agents: job.agents, ruleset, turnLimit: job.turnLimit, replay });
  }
  const db = cardDb(job.cards);
  return (seed, replay) => simulateGame(db, job.setup, seed, { agents: job.agents, ruleset: job.ruleset, turnLimit: job.turnLimit, replay });
}

/**
 * Play every game of a job, in seed order.
 * @param emit receives finished games: whenever `batchMs` ms have passed since the last
 *   batch, and the rest at the end
 * @param now the clock in ms (default `performance.now`)
 * @returns the number of games played
 */
export function playJob(job: SimJob, emit: (results: GameSummary[]) => void, batchMs = 100, now: () => number = () => performance.now()): number {
  const play = gameOf(job);
  let batch: GameSummary[] = [];
  let last = now();
  for (let i = 0; i < job.games; i++) {
    const seed = job.first + i;
    batch.push(play(seed, job.replayEvery > 0 && i % job.replayEvery === 0));
    if (now() - last >= batchMs) {
      emit(batch);
      batch = [];
      last = now();
    }
  }
  if (batch.length) emit(batch);
  return job.games;
}
