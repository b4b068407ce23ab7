/**
 * The summary of many simulated games: one game's summary ({@link GameSummary}), win rates
 * with Wilson 95% intervals, and a streaming accumulator ({@link SimAccumulator}) whose
 * memory does not grow with the number of games (`digiscript simulate --games 1000000000`
 * keeps only counters and at most {@link MAX_REPORTED_VIOLATIONS} violation messages).
 * Source: issue 3 §6 "Duels and simulation".
 */
import type { PlayerIndex } from "../core/state.ts";

/** One finished simulated game. */
export interface GameSummary {
  seed: number;
  winner: PlayerIndex | "draw";
  reason: string;
  turns: number;
  decisions: number;
  /** KO causes this game ("hp", "threeFlats", "fourFlats"), counted per KO. */
  koSources: Record<string, number>;
  /** Invariant violations found (empty when the game was sound). */
  violations: string[];
  /** Final state digest ("" unless replayed or asked for). */
  digest: string;
  /** Whether the game was replayed from its save and reached the same digest. */
  replayed: boolean;
  /**
   * Whether every invariant was checked after every step of this game (the deterministic
   * sample of `SimOptions.fullCheckEvery`); the other checked games had the cheap ones
   * after every step and every one at their end.
   */
  fullyChecked: boolean;
}

/** A win rate with its 95% Wilson score interval. */
export interface Rate {
  wins: number;
  rate: number;
  low: number;
  high: number;
}

/** Wilson score interval (95%, z = 1.96) of `k` successes in `n` trials. */
export function wilson(k: number, n: number, z = 1.96): Rate {
  if (n === 0) return { wins: 0, rate: 0, low: 0, high: 0 };
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return { wins: k, rate: p, low: Math.max(0, c - h), high: Math.min(1, c + h) };
}

/** Summary of many games. */
export interface SimReport {
  games: number;
  wins: [Rate, Rate];
  draws: number;
  meanTurns: number;
  /** KO causes over all games, keys in alphabetical order. */
  koSources: Record<string, number>;
  /**
   * Violations of the games with the lowest seeds, in seed order (at most
   * {@link MAX_REPORTED_VIOLATIONS}); {@link violationCount} counts them all.
   */
  violations: { seed: number; message: string }[];
  /** Every violation found, listed or not. */
  violationCount: number;
  replays: number;
  /** Games with every invariant checked after every step (the others: cheap ones per step, all at the end). */
  fullyChecked: number;
}

/** The most violation messages a report keeps (those of the lowest seeds). */
export const MAX_REPORTED_VIOLATIONS = 100;

/**
 * Adds up game summaries one at a time, in any order, in constant memory: counters for
 * wins, draws, turns, KO sources and replays, and the first {@link MAX_REPORTED_VIOLATIONS}
 * violations by seed (so the report does not depend on the order games finish in, e.g. on
 * the number of workers) plus their total count.
 */
export class SimAccumulator {
  private games = 0;
  private wins: [number, number] = [0, 0];
  private turns = 0;
  private replays = 0;
  private fully = 0;
  private ko = new Map<string, number>();
  private kept: { seed: number; message: string }[] = [];
  private violationCount = 0;
  private readonly cap: number;

  /** @param cap the most violation messages kept (default {@link MAX_REPORTED_VIOLATIONS}) */
  constructor(cap = MAX_REPORTED_VIOLATIONS) {
    this.cap = cap;
  }

  /** Add one game. O(k + v·log cap) for k KO causes and v violations of that game. */
  add(r: GameSummary): void {
    this.games++;
    if (r.winner === 0 || r.winner === 1) this.wins[r.winner]++;
    this.turns += r.turns;
    if (r.replayed) this.replays++;
    if (r.fullyChecked) this.fully++;
    for (const k in r.koSources) this.ko.set(k, (this.ko.get(k) ?? 0) + r.koSources[k]!);
    for (const message of r.violations) this.keep(r.seed, message);
  }

  /** Keep a violation if it is among the `cap` lowest seeds (after earlier ones of its seed). */
  private keep(seed: number, message: string): void {
    this.violationCount++;
    const kept = this.kept;
    if (kept.length >= this.cap && seed >= kept[kept.length - 1]!.seed) return;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (kept[mid]!.seed <= seed) lo = mid + 1;
      else hi = mid;
    }
    kept.splice(lo, 0, { seed, message });
    if (kept.length > this.cap) kept.pop();
  }

  /** The report of the games added so far. */
  report(): SimReport {
    const n = this.games;
    const koSources: Record<string, number> = {};
    for (const k of [...this.ko.keys()].sort()) koSources[k] = this.ko.get(k)!;
    return {
      games: n,
      wins: [wilson(this.wins[0], n), wilson(this.wins[1], n)],
      draws: n - this.wins[0] - this.wins[1],
      meanTurns: n ? this.turns / n : 0,
      koSources,
      violations: this.kept.map((v) => ({ ...v })),
      violationCount: this.violationCount,
      replays: this.replays,
      fullyChecked: this.fully,
    };
  }
}

/** Summarise game results (order does not matter): a {@link SimAccumulator} over the list. */
export function summarize(results: Iterable<GameSummary>): SimReport {
  const acc = new SimAccumulator();
  for (const r of results) acc.add(r);
  return acc.report();
}
