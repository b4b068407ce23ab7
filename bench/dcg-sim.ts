/**
 * The DCG rules-runtime benchmark (issue 14 "Done when": ≥ 500 DCG games/s on one core with
 * random agents, memory per live game ≤ 1 MB). Run alone with
 * `node --expose-gc bench/dcg-sim.ts [--quick]`, or from `bench/run.ts` through {@link dcgSimBench}.
 *
 * - games per second on this thread (one core), random agents, the bundled decks
 *   `st1-gaia-red` and `st2-cocytus-blue`, no log, no invariant checks (as DBE's figure (c)),
 *   after a warm-up; median of 5 runs;
 * - the same with `simulate`'s checks (cheap ones after every step, all at the end, all after
 *   every step of 1 game in 100), for the cost of the checks;
 * - memory per live game: the heap held by 200 games stopped halfway (turn 8), and by 200
 *   finished games, each divided by 200, after a forced GC (`--expose-gc`; without it the
 *   figures include garbage and are marked so).
 *
 * The card data is `../shared/data/dcg/cards.json` (test input outside the project); without it
 * the benchmark reports "not measured" and the reason.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Game, type CardDb } from "../runtime/core/engine.ts";
import { randomAgent } from "../runtime/core/agents.ts";
import { DCG } from "../runtime/rulesets/dcg/index.ts";
import { dcgCardsFromJson } from "../runtime/rulesets/dcg/cards-json.ts";
import { dcgCardDb, type DcgCard } from "../runtime/rulesets/dcg/model.ts";
import { checkDcgDeck, dcgSeatOf, readDcgDeckList } from "../runtime/rulesets/dcg/deck.ts";
import { simulateDcgGame } from "../runtime/rulesets/dcg/sim.ts";
import type { DcgSeat, DcgSetup } from "../runtime/rulesets/dcg/setup.ts";

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
const DCG_JSON = resolve(ROOT, "../shared/data/dcg/cards.json");

/** Target of the one-core figure (issue 14). */
export const TARGET_DCG_GAMES_PER_SEC = 500;
/** Target of the memory held by one live game (issue 14): 1 MB. */
export const TARGET_BYTES_PER_LIVE_GAME = 1_000_000;

/** Results of {@link dcgSimBench}. */
export type DcgSimBench =
  | { measured: false; reason: string }
  | {
      measured: true;
      games: number;
      gamesPerSec: number;
      runsGamesPerSec: number[];
      checkedGamesPerSec: number;
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

/** A bundled deck as a seat (checked by the deck rules). */
function seat(db: CardDb<DcgCard>, name: string): DcgSeat {
  const file = join(ROOT, "cards/dcg/decks", `${name}.deck`);
  const r = readDcgDeckList(file, readFileSync(file, "utf8"));
  if (!r.deck) throw new Error(`${file}: ${r.errors.map((e) => e.message).join("; ")}`);
  const errors = checkDcgDeck(r.deck, (n) => db.get(n)?.stats);
  if (errors.length) throw new Error(`${file}: ${errors.map((e) => e.message).join("; ")}`);
  return dcgSeatOf(r.deck);
}

/** Play one game with random agents (no checks), returning its turns and decisions. */
function play(db: CardDb<DcgCard>, setup: DcgSetup, seed: number): { turns: number; decisions: number } {
  const g = new Game(DCG, db, setup, seed, { log: false });
  const a = [randomAgent(seed * 2 + 1), randomAgent(seed * 2 + 2)] as const;
  for (let d = g.advance(); d; d = g.advance()) g.answer(a[d.player].choose(d, g));
  return { turns: g.state.turn, decisions: g.choices.length };
}

/** Heap bytes per game held by `n` games built by `make`, after a GC when available. */
function heldBytes(n: number, make: (i: number) => Game): number {
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const kept: Game[] = [];
  for (let i = 0; i < n; i++) kept.push(make(i));
  gc?.();
  const bytes = (process.memoryUsage().heapUsed - before) / n;
  kept.length = 0;
  return Math.max(0, Math.round(bytes));
}

/**
 * Run the DCG benchmark.
 * @param games games per timed run (median of 5 runs reported)
 */
export function dcgSimBench(games: number): DcgSimBench {
  if (!existsSync(DCG_JSON)) return { measured: false, reason: `no card data at ${DCG_JSON}` };
  const db = dcgCardDb(dcgCardsFromJson(JSON.parse(readFileSync(DCG_JSON, "utf8"))));
  const setup: DcgSetup = { seats: [seat(db, "st1-gaia-red"), seat(db, "st2-cocytus-blue")] };
  for (let s = 0; s < Math.min(3_000, games * 2); s++) play(db, setup, 1_000_000 + s); // warm-up
  const runs: number[] = [];
  let turns = 0;
  let decisions = 0;
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    for (let s = 0; s < games; s++) {
      const x = play(db, setup, r * games + s);
      turns += x.turns;
      decisions += x.decisions;
    }
    runs.push(games / ((performance.now() - t0) / 1000));
  }
  const gamesPerSec = [...runs].sort((a, b) => a - b)[2]!;
  const t0 = performance.now();
  for (let s = 0; s < games; s++) simulateDcgGame(db, setup, 2_000_000 + s, { check: true });
  const checkedGamesPerSec = games / ((performance.now() - t0) / 1000);

  // Memory: games stopped halfway (a live game holds its state, agenda and pending decision).
  const live = heldBytes(200, (i) => {
    const g = new Game(DCG, db, setup, 3_000_000 + i, { log: false });
    const a = [randomAgent(i * 2 + 1), randomAgent(i * 2 + 2)] as const;
    for (let d = g.advance(); d && g.state.turn < 8; d = g.advance()) g.answer(a[d.player].choose(d, g));
    return g;
  });
  const finished = heldBytes(200, (i) => {
    const g = new Game(DCG, db, setup, 4_000_000 + i, { log: false });
    const a = [randomAgent(i * 2 + 1), randomAgent(i * 2 + 2)] as const;
    for (let d = g.advance(); d; d = g.advance()) g.answer(a[d.player].choose(d, g));
    return g;
  });
  return {
    measured: true,
    games,
    gamesPerSec,
    runsGamesPerSec: runs.map(Math.round),
    checkedGamesPerSec,
    meanTurns: turns / (games * 5),
    meanDecisions: decisions / (games * 5),
    liveBytesPerGame: live,
    finishedBytesPerGame: finished,
    gcForced: gc !== undefined,
    target: TARGET_DCG_GAMES_PER_SEC,
    memoryTarget: TARGET_BYTES_PER_LIVE_GAME,
    pass: gamesPerSec >= TARGET_DCG_GAMES_PER_SEC && Math.max(live, finished) <= TARGET_BYTES_PER_LIVE_GAME,
  };
}

/** The result as the lines `npm run bench` prints (the (k) figure). */
export function formatDcgSimBench(b: DcgSimBench): string[] {
  if (!b.measured) return [`(k) DCG games: not measured (${b.reason})`];
  const f = (x: number, d = 0) => x.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
  return [
    `(k) DCG games (random agents, st1-gaia-red vs st2-cocytus-blue, mean ${f(b.meanTurns, 1)} turns, ${f(b.meanDecisions, 1)} decisions): ${f(b.gamesPerSec)} games/s on one core (median of 5: ${b.runsGamesPerSec.map((x) => f(x)).join(", ")}); with simulate's checks ${f(b.checkedGamesPerSec)} games/s — target ≥ ${f(b.target)}: ${b.gamesPerSec >= b.target ? "PASS" : "FAIL"}`,
    `(k) DCG memory: ${f(b.liveBytesPerGame / 1024, 1)} KiB per live game (stopped at turn 8), ${f(b.finishedBytesPerGame / 1024, 1)} KiB per finished game${b.gcForced ? "" : " (no --expose-gc: garbage included)"} — target ≤ ${f(b.memoryTarget / 1e6)} MB: ${Math.max(b.liveBytesPerGame, b.finishedBytesPerGame) <= b.memoryTarget ? "PASS" : "FAIL"}`,
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes("--quick");
  for (const line of formatDcgSimBench(dcgSimBench(quick ? 300 : 2_000))) console.log(line);
}
