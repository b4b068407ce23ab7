/**
 * The DMB ruleset (`003_7a740b8ec9103d40.txt`) where it differs from DBE: setup without a
 * Side Pile and with the mulligan to the bottom of the deck, Partner Evolution only for a
 * newly placed Partner, DNA by discarding. Cards come from the bundled sets' text.
 */
import { describe, expect, it } from "vitest";
import { Game, HALT, type Task } from "../../runtime/core/engine.ts";
import { firstLegal, scriptedAgent } from "../../runtime/core/agents.ts";
import type { PlayerIndex } from "../../runtime/core/state.ts";
import { DMB } from "../../runtime/rulesets/dmb/index.ts";
import { P, resetActiveStats } from "../../runtime/rulesets/dbe/model.ts";
import type { Seat } from "../../runtime/rulesets/dbe/setup.ts";
import { scenarioDb } from "../scenarios/helpers.ts";

const db = scenarioDb();
const seat = (name: string, main: string[], partner: string | null = null, destiny: string[] = []): Seat => ({ name, main, destiny, partner });
const keys = (g: Game, p: PlayerIndex, zone: string) => g.zone(p, zone).map((id) => g.card(id).def);

/** Run tasks with scripted answers, stop after them. */
function run(g: Game, tasks: Task[], answers: [(string[] | number[])[], (string[] | number[])[]]): void {
  g.push(...tasks.map((t) => ({ ...t })), { t: HALT }); // fresh objects: the game owns what it runs
  const agents = [scriptedAgent(answers[0]), scriptedAgent(answers[1])] as const;
  for (let d = g.advance(); d; d = g.advance()) g.answer(agents[d.player].choose(d, g));
  expect(agents[0].remaining() + agents[1].remaining()).toBe(0);
}

describe("DMB Prep Phase setup (003, Prep Phase \"Before the game begins\" 1–3)", () => {
  it("1–2: 5-card opening hands, no Side Pile; a mulligan puts the chosen cards on the bottom, draws as many and shuffles", () => {
    const main = Array.from({ length: 10 }, (_, i) => ["DS1-001", "DS1-002", "DS1-003", "DS1-004", "DS1-009"][i % 5]!);
    const g = new Game(DMB, db, { seats: [seat("A", main), seat("B", main)] }, 7);
    // Stop before the first turn: the setup tasks, then the start player's dbe.turn.
    let d = g.advance();
    expect(d?.kind).toBe("mulligan");
    expect(g.zone(0, "sidePile")).toHaveLength(0);
    expect(g.zone(0, "hand")).toHaveLength(5);
    expect(g.zone(0, "deck")).toHaveLength(5);
    const before = [...g.zone(0, "hand")];
    g.answer([0, 1]); // P1 mulligans two cards
    d = g.advance();
    expect(d?.kind).toBe("mulligan");
    expect(g.zone(0, "hand")).toHaveLength(5);
    expect(g.zone(0, "deck")).toHaveLength(5);
    // The two mulliganed cards are back in the deck (10 cards in all, none lost).
    expect([...g.zone(0, "hand"), ...g.zone(0, "deck")].sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i));
    expect(g.zone(0, "deck")).toEqual(expect.arrayContaining(before.slice(0, 2)));
    expect(g.log.some((e) => e.kind === "sidePile")).toBe(false);
  });
});

describe("DMB Prep Phase 4.3: Partner Evolution only for a newly placed Partner R", () => {
  const start = (placed: boolean) => {
    const g = new Game(DMB, db, { seats: [seat("A", [], "DS1-001", ["DS1-007"]), seat("B", [])], scenario: true }, 1);
    g.state.turn = 3;
    g.state.turnPlayer = 0;
    P(g, 0).partner = "DS1-001";
    if (placed) g.createCard(0, "DS1-001", "hand");
    else {
      g.createCard(0, "DS1-001", "active");
      resetActiveStats(g, 0);
    }
    g.createCard(0, "DS1-007", "destinyZone");
    g.createCard(1, "DS1-016", "active");
    return g;
  };
  it("a Partner R placed this turn may partner-evolve", () => {
    const g = start(true);
    run(g, [{ t: "dbe.prep.playActive" }, { t: "dbe.prep.partnerEvolve" }], [[["DS1-007 Greymon"]], []]);
    expect(keys(g, 0, "active")).toEqual(["DS1-001", "DS1-007"]);
  });
  it("a Partner R already active from an earlier turn may not (DBE Prep Phase 5 would allow it)", () => {
    const g = start(false);
    run(g, [{ t: "dbe.prep.playActive" }, { t: "dbe.prep.partnerEvolve" }], [[], []]);
    expect(keys(g, 0, "active")).toEqual(["DS1-001"]);
  });
});

describe("DMB Evolution Phase 4.1: DNA by discarding", () => {
  const dna = (hand: string[]) => {
    const g = new Game(DMB, db, { seats: [seat("A", []), seat("B", [])], scenario: true }, 1);
    g.state.turn = 3;
    g.state.turnPlayer = 0;
    g.createCard(0, "DS1-011", "active"); // Guardromon, Metal C
    resetActiveStats(g, 0);
    for (const k of hand) g.createCard(0, k, "hand");
    g.createCard(1, "DS1-016", "active");
    return g;
  };
  it("Andromon (DNA: Guardromon + Dragon Level C) with Guardromon active: Growlmon (Dragon C) is discarded from hand and Andromon is played onto the active", () => {
    const g = dna(["DS1-014", "DS1-009"]);
    // Growlmon is the only card that completes the pair: the discard is not asked (one legal answer).
    run(g, [{ t: "dbe.evolve.method" }], [[["By DNA: DS1-014 Andromon"]], []]);
    expect(keys(g, 0, "active")).toEqual(["DS1-011", "DS1-014"]);
    expect(keys(g, 0, "trash")).toEqual(["DS1-009"]);
    expect(keys(g, 0, "evolveZone")).toEqual([]);
    expect(P(g, 0).evolved).toBe(true);
    expect(P(g, 0).evolveCardPlayed).toBe(true);
    expect(P(g, 0).hp).toBe(1900); // Andromon's printed HP (the DNA card is played onto the active)
  });
  it("without the other specified card in hand nothing is discarded and the active stays", () => {
    const g = dna(["DS1-014", "DS1-016"]);
    run(g, [{ t: "dbe.evolve.method" }], [[["By DNA: DS1-014 Andromon"]], []]);
    expect(keys(g, 0, "active")).toEqual(["DS1-011"]);
    expect(keys(g, 0, "hand")).toEqual(["DS1-014", "DS1-016"]);
    expect(P(g, 0).evolved).toBe(false);
  });
});

describe("DMB's simpler Evolution Phase and its Counter/Jamming wording", () => {
  const game = () => {
    const g = new Game(DMB, db, { seats: [seat("A", []), seat("B", [])], scenario: true }, 1);
    g.state.turn = 3;
    g.state.turnPlayer = 0;
    return g;
  };

  it("003, Evolution Phase 3: an Abnormal C or U skips evolving — no Evolution card is offered (DBE 3.1 would offer Download)", () => {
    const g = game();
    g.createCard(0, "DS1-009", "active"); // Growlmon, a C played un-evolved
    P(g, 0).abnormal = true;
    resetActiveStats(g, 0);
    g.createCard(0, "DBE-R27", "hand"); // Download (Evolution card)
    g.createCard(0, "DS1-012", "hand"); // MetalGreymon
    g.createCard(1, "DS1-016", "active");
    run(g, [{ t: "dbe.evolve.method" }], [[], []]);
    expect(keys(g, 0, "active")).toEqual(["DS1-009"]);
    expect(keys(g, 0, "hand")).toEqual(["DBE-R27", "DS1-012"]);
  });

  it("003, Evolution Phase 5.2: \"Evolve only once per turn, regardless of effects from cards\" — Biyomon's effect evolution misfires after the turn's evolution", () => {
    const g = game();
    g.createCard(0, "DB-013", "active"); // Biyomon (Wind R): "If own Level is R and type is Wind, evolve to a valid C from deck."
    resetActiveStats(g, 0);
    P(g, 0).evolved = true;
    g.createCard(0, "DS1-025", "deck"); // Kiwimon, Nature/Wind C: a valid C
    const sup = g.createCard(0, "DB-013", "support");
    g.createCard(1, "DS1-016", "active");
    run(g, [{ t: "dbe.support.one", p: 0, card: sup.id }], [[], []]);
    expect(keys(g, 0, "active")).toEqual(["DB-013"]);
    expect(keys(g, 0, "deck")).toEqual(["DS1-025"]);
    expect(g.log.some((e) => e.kind === "misfire" && /003, Evolution Phase 5\.2/.test(e.text))).toBe(true);
  });

  it("003, FAQ \"Jamming oddballs\": a Counter gained from an Option stays voidable by Jamming (DBE's Gold Banana exception does not exist in DMB)", () => {
    const g = game();
    g.createCard(0, "DS1-001", "active");
    resetActiveStats(g, 0);
    g.createCard(1, "DS1-016", "active");
    resetActiveStats(g, 1);
    const gb = g.createCard(0, "DBE-R18", "support"); // Gold Banana: "Get Counter."
    run(g, [{ t: "dbe.support.one", p: 0, card: gb.id }], [[], []]);
    expect(P(g, 0).gained.map((x) => [x.ability.kind, x.voidable])).toEqual([["counter", true]]);
  });
});

describe("DMB: the first turn is a whole turn (003, \"each turn (including the first turn)\")", () => {
  it("turn 1 has a Strategy Phase: with no opposing active, the unopposed victory bonus (003, Strategy Phase 1.1)", () => {
    const g = new Game(DMB, db, { seats: [seat("A", []), seat("B", [])], scenario: true }, 1);
    g.state.turn = 0;
    g.state.turnPlayer = 0;
    g.createCard(0, "DS1-001", "hand");
    for (const k of ["DS1-002", "DS1-003", "DS1-004"]) g.createCard(0, k, "deck");
    for (const k of ["DS1-016", "DS1-017", "DS1-019"]) g.createCard(1, k, "deck");
    g.push({ t: "dbe.turn" });
    const agent = firstLegal(); // every decision: its first option ("No", "None", "No support", …)
    for (let d = g.advance(); d && g.state.turn === 1; d = g.advance()) g.answer(agent.choose(d, g));
    expect(g.log.some((e) => e.turn === 1 && e.kind === "unopposed")).toBe(true);
    expect(g.zone(1, "trash")).toHaveLength(2);
  });
});
