/**
 * Rules-accuracy scenarios for the numbered steps of the DMB turn (`003_7a740b8ec9103d40.txt`,
 * "Prep Phase" to "End Phase"), played by the DMB ruleset, each test citing its 003 step.
 * Where 003 words a step as 000 does, the scenario mirrors a DBE one (same cards, same
 * arithmetic): it shows that DMB's shared handlers perform it. Where 003 differs, the ruling
 * is in `dmb-differences.test.ts` (both rulesets). docs/rules-coverage.md "DMB" maps every
 * step to its scenario. Expected values are worked out by hand (the arithmetic is in the
 * comments), never copied from a run.
 *
 * Conventions: `put(p, zone, a, b, c)` puts the cards bottom first (`c` is the top of a deck,
 * the last card of a hand); player 0 is "P1", player 1 is "P2".
 */
import { describe, expect, it } from "vitest";
import { Game, HALT, type Task } from "../../runtime/core/engine.ts";
import type { Decision } from "../../runtime/core/decision.ts";
import { DMB } from "../../runtime/rulesets/dmb/index.ts";
import { P, activeOf } from "../../runtime/rulesets/dbe/model.ts";
import { powerOf } from "../../runtime/rulesets/dbe/continuous.ts";
import { typesOf } from "../../runtime/rulesets/dbe/matching.ts";
import { DmbScenario, dmbDb, keys, labels, pending, sup, win } from "./dmb-helpers.ts";

/** Test cards (set TST, `ruleset dmb`) with round numbers, for steps no bundled card shows cleanly. */
const TEST_CARDS = `
card TST-301 Phasemon
  kind: Digimon
  level: C
  type: Metal
  dp: 30
  +p: 30
  hp: 1000
  circle: Phase Beam 500
  triangle: Phase Claw 300
  cross: Phase Guard 200 | Drain
  timing: PASSIVE
  text: Support Phase: Boost own Power +100. Battle Phase: Recover own HP +100. Prep Phase: Recover own HP +10.

card TST-302 Quartermon
  kind: Digimon
  level: U
  type: Enigma
  dp: 40
  +p: 40
  hp: 2000
  circle: Quarter Beam 800
  triangle: Quarter Slash 400
  cross: Quarter Drain 200 | Drain
  timing: SUPPORT
  text: Boost own Power +100.

card TST-303 Void Wall
  kind: Option
  timing: SUPPORT
  text: Void opponent's Support.

card TST-304 Jam Chip
  kind: Option
  timing: SUPPORT
  text: Get Jamming.

card TST-305 Speed Chip
  kind: Option
  timing: SUPPORT
  text: Get 1st Attack.

card TST-306 Drawmon
  kind: Digimon
  level: R
  type: Dragon
  dp: 0
  +p: 10
  hp: 900
  circle: Draw Fang 100
  triangle: Draw Tail 100
  cross: Draw Net 100 | Draw 1
  timing: SUPPORT
  text: Draw 1.

card TST-307 Millmon
  kind: Digimon
  level: R
  type: Dragon
  dp: 0
  +p: 10
  hp: 900
  circle: Mill Fang 100
  triangle: Mill Tail 100
  cross: Mill Net 100 | Trash 2
  timing: SUPPORT
  text: Draw 1.

card TST-308 Drainmon
  kind: Digimon
  level: R
  type: Nature
  dp: 0
  +p: 10
  hp: 1000
  circle: Sap Beam 300
  triangle: Sap Claw 200
  cross: Sap Drain 200 | Drain
  timing: SUPPORT
  text: Boost own Power +100.

card TST-309 Crashmon
  kind: Digimon
  level: R
  type: Dragon
  dp: 0
  +p: 10
  hp: 600
  circle: Ram Horn 300
  triangle: Ram Tail 200
  cross: Ram Charge 100 | Crash
  timing: SUPPORT
  text: Boost own Power +100.

card TST-310 Zeromon
  kind: Digimon
  level: R
  type: Marine
  dp: 0
  +p: 10
  hp: 1000
  circle: Zero Beam 300
  triangle: Zero Claw 200
  cross: Zero Wave 250 | Circle to 0
  timing: SUPPORT
  text: Boost own Power +100.

card TST-311 Countermon
  kind: Digimon
  level: R
  type: Metal
  dp: 0
  +p: 10
  hp: 1000
  circle: Mirror Beam 400
  triangle: Mirror Claw 300
  cross: Mirror Guard 0 | Counter Circle
  timing: SUPPORT
  text: Boost own Power +100.

card TST-312 Drain Chip
  kind: Option
  timing: SUPPORT
  text: Get Drain.
`;

const db = dmbDb(TEST_CARDS);
const phase1 = (phase: string): Task => ({ t: "dbe.phaseAbilities", phase });
const method: Task = { t: "dbe.evolve.method" };
const resolve: Task = { t: "dbe.support.resolve" };
const battle: Task = { t: "dbe.battle" };
const end: Task = { t: "dbe.end" };
const sorted = (xs: string[]) => [...xs].sort();
const scenario = (name: string) => new DmbScenario(db, name);

/** Answer a pending decision by its option label and run to the next one (null: none). */
function choose(s: DmbScenario, d: Decision | null, label: string): Decision | null {
  if (!d) throw new Error(`${s.name}: no decision to answer with "${label}"`);
  const i = d.options.findIndex((o) => o.label === label);
  if (i < 0) throw new Error(`${s.name}: no option "${label}" in ${JSON.stringify(d.options.map((o) => o.label))}`);
  s.g.answer([i]);
  return s.g.advance();
}

// ─── Prep Phase ─────────────────────────────────────────────────────────────

describe("003 Prep Phase — before the game begins", () => {
  it("003, Prep Phase setup 3 (CHOOSE TURN-PLAYER): decided at random — the game's first turn is that player's", () => {
    const main = ["DS1-001", "DS1-002", "DS1-003", "DS1-004", "DS1-009", "DS1-001", "DS1-002", "DS1-003", "DS1-004", "DS1-009"];
    const firsts = new Set<number>();
    for (let seed = 1; seed <= 12; seed++) {
      const seat = (name: string) => ({ name, main, destiny: [], partner: null });
      const g = new Game(DMB, db, { seats: [seat("A"), seat("B")] }, seed);
      g.advance();
      g.answer([]); // P1 keeps the opening hand
      g.advance();
      g.answer([]); // P2 too
      g.advance(); // the first turn's first decision
      const chosen = g.log.find((e) => e.kind === "startPlayer")!;
      expect(chosen.text).toMatch(/chosen at random \(003, Prep Phase setup 3\)/);
      expect([g.state.turn, g.state.turnPlayer]).toEqual([1, chosen.player]);
      firsts.add(chosen.player!);
    }
    expect([...firsts].sort()).toEqual([0, 1]);
  });
});

describe("003 Prep Phase — each turn", () => {
  it("003, Prep Phase 1: \"Prep Phase\" abilities on cards in play activate — Sunflowmon's \"Own Prep Phase: Recover own HP +100.\" on its own turn only", () => {
    const own = scenario("Sunflowmon own").turn(3, 0).active(0, "DS1-020", { hp: 900 }).active(1, "DS1-001").steps(phase1("prep")).run();
    expect(own.player(0).hp).toBe(1000);
    const theirs = scenario("Sunflowmon theirs").turn(3, 1).active(0, "DS1-020", { hp: 900 }).active(1, "DS1-001").steps(phase1("prep")).run();
    expect(theirs.player(0).hp).toBe(900);
  });

  it("003, Prep Phase 2: the turn player draws 1; with a hand of 2 or lower, 2", () => {
    const three = scenario("draw 1").turn(3, 0).put(0, "hand", "DS1-032", "DS1-033", "DS1-034").put(0, "deck", "DS1-001", "DS1-002", "DS1-003")
      .steps({ t: "dbe.prep.draw" }).run();
    expect(three.zone(0, "hand")).toEqual(["DS1-032", "DS1-033", "DS1-034", "DS1-003"]);
    const two = scenario("draw 2").turn(3, 0).put(0, "hand", "DS1-032", "DS1-033").put(0, "deck", "DS1-001", "DS1-002", "DS1-003")
      .steps({ t: "dbe.prep.draw" }).run();
    expect(two.zone(0, "hand")).toEqual(["DS1-032", "DS1-033", "DS1-003", "DS1-002"]);
    expect(two.zone(1, "hand")).toEqual([]);
  });

  it("003, Prep Phase 3: with 3 or more cards in hand, full mulligans as many times as wished (the entire hand discarded, as many drawn); with 2, none is offered", () => {
    const r = scenario("full mulligan twice").turn(3, 0)
      .put(0, "hand", "DS1-032", "DS1-033", "DS1-034")
      .put(0, "deck", "DS1-001", "DS1-002", "DS1-003", "DS1-004", "DS1-005", "DS1-006", "DS1-009", "DS1-010", "DS1-011")
      .script(0, ["Full mulligan"], ["Full mulligan"], ["No"])
      .steps({ t: "dbe.prep.fullMulligan" }).run();
    // 1st: the 3 Options into the trash, DS1-011, -010, -009 drawn; 2nd: those out, DS1-006, -005, -004 in.
    expect(r.zone(0, "trash")).toEqual(["DS1-032", "DS1-033", "DS1-034", "DS1-011", "DS1-010", "DS1-009"]);
    expect(r.zone(0, "hand")).toEqual(["DS1-006", "DS1-005", "DS1-004"]);
    const s = scenario("no full mulligan").turn(3, 0).put(0, "hand", "DS1-032", "DS1-033").put(0, "deck", "DS1-001", "DS1-002", "DS1-003");
    expect(pending(s, { t: "dbe.prep.fullMulligan" })).toBeNull();
  });

  it("003, Prep Phase 4: with an empty Active Zone the turn player plays an R, C or U from hand (not an M, not an Option)", () => {
    const s = scenario("play options").turn(3, 0).put(0, "hand", "DS1-032", "DS1-001", "DBE-R05", "TST-302", "DS1-015");
    expect(labels(pending(s, { t: "dbe.prep.playActive" }))).toEqual(["DS1-001 Agumon", "DBE-R05 Tyrannomon", "TST-302 Quartermon"]);
    s.g.answer([0]);
    expect(s.g.advance()).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001"]);
    expect([P(s.g, 0).abnormal, P(s.g, 0).hp]).toEqual([false, 700]);
  });

  it("003, Prep Phase 4.1 + FAQ \"Lack of Digimon & Can't mulligan\": without a Digimon the player mulligans until one appears; with none left, the player loses immediately", () => {
    const r = scenario("forced mulligan").turn(3, 0)
      .put(0, "hand", "DS1-032", "DS1-033", "DS1-034").put(0, "deck", "DS1-001", "DS1-040", "DS1-041", "DS1-042")
      .steps({ t: "dbe.prep.playActive" }).run();
    // 1st: DS1-042, -041, -040 drawn (no Digimon); 2nd: DS1-001 — it must be played.
    expect(r.zone(0, "active")).toEqual(["DS1-001"]);
    expect(r.events("forcedMulligan")).toHaveLength(2);
    const s = scenario("loss").turn(3, 0).put(0, "hand", "DS1-032", "DBE-R20");
    expect(pending(s, { t: "dbe.prep.playActive" })).toBeNull();
    expect(s.g.state.winner).toBe(1);
    expect(s.g.state.endReason).toMatch(/cannot place a Digimon/);
  });

  it("003, Prep Phase 4.2: playing an un-evolved Level C or U changes it to Abnormal (C halved, U quartered)", () => {
    const c = scenario("abnormal C").turn(3, 0).put(0, "hand", "DS1-001", "DBE-R05").script(0, ["DBE-R05 Tyrannomon"]).steps({ t: "dbe.prep.playActive" }).run();
    // Tyrannomon 1200 HP, 520 / 340 / 220 → 600, 260 / 170 / 110.
    expect([c.player(0).abnormal, c.player(0).hp, c.player(0).power]).toEqual([true, 600, { circle: 260, triangle: 170, cross: 110 }]);
    const u = scenario("abnormal U").turn(3, 0).put(0, "hand", "TST-302").steps({ t: "dbe.prep.playActive" }).run();
    // 2000 HP, 800 / 400 / 200 → 500, 200 / 100 / 50.
    expect([u.player(0).abnormal, u.player(0).hp, u.player(0).power]).toEqual([true, 500, { circle: 200, triangle: 100, cross: 50 }]);
  });

  it("003, Prep Phase 4.3: the newly placed Partner R partner-evolves into a Partner C from the Destiny Zone (it is the turn's evolution)", () => {
    const r = scenario("partner evolution").turn(3, 1)
      .partner(1, "DS1-016").put(1, "hand", "DS1-016").put(1, "destinyZone", "DS1-020", "DS1-021").active(0, "DS1-001")
      .script(1, ["DS1-020 Sunflowmon"]).steps({ t: "dbe.prep.playActive" }, { t: "dbe.prep.partnerEvolve" }).run();
    expect(r.zone(1, "active")).toEqual(["DS1-016", "DS1-020"]);
    expect(r.zone(1, "destinyZone")).toEqual(["DS1-021"]);
    // Sunflowmon's printed 1100 HP (no evo-bonus by 003: dmb-differences D9).
    expect([r.player(1).hp, r.player(1).evolved, r.player(1).partnerEvolved]).toEqual([1100, true, true]);
  });
});

// ─── Evolution Phase ────────────────────────────────────────────────────────

describe("003 Evolution Phase", () => {
  it("003, Evolution Phase 1: \"Evolution Phase\" abilities activate — Guardromon's \"Evolve Phase: Recover own HP +100.\" for both players, in the order the turn player chooses (FAQ \"Simultaneous Effects\")", () => {
    const r = scenario("Guardromon both").turn(3, 1)
      .active(0, "DS1-011", { hp: 1000 }).active(1, "DS1-011", { hp: 1000 })
      .script(1, [1, 0]).steps(phase1("evolve")).run();
    // Options in order [P2's (turn player), P1's]; P2 puts P1's first.
    expect(r.events("recover").map((e) => e.player)).toEqual([0, 1]);
    expect([r.player(0).hp, r.player(1).hp]).toEqual([1100, 1100]);
  });

  it("003, Evolution Phase 2: rack up ONE card with +P from hand (a card without +P is not offered)", () => {
    const s = scenario("rack up").turn(3, 0).active(0, "DS1-001").put(0, "hand", "DS1-001", "DBE-R18", "DBE-R20");
    const d = pending(s, { t: "dbe.evolve.rackUp" });
    expect(labels(d)).toEqual(["None", "DS1-001 Agumon (+20 P)", "DBE-R20 Attack Chip (+10 P)"]);
    expect(choose(s, d, "DBE-R20 Attack Chip (+10 P)")).toBeNull();
    expect(keys(s, 0, "dp")).toEqual(["DBE-R20"]);
    expect(keys(s, 0, "hand")).toEqual(["DS1-001", "DBE-R18"]);
  });

  it("003, Evolution Phase 3.1: after the Partner Digimon evolved from the Destiny Zone this turn, the rest of the phase is skipped (a valid evolution by DP is not offered)", () => {
    const r = scenario("partner evolved, skip").turn(3, 0)
      .partner(0, "DS1-001").put(0, "hand", "DS1-001", "DS1-012").put(0, "destinyZone", "DS1-007").put(0, "dp", "DS1-013")
      .active(1, "DS1-016")
      .script(0, ["DS1-001 Agumon"], ["DS1-007 Greymon"], ["None"]) // Greymon → MetalGreymon (40 DP) would be valid
      .steps({ t: "dbe.prep.playActive" }, { t: "dbe.prep.partnerEvolve" }, { t: "dbe.evolve.rackUp" }, method).run();
    expect(r.zone(0, "active")).toEqual(["DS1-001", "DS1-007"]);
    expect(r.zone(0, "hand")).toEqual(["DS1-012"]);
    expect(r.zone(0, "dp")).toEqual(["DS1-013"]);
  });

  it("003, Evolution Phase 4: the turn player plays any ONE \"Evolve\" card — after Penguinmon, Dorumon is not offered", () => {
    const s = scenario("one EVOLVE card").turn(3, 0).active(0, "DS1-001").active(1, "DS1-016")
      .put(0, "dp", "DS1-023").put(0, "hand", "DBE-R03", "DS1-006", "DS1-024").put(0, "deck", "DS1-040");
    const e = choose(s, pending(s, method), "By DP with an EVOLVE card");
    expect(labels(e)).toEqual(["None", "DBE-R03 Penguinmon", "DS1-006 Dorumon"]);
    // Penguinmon "Ignore type when evolving. After evolving, Draw 1.": Ikkakumon (Marine C, 30
    // DP) is the only valid Future — no second EVOLVE card is asked for.
    expect(choose(s, e, "DBE-R03 Penguinmon")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001", "DS1-024"]);
    expect(keys(s, 0, "hand")).toEqual(["DS1-006", "DS1-040"]);
  });

  it("003, Evolution Phase 4.2: when DNA evolving, a DATA card is discarded as a substitute for the name it matches (Mugendramon DATA for Millenniummon's \"Mugendramon\")", () => {
    const s = scenario("DATA for DNA").turn(3, 0)
      .active(0, "DBE-R15").put(0, "destinyZone", "DBE-R17").put(0, "hand", "DBE-R26").active(1, "DS1-016");
    const d = pending(s, method);
    // Ladydevimon is the "Nightmare Level U"; no DP for evolving by DP.
    expect(labels(d)).toEqual(["No evolution", "By DNA: DBE-R17 Millenniummon"]);
    expect(choose(s, d, "By DNA: DBE-R17 Millenniummon")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DBE-R15", "DBE-R17"]);
    expect(keys(s, 0, "trash")).toEqual(["DBE-R26"]);
    expect([P(s.g, 0).hp, P(s.g, 0).evolved]).toEqual([2500, true]);
  });

  it("003, Evolution Phase 5 + evolution requirements 2–3: one level up (R → C) and the same type; R → U, R → M and a Jungle C are not offered", () => {
    const s = scenario("valid futures").turn(3, 0).active(0, "DS1-001").active(1, "DS1-016")
      .put(0, "dp", "DS1-012") // 40 DP
      .put(0, "hand", "DS1-009", "DS1-012", "DS1-023", "DBE-R10").put(0, "destinyZone", "DS1-015");
    expect(labels(pending(s, method))).toEqual(["No evolution", "DS1-009 Growlmon (30 DP)"]);
  });

  it("003, Evolution Phase 5: place M from the Destiny Zone onto an active U (WarGreymon, DP -10: MetalGreymon → 40 DP)", () => {
    const r = scenario("mega").turn(3, 0).active(0, "DS1-012").active(1, "DS1-016")
      .put(0, "dp", "DS1-013").put(0, "destinyZone", "DS1-015")
      .script(0, ["DS1-015 WarGreymon (40 DP)"]).steps(method).run();
    expect(r.zone(0, "active")).toEqual(["DS1-012", "DS1-015"]);
    expect(r.zone(0, "destinyZone")).toEqual([]);
    expect(r.player(0).hp).toBe(2400);
  });

  it("003, Evolution Phase 5.1: evolving by DP discards all DP cards and places the evolved Digimon on top, with its printed stats", () => {
    const r = scenario("evolve by DP").turn(3, 0)
      .active(0, "DS1-002", { hp: 100, power: { circle: 900, triangle: 900, cross: 900 } }).active(1, "DS1-016")
      .put(0, "dp", "DS1-001", "DS1-032").put(0, "hand", "DS1-009")
      .script(0, ["DS1-009 Growlmon (20 DP)"]).steps(method).run();
    expect(r.zone(0, "active")).toEqual(["DS1-002", "DS1-009"]);
    expect([r.player(0).hp, r.player(0).power]).toEqual([1150, { circle: 520, triangle: 380, cross: 240 }]);
    // All DP discarded: 30 DP for a 20 DP cost, the rest is not kept.
    expect([r.zone(0, "dp"), r.zone(0, "trash")]).toEqual([[], ["DS1-001", "DS1-032"]]);
  });

  it("003, Evolution Phase 5.2: a player who evolved this turn cannot evolve again by DP", () => {
    const s = scenario("once per turn").turn(3, 0).active(0, "DS1-001", { evolved: true }).active(1, "DS1-016")
      .put(0, "dp", "DS1-012").put(0, "hand", "DS1-009");
    expect(pending(s, method)).toBeNull();
  });

  it("003, Evolution Phase 6: applicable evo-box bonuses resolve — \"HP +200: Growlmon\" (Growlmon → WarGrowlmon: 1800 + 200); a bonus whose names do not qualify does not", () => {
    const hp = scenario("HP bonus").turn(3, 0).active(0, "DS1-009").active(1, "DS1-016")
      .put(0, "dp", "DS1-012").put(0, "hand", "DS1-013")
      .script(0, ["DS1-013 WarGrowlmon (40 DP)"]).steps(method).run();
    expect(hp.player(0).hp).toBe(2000);
    const none = scenario("no bonus").turn(3, 0).active(0, "DS1-009").active(1, "DS1-016")
      .put(0, "dp", "DS1-012").put(0, "hand", "DS1-012").put(0, "deck", "DS1-040", "DS1-041")
      .script(0, ["DS1-012 MetalGreymon (40 DP)"]).steps(method).run();
    // "Draw 2: Greymon, GeoGreymon" — Growlmon is neither.
    expect([none.zone(0, "hand"), none.player(0).hp]).toEqual([[], 1700]);
  });
});

describe("003 evolution requirements (\"ALL cards begin with the following requirements\")", () => {
  it("003, evolution requirement 1: the required DP must be there — 20 DP for a 30 DP Growlmon is not enough; \"DP discounts apply before evolution\" (DP -10: Guilmon → 20 DP)", () => {
    const short = scenario("not enough DP").turn(3, 0).active(0, "DS1-001").active(1, "DS1-016").put(0, "dp", "DS1-001").put(0, "hand", "DS1-009");
    expect(pending(short, method)).toBeNull();
    const discount = scenario("discount").turn(3, 0).active(0, "DS1-002").active(1, "DS1-016").put(0, "dp", "DS1-001").put(0, "hand", "DS1-009");
    expect(labels(pending(discount, method))).toEqual(["No evolution", "DS1-009 Growlmon (20 DP)"]);
  });

  it("003, evolution requirement 4: a Digimon naming the previous one in its evolution box ignores type and level, but not DP (Strikedramon C → UlforceVdramon M, 50 DP)", () => {
    const r = scenario("evo-box").turn(3, 0).active(0, "DBE-R08").active(1, "DS1-016")
      .put(0, "dp", "DS1-012", "DS1-032").put(0, "destinyZone", "EX-094") // 40 + 10 = 50
      .script(0, ["EX-094 UlforceVdramon (50 DP)"]).steps(method).run();
    expect(r.zone(0, "active")).toEqual(["DBE-R08", "EX-094"]);
    const poor = scenario("evo-box, not DP").turn(3, 0).active(0, "DBE-R08").active(1, "DS1-016")
      .put(0, "dp", "DS1-012").put(0, "destinyZone", "EX-094"); // 40 < 50
    expect(pending(poor, method)).toBeNull();
  });
});

// ─── Strategy Phase ─────────────────────────────────────────────────────────

describe("003 Strategy Phase", () => {
  it("003, Strategy Phase 1 / 1.1: no opposing active — skip to the Support Phase; the opponent Trashes 2 and the turn player Draws 1", () => {
    const r = scenario("unopposed").turn(3, 0).active(0, "DS1-001")
      .put(0, "deck", "DS1-040", "DS1-041").put(1, "deck", "DS1-001", "DS1-002", "DS1-003")
      .steps({ t: "dbe.strategy" }).run();
    expect([r.zone(1, "trash"), r.zone(1, "deck")]).toEqual([["DS1-003", "DS1-002"], ["DS1-001"]]);
    expect([r.zone(0, "hand"), r.zone(0, "deck")]).toEqual([["DS1-041"], ["DS1-040"]]);
    expect([r.player(0).attack, r.player(1).attack]).toEqual([null, null]);
  });

  it("003, Strategy Phase 2: both players choose an attack secretly (the turn player, then the opponent); nothing is revealed before the Battle Phase", () => {
    const s = scenario("choose attacks").turn(3, 1).active(0, "DS1-001").active(1, "DS1-016");
    let d = pending(s, { t: "dbe.strategy" });
    expect([d?.player, d?.kind, d?.options.map((o) => o.value)]).toEqual([1, "chooseAttack", ["circle", "triangle", "cross"]]);
    s.g.answer([2]);
    d = s.g.advance();
    expect([d?.player, d?.kind]).toEqual([0, "chooseAttack"]);
    s.g.answer([1]);
    expect(s.g.advance()).toBeNull();
    expect([P(s.g, 0).attack, P(s.g, 1).attack]).toEqual(["triangle", "cross"]);
    expect(s.g.log.filter((e) => e.kind === "reveal")).toEqual([]);
  });
});

// ─── Support Phase ──────────────────────────────────────────────────────────

describe("003 Support Phase", () => {
  it("003, Support Phase 1: \"Support Phase\" abilities activate (Phasemon: Boost own Power +100)", () => {
    const r = scenario("Support Phase 1").turn(3, 1).active(0, "TST-301").active(1, "DS1-001").steps(phase1("support")).run();
    expect(powerOf(r.g, 0)).toEqual({ circle: 600, triangle: 400, cross: 300 });
  });

  it("003, Support Phase 2: a support from hand (cards with \"Support\") or blind from the top of the deck, or none", () => {
    const s = scenario("support options").turn(3, 0).active(0, "DS1-001").active(1, "DS1-001")
      .put(0, "hand", "DBE-R20", "DS1-053", "DS1-041").put(0, "deck", "DS1-001");
    expect(labels(pending(s, { t: "dbe.support.play", p: 0 }))).toEqual(["No support", "DBE-R20 Attack Chip", "Blind from the top of the deck"]);
  });

  it("003, Support Phase 2–5, Strategy Phase 2, Battle Phase 2–5, End Phase 3–5: a whole turn in order — the non-turn player declares first (3), then the turn player (4); the turn player's resolves first (5)", () => {
    const s = scenario("whole turn").turn(1, 0)
      .active(0, "DS1-001", { hp: 1000 }).active(1, "DS1-001")
      .put(0, "hand", "DBE-R20").put(0, "deck", "DS1-040", "DS1-041", "DS1-042")
      .put(1, "hand", "DS1-032").put(1, "deck", "DS1-044", "DS1-045", "DS1-049");
    s.g.push({ t: "dbe.turn" }, { t: HALT });
    const asked: [number, string][] = [];
    const answer = (label: string | number) => {
      const d = s.g.advance()!;
      asked.push([d.player, d.kind]);
      s.g.answer([typeof label === "number" ? label : d.options.findIndex((o) => o.label === label)]);
    };
    answer("None"); // Evolution 2: P1 racks nothing.
    answer(0); // Strategy 2: P1 (turn player) Circle.
    answer(0); // Strategy 2: P2 Circle.
    answer("None"); // Support 1 (an Any Phase step): P1 does not use DS1-041 Thorn Barrier.
    answer("DS1-032 Dragon Claw"); // Support 3: the non-turn player first.
    answer("DBE-R20 Attack Chip"); // Support 4: then the turn player.
    answer("None"); // the Support step window.
    const next = s.g.advance()!;
    asked.push([next.player, next.kind]);
    expect(asked).toEqual([[0, "rackUp"], [0, "chooseAttack"], [1, "chooseAttack"], [0, "useEffect"], [1, "chooseSupport"], [0, "chooseSupport"], [0, "useEffect"], [1, "chooseAttack"]]);
    // Support 5: P1's Attack Chip first (+300 → Circle 600), then P2's Dragon Claw (Dragon:
    // +400 → 700). Battle 2.1: P1 first: P2 700 − 600 = 100; step 5: P1 1000 − 700 = 300.
    expect(s.g.log.filter((e) => e.kind === "boost").map((e) => [e.player, e.data.amount])).toEqual([[0, 300], [1, 400]]);
    expect([P(s.g, 0).hp, P(s.g, 1).hp]).toEqual([300, 100]);
    // End 3–5: boosts gone, supports trashed, the turn passed (turn 3 is P2's).
    expect(P(s.g, 0).power).toEqual({ circle: 300, triangle: 190, cross: 100 });
    expect([keys(s, 0, "trash"), keys(s, 1, "trash")]).toEqual([["DBE-R20"], ["DS1-032"]]);
    expect([s.g.state.turn, s.g.state.turnPlayer]).toEqual([3, 1]);
  });

  it("003, Support Phase 5: \"They play last but resolve first\" — the turn player's Double Circle, then the opponent's -300: 300 × 2 − 300 = 300", () => {
    const r = scenario("resolution order").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .support(0, "DS1-012").support(1, "DS1-024").steps(resolve).run();
    // The other order would give (300 − 300) × 2 = 0.
    expect(r.player(0).power.circle).toBe(300);
  });

  it("003, Support Phase 5.1: \"Void\" timings are always checked before all other effects — the non-turn player's void cancels the turn player's support that resolves first", () => {
    const r = scenario("void first").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .support(0, "DBE-R20").support(1, "TST-303").steps(resolve).run();
    expect(r.player(0).power).toEqual({ circle: 300, triangle: 190, cross: 100 });
    expect(r.events("void").map((e) => e.player)).toEqual([0]);
  });

  it("003, Support Phase 5.2: a blind support that is an impossible play (an Evolution card) misfires", () => {
    const r = scenario("blind misfire").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .put(0, "deck", "DS1-040", "DS1-053").script(0, ["Blind from the top of the deck"])
      .steps({ t: "dbe.support.play", p: 0 }, resolve).run();
    expect(r.zone(0, "support")).toEqual(["DS1-053"]);
    expect(r.events("misfire")).toHaveLength(1);
    expect(r.player(0).power.circle).toBe(300);
  });

  it("003, Support Phase 5.2: an \"If\" that fails misfires the sentence (Agumon's support \"If own type is Dragon, Boost own Power +200\" for a Nature active: its \"If not\" draws instead)", () => {
    const r = scenario("if misfires").turn(3, 0)
      .active(0, "DS1-016", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .put(0, "deck", "DS1-040").support(0, "DS1-001").steps(resolve).run();
    expect([r.player(0).power.circle, r.zone(0, "hand")]).toEqual([260, ["DS1-040"]]);
  });

  it("003, Support Phase 5.3: a player who chose Cross with Jamming may reveal it and void the opponent's Digimon support; not doing so is a missed opportunity", () => {
    const base = (name: string) => scenario(name).turn(3, 0).active(0, "DS1-016", { attack: "cross" }).active(1, "DS1-001", { attack: "circle" }).support(1, "DS1-001");
    const jam = base("jam").script(0, ["Reveal Jamming"]).steps(resolve).run();
    expect(jam.events("void").map((e) => e.player)).toEqual([1]);
    expect(jam.player(1).power.circle).toBe(300);
    const missed = base("jam declined").script(0, ["No"]).steps(resolve).run();
    expect(missed.player(1).power.circle).toBe(500);
  });
});

// ─── Battle Phase ───────────────────────────────────────────────────────────

describe("003 Battle Phase", () => {
  it("003, Battle Phase 1: \"Battle Phase\" abilities activate (Phasemon +100 HP); its \"Prep Phase\" ability does not trigger a second time", () => {
    const r = scenario("Battle Phase 1").turn(3, 0).active(0, "TST-301").active(1, "DS1-001").steps(phase1("prep"), phase1("battle")).run();
    // 1000 + 10 (Prep Phase 1) + 100 (Battle Phase 1).
    expect(r.player(0).hp).toBe(1110);
  });

  it("003, Battle Phase 2 / 2.1 / 4 / 5: both attacks revealed together; the turn player attacks first, then the second attacker strikes back", () => {
    const r = scenario("both strike").turn(3, 1)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-016", { attack: "triangle" }).steps(battle).run();
    expect(r.g.log.find((e) => e.kind === "reveal")?.data.attacks).toEqual(["circle", "triangle"]);
    // P2 (turn player) Triangle 190: P1 700 → 510; P1 Circle 300: P2 650 → 350.
    expect(r.events("battle.damage").map((e) => [e.data.from, e.data.amount])).toEqual([[1, 190], [0, 300]]);
    expect([r.player(0).hp, r.player(1).hp]).toEqual([510, 350]);
  });

  it("003, Battle Phase 3: attack abilities apply — Growlmon's Cross \"Nature x3 VS\" triples 240 against a Nature opponent", () => {
    const r = scenario("x3 VS").turn(3, 0)
      .active(0, "DS1-009", { attack: "cross" }).active(1, "DS1-016", { attack: "circle" }).steps(battle).run();
    expect(r.events("battle.power").map((e) => [e.player, e.data.before, e.data.after])).toEqual([[0, 240, 720]]);
    // 720 ≥ Lalamon's 650 HP: KO before it strikes back.
    expect([r.zone(1, "active"), r.player(0).ko, r.player(0).hp]).toEqual([[], 1, 1150]);
  });

  it("003, Battle Phase 3.1: with a timing conflict the turn player may pass priority — 2 stacks of 1st Attack each, the player resolving second gained most recently and attacks first", () => {
    const tie = (answer: string) =>
      scenario(`priority: ${answer}`).turn(3, 0)
        .active(0, "DS1-001", { attack: "circle", hp: 300 }).active(1, "DS1-001", { attack: "circle", hp: 300 })
        .support(0, "TST-305").support(1, "TST-305").support(1, "TST-305")
        .steps(resolve, battle).script(0, [answer]).run();
    expect(tie("Resolve first").events("battle.order").map((e) => [e.data.first, e.data.reason])).toEqual([[1, "mostRecent"]]);
    const passed = tie("Pass priority (resolve second)");
    expect(passed.events("battle.order").map((e) => [e.data.first, e.data.reason])).toEqual([[0, "mostRecent"]]);
    expect([passed.player(0).hp, passed.player(1).hp, passed.player(0).ko]).toEqual([300, 0, 1]);
  });

  it("003, Battle Phase 3.2 / 3.2.1: the most instances of 1st Attack go first; a tie goes to the most recent gain — the opponent's gain ties and wins, the turn player's second gain wins back", () => {
    const tie = scenario("1st Attack tie").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle", hp: 300 }).active(1, "DS1-001", { attack: "circle", hp: 300 })
      .support(1, "TST-305").steps(resolve, battle).run();
    expect(tie.events("battle.order").map((e) => [e.data.first, e.data.reason])).toEqual([[1, "mostRecent"]]);
    expect([tie.player(0).hp, tie.player(1).hp, tie.player(1).ko]).toEqual([0, 300, 1]);
    const more = scenario("1st Attack 2 vs 1").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle", hp: 300 }).active(1, "DS1-001", { attack: "circle", hp: 300 })
      .support(0, "TST-305").support(1, "TST-305").steps(resolve, battle)
      .script(0, ["Resolve first"]).run();
    expect(more.events("battle.order").map((e) => [e.data.first, e.data.reason])).toEqual([[0, "stacks"]]);
    expect([more.player(0).hp, more.player(1).hp, more.player(0).ko]).toEqual([300, 0, 1]);
  });

  it("003, Battle Phase 3.2.2: a player who \"cannot gain 1st Attack\" has every instance stripped and attacks second (Vine Bind against the turn player)", () => {
    const r = scenario("cannot gain").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .support(1, "DS1-042").steps(resolve, battle).run();
    // Vine Bind: "Opponent cannot get 1st Attack. Lower opponent's Power -100." P2 first:
    // P1 700 − 300 = 400; P1 strikes back with 300 − 100 = 200: P2 700 − 200 = 500.
    expect(r.events("battle.order").map((e) => e.data.first)).toEqual([1]);
    expect([r.player(0).hp, r.player(1).hp]).toEqual([400, 500]);
  });

  it("003, Battle Phase 3.2.3: Counter always attacks second (the countered player hits itself); if both players have Counter, both attacks fail and no damage is dealt", () => {
    const one = scenario("counter second").turn(3, 0)
      .active(0, "TST-311", { attack: "cross" }).active(1, "DS1-001", { attack: "circle" }).steps(battle).run();
    expect(one.events("battle.order").map((e) => [e.data.first, e.data.reason])).toEqual([[1, "counter"]]);
    // P2's Circle 300 is countered: P2 hits itself, 700 − 300 = 400; P1 takes nothing.
    expect([one.player(0).hp, one.player(1).hp]).toEqual([1000, 400]);
    const both = scenario("both counter").turn(3, 0)
      .active(0, "TST-311", { attack: "cross" }).active(1, "TST-311", { attack: "cross" }).steps(battle).run();
    expect([both.player(0).hp, both.player(1).hp]).toEqual([1000, 1000]);
  });

  it("003, Battle Phase 3.3: \"[Attack] to 0\" — Zeromon's \"Circle to 0\" makes the opponent's Circle 0 Power", () => {
    const r = scenario("to 0").turn(3, 0)
      .active(0, "TST-310", { attack: "cross" }).active(1, "DS1-001", { attack: "circle" }).steps(battle).run();
    // P1 first: 700 − 250 = 450; P2's Circle is 0: P1 keeps 1000.
    expect([r.player(0).hp, r.player(1).hp, P(r.g, 1).power.circle]).toEqual([1000, 450, 0]);
  });

  it("003, Battle Phase 4 / 4.1: the first attacker's Crash deals its current HP, then its HP is 10 (a residual effect)", () => {
    const r = scenario("crash").turn(3, 0)
      .active(0, "TST-309", { attack: "cross" }).active(1, "TST-306", { attack: "circle" }).steps(battle).run();
    // P1 first: 600 damage, P2 900 → 300; P1 HP → 10; P2 strikes back 100: 10 → 0, KO.
    expect(r.player(1).hp).toBe(300);
    expect([r.zone(0, "active"), r.player(1).ko]).toEqual([[], 1]);
  });

  it("003, Battle Phase 4.1.1 / 5.2.1: Crash's HP reduction applies before Drain's recovery — first or second attacker", () => {
    const first = scenario("crash then drain, first").turn(3, 0)
      .active(0, "TST-309", { attack: "cross" }).active(1, "TST-306", { attack: "circle" })
      .support(0, "TST-312").steps(resolve, battle).run();
    // P1 first: 600 dealt (P2 900 → 300), HP 10, Drain +600 → 610; P2 strikes 100 → 510.
    expect([first.player(0).hp, first.player(1).hp]).toEqual([510, 300]);
    const second = scenario("crash then drain, second").turn(3, 1)
      .active(0, "TST-309", { attack: "cross" }).active(1, "TST-306", { attack: "circle" })
      .support(0, "TST-312").steps(resolve, battle).run();
    // P2 first: P1 600 → 500; P1's Crash deals 500 (P2 900 → 400), HP 10, Drain +500 → 510.
    expect([second.player(0).hp, second.player(1).hp]).toEqual([510, 400]);
  });

  it("003, Battle Phase 4.2 / 6 / 6.1 / 6.6: the second attacker KO'd first does not attack; its stack and attachments are discarded, its DP kept; 1 KO point", () => {
    const r = scenario("KO").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" })
      .stack(1, ["DS1-002", "DS1-009"], { attack: "circle", hp: 300 }).put(1, "dp", "DS1-001").put(1, "attachment", "EX-018")
      .steps(battle).run();
    expect(r.player(0).hp).toBe(700);
    expect([r.zone(1, "active"), r.zone(1, "attachment"), r.zone(1, "dp")]).toEqual([[], [], ["DS1-001"]]);
    expect(sorted(r.zone(1, "trash"))).toEqual(["DS1-002", "DS1-009", "EX-018"]);
    expect([r.player(0).ko, r.player(1).ko]).toEqual([1, 0]);
  });

  it("003, Battle Phase 5 / 5.1: the second attacker's Counter deals the opponent's current Power (modifiers included) to it; it misfires when the countered attack was not used", () => {
    const hit = scenario("counter hit").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "TST-311", { attack: "cross" })
      .support(0, "DBE-R20").steps(resolve, battle).run();
    // Attack Chip: Circle 300 + 300 = 600, countered: P1 700 − 600 = 100; P2 untouched.
    expect([hit.player(0).hp, hit.player(1).hp]).toEqual([100, 1000]);
    const miss = scenario("counter misfire").turn(3, 0)
      .active(0, "DS1-001", { attack: "triangle" }).active(1, "TST-311", { attack: "cross" }).steps(battle).run();
    // Triangle 190: P2 1000 − 190 = 810; the Counter misfires and its Power is 0.
    expect([miss.player(0).hp, miss.player(1).hp]).toEqual([700, 810]);
  });

  it("003, Battle Phase 5.2: the second attacker's residual effects apply (Drain recovers the damage dealt)", () => {
    const r = scenario("drain second").turn(3, 1)
      .active(0, "TST-308", { attack: "cross" }).active(1, "DS1-001", { attack: "circle" }).steps(battle).run();
    // P2 first: P1 1000 − 300 = 700; P1's 200 with Drain: P2 700 − 200 = 500, P1 700 + 200 = 900.
    expect([r.player(0).hp, r.player(1).hp]).toEqual([900, 500]);
  });

  it("003, Battle Phase 6.2: a previously revived Digimon is worth exactly 1 KO point, even a Level M", () => {
    const r = scenario("revived mega").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-015", { attack: "circle", hp: 300, revived: true }).steps(battle).run();
    expect([r.player(0).ko, r.zone(1, "deleted")]).toEqual([1, ["DS1-015"]]);
  });

  it("003, Battle Phase 6.3: a KO'd Partner R goes to the deck, which is shuffled", () => {
    const deck = ["DS1-040", "DS1-041", "DS1-042", "DS1-044", "DS1-045", "DS1-046", "DS1-048", "DS1-049"];
    const r = scenario("partner R to deck").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-016", { attack: "circle", hp: 300 }).partner(1, "DS1-016")
      .put(1, "deck", ...deck).steps(battle).run();
    expect([r.zone(1, "active"), r.zone(1, "trash")]).toEqual([[], []]);
    expect(sorted(r.zone(1, "deck"))).toEqual(sorted([...deck, "DS1-016"]));
    expect(r.zone(1, "deck")).not.toEqual([...deck, "DS1-016"]);
  });

  it("003, Battle Phase 6.4: a KO'd Partner C from the Destiny Zone is deleted (the Partner R under it goes to the deck)", () => {
    const r = scenario("partner C deleted").turn(3, 1)
      .active(0, "DBE-R16", { attack: "circle" })
      .partner(1, "DS1-001").put(1, "hand", "DS1-001").put(1, "destinyZone", "DS1-007").set(1, { attack: "circle" })
      .put(1, "deck", "DS1-040", "DS1-041", "DS1-042", "DS1-044")
      .script(1, ["DS1-007 Greymon"])
      .steps({ t: "dbe.prep.playActive" }, { t: "dbe.prep.partnerEvolve" }, battle).run();
    // P2 first: Circle 540, Mugendramon 2400 → 1860; Mugendramon's 1200 ≥ Greymon's 1200 HP.
    expect(r.zone(1, "deleted")).toEqual(["DS1-007"]);
    expect([r.zone(1, "active"), r.zone(1, "trash")]).toEqual([[], []]);
    expect(r.zone(1, "deck")).toContain("DS1-001");
    expect(r.player(0).ko).toBe(1);
  });

  it("003, Battle Phase 6.5 / 6.6: a KO'd Level M is deleted (the U under it discarded) and its opponent gains 2 KO points", () => {
    const r = scenario("mega KO").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).stack(1, ["DS1-012", "DS1-015"], { attack: "circle", hp: 300 }).steps(battle).run();
    expect([r.zone(1, "deleted"), r.zone(1, "trash"), r.player(0).ko]).toEqual([["DS1-015"], ["DS1-012"], 2]);
  });

  it("003, Battle Phase 7: a player with 4 KO points wins", () => {
    const s = scenario("win").turn(3, 0).active(0, "DS1-001", { attack: "circle", ko: 3 }).active(1, "DS1-002", { attack: "circle", hp: 300 });
    expect(pending(s, battle)).toBeNull();
    expect(s.g.state.winner).toBe(0);
  });
});

// ─── End Phase ──────────────────────────────────────────────────────────────

describe("003 End Phase", () => {
  it("003, End Phase 1: \"End Phase\" abilities activate — Overclock's \"At End, own HP is 10\" from the Support Zone", () => {
    const r = scenario("Overclock").turn(3, 0).active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-016", { attack: "circle" })
      .support(0, "DS1-052").steps(resolve, phase1("end")).run();
    expect([powerOf(r.g, 0).circle, r.player(0).hp]).toEqual([600, 10]);
  });

  it("003, End Phase 2: the turn player (only) discards down to 6, choosing which", () => {
    const hand = ["DS1-001", "DS1-002", "DS1-003", "DS1-004", "DS1-005", "DS1-006", "DS1-009", "DS1-010"];
    const r = scenario("discard to 6").turn(3, 0).active(0, "DS1-001").active(1, "DS1-001")
      .put(0, "hand", ...hand).put(1, "hand", ...hand)
      .script(0, ["DS1-003 Monodramon", "DS1-009 Growlmon"]).steps(end).run();
    expect(r.zone(0, "trash")).toEqual(["DS1-003", "DS1-009"]);
    expect(r.zone(1, "hand")).toEqual(hand);
  });

  it("003, End Phase 3 / 3.1 / 3.2 / 4 / 5: lingering boosts and gained abilities end, a type change and the current HP stay, supports are discarded, attacks reset, the turn passes", () => {
    const s = scenario("end cleanup").turn(3, 0)
      .active(0, "DS1-016", { attack: "cross", hp: 250 }).active(1, "DS1-001", { attack: "circle" })
      .support(0, "DS1-014").support(0, "TST-305");
    const [andromon, chip] = s.g.zone(0, "support");
    // Andromon: "Change own type to Dragon. Boost own Power +200." → 460 / 390 / 200.
    expect(pending(s, sup(0, andromon!), sup(0, chip!))).toBeNull();
    expect([P(s.g, 0).power, P(s.g, 0).gained.length]).toEqual([{ circle: 460, triangle: 390, cross: 200 }, 1]);
    expect(pending(s, end)).toBeNull();
    expect([P(s.g, 0).power, P(s.g, 0).gained, P(s.g, 0).hp]).toEqual([{ circle: 260, triangle: 190, cross: 0 }, [], 250]);
    expect(typesOf(s.g, activeOf(s.g, 0)!)).toEqual(["Dragon"]);
    expect([keys(s, 0, "support"), sorted(keys(s, 0, "trash"))]).toEqual([[], ["DS1-014", "TST-305"]]);
    expect([P(s.g, 0).attack, P(s.g, 1).attack, s.g.state.turnPlayer]).toEqual([null, null, 1]);
  });

  it("003, End Phase 3.3: \"Passive\" effects remain — Greymon's Active Zone Circle +100 and Courage Crest's While-attached +100 stay, the lingering Attack Chip +300 does not", () => {
    const s = scenario("End 3.3").turn(3, 0).active(0, "DS1-007", { attack: "circle" }).put(0, "attachment", "EX-018").active(1, "DS1-001").support(0, "DBE-R20");
    expect(pending(s, sup(0, s.top(0, "support")))).toBeNull();
    // 540 + 100 (Active Zone) + 100 (While attached) + 300 (Attack Chip).
    expect(powerOf(s.g, 0).circle).toBe(1040);
    expect(pending(s, end)).toBeNull();
    expect(powerOf(s.g, 0)).toEqual({ circle: 740, triangle: 360, cross: 230 });
  });

  it("003, End Phase 3.4: an \"∞\" evo-box bonus too is a Passive — WarGreymon's \"∞ Power +100: MetalGreymon\" stays after End Phase 3", () => {
    const r = scenario("∞ bonus").turn(3, 0).active(0, "DS1-012").active(1, "DS1-016")
      .put(0, "dp", "DS1-013").put(0, "destinyZone", "DS1-015")
      .script(0, ["DS1-015 WarGreymon (40 DP)"]).steps(method, end).run();
    // 1150 / 780 / 0 printed, +100 on every attack.
    expect(r.player(0).power).toEqual({ circle: 1250, triangle: 880, cross: 100 });
  });
});

describe("003 windows (Glossary \"Any Phase\")", () => {
  it("003, Glossary \"Any Phase\": an Any Phase card is used at a phase's step 0 (\"[Timing] Effects Activate\") — Mugendramon DATA's \"Any Phase: Boost own Power +200\" from hand, then trashed", () => {
    const s = scenario("Any Phase").turn(3, 0).active(0, "DS1-001").active(1, "DS1-016").put(0, "hand", "DBE-R26");
    expect(labels(pending(s, win("prep")))).toEqual(["None", "Any Phase: DBE-R26 Mugendramon DATA"]);
    s.g.answer([1]);
    expect(s.g.advance()).toBeNull();
    expect([P(s.g, 0).power.circle, keys(s, 0, "trash")]).toEqual([500, ["DBE-R26"]]);
  });
});
