/**
 * The DMB ruleset (`003_7a740b8ec9103d40.txt`) where it differs from DBE: setup without a
 * Side Pile and with the mulligan to the bottom of the deck, Partner Evolution only for a
 * newly placed Partner, DNA by discarding. Cards come from the bundled sets' text; the games
 * are built with the DMB scenario builder (`runtime/rulesets/dmb/scenario.ts`), except the
 * setup, which a scenario skips. Both rulesets side by side: tests/scenarios/dmb-differences.test.ts.
 */
import { describe, expect, it } from "vitest";
import { Game, HALT } from "../../runtime/core/engine.ts";
import { firstLegal } from "../../runtime/core/agents.ts";
import { DMB } from "../../runtime/rulesets/dmb/index.ts";
import { DmbScenario } from "../../runtime/rulesets/dmb/scenario.ts";
import type { Seat } from "../../runtime/rulesets/dbe/setup.ts";
import { scenarioDb } from "../scenarios/helpers.ts";

const db = scenarioDb();
const seat = (name: string, main: string[], partner: string | null = null, destiny: string[] = []): Seat => ({ name, main, destiny, partner });

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
  const start = (name: string, placed: boolean) => {
    const s = new DmbScenario(db, name).turn(3, 0).partner(0, "DS1-001").put(0, "destinyZone", "DS1-007").active(1, "DS1-016");
    return placed ? s.put(0, "hand", "DS1-001") : s.active(0, "DS1-001");
  };
  it("a Partner R placed this turn may partner-evolve", () => {
    const r = start("placed", true).script(0, ["DS1-007 Greymon"]).steps({ t: "dbe.prep.playActive" }, { t: "dbe.prep.partnerEvolve" }).run();
    expect(r.zone(0, "active")).toEqual(["DS1-001", "DS1-007"]);
  });
  it("a Partner R already active from an earlier turn may not (DBE Prep Phase 5 would allow it)", () => {
    const r = start("not placed", false).steps({ t: "dbe.prep.playActive" }, { t: "dbe.prep.partnerEvolve" }).run();
    expect(r.zone(0, "active")).toEqual(["DS1-001"]);
  });
});

describe("DMB Evolution Phase 4.1: DNA by discarding", () => {
  // Guardromon (Metal C) active.
  const dna = (name: string, hand: string[]) => new DmbScenario(db, name).turn(3, 0).active(0, "DS1-011").put(0, "hand", ...hand).active(1, "DS1-016");
  it("Andromon (DNA: Guardromon + Dragon Level C) with Guardromon active: Growlmon (Dragon C) is discarded from hand and Andromon is played onto the active", () => {
    // Growlmon is the only card that completes the pair: the discard is not asked (one legal answer).
    const r = dna("DNA", ["DS1-014", "DS1-009"]).script(0, ["By DNA: DS1-014 Andromon"]).steps({ t: "dbe.evolve.method" }).run();
    expect(r.zone(0, "active")).toEqual(["DS1-011", "DS1-014"]);
    expect(r.zone(0, "trash")).toEqual(["DS1-009"]);
    expect(r.zone(0, "evolveZone")).toEqual([]);
    expect([r.player(0).evolved, r.player(0).evolveCardPlayed]).toEqual([true, true]);
    expect(r.player(0).hp).toBe(1900); // Andromon's printed HP (the DNA card is played onto the active)
  });
  it("without the other specified card in hand nothing is discarded and the active stays", () => {
    const r = dna("no material", ["DS1-014", "DS1-016"]).script(0, ["By DNA: DS1-014 Andromon"]).steps({ t: "dbe.evolve.method" }).run();
    expect(r.zone(0, "active")).toEqual(["DS1-011"]);
    expect(r.zone(0, "hand")).toEqual(["DS1-014", "DS1-016"]);
    expect(r.player(0).evolved).toBe(false);
  });
});

describe("DMB's simpler Evolution Phase and its Counter/Jamming wording", () => {
  it("003, Evolution Phase 3: an Abnormal C or U skips evolving — no Evolution card is offered (DBE 3.1 would offer Download)", () => {
    // Growlmon, a C played un-evolved; Download (Evolution card) and MetalGreymon in hand.
    const r = new DmbScenario(db, "abnormal").turn(3, 0).active(0, "DS1-009", { abnormal: true }).put(0, "hand", "DBE-R27", "DS1-012").active(1, "DS1-016")
      .steps({ t: "dbe.evolve.method" }).run();
    expect(r.zone(0, "active")).toEqual(["DS1-009"]);
    expect(r.zone(0, "hand")).toEqual(["DBE-R27", "DS1-012"]);
  });

  it("003, Evolution Phase 5.2: \"Evolve only once per turn, regardless of effects from cards\" — Biyomon's effect evolution misfires after the turn's evolution", () => {
    // Biyomon (Wind R): "If own Level is R and type is Wind, evolve to a valid C from deck."; Kiwimon, Nature/Wind C, is a valid C.
    const s = new DmbScenario(db, "5.2").turn(3, 0).active(0, "DB-013", { evolved: true }).put(0, "deck", "DS1-025").support(0, "DB-013").active(1, "DS1-016");
    const r = s.steps({ t: "dbe.support.one", p: 0, card: s.top(0, "support") }).run();
    expect(r.zone(0, "active")).toEqual(["DB-013"]);
    expect(r.zone(0, "deck")).toEqual(["DS1-025"]);
    expect(r.events("misfire").some((e) => /003, Evolution Phase 5\.2/.test(e.text))).toBe(true);
  });

  it("003, FAQ \"Jamming oddballs\": a Counter gained from an Option stays voidable by Jamming (DBE's Gold Banana exception does not exist in DMB)", () => {
    const s = new DmbScenario(db, "Gold Banana").turn(3, 0).active(0, "DS1-001").active(1, "DS1-016").support(0, "DBE-R18"); // Gold Banana: "Get Counter."
    const r = s.steps({ t: "dbe.support.one", p: 0, card: s.top(0, "support") }).run();
    expect(r.player(0).gained.map((x) => [x.ability.kind, x.voidable])).toEqual([["counter", true]]);
  });
});

describe("DMB: the first turn is a whole turn (003, \"each turn (including the first turn)\")", () => {
  it("turn 1 has a Strategy Phase: with no opposing active, the unopposed victory bonus (003, Strategy Phase 1.1)", () => {
    const s = new DmbScenario(db, "first turn").turn(0, 0).put(0, "hand", "DS1-001").put(0, "deck", "DS1-002", "DS1-003", "DS1-004").put(1, "deck", "DS1-016", "DS1-017", "DS1-019");
    const g = s.g;
    g.push({ t: "dbe.turn" }, { t: HALT });
    const agent = firstLegal(); // every decision: its first option ("No", "None", "No support", …)
    for (let d = g.advance(); d && g.state.turn === 1; d = g.advance()) g.answer(agent.choose(d, g));
    expect(g.log.some((e) => e.turn === 1 && e.kind === "unopposed")).toBe(true);
    expect(g.zone(1, "trash")).toHaveLength(2);
  });
});
