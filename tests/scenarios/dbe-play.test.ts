/**
 * Rules-accuracy scenarios for the cards in play: continuous effects (Passive, PASSIVE,
 * Active Zone, While attached, Mastery), phase abilities at step 1 of each phase, the Any
 * Phase and Support-step windows (ACTIVATE, Any Phase, Data Break, Turbo, [1/Turn], Either /
 * Any Support Phase), attachments, Proxy, flip, Access, names, Downgrade, type swaps, deletes
 * and what each player may see. Every test cites the section of `000_012504f4614e5b24.txt`
 * it checks; expected values are computed by hand from the rules text and the printed cards
 * (the arithmetic is in the comments), never copied from a run of the engine.
 *
 * Conventions: `put(p, zone, a, b, c)` puts the cards bottom first, so `c` is the top of a
 * deck or stack and the last card of a hand. Player 0 is "P1", player 1 is "P2".
 */
import { describe, expect, it } from "vitest";
import type { Task } from "../../runtime/core/engine.ts";
import type { PlayerIndex } from "../../runtime/core/state.ts";
import { P, activeOf, dpTotal } from "../../runtime/rulesets/dbe/model.ts";
import { DbeScenario } from "../../runtime/rulesets/dbe/scenario.ts";
import { powerOf } from "../../runtime/rulesets/dbe/continuous.ts";
import { typesOf } from "../../runtime/rulesets/dbe/matching.ts";
import { viewFor, visibleTo } from "../../runtime/rulesets/dbe/view.ts";
import { scenarioDb, pending, labels, keys, sup, win } from "./helpers.ts";

/** Test cards (set TST) for cases no bundled card shows. */
const TEST_CARDS = `
card TST-101 Ace Plate
  kind: Option Ace
  timing: SUPPORT
  text: Attach this to own active. While attached, Boost own Power +100.

card TST-102 Data Plate
  kind: Option DATA
  timing: DATA
  text: Any Phase: Attach this to own active. While attached, Boost own Power +100.

card TST-103 Activatemon
  kind: Digimon
  level: U
  type: Dragon
  dp: 40
  +p: 40
  hp: 1600
  circle: Trigger Blast 700
  triangle: Trigger Claw 500
  cross: Trigger Guard 300 | Drain
  timing: ACTIVATE
  text: Boost own Power +300.

card TST-104 Phasemon
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

card TST-105 HP Cutter
  kind: Option
  timing: SUPPORT
  text: Lower opponent's HP -300.

card TST-107 Void Wall
  kind: Option
  timing: SUPPORT
  text: Void opponent's Support.

card TST-108 Raidermon
  kind: Digimon
  level: C
  type: Nightmare
  dp: 30
  +p: 30
  hp: 1000
  circle: Raid Beam 500
  triangle: Raid Claw 300
  cross: Raid Guard 200 | Drain
  timing: PASSIVE
  text: At End, Delete opponent's active.

card TST-110 Drawmon
  kind: Digimon
  level: C
  type: Metal
  dp: 30
  +p: 30
  hp: 1000
  circle: Draw Beam 500
  triangle: Draw Claw 300
  cross: Draw Guard 200 | Drain
  timing: PASSIVE
  text: Draw Phase: Recover own HP +100.

card TST-109 Agunaturemon
  kind: Digimon
  level: U
  type: Nature
  dp: 30
  +p: 40
  hp: 1500
  circle: Leafy Blast 700
  triangle: Leafy Claw 500
  cross: Leafy Guard 300 | Drain
  evo: Agumon
  timing: SUPPORT
  text: Boost own Power +100.
`;

const db = scenarioDb(TEST_CARDS);






const phase1 = (phase: string): Task => ({ t: "dbe.phaseAbilities", phase });
const battle: Task = { t: "dbe.battle" };
const end: Task = { t: "dbe.end" };
/** Put a card of player `owner` into a zone of player `holder` (an attachment on the opponent's active). */
function putFor(s: DbeScenario, owner: PlayerIndex, holder: PlayerIndex, zone: string, key: string): number {
  s.put(owner, zone, key);
  const id = s.top(owner, zone);
  s.g.move(id, holder, zone);
  return id;
}

// ─── FAQ "Leaving a zone" ───────────────────────────────────────────────────

describe("FAQ \"Leaving a zone\"", () => {
  it("third bullet: EX-018 Courage Crest boosted own Circle +100, then was discarded by Shatter — the Circle does not revert (until the End Phase removes it as lingering)", () => {
    const s = new DbeScenario(db, "Courage Crest shattered").turn(3, 1)
      .active(0, "DS1-001", { attack: "circle" }).put(0, "attachment", "EX-018")
      .active(1, "DBE-R05", { attack: "cross" })
      .script(1, ["EX-018 Courage Crest"]);
    // While attached: Agumon's Circle 300 + 100 = 400.
    expect(powerOf(s.g, 0).circle).toBe(400);
    // P2 (turn player) attacks first with Dino Kick 220 | Shatter: P1 700 → 480; the hit
    // lowers all of P1's Power by the printed 220: Circle 400 → 180. P1's Circle 180 strikes
    // back: P2 1200 → 1020. Then P2 discards Courage Crest with Shatter.
    const r = s.steps(battle).run();
    expect([r.player(0).hp, r.player(1).hp]).toEqual([480, 1020]);
    expect(r.zone(0, "attachment")).toEqual([]);
    expect(r.zone(0, "trash")).toEqual(["EX-018"]);
    // Not reverted: still 180 (reverting the +100 would give 80).
    expect(powerOf(r.g, 0).circle).toBe(180);
    // End Phase 3 removes lingering effects: back to the printed 300.
    expect(pending(s, end)).toBeNull();
    expect(powerOf(s.g, 0).circle).toBe(300);
  });

  it("second bullet: BR-130 Etemon \"At End, if able, discard this active, then own HP is 10\" — still active at End Phase 1: it is discarded and the Digimon below has 10 HP", () => {
    const r = new DbeScenario(db, "Etemon at End").turn(3, 0)
      .put(0, "active", "DBE-R06").active(0, "BR-130")
      .active(1, "DS1-001")
      .steps(phase1("end")).run();
    expect(r.zone(0, "active")).toEqual(["DBE-R06"]);
    expect(r.zone(0, "trash")).toEqual(["BR-130"]);
    expect(r.player(0).hp).toBe(10);
  });

  it("second bullet: Etemon KO'd before the End Phase — nothing happens at End Phase 1", () => {
    // P2 (turn player) Mugendramon's Circle 1200 ≥ Etemon's 100 HP: KO before it attacks.
    const r = new DbeScenario(db, "Etemon KO'd").turn(3, 1)
      .put(0, "active", "DBE-R06").active(0, "BR-130", { attack: "circle", hp: 100 })
      .active(1, "DBE-R16", { attack: "circle" })
      .steps(battle, phase1("end")).run();
    expect(r.player(1).ko).toBe(1);
    expect(r.zone(0, "active")).toEqual([]);
    expect(r.events("trigger")).toEqual([]);
    expect(r.player(0).hp).toBe(0);
  });

  it("second bullet + Glossary \"Delete\": an opponent plays DBE-R21 Potty Boat to remove Etemon — the active does not change at End and its HP does not become 10; a delete is no KO", () => {
    const s = new DbeScenario(db, "Etemon potty boat").turn(3, 0)
      .put(0, "active", "DBE-R06").active(0, "BR-130")
      .active(1, "DS1-001").support(1, "DBE-R21");
    const r = s.steps(sup(1, s.top(1, "support")), phase1("end")).run();
    // Etemon is deleted; Ogremon below becomes the active with its printed 1150 HP.
    expect(r.zone(0, "deleted")).toEqual(["BR-130"]);
    expect(r.zone(0, "active")).toEqual(["DBE-R06"]);
    expect(r.player(0).hp).toBe(1150);
    expect(r.events("trigger")).toEqual([]);
    expect([r.player(0).ko, r.player(1).ko]).toEqual([0, 0]);
  });

  it("second bullet: Etemon removed from its zone while its End trigger waits (TST Raidermon's simultaneous \"At End, Delete opponent's active.\" ordered first) — Etemon's effect is voided, the HP does not become 10", () => {
    // FAQ "Simultaneous Effects" 2: both players' End abilities; the turn player (P1) orders
    // them and puts Raidermon's first (options: [Etemon, Raidermon]).
    const r = new DbeScenario(db, "Etemon pending").turn(3, 0)
      .put(0, "active", "DBE-R06").active(0, "BR-130")
      .active(1, "TST-108")
      .script(0, [1, 0])
      .steps(phase1("end")).run();
    expect(r.zone(0, "deleted")).toEqual(["BR-130"]);
    expect(r.zone(0, "active")).toEqual(["DBE-R06"]);
    expect(r.player(0).hp).toBe(1150);
  });

  it("first bullet + FAQ \"Permanents in Evolution Boxes\" (\"Void your permanent evo-bonuses if your active digimon card changes\"): GeoGreymon's \"∞ Power +40: Agumon\" stays through End Phase 3, and stops once GeoGreymon is covered by MetalGreymon", () => {
    const s = new DbeScenario(db, "permanent covered").turn(3, 0).active(0, "DS1-001").set(0, { partner: "DS1-001" })
      .put(0, "destinyZone", "DS1-008").put(0, "dp", "DS1-013").put(0, "hand", "DS1-012").active(1, "DS1-001")
      .script(0, ["DS1-008 GeoGreymon"]);
    const r = s.steps({ t: "dbe.prep.partnerEvolve" }, end).run();
    // GeoGreymon 560 / 340 / 210, + 40 each, kept after End Phase 3 (3.4).
    expect(r.player(0).power).toEqual({ circle: 600, triangle: 380, cross: 250 });
    // A later turn of P1: GeoGreymon → MetalGreymon by DP (named in its evo-box; 40 DP).
    s.g.state.turnPlayer = 0;
    const d = pending(s, { t: "dbe.evolve.method" });
    expect(labels(d)).toEqual(["No evolution", "DS1-012 MetalGreymon (40 DP)"]);
    s.g.answer([1]);
    expect(s.g.advance()).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001", "DS1-008", "DS1-012"]);
    expect(pending(s, end)).toBeNull();
    // MetalGreymon's printed 820 / 540 / 330: the +40 did not follow.
    expect(P(s.g, 0).power).toEqual({ circle: 820, triangle: 540, cross: 330 });
  });

  it("first bullet: a Passive of a Digimon covered by evolution stops (DS1-020 Sunflowmon under Lilamon: no Own Prep Phase recovery); \"Active Zone\" keeps working anywhere in the stack (DS1-007 Greymon under MetalGreymon: Circle 820 + 100)", () => {
    const covered = new DbeScenario(db, "Sunflowmon covered").turn(3, 0)
      .put(0, "active", "DS1-016", "DS1-020").active(0, "DS1-026", { hp: 1000 })
      .active(1, "DS1-001").steps(phase1("prep")).run();
    expect(covered.player(0).hp).toBe(1000);
    const s = new DbeScenario(db, "Greymon covered").turn(3, 0)
      .put(0, "active", "DS1-001", "DS1-007").active(0, "DS1-012").active(1, "DS1-001");
    expect(powerOf(s.g, 0)).toEqual({ circle: 920, triangle: 540, cross: 330 });
  });
});

// ─── FAQ "Costs vs Effects": exemptions ─────────────────────────────────────

describe("FAQ \"Costs vs Effects\" — \"Effects that exempt you from costs and ones that don't\"", () => {
  it("EX-094 UlforceVdramon (PASSIVE: \"Your HP cannot be lowered except by an attack (costs are 0).\"): Ladydevimon's \"Halve own HP: Boost own Power +500.\" meets its cost without losing HP", () => {
    const s = new DbeScenario(db, "Ulforce costs are 0").turn(3, 0)
      .active(0, "EX-094").active(1, "DS1-001").support(0, "DBE-R15").script(0, ["Yes"]);
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.player(0).hp).toBe(2300);
    // 1100 / 760 / 400, each + 500.
    expect(powerOf(r.g, 0)).toEqual({ circle: 1600, triangle: 1260, cross: 900 });
    expect(r.events("misfire")).toEqual([]);
  });

  it("without \"costs are 0\" the HP cost must still lower the HP: Ladydevimon as active halves 1700 → 850 for its +500", () => {
    const s = new DbeScenario(db, "Ladydevimon halves").turn(3, 0)
      .active(0, "DBE-R15").active(1, "DS1-001").support(0, "DBE-R15").script(0, ["Yes"]);
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.player(0).hp).toBe(850);
    expect(powerOf(r.g, 0)).toEqual({ circle: 1300, triangle: 1040, cross: 800 });
  });

  it("UlforceVdramon: an effect that would lower the HP does not (TST HP Cutter \"Lower opponent's HP -300.\"); an attack still does", () => {
    const s = new DbeScenario(db, "Ulforce effect").turn(3, 1)
      .active(0, "EX-094", { attack: "circle" }).active(1, "DBE-R16", { attack: "triangle" }).support(1, "TST-105");
    const r = s.steps(sup(1, s.top(1, "support"))).run();
    expect(r.player(0).hp).toBe(2300);
    expect(r.events("prevented").map((e) => e.player)).toEqual([0]);
    // P2 (turn player) Triangle 800: 2300 → 1500; P1 Circle 1100: 2400 → 1300.
    expect(pending(s, battle)).toBeNull();
    expect([P(s.g, 0).hp, P(s.g, 1).hp]).toEqual([1500, 1300]);
  });

  it("\"Supports cannot lower own HP\" (DS1-011 Guardromon as a support) stops a support's effect (HP Cutter) but not a cost (WarGrowlmon's \"Halve own HP: Triple own Cross Power.\")", () => {
    const s = new DbeScenario(db, "Guardromon vs costs").turn(3, 0)
      .active(0, "DS1-013").active(1, "DS1-001")
      .support(0, "DS1-011").support(0, "DS1-013").support(1, "TST-105").script(0, ["Yes"]);
    const [guard, war] = s.g.zone(0, "support");
    const r = s.steps(sup(0, guard!), sup(1, s.top(1, "support")), sup(0, war!)).run();
    // HP Cutter prevented (1800 stays), then the cost halves 1800 → 900; Cross 320 × 3 = 960.
    expect(r.events("prevented").map((e) => e.player)).toEqual([0]);
    expect(r.player(0).hp).toBe(900);
    expect(powerOf(r.g, 0).cross).toBe(960);
  });
});

// ─── FAQ "Paying DP": BIT-052 Immortalize ───────────────────────────────────

describe("FAQ \"Paying DP\" — BIT-052 Immortalize: \"Ignore DP when evolving and put all your DP below this card, then attach it to active. [Attached] Support: Pay 30 DP from this: Void an Option. Support: Pay 10 DP from this: Void a Digimon Support.\"", () => {
  // A sentence is offered by its text, timing labels included (compiler/check/text.ts).
  const pay10 = "BIT-052 Immortalize: Support: Pay 10 DP from this: Void a Digimon Support.";
  const pay30 = "BIT-052 Immortalize: [Attached] Support: Pay 30 DP from this: Void an Option.";
  /** P1's Greymon with Immortalize attached and a 10 +P and a 20 +P card below it. */
  function immortalized(name: string): DbeScenario {
    const s = new DbeScenario(db, name).turn(3, 0).active(0, "DS1-007").active(1, "DS1-001");
    const imm = putFor(s, 0, 0, "attachment", "BIT-052");
    for (const k of ["DS1-032", "DS1-002"]) {
      s.put(0, "under", k);
      s.g.card(s.top(0, "under")).vars.under = imm;
    }
    return s;
  }

  it("Evolution Phase 5.3.1 / 5.3.10 + FAQ \"Paying DP\": evolving by DP with Immortalize as the EVOLVE card — the DP (10 + 20) goes below it, it is attached, DP is ignored (Greymon's 30 is not discarded) and the cards below still count as DP (5.3.3.7)", () => {
    const r = new DbeScenario(db, "Immortalize evolve").turn(3, 0)
      .active(0, "DS1-001").active(1, "DS1-001")
      .put(0, "dp", "DS1-032", "DS1-002").put(0, "hand", "BIT-052", "DS1-007").put(0, "deck", "DS1-016", "DS1-017")
      .script(0, ["By DP with an EVOLVE card"], ["BIT-052 Immortalize"])
      .steps({ t: "dbe.evolve.method" }).run();
    expect(r.zone(0, "active")).toEqual(["DS1-001", "DS1-007"]);
    expect(r.zone(0, "attachment")).toEqual(["BIT-052"]);
    expect(r.zone(0, "under")).toEqual(["DS1-032", "DS1-002"]);
    expect(r.zone(0, "dp")).toEqual([]);
    expect(r.zone(0, "trash")).toEqual([]);
    expect(dpTotal(r.g, 0)).toBe(30);
  });

  it("\"you can afford the cost to void 3 Digimon Supports\": Pay 10 three times (30 → 20 → 10 → 0), the fourth cannot be paid; no card below is discarded", () => {
    const s = immortalized("Immortalize pay 10 ×3").support(1, "DS1-016")
      .script(0, [pay10], ["Yes"], [pay10], ["Yes"], [pay10], ["Yes"], [pay10], ["Yes"], ["None"]);
    const r = s.steps(win("support")).run();
    expect(r.player(1).voidedCards).toEqual([s.top(1, "support")]);
    expect(r.zone(0, "under")).toEqual(["DS1-032", "DS1-002"]);
    expect(r.zone(0, "trash")).toEqual([]);
    expect(dpTotal(r.g, 0)).toBe(0);
    // The fourth payment misfires: 0 DP tracked (FAQ: "When it has 0 DP, the costs can't be used").
    expect(r.events("misfire")).toHaveLength(1);
  });

  it("\"… OR void 1 Option\": Pay 30 voids the opponent's Option support (Attack Chip does not resolve); afterwards Pay 10 cannot be paid", () => {
    const s = immortalized("Immortalize pay 30").set(0, { attack: "circle" }).set(1, { attack: "circle" }).support(1, "DBE-R20")
      .script(0, [pay30], ["Yes"], [pay10], ["Yes"], ["None"]);
    const r = s.steps(win("support"), { t: "dbe.support.resolve" }).run();
    expect(r.player(1).power).toEqual({ circle: 300, triangle: 190, cross: 100 });
    expect(dpTotal(r.g, 0)).toBe(0);
    expect(r.zone(0, "under")).toEqual(["DS1-032", "DS1-002"]);
    expect(r.events("misfire")).toHaveLength(1);
  });

  it("FAQ \"Paying DP\": \"Pay 20 DP\" from own DP (DS1-048 DP Converter) reduces the DP total by 20 — the DP cards are not discarded; FAQ \"Discard any\": the effect's owner chooses the opponent's DP card", () => {
    const s = new DbeScenario(db, "DP Converter").turn(3, 0).active(0, "DS1-001").active(1, "DS1-001")
      .put(0, "dp", "DS1-016", "DS1-019").put(0, "deck", "DS1-040", "DS1-041", "DS1-042").put(1, "dp", "DS1-001", "DS1-019")
      .support(0, "DS1-048").script(0, ["Yes"], ["DS1-019 Gomamon"]);
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(0, "dp")).toEqual(["DS1-016", "DS1-019"]);
    expect(dpTotal(r.g, 0)).toBe(40 - 20);
    expect(r.zone(0, "hand")).toEqual(["DS1-042", "DS1-041"]);
    // "Discard any 1 in opponent's DP": P1 (the effect's owner) chose P2's Gomamon.
    expect(r.zone(1, "dp")).toEqual(["DS1-001"]);
    expect(r.zone(1, "trash")).toEqual(["DS1-019"]);
  });
});

// ─── Phase abilities: step 1 of each phase ──────────────────────────────────

describe("Step 1 of each phase: \"… abilities on cards in play activate now\"", () => {
  it("Prep Phase 1 + FAQ \"lowercase timings\" (\"Own Prep Phase\"): DS1-020 Sunflowmon recovers +100 on its own turn only", () => {
    const own = new DbeScenario(db, "Sunflowmon own").turn(3, 0).active(0, "DS1-020", { hp: 900 }).active(1, "DS1-001").steps(phase1("prep")).run();
    expect(own.player(0).hp).toBe(1000);
    const theirs = new DbeScenario(db, "Sunflowmon theirs").turn(3, 1).active(0, "DS1-020", { hp: 900 }).active(1, "DS1-001").steps(phase1("prep")).run();
    expect(theirs.player(0).hp).toBe(900);
  });

  it("Prep Phase 1 + FAQ \"lowercase timings\" (\"Prep Phase: (same as 'Draw Phase:', outdated)\"): a \"Draw Phase\" ability (TST Drawmon, +100 HP) activates at Prep Phase 1 — on either player's turn", () => {
    const own = new DbeScenario(db, "Draw Phase own").turn(3, 0).active(0, "TST-110", { hp: 500 }).active(1, "DS1-001").steps(phase1("prep")).run();
    expect(own.player(0).hp).toBe(600);
    const theirs = new DbeScenario(db, "Draw Phase theirs").turn(3, 1).active(0, "TST-110", { hp: 500 }).active(1, "DS1-001").steps(phase1("prep")).run();
    expect(theirs.player(0).hp).toBe(600);
  });

  it("Prep Phase 1 + Pre-Game Setup 2: the Mastery card on the Destiny Zone works from there (DS1-039 Dragon Mastery \"Passive, Own Prep Phase: If own type is Dragon, Boost own Power +100.\")", () => {
    const dragon = new DbeScenario(db, "Dragon Mastery").turn(3, 0).active(0, "DS1-001").put(0, "destinyZone", "DS1-015", "DS1-039").active(1, "DS1-001")
      .steps(phase1("prep")).run();
    expect(powerOf(dragon.g, 0)).toEqual({ circle: 400, triangle: 290, cross: 200 });
    const nature = new DbeScenario(db, "Dragon Mastery, Nature").turn(3, 0).active(0, "DS1-016").put(0, "destinyZone", "DS1-039").active(1, "DS1-001")
      .steps(phase1("prep")).run();
    expect(powerOf(nature.g, 0)).toEqual({ circle: 260, triangle: 190, cross: 0 });
    expect(nature.events("misfire")).toHaveLength(1);
  });

  it("Pre-Game Setup 2 + FAQ \"lowercase timings\" (\"Passive\"): a Mastery's \"Passive, When opponent discards\" works from the Destiny Zone (DS1-045 Nature Mastery: +100 HP when the opponent discards for Guilmon's cost)", () => {
    const s = new DbeScenario(db, "Nature Mastery").turn(3, 1)
      .active(0, "DS1-016", { hp: 500 }).put(0, "destinyZone", "DS1-045").active(1, "DS1-002")
      .put(1, "hand", "DS1-001").support(1, "DS1-002").script(1, ["Yes"]);
    const r = s.steps(sup(1, s.top(1, "support"))).run();
    expect(r.player(0).hp).toBe(600);
    expect(powerOf(r.g, 1).circle).toBe(290 + 300);
  });

  it("Evolution Phase 1 + FAQ \"Simultaneous Effects\" 2: DS1-011 Guardromon's \"Evolve Phase: Recover own HP +100.\" triggers for both players; the turn player orders both players' effects", () => {
    const r = new DbeScenario(db, "Guardromon both").turn(3, 1)
      .active(0, "DS1-011", { hp: 1000 }).active(1, "DS1-011", { hp: 1000 })
      .script(1, [1, 0]).steps(phase1("evolve")).run();
    // Options in order [P2's (turn player), P1's]; P2 puts P1's first.
    expect(r.events("recover").map((e) => e.player)).toEqual([0, 1]);
    expect([r.player(0).hp, r.player(1).hp]).toEqual([1100, 1100]);
  });

  it("Support Phase 1: \"Support Phase\" abilities activate (TST Phasemon: Boost own Power +100)", () => {
    const r = new DbeScenario(db, "Support Phase 1").turn(3, 1).active(0, "TST-104").active(1, "DS1-001").steps(phase1("support")).run();
    expect(powerOf(r.g, 0)).toEqual({ circle: 600, triangle: 400, cross: 300 });
  });

  it("Battle Phase 1: \"Battle Phase\" abilities activate (Phasemon +100 HP); its \"Prep Phase\" ability does not trigger a second time (reading: it triggered at Prep Phase 1)", () => {
    const r = new DbeScenario(db, "Battle Phase 1").turn(3, 0).active(0, "TST-104").active(1, "DS1-001").steps(phase1("prep"), phase1("battle")).run();
    // 1000 + 10 (Prep Phase 1) + 100 (Battle Phase 1).
    expect(r.player(0).hp).toBe(1110);
    expect(r.events("recover")).toHaveLength(2);
  });

  it("End Phase 1: an End ability of a support in the Support Zone activates (DS1-052 Overclock \"Double own Power. At End, own HP is 10.\"); a voided Overclock does nothing", () => {
    const s = new DbeScenario(db, "Overclock").turn(3, 0).active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-016", { attack: "circle" }).support(0, "DS1-052");
    const r = s.steps({ t: "dbe.support.resolve" }, phase1("end")).run();
    expect(powerOf(r.g, 0).circle).toBe(600);
    expect(r.player(0).hp).toBe(10);
    const v = new DbeScenario(db, "Overclock voided").turn(3, 0).active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-016", { attack: "circle" })
      .support(0, "DS1-052").support(1, "TST-107").steps({ t: "dbe.support.resolve" }, phase1("end")).run();
    expect(powerOf(v.g, 0).circle).toBe(300);
    expect(v.player(0).hp).toBe(700);
  });

  it("End Phase 3.3: \"Passive\" effects remain — Greymon's Active Zone Circle +100 and Courage Crest's While-attached +100 stay after End Phase 3, the lingering Attack Chip +300 does not", () => {
    const s = new DbeScenario(db, "End 3.3").turn(3, 0).active(0, "DS1-007", { attack: "circle" }).put(0, "attachment", "EX-018").active(1, "DS1-001").support(0, "DBE-R20");
    expect(pending(s, sup(0, s.top(0, "support")))).toBeNull();
    // 540 + 100 (Active Zone) + 100 (While attached) + 300 (Attack Chip).
    expect(powerOf(s.g, 0).circle).toBe(1040);
    expect(pending(s, end)).toBeNull();
    expect(powerOf(s.g, 0)).toEqual({ circle: 740, triangle: 360, cross: 230 });
  });
});

// ─── Windows: ACTIVATE, Any Phase, Data Break, Turbo, [1/Turn] ───────────────

describe("FAQ \"ACTIVATE timing\" / \"Card timing and effect timing\" (ACTIVATE)", () => {
  it("the turn player's active uses it at an Any Phase step (DS1-015 WarGreymon: Double own Power and Get 1st Attack); once per game per card — not offered again at the next window nor on a later turn", () => {
    const s = new DbeScenario(db, "WarGreymon ACTIVATE").turn(3, 0).active(0, "DS1-015").active(1, "DS1-001")
      .script(0, ["ACTIVATE DS1-015 WarGreymon"]);
    const r = s.steps(win("prep"), win("evolve")).run();
    expect(powerOf(r.g, 0)).toEqual({ circle: 2300, triangle: 1560, cross: 0 });
    expect(r.player(0).gained.map((x) => x.ability.kind)).toEqual(["firstAttack"]);
    s.g.state.turn = 5;
    expect(pending(s, win("prep"))).toBeNull();
  });

  it("not the non-turn player: P2's WarGreymon is not offered on P1's turn", () => {
    const s = new DbeScenario(db, "ACTIVATE non-turn").turn(3, 0).active(0, "DS1-001").active(1, "DS1-015");
    expect(pending(s, win("prep"), win("battle"))).toBeNull();
  });

  it("\"or during their Support Phase at the Support step\": ACTIVATE is offered in the Support step — and so is Data Break, which has its timing (FAQ \"DATA timing\"); the Any Phase effect is not", () => {
    const s = new DbeScenario(db, "ACTIVATE support step").turn(3, 0).active(0, "DS1-015").put(0, "destinyZone", "DS1-015").put(0, "hand", "DS1-037").active(1, "DS1-001");
    expect(labels(pending(s, win("support")))).toEqual(["None", "ACTIVATE DS1-015 WarGreymon", "Data Break: DS1-037 WarGreymon DATA"]);
  });

  it("\"it will always be deleted when it next leaves its current zone\": an activated non-Mega (TST Activatemon) is deleted by Downgrade Ray; one never activated is discarded", () => {
    const s = new DbeScenario(db, "ACTIVATE then leave").turn(3, 0).put(0, "active", "DS1-007").active(0, "TST-103").active(1, "DS1-001")
      .support(1, "DS1-049").script(0, ["ACTIVATE TST-103 Activatemon"]);
    const r = s.steps(win("prep"), sup(1, s.top(1, "support"))).run();
    expect(r.zone(0, "deleted")).toEqual(["TST-103"]);
    expect(r.zone(0, "active")).toEqual(["DS1-007"]);
    const t = new DbeScenario(db, "not activated, leave").turn(3, 0).put(0, "active", "DS1-007").active(0, "TST-103").active(1, "DS1-001").support(1, "DS1-049");
    const r2 = t.steps(sup(1, t.top(1, "support"))).run();
    expect(r2.zone(0, "trash")).toEqual(["TST-103"]);
    expect(r2.zone(0, "deleted")).toEqual([]);
  });
});

describe("Glossary \"Any Phase\" + FAQ \"No-Zone cards\"", () => {
  it("DS1-046 Data Scan (\"Any Phase: Corrupt 3. Static 2.\") is played from hand to no zone at Prep Phase step 1, resolves, and is trashed; the other player may use Any Phase cards too", () => {
    const s = new DbeScenario(db, "Data Scan").turn(3, 0).active(0, "DS1-001").active(1, "DS1-001")
      .put(1, "hand", "DS1-046").put(0, "trash", "DS1-002", "DS1-003", "DS1-004").put(0, "deck", "DS1-005", "DS1-006", "DS1-009")
      // Corrupt 3 (Glossary "Corrupt X"): P2 keeps BlackAgumon on top of P1's deck, the other
      // two go to the bottom in their order (009 above 006).
      .script(1, ["Any Phase: DS1-046 Data Scan"], ["DS1-005 BlackAgumon"]);
    const r = s.steps(win("prep")).run();
    expect(r.zone(0, "deck")).toEqual(["DS1-006", "DS1-009", "DS1-005"]);
    // Static 2 deletes the bottom 2 of P1's trash.
    expect(r.zone(0, "deleted")).toEqual(["DS1-002", "DS1-003"]);
    expect(r.zone(0, "trash")).toEqual(["DS1-004"]);
    expect(r.zone(1, "hand")).toEqual([]);
    expect(r.zone(1, "noZone")).toEqual([]);
    expect(r.zone(1, "trash")).toEqual(["DS1-046"]);
  });

  it("Support Phase 1 is an Any Phase step too: Data Scan is offered before the supports are played", () => {
    const s = new DbeScenario(db, "Any Phase support 1").turn(3, 0).active(0, "DS1-001").active(1, "DS1-001").put(0, "hand", "DS1-046");
    expect(labels(pending(s, win("support", 1)))).toEqual(["None", "Any Phase: DS1-046 Data Scan"]);
  });

  it("the Support step is not an Any Phase step: Data Scan is not offered there", () => {
    const s = new DbeScenario(db, "Any Phase not support step").turn(3, 0).active(0, "DS1-001").active(1, "DS1-001").put(0, "hand", "DS1-046");
    expect(pending(s, win("support"))).toBeNull();
  });
});

describe("Glossary \"DATA\" / \"Data Break\"", () => {
  it("Data Break deletes own Level M from the Destiny Zone as its cost (DS1-037 WarGreymon DATA: Boost own Power +500 and Get 1st Attack)", () => {
    const s = new DbeScenario(db, "Data Break").turn(3, 0).active(0, "DS1-001").put(0, "destinyZone", "DS1-015").put(0, "hand", "DS1-037").active(1, "DS1-001");
    expect(labels(pending(s, win("prep")))).toEqual(["None", "Any Phase: DS1-037 WarGreymon DATA", "Data Break: DS1-037 WarGreymon DATA"]);
    s.g.answer([2]);
    expect(s.g.advance()).toBeNull();
    expect(keys(s, 0, "deleted")).toEqual(["DS1-015"]);
    expect(keys(s, 0, "destinyZone")).toEqual([]);
    expect(keys(s, 0, "trash")).toEqual(["DS1-037"]);
    expect(powerOf(s.g, 0)).toEqual({ circle: 800, triangle: 690, cross: 600 });
    expect(P(s.g, 0).gained.map((x) => x.ability.kind)).toEqual(["firstAttack"]);
  });

  it("\"If the Level M is not present … the Data Break cannot be activated\" (only its Any Phase effect is offered); nor by the non-turn player (ACTIVATE timing)", () => {
    const none = new DbeScenario(db, "no Level M").turn(3, 0).active(0, "DS1-001").put(0, "hand", "DS1-037").active(1, "DS1-001");
    expect(labels(pending(none, win("prep")))).toEqual(["None", "Any Phase: DS1-037 WarGreymon DATA"]);
    const off = new DbeScenario(db, "Data Break off turn").turn(3, 1).active(0, "DS1-001").put(0, "destinyZone", "DS1-015").put(0, "hand", "DS1-037").active(1, "DS1-001");
    const d = pending(off, win("prep"));
    expect([d?.player, labels(d)]).toEqual([0, ["None", "Any Phase: DS1-037 WarGreymon DATA"]]);
  });

  it("the Any Phase effect of a DATA card: +200 and the card is trashed", () => {
    const r = new DbeScenario(db, "DATA Any Phase").turn(3, 0).active(0, "DS1-001").put(0, "hand", "DS1-037").active(1, "DS1-001")
      .script(0, ["Any Phase: DS1-037 WarGreymon DATA"]).steps(win("evolve")).run();
    expect(powerOf(r.g, 0)).toEqual({ circle: 500, triangle: 390, cross: 300 });
    expect(r.zone(0, "trash")).toEqual(["DS1-037"]);
  });
});

describe("Glossary \"Turbo\" 1–3", () => {
  it("1. \"Turbo: Discard 1.\" (DS1-033 Burst Drive) at an Any Phase step: discard 1 as the cost, then Circle +300", () => {
    const r = new DbeScenario(db, "Turbo 1").turn(3, 0).active(0, "DS1-001").put(0, "hand", "DS1-033", "DS1-002").active(1, "DS1-001")
      .script(0, ["Turbo: DS1-033 Burst Drive"]).steps(win("prep")).run();
    expect(powerOf(r.g, 0).circle).toBe(600);
    expect(r.zone(0, "hand")).toEqual([]);
    expect(r.zone(0, "trash")).toEqual(["DS1-002", "DS1-033"]);
  });

  it("1. the Turbo card cannot discard itself: alone in hand its cost is not met, it stays in hand and nothing resolves", () => {
    const r = new DbeScenario(db, "Turbo 1 alone").turn(3, 0).active(0, "DS1-001").put(0, "hand", "DS1-033").active(1, "DS1-001")
      // After its cost failed, the Turbo is not offered again in this window (so no second question).
      .script(0, ["Turbo: DS1-033 Burst Drive"]).steps(win("prep")).run();
    expect(powerOf(r.g, 0).circle).toBe(300);
    expect(r.zone(0, "hand")).toEqual(["DS1-033"]);
    expect(r.zone(0, "trash")).toEqual([]);
    expect(r.events("misfire")).toHaveLength(1);
  });

  it("2. \"Turbo Evolve, if own Level is lower.\" (DS1-040 Leaf Bandage): offered at Evolution Phase 1 when own Level is lower (R vs C), not at another phase, not when the Levels are equal", () => {
    const s = new DbeScenario(db, "Turbo 2").turn(3, 0).active(0, "DS1-016", { hp: 300 }).put(0, "hand", "DS1-040").active(1, "DS1-007");
    expect(pending(s, win("prep"))).toBeNull();
    expect(labels(pending(s, win("evolve")))).toEqual(["None", "Turbo: DS1-040 Leaf Bandage"]);
    s.g.answer([1]);
    expect(s.g.advance()).toBeNull();
    // 300 + 300 = 600; "If own HP is less than 500" then misfires.
    expect(P(s.g, 0).hp).toBe(600);
    const eq = new DbeScenario(db, "Turbo 2 equal").turn(3, 0).active(0, "DS1-016", { hp: 300 }).put(0, "hand", "DS1-040").active(1, "DS1-001");
    expect(pending(eq, win("evolve"))).toBeNull();
  });

  it("3. \"Turbo Support and Boost opponent's Power +200.\" (DS1-034 Flame Charge): usable in a Support Phase window with the added risk — opponent +200, then Get 1st Attack; not at other phases", () => {
    const s = new DbeScenario(db, "Turbo 3").turn(3, 0).active(0, "DS1-001").put(0, "hand", "DS1-034").active(1, "DS1-016");
    expect(pending(s, win("prep"))).toBeNull();
    expect(labels(pending(s, win("support")))).toEqual(["None", "Turbo: DS1-034 Flame Charge"]);
    s.g.answer([1]);
    expect(s.g.advance()).toBeNull();
    expect(powerOf(s.g, 1)).toEqual({ circle: 460, triangle: 390, cross: 200 });
    expect(P(s.g, 0).gained.map((x) => x.ability.kind)).toEqual(["firstAttack"]);
    expect(keys(s, 0, "trash")).toEqual(["DS1-034"]);
  });
});

describe("Glossary \"[1/Turn]\" (DS1-047 Thorn Vest: \"While attached, [1/Turn] Discard 1: Recover own HP +200.\")", () => {
  const vest = "DS1-047 Thorn Vest: While attached, [1/Turn] Discard 1: Recover own HP +200.";
  it("usable once per turn: used at Prep Phase 1, not offered at Evolution Phase 1; offered again on the next turn", () => {
    const s = new DbeScenario(db, "Thorn Vest").turn(3, 0).active(0, "DS1-016", { hp: 300 }).put(0, "attachment", "DS1-047")
      .put(0, "hand", "DS1-001", "DS1-019").active(1, "DS1-001")
      .script(0, [vest], ["Yes"], ["DS1-001 Agumon"]);
    const r = s.steps(win("prep"), win("evolve")).run();
    expect(r.player(0).hp).toBe(500);
    expect(r.zone(0, "trash")).toEqual(["DS1-001"]);
    s.g.state.turn = 4;
    expect(labels(pending(s, win("prep")))).toEqual(["None", vest]);
  });

  it("Glossary \"Attach\" conditions: Thorn Vest \"Attach this to own Nature.\" cannot be attached to a Dragon (misfire)", () => {
    const s = new DbeScenario(db, "Thorn Vest on Dragon").turn(3, 0).active(0, "DS1-001").active(1, "DS1-001").support(0, "DS1-047");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(0, "attachment")).toEqual([]);
    expect(r.zone(0, "support")).toEqual(["DS1-047"]);
    expect(r.events("misfire")).toHaveLength(1);
  });
});

describe("FAQ \"lowercase timings\": Either / Any Support Phase", () => {
  it("DS1-041 Thorn Barrier (\"Either Support Phase: Void an Option. Draw 1.\") played by the non-turn player at the Support step voids the turn player's Option support; it goes to no zone, then the trash", () => {
    const s = new DbeScenario(db, "Thorn Barrier").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-016", { attack: "circle" })
      .support(0, "DBE-R20").put(1, "hand", "DS1-041").put(1, "deck", "DS1-017")
      .script(1, ["Support Phase: DS1-041 Thorn Barrier"]);
    const r = s.steps(win("support"), { t: "dbe.support.resolve" }).run();
    expect(powerOf(r.g, 0)).toEqual({ circle: 300, triangle: 190, cross: 100 });
    expect(r.zone(1, "hand")).toEqual(["DS1-017"]);
    expect(r.zone(1, "trash")).toEqual(["DS1-041"]);
    // Not an Any Phase card: not offered at Prep Phase 1.
    const t = new DbeScenario(db, "Thorn Barrier prep").turn(3, 0).active(0, "DS1-001").active(1, "DS1-016").put(1, "hand", "DS1-041");
    expect(pending(t, win("prep"))).toBeNull();
  });
});

describe("FAQ \"lowercase timings\": \"Any Support Phase: Treated as both 'Support' and 'Any Phase'\"", () => {
  it("DS1-021 Togemon (EFFECT, \"Any Support Phase: Halve opponent's Cross Power.\") is offered at Support Phase 1 and at the Support step — on the opponent's turn too — not at another phase; played to no zone, then trashed", () => {
    const s = new DbeScenario(db, "Togemon").turn(3, 0).active(0, "DS1-001").active(1, "DS1-016").put(1, "hand", "DS1-021");
    expect(pending(s, win("prep"))).toBeNull();
    const d = pending(s, win("support", 1));
    expect([d?.player, labels(d)]).toEqual([1, ["None", "Support Phase: DS1-021 Togemon"]]);
    s.g.answer([0]);
    const d2 = s.g.advance();
    expect(d2).toBeNull();
    const e = pending(s, win("support"));
    expect([e?.player, labels(e)]).toEqual([1, ["None", "Support Phase: DS1-021 Togemon"]]);
    s.g.answer([1]);
    expect(s.g.advance()).toBeNull();
    // Agumon's Cross 100 halved.
    expect(powerOf(s.g, 0).cross).toBe(50);
    expect(keys(s, 1, "trash")).toEqual(["DS1-021"]);
  });
});

// ─── Attachments ────────────────────────────────────────────────────────────

describe("Glossary \"Attach\" / \"Attachment Slot\" + FAQ \"Attachment conditions\"", () => {
  it("EX-018 Courage Crest attaches to own active: Circle +100 while attached; it stays out (not discarded with the supports at End Phase 4)", () => {
    const s = new DbeScenario(db, "Courage Crest").turn(3, 0).active(0, "DS1-001").active(1, "DS1-001").support(0, "EX-018");
    const r = s.steps(sup(0, s.top(0, "support")), end).run();
    expect(r.zone(0, "attachment")).toEqual(["EX-018"]);
    expect(r.zone(0, "trash")).toEqual([]);
    expect(powerOf(r.g, 0)).toEqual({ circle: 400, triangle: 190, cross: 100 });
  });

  it("one slot: attaching DS1-035 Iron Scale discards Courage Crest and replaces it (Crest's +100 already applied is not reverted: FAQ \"Leaving a zone\")", () => {
    const s = new DbeScenario(db, "replace attachment").turn(3, 0).active(0, "DS1-001").put(0, "attachment", "EX-018").active(1, "DS1-001").support(0, "DS1-035");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(0, "attachment")).toEqual(["DS1-035"]);
    expect(r.zone(0, "trash")).toEqual(["EX-018"]);
    // 300 / 190 / 100 + Iron Scale 100 each + Crest's 100 on Circle kept.
    expect(powerOf(r.g, 0)).toEqual({ circle: 500, triangle: 290, cross: 200 });
  });

  it("Iron Scale \"Attach this to own Dragon.\" needs an own Dragon: not attached to Lalamon (Nature)", () => {
    const s = new DbeScenario(db, "Iron Scale on Nature").turn(3, 0).active(0, "DS1-016").active(1, "DS1-001").support(0, "DS1-035");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(0, "attachment")).toEqual([]);
    expect(powerOf(r.g, 0)).toEqual({ circle: 260, triangle: 190, cross: 0 });
  });

  it("FAQ \"Attachment conditions\" step 2: DBE-R05 Tyrannomon (\"Attach Vademon from deck to own Dragon.\") cannot attach Vademon, whose scope is \"opponent\"", () => {
    const s = new DbeScenario(db, "Tyrannomon Vademon").turn(3, 0).active(0, "DBE-R05").active(1, "DS1-001").put(0, "deck", "DBE-R14").support(0, "DBE-R05");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(0, "attachment")).toEqual([]);
    expect(r.zone(1, "attachment")).toEqual([]);
    expect(r.zone(0, "deck")).toEqual(["DBE-R14"]);
    expect(r.events("misfire")).toHaveLength(1);
  });

  it("DBE-R14 Vademon played normally attaches to the opponent's active (its scope): the opponent's Power -100 while attached", () => {
    const s = new DbeScenario(db, "Vademon").turn(3, 0).active(0, "DS1-001").active(1, "DS1-016").support(0, "DBE-R14");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(1, "attachment")).toEqual(["DBE-R14"]);
    expect(powerOf(r.g, 1)).toEqual({ circle: 160, triangle: 90, cross: 0 });
    expect(powerOf(r.g, 0)).toEqual({ circle: 300, triangle: 190, cross: 100 });
  });

  it("Battle Phase 6.1 / Glossary \"Attachment Slot\": a KO'd Digimon's attachments are all discarded, each to its owner's trash", () => {
    const s = new DbeScenario(db, "KO attachments").turn(3, 0).active(0, "DBE-R16", { attack: "circle" }).active(1, "DS1-001", { attack: "circle", hp: 300 });
    putFor(s, 0, 1, "attachment", "DBE-R14");
    const r = s.steps(battle).run();
    expect(r.zone(1, "attachment")).toEqual([]);
    expect(r.zone(0, "trash")).toEqual(["DBE-R14"]);
    expect(r.zone(1, "trash")).toEqual(["DS1-001"]);
    const own = new DbeScenario(db, "KO own attachment").turn(3, 0).active(0, "DBE-R16", { attack: "circle" })
      .active(1, "DS1-001", { attack: "circle", hp: 300 }).put(1, "attachment", "DS1-035").steps(battle).run();
    expect(own.zone(1, "attachment")).toEqual([]);
    expect(own.zone(1, "trash")).toEqual(["DS1-001", "DS1-035"]);
  });

  it("Attack Abilities \"Attach D/T/H\": DS1-022 Woodmon's Attach T offers only cards it could attach as if played normally — not Iron Scale (own Dragon), nor the Ace, Firewall or DATA cards; Vademon goes to the opponent", () => {
    const s = new DbeScenario(db, "Attach T").turn(3, 0).active(0, "DS1-022", { attack: "cross" }).active(1, "DS1-001", { attack: "circle" })
      .put(0, "trash", "DS1-035", "DS1-047", "TST-101", "BIT-052", "TST-102", "DBE-R14");
    const d = pending(s, battle);
    // Woodmon Cross 180: Agumon 700 → 520; Agumon Circle 300: Woodmon 1300 → 1000.
    expect([P(s.g, 0).hp, P(s.g, 1).hp]).toEqual([1000, 520]);
    expect([d?.player, labels(d)]).toEqual([0, ["None", "DS1-047 Thorn Vest", "DBE-R14 Vademon"]]);
    s.g.answer([2]);
    expect(s.g.advance()).toBeNull();
    expect(keys(s, 1, "attachment")).toEqual(["DBE-R14"]);
    expect(powerOf(s.g, 1).circle).toBe(200);
  });
});

// ─── Proxy, flip, Access, names, Downgrade, types ────────────────────────────

describe("Glossary \"Proxy\" + FAQ \"DZ Proxy\"", () => {
  it("discard the Partner from hand: the Proxy (DS1-044 Sincerity Tag) goes from the Destiny Zone to the Support Zone, resolves as a support (Togemon: +500 HP and Counter Circle), and is deleted after use", () => {
    const s = new DbeScenario(db, "Proxy").turn(3, 0).set(0, { partner: "DS1-016" })
      .active(0, "DS1-021", { attack: "cross", hp: 600 }).active(1, "DS1-001", { attack: "circle" })
      .put(0, "hand", "DS1-016").put(0, "destinyZone", "DS1-044")
      .script(0, ["Proxy: DS1-044 Sincerity Tag (discard DS1-016 Lalamon)"]);
    const r = s.steps({ t: "dbe.support.play", p: 0 }, { t: "dbe.support.resolve" }).run();
    expect(r.zone(0, "trash")).toEqual(["DS1-016"]);
    expect(r.player(0).hp).toBe(1100);
    expect(r.player(0).gained.map((x) => x.ability)).toEqual([{ kind: "counter", attack: "circle" }]);
    expect(pending(s, end)).toBeNull();
    expect(keys(s, 0, "deleted")).toEqual(["DS1-044"]);
    expect(keys(s, 0, "trash")).toEqual(["DS1-016"]);
  });

  it("without the Partner in hand no Proxy is offered", () => {
    const s = new DbeScenario(db, "no Proxy").turn(3, 0).set(0, { partner: "DS1-016" })
      .active(0, "DS1-021").active(1, "DS1-001").put(0, "hand", "DS1-001").put(0, "destinyZone", "DS1-044");
    expect(labels(pending(s, { t: "dbe.support.play", p: 0 }))).toEqual(["No support", "DS1-001 Agumon"]);
  });
});

describe("Glossary \"Flip\"", () => {
  it("DS1-043 Sun Charm (Star, initial side): Boost own Power +200, then it flips to its Moon side (Moon Charm); played as Moon Charm it recovers +200 and flips back", () => {
    const s = new DbeScenario(db, "Sun Charm").turn(3, 0).active(0, "DS1-001", { hp: 500 }).active(1, "DS1-001").support(0, "DS1-043");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(powerOf(r.g, 0).circle).toBe(500);
    expect(r.zone(0, "support")).toEqual(["DS1-043/Moon"]);
    expect(r.player(0).hp).toBe(500);
    const m = new DbeScenario(db, "Moon Charm").turn(3, 0).active(0, "DS1-001", { hp: 500 }).active(1, "DS1-001").support(0, "DS1-043/Moon");
    const r2 = m.steps(sup(0, m.top(0, "support"))).run();
    expect(r2.player(0).hp).toBe(700);
    expect(powerOf(r2.g, 0).circle).toBe(300);
    expect(r2.zone(0, "support")).toEqual(["DS1-043/Star"]);
  });
});

describe("Glossary \"Access\" (DS1-018 Tentomon: \"Access [Jungle]: Boost own Power +300.\")", () => {
  it("with a Jungle card in hand it is revealed and the effect resolves", () => {
    const s = new DbeScenario(db, "Access").turn(3, 0).active(0, "DS1-018").active(1, "DS1-001").put(0, "hand", "DS1-001", "DS1-023").support(0, "DS1-018");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(powerOf(r.g, 0)).toEqual({ circle: 570, triangle: 490, cross: 400 });
    expect(r.events("reveal").map((e) => e.data.cards)).toEqual([[s.g.zone(0, "hand")[1]]]);
    expect(r.zone(0, "hand")).toEqual(["DS1-001", "DS1-023"]);
  });
  it("without one the effect misfires", () => {
    const s = new DbeScenario(db, "Access none").turn(3, 0).active(0, "DS1-018").active(1, "DS1-001").put(0, "hand", "DS1-001").support(0, "DS1-018");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(powerOf(r.g, 0).circle).toBe(270);
    expect(r.events("misfire")).toHaveLength(1);
  });
});

describe("Glossary \"Also counts as [Name]\" (DS1-005 BlackAgumon: \"(Also counts as [Agumon].)\")", () => {
  it("an evo-box naming Agumon ignores type and level for BlackAgumon (TST Agunaturemon, Nature U) — and Greymon's evo-bonus \"Draw 2: Agumon\" qualifies", () => {
    const s = new DbeScenario(db, "BlackAgumon").turn(3, 0).active(0, "DS1-005").active(1, "DS1-001")
      .put(0, "dp", "DS1-001", "DS1-002").put(0, "hand", "TST-109", "DS1-007").put(0, "deck", "DS1-016", "DS1-017", "DS1-019");
    expect(labels(pending(s, { t: "dbe.evolve.method" }))).toEqual(["No evolution", "TST-109 Agunaturemon (30 DP)", "DS1-007 Greymon (30 DP)"]);
    s.g.answer([2]);
    expect(s.g.advance()).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-005", "DS1-007"]);
    // Evo-bonus Draw 2: the hand is Agunaturemon + the top 2 of the deck.
    expect(keys(s, 0, "hand")).toEqual(["TST-109", "DS1-019", "DS1-017"]);
  });
});

describe("Evolution Phase 4.13 — Downgrade (DS1-049 Downgrade Ray: \"Downgrade opponent's Digimon by 1 Level.\")", () => {
  it("the opponent's Greymon (C) leaves; the Agumon (R) below is the active with its printed stats", () => {
    const s = new DbeScenario(db, "Downgrade").turn(3, 0).active(0, "DS1-001").put(1, "active", "DS1-001").active(1, "DS1-007", { hp: 500 }).support(0, "DS1-049");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(1, "active")).toEqual(["DS1-001"]);
    expect(r.zone(1, "trash")).toEqual(["DS1-007"]);
    expect(r.player(1).hp).toBe(700);
    // Greymon's Active Zone +100 left with it.
    expect(powerOf(r.g, 1)).toEqual({ circle: 300, triangle: 190, cross: 100 });
    expect(r.player(0).ko).toBe(0);
  });
  it("with no Digimon one Level lower below the active it misfires", () => {
    const s = new DbeScenario(db, "Downgrade misfire").turn(3, 0).active(0, "DS1-001").active(1, "DS1-007", { hp: 500 }).support(0, "DS1-049");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(1, "active")).toEqual(["DS1-007"]);
    expect(r.player(1).hp).toBe(500);
    expect(r.events("misfire")).toHaveLength(1);
  });
});

describe("Glossary \"Type\" + End Phase 3.1 (DS1-051 Mirror Type: \"Swap own type with opponent's type.\")", () => {
  it("Monodramon (Dragon/Wind) and Lalamon (Nature) swap all their types; the change stays after End Phase 3", () => {
    const s = new DbeScenario(db, "Mirror Type").turn(3, 0).active(0, "DS1-003").active(1, "DS1-016").support(0, "DS1-051");
    const r = s.steps(sup(0, s.top(0, "support")), end).run();
    expect(typesOf(r.g, activeOf(r.g, 0)!)).toEqual(["Nature"]);
    expect(typesOf(r.g, activeOf(r.g, 1)!)).toEqual(["Dragon", "Wind"]);
  });
});

// ─── FAQ "When is something a hidden zone?" ─────────────────────────────────

describe("FAQ \"When is something a hidden zone?\" — views", () => {
  const zoneView = (s: DbeScenario, viewer: PlayerIndex, owner: PlayerIndex, zone: string) =>
    viewFor(s.g, viewer).zones.find((z) => z.owner === owner && z.zone === zone)!.cards;

  it("a hand is open to its owner only; DBE-R02 Redotamamon (\"Reveal opponent's hand.\") opens it until the End Phase", () => {
    const s = new DbeScenario(db, "hand views").turn(3, 0).active(0, "DS1-001").active(1, "DS1-016")
      .put(0, "hand", "DS1-002", "DS1-019").support(1, "DBE-R02");
    expect(zoneView(s, 0, 0, "hand")).toEqual(["DS1-002 Guilmon", "DS1-019 Gomamon"]);
    expect(zoneView(s, 1, 0, "hand")).toEqual(["?", "?"]);
    expect(pending(s, sup(1, s.top(1, "support")))).toBeNull();
    expect(zoneView(s, 1, 0, "hand")).toEqual(["DS1-002 Guilmon", "DS1-019 Gomamon"]);
    expect(pending(s, end)).toBeNull();
    expect(zoneView(s, 1, 0, "hand")).toEqual(["?", "?"]);
  });

  it("decks are hidden to both players; the Destiny Zone, Active Zone and trash are open", () => {
    const s = new DbeScenario(db, "open zones").turn(3, 0).active(0, "DS1-001").active(1, "DS1-016")
      .put(0, "deck", "DS1-002", "DS1-003").put(0, "destinyZone", "DS1-015").put(0, "trash", "DS1-004");
    expect(zoneView(s, 0, 0, "deck")).toEqual(["?", "?"]);
    expect(zoneView(s, 1, 0, "deck")).toEqual(["?", "?"]);
    expect(zoneView(s, 1, 0, "destinyZone")).toEqual(["DS1-015 WarGreymon"]);
    expect(zoneView(s, 1, 0, "active")).toEqual(["DS1-001 Agumon"]);
    expect(zoneView(s, 1, 0, "trash")).toEqual(["DS1-004 Hagurumon"]);
  });

  it("DB-017 Gaizmon attached to the opponent (\"While attached, Reveal the top 1 of opponent's deck.\"): the top card is open to both players, the rest hidden; discarded, the deck is hidden again", () => {
    const s = new DbeScenario(db, "Gaizmon").turn(3, 0).active(0, "DS1-001").active(1, "DS1-016")
      .put(1, "deck", "DS1-017", "DS1-018", "DS1-019").support(0, "DB-017").support(1, "EX-018");
    expect(zoneView(s, 0, 1, "deck")).toEqual(["?", "?", "?"]);
    expect(pending(s, sup(0, s.top(0, "support")))).toBeNull();
    expect(keys(s, 1, "attachment")).toEqual(["DB-017"]);
    expect(zoneView(s, 0, 1, "deck")).toEqual(["?", "?", "DS1-019 Gomamon"]);
    expect(zoneView(s, 1, 1, "deck")).toEqual(["?", "?", "DS1-019 Gomamon"]);
    expect(visibleTo(s.g, 0, s.g.zone(1, "deck")[1]!)).toBe(false);
    // P2 attaches Courage Crest: its one slot discards Gaizmon (to P1's trash); the deck is hidden again.
    expect(pending(s, sup(1, s.top(1, "support")))).toBeNull();
    expect(keys(s, 1, "attachment")).toEqual(["EX-018"]);
    expect(keys(s, 0, "trash")).toEqual(["DB-017"]);
    expect(zoneView(s, 0, 1, "deck")).toEqual(["?", "?", "?"]);
  });

  it("Strategy Phase 2 / Battle Phase 2: a chosen attack is hidden from the opponent until the reveal at Battle Phase 2 (still hidden at Battle Phase 1)", () => {
    const s = new DbeScenario(db, "attack views").turn(3, 0).active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-016", { attack: "triangle" });
    s.g.state.phase = "support";
    expect(viewFor(s.g, 1).attacks).toEqual(["?", "triangle"]);
    expect(viewFor(s.g, 0).attacks).toEqual(["circle", "?"]);
    expect(pending(s, phase1("battle"))).toBeNull();
    expect(viewFor(s.g, 1).attacks).toEqual(["?", "triangle"]);
    expect(pending(s, battle)).toBeNull();
    expect(viewFor(s.g, 1).attacks).toEqual(["circle", "triangle"]);
  });
});
