/**
 * `digiscript simulate`: many seeded games, with a progress bar, win rates with 95%
 * confidence intervals, mean turns, KO sources, invariant checks (cheap ones after every
 * step of every game, all of them on a deterministic sample: `runtime/sim/simulate.ts`) and
 * replays of sampled games. Source: issue 3 §6, issue 11 §4; `--ruleset dcg` (issue 14): DCG
 * games with card effects on the bundled DCG decks (`compiler/cli/dcg.ts`), checked by
 * `runtime/rulesets/dcg/sim.ts` (card conservation, the objects in play, memory in −10…+10, no
 * stuck decision, termination).
 *
 * Where the games run: on this thread with `--workers 1`, on a worker-thread pool (piscina)
 * with `--workers k` ≥ 2, and with `--workers auto` (the default) on the pool only when
 * there are enough games for it to win ({@link POOL_MIN_GAMES}, measured: BENCHMARKS.md):
 * each worker pays its own start-up and JIT warm-up, so a pool is slower for a few thousand
 * games — and only on the cores other jobs leave free ({@link chooseWorkers}).
 *
 * Batches are streamed (at most two per thread in flight) and their results added up as
 * they arrive (`runtime/sim/stream.ts`, `runtime/sim/report.ts`), so memory does not depend
 * on `--games`.
 */
import { availableParallelism, cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import cliProgress from "cli-progress";
import { SimAccumulator, type AgentKind, type GameSummary, type SimReport } from "../../../runtime/sim/simulate.ts";
import { batchPlayer, type AnySimWorkerData, type SimWorkerData } from "../../../runtime/sim/batch.ts";
import type { DcgSeat } from "../../../runtime/rulesets/dcg/setup.ts";
import { batchesOf, pump, type SimBatch } from "../../../runtime/sim/stream.ts";
import { SEED_MAX, SEED_MIN, seedProblem } from "../../../runtime/core/rng.ts";
import { UserError } from "../errors.ts";
import { bundledDb, deckPath, loadDeck } from "../decks.ts";
import { DEFAULT_DCG_DECKS, dcgDeckPath, loadDcgDeck, loadDcgPool } from "../dcg.ts";
import { inferRuleset } from "../ruleset.ts";

/** Options of simulate. */
export interface SimulateOptions {
  /**
   * The rules: DBE, DMB, or the official Digimon Card Game with card effects (`dcg`); absent: the
   * game the decks and `cards` say (`compiler/cli/ruleset.ts` `inferRuleset`, as `duel`), else `dbe`.
   */
  ruleset?: "dbe" | "dmb" | "dcg";
  games: number;
  seed: number;
  /** Worker threads: 1 plays on this thread; "auto" picks by {@link chooseWorkers}. */
  workers: number | "auto";
  /** The decks of P1 and P2; empty: the ruleset's two default decks ({@link defaultDecks}). */
  decks: string[];
  agents: [AgentKind, AgentKind];
  /** Replay one game in this many (digest check); 0 = none. */
  replayEvery: number;
  turnLimit: number;
  json: boolean;
  /**
   * Extra `.dgs` files or folders whose cards the decks may use; for `dcg`, DCG sets, compiled
   * DCG sets or the card dump, instead of the card pool (`compiler/cli/dcg.ts` `loadDcgPool`).
   */
  cards?: string[];
}

/**
 * The two decks `simulate` plays without `--deck`, by ruleset: `dragon-core` and `nature-core`
 * (DBE), `dmb-dragon` and `dmb-nature` (DMB), `st1-gaia-red` and `bt1-red-dragons` (DCG:
 * `compiler/cli/dcg.ts` `DEFAULT_DCG_DECKS`).
 */
export function defaultDecks(ruleset: "dbe" | "dmb" | "dcg"): [string, string] {
  return ruleset === "dcg" ? [...DEFAULT_DCG_DECKS] : ruleset === "dmb" ? ["dmb-dragon", "dmb-nature"] : ["dragon-core", "nature-core"];
}

/** Batches in flight per worker thread (one running, one queued). */
const IN_FLIGHT_PER_THREAD = 2;

/**
 * The fewest games for which `--workers auto` starts a pool: below it, one thread without
 * a pool finishes first (measured on 2 vCPUs: BENCHMARKS.md "Simulation: where the games run").
 */
export const POOL_MIN_GAMES = 20_000;

/**
 * The worker threads a simulation runs on: `workers` itself when a number (capped at twice
 * the machine's parallelism); for "auto", 1 (this thread, no pool) when `games` <
 * {@link POOL_MIN_GAMES} or fewer than two cores are free, else one worker per free core. The
 * free cores are the cores less those other jobs keep busy (`busy`, rounded). A pool gains only
 * from the cores it gets: with another job busy on one of two cores, two workers share the
 * other and pay the pool's start-up on top — slower than one thread (BENCHMARKS.md
 * "Simulation: where the games run").
 * @param parallelism the machine's cores (default `os.availableParallelism()`)
 * @param busy the cores other jobs keep busy now ({@link busyCores}); 0 counts every core free
 * @returns threads ≥ 1; 1 means no pool
 */
export function chooseWorkers(workers: number | "auto", games: number, parallelism = availableParallelism(), busy = 0): number {
  if (workers !== "auto") return Math.max(1, Math.min(workers, parallelism * 2));
  if (games < POOL_MIN_GAMES || parallelism < 2) return 1;
  const free = Math.min(parallelism, Math.floor(parallelism - Math.max(0, busy) + 0.5));
  return free >= 2 ? free : 1;
}

/**
 * How many of the machine's cores other work keeps busy now: the cores' busy time over the
 * next `ms` milliseconds (`os.cpus()` times, read before and after). Sampled while this
 * process waits, so it counts mostly the others (this process's own background threads,
 * such as garbage collection, count too). Unlike the load average it does not lag: a
 * simulation just finished (the same user's, a minute's load average of 2) does not keep the
 * next one off its pool. Time a virtual machine's cores were stolen by its host is not in
 * `os.cpus()` and is not counted.
 *
 * `os.cpus()` lists every core of the system; when this process may use fewer of them (a
 * container limited to some cores: `os.availableParallelism()` is smaller) which cores are its
 * own cannot be told, and the others' load on the rest says nothing about them: the answer is
 * then 0 (every core counts as free, as without sampling).
 * @param ms the sampling window in milliseconds (default 250)
 * @returns busy cores, 0 … the number of cores; 0 when the system gives no CPU times or the
 *   process may use only some of the cores
 */
export async function busyCores(ms = 250): Promise<number> {
  const before = cpus();
  if (before.length === 0 || before.length !== availableParallelism()) return 0;
  await new Promise((r) => setTimeout(r, ms));
  const after = cpus();
  if (after.length !== before.length) return 0;
  let busy = 0;
  let total = 0;
  for (let i = 0; i < before.length; i++) {
    const a = before[i]!.times;
    const b = after[i]!.times;
    const idle = b.idle - a.idle;
    const all = b.user - a.user + (b.nice - a.nice) + (b.sys - a.sys) + (b.irq - a.irq) + idle;
    total += all;
    busy += all - idle;
  }
  return total > 0 ? Math.min(1, Math.max(0, busy / total)) * before.length : 0;
}

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
  if (o.workers !== "auto") positive("--workers", o.workers);
  positive("--turn-limit", o.turnLimit);
  if (!Number.isSafeInteger(o.replayEvery) || o.replayEvery < 0) throw new UserError(`--replay-every must be a whole number ≥ 0 (0: no replays), got ${o.replayEvery}`);
  const bad = seedProblem(o.seed);
  if (bad !== null) throw new UserError(`--seed: ${bad}`);
  const last = o.seed + o.games - 1;
  if (last > SEED_MAX) throw new UserError(`--seed ${o.seed} with --games ${o.games}: game i plays seed + i, so the last seed would be ${last}, above ${SEED_MAX} (seeds are whole numbers from ${SEED_MIN} to ${SEED_MAX})`);
}

/**
 * The shared data of a simulation: the cards, both seats (checked as `duel` checks them) and
 * the games' options — for `dcg`, the DCG cards with their effects (`compiler/cli/dcg.ts`),
 * played by `DCG_EFFECTS`.
 * @throws UserError for an unreadable or illegal deck, or a card that cannot be played
 */
async function simulationData(o: SimulateOptions & { ruleset: "dbe" | "dmb" | "dcg" }): Promise<AnySimWorkerData> {
  if (o.ruleset === "dcg") {
    const pool = await loadDcgPool(o.cards ?? []);
    const seats = o.decks.map((d) => loadDcgDeck(dcgDeckPath(d), pool)) as [DcgSeat, DcgSeat];
    return { game: "dcg", cards: pool.db.all, setup: { seats, turnLimit: o.turnLimit }, options: { agents: o.agents, check: true, turnLimit: o.turnLimit, effects: true } };
  }
  const db = await bundledDb(o.cards ?? []);
  const seats = o.decks.map((d) => loadDeck(deckPath(d), db, o.ruleset as "dbe" | "dmb")) as SimWorkerData["setup"]["seats"];
  return { cards: db.all, setup: { seats, turnLimit: o.turnLimit }, options: { agents: o.agents, check: true, turnLimit: o.turnLimit, ruleset: o.ruleset as "dbe" | "dmb" } };
}

/**
 * Run the simulation and print the report. Without `ruleset`, the game is the one the decks and
 * `cards` say (`inferRuleset`, as `duel`); without decks, the ruleset's {@link defaultDecks}.
 * @returns 0, or 1 when any invariant was violated
 * @throws UserError for bad options ({@link checkSimulateOptions}), decks or sets of different
 *   games (without `ruleset`), or bad decks
 */
export async function simulateCommand(o: SimulateOptions): Promise<number> {
  checkSimulateOptions(o);
  const ruleset = o.ruleset ?? (await inferRuleset(o.decks, o.cards ?? []));
  const defaults = defaultDecks(ruleset);
  const decks = o.decks.length ? o.decks : defaults;
  if (decks.length !== 2) throw new UserError(`simulate needs two --deck options (default: ${defaults.join(" and ")}), got ${decks.length}`);
  const data = await simulationData({ ...o, ruleset, decks });
  const seats = data.setup.seats;
  // Whether other jobs leave cores for a pool is sampled only when a pool is possible: when
  // the choice with every core free would start one.
  const cores = availableParallelism();
  const busy = o.workers === "auto" && chooseWorkers("auto", o.games, cores) >= 2 ? await busyCores() : 0;
  const threads = chooseWorkers(o.workers, o.games, cores, busy);
  const bar = !o.json && process.stderr.isTTY ? new cliProgress.SingleBar({ stream: process.stderr, format: "{bar} {value}/{total} games | {eta_formatted} left", hideCursor: true, clearOnComplete: true }, cliProgress.Presets.shades_classic) : null;
  bar?.start(o.games, 0);
  const t0 = performance.now();
  const acc = new SimAccumulator();
  const done = (r: GameSummary[]) => {
    for (const g of r) acc.add(g);
    bar?.increment(r.length);
  };
  try {
    if (threads === 1) await playHere(data, batchesOf(o.seed, o.games, o.replayEvery), done);
    else await playOnPool(data, threads, batchesOf(o.seed, o.games, o.replayEvery), done);
  } finally {
    bar?.stop();
  }
  const ms = performance.now() - t0;
  const report = acc.report();
  if (o.json) process.stdout.write(JSON.stringify({ ...report, ms: Math.round(ms), decks: seats.map((s) => s.name), agents: o.agents, seed: o.seed, workers: threads }, null, 1) + "\n");
  else process.stdout.write(formatReport(report, seats.map((s) => s.name), ms, threads, ruleset));
  return report.violationCount ? 1 : 0;
}

/**
 * Play the batches on this thread, yielding to the event loop between batches (so the
 * progress bar redraws).
 */
async function playHere(data: AnySimWorkerData, batches: Iterable<SimBatch>, done: (r: GameSummary[]) => void): Promise<void> {
  const play = await batchPlayer(data);
  for (const b of batches) {
    done(play(b));
    await new Promise((r) => setImmediate(r));
  }
}

/** Play the batches on a pool of `threads` workers, at most two batches per thread in flight. */
async function playOnPool(data: AnySimWorkerData, threads: number, batches: Iterator<SimBatch>, done: (r: GameSummary[]) => void): Promise<void> {
  const pool = new Piscina({
    filename: fileURLToPath(new URL("../../../runtime/sim/worker.ts", import.meta.url)),
    maxThreads: threads,
    minThreads: threads,
    workerData: data,
  });
  try {
    await pump(batches, (b: SimBatch) => pool.run(b) as Promise<GameSummary[]>, threads * IN_FLIGHT_PER_THREAD, done);
  } finally {
    await pool.destroy();
  }
}

/**
 * The human-readable report.
 * @param names the decks of P1 and P2; `ms` wall time; `threads` 1 for this thread, else the pool's size
 * @param ruleset the games' rules: the invariants and KO sources are worded for them (DCG:
 *   memory in −10…+10 after every step; card conservation and the objects in play at the end and
 *   on the sample; deletions by cause)
 */
export function formatReport(r: SimReport, names: string[], ms: number, threads = 1, ruleset: SimulateOptions["ruleset"] = "dbe"): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const where = threads === 1 ? "on one thread" : `on ${threads} worker threads`;
  const sampled = `${r.fullyChecked} sampled game${r.fullyChecked === 1 ? "" : "s"} (seed a multiple of 100)`;
  if (ruleset === "dcg") {
    return [
      `${r.games} DCG games with card effects in ${(ms / 1000).toFixed(2)} s (${Math.round(r.games / (ms / 1000))} games/s ${where})`,
      ...r.wins.map((w, i) => `  P${i + 1} ${names[i]}: ${w.wins} ${w.wins === 1 ? "win" : "wins"}, ${pct(w.rate)} (95% CI ${pct(w.low)}–${pct(w.high)})`),
      `  draws: ${r.draws}`,
      `  mean turns: ${r.meanTurns.toFixed(1)}`,
      `  deletions: ${Object.entries(r.koSources).map(([k, v]) => `${k} ${v}`).join(", ") || "none"}`,
      `  replays checked: ${r.replays} (same digest)`,
      `  invariants: memory in −10…+10 after every step of all ${r.games} games; card conservation and the objects in play too at each game's end, and after every step of ${sampled}; no decision left, an end within the turn limit`,
      `  invariant violations: ${r.violationCount}`,
      ...r.violations.slice(0, 20).map((v) => `    seed ${v.seed}: ${v.message}`),
    ].join("\n") + "\n";
  }
  const lines = [
    `${r.games} games in ${(ms / 1000).toFixed(2)} s (${Math.round(r.games / (ms / 1000))} games/s ${where})`,
    ...r.wins.map((w, i) => `  P${i + 1} ${names[i]}: ${w.wins} ${w.wins === 1 ? "win" : "wins"}, ${pct(w.rate)} (95% CI ${pct(w.low)}–${pct(w.high)})`),
    `  draws: ${r.draws}`,
    `  mean turns: ${r.meanTurns.toFixed(1)}`,
    `  KO sources: ${Object.entries(r.koSources).map(([k, v]) => `${k} ${v}`).join(", ") || "none"}`,
    `  replays checked: ${r.replays} (same digest)`,
    `  invariants: HP and KO points after every step of all ${r.games} games; card conservation too at each game's end, and after every step of ${r.fullyChecked} sampled game${r.fullyChecked === 1 ? "" : "s"} (seed a multiple of 100)`,
    `  invariant violations: ${r.violationCount}`,
    ...r.violations.slice(0, 20).map((v) => `    seed ${v.seed}: ${v.message}`),
  ];
  return lines.join("\n") + "\n";
}
