/**
 * The generic rules core (runtime/core): the undo journal, the seeded generator, decisions,
 * the step machine with a toy ruleset (no DBE), digests, saved games and agents.
 *
 * The toy game ("counting"): each player has a pile of cards; on a turn the turn player is
 * asked yes/no whether to move the top card of their pile to their table. After `goal`
 * moves in total (or when the turn player's pile is empty) the player with more cards on
 * the table wins (equal: draw). A few extra task kinds exist only for the tests (asking a
 * decision of any shape, ending the game, a runaway loop).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Journal } from "../../runtime/core/journal.ts";
import { Rng } from "../../runtime/core/rng.ts";
import { choiceError, type Decision, type DecisionOption } from "../../runtime/core/decision.ts";
import { canonicalJson, digestOf } from "../../runtime/core/digest.ts";
import { EngineError, Game, HALT, loadGame, type CardDb, type Ruleset, type SavedGame, type Task } from "../../runtime/core/engine.ts";
import { firstLegal, greedyAgent, interactiveAgent, randomAgent, runGame, scriptedAgent, type Agent } from "../../runtime/core/agents.ts";
import { other, type Json, type PlayerIndex } from "../../runtime/core/state.ts";

// ─── The toy ruleset ─────────────────────────────────────────────────────────

interface ToySetup {
  /** Cards per player in the pile. */
  cards: number;
  /** Total moves after which the game ends. */
  goal: number;
}

type ToyGame = Game<ToySetup>;

const YES_NO: DecisionOption[] = [
  { label: "yes", value: true },
  { label: "no", value: false },
];

function count(g: ToyGame): number {
  return (g.state.vars.count as number | undefined) ?? 0;
}

const TOY: Ruleset<ToySetup> = {
  id: "toy",
  zones: { pile: "hidden", table: "open" },
  tasks: {
    "toy.turn": (g: ToyGame) => {
      const p = g.state.turnPlayer;
      if (count(g) >= g.setup.goal || g.zone(p, "pile").length === 0) {
        g.push({ t: "toy.end" });
        return;
      }
      g.ask(p, "yesNo", `P${p + 1}: move the top card of your pile to the table?`, YES_NO, 1, 1, { t: "toy.moved", p });
    },
    "toy.moved": (g: ToyGame, t: Task) => {
      const p = t.p as PlayerIndex;
      if (t.answer![0] === 0) {
        const top = g.zone(p, "pile").at(-1)!;
        g.move(top, p, "table");
        g.set(g.state.vars, "count", count(g) + 1);
        g.emit("move", p, `P${p + 1} moves card ${top} to the table`, { card: top });
      } else g.emit("pass", p, `P${p + 1} passes`);
      g.set(g.state, "turn", g.state.turn + 1);
      g.set(g.state, "turnPlayer", other(p));
      g.push({ t: "toy.turn" });
    },
    "toy.end": (g: ToyGame) => {
      const a = g.zone(0, "table").length;
      const b = g.zone(1, "table").length;
      g.end(a === b ? "draw" : a > b ? 0 : 1, `${a} to ${b} cards on the table`);
    },
    /** Ask a decision of any shape; the answer is recorded by toy.record. */
    "toy.ask": (g: ToyGame, t: Task) => {
      const n = t.n as number;
      const options = Array.from({ length: n }, (_, i) => ({ label: `o${i}`, value: i }));
      g.ask((t.p as PlayerIndex | undefined) ?? 0, "chooseCards", "pick", options, t.min as number, t.max as number, { t: "toy.record" }, (t.ordered as boolean | undefined) ?? false);
    },
    "toy.record": (g: ToyGame, t: Task) => {
      g.set(g.state.vars, "last", t.answer!);
    },
    "toy.endNow": (g: ToyGame, t: Task) => {
      g.end(t.winner as PlayerIndex | "draw", "ended by a test");
    },
    "toy.loop": (g: ToyGame) => {
      g.push({ t: "toy.loop" });
    },
    /** Runs `k` more no-op tasks, then asks a yes/no decision. */
    "toy.countdown": (g: ToyGame, t: Task) => {
      const k = t.k as number;
      if (k > 0) g.push({ t: "toy.countdown", k: k - 1 });
      else g.ask(0, "yesNo", "done counting?", YES_NO, 1, 1, { t: "toy.record" });
    },
  },
  start(g: Game, setup: ToySetup) {
    for (const p of [0, 1] as PlayerIndex[]) for (let i = 0; i < setup.cards; i++) g.createCard(p, "c", "pile");
    g.state.turn = 1;
    g.state.phase = "main";
    g.push({ t: "toy.turn" });
  },
};

const TOY_DB: CardDb = { get: (k) => (k === "c" ? { name: "counter" } : undefined) };

function toy(setup: Partial<ToySetup> = {}, seed = 7, options = {}): ToyGame {
  return new Game(TOY, TOY_DB, { cards: 5, goal: 6, ...setup }, seed, options);
}

/** Card conservation: every card in exactly one zone, the one it records. */
function conservationErrors(g: Game): string[] {
  const out: string[] = [];
  const where = new Map<number, string>();
  for (const pl of g.state.players)
    for (const [z, ids] of Object.entries(pl.zones))
      for (const id of ids) {
        if (where.has(id)) out.push(`card ${id} twice`);
        where.set(id, `${pl.index}:${z}`);
        const c = g.state.cards[id]!;
        if (c.zone !== z || c.holder !== pl.index) out.push(`card ${id} records ${c.holder}:${c.zone}, is in ${pl.index}:${z}`);
      }
  for (const c of g.state.cards) if (!where.has(c.id)) out.push(`card ${c.id} lost`);
  return out;
}

function snapshot(g: Game): string {
  return canonicalJson({ state: g.state, log: g.log });
}

// ─── Journal ─────────────────────────────────────────────────────────────────

describe("Journal", () => {
  it("records nothing outside a transaction", () => {
    const j = new Journal();
    const o: Record<string, number> = { a: 1 };
    j.set(o, "a", 2);
    j.splice([1, 2], 0, 1);
    expect(o.a).toBe(2);
    expect(j.size).toBe(0);
    expect(j.open).toBe(false);
  });

  it("commit keeps the changes and drops the records", () => {
    const j = new Journal();
    const o: Record<string, number> = { a: 1 };
    const m = j.begin();
    expect(j.open).toBe(true);
    j.set(o, "a", 2);
    j.set(o, "b", 3);
    expect(j.size).toBe(2);
    j.commit(m);
    expect(o).toEqual({ a: 2, b: 3 });
    expect(j.size).toBe(0);
    expect(j.open).toBe(false);
  });

  it("rollback restores old values, newest first (a key written twice gets its first value back)", () => {
    const j = new Journal();
    const o: Record<string, number> = { a: 1 };
    const m = j.begin();
    j.set(o, "a", 2);
    j.set(o, "a", 3);
    j.set(o, "a", 4);
    j.rollback(m);
    expect(o).toEqual({ a: 1 });
    expect(j.open).toBe(false);
  });

  it("a key that was missing is absent again after rollback (not set to undefined)", () => {
    const j = new Journal();
    const o: Record<string, number | undefined> = {};
    const m = j.begin();
    j.set(o, "k", 5);
    j.set(o, "k", 6);
    j.rollback(m);
    expect(Object.hasOwn(o, "k")).toBe(false);
    expect(Object.keys(o)).toEqual([]);
  });

  it("a key that held undefined keeps its own (undefined) value after rollback", () => {
    const j = new Journal();
    const o: Record<string, number | undefined> = { k: undefined };
    const m = j.begin();
    j.set(o, "k", 6);
    j.rollback(m);
    expect(Object.hasOwn(o, "k")).toBe(true);
    expect(o.k).toBeUndefined();
  });

  it("rollback undoes splices (removals, insertions, replacements) in reverse order", () => {
    const j = new Journal();
    const arr = [1, 2, 3, 4, 5];
    const m = j.begin();
    expect(j.splice(arr, 1, 2)).toEqual([2, 3]);
    j.splice(arr, 0, 0, 9, 8);
    j.splice(arr, 2, 1, 7, 7, 7);
    j.splice(arr, arr.length, 0, 6);
    expect(arr).toEqual([9, 8, 7, 7, 7, 4, 5, 6]);
    j.rollback(m);
    expect(arr).toEqual([1, 2, 3, 4, 5]);
  });

  it("splice with a start outside the array (negative, or past the end) rolls back like Array.splice", () => {
    // Journal.splice performs arr.splice(start, …), which counts a negative start from the
    // end and clamps a start past the end; the rollback must undo what was actually done.
    const j = new Journal();
    const a = [1, 2, 3];
    const m = j.begin();
    expect(j.splice(a, -1, 1)).toEqual([3]);
    j.rollback(m);
    expect(a).toEqual([1, 2, 3]);
    const b: number[] = [];
    const m2 = j.begin();
    j.splice(b, 5, 0, 9);
    expect(b).toEqual([9]);
    j.rollback(m2);
    expect(b).toEqual([]);
  });

  it("an inner commit is kept until the outer transaction rolls back", () => {
    const j = new Journal();
    const o: Record<string, number> = { a: 1, b: 1 };
    const outer = j.begin();
    j.set(o, "a", 2);
    const inner = j.begin();
    j.set(o, "b", 2);
    j.commit(inner);
    expect(o).toEqual({ a: 2, b: 2 });
    expect(j.open).toBe(true);
    expect(j.size).toBe(2);
    j.rollback(outer);
    expect(o).toEqual({ a: 1, b: 1 });
    expect(j.open).toBe(false);
    expect(j.size).toBe(0);
  });

  it("an inner rollback undoes only the inner changes; the outer commit keeps the rest", () => {
    const j = new Journal();
    const o: Record<string, number> = { a: 1, b: 1 };
    const arr = [1];
    const outer = j.begin();
    j.set(o, "a", 2);
    const inner = j.begin();
    j.set(o, "b", 2);
    j.splice(arr, 0, 1);
    j.rollback(inner);
    expect(o).toEqual({ a: 2, b: 1 });
    expect(arr).toEqual([1]);
    expect(j.open).toBe(true);
    expect(j.size).toBe(1);
    j.commit(outer);
    expect(o).toEqual({ a: 2, b: 1 });
    expect(j.size).toBe(0);
  });

  it("holds one record per change, whatever the size of the objects changed (rollback is O(changes))", () => {
    const j = new Journal();
    const big = Array.from({ length: 10_000 }, (_, i) => i);
    const o: Record<string, number[]> = { big };
    const m = j.begin();
    j.splice(big, 5000, 1);
    j.set(o, "big", [0]);
    j.set(o, "big", big);
    expect(j.size).toBe(3);
    j.rollback(m);
    expect(j.size).toBe(0);
    expect(o.big).toBe(big);
    expect(big.length).toBe(10_000);
    expect(big[5000]).toBe(5000);
  });

  it("commit and rollback without an open transaction throw", () => {
    const j = new Journal();
    expect(() => j.commit(0)).toThrow(/no open transaction/);
    expect(() => j.rollback(0)).toThrow(/no open transaction/);
    const m = j.begin();
    j.commit(m);
    expect(() => j.commit(m)).toThrow(/no open transaction/);
    expect(() => j.rollback(m)).toThrow(/no open transaction/);
  });

  it("property: any sequence of sets and splices rolls back to the exact starting data", () => {
    type Op = { kind: "set"; key: string; value: number } | { kind: "splice"; start: number; del: number; items: number[] };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant("set" as const), key: fc.constantFrom("a", "b", "c", "d"), value: fc.integer() }),
      fc.record({ kind: fc.constant("splice" as const), start: fc.nat(12), del: fc.nat(4), items: fc.array(fc.integer(), { maxLength: 4 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), fc.array(fc.integer(), { maxLength: 8 }), (ops, init) => {
        const j = new Journal();
        const o: Record<string, number> = { a: 0, b: 1 };
        const arr = [...init];
        const m = j.begin();
        for (const x of ops) {
          if (x.kind === "set") j.set(o, x.key, x.value);
          else j.splice(arr, x.start % (arr.length + 1), x.del, ...x.items); // a start within the array
        }
        expect(j.size).toBe(ops.length);
        j.rollback(m);
        expect(o).toEqual({ a: 0, b: 1 });
        expect(Object.keys(o)).toEqual(["a", "b"]);
        expect(arr).toEqual(init);
      }),
      { numRuns: 200 },
    );
  });
});

// ─── Rng ─────────────────────────────────────────────────────────────────────

function draws(r: Rng, n: number): number[] {
  return Array.from({ length: n }, () => r.int(0, 1_000_000));
}

describe("Rng", () => {
  it("property: the same seed gives the same sequence", () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), (seed) => {
        expect(draws(new Rng(seed), 20)).toEqual(draws(new Rng(seed), 20));
      }),
      { numRuns: 50 },
    );
  });

  it("different seeds give different sequences", () => {
    expect(draws(new Rng(1), 10)).not.toEqual(draws(new Rng(2), 10));
    expect(draws(new Rng(0), 10)).not.toEqual(draws(new Rng(-1), 10));
  });

  it("property: new Rng(r.state()) continues exactly like r", () => {
    fc.assert(
      fc.property(fc.integer(), fc.nat(30), (seed, skip) => {
        const r = new Rng(seed);
        draws(r, skip);
        const s = r.state();
        expect(s).toHaveLength(4);
        const copy = new Rng(JSON.parse(JSON.stringify(s)) as number[]);
        expect(draws(copy, 15)).toEqual(draws(r, 15));
      }),
      { numRuns: 50 },
    );
  });

  it("state() is a copy: drawing does not change a state taken earlier", () => {
    const r = new Rng(3);
    const s = r.state();
    const before = [...s];
    draws(r, 5);
    expect(s).toEqual(before);
    expect(r.state()).not.toEqual(before);
  });

  it("property: int(from, to) stays within [from, to]", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: -1000, max: 1000 }), fc.nat(1000), (seed, from, width) => {
        const r = new Rng(seed);
        for (let i = 0; i < 20; i++) {
          const x = r.int(from, from + width);
          expect(Number.isInteger(x)).toBe(true);
          expect(x).toBeGreaterThanOrEqual(from);
          expect(x).toBeLessThanOrEqual(from + width);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("int reaches both ends of a small range, and a one-value range gives that value", () => {
    const r = new Rng(11);
    const seen = new Set(Array.from({ length: 200 }, () => r.int(0, 3)));
    expect([...seen].sort()).toEqual([0, 1, 2, 3]);
    expect(r.int(5, 5)).toBe(5);
  });

  it("int with to < from throws a RangeError naming the range", () => {
    const r = new Rng(1);
    expect(() => r.int(3, 2)).toThrow(RangeError);
    expect(() => r.int(3, 2)).toThrow(/\[3, 2\]/);
  });

  it("property: shuffle returns the same array, holding a permutation of its items", () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.integer(), { maxLength: 30 }), (seed, xs) => {
        const arr = [...xs];
        const out = new Rng(seed).shuffle(arr);
        expect(out).toBe(arr);
        expect([...out].sort((a, b) => a - b)).toEqual([...xs].sort((a, b) => a - b));
      }),
      { numRuns: 100 },
    );
  });

  it("shuffle is deterministic per seed and does reorder", () => {
    const base = Array.from({ length: 20 }, (_, i) => i);
    expect(new Rng(4).shuffle([...base])).toEqual(new Rng(4).shuffle([...base]));
    expect(new Rng(4).shuffle([...base])).not.toEqual(base);
  });
});

// ─── Decisions ───────────────────────────────────────────────────────────────

function decision(n: number, min: number, max: number, ordered = false): Decision {
  return { id: 3, player: 0, kind: "chooseCards", prompt: "pick", options: Array.from({ length: n }, (_, i) => ({ label: `o${i}`, value: i })), min, max, ordered };
}

describe("choiceError", () => {
  it("rejects an answer that is not a list", () => {
    const d = decision(3, 1, 1);
    for (const bad of [1, "0", null, undefined, { 0: 0 }]) expect(choiceError(d, bad)).toMatch(/decision 3 \(chooseCards\): the answer must be a list/);
  });

  it("rejects too few and too many options, naming the limits", () => {
    expect(choiceError(decision(3, 1, 2), [])).toMatch(/choose 1–2 of 3 options, not 0/);
    expect(choiceError(decision(3, 1, 2), [0, 1, 2])).toMatch(/choose 1–2 of 3 options, not 3/);
    expect(choiceError(decision(3, 2, 2), [0])).toMatch(/choose 2 of 3 options, not 1/);
  });

  it("rejects an option that does not exist", () => {
    const d = decision(3, 1, 2);
    expect(choiceError(d, [3])).toMatch(/option 3 does not exist \(0–2\)/);
    expect(choiceError(d, [-1])).toMatch(/option -1 does not exist/);
    expect(choiceError(d, [1.5])).toMatch(/option 1.5 does not exist/);
    expect(choiceError(d, ["1"])).toMatch(/option 1 does not exist/);
  });

  it("rejects an option chosen twice", () => {
    expect(choiceError(decision(3, 1, 3), [1, 1])).toMatch(/option 1 chosen twice/);
  });

  it("accepts legal answers, in any order", () => {
    expect(choiceError(decision(3, 0, 2), [])).toBeNull();
    expect(choiceError(decision(3, 1, 1), [2])).toBeNull();
    expect(choiceError(decision(3, 1, 3), [2, 0, 1])).toBeNull();
    expect(choiceError(decision(3, 2, 2, true), [1, 0])).toBeNull();
  });
});

// ─── Engine ──────────────────────────────────────────────────────────────────

describe("Game: the step machine", () => {
  it("start builds zones for every ruleset zone and places the cards", () => {
    const g = toy({ cards: 4 });
    for (const p of [0, 1] as const) {
      expect(Object.keys(g.state.players[p].zones).sort()).toEqual(["pile", "table"]);
      expect(g.zone(p, "pile")).toHaveLength(4);
    }
    expect(g.state.cards).toHaveLength(8);
    expect(conservationErrors(g)).toEqual([]);
    expect(g.pending).toBeNull();
    expect(g.tasksRun).toBe(0);
  });

  it("createCard refuses a card the database does not know", () => {
    expect(() => new Game(TOY, { get: () => undefined }, { cards: 1, goal: 1 }, 1)).toThrow(/unknown card "c"/);
  });

  it("advance runs tasks until a decision is pending, and answer + advance continue", () => {
    const g = toy();
    const d = g.advance();
    expect(d).not.toBeNull();
    expect(d).toBe(g.pending);
    expect(d).toMatchObject({ id: 0, player: 0, kind: "yesNo", min: 1, max: 1 });
    expect(d!.options.map((o) => o.label)).toEqual(["yes", "no"]);
    expect(g.advance()).toBe(d); // advancing again does nothing while it waits
    g.answer([0]);
    expect(g.pending).toBeNull();
    const d2 = g.advance()!;
    expect(d2).toMatchObject({ id: 1, player: 1 });
    expect(g.zone(0, "table")).toHaveLength(1);
    expect(g.zone(0, "pile")).toHaveLength(4);
    expect(g.choices).toEqual([[0]]);
    expect(g.log.map((e) => e.kind)).toEqual(["move"]);
  });

  it("advance returns null once the game is over", () => {
    const g = toy({ goal: 3 });
    let d = g.advance();
    const answers: number[][] = [];
    while (d) {
      const a = [answers.length === 1 ? 1 : 0];
      answers.push(a);
      g.answer(a);
      d = g.advance();
    }
    // P1 moves, P2 passes, P1 moves, P2 moves: goal 3 reached, 2 to 1.
    expect(answers).toHaveLength(4);
    expect(g.over).toBe(true);
    expect(g.state.winner).toBe(0);
    expect(g.state.endReason).toBe("2 to 1 cards on the table");
    expect(g.log.at(-1)).toMatchObject({ kind: "gameEnd", text: "P1 wins: 2 to 1 cards on the table" });
    expect(g.advance()).toBeNull();
    expect(() => g.answer([0])).toThrow(/no decision is pending/);
  });

  it("answer rejects illegal answers and leaves the game unchanged", () => {
    const g = toy();
    g.advance();
    const before = g.digest();
    const snap = snapshot(g);
    for (const bad of [[2], [0, 1], [], [-1], [0.5]] as number[][]) {
      expect(() => g.answer(bad)).toThrow(/decision 0 \(yesNo\)/);
      expect(g.digest()).toBe(before);
      expect(snapshot(g)).toBe(snap);
      expect(g.choices).toEqual([]);
      expect(g.pending).not.toBeNull();
    }
    expect(() => g.answer("yes" as unknown as number[])).toThrow(/must be a list/);
    expect(g.digest()).toBe(before);
    g.answer([1]);
    expect(g.digest()).not.toBe(before);
  });

  it("answer copies the choice: mutating the caller's array later changes nothing", () => {
    const g = toy();
    g.advance();
    const c = [0];
    g.answer(c);
    c[0] = 1;
    g.advance();
    expect(g.choices).toEqual([[0]]);
    expect(g.zone(0, "table")).toHaveLength(1);
  });

  it("answer without a pending decision throws", () => {
    expect(() => toy().answer([0])).toThrow(/no decision is pending/);
  });

  describe("forced decisions are not asked", () => {
    function forced(n: number, min: number, max: number, ordered = false) {
      const g = toy();
      g.push({ t: "toy.ask", n, min, max, ordered }, { t: HALT });
      const d = g.advance();
      return { g, d };
    }

    it("one option, choose one: answered [0] at once", () => {
      const { g, d } = forced(1, 1, 1);
      expect(d).toBeNull();
      expect(g.halted).toBe(true);
      expect(g.state.vars.last).toEqual([0]);
      expect(g.choices).toEqual([]);
    });

    it("as many options as must be chosen (unordered): all of them", () => {
      const { g, d } = forced(3, 3, 3);
      expect(d).toBeNull();
      expect(g.state.vars.last).toEqual([0, 1, 2]);
      expect(g.choices).toEqual([]);
    });

    it("nothing may be chosen (max 0): the empty answer", () => {
      const { g, d } = forced(4, 0, 0);
      expect(d).toBeNull();
      expect(g.state.vars.last).toEqual([]);
    });

    it("no options and min 0: the empty answer", () => {
      const { g, d } = forced(0, 0, 3);
      expect(d).toBeNull();
      expect(g.state.vars.last).toEqual([]);
    });

    it("a real choice is asked, with max capped at the number of options", () => {
      const { g, d } = forced(3, 1, 10);
      expect(d).toMatchObject({ min: 1, max: 3, kind: "chooseCards" });
      expect(g.halted).toBe(false);
      expect(g.state.vars.last).toBeUndefined();
    });

    it("ordering all options is still a choice when the order matters", () => {
      const { g, d } = forced(2, 2, 2, true);
      expect(d).toMatchObject({ min: 2, max: 2, ordered: true });
      g.answer([1, 0]);
      g.advance();
      expect(g.state.vars.last).toEqual([1, 0]);
    });

    it("optional choice of one option (min 0, max 1) is asked", () => {
      const { d } = forced(1, 0, 1);
      expect(d).toMatchObject({ min: 0, max: 1 });
    });

    it("fewer options than min is an EngineError", () => {
      const g = toy();
      g.push({ t: "toy.ask", n: 1, min: 2, max: 2 });
      expect(() => g.advance()).toThrow(EngineError);
    });
  });

  it("HALT stops advance with halted set; the next advance continues", () => {
    const g = toy();
    g.push({ t: "toy.record", answer: [42] }, { t: HALT });
    expect(g.advance()).toBeNull();
    expect(g.halted).toBe(true);
    expect(g.over).toBe(false);
    expect(g.state.vars.last).toEqual([42]);
    const d = g.advance();
    expect(g.halted).toBe(false);
    expect(d).toMatchObject({ kind: "yesNo", player: 0 });
  });

  it("a task kind without a handler is an EngineError naming it", () => {
    const g = toy();
    g.push({ t: "toy.nope" });
    expect(() => g.advance()).toThrow(EngineError);
    const g2 = toy();
    g2.push({ t: "toy.nope" });
    expect(() => g2.advance()).toThrow(/no handler for task "toy\.nope" in ruleset toy/);
  });

  it("an empty agenda before the game ends is an EngineError", () => {
    const g = new Game({ ...TOY, start: () => {} }, TOY_DB, { cards: 0, goal: 0 }, 1);
    expect(() => g.advance()).toThrow(EngineError);
  });

  it("a runaway loop (more than maxTasks tasks without a decision) is an EngineError", () => {
    const g = toy({}, 1, { maxTasks: 50 });
    g.push({ t: "toy.loop" });
    expect(() => g.advance()).toThrow(EngineError);
    const g2 = toy({}, 1, { maxTasks: 50 });
    g2.push({ t: "toy.loop" });
    expect(() => g2.advance()).toThrow(/more than 50 tasks without a decision: runaway loop at toy\.loop/);
  });

  it("the task budget is per advance, not per game", () => {
    // 4 tasks reach the decision; maxTasks 10 allows that many times over a game.
    const g = toy({}, 1, { maxTasks: 10 });
    g.push({ t: "toy.countdown", k: 3 });
    expect(g.advance()).toMatchObject({ prompt: "done counting?" });
    for (let i = 0; i < 3; i++) {
      g.answer([0]);
      g.push({ t: "toy.countdown", k: 3 });
      expect(g.advance()).toMatchObject({ prompt: "done counting?" });
    }
    expect(g.tasksRun).toBeGreaterThan(10);
  });

  it("exactly maxTasks tasks that end at a decision are not a runaway loop", () => {
    // toy.countdown k=2 runs 3 tasks and then waits for a decision: within a budget of 3.
    const g = toy({}, 1, { maxTasks: 3 });
    g.push({ t: "toy.countdown", k: 2 });
    expect(g.advance()).toMatchObject({ prompt: "done counting?" });
  });

  it("tasks pushed together run in the order given", () => {
    const g = toy();
    g.push({ t: "toy.record", answer: [1] }, { t: "toy.record", answer: [2] }, { t: HALT });
    g.advance();
    expect(g.state.vars.last).toEqual([2]);
  });
});

describe("Game: cards, zones and transactions", () => {
  it("move puts a card on top, at the bottom or at an index, and can change holder", () => {
    const g = toy({ cards: 3 });
    const [a, b, c] = g.zone(0, "pile");
    g.move(c!, 0, "table");
    g.move(a!, 0, "table", "bottom");
    g.move(b!, 0, "table", 1);
    expect(g.zone(0, "table")).toEqual([a, b, c]);
    expect(g.zone(0, "pile")).toEqual([]);
    g.move(b!, 1, "table", 99); // an index past the end is the top
    expect(g.zone(1, "table").at(-1)).toBe(b);
    expect(g.card(b!)).toMatchObject({ zone: "table", holder: 1, owner: 0 });
    g.move(a!, 0, "table"); // reorder within a zone
    expect(g.zone(0, "table")).toEqual([c, a]);
    expect(conservationErrors(g)).toEqual([]);
  });

  it("move of a card that is not where it records, or of an unknown card, is an EngineError", () => {
    const g = toy({ cards: 2 });
    expect(() => g.move(99, 0, "table")).toThrow(EngineError);
    const id = g.zone(0, "pile")[0]!;
    (g.state.players[0].zones.pile as number[]).splice(0, 1); // corrupt: the card left its zone
    expect(() => g.move(id, 0, "table")).toThrow(/is not in pile of P1/);
  });

  it("move to a zone the ruleset does not have throws and leaves the card where it was", () => {
    const g = toy({ cards: 2 });
    const id = g.zone(0, "pile")[1]!;
    const snap = snapshot(g);
    expect(() => g.move(id, 0, "nowhere")).toThrow(/has no zone "nowhere"/);
    expect(conservationErrors(g)).toEqual([]);
    expect(snapshot(g)).toBe(snap);
  });

  it("zone() of an unknown zone is an EngineError", () => {
    expect(() => toy().zone(0, "graveyard")).toThrow(EngineError);
  });

  it("property: any sequence of moves and shuffles conserves the cards", () => {
    const zones = ["pile", "table"] as const;
    const step = fc.oneof(
      fc.record({ kind: fc.constant("move" as const), card: fc.nat(9), holder: fc.constantFrom<PlayerIndex>(0, 1), zone: fc.constantFrom(...zones), where: fc.oneof(fc.constantFrom<"top" | "bottom">("top", "bottom"), fc.integer({ min: -2, max: 12 })) }),
      fc.record({ kind: fc.constant("shuffle" as const), player: fc.constantFrom<PlayerIndex>(0, 1), zone: fc.constantFrom(...zones) }),
    );
    fc.assert(
      fc.property(fc.integer(), fc.array(step, { maxLength: 40 }), (seed, steps) => {
        const g = toy({ cards: 5 }, seed);
        const sizes = () => g.state.players.map((p) => Object.values(p.zones).map((z) => [...z].sort((a, b) => a - b)));
        for (const s of steps) {
          if (s.kind === "move") g.move(s.card, s.holder, s.zone, s.where);
          else {
            const before = [...g.zone(s.player, s.zone)].sort((a, b) => a - b);
            g.shuffle(s.player, s.zone);
            expect([...g.zone(s.player, s.zone)].sort((a, b) => a - b)).toEqual(before);
          }
          expect(conservationErrors(g)).toEqual([]);
        }
        expect(sizes().flat(2)).toHaveLength(10);
      }),
      { numRuns: 100 },
    );
  });

  it("shuffle uses the game's generator: same seed, same order; another seed, another order", () => {
    const order = (seed: number) => {
      const g = toy({ cards: 12 }, seed);
      g.shuffle(0, "pile");
      return [...g.zone(0, "pile")];
    };
    expect(order(3)).toEqual(order(3));
    expect(order(3)).not.toEqual(order(4));
  });

  it("rollback restores the state and the log (emit is journaled); commit keeps both", () => {
    const g = toy();
    g.advance();
    g.answer([0]);
    g.advance(); // one card moved, one log entry
    const snap = snapshot(g);
    const logLen = g.log.length;
    const m = g.begin();
    const top = g.zone(1, "pile").at(-1)!;
    g.move(top, 0, "table", "bottom");
    g.shuffle(0, "pile");
    g.set(g.state.vars, "fresh", 1);
    g.set(g.state, "phase", "cost");
    g.emit("pay", 1, "P2 pays", { card: top });
    expect(g.log).toHaveLength(logLen + 1);
    g.rollback(m);
    expect(snapshot(g)).toBe(snap);
    expect(Object.hasOwn(g.state.vars, "fresh")).toBe(false);
    expect(g.log).toHaveLength(logLen);
    expect(conservationErrors(g)).toEqual([]);

    const m2 = g.begin();
    g.move(top, 0, "table");
    g.emit("pay", 1, "P2 pays");
    g.commit(m2);
    expect(g.log.at(-1)).toMatchObject({ kind: "pay", i: logLen, turn: g.state.turn });
    expect(g.zone(0, "table").at(-1)).toBe(top);
    expect(g.journal.size).toBe(0);
  });

  it("nested transactions: the inner commit is undone by the outer rollback", () => {
    const g = toy();
    const snap = snapshot(g);
    const outer = g.begin();
    g.emit("a", null, "outer");
    const inner = g.begin();
    g.move(g.zone(0, "pile").at(-1)!, 0, "table");
    g.emit("b", null, "inner");
    g.commit(inner);
    expect(g.log.map((e) => e.kind)).toEqual(["a", "b"]);
    g.rollback(outer);
    expect(snapshot(g)).toBe(snap);
    expect(g.log).toEqual([]);
  });

  it("a game that ends inside a rolled-back transaction is not over", () => {
    const g = toy();
    const m = g.begin();
    g.end(1, "a cost that was not completed");
    g.rollback(m);
    // The gameEnd log entry is rolled back; the winner must go with it.
    expect(g.log).toEqual([]);
    expect(g.state.winner).toBeNull();
    expect(g.state.endReason).toBeNull();
    expect(g.over).toBe(false);
  });

  it("end is final: a second end changes nothing", () => {
    const g = toy();
    g.end(0, "first");
    g.end(1, "second");
    expect(g.state).toMatchObject({ winner: 0, endReason: "first" });
    expect(g.log.filter((e) => e.kind === "gameEnd")).toHaveLength(1);
  });

  it("with logging off, emit records nothing", () => {
    const g = toy({}, 1, { log: false });
    g.advance();
    g.answer([0]);
    g.advance();
    expect(g.logging).toBe(false);
    expect(g.log).toEqual([]);
    expect(g.zone(0, "table")).toHaveLength(1);
  });

  it("defOf looks the definition up again when the card's def key changes", () => {
    const defs: Record<string, Json> = { c: { name: "front" }, "c/back": { name: "back" } };
    const g = new Game(TOY, { get: (k) => defs[k] }, { cards: 1, goal: 1 }, 1);
    expect(g.defOf(0)).toEqual({ name: "front" });
    g.set(g.card(0), "def", "c/back");
    expect(g.defOf(0)).toEqual({ name: "back" });
    expect(() => g.defOf(5)).toThrow(EngineError);
  });
});

// ─── Digests and saved games ─────────────────────────────────────────────────

describe("digests", () => {
  it("canonicalJson sorts keys at every depth; digestOf is 64 hex digits", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
    expect(digestOf({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });

  it("the digest does not depend on object key order, but does on values and array order", () => {
    expect(digestOf({ a: 1, b: { c: 2, d: 3 } })).toBe(digestOf({ b: { d: 3, c: 2 }, a: 1 }));
    expect(digestOf({ a: 1, b: { c: 2, d: 3 } })).not.toBe(digestOf({ a: 1, b: { c: 2, d: 4 } }));
    expect(digestOf([1, 2])).not.toBe(digestOf([2, 1]));
    expect(digestOf({ a: "1" })).not.toBe(digestOf({ a: 1 }));
  });

  it("property: a shuffled key order gives the same digest", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string().filter((k) => k !== "__proto__"), fc.jsonValue()), fc.integer(), (obj, seed) => {
        const keys = new Rng(seed).shuffle(Object.keys(obj));
        const re: Record<string, unknown> = {};
        for (const k of keys) re[k] = obj[k];
        expect(digestOf(re)).toBe(digestOf(obj));
      }),
      { numRuns: 100 },
    );
  });

  it("a circular structure cannot be digested", () => {
    const o: Record<string, unknown> = {};
    o.self = o;
    expect(() => digestOf(o)).toThrow();
  });

  it("the game digest ignores the order in which ruleset vars were written", () => {
    const a = toy();
    const b = toy();
    a.set(a.state.vars, "x", 1);
    a.set(a.state.vars, "y", 2);
    b.set(b.state.vars, "y", 2);
    b.set(b.state.vars, "x", 1);
    expect(a.digest()).toBe(b.digest());
  });

  it("the game digest covers the state, the generator, the agenda and the pending decision", () => {
    const base = () => {
      const g = toy();
      g.advance();
      return g;
    };
    const d0 = base().digest();
    expect(base().digest()).toBe(d0);
    const s = base();
    s.set(s.state.vars, "x", 1);
    expect(s.digest()).not.toBe(d0);
    const r = base();
    r.rng.int(0, 10);
    expect(r.digest()).not.toBe(d0);
    const a = base();
    a.push({ t: "toy.loop" });
    expect(a.digest()).not.toBe(d0);
    const p = base();
    p.answer([1]);
    expect(p.digest()).not.toBe(d0);
  });
});

describe("save and loadGame", () => {
  it("save → JSON → loadGame reproduces the digest, state, log and choices of a finished game", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const g = replayableToy(seed);
      expect(g.over).toBe(true);
      const saved = JSON.parse(JSON.stringify(g.save())) as SavedGame<ToySetup>;
      expect(saved).toMatchObject({ format: "digiscript-game/1", ruleset: "toy", seed, setup: { cards: 6, goal: 8 } });
      expect(saved.choices).toEqual(g.choices);
      const l = loadGame(SHUFFLING_TOY, TOY_DB, saved);
      expect(l.digest()).toBe(saved.digest);
      expect(l.digest()).toBe(g.digest());
      expect(l.state).toEqual(g.state);
      expect(l.log).toEqual(g.log);
      expect(l.choices).toEqual(g.choices);
    }
  });

  it("a game saved while a decision is pending loads to the same pending decision", () => {
    const g = replayableToy(9, 3);
    expect(g.pending).not.toBeNull();
    const l = loadGame(SHUFFLING_TOY, TOY_DB, JSON.parse(JSON.stringify(g.save())));
    expect(l.digest()).toBe(g.digest());
    expect(l.pending).toEqual(g.pending);
    l.answer([0]);
    g.answer([0]);
    expect(l.advance()).toEqual(g.advance());
    expect(l.digest()).toBe(g.digest());
  });

  it("the saved choices are a copy", () => {
    const g = replayableToy(2, 2);
    const s = g.save();
    s.choices[0]![0] = 9;
    expect(g.choices[0]![0]).not.toBe(9);
  });

  it("rejects a save of another ruleset or another format", () => {
    const saved = replayableToy(1).save();
    expect(() => loadGame(SHUFFLING_TOY, TOY_DB, { ...saved, ruleset: "dbe" })).toThrow(/saved game is for ruleset dbe, not toy/);
    expect(() => loadGame(SHUFFLING_TOY, TOY_DB, { ...saved, format: "digiscript-game/0" } as unknown as SavedGame<ToySetup>)).toThrow(/not a DigiScript saved game/);
    expect(() => loadGame(SHUFFLING_TOY, TOY_DB, { ...saved, format: undefined } as unknown as SavedGame<ToySetup>)).toThrow(/not a DigiScript saved game/);
  });

  it("rejects a tampered choice list: an illegal answer, a different legal answer, an extra or a missing answer", () => {
    const saved = replayableToy(1).save();
    expect(saved.choices.length).toBeGreaterThan(2);
    const tamper = (choices: number[][]) => ({ ...saved, choices });
    const illegal = saved.choices.map((c, i) => (i === 1 ? [5] : c));
    expect(() => loadGame(SHUFFLING_TOY, TOY_DB, tamper(illegal))).toThrow(/option 5 does not exist/);
    const flipped = saved.choices.map((c, i) => (i === 1 ? [1 - c[0]!] : c));
    expect(() => loadGame(SHUFFLING_TOY, TOY_DB, tamper(flipped))).toThrow(/digest|ended before/);
    expect(() => loadGame(SHUFFLING_TOY, TOY_DB, tamper([...saved.choices, [0]]))).toThrow(/ended before choice/);
    expect(() => loadGame(SHUFFLING_TOY, TOY_DB, tamper(saved.choices.slice(0, -1)))).toThrow(/digest/);
  });

  it("rejects a tampered digest, and a different seed", () => {
    const saved = replayableToy(1).save();
    const bad = saved.digest.replace(/^./, (c) => (c === "0" ? "1" : "0"));
    expect(() => loadGame(SHUFFLING_TOY, TOY_DB, { ...saved, digest: bad })).toThrow(/replay: digest .* differs from the saved/);
    expect(() => loadGame(SHUFFLING_TOY, TOY_DB, { ...saved, seed: saved.seed + 1 })).toThrow(/digest/);
  });
});

/** The toy ruleset where the turn player shuffles their pile before being asked (uses the game's generator). */
const SHUFFLING_TOY: Ruleset<ToySetup> = {
  ...TOY,
  tasks: {
    ...TOY.tasks,
    "toy.turn": (g: ToyGame, t: Task) => {
      const p = g.state.turnPlayer;
      if (!(count(g) >= g.setup.goal || g.zone(p, "pile").length === 0)) g.shuffle(p, "pile");
      (TOY.tasks["toy.turn"] as unknown as (g: ToyGame, t: Task) => void)(g, t);
    },
  },
};

/** A SHUFFLING_TOY game played with a seeded random agent, stopped after `limit` answers. */
function replayableToy(seed: number, limit = Infinity): ToyGame {
  const g = new Game(SHUFFLING_TOY, TOY_DB, { cards: 6, goal: 8 }, seed);
  const agent = randomAgent(seed);
  let n = 0;
  for (let d = g.advance(); d && n < limit; d = g.advance(), n++) g.answer(agent.choose(d, g));
  return g;
}

// ─── Agents ──────────────────────────────────────────────────────────────────

const arbDecision: fc.Arbitrary<Decision> = fc
  .integer({ min: 1, max: 10 })
  .chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n })))
  .chain(([n, min]) => fc.tuple(fc.constant(n), fc.constant(min), fc.integer({ min: Math.max(min, 1), max: n }), fc.boolean()))
  .map(([n, min, max, ordered]) => decision(n, min, max, ordered));

describe("agents", () => {
  const dummy = toy();

  it("scripted: answers in order, by index or by label, and counts what remains", () => {
    const a = scriptedAgent([[1], ["o2", "o0"], []]);
    expect(a.remaining()).toBe(3);
    expect(a.choose(decision(3, 1, 1), dummy)).toEqual([1]);
    expect(a.choose(decision(3, 0, 3, true), dummy)).toEqual([2, 0]);
    expect(a.remaining()).toBe(1);
    expect(a.choose(decision(3, 0, 3), dummy)).toEqual([]);
    expect(a.remaining()).toBe(0);
  });

  it("scripted: a decision with no answer left throws with its prompt and options", () => {
    const a = scriptedAgent([], "alice");
    expect(() => a.choose(decision(2, 1, 1), dummy)).toThrow(/alice: unscripted decision 3 \(chooseCards\): "pick" — options: 0:o0, 1:o1/);
  });

  it("scripted: a label that is not offered throws, listing the labels", () => {
    const a = scriptedAgent([["o9"]]);
    expect(() => a.choose(decision(2, 1, 1), dummy)).toThrow(/has no option "o9" — options: o0, o1/);
  });

  it("scripted: plays the toy game to its end with runGame; an unscripted decision fails the game", () => {
    const g = toy({ goal: 3 });
    const p1 = scriptedAgent([["yes"], ["yes"]]);
    const p2 = scriptedAgent([["no"], ["yes"]]);
    const r = runGame(g, [p1, p2]);
    expect(r).toEqual({ winner: 0, reason: "2 to 1 cards on the table", turns: 5, decisions: 4 });
    expect(p1.remaining() + p2.remaining()).toBe(0);
    expect(() => runGame(toy({ goal: 4 }), [scriptedAgent([["yes"]]), scriptedAgent([])])).toThrow(/unscripted decision 1 \(yesNo\): "P2: move the top card/);
  });

  it("runGame rejects an agent's illegal answer", () => {
    const bad: Agent = { name: "bad", choose: () => [7] };
    expect(() => runGame(toy(), [bad, bad])).toThrow(/option 7 does not exist/);
  });

  it("property: the random agent's answers are always legal (sorted unless ordered)", () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(arbDecision, { minLength: 1, maxLength: 10 }), (seed, ds) => {
        const a = randomAgent(seed);
        for (const d of ds) {
          const c = a.choose(d, dummy);
          expect(choiceError(d, c)).toBeNull();
          if (!d.ordered) expect(c).toEqual([...c].sort((x, y) => x - y));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("the random agent is deterministic per seed and does vary its answers", () => {
    const d = decision(6, 0, 6);
    const run = (seed: number) => {
      const a = randomAgent(seed);
      return Array.from({ length: 20 }, () => a.choose(d, dummy));
    };
    expect(run(5)).toEqual(run(5));
    expect(run(5)).not.toEqual(run(6));
    expect(new Set(run(5).map((c) => c.join(","))).size).toBeGreaterThan(5);
  });

  it("the random agent picks uniformly: each option of 1-of-4 about a quarter of the time, each ordered pair of 2-of-3 about a sixth", () => {
    const a = randomAgent(11);
    const N = 24_000;
    const one = [0, 0, 0, 0];
    for (let i = 0; i < N; i++) one[a.choose(decision(4, 1, 1), dummy)[0]!]!++;
    for (const c of one) expect(Math.abs(c / N - 1 / 4)).toBeLessThan(0.015);
    const pairs = new Map<string, number>();
    for (let i = 0; i < N; i++) {
      const k = a.choose(decision(3, 2, 2, true), dummy).join(",");
      pairs.set(k, (pairs.get(k) ?? 0) + 1);
    }
    expect(pairs.size).toBe(6);
    for (const c of pairs.values()) expect(Math.abs(c / N - 1 / 6)).toBeLessThan(0.015);
  });

  it("the random agent draws from its own generator, not the game's", () => {
    const g = toy();
    const before = g.rng.state();
    randomAgent(1).choose(decision(5, 1, 3), g);
    expect(g.rng.state()).toEqual(before);
  });

  it("greedy: picks the positively scored options, best first, within [min, max]", () => {
    const scores = [1, 5, -2, 5, 0, 3];
    const greedy = greedyAgent((_d, i) => scores[i]!);
    expect(greedy.choose(decision(6, 0, 6), dummy)).toEqual([0, 1, 3, 5]); // 4 positive, sorted
    expect(greedy.choose(decision(6, 0, 2), dummy)).toEqual([1, 3]); // the two 5s
    expect(greedy.choose(decision(6, 0, 2, true), dummy)).toEqual([1, 3]); // ties to the first
    expect(greedy.choose(decision(6, 0, 3, true), dummy)).toEqual([1, 3, 5]); // best first
    expect(greedy.choose(decision(6, 5, 6), dummy)).toEqual([0, 1, 3, 4, 5]); // min forces a 0-score
    const none = greedyAgent(() => -1);
    expect(none.choose(decision(3, 0, 3), dummy)).toEqual([]);
    expect(none.choose(decision(3, 1, 3), dummy)).toEqual([0]); // ties to the first
  });

  it("property: greedy answers are legal for any scores", () => {
    fc.assert(
      fc.property(arbDecision, fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 10, maxLength: 10 }), (d, scores) => {
        const c = greedyAgent((_d, i) => scores[i]!).choose(d, dummy);
        expect(choiceError(d, c)).toBeNull();
        const positive = scores.slice(0, d.options.length).filter((s) => s > 0).length;
        expect(c).toHaveLength(Math.max(d.min, Math.min(d.max, positive)));
      }),
      { numRuns: 200 },
    );
  });

  it("first-legal: the first min options, always legal", () => {
    expect(firstLegal().choose(decision(4, 2, 3), dummy)).toEqual([0, 1]);
    expect(firstLegal().choose(decision(4, 0, 3), dummy)).toEqual([]);
    fc.assert(
      fc.property(arbDecision, (d) => {
        expect(choiceError(d, firstLegal().choose(d, dummy))).toBeNull();
      }),
    );
  });

  it("interactive: throws while waiting, then returns the provided answer once", () => {
    const a = interactiveAgent();
    const d = decision(2, 1, 1);
    expect(() => a.choose(d, dummy)).toThrow(/waits for the player/);
    expect(a.waiting).toBe(d);
    a.provide([1]);
    expect(a.choose(d, dummy)).toEqual([1]);
    expect(a.waiting).toBeNull();
    expect(() => a.choose(d, dummy)).toThrow(/waits for the player/);
  });

  it("two random agents play the toy game to a legal end, identically per seed", () => {
    const play = (seed: number) => {
      const g = toy({ cards: 8, goal: 10 }, seed);
      const r = runGame(g, [randomAgent(seed * 2 + 1), randomAgent(seed * 2 + 2)]);
      return { r, digest: g.digest(), g };
    };
    for (const seed of [1, 2, 3]) {
      const a = play(seed);
      expect(a.digest).toBe(play(seed).digest);
      expect(a.g.over).toBe(true);
      expect(conservationErrors(a.g)).toEqual([]);
      expect(count(a.g)).toBe(a.g.zone(0, "table").length + a.g.zone(1, "table").length);
    }
  });
});
