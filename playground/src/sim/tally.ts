/**
 * Adding up a simulation's games as they stream in, without the DOM: the runtime's own
 * streaming accumulator (`runtime/sim/report.ts` `SimAccumulator`: win rates with Wilson 95%
 * intervals, draws, mean turns, KO sources, invariant violations, replays) plus what the
 * page shows besides — the reasons games were drawn, the games the engine ended by its loop
 * rule with the looping card's message (docs/runtime.md "Loops"), and the chart's bars.
 */
import { SimAccumulator, wilson, type GameSummary, type Rate, type SimReport } from "../../../runtime/sim/simulate.ts";

/** The most draw reasons and loop messages a tally keeps (the rest are counted). */
export const MAX_REASONS = 20;

/**
 * Whether a game's end reason is the engine's loop rule (a draw naming the looping card:
 * `runtime/rulesets/dbe/loops.ts`). Read from the reason's words, as the log may change.
 */
export function isLoopReason(reason: string): boolean {
  return /\bloop\b/i.test(reason);
}

/** The draw reason that stands for every game the loop rule ended (each is listed in {@link SimView.loops}). */
export const LOOP_REASON = "the engine's loop rule: an unbreakable loop (002 13-1-1-1)";

/** A reason games were drawn, and how many. */
export interface DrawReason {
  reason: string;
  count: number;
  /** The engine's loop rule (the reason names the looping card and sentence). */
  loop: boolean;
}

/** The report of a simulation so far. */
export interface SimView extends SimReport {
  /** The draw rate with its Wilson 95% interval. */
  drawRate: Rate;
  /** Draws by reason, most frequent first (at most {@link MAX_REASONS}). */
  drawReasons: DrawReason[];
  /** Games the loop rule ended, by seed (the first {@link MAX_REASONS}), and how many in all. */
  loops: { seed: number; message: string }[];
  loopCount: number;
}

/** One bar of the chart: a share of the games with its 95% interval (0–1). */
export interface Bar {
  label: string;
  /** A short label for the chart ("P1 wins"). */
  short: string;
  count: number;
  rate: number;
  low: number;
  high: number;
}

/** Adds up game summaries in any order, in memory bounded by {@link MAX_REASONS}. */
export class SimTally {
  private readonly acc = new SimAccumulator();
  private readonly reasons = new Map<string, number>();
  private loops: { seed: number; message: string }[] = [];
  private loopCount = 0;
  private draws = 0;
  private games = 0;

  /** The number of games added. */
  get size(): number {
    return this.games;
  }

  /** Add one finished game. */
  add(r: GameSummary): void {
    this.games++;
    this.acc.add(r);
    if (r.winner !== "draw") return;
    this.draws++;
    const loop = isLoopReason(r.reason);
    if (loop) {
      this.loopCount++;
      this.loops.push({ seed: r.seed, message: r.reason });
      this.loops.sort((a, b) => a.seed - b.seed);
      if (this.loops.length > MAX_REASONS) this.loops.pop();
    }
    // Loop reasons name the card and the step, so each differs: they count as one reason
    // here and are listed one by one in `loops`.
    const key = loop ? LOOP_REASON : r.reason || "(no reason given)";
    if (this.reasons.has(key) || this.reasons.size < MAX_REASONS * 4) this.reasons.set(key, (this.reasons.get(key) ?? 0) + 1);
  }

  /** The report of the games added so far. */
  report(): SimView {
    const base = this.acc.report();
    const drawReasons = [...this.reasons].map(([reason, count]) => ({ reason, count, loop: reason === LOOP_REASON })).sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : 1)).slice(0, MAX_REASONS);
    return { ...base, drawRate: wilson(this.draws, this.games), drawReasons, loops: this.loops.map((l) => ({ ...l })), loopCount: this.loopCount };
  }
}

/**
 * The chart's bars: P1's and P2's win rates and the draw rate, each with its Wilson 95%
 * interval.
 * @param names the players' names ("P1 (Dragon Rush)")
 */
export function barsOf(v: SimView, names: readonly [string, string]): Bar[] {
  const bar = (label: string, short: string, r: Rate): Bar => ({ label, short, count: r.wins, rate: r.rate, low: r.low, high: r.high });
  return [bar(`${names[0]} wins`, "P1 wins", v.wins[0]), bar(`${names[1]} wins`, "P2 wins", v.wins[1]), bar("Draws", "Draws", v.drawRate)];
}

/** A share as a percentage with one decimal: 0.4567 → "45.7%". */
export function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}
