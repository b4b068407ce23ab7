/**
 * The DCG rules-runtime benchmark (issue 14 "Done when": ≥ 500 DCG games/s on one core with
 * random agents, memory per live game ≤ 1 MB). Run alone with
 * `node --expose-gc bench/dcg-sim.ts [--quick]`, or from `bench/run.ts` through {@link dcgSimBench}
 * (figure (l)).
 *
 * The cards are the compiled card pool, as `duel`/`simulate --ruleset dcg` load it
 * (`compiler/cli/dcg.ts` `loadDcgPool`: `../shared/data/dcg/cards.json` imported with the DCG
 * importer and checked by the DCG checker, every card with its effects as IR); the decks are the
 * bundled `st1-gaia-red` and `bt1-red-dragons` (`simulate --ruleset dcg`'s defaults: every card of
 * both compiles and is performed).
 *
 * - games per second on this thread (one core), random agents, **with card effects**
 *   (`DCG_EFFECTS`, what the CLI plays), no log, no invariant checks (as DBE's figure (c)),
 *   after a warm-up; median of 5 runs — the figure held to the target;
 * - the same with `simulate`'s checks (cheap ones after every step, all at the end, all after
 *   every step of 1 game in 100), for the cost of the checks;
 * - the same games without card effects (`DCG`: printed stats and keyword flags only), for the
 *   cost of the effect model;
 * - memory per live game, with card effects: the heap held by n games stopped halfway (turn 8),
 *   and by n finished games, each divided by n (n = 200, or the games per run when fewer), after
 *   a forced GC (`--expose-gc`; without it the figures include garbage and are marked so).
 *
 * The card data is test input outside the project; without it the benchmark reports "not
 * measured" and the reason.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Game, type CardDb, type Ruleset } from "../runtime/core/engine.ts";
import { randomAgent } from "../runtime/core/agents.ts";
import { DCG } from "../runtime/rulesets/dcg/index.ts";
import { DCG_EFFECTS } from "../runtime/rulesets/dcg/effects/index.ts";
import type { DcgCard } from "../runtime/rulesets/dcg/model.ts";
import { simulateDcgGame } from "../runtime/rulesets/dcg/sim.ts";
import type { DcgSetup } from "../runtime/rulesets/dcg/setup.ts";
import { DCG_CARD_POOL, DEFAULT_DCG_DECKS, dcgDeckPath, loadDcgDeck, loadDcgPool } from "../compiler/cli/dcg.ts";

/** Target of the one-core figure (issue 14). */
export const TARGET_DCG_GAMES_PER_SEC = 500;
/** Target of the memory held by one live game (issue 14): 1 MB. */
export const TARGET_BYTES_PER_LIVE_GAME = 1_000_000;

/** Results of {@link dcgSimBench}. */
export type DcgSimBench =
  | { measured: false; reason: string }
  | {
      measured: true;
      /** Where the cards came from. */
      cards: string;
      decks: [string, string];
      games: number;
      /** With card effects (`DCG_EFFECTS`), no checks: median of 5 runs. */
      gamesPerSec: number;
      runsGamesPerSec: number[];
      /** With card effects and `simulate`'s checks. */
      checkedGamesPerSec: number;
      /** Without card effects (`DCG`: stats and keyword flags), no checks: median of 5 runs. */
      noEffectsGamesPerSec: number;
      meanTurns: number;
      meanDecisions: number;
      liveBytesPerGame: number;
      finishedBytesPerGame: number;
      gcForced: boolean;
      target: number;
      memoryTarget: number;
      pass: boolean;
    };

const gc = (globalThis as { gc?: () => void }).gc;

/** Play one game with random agents (no checks), returning its turns and decisions. */
function play(ruleset: Ruleset<DcgSetup>, db: CardDb<DcgCard>, setup: DcgSetup, seed: number): { turns: number; decisions: number } {
  const g = new Game(ruleset, db, setup, seed, { log: false });
  const a = [randomAgent(seed * 2 + 1), randomAgent(seed * 2 + 2)] as const;
  for (let d = g.advance(); d; d = g.advance()) g.answer(a[d.player].choose(d, g));
  return { turns: g.state.turn, decisions: g.choices.length };
}

/** Heap bytes per game held by `n` games built by `make`, after a GC when available. */
function heldBytes(n: number, make: (i: number) => Game<DcgSetup>): number {
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const kept: Game<DcgSetup>[] = [];
  for (let i = 0; i < n; i++) kept.push(make(i));
  gc?.();
  const bytes = (process.memoryUsage().heapUsed - before) / n;
  kept.length = 0;
  return Math.max(0, Math.round(bytes));
}

/** Five timed runs of `games` games each; the median games/s, the runs, and the turns and decisions played. */
function timed(ruleset: Ruleset<DcgSetup>, db: CardDb<DcgCard>, setup: DcgSetup, games: number, from: number): { median: number; runs: number[]; turns: number; decisions: number } {
  const runs: number[] = [];
  let turns = 0;
  let decisions = 0;
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    for (let s = 0; s < games; s++) {
      const x = play(ruleset, db, setup, from + r * games + s);
      turns += x.turns;
      decisions += x.decisions;
    }
    runs.push(games / ((performance.now() - t0) / 1000));
  }
  return { median: [...runs].sort((a, b) => a - b)[2]!, runs, turns, decisions };
}

/**
 * Run the DCG benchmark.
 * @param games games per timed run (median of 5 runs reported); the warm-up is twice as many
 *   (at most 2,000), the checked run as many, the memory figures min(200, games) games each
 * @throws UserError (from the card loading) when the card pool or a bundled deck does not load
 */
export async function dcgSimBench(games: number): Promise<DcgSimBench> {
  if (!existsSync(DCG_CARD_POOL)) return { measured: false, reason: `no card data at ${DCG_CARD_POOL}` };
  const pool = await loadDcgPool();
  const db = pool.db;
  const decks = [...DEFAULT_DCG_DECKS] as [string, string];
  const setup: DcgSetup = { seats: [loadDcgDeck(dcgDeckPath(decks[0]), pool), loadDcgDeck(dcgDeckPath(decks[1]), pool)] };
  for (let s = 0; s < Math.min(2_000, games * 2); s++) play(DCG_EFFECTS, db, setup, 1_000_000 + s); // warm-up
  const fx = timed(DCG_EFFECTS, db, setup, games, 0);
  const t0 = performance.now();
  for (let s = 0; s < games; s++) simulateDcgGame(db, setup, 2_000_000 + s, { check: true, ruleset: DCG_EFFECTS });
  const checkedGamesPerSec = games / ((performance.now() - t0) / 1000);
  for (let s = 0; s < Math.min(1_000, games); s++) play(DCG, db, setup, 5_000_000 + s); // warm-up
  const plain = timed(DCG, db, setup, games, 6_000_000);

  // Memory: games stopped halfway (a live game holds its state, agenda and pending decision).
  const held = Math.min(200, games);
  const live = heldBytes(held, (i) => {
    const g = new Game(DCG_EFFECTS, db, setup, 3_000_000 + i, { log: false });
    const a = [randomAgent(i * 2 + 1), randomAgent(i * 2 + 2)] as const;
    for (let d = g.advance(); d && g.state.turn < 8; d = g.advance()) g.answer(a[d.player].choose(d, g));
    return g;
  });
  const finished = heldBytes(held, (i) => {
    const g = new Game(DCG_EFFECTS, db, setup, 4_000_000 + i, { log: false });
    const a = [randomAgent(i * 2 + 1), randomAgent(i * 2 + 2)] as const;
    for (let d = g.advance(); d; d = g.advance()) g.answer(a[d.player].choose(d, g));
    return g;
  });
  return {
    measured: true,
    cards: `the card pool ${pool.origins.filter((o) => o.endsWith(".json")).join(", ") || pool.origins.join(", ")} imported and compiled`,
    decks,
    games,
    gamesPerSec: fx.median,
    runsGamesPerSec: fx.runs.map(Math.round),
    checkedGamesPerSec,
    noEffectsGamesPerSec: plain.median,
    meanTurns: fx.turns / (games * 5),
    meanDecisions: fx.decisions / (games * 5),
    liveBytesPerGame: live,
    finishedBytesPerGame: finished,
    gcForced: gc !== undefined,
    target: TARGET_DCG_GAMES_PER_SEC,
    memoryTarget: TARGET_BYTES_PER_LIVE_GAME,
    pass: fx.median >= TARGET_DCG_GAMES_PER_SEC && Math.max(live, finished) <= TARGET_BYTES_PER_LIVE_GAME,
  };
}

/** The result as the lines `npm run bench` prints (the (l) figure). */
export function formatDcgSimBench(b: DcgSimBench): string[] {
  if (!b.measured) return [`(l) DCG games: not measured (${b.reason})`];
  const f = (x: number, d = 0) => x.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
  return [
    `(l) DCG games with card effects (random agents, ${b.decks.join(" vs ")}, ${b.cards}; mean ${f(b.meanTurns, 1)} turns, ${f(b.meanDecisions, 1)} decisions): ${f(b.gamesPerSec)} games/s on one core (median of 5: ${b.runsGamesPerSec.map((x) => f(x)).join(", ")}); with simulate's checks ${f(b.checkedGamesPerSec)} games/s; without card effects (stats and keyword flags) ${f(b.noEffectsGamesPerSec)} games/s — target ≥ ${f(b.target)} with card effects: ${b.gamesPerSec >= b.target ? "PASS" : "FAIL"} (without: ${b.noEffectsGamesPerSec >= b.target ? "PASS" : "FAIL"})`,
    `(l) DCG memory with card effects: ${f(b.liveBytesPerGame / 1024, 1)} KiB per live game (stopped at turn 8), ${f(b.finishedBytesPerGame / 1024, 1)} KiB per finished game${b.gcForced ? "" : " (no --expose-gc: garbage included)"} — target ≤ ${f(b.memoryTarget / 1e6)} MB: ${Math.max(b.liveBytesPerGame, b.finishedBytesPerGame) <= b.memoryTarget ? "PASS" : "FAIL"}`,
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes("--quick");
  for (const line of formatDcgSimBench(await dcgSimBench(quick ? 100 : 1_000))) console.log(line);
}
