/**
 * `digiscript simulate`: many seeded games on a worker-thread pool (piscina), with a
 * progress bar, win rates with 95% confidence intervals, mean turns, KO sources, invariant
 * checks after every step and replays of sampled games. Source: issue 3 §6.
 *
 * Batches are streamed to the pool (at most two per thread in flight) and their results
 * added up as they arrive (`runtime/sim/stream.ts`, `runtime/sim/report.ts`), so memory does
 * not depend on `--games`.
 */
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import cliProgress from "cli-progress";
import { SimAccumulator, type AgentKind, type GameSummary, type SimReport } from "../../../runtime/sim/simulate.ts";
import type { SimWorkerData } from "../../../runtime/sim/worker.ts";
import { batchesOf, pump, type SimBatch } from "../../../runtime/sim/stream.ts";
import { SEED_MAX, SEED_MIN, seedProblem } from "../../../runtime/core/rng.ts";
import { UserError } from "../errors.ts";
import { bundledDb, deckPath, loadDeck } from "../decks.ts";

/** Options of simulate. */
export interface SimulateOptions {
  ruleset: "dbe" | "dmb";
  games: number;
  seed: number;
  workers: number;
  decks: string[];
  agents: [AgentKind, AgentKind];
  /** Replay one game in this many (digest check); 0 = none. */
  replayEvery: number;
  turnLimit: number;
  json: boolean;
  /** Extra `.dgs` files or folders whose cards the decks may use. */
  cards?: string[];
}

/** Batches in flight per worker thread (one running, one queued). */
const IN_FLIGHT_PER_THREAD = 2;

/**
 * Check the numeric options: `games`, `workers` and `turnLimit` whole numbers ≥ 1,
 * `replayEvery` a whole number ≥ 0, and `seed` … `seed + games − 1` valid seeds (`rng.ts`
 * {@link SEED_MIN} … {@link SEED_MAX}: game i plays seed + i, and no seed is reduced).
 * @throws UserError naming the option and the value, e.g. "--turn-limit must be a positive whole number, got -1"
 */
export function checkSimulateOptions(o: Pick<SimulateOptions, "games" | "workers" | "turnLimit" | "replayEvery" | "seed">): void {
  const positive = (name: string, v: number) => {
    if (!Number.isSafeInteger(v) || v < 1) throw new UserError(`${name} must be a positive whole number, got ${v}`);
  };
  positive("--games", o.games);
  positive("--workers", o.workers);
  positive("--turn-limit", o.turnLimit);
  if (!Number.isSafeInteger(o.replayEvery) || o.replayEvery < 0) throw new UserError(`--replay-every must be a whole number ≥ 0 (0: no replays), got ${o.replayEvery}`);
  const bad = seedProblem(o.seed);
  if (bad !== null) throw new UserError(`--seed: ${bad}`);
  const last = o.seed + o.games - 1;
  if (last > SEED_MAX) throw new UserError(`--seed ${o.seed} with --games ${o.games}: game i plays seed + i, so the last seed would be ${last}, above ${SEED_MAX} (seeds are whole numbers from ${SEED_MIN} to ${SEED_MAX})`);
}

/**
 * Run the simulation and print the report.
 * @returns 0, or 1 when any invariant was violated
 * @throws UserError for bad options ({@link checkSimulateOptions}) or decks
 */
export async function simulateCommand(o: SimulateOptions): Promise<number> {
  checkSimulateOptions(o);
  if (o.decks.length !== 2) throw new UserError(`simulate needs two --deck options (default: dragon-core and nature-core), got ${o.decks.length}`);
  const db = await bundledDb(o.cards ?? []);
  const seats = o.decks.map((d) => loadDeck(deckPath(d), db, o.ruleset)) as SimWorkerData["setup"]["seats"];
  const data: SimWorkerData = { cards: db.all, setup: { seats, turnLimit: o.turnLimit }, options: { agents: o.agents, check: true, turnLimit: o.turnLimit, ruleset: o.ruleset } };
  const threads = Math.max(1, Math.min(o.workers, availableParallelism() * 2));
  const pool = new Piscina({
    filename: fileURLToPath(new URL("../../../runtime/sim/worker.ts", import.meta.url)),
    maxThreads: threads,
    minThreads: threads,
    workerData: data,
  });
  const bar = !o.json && process.stderr.isTTY ? new cliProgress.SingleBar({ stream: process.stderr, format: "{bar} {value}/{total} games | {eta_formatted} left", hideCursor: true, clearOnComplete: true }, cliProgress.Presets.shades_classic) : null;
  bar?.start(o.games, 0);
  const t0 = performance.now();
  const acc = new SimAccumulator();
  try {
    await pump(
      batchesOf(o.seed, o.games, o.replayEvery),
      (b: SimBatch) => pool.run(b) as Promise<GameSummary[]>,
      threads * IN_FLIGHT_PER_THREAD,
      (r) => {
        for (const g of r) acc.add(g);
        bar?.increment(r.length);
      },
    );
  } finally {
    bar?.stop();
    await pool.destroy();
  }
  const ms = performance.now() - t0;
  const report = acc.report();
  if (o.json) process.stdout.write(JSON.stringify({ ...report, ms: Math.round(ms), decks: seats.map((s) => s.name), agents: o.agents, seed: o.seed, workers: o.workers }, null, 1) + "\n");
  else process.stdout.write(formatReport(report, seats.map((s) => s.name), ms));
  return report.violationCount ? 1 : 0;
}

/** The human-readable report. */
export function formatReport(r: SimReport, names: string[], ms: number): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const lines = [
    `${r.games} games in ${(ms / 1000).toFixed(2)} s (${Math.round(r.games / (ms / 1000))} games/s)`,
    ...r.wins.map((w, i) => `  P${i + 1} ${names[i]}: ${w.wins} wins, ${pct(w.rate)} (95% CI ${pct(w.low)}–${pct(w.high)})`),
    `  draws: ${r.draws}`,
    `  mean turns: ${r.meanTurns.toFixed(1)}`,
    `  KO sources: ${Object.entries(r.koSources).map(([k, v]) => `${k} ${v}`).join(", ") || "none"}`,
    `  replays checked: ${r.replays} (same digest)`,
    `  invariant violations: ${r.violationCount}`,
    ...r.violations.slice(0, 20).map((v) => `    seed ${v.seed}: ${v.message}`),
  ];
  return lines.join("\n") + "\n";
}
