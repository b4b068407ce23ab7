/**
 * Scenario data: lists of set numbers, the builder calls a position becomes, problems named
 * before running, and a duel's position carried over.
 */
import { describe, expect, it } from "vitest";
import { cardDb } from "../../../runtime/rulesets/dbe/index.ts";
import { Session } from "../duel/session.ts";
import { agentSeeds, newDuelGame, prepareDuel, type PreparedDuel } from "../duel/setup.ts";
import { bundledDeck, workspaceCards } from "../duel/test-cards.ts";
import { emptyPlayer, exampleSpec, formatKeys, outcomeOf, parseKeys, planOf, positionFromGame, scenarioGame, specProblems } from "./spec.ts";

const cards = workspaceCards();
const db = cardDb(cards);

describe("set number lists", () => {
  it("reads separators, counts and comments", () => {
    expect(parseKeys("DS1-001, DS1-002\nDS1-003")).toEqual(["DS1-001", "DS1-002", "DS1-003"]);
    expect(parseKeys("3x DS1-001 2×DS1-002 2 x DS1-003 2 DS1-004")).toEqual(["DS1-001", "DS1-001", "DS1-001", "DS1-002", "DS1-002", "DS1-003", "DS1-003", "DS1-004", "DS1-004"]);
    expect(parseKeys("# a comment\n\n  ")).toEqual([]);
    expect(formatKeys(["A", "A", "B", "A"])).toBe("2x A B A");
    expect(parseKeys(formatKeys(["A", "A", "B", "A"]))).toEqual(["A", "A", "B", "A"]);
  });
});

describe("planOf", () => {
  it("turns a position into the builder's calls, stack before the active", () => {
    const spec = exampleSpec();
    spec.players[0].under = ["DS1-001"];
    spec.players[0].active = "DS1-007";
    spec.players[0].hp = 500;
    spec.players[1].active = "";
    spec.players[1].ko = 2;
    expect(planOf(spec, null)).toEqual([
      { method: "turn", args: [2, 0] },
      { method: "put", args: [0, "active", "DS1-001"] },
      { method: "active", args: [0, "DS1-007", { attack: "circle", hp: 500 }] },
      { method: "put", args: [0, "deck", "DS1-002", "DS1-003", "DS1-004"] },
      { method: "support", args: [0, "DS1-032"] },
      { method: "set", args: [1, { ko: 2 }] },
      { method: "put", args: [1, "deck", "DS1-017", "DS1-018"] },
    ]);
  });

  it("runs the position it describes", () => {
    const spec = exampleSpec();
    const s = new Session(() => scenarioGame(db, spec), spec.answers, [1, 2]);
    while (s.step());
    expect(s.status).toBe("halted");
    const o = outcomeOf(s.game, spec);
    expect(o.zones.find((z) => z.p === 0 && z.zone === "support")!.keys).toEqual(["DS1-032"]);
    expect(o.winner).toBeNull();
  });
});

describe("specProblems", () => {
  it("names unknown cards by player and zone, and bad numbers", () => {
    const spec = exampleSpec();
    spec.players[1].zones.hand = ["NOPE-1"];
    spec.players[0].active = "DS1-032";
    spec.players[0].flats = -1;
    spec.turn = 0;
    spec.steps = [];
    const p = specProblems(spec, db);
    expect(p).toContain("P2 hand: no card of the workspace has the set number NOPE-1");
    expect(p).toContain("P1 active: DS1-032 Dragon Claw is not a Digimon");
    expect(p.some((x) => /flats/.test(x))).toBe(true);
    expect(p.some((x) => /turn/.test(x))).toBe(true);
    expect(p.some((x) => /step/.test(x))).toBe(true);
    expect(specProblems(exampleSpec(), db)).toEqual([]);
    const e = emptyPlayer();
    e.under = ["DS1-001"];
    expect(specProblems({ ...exampleSpec(), players: [e, emptyPlayer()] }, db).some((x) => /below the active/.test(x))).toBe(true);
  });
});

describe("positionFromGame", () => {
  it("copies a duel's position, and it runs as a scenario", () => {
    const p = prepareDuel(cards, [bundledDeck("dragon-rush"), bundledDeck("nature-wall")], "dbe") as PreparedDuel;
    const s = new Session(() => newDuelGame(p, 4), ["greedy", "greedy"], agentSeeds(4));
    while (s.step() && s.game.state.turn < 4);
    const g = s.game;
    const spec = positionFromGame(g, "from a duel");
    expect(spec.turn).toBe(g.state.turn);
    for (const pl of [0, 1] as const) {
      expect(spec.players[pl].zones.hand).toEqual(g.zone(pl, "hand").map((id) => g.card(id).def));
      expect([...spec.players[pl].under, spec.players[pl].active].filter(Boolean)).toEqual(g.zone(pl, "active").map((id) => g.card(id).def));
    }
    expect(specProblems(spec, db)).toEqual([]);
    const run = new Session(() => scenarioGame(db, spec), ["greedy", "greedy"], [1, 2]);
    while (run.step());
    expect(["halted", "over"]).toContain(run.status);
  });
});
