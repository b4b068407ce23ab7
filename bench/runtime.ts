/**
 * The rules-runtime benchmark (part of `npm run bench`; issue 3 §7):
 * - full DBE games per second on one core (main thread), random agents, the bundled
 *   decks `dragon-core` and `nature-core`, no log, no invariant checks (target ≥ 2,000);
 * - speed-up with 2 workers (piscina, the `simulate` worker) over the same games;
 * - peak memory per game: retained heap of finished games (state, log off) divided by their
 *   number, after a forced GC (`--expose-gc`), and the heap growth while one game runs.
 */
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { bundledDb, deckPath, loadDeck } from "../compiler/cli/decks.ts";
import { Game } from "../runtime/core/engine.ts";
import { runGame } from "../runtime/core/agents.ts";
import { DBE } from "../runtime/rulesets/dbe/index.ts";
import { makeAgent, simulateGame } from "../runtime/sim/simulate.ts";
import type { SimBatch, SimWorkerData } from "../runtime/sim/worker.ts";

/** Target of the one-core figure. */
export const TARGET_GAMES_PER_SEC = 2_000;

/** Results of the runtime benchmark. */
export interface RuntimeBench {
  games: number;
  gamesPerSec: number;
  runsGamesPerSec: number[];
  target: number;
  pass: boolean;
  workers: number;
  workerGamesPerSec: number;
  speedup: number;
  retainedBytesPerGame: number;
  meanTurns: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

/**
 * Run the runtime benchmark.
 * @param games games per timed run (median of 5 runs is reported)
 */
export async function runtimeBench(games: number): Promise<RuntimeBench> {
  const db = await bundledDb();
  const seats = [loadDeck(deckPath("dragon-core"), db, "dbe"), loadDeck(deckPath("nature-core"), db, "dbe")] as SimWorkerData["setup"]["seats"];
  const setup = { seats };
  const play = (seed: number) => simulateGame(db, setup, seed, { agents: ["random", "random"], check: false, log: false });
  for (let i = 0; i < Math.min(500, games); i++) play(1_000_000 + i); // warm-up
  const runs: number[] = [];
  let turns = 0;
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    for (let i = 0; i < games; i++) turns += play(r * games + i).turns;
    runs.push(games / ((performance.now() - t0) / 1000));
  }
  const sorted = [...runs].sort((a, b) => a - b);
  const gamesPerSec = sorted[2]!;

  // 2 workers over 2× the games.
  const workers = 2;
  const data: SimWorkerData = { cards: db.all, setup, options: { agents: ["random", "random"], check: false, log: false } };
  const pool = new Piscina({ filename: fileURLToPath(new URL("../runtime/sim/worker.ts", import.meta.url)), minThreads: workers, maxThreads: workers, workerData: data });
  const total = games * 2;
  const batch = 100;
  const batches: SimBatch[] = [];
  for (let i = 0; i < total; i += batch) batches.push({ seeds: Array.from({ length: Math.min(batch, total - i) }, (_, k) => 2_000_000 + i + k), replay: [] });
  // Warm each worker's JIT as the main thread was warmed.
  await Promise.all(Array.from({ length: workers }, (_, w) => pool.run({ seeds: Array.from({ length: Math.min(500, games) }, (_, k) => 3_000_000 + w * 1000 + k), replay: [] })));
  const t0 = performance.now();
  await Promise.all(batches.map((b) => pool.run(b)));
  const workerGamesPerSec = total / ((performance.now() - t0) / 1000);
  await pool.destroy();

  // Memory: finished games kept alive.
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const kept: Game[] = [];
  for (let i = 0; i < 200; i++) {
    const g = new Game(DBE, db, setup, 4_000_000 + i, { log: false });
    runGame(g, [makeAgent("random", i), makeAgent("random", i + 1)]);
    kept.push(g);
  }
  gc?.();
  const retained = (process.memoryUsage().heapUsed - before) / kept.length;
  return {
    games,
    gamesPerSec,
    runsGamesPerSec: runs.map(Math.round),
    target: TARGET_GAMES_PER_SEC,
    pass: gamesPerSec >= TARGET_GAMES_PER_SEC,
    workers,
    workerGamesPerSec,
    speedup: workerGamesPerSec / gamesPerSec,
    retainedBytesPerGame: Math.round(retained),
    meanTurns: turns / (games * 5),
  };
}
