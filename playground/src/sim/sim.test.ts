/**
 * The simulation without its worker: games played by `simulateGame` in batches, tallied
 * with the runtime's accumulator (Wilson intervals, draws, turns, KO sources, violations),
 * and a deck whose cards loop reported with the looping card's message; DCG jobs played by the
 * DCG runtime's `simulateDcgGame` (legal decks by the effect model, practice decks by
 * `DCG_PRACTICE`).
 */
import { describe, expect, it } from "vitest";
import { summarize, wilson, type GameSummary } from "../../../runtime/sim/simulate.ts";
import { prepareDuel, type PreparedDuel } from "../duel/setup.ts";
import { bundledDeck, workspaceCards, workspaceDcgCards } from "../duel/test-cards.ts";
import { prepareDcgDuel, type PreparedDcgDuel } from "../duel/dcg-setup.ts";
import { TSX_DECK, TSX_FILE } from "../duel/dcg-fixtures.ts";
import { simulateDcgGame } from "../../../runtime/rulesets/dcg/sim.ts";
import { DCG_EFFECTS } from "../../../runtime/rulesets/dcg/effects/index.ts";
import type { DbeSimJob } from "./protocol.ts";
import { playJob } from "./run.ts";
import { barsOf, isLoopReason, LOOP_REASON, MAX_REASONS, pct, SimTally } from "./tally.ts";

const cards = workspaceCards();

function job(p: PreparedDuel, games: number, first = 1): DbeSimJob {
  return { cards, setup: p.setup, ruleset: p.ruleset, agents: ["random", "greedy"], first, games, turnLimit: 200, replayEvery: 10 };
}

const summary = (seed: number, winner: 0 | 1 | "draw", reason = "4 KO points (Battle Phase 7)", violations: string[] = []): GameSummary => ({ seed, winner, reason, turns: 10, decisions: 50, koSources: { hp: 4 }, violations, digest: "", replayed: false, fullyChecked: false });

describe("playJob", () => {
  it("plays every seed in order, in time-sliced batches, replaying one in replayEvery", () => {
    const p = prepareDuel(cards, [bundledDeck("dragon-rush"), bundledDeck("nature-wall")], "dbe") as PreparedDuel;
    const batches: GameSummary[][] = [];
    let t = 0;
    const n = playJob(job(p, 12, 100), (b) => batches.push(b), 3, () => (t += 1));
    expect(n).toBe(12);
    expect(batches.length).toBeGreaterThan(1);
    const all = batches.flat();
    expect(all.map((r) => r.seed)).toEqual(Array.from({ length: 12 }, (_, i) => 100 + i));
    expect(all.filter((r) => r.replayed).map((r) => r.seed)).toEqual([100, 110]);
    expect(all.every((r) => r.violations.length === 0)).toBe(true);
    const tally = new SimTally();
    for (const r of all) tally.add(r);
    const v = tally.report();
    const ref = summarize(all);
    expect(v.wins).toEqual(ref.wins);
    expect(v.meanTurns).toBe(ref.meanTurns);
    expect(v.koSources).toEqual(ref.koSources);
    expect(v.games).toBe(12);
  });

  it("reports a game the loop rule ends with the looping card's message", { timeout: 60_000 }, () => {
    const card = (i: number) => `card LP-${String(i).padStart(3, "0")} Loopmon ${i}\n  kind: Digimon\n  level: R\n  type: Dragon\n  dp: 0\n  +p: 20\n  hp: 600\n  circle: Loop Bite 300\n  triangle: Loop Claw 200\n  cross: Loop Tail 100\n  timing: SUPPORT\n  text: Passive: When own Power is boosted, Discard 1. Draw 1. Boost own Power +100.\n`;
    const set = `set LP Loop test\nruleset dbe\n\n${Array.from({ length: 13 }, (_, i) => card(i + 1)).join("\n")}`;
    const deck = `deck Loop\nruleset dbe\nmain:\n${Array.from({ length: 12 }, (_, i) => `4 LP-${String(i + 1).padStart(3, "0")}\n`).join("")}2 LP-013\n`;
    const withLoop = workspaceCards([{ file: "loop.dgs", text: set }]);
    const p = prepareDuel(withLoop, [{ file: "loop.deck", text: deck }, bundledDeck("nature-core")], "dbe") as PreparedDuel;
    expect(p.ok).toBe(true);
    const tally = new SimTally();
    playJob({ ...job(p, 1), cards: withLoop, replayEvery: 0 }, (b) => b.forEach((r) => tally.add(r)));
    const v = tally.report();
    expect(v.loopCount).toBe(1);
    expect(v.loops[0]!.message).toMatch(/loop.*LP-0\d\d Loopmon/);
    expect(v.drawReasons[0]).toMatchObject({ count: 1, loop: true });
    expect(v.violationCount).toBe(0);
  });
});

describe("playJob for DCG decks", () => {
  it("plays DCG games by the effect model with invariants checked; practice decks by DCG_PRACTICE; replays reach the same digest", () => {
    const dcgCards = workspaceDcgCards([TSX_FILE]);
    const legal = prepareDcgDuel(dcgCards, [TSX_DECK, TSX_DECK]) as PreparedDcgDuel;
    const base = { agents: ["random", "greedy"] as ["random", "greedy"], first: 1, games: 6, turnLimit: 200, replayEvery: 3 };
    const all: GameSummary[] = [];
    playJob({ ...base, cards: legal.db.all, setup: legal.setup, ruleset: "dcg", practice: false }, (b) => all.push(...b));
    expect(all.map((r) => r.seed)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(all.flatMap((r) => r.violations)).toEqual([]);
    expect(all.filter((r) => r.replayed).map((r) => r.seed)).toEqual([1, 4]);
    expect(all.every((r) => r.winner !== "draw" && r.turns > 1)).toBe(true);
    // The same games as the runtime's own simulation.
    expect(all[1]!.decisions).toBe(simulateDcgGame(legal.db, legal.setup, 2, { ruleset: DCG_EFFECTS, agents: ["random", "greedy"] }).decisions);
    const practice = prepareDcgDuel(workspaceDcgCards(), [bundledDeck("dsx-ember-practice"), bundledDeck("dsx-tide-practice")], true) as PreparedDcgDuel;
    const tally = new SimTally();
    playJob({ ...base, cards: practice.db.all, setup: practice.setup, ruleset: "dcg", practice: true }, (b) => b.forEach((r) => tally.add(r)));
    const v = tally.report();
    expect(v.games).toBe(6);
    expect(v.violationCount).toBe(0);
    expect(v.replays).toBe(2);
    expect(Object.keys(v.koSources).every((k) => ["battle", "rules", "effect"].includes(k))).toBe(true);
  });
});

describe("SimTally", () => {
  it("adds draws by reason, loops apart, and bars with Wilson intervals", () => {
    const t = new SimTally();
    t.add(summary(1, 0));
    t.add(summary(2, 1));
    t.add(summary(3, "draw", "turn limit 200 reached"));
    t.add(summary(4, "draw", "unbreakable loop: X-1 Foo's sentence \"A.\" resolved …"));
    t.add(summary(5, 0, "4 KO points (Battle Phase 7)", ["card 3 is in two places"]));
    const v = t.report();
    expect([v.games, v.draws, v.loopCount]).toEqual([5, 2, 1]);
    expect(v.drawRate).toEqual(wilson(2, 5));
    expect(v.drawReasons.map((d) => [d.reason, d.loop])).toEqual([[LOOP_REASON, true], ["turn limit 200 reached", false]]);
    expect(v.violations).toEqual([{ seed: 5, message: "card 3 is in two places" }]);
    const bars = barsOf(v, ["P1 (A)", "P2 (B)"]);
    expect(bars.map((b) => [b.label, b.count])).toEqual([["P1 (A) wins", 2], ["P2 (B) wins", 1], ["Draws", 2]]);
    for (const b of bars) expect(b.low <= b.rate && b.rate <= b.high).toBe(true);
    expect(pct(0.4567)).toBe("45.7%");
    expect(isLoopReason("turn limit 200 reached")).toBe(false);
  });

  it("keeps memory bounded", () => {
    const t = new SimTally();
    for (let i = 0; i < 1000; i++) t.add(summary(i, "draw", `unbreakable loop number ${i}`));
    const v = t.report();
    expect(v.loopCount).toBe(1000);
    expect(v.loops).toHaveLength(MAX_REASONS);
    expect(v.loops[0]!.seed).toBe(0);
    expect(v.drawReasons).toEqual([{ reason: LOOP_REASON, count: 1000, loop: true }]);
    for (let i = 0; i < 1000; i++) t.add(summary(i, "draw", `another reason ${i}`));
    expect(t.report().drawReasons.length).toBeLessThanOrEqual(MAX_REASONS);
  });
});
