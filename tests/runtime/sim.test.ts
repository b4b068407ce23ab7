/**
 * The simulator (runtime/sim/simulate.ts) with the real DBE ruleset and the bundled decks:
 * sound games, determinism, replays, the invariant checker on hand-corrupted states, the
 * Wilson interval and the report summary; and which bundled decks the runtime can load
 * (runtime/rulesets/dbe/index.ts `checkLoadable`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import type { CompiledCard } from "../../runtime/card.ts";
import { Game, type CardDb, type Task } from "../../runtime/core/engine.ts";
import { randomAgent, runGame } from "../../runtime/core/agents.ts";
import { DBE, checkLoadable, type DbeSetup, type Seat } from "../../runtime/rulesets/dbe/index.ts";
import { P } from "../../runtime/rulesets/dbe/model.ts";
import { readDeckList } from "../../runtime/rulesets/dbe/deck.ts";
import { invariants, makeAgent, simulateGame, summarize, wilson, type GameSummary } from "../../runtime/sim/simulate.ts";
import { bundledDb, deckPath, loadDeck, seatOf } from "../../compiler/cli/decks.ts";
import { UserError } from "../../compiler/cli/errors.ts";

let db: CardDb<CompiledCard> & { all: CompiledCard[] };
let setup: DbeSetup;

beforeAll(async () => {
  db = await bundledDb();
  setup = { seats: [loadDeck(deckPath("dragon-core"), db, "dbe"), loadDeck(deckPath("nature-core"), db, "dbe")] };
});

/** A finished DBE game between two random agents. */
function finishedGame(seed: number): Game<DbeSetup> {
  const g = new Game(DBE, db, setup, seed);
  runGame(g, [randomAgent(seed * 2 + 1), randomAgent(seed * 2 + 2)]);
  return g;
}

type Handler = (g: Game, t: Task) => void;

/**
 * Run `fn` while DBE's task `kind` is wrapped (simulateGame always plays the exported DBE
 * ruleset, so the test patches its task table and restores it afterwards).
 */
function withTask<T>(kind: string, wrap: (orig: Handler) => Handler, fn: () => T): T {
  // A new handler table (the engine keeps one lookup Map per table object).
  const r = DBE as unknown as { tasks: Record<string, Handler> };
  const tasks = r.tasks;
  const orig = tasks[kind]!;
  expect(orig, `DBE has a "${kind}" task`).toBeTypeOf("function");
  r.tasks = { ...tasks, [kind]: wrap(orig) };
  try {
    return fn();
  } finally {
    r.tasks = tasks;
  }
}

/** A card id of a player, in one of its non-empty zones, and that zone. */
function someCard(g: Game, p: 0 | 1): { id: number; zone: string } {
  for (const [zone, ids] of Object.entries(g.state.players[p].zones)) if (ids.length) return { id: ids.at(-1)!, zone };
  throw new Error("no card");
}

// ─── Simulated games ─────────────────────────────────────────────────────────

describe("simulateGame with dragon-core vs nature-core", () => {
  it("50 seeds (random and greedy agents): no violations, every game ends with a winner", () => {
    for (let seed = 1; seed <= 50; seed++) {
      const agents = seed % 3 === 0 ? (["greedy", "random"] as const) : seed % 3 === 1 ? (["random", "random"] as const) : (["random", "greedy"] as const);
      const r = simulateGame(db, setup, seed, { agents: [...agents] });
      expect(r.violations, `seed ${seed}`).toEqual([]);
      expect([0, 1], `seed ${seed}`).toContain(r.winner);
      expect(r.reason).toMatch(/4 KO points \(Battle Phase 7\)|cannot place a Digimon in the Active Zone/);
      expect(r.seed).toBe(seed);
      expect(r.turns).toBeGreaterThan(0);
      expect(r.decisions).toBeGreaterThan(0);
      const kos = Object.values(r.koSources).reduce((a, b) => a + b, 0);
      if (/KO points/.test(r.reason)) expect(kos, `seed ${seed}: a game won on KO points has KOs`).toBeGreaterThan(0);
      expect(r.digest).toBe("");
      expect(r.replayed).toBe(false);
    }
  });

  it("the same seed gives the same digest; another seed another game", () => {
    const a = simulateGame(db, setup, 17, { agents: ["random", "greedy"], digest: true });
    const b = simulateGame(db, setup, 17, { agents: ["random", "greedy"], digest: true });
    expect(a.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toEqual(a);
    const c = simulateGame(db, setup, 18, { agents: ["random", "greedy"], digest: true });
    expect(c.digest).not.toBe(a.digest);
  });

  it("is the game makeAgent(kind, 2·seed+1) and makeAgent(kind, 2·seed+2) play by hand", () => {
    const seed = 23;
    const r = simulateGame(db, setup, seed, { agents: ["greedy", "random"], digest: true });
    const g = new Game(DBE, db, { ...setup, turnLimit: 200 }, seed);
    const res = runGame(g, [makeAgent("greedy", seed * 2 + 1), makeAgent("random", seed * 2 + 2)]);
    expect(g.digest()).toBe(r.digest);
    expect(res).toEqual({ winner: r.winner, reason: r.reason, turns: r.turns, decisions: r.decisions });
    const kos: Record<string, number> = {};
    for (const e of g.log) if (e.kind === "battle.ko") kos[String(e.data.cause)] = (kos[String(e.data.cause)] ?? 0) + 1;
    expect(r.koSources).toEqual(kos);
  });

  it("a replayed game reaches the same digest", () => {
    for (const seed of [2, 9]) {
      const r = simulateGame(db, setup, seed, { agents: ["random", "random"], replay: true });
      expect(r.replayed).toBe(true);
      expect(r.violations).toEqual([]);
      expect(r.digest).toMatch(/^[0-9a-f]{64}$/);
      expect(r.digest).toBe(simulateGame(db, setup, seed, { agents: ["random", "random"], digest: true }).digest);
    }
  });

  it("a game that does not replay identically is reported, not thrown", () => {
    let calls = 0; // outside the game state: a replay sees other values
    const r = withTask(
      "dbe.turn",
      (orig) => (g, t) => {
        orig(g, t);
        g.set(g.state.vars, "leak", calls++);
      },
      () => simulateGame(db, setup, 4, { agents: ["random", "random"], replay: true }),
    );
    expect(r.replayed).toBe(false);
    expect(r.violations.join("\n")).toMatch(/replay/);
  });

  it("a game without a winner within the turn limit is a violation", () => {
    const r = simulateGame(db, setup, 5, { agents: ["random", "random"], turnLimit: 3 });
    expect(r.winner).toBe("draw");
    expect(r.reason).toMatch(/turn limit 3/);
    expect(r.turns, "the turns played, not the one the limit stopped").toBe(3);
    expect(r.violations).toContain("no winner within 3 turns");
    const one = simulateGame(db, setup, 5, { agents: ["random", "random"], turnLimit: 1 });
    expect(one.turns).toBe(1);
    expect(one.violations).toContain("no winner within 1 turn");
  });

  it("an engine error is reported as a violation, not thrown", () => {
    const r = withTask(
      "dbe.turn",
      () => () => {
        throw new Error("boom");
      },
      () => simulateGame(db, setup, 6, { agents: ["random", "random"] }),
    );
    expect(r.violations).toContain("engine error: boom");
  });

  it("checks invariants while the game runs, not only at its end", () => {
    // P2's KO points are set to -2 at the start of turn 1 only; the game then goes on and
    // P2 may score later, so only a check during play can see the -2.
    const corrupt = (orig: Handler): Handler => (g, t) => {
      orig(g, t);
      if (g.state.turn === 1) P(g, 1).ko = -2;
    };
    const r = withTask("dbe.turn", corrupt, () => simulateGame(db, setup, 7, { agents: ["random", "random"] }));
    expect(r.violations).toContain("P2 KO points -2 < 0");
    const unchecked = withTask("dbe.turn", corrupt, () => simulateGame(db, setup, 7, { agents: ["random", "random"], check: false }));
    expect(unchecked.violations).toEqual([]);
  });

  it("checks card conservation after every step on 1 game in 100 (by seed) and at the end of every game", () => {
    // A card records no zone during turn 1 only: a per-step conservation check sees it, a
    // check at the game's end does not.
    const corrupt = (orig: Handler): Handler => (g, t) => {
      orig(g, t);
      const c = g.state.cards[0]!;
      if (g.state.turn === 1) (c as { was?: string }).was = c.zone;
      if (g.state.turn === 1) c.zone = "nowhere";
      else if (c.zone === "nowhere") c.zone = (c as { was?: string }).was!;
    };
    const play = (seed: number, every?: number) => withTask("dbe.turn", corrupt, () => simulateGame(db, setup, seed, { agents: ["random", "random"], fullCheckEvery: every }));
    const sampled = play(100);
    expect(sampled.fullyChecked).toBe(true);
    expect(sampled.violations.some((v) => /records nowhere/.test(v))).toBe(true);
    const cheap = play(101);
    expect(cheap.fullyChecked).toBe(false);
    expect(cheap.violations).toEqual([]);
    const everyGame = play(101, 1);
    expect(everyGame.fullyChecked).toBe(true);
    expect(everyGame.violations.some((v) => /records nowhere/.test(v))).toBe(true);
  });

  it("checks every invariant at the end of a game outside the sample", () => {
    const r = withTask(
      "dbe.turn",
      (orig) => (g, t) => {
        orig(g, t);
        g.state.players[1].zones.trash!.push(0);
      },
      () => simulateGame(db, setup, 101, { agents: ["random", "random"] }),
    );
    expect(r.fullyChecked).toBe(false);
    expect(r.violations).toContain("card 0 is in two places");
  });
});

// ─── Invariants ──────────────────────────────────────────────────────────────

describe("invariants", () => {
  it("a finished game is sound", () => {
    const g = finishedGame(3);
    expect(g.over).toBe(true);
    expect(invariants(g)).toEqual([]);
  });

  it("detects a card removed from its zone", () => {
    const g = finishedGame(3);
    const { id, zone } = someCard(g, 0);
    const z = g.state.players[0].zones[zone]!;
    z.splice(z.lastIndexOf(id), 1);
    expect(invariants(g)).toEqual([`card ${id} is in no zone (card conservation)`]);
  });

  it("detects a card in two zones", () => {
    const g = finishedGame(3);
    const { id, zone } = someCard(g, 0);
    g.state.players[1].zones.trash!.push(id);
    const v = invariants(g);
    expect(v).toContain(`card ${id} is in two places`);
    expect(v).toContain(`card ${id} is in P2 trash but records ${zone} of P1`);
  });

  it("detects a card that records another zone than the one holding it", () => {
    const g = finishedGame(3);
    const { id, zone } = someCard(g, 1);
    const other = zone === "hand" ? "trash" : "hand";
    g.state.cards[id]!.zone = other;
    expect(invariants(g)).toEqual([`card ${id} is in P2 ${zone} but records ${other} of P2`]);
  });

  it("detects an unknown card id in a zone", () => {
    const g = finishedGame(3);
    g.state.players[0].zones.trash!.push(9999);
    expect(invariants(g)).toContain("unknown card id 9999 in P1 trash");
  });

  it("detects negative HP and negative KO points (and NaN HP)", () => {
    const g = finishedGame(3);
    P(g, 0).hp = -10;
    P(g, 1).ko = -1;
    expect(invariants(g)).toEqual(["P1 HP -10 < 0", "P2 KO points -1 < 0"]);
    P(g, 0).hp = NaN;
    P(g, 1).ko = 0;
    expect(invariants(g)).toEqual(["P1 HP NaN < 0"]);
  });
});

// ─── Statistics ──────────────────────────────────────────────────────────────

describe("wilson", () => {
  it("matches hand-computed 95% intervals", () => {
    // p = .5, z² = 3.8416: centre .5, half-width 1.96·√(.0025 + .00009604) / 1.038416 = .096170
    const a = wilson(50, 100);
    expect(a.wins).toBe(50);
    expect(a.rate).toBe(0.5);
    expect(a.low).toBeCloseTo(0.4038, 4);
    expect(a.high).toBeCloseTo(0.5962, 4);
    // 0 of 10: centre = half-width = .19208 / 1.38416 = .138770
    const b = wilson(0, 10);
    expect(b.low).toBeCloseTo(0, 10);
    expect(b.high).toBeCloseTo(0.27754, 4);
    const c = wilson(10, 10);
    expect(c.low).toBeCloseTo(0.72246, 4);
    expect(c.high).toBeCloseTo(1, 10);
    // 19 of 40 (p = .475): centre (.475 + .04802) / 1.09604 = .477191, half-width .147839
    const d = wilson(19, 40);
    expect(d.low).toBeCloseTo(0.32935, 4);
    expect(d.high).toBeCloseTo(0.62503, 4);
  });

  it("a wider z gives a wider interval; z = 0 collapses to the rate", () => {
    const z0 = wilson(30, 100, 0);
    expect(z0.low).toBeCloseTo(0.3, 12);
    expect(z0.high).toBeCloseTo(0.3, 12);
    const z1 = wilson(30, 100, 1);
    const z2 = wilson(30, 100, 2.58);
    expect(z2.low).toBeLessThan(z1.low);
    expect(z2.high).toBeGreaterThan(z1.high);
  });

  it("no games: all zeros", () => {
    expect(wilson(0, 0)).toEqual({ wins: 0, rate: 0, low: 0, high: 0 });
  });

  it("property: 0 ≤ low ≤ rate ≤ high ≤ 1, and the interval of n−k mirrors that of k", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }).chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n))), ([k, n]) => {
        const w = wilson(k, n);
        expect(w.rate).toBeCloseTo(k / n, 12);
        expect(w.low).toBeGreaterThanOrEqual(0);
        expect(w.high).toBeLessThanOrEqual(1);
        expect(w.low).toBeLessThanOrEqual(w.rate + 1e-12);
        expect(w.high).toBeGreaterThanOrEqual(w.rate - 1e-12);
        const m = wilson(n - k, n);
        expect(m.low).toBeCloseTo(1 - w.high, 9);
        expect(m.high).toBeCloseTo(1 - w.low, 9);
      }),
      { numRuns: 200 },
    );
  });
});

function summary(seed: number, winner: 0 | 1 | "draw", turns: number, koSources: Record<string, number> = {}, violations: string[] = [], replayed = false): GameSummary {
  return { seed, winner, reason: "", turns, decisions: 0, koSources, violations, digest: "", replayed, fullyChecked: seed % 100 === 0 };
}

describe("summarize", () => {
  it("counts wins, draws, turns, KO sources, violations and replays", () => {
    const r = summarize([
      summary(1, 0, 10, { hp: 3 }),
      summary(2, 1, 20, { hp: 2, threeFlats: 1 }, ["bad thing"]),
      summary(3, 0, 12, { fourFlats: 2 }, [], true),
      summary(4, "draw", 200, {}, ["no winner within 200 turns", "other"]),
      summary(5, 0, 8, { hp: 4 }, [], true),
    ]);
    expect(r.games).toBe(5);
    expect(r.wins[0]).toEqual(wilson(3, 5));
    expect(r.wins[1]).toEqual(wilson(1, 5));
    expect(r.wins[0].wins + r.wins[1].wins + r.draws).toBe(5);
    expect(r.draws).toBe(1);
    expect(r.meanTurns).toBe(50);
    expect(r.koSources).toEqual({ hp: 9, threeFlats: 1, fourFlats: 2 });
    expect(r.violations).toEqual([
      { seed: 2, message: "bad thing" },
      { seed: 4, message: "no winner within 200 turns" },
      { seed: 4, message: "other" },
    ]);
    expect(r.violationCount).toBe(3);
    expect(r.replays).toBe(2);
  });

  it("an empty list", () => {
    // The report gained `violationCount` (the list of violations is capped; the count is not).
    expect(summarize([])).toEqual({ games: 0, wins: [wilson(0, 0), wilson(0, 0)], draws: 0, meanTurns: 0, koSources: {}, violations: [], violationCount: 0, replays: 0, fullyChecked: 0 });
  });

  it("summarises real simulated games consistently", () => {
    const results = Array.from({ length: 12 }, (_, i) => simulateGame(db, setup, 100 + i, { agents: ["random", "random"] }));
    const r = summarize(results);
    expect(r.games).toBe(12);
    expect(r.wins[0].wins).toBe(results.filter((x) => x.winner === 0).length);
    expect(r.wins[0].wins + r.wins[1].wins + r.draws).toBe(12);
    expect(r.meanTurns).toBeCloseTo(results.reduce((s, x) => s + x.turns, 0) / 12, 10);
    expect(r.violations).toEqual([]);
  });
});

// ─── Which decks load ────────────────────────────────────────────────────────

const FIXTURE_DIR = fileURLToPath(new URL("./fixtures/designer", import.meta.url));

function seatFromFile(name: string): Seat {
  const file = deckPath(name);
  const { deck, errors } = readDeckList(file, readFileSync(file, "utf8"));
  expect(errors).toEqual([]);
  return seatOf(deck!);
}

describe("checkLoadable", () => {
  it("refuses a deck with a card whose construct the runtime cannot perform, naming the card and the construct (fixture set FX)", async () => {
    const fx = await bundledDb([FIXTURE_DIR]);
    const file = join(FIXTURE_DIR, "fixture.deck");
    const { deck } = readDeckList(file, readFileSync(file, "utf8"));
    const seat = seatOf(deck!);
    const errors = checkLoadable(fx, [seat]);
    expect(errors).toHaveLength(1); // one error per card, however many copies
    expect(errors[0]).toMatchObject({ card: "FX-001", name: "Grudgemon", constructs: ['trigger "When … ko"'] });
    expect(errors[0]!.message).toBe('FX-001 Grudgemon: the runtime cannot yet perform trigger "When … ko"');
    expect(() => loadDeck(file, fx, "dbe")).toThrow(UserError);
    expect(() => loadDeck(file, fx, "dbe")).toThrow(/FX-001 Grudgemon: the runtime cannot yet perform/);
  });

  it.each(["dragon-rush", "nature-wall", "dragon-core", "nature-core"])("loads the bundled deck %s: every card playable", (name) => {
    const seat = loadDeck(deckPath(name), db, "dbe");
    expect(seat.main.length + seat.destiny.length).toBe(50);
    expect(checkLoadable(db, [seat])).toEqual([]);
  });

  it.each(["dragon-core", "nature-core"])("loads %s: 50 cards, all playable", (name) => {
    const seat = loadDeck(deckPath(name), db, "dbe");
    expect(seat.main.length + seat.destiny.length).toBe(50);
    expect(checkLoadable(db, [seat])).toEqual([]);
    expect(seat).toEqual(seatFromFile(name));
  });

  it("names an unknown card", () => {
    const seat: Seat = { name: "Test", main: ["DS1-001", "XX-999"], destiny: [], partner: null };
    expect(checkLoadable(db, [seat])).toEqual([{ card: "XX-999", name: "?", constructs: [], message: "Test: unknown card XX-999" }]);
  });

  it("a missing deck file is a UserError", () => {
    expect(() => loadDeck(deckPath("no-such-deck"), db, "dbe")).toThrow(/deck file not found: .*no-such-deck\.deck/);
  });
});
