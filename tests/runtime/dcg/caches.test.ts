/**
 * The DCG runtime's caches of values derived from the state (issue 14, speed): the state
 * version (`model.ts` `stateVersion`: every journaled write, rollback, board change and change of
 * turn player makes a new one), and continuous-effect reads cached per version (002 §10-1-5: a
 * continuous effect is read whenever it matters, so a cached read must follow every change).
 * Games played with the caches reach the digests they reach when replayed from their saves.
 */
import { describe, expect, it } from "vitest";
import { Game } from "../../../runtime/core/engine.ts";
import { DCG_EFFECTS } from "../../../runtime/rulesets/dcg/effects/index.ts";
import { boardChanged, stateChanged, stateVersion, V, P } from "../../../runtime/rulesets/dcg/model.ts";
import { colorsOf, dpOf, keywordsOf } from "../../../runtime/rulesets/dcg/continuous.ts";
import { simulateDcgGame } from "../../../runtime/rulesets/dcg/sim.ts";
import type { DcgSetup } from "../../../runtime/rulesets/dcg/setup.ts";
import { fx, fxDb, realFxDb, textCard } from "../../scenarios/dcg/effects-helpers.ts";
import { bundledDcgSeat, HAVE_DCG_DATA } from "../../scenarios/dcg/helpers.ts";

const db = fxDb(
  textCard("CA-01", { name: "RizeGreymon", level: 5, cost: 7, dp: 7000, effect: "[Your Turn] This Digimon is also treated as yellow." }),
  textCard("CA-02", { name: "Agumon", level: 3, cost: 3, dp: 2000, effect: "[Your Turn] While you have a Tamer in play, this Digimon gets +1000 DP." }),
  textCard("CA-03", { kind: "Tamer", name: "Tai", cost: 2 }),
  textCard("CA-04", { name: "Gabumon", colors: ["Blue"], level: 3, cost: 3, dp: 3000, effect: "[Opponent's Turn] This Digimon gains <Blocker>." }),
);

describe("the state version (a key for caches; not game state)", () => {
  it("changes with every journaled write, rollback, board change and note of a change by hand", () => {
    const g = fx(db, "state version").g;
    const seen = new Set<number>([stateVersion(g)]);
    const fresh = () => {
      const v = stateVersion(g);
      expect(seen.has(v)).toBe(false);
      seen.add(v);
    };
    g.set(V(g), "memory", 3);
    fresh();
    const m = g.begin();
    g.set(V(g), "memory", 4);
    fresh();
    g.rollback(m);
    fresh();
    expect(V(g).memory).toBe(3);
    boardChanged(g);
    fresh();
    stateChanged(g);
    fresh();
    const v = stateVersion(g);
    expect(stateVersion(g)).toBe(v); // reads change nothing
  });

  it("is −1 (never cache) for a game whose journal does not count writes", () => {
    const rs = { ...DCG_EFFECTS, start() {} };
    const g = new Game(rs, db, { seats: [] } as unknown as DcgSetup, 1, { log: false });
    expect(stateVersion(g)).toBe(-1);
  });
});

describe("002 §10-1-5: cached continuous reads follow every change of the state", () => {
  it("002 §10-1-5-3: a 'while' condition is read again after a journaled write, and after a rollback", () => {
    const s = fx(db, "while").battle(0, ["CA-02"]).hand(0, "CA-03");
    const g = s.g;
    const perm = P(g, 0).battle[0]!;
    expect(dpOf(g, perm)).toBe(2000);
    const m = g.begin();
    const tamer = g.zone(0, "hand")[0]!;
    g.move(tamer, 0, "battle");
    g.journal.insertAt(P(g, 0).battle, 1, { id: 99, owner: 0, cards: [tamer], suspended: false, playedTurn: null, enteredTurn: 3, token: false });
    boardChanged(g);
    expect(dpOf(g, perm)).toBe(3000);
    g.rollback(m);
    expect(P(g, 0).battle.length).toBe(1);
    expect(dpOf(g, perm)).toBe(2000);
  });

  it("002 §10-4-7-1, §13-2-4: [Your Turn] colours and [Opponent's Turn] keywords follow the turn player (journaled or set by hand)", () => {
    const s = fx(db, "turn").battle(0, ["CA-01"]).battle(0, ["CA-04"]);
    const g = s.g;
    const rize = P(g, 0).battle[0]!;
    const gabu = P(g, 0).battle[1]!;
    expect(colorsOf(g, rize)).toContain("Yellow");
    expect(keywordsOf(g, gabu).blocker).toBeUndefined();
    g.set(g.state, "turnPlayer", 1);
    expect(colorsOf(g, rize)).not.toContain("Yellow");
    expect(keywordsOf(g, gabu).blocker).toBe(1);
    g.state.turnPlayer = 0; // by hand, as a test may: the version reads the turn player too
    expect(colorsOf(g, rize)).toContain("Yellow");
    expect(keywordsOf(g, gabu).blocker).toBeUndefined();
  });
});

describe.skipIf(!HAVE_DCG_DATA)("games with the caches (the bundled decks, card effects)", () => {
  it("replay from their saves to the same digests", () => {
    const real = realFxDb();
    const setup: DcgSetup = { seats: [bundledDcgSeat("st1-gaia-red", real), bundledDcgSeat("bt1-red-dragons", real)] };
    for (let seed = 1; seed <= 10; seed++) {
      const r = simulateDcgGame(real, setup, seed, { ruleset: DCG_EFFECTS, replay: true, fullCheckEvery: 1 });
      expect(r.violations).toEqual([]);
      expect(r.replayed).toBe(true);
    }
  });
});
