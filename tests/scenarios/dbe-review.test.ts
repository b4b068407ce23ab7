/**
 * Regressions found by reviewing the runtime: windows resolve a used card before asking
 * again, a Turbo whose cost fails is not offered forever, "If not" answers only the "If"
 * of the same resolution, a rolled-back cost leaves the random generator untouched, and the
 * End Phase discard is a discard for "When … discards" (`000_012504f4614e5b24.txt`).
 */
import { describe, expect, it } from "vitest";
import { DbeScenario } from "../../runtime/rulesets/dbe/scenario.ts";
import { P } from "../../runtime/rulesets/dbe/model.ts";
import { simulateGame } from "../../runtime/sim/simulate.ts";
import { bundledDb, deckPath, loadDeck } from "../../compiler/cli/decks.ts";
import { scenarioDb } from "./helpers.ts";

const db = scenarioDb(`card TST-901 Testmon
  kind: Digimon
  level: R
  type: Dragon
  dp: 0
  +p: 20
  hp: 600
  circle: Bite 300
  triangle: Claw 200
  cross: Tail 100
  timing: PASSIVE
  text: Own Prep Phase: If own HP is 500 or less, Recover own HP +100. If not, Boost own Power +1000.
`);

describe("windows (Glossary \"Any Phase\"; FAQ \"No-Zone cards\")", () => {
  it("a used Any Phase card resolves and is trashed before the player is asked again", () => {
    const s = new DbeScenario(db, "two Data Scans").turn(3, 0).active(0, "DS1-001").active(1, "DS1-001")
      .put(0, "hand", "DS1-046", "DS1-046").put(1, "trash", "DS1-002", "DS1-003", "DS1-004", "DS1-009")
      .put(1, "deck", "DS1-005", "DS1-006", "DS1-009");
    s.g.push({ t: "dbe.window", phase: "prep" });
    const d1 = s.g.advance()!;
    s.g.answer([1]); // the first Data Scan
    let d = s.g.advance()!;
    expect(d.kind).toBe("chooseCards"); // its Corrupt 3 is asked first
    s.g.answer([0, 1, 2]);
    d = s.g.advance()!;
    // Now the second question: the first Data Scan has resolved (Static 2) and is in the trash.
    expect([d1.kind, d.kind]).toEqual(["useEffect", "useEffect"]);
    expect(s.g.zone(0, "trash").map((id) => s.g.card(id).def)).toEqual(["DS1-046"]);
    expect(s.g.zone(1, "deleted")).toHaveLength(2);
  });

  it("a Turbo whose cost cannot be met is not offered again and again (greedy agents terminate)", async () => {
    const bdb = await bundledDb();
    const seats = [loadDeck(deckPath("dragon-rush"), bdb, "dbe"), loadDeck(deckPath("nature-core"), bdb, "dbe")] as [ReturnType<typeof loadDeck>, ReturnType<typeof loadDeck>];
    const r = simulateGame(bdb, { seats }, 41, { agents: ["greedy", "greedy"], check: true, log: false });
    expect(r.violations).toEqual([]);
    expect(r.winner).not.toBe("draw");
  });
});

describe("FAQ \"Conditionals\": \"If not\" answers the \"If\" of the same resolution", () => {
  it("an If that failed on an earlier turn does not enable the If not on a later turn", () => {
    const s = new DbeScenario(db, "stale if not").turn(3, 0).active(0, "TST-901", { hp: 600 }).active(1, "DS1-001");
    s.steps({ t: "dbe.phaseAbilities", phase: "prep" });
    // Turn 3: HP 600 > 500 → the If fails, If not: Power +1000 (Circle 300 → 1300).
    s.run();
    expect(P(s.g, 0).power.circle).toBe(1300);
    // Turn 5: HP 450 → the If holds (HP +100) and the If not must not apply again.
    P(s.g, 0).hp = 450;
    P(s.g, 0).power = { circle: 300, triangle: 200, cross: 100 };
    s.g.state.turn = 5;
    s.g.push({ t: "dbe.phaseAbilities", phase: "prep" }, { t: "core.halt" });
    expect(s.g.advance()).toBeNull();
    expect(P(s.g, 0).hp).toBe(550);
    expect(P(s.g, 0).power.circle).toBe(300);
  });
});

describe("FAQ \"Costs vs Effects\": a misfire leaves no trace", () => {
  it("rolling back a transaction puts the random generator back too", () => {
    const s = new DbeScenario(db, "rng rollback").turn(3, 0).active(0, "DS1-001").put(0, "deck", "DS1-002", "DS1-003", "DS1-004", "DS1-005");
    const before = s.g.rng.state();
    const deck = [...s.g.zone(0, "deck")];
    const mark = s.g.begin();
    s.g.shuffle(0, "deck");
    s.g.rollback(mark);
    expect(s.g.rng.state()).toEqual(before);
    expect(s.g.zone(0, "deck")).toEqual(deck);
  });
});

describe("End Phase 2 + Glossary \"Discard\"", () => {
  it("discarding down to 6 is a discard: the opponent's Nature Mastery (\"Passive, When opponent discards: Recover own HP +100\") triggers", () => {
    const s = new DbeScenario(db, "end discard trigger").turn(3, 0).active(0, "DS1-001").active(1, "DS1-016", { hp: 500 })
      .put(1, "destinyZone", "DS1-045")
      .put(0, "hand", "DS1-002", "DS1-003", "DS1-004", "DS1-005", "DS1-006", "DS1-009", "DS1-010")
      .script(0, [0]);
    const r = s.steps({ t: "dbe.end" }).run();
    expect(r.zone(0, "hand")).toHaveLength(6);
    expect(r.player(1).hp).toBe(600);
  });
});

describe("Glossary \"Abnormal\": a card entering the Active Zone except on top (DBE-R01 Kamemon)", () => {
  it("\"Put this below own active.\" puts Kamemon under an Abnormal C, which now has 1 card under it and is no longer Abnormal", () => {
    const s = new DbeScenario(db, "Kamemon").turn(3, 0).active(0, "DS1-009", { abnormal: true }).active(1, "DS1-001").support(0, "DBE-R01");
    const r = s.steps({ t: "dbe.support.one", p: 0, card: s.top(0, "support") }).run();
    expect(r.zone(0, "active")).toEqual(["DBE-R01", "DS1-009"]);
    expect(r.player(0).abnormal).toBe(false);
  });

  it("under an Abnormal U one card is not enough (U needs 2)", () => {
    const s = new DbeScenario(db, "Kamemon U").turn(3, 0).active(0, "DS1-012", { abnormal: true }).active(1, "DS1-001").support(0, "DBE-R01");
    const r = s.steps({ t: "dbe.support.one", p: 0, card: s.top(0, "support") }).run();
    expect(r.zone(0, "active")).toEqual(["DBE-R01", "DS1-012"]);
    expect(r.player(0).abnormal).toBe(true);
  });
});
