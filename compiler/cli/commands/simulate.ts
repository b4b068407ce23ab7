/**
 * `digiscript simulate`: many seeded games on a worker-thread pool (piscina), with a
 * progress bar, win rates with 95% confidence intervals, mean turns, KO sources, invariant
 * checks after every step and replays of sampled games. Source: issue 3 §6.
 */
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import cliProgress from "cli-progress";
import { summarize, type AgentKind, type GameSummary, type SimReport } from "../../../runtime/sim/simulate.ts";
import type { SimBatch, SimWorkerData } from "../../../runtime/sim/worker.ts";
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

/** Games per task sent to a worker. */
const BATCH = 50;

/**
 * Run the simulation and print the report.
 * @returns 0, or 1 when any invariant was violated
 * @throws UserError for bad options or decks
 */
export async function simulateCommand(o: SimulateOptions): Promise<number> {
  if (!Number.isInteger(o.games) || o.games < 1) throw new UserError("--games must be a positive whole number");
  if (!Number.isInteger(o.workers) || o.workers < 1) throw new UserError("--workers must be a positive whole number");
  if (o.decks.length !== 2) throw new UserError(`simulate needs two --deck options (default: dragon-core and nature-core), got ${o.decks.length}`);
  const db = await bundledDb(o.cards ?? []);
  const seats = o.decks.map((d) => loadDeck(deckPath(d), db, o.ruleset)) as SimWorkerData["setup"]["seats"];
  const data: SimWorkerData = { cards: db.all, setup: { seats, turnLimit: o.turnLimit }, options: { agents: o.agents, check: true, turnLimit: o.turnLimit, ruleset: o.ruleset } };
  const pool = new Piscina({
    filename: fileURLToPath(new URL("../../../runtime/sim/worker.ts", import.meta.url)),
    maxThreads: Math.max(1, Math.min(o.workers, availableParallelism() * 2)),
    minThreads: Math.max(1, Math.min(o.workers, availableParallelism() * 2)),
    workerData: data,
  });
  const bar = !o.json && process.stderr.isTTY ? new cliProgress.SingleBar({ stream: process.stderr, format: "{bar} {value}/{total} games | {eta_formatted} left", hideCursor: true, clearOnComplete: true }, cliProgress.Presets.shades_classic) : null;
  bar?.start(o.games, 0);
  const t0 = performance.now();
  const batches: SimBatch[] = [];
  for (let i = 0; i < o.games; i += BATCH) {
    const seeds = Array.from({ length: Math.min(BATCH, o.games - i) }, (_, k) => o.seed + i + k);
    batches.push({ seeds, replay: o.replayEvery > 0 ? seeds.filter((s) => (s - o.seed) % o.replayEvery === 0) : [] });
  }
  const results: GameSummary[] = [];
  try {
    await Promise.all(
      batches.map(async (b) => {
        const r = (await pool.run(b)) as GameSummary[];
        results.push(...r);
        bar?.increment(r.length);
      }),
    );
  } finally {
    bar?.stop();
    await pool.destroy();
  }
  const ms = performance.now() - t0;
  results.sort((a, b) => a.seed - b.seed);
  const report = summarize(results);
  if (o.json) process.stdout.write(JSON.stringify({ ...report, ms: Math.round(ms), decks: seats.map((s) => s.name), agents: o.agents, seed: o.seed, workers: o.workers }, null, 1) + "\n");
  else process.stdout.write(formatReport(report, seats.map((s) => s.name), ms));
  return report.violations.length ? 1 : 0;
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
    `  invariant violations: ${r.violations.length}`,
    ...r.violations.slice(0, 20).map((v) => `    seed ${v.seed}: ${v.message}`),
  ];
  return lines.join("\n") + "\n";
}
