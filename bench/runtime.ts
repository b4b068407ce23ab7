/**
 * The rules-runtime benchmark (part of `npm run bench`; issue 3 §7):
 * - full DBE games per second on one core (one worker thread, as `simulate --workers 1`),
 *   random agents, the bundled decks `dragon-core` and `nature-core`, no log, no invariant
 *   checks, after 3,000 warm-up games; median of 5 runs (target ≥ 2,000);
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
import { makeAgent, type GameSummary } from "../runtime/sim/simulate.ts";
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
  const data: SimWorkerData = { cards: db.all, setup, options: { agents: ["random", "random"], check: false, log: false } };
  const worker = fileURLToPath(new URL("../runtime/sim/worker.ts", import.meta.url));
  const seeds = (from: number, n: number) => Array.from({ length: n }, (_, k) => from + k);

  // One core: a single worker thread, as `digiscript simulate --workers 1` runs (its heap
  // holds the runtime only, not the compiler this process loaded for (a) and (b)).
  // Warm-up: V8 reaches its steady state after ≈ 2,000–3,000 games (a long simulation spends
  // almost all its time there); fewer warm-up games would measure the JIT, not the rules.
  const one = new Piscina({ filename: worker, minThreads: 1, maxThreads: 1, workerData: data });
  await one.run({ seeds: seeds(1_000_000, 3_000), replay: [] });
  const runs: number[] = [];
  let turns = 0;
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    const out = (await one.run({ seeds: seeds(r * games, games), replay: [] })) as GameSummary[];
    runs.push(games / ((performance.now() - t0) / 1000));
    turns += out.reduce((s, x) => s + x.turns, 0);
  }
  await one.destroy();
  const sorted = [...runs].sort((a, b) => a - b);
  const gamesPerSec = sorted[2]!;

  // 2 workers over 2× the games, each warmed the same way.
  const workers = 2;
  const pool = new Piscina({ filename: worker, minThreads: workers, maxThreads: workers, workerData: data });
  const total = games * 2;
  const batch = 100;
  const batches: SimBatch[] = [];
  for (let i = 0; i < total; i += batch) batches.push({ seeds: seeds(2_000_000 + i, Math.min(batch, total - i)), replay: [] });
  await Promise.all(Array.from({ length: workers }, (_, w) => pool.run({ seeds: seeds(3_000_000 + w * 100_000, 3_000), replay: [] })));
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
