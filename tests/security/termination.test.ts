/**
 * Games that never end (hostile input, item 2): loops are a rules matter, decided by the
 * rules (002 13-1-1-1: an unbreakable loop ends the game in a draw; docs/runtime.md "Loops").
 *
 * - The core bounds work per turn, decisions included, and asks the ruleset's `loop` hook
 *   which card is responsible; without a card to blame it is an EngineError.
 * - DBE ends a game whose triggered sentence resolves more than TRIGGER_LOOP_LIMIT times in
 *   one phase step as a draw naming the card and the sentence.
 * - A legal deck of `Passive: When own Power is boosted, Discard 1. Draw 1. Boost own Power
 *   +100.` cards (each loop asks decisions) used to make `duel` run forever and `simulate`
 *   hang; it now ends, through the API and through the CLI. Time is bounded by vitest
 *   timeouts, never asserted.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompiledCard } from "../../runtime/card.ts";
import { EngineError, Game, MAX_TURN_DECISIONS, MAX_TURN_TASKS, replayGame, type CardDb, type LoopRuling, type Ruleset, type Task } from "../../runtime/core/engine.ts";
import { runGame } from "../../runtime/core/agents.ts";
import { DBE, type DbeSetup } from "../../runtime/rulesets/dbe/index.ts";
import { checkDbeDeck, readDeckList } from "../../runtime/rulesets/dbe/deck.ts";
import { dbeLoopRuling, TRIGGER_LOOP_LIMIT } from "../../runtime/rulesets/dbe/loops.ts";
import { DbeScenario } from "../../runtime/rulesets/dbe/scenario.ts";
import { makeAgent, simulateGame } from "../../runtime/sim/simulate.ts";
import { bundledDb, deckPath, loadDeck } from "../../compiler/cli/decks.ts";
import { scenarioDb } from "../scenarios/helpers.ts";

// ─── The core: work bounds per turn and the ruleset's ruling ─────────────────

const YES_NO = [
  { label: "yes", value: true },
  { label: "no", value: false },
];

/**
 * A game-free ruleset whose one task asks a yes/no question and then queues itself again,
 * whatever the answer, all in turn 1 (every step asks a decision, so a per-`advance` task
 * budget never runs out). `pad` no-op tasks run before each question.
 */
function askingLoop(loop?: Ruleset["loop"]): Ruleset<{ pad: number }> {
  return {
    id: "loopy",
    zones: { pile: "hidden" },
    tasks: {
      "loopy.ask": (g: Game<{ pad: number }>, t: Task) => {
        if (t.answer === undefined) {
          g.ask(0, "yesNo", "again?", YES_NO, 1, 1, t);
          return;
        }
        g.push(...Array.from({ length: g.setup.pad }, () => ({ t: "loopy.pad" })), { t: "loopy.ask" });
      },
      "loopy.pad": () => {},
      "loopy.spin": (g: Game) => {
        g.push({ t: "loopy.spin" });
      },
    },
    start(g) {
      g.state.turn = 1;
      g.push({ t: "loopy.ask" });
    },
    ...(loop ? { loop } : {}),
  };
}

const NO_CARDS: CardDb = { get: () => undefined };
const always = (a: number) => ({ name: "always", choose: () => [a] });
const RULING: LoopRuling = { winner: "draw", reason: "the loopy card loops (test ruling)" };

describe("core: work per turn is bounded, decisions included", () => {
  it("the defaults are far above a normal turn (bundled decks: under 200 tasks and 50 decisions)", () => {
    expect(MAX_TURN_TASKS).toBe(100_000);
    expect(MAX_TURN_DECISIONS).toBe(10_000);
  });

  it("a loop that asks a decision at every step ends at maxTurnDecisions with the ruleset's ruling, logged", () => {
    let asked: unknown = null;
    const r = askingLoop((g, o) => {
      asked = o;
      return RULING;
    });
    const g = new Game(r, NO_CARDS, { pad: 0 }, 1, { maxTurnDecisions: 50 });
    const res = runGame(g, [always(0), always(0)]);
    expect(res).toMatchObject({ winner: "draw", reason: RULING.reason, turns: 1 });
    expect(g.choices).toHaveLength(50); // the 51st decision is withdrawn
    expect(g.pending).toBeNull();
    expect(asked).toMatchObject({ bound: "turnDecisions", limit: 50, turn: 1, task: "loopy.ask", what: "more than 50 decisions in turn 1" });
    expect(g.log.map((e) => e.kind)).toEqual(["loop", "gameEnd"]);
    expect(g.log[0]!.text).toBe(RULING.reason);
  });

  it("decisions count as work: a loop of 10 tasks per decision ends at maxTurnTasks", () => {
    let bound = "";
    // Each answer runs 10 tasks (the answered question, 8 pads, the next question) up to the next decision.
    const g = new Game(askingLoop((_g, o) => ((bound = o.bound), RULING)), NO_CARDS, { pad: 8 }, 1, { maxTurnTasks: 1000 });
    runGame(g, [always(1), always(1)]);
    expect(g.state.winner).toBe("draw");
    expect(bound).toBe("turnTasks");
    expect(g.tasksRun).toBe(1001);
    expect(g.choices.length).toBe(100);
  });

  it("without a ruling (no hook, or a hook naming no card) the overrun is an EngineError naming the bound", () => {
    const bare = new Game(askingLoop(), NO_CARDS, { pad: 0 }, 1, { maxTurnDecisions: 20 });
    expect(() => runGame(bare, [always(0), always(0)])).toThrow(EngineError);
    const bare2 = new Game(askingLoop(), NO_CARDS, { pad: 0 }, 1, { maxTurnDecisions: 20 });
    expect(() => runGame(bare2, [always(0), always(0)])).toThrow(/more than 20 decisions in turn 1: runaway loop at loopy\.ask/);
    const blameless = new Game(askingLoop(() => null), NO_CARDS, { pad: 0 }, 1, { maxTurnTasks: 30 });
    expect(() => runGame(blameless, [always(0), always(0)])).toThrow(/more than 30 tasks in turn 1: runaway loop/);
  });

  it("a runaway loop without decisions gets the ruling too (the per-advance budget)", () => {
    const g = new Game(askingLoop(() => RULING), NO_CARDS, { pad: 0 }, 1, { maxTasks: 40 });
    g.push({ t: "loopy.spin" });
    expect(g.advance()).toBeNull();
    expect(g.state).toMatchObject({ winner: "draw", endReason: RULING.reason });
  });

  it("work is counted per turn: many short turns never overrun", () => {
    // The toy turns of core.test.ts in miniature: one decision and two tasks per turn.
    const turns: Ruleset<null> = {
      id: "turns",
      zones: {},
      tasks: {
        "turns.turn": (g: Game, t: Task) => {
          if (t.answer === undefined) return g.ask(0, "yesNo", "next?", YES_NO, 1, 1, t);
          if (g.state.turn === 500) return g.end(0, "500 turns");
          g.set(g.state, "turn", g.state.turn + 1);
          g.push({ t: "turns.turn" });
        },
      },
      start: (g) => g.push({ t: "turns.turn" }),
    };
    const g = new Game(turns, NO_CARDS, null, 1, { maxTurnTasks: 3, maxTurnDecisions: 1 });
    expect(runGame(g, [always(0), always(0)])).toMatchObject({ winner: 0, reason: "500 turns", decisions: 501 });
  });
});

// ─── DBE: the trigger loop rule ──────────────────────────────────────────────

/** The runaway trigger: one sentence, no decision anywhere in the loop. */
const RUNAWAY = `card TST-901 Runawaymon
  kind: Digimon
  level: R
  type: Dragon
  dp: 0
  +p: 20
  hp: 600
  circle: Run Bite 300
  triangle: Run Claw 200
  cross: Run Tail 100
  timing: SUPPORT
  text: Passive: When own Power is boosted, Boost own Power +100.
`;

describe("DBE: a triggered sentence that repeats without end is an unbreakable loop, a draw", () => {
  it("a runaway trigger without decisions ends the game as a draw naming the card and the sentence", () => {
    const db = scenarioDb(RUNAWAY);
    // Agumon's support ("If own type is Dragon, Boost own Power +200.") boosts P1's Power once.
    const s = new DbeScenario(db, "runaway trigger (002 13-1-1-1)").turn(2, 0).active(0, "TST-901", { attack: "circle" }).active(1, "DS1-016", { attack: "circle" }).support(0, "DS1-001");
    const r = s.steps({ t: "dbe.support.one", p: 0, card: s.top(0, "support") }).run();
    const g = r.g;
    expect(g.state.winner).toBe("draw");
    expect(g.state.endReason).toMatch(/^unbreakable loop: TST-901 Runawaymon's sentence "Passive: When own Power is boosted, Boost own Power \+100\." resolved as a trigger 101 times/);
    expect(g.state.endReason).toMatch(/002 13-1-1-1/);
    const loops = r.events("loop");
    expect(loops).toHaveLength(1);
    expect(loops[0]!.text).toBe(g.state.endReason);
    expect(loops[0]!.data).toMatchObject({ times: TRIGGER_LOOP_LIMIT + 1, limit: TRIGGER_LOOP_LIMIT });
    // Exactly TRIGGER_LOOP_LIMIT boosts resolved (plus Agumon's own): bounded work and log.
    expect(r.events("trigger")).toHaveLength(TRIGGER_LOOP_LIMIT);
    expect(g.tasksRun).toBeLessThan(1000);
    // The core's ruling names the same sentence (the one resolved most in this step).
    expect(dbeLoopRuling(g, { bound: "turnTasks", limit: 1, turn: 2, task: "dbe.effect", what: "more than 1 tasks in turn 2" })).toEqual({
      winner: "draw",
      reason: expect.stringMatching(/^unbreakable loop: more than 1 tasks in turn 2 .*TST-901 Runawaymon's sentence "Passive: When own Power is boosted, Boost own Power \+100\." resolved 101 times/),
    });
  });

  it("with no card sentence resolved in the step, the DBE ruling blames no card (an engine bug)", () => {
    const s = new DbeScenario(scenarioDb(), "no loop");
    expect(dbeLoopRuling(s.g, { bound: "turnTasks", limit: 1, turn: 0, task: "x", what: "more than 1 tasks in turn 0" })).toBeNull();
  });

  it("a trigger resolving up to the limit in one step is not a loop", () => {
    // Bundled decks never resolve one triggered sentence more than twice in a step; the
    // limit is far above that, and it is counted per step, so repeats across steps are fine.
    expect(TRIGGER_LOOP_LIMIT).toBe(100);
    const db = scenarioDb(RUNAWAY.replace("Passive: When own Power is boosted, Boost own Power +100.", "Passive: When own Power is boosted, Draw 1."));
    const s = new DbeScenario(db, "one trigger").turn(2, 0).active(0, "TST-901", { attack: "circle" }).active(1, "DS1-016", { attack: "circle" }).support(0, "DS1-001").put(0, "deck", "DS1-002");
    const r = s.steps({ t: "dbe.support.one", p: 0, card: s.top(0, "support") }).run();
    expect(r.g.state.winner).toBeNull();
    expect(r.events("trigger")).toHaveLength(1);
  });
});

// ─── A legal deck that loops with decisions: API, simulate and CLI ───────────

/** 13 Digimon with the looping text; 12 × 4 + 2 = 50 cards, the DBE deck size. */
function loopSet(): string {
  const card = (i: number) => `card LP-${String(i).padStart(3, "0")} Loopmon ${i}
  kind: Digimon
  level: R
  type: Dragon
  dp: 0
  +p: 20
  hp: 600
  circle: Loop Bite 300
  triangle: Loop Claw 200
  cross: Loop Tail 100
  timing: SUPPORT
  text: Passive: When own Power is boosted, Discard 1. Draw 1. Boost own Power +100.
`;
  return `set LP Loop test\nruleset dbe\n\n${Array.from({ length: 13 }, (_, i) => card(i + 1)).join("\n")}`;
}

const LOOP_DECK = `deck Loop\nruleset dbe\nmain:\n${Array.from({ length: 12 }, (_, i) => `4 LP-${String(i + 1).padStart(3, "0")}\n`).join("")}2 LP-013\n`;

/** The end reason of the loop deck's draw: the card's set number and name, and one of its sentences. */
const LOOP_REASON = /unbreakable loop: LP-0\d\d Loopmon \d+'s sentence "(Discard 1\.|Draw 1\.|Boost own Power \+100\.)" resolved as a trigger 101 times/;

let dir = "";
let db: CardDb<CompiledCard> & { all: CompiledCard[] };
let setup: DbeSetup;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "digiscript-loop-"));
  writeFileSync(join(dir, "loop.dgs"), loopSet());
  writeFileSync(join(dir, "loop.deck"), LOOP_DECK);
  db = await bundledDb([dir]);
  setup = { seats: [loadDeck(join(dir, "loop.deck"), db, "dbe"), loadDeck(deckPath("nature-core"), db, "dbe")] };
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("a legal deck of looping cards", () => {
  it("is legal by the DBE deck rules (50 cards, ≤ 4 copies, no Partner needed) and every card loads", () => {
    const { deck, errors } = readDeckList("loop.deck", readFileSync(join(dir, "loop.deck"), "utf8"));
    expect(errors).toEqual([]);
    expect(checkDbeDeck(deck!, (n) => db.get(n)?.stats)).toEqual([]);
    expect(setup.seats[0].main).toHaveLength(50);
  });

  it("a game ends as a draw naming the card, with bounded work and log", { timeout: 30_000 }, () => {
    const g = new Game(DBE, db, setup, 1);
    const res = runGame(g, [makeAgent("random", 3), makeAgent("greedy", 4)]);
    expect(res.winner).toBe("draw");
    expect(res.reason).toMatch(LOOP_REASON);
    expect(g.log.filter((e) => e.kind === "loop").map((e) => e.text)).toEqual([res.reason]);
    expect(g.log.at(-1)).toMatchObject({ kind: "gameEnd", text: `The game is a draw: ${res.reason}` });
    expect(g.choices.length).toBeLessThan(2_000);
    expect(g.log.length).toBeLessThan(5_000);
  });

  it("simulateGame: the loop draw is no invariant violation, and the game replays to its digest", { timeout: 60_000 }, () => {
    let loops = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const r = simulateGame(db, setup, seed, { agents: ["random", "random"], replay: true });
      expect(r.violations, `seed ${seed}`).toEqual([]);
      expect(r.replayed).toBe(true);
      if (r.winner === "draw") {
        expect(r.reason).toMatch(LOOP_REASON);
        loops++;
      }
    }
    expect(loops).toBeGreaterThan(0);
  });

  it("a saved loop game replays through replayGame to the same draw", { timeout: 30_000 }, () => {
    const g = new Game(DBE, db, setup, 1);
    runGame(g, [makeAgent("random", 3), makeAgent("greedy", 4)]);
    const r = replayGame(DBE, db, JSON.parse(JSON.stringify(g.save())));
    expect(r.digestMatched).toBe(true);
    expect(r.game.state.endReason).toBe(g.state.endReason);
  });

  it("an engine error in such a game is still a violation in simulate", () => {
    const r = DBE as unknown as { tasks: Record<string, (g: Game, t: Task) => void> };
    const tasks = r.tasks;
    r.tasks = {
      ...tasks,
      "dbe.triggers": () => {
        throw new Error("boom");
      },
    };
    try {
      const s = simulateGame(db, setup, 1, { agents: ["random", "random"] });
      expect(s.violations).toContain("engine error: boom");
    } finally {
      r.tasks = tasks;
    }
  });
});

// ─── Through the CLI ─────────────────────────────────────────────────────────

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BIN = join(ROOT, "bin", "digiscript.mjs");
const LOCAL_NODE = join(ROOT, "node_modules", ".bin", "node");
const NODE = existsSync(LOCAL_NODE) ? LOCAL_NODE : process.execPath;

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    // A hung duel would be killed by the timeout and fail the test (code ≠ 0), not hang it.
    execFile(NODE, [BIN, ...args], { cwd: ROOT, timeout: 50_000, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === "number" ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

describe("the CLI with the looping deck", () => {
  it("duel --cards <folder> --deck <folder>/loop.deck --deck nature-core ends and names the card", { timeout: 60_000 }, async () => {
    const r = await cli("duel", "--cards", dir, "--deck", join(dir, "loop.deck"), "--deck", "nature-core", "--seed", "1");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const result = /^Result: (.*)$/m.exec(r.stdout)?.[1] ?? "";
    expect(result).toMatch(/^draw — /);
    expect(result).toMatch(LOOP_REASON);
    // The loop is logged naming the step where it happened as the rules name it (docs/runtime.md "The duel log").
    expect(r.stdout).toMatch(/^ {4}unbreakable loop: LP-0\d\d Loopmon .* in Support Phase, step 5 \(Resolving supports\) of turn \d+ /m);
  });

  it("simulate with the looping deck finishes and reports no violation", { timeout: 60_000 }, async () => {
    const r = await cli("simulate", "--cards", dir, "--deck", join(dir, "loop.deck"), "--deck", "nature-core", "--games", "8", "--workers", "1", "--json");
    expect(r.code, r.stderr).toBe(0);
    const rep = JSON.parse(r.stdout) as { games: number; draws: number; violations: unknown[]; violationCount: number };
    expect(rep.games).toBe(8);
    expect(rep.draws).toBeGreaterThan(0);
    expect(rep.violations).toEqual([]);
    expect(rep.violationCount).toBe(0);
  });
});
