/**
 * The simulation benchmark (part of `npm run bench`; issue 11 §4), as ratios measured in
 * one run with alternating rounds, median of the per-round ratios:
 *
 * - (h) **the cost of the invariant checks**: CPU time of the same seeds played with the
 *   checks `digiscript simulate` runs (cheap ones after every step, all of them at the end
 *   and after every step of one game in 100) against no checks, and against every check
 *   after every step (what simulate did before). Target: the checks cost ≤ ×1.2 a game.
 * - (i) **where the games run**: wall time of `digiscript simulate --workers 1` (this thread,
 *   no pool) against `--workers 2` (a pool), each a fresh process as a user runs it, below
 *   and at `POOL_MIN_GAMES` — the pool must not be slower where `--workers auto` picks it,
 *   and one thread should win below.
 */
import { execFile } from "node:child_process";
import { availableParallelism } from "node:os";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bundledDb, deckPath, loadDeck } from "../compiler/cli/decks.ts";
import { busyCores, chooseWorkers, POOL_MIN_GAMES } from "../compiler/cli/commands/simulate.ts";
import type { DbeSetup } from "../runtime/rulesets/dbe/index.ts";
import { simulateGame } from "../runtime/sim/simulate.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Results of {@link simulateBench}. */
export interface SimulateBench {
  /** (h) time(simulate's checks) / time(no checks), median of the rounds. */
  checksVsNone: number;
  /** (h) time(every check after every step) / time(no checks). */
  allChecksVsNone: number;
  checkRounds: number;
  gamesPerRound: number;
  checksTarget: number;
  checksPass: boolean;
  /** (i) per game count: wall ms of one thread and of 2 workers (median), and their ratio. */
  /** Pool of 2 against one thread, and what `--workers auto` picks on this machine's `cores` when other jobs keep `load` of them busy (sampled before the rounds). */
  pool: { games: number; oneThreadMs: number; poolMs: number; poolVsOneThread: number; autoPicks: "one thread" | "pool"; load: number; cores: number }[];
  /** (i) where auto picks the pool, the pool was not slower (ratio ≤ 1.05, the noise floor). */
  poolPass: boolean;
}

/** Target of (h): checks cost at most this factor of an unchecked game. */
export const CHECKS_TARGET = 1.2;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function cpuMs(f: () => void): number {
  const a = process.cpuUsage();
  f();
  const d = process.cpuUsage(a);
  return (d.user + d.system) / 1000;
}

/** Wall milliseconds of one `digiscript simulate` run. */
function simulateMs(games: number, workers: number, seed: number): Promise<number> {
  return new Promise((ok, fail) => {
    const t0 = performance.now();
    execFile(process.execPath, [resolve(ROOT, "compiler/cli/main.ts"), "simulate", "--games", String(games), "--seed", String(seed), "--workers", String(workers), "--json"], { cwd: ROOT, maxBuffer: 1 << 24 }, (e) => {
      if (e) fail(e);
      else ok(performance.now() - t0);
    });
  });
}

/**
 * Run the simulation benchmark.
 * @param quick fewer rounds and games, and no pool comparison at POOL_MIN_GAMES (CI)
 */
export async function simulateBench(quick: boolean): Promise<SimulateBench> {
  const db = await bundledDb();
  const setup: DbeSetup = { seats: [loadDeck(deckPath("dragon-core"), db, "dbe"), loadDeck(deckPath("nature-core"), db, "dbe")] };
  const play = (from: number, n: number, check: boolean, every?: number) => {
    for (let s = from; s < from + n; s++) simulateGame(db, setup, s, { agents: ["random", "random"], check, fullCheckEvery: every });
  };
  const rounds = quick ? 5 : 12;
  const perRound = quick ? 100 : 300;
  play(5_000_000, quick ? 500 : 2_000, true); // warm-up
  const sampled: number[] = [];
  const all: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const from = 6_000_000 + r * perRound;
    const none = cpuMs(() => play(from, perRound, false));
    sampled.push(cpuMs(() => play(from, perRound, true)) / none);
    all.push(cpuMs(() => play(from, perRound, true, 1)) / none);
  }
  const checksVsNone = median(sampled);

  const counts = quick ? [] : [Math.round(POOL_MIN_GAMES / 4), POOL_MIN_GAMES];
  const pool: SimulateBench["pool"] = [];
  for (const games of counts) {
    // The cores other jobs keep busy, as `simulate` started now would sample them (this
    // process waits meanwhile).
    const others = await busyCores();
    const one: number[] = [];
    const two: number[] = [];
    const ratios: number[] = [];
    for (let r = 0; r < 3; r++) {
      // Alternate which goes first.
      const a = r % 2 === 0 ? await simulateMs(games, 1, 1 + r * games) : 0;
      const b = await simulateMs(games, 2, 1 + r * games);
      const c = r % 2 === 1 ? await simulateMs(games, 1, 1 + r * games) : a;
      one.push(c);
      two.push(b);
      ratios.push(b / c);
    }
    // What `--workers auto` picks for this many games on this machine at that load; where it
    // picks the pool, the pool must not be slower.
    const picked = chooseWorkers("auto", games, availableParallelism(), others);
    pool.push({ games, oneThreadMs: median(one), poolMs: median(two), poolVsOneThread: median(ratios), autoPicks: picked >= 2 ? "pool" : "one thread", load: Math.round(others * 100) / 100, cores: availableParallelism() });
  }
  return {
    checksVsNone,
    allChecksVsNone: median(all),
    checkRounds: rounds,
    gamesPerRound: perRound,
    checksTarget: CHECKS_TARGET,
    checksPass: checksVsNone <= CHECKS_TARGET,
    pool,
    poolPass: pool.every((p) => p.autoPicks === "one thread" || p.poolVsOneThread <= 1.05),
  };
}
