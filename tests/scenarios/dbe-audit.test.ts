/**
 * Rulings of the audit of the DBE runtime (`000_012504f4614e5b24.txt`): rules that are states
 * rather than steps, events raised by rules actions as by effects, "as evolved" and Abnormal,
 * parenthesis text on supports, and "-X0 +P". Each test reads as a ruling and cites its
 * section; expected values are worked out by hand from the rules and the printed cards.
 */
import { describe, expect, it } from "vitest";
import { DbeScenario } from "../../runtime/rulesets/dbe/scenario.ts";
import { powerOf } from "../../runtime/rulesets/dbe/continuous.ts";
import { dpTotal, P } from "../../runtime/rulesets/dbe/model.ts";
import type { Task } from "../../runtime/core/engine.ts";
import { keys, labels, pending, scenarioDb, sup } from "./helpers.ts";

/**
 * Test cards (set TST). Stats are invented; only their text matters.
 * - TST-101 HP Cutter: an Option that lowers the opponent's HP by 500.
 * - TST-102 Flat Press: an Option that flattens the opponent.
 * - TST-103 Watcher: a Digimon whose Passive recovers HP when the opponent draws.
 * - TST-104 Tamer Charm: an Option with a parenthesised (permanent) Power boost and a Draw.
 * - TST-105 Option Breaker: an Option that voids an Option.
 * - TST-106 Shifter Chip / TST-107 Shifter Drive: change a Growlmon into WarGrowlmon "as
 *   evolved", or by effect evolution.
 * - TST-108 Self Cutter: an Option whose cost halves own HP.
 * - TST-109 Power Watcher: a Digimon whose Passive recovers HP when its own Power is
 *   changed in any way.
 * - TST-110 Refill: an Option that draws until the hand holds 3 cards.
 * - TST-112 Watch Mastery: a Mastery card that draws when the opponent draws.
 * - TST-113 Power Zero: an Option that sets the opponent's Power to 0.
 */
const TEST_CARDS = `
card TST-101 HP Cutter
  kind: Option
  timing: SUPPORT
  text: Lower opponent's HP -500.

card TST-102 Flat Press
  kind: Option
  timing: SUPPORT
  text: Flatten opponent.

card TST-103 Watcher
  kind: Digimon
  level: R
  type: Nature
  dp: 0
  +p: 10
  hp: 800
  circle: Watch 200
  triangle: Peek 100
  cross: Stare 50
  timing: SUPPORT
  text: Passive: When opponent draws, Recover own HP +100.

card TST-104 Tamer Charm
  kind: Option
  timing: SUPPORT
  text: (Boost own Power +100.) Draw 1.

card TST-105 Option Breaker
  kind: Option
  timing: SUPPORT
  text: Void an Option.

card TST-106 Shifter Chip
  kind: Option
  timing: SUPPORT
  text: If own name is "Growlmon", Evolve to WarGrowlmon from hand as evolved.

card TST-107 Shifter Drive
  kind: Option
  timing: SUPPORT
  text: If own name is "Growlmon", Evolve to WarGrowlmon from hand.

card TST-108 Self Cutter
  kind: Option
  timing: SUPPORT
  text: Halve own HP: Boost own Power +500.

card TST-109 Power Watcher
  kind: Digimon
  level: R
  type: Nature
  dp: 0
  +p: 10
  hp: 800
  circle: Watch 200
  triangle: Peek 100
  cross: Stare 50
  timing: SUPPORT
  text: Passive: When own Power is changed, Recover own HP +100.

card TST-110 Refill
  kind: Option
  timing: SUPPORT
  text: Draw until 3 cards in own hand.

card TST-112 Watch Mastery
  kind: Option Mastery
  timing: PASSIVE
  text: Passive, When opponent draws: Draw 1.

card TST-113 Power Zero
  kind: Option
  timing: SUPPORT
  text: Lower opponent's Power to 0.
`;

const db = scenarioDb(TEST_CARDS);

const battle: Task = { t: "dbe.battle" };

// ─── 1. KO is a state ───────────────────────────────────────────────────────

describe("KO is a state (Anatomy of Cards item 9; Glossary \"Flatten / Flat\" 2; Battle Phase 6–7)", () => {
  it("Anatomy of Cards item 9 (HP \"KOs the Digimon when it reaches zero\"): a support that lowers the opponent's HP to 0 KOs it at once, in the Support Phase; P1 scores 1 KO point and the 0-HP Digimon never deals damage", () => {
    // P2 is the turn player (1st Attack by default) with Agumon at 300 HP, Circle 300.
    // P1's HP Cutter: 300 − 500 → 0 → KO'd before the Battle Phase; no battle follows.
    const s = new DbeScenario(db, "HP 0 by an effect").turn(4, 1)
      .active(0, "DS1-016", { attack: "circle" }).active(1, "DS1-001", { attack: "circle", hp: 300 }).support(0, "TST-101");
    const r = s.steps(sup(0, s.top(0, "support")), battle).run();
    expect(r.zone(1, "active")).toEqual([]);
    expect(r.zone(1, "trash")).toEqual(["DS1-001"]);
    expect(r.player(0).ko).toBe(1);
    expect(r.player(0).hp).toBe(650); // Lalamon's printed HP: P2's Agumon never attacked
    expect(r.events("battle.damage")).toEqual([]);
    expect(r.events("stateKo").map((e) => e.data.cause)).toEqual(["hp"]);
  });

  it("Glossary \"Flatten / Flat\" 2 (\"If an active Digimon would ever have 4 flat tokens, KO it immediately\"): DS1-010 Coredramon's support \"If opponent has 3 or more cards in DP, Flatten opponent.\" adds the 4th flat and KOs at once; its flats are removed", () => {
    const s = new DbeScenario(db, "4th flat by an effect").turn(4, 0)
      .active(0, "DS1-002").active(1, "DS1-016", { flats: 3 })
      .put(1, "dp", "DS1-017", "DS1-018", "DS1-019").support(0, "DS1-010");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(1, "active")).toEqual([]);
    expect(r.player(1).flats).toBe(0);
    expect(r.player(0).ko).toBe(1);
    expect(r.events("stateKo").map((e) => e.data.cause)).toEqual(["fourFlats"]);
  });

  it("Glossary \"Revive\" (\"carried out after and if a Digimon is KO'd that turn\"): a Digimon KO'd by an effect with Revival set revives with its HP; the KO still scores and it is worth exactly 1 from now on", () => {
    const s = new DbeScenario(db, "revive after an effect KO").turn(4, 0)
      .active(0, "DS1-002").active(1, "DS1-001", { hp: 200, revival: 500 }).support(0, "TST-101");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(1, "active")).toEqual(["DS1-001"]);
    expect(r.player(1).hp).toBe(500);
    expect(r.player(1).revived).toBe(true);
    expect(r.player(0).ko).toBe(1);
  });

  it("Battle Phase 6.5 / 7: a Level M KO'd by an effect is deleted and worth 2; the 4th KO point wins at once", () => {
    const s = new DbeScenario(db, "effect KO wins").turn(4, 0)
      .active(0, "DS1-002", { ko: 2 }).active(1, "DS1-015", { hp: 400 }).support(0, "TST-101");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(1, "deleted")).toEqual(["DS1-015"]);
    expect(r.player(0).ko).toBe(4);
    expect(r.g.state.winner).toBe(0);
    expect(r.g.state.endReason).toBe("4 KO points (Battle Phase 7)");
  });

  it("FAQ \"Interrupting effects/triggers\" (\"Costs can't be directly interrupted\"): a cost that halves own HP from 10 to 0 KOs the Digimon once the cost is met, not inside it; the opponent scores", () => {
    const s = new DbeScenario(db, "KO by a cost").turn(4, 0)
      .active(0, "DS1-002", { hp: 10 }).active(1, "DS1-016").support(0, "TST-108").script(0, ["Yes"]);
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(0, "active")).toEqual([]);
    expect(r.player(1).ko).toBe(1);
  });
});

// ─── 2. Rules actions raise the same events as effects ──────────────────────

describe("Rules actions raise the events effects raise (FAQ \"Interrupting effects/triggers\"; docs/runtime.md \"Events raised by rules actions\")", () => {
  it("Prep Phase 2: the Draw step's draw is drawing — P2's Watcher (\"When opponent draws, Recover own HP +100\") triggers", () => {
    const r = new DbeScenario(db, "Draw step triggers").turn(4, 0)
      .active(0, "DS1-001").active(1, "TST-103", { hp: 500 })
      .put(0, "hand", "DS1-032", "DS1-033", "DS1-034").put(0, "deck", "DS1-002")
      .steps({ t: "dbe.prep.draw" }).run();
    expect(r.zone(0, "hand")).toHaveLength(4);
    expect(r.player(1).hp).toBe(600);
  });

  it("Prep Phase 2.1 (\"not counted as drawing cards\") and Prep Phase 3 (a full mulligan \"does not trigger effects\"): taking the Dark Area and mulliganing trigger nothing", () => {
    // Draw 2 (hand of 2), take the Dark Area card (hand 5), full-mulligan the 5 once; then
    // the deck (2 left) is too short for another.
    const s = new DbeScenario(db, "not drawing").turn(4, 0)
      .active(0, "DS1-001").active(1, "TST-103", { hp: 500 })
      .put(0, "hand", "DS1-032", "DS1-033").put(0, "deck", "DS1-002", "DS1-003", "DS1-004", "DS1-005", "DS1-006", "DS1-009", "DS1-010", "DS1-011", "DS1-012")
      .put(0, "darkArea", "DS1-010").script(0, ["Full mulligan"]);
    // The Draw step itself (a hand of 2 draws 2) triggers once: +100.
    const r = s.steps({ t: "dbe.prep.draw" }, { t: "dbe.prep.fullMulligan" }).run();
    expect(r.player(1).hp).toBe(600);
    expect(r.events("trigger")).toHaveLength(1);
  });

  it("Attack Abilities \"Draw X\": DS1-003 Monodramon's Cross \"Dragon Charge 110 | Draw 1\" draws after the battle — the opponent's Watcher triggers", () => {
    // Monodramon (turn player) Cross 110 hits Watcher 800 → 690; Watcher's Circle 200 hits
    // back. Then the attack ability draws 1: Watcher recovers +100 → 790.
    const s = new DbeScenario(db, "attack ability draw").turn(4, 0)
      .active(0, "DS1-003", { attack: "cross" }).active(1, "TST-103", { attack: "circle" }).put(0, "deck", "DS1-001");
    expect(pending(s, battle)).toBeNull();
    expect(keys(s, 0, "hand")).toEqual(["DS1-001"]);
    expect(P(s.g, 1).hp).toBe(800 - 110 + 100);
  });

  it("Strategy Phase 1.1: the unopposed victory bonus \"turn player Draws 1 card\" is drawing — P2's Mastery card (\"When opponent draws: Draw 1\"), in play on its Destiny Zone (Pre-Game Setup 2), triggers though P2 has no active", () => {
    const r = new DbeScenario(db, "unopposed draw").turn(4, 0).active(0, "DS1-001")
      .put(0, "deck", "DS1-040").put(1, "deck", "DS1-001", "DS1-002", "DS1-003").put(1, "destinyZone", "TST-112")
      .steps({ t: "dbe.strategy" }).run();
    expect(r.zone(0, "hand")).toEqual(["DS1-040"]);
    // P2 trashes its top 2 (DS1-003, DS1-002), then draws the last card by its Mastery.
    expect(r.zone(1, "hand")).toEqual(["DS1-001"]);
  });

  it("FAQ \"DZ Proxy\" (\"The cost is discarding your partner from hand\"): discarding the Partner for the Proxy is a discard — P2's Nature Mastery (\"When opponent discards: Recover own HP +100\") triggers", () => {
    const s = new DbeScenario(db, "Proxy discard").turn(4, 0).set(0, { partner: "DS1-001" })
      .active(0, "DS1-001").active(1, "DS1-016", { hp: 400 })
      .put(0, "hand", "DS1-001").put(0, "destinyZone", "DS1-038").put(1, "destinyZone", "DS1-045")
      .script(0, ["Proxy: DS1-038 Courage Tag (discard DS1-001 Agumon)"]);
    const r = s.steps({ t: "dbe.support.play", p: 0 }).run();
    expect(r.zone(0, "trash")).toEqual(["DS1-001"]);
    expect(r.player(1).hp).toBe(500);
  });

  it("Glossary \"Discard\" (\"from the indicated player's hand\"; FAQ \"Player discards\"): discarding from the DP zone is not the \"discards\" of \"When opponent discards\" — DS1-048 DP Converter's \"Discard any 1 in opponent's DP\" does not trigger Nature Mastery", () => {
    // P2 owns Nature Mastery and plays DP Converter: P1 (its opponent) discards 1 from DP.
    const s = new DbeScenario(db, "DP discard").turn(4, 1)
      .active(0, "DS1-001").active(1, "DS1-016", { hp: 400 })
      .put(0, "dp", "DS1-017").put(1, "dp", "DS1-009").put(1, "deck", "DS1-002", "DS1-003")
      .put(1, "destinyZone", "DS1-045").support(1, "DS1-048").script(1, ["Yes"]);
    const r = s.steps(sup(1, s.top(1, "support"))).run();
    expect(r.zone(0, "trash")).toEqual(["DS1-017"]);
    expect(r.player(1).hp).toBe(400);
    expect(r.events("trigger")).toEqual([]);
  });

  it("Glossary \"Discard\": a discard from the hand by an effect does trigger Nature Mastery (the same event as the rules' discards)", () => {
    const s = new DbeScenario(db, "hand discard").turn(4, 0)
      .active(0, "DS1-002").active(1, "DS1-016", { hp: 400 })
      .put(0, "hand", "DS1-033").put(1, "destinyZone", "DS1-045").support(0, "DBE-R06");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.player(1).hp).toBe(500);
  });

  it("\"When own Power is changed\" waits for any change (IR GameEvent powerChanged, \"changed in any way\"): setting Power, \"Lower opponent's Power to 0\", is a change as boosting and doubling are — P2's Power Watcher triggers", () => {
    const s = new DbeScenario(db, "power set").turn(4, 0)
      .active(0, "DS1-002").active(1, "TST-109", { hp: 500 }).support(0, "TST-113");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(powerOf(r.g, 1).circle).toBe(0);
    expect(r.player(1).hp).toBe(600);
  });

  it("Attack Abilities \"Grudge\" 1 (\"double own Power\") at Battle Phase 3 is a doubling like an effect's: DBE-R13 Ebemon (\"When opponent's Power is doubled, Boost own Power +200\") boosts before step 4's damage", () => {
    // P1 Ebemon (turn player) Circle 780 vs P2 WarGrowlmon Cross "Dragon Charge 320 | Grudge
    // Circle": Grudge doubles 320 → 640 and gives 2nd Attack. Ebemon's trigger: 780 + 200 =
    // 980 hits first (1800 → 820); WarGrowlmon's 640 hits back (1700 → 1060).
    const s = new DbeScenario(db, "Grudge doubling triggers").turn(4, 0)
      .active(0, "DBE-R13", { attack: "circle" }).active(1, "DS1-013", { attack: "cross" });
    expect(pending(s, battle)).toBeNull();
    expect(s.g.log.filter((e) => e.kind === "trigger").map((e) => e.player)).toEqual([0]);
    expect([P(s.g, 1).hp, P(s.g, 0).hp]).toEqual([820, 1060]);
  });

  it("Attack Abilities \"Grudge\" 3 (\"revive with HP equal to your Grudge attack's Power\"): DBE-R12 Devidramon KO'd on its Grudge turn revives with 400 HP, not the 10 of a Revive that names none", () => {
    // P1 (turn player) Circle 1500 vs P2 Devidramon Cross "200 | Grudge Circle": Grudge doubles
    // 200 → 400 and sets Revival 400. P1 attacks first and KOs its 300 HP (it does not strike
    // back: 4.2); Devidramon revives with 400 HP, and P1 still scores (Glossary "Revive").
    const s = new DbeScenario(db, "Grudge revival HP").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle", power: { circle: 1500, triangle: 0, cross: 0 } })
      .active(1, "DBE-R12", { attack: "cross", hp: 300 });
    const r = s.steps({ t: "dbe.battle" }).run();
    expect(r.zone(1, "active")).toEqual(["DBE-R12"]);
    expect(r.player(1).hp).toBe(400);
    expect(r.player(1).revived).toBe(true);
    expect(r.player(0).ko).toBe(1);
  });

  it("Glossary \"Draw\": \"Draw until 3 cards in own hand\" is drawing — it raises \"draws\" like Draw X", () => {
    const s = new DbeScenario(db, "draw until").turn(4, 0)
      .active(0, "DS1-002").active(1, "TST-103", { hp: 500 })
      .put(0, "hand", "DS1-032").put(0, "deck", "DS1-003", "DS1-004").support(0, "TST-110");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(0, "hand")).toHaveLength(3);
    expect(r.player(1).hp).toBe(600);
  });
});

// ─── 3. "As evolved" keeps Abnormal ─────────────────────────────────────────

describe("Glossary \"Abnormal\": checked \"again when evolving (but not effects that are 'as evolved')\"", () => {
  it("an Abnormal Growlmon changed \"as evolved\" into WarGrowlmon stays Abnormal: WarGrowlmon's quartered stats (Anatomy item 12), and it still cannot evolve by DP (Evolution Phase 3.1.3)", () => {
    const s = new DbeScenario(db, "as evolved keeps Abnormal").turn(4, 0)
      .active(0, "DS1-009", { abnormal: true }).active(1, "DS1-016")
      .put(0, "hand", "DS1-013").support(0, "TST-106");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(0, "active")).toEqual(["DS1-009", "DS1-013"]);
    expect(r.player(0).abnormal).toBe(true);
    // WarGrowlmon (U): HP 1800 / 4 = 450; Circle 850 / 4 = 212 → 210 (tens, rounded down).
    expect(r.player(0).hp).toBe(450);
    expect(powerOf(r.g, 0).circle).toBe(210);
    expect(r.player(0).evolved).toBe(false); // "as evolved" is not the act of evolving (Evolution Phase 4.6)
  });

  it("the same change by effect evolution (no \"as evolved\") is evolving: Abnormal is checked again and ends — WarGrowlmon's printed stats", () => {
    const s = new DbeScenario(db, "evolving ends Abnormal").turn(4, 0)
      .active(0, "DS1-009", { abnormal: true }).active(1, "DS1-016")
      .put(0, "hand", "DS1-013").support(0, "TST-107");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.player(0).abnormal).toBe(false);
    expect(r.player(0).hp).toBe(1800);
  });
});

// ─── 4. Parenthesis text is continuous and unvoidable ───────────────────────

describe("Glossary \"(Parenthesis text)\": \"passively applied at all times and unvoidable in any way … (Attachment, Active Zone, or Support)\"", () => {
  it("a support's \"(Boost own Power +100.)\" applies once, continuously, while the card is in the Support Zone — it is not also resolved as a sentence — and ends when End Phase 4 discards it", () => {
    const s = new DbeScenario(db, "parenthesis on a support").turn(4, 0)
      .active(0, "DS1-001").active(1, "DS1-016").put(0, "deck", "DS1-002").support(0, "TST-104");
    // Agumon: Circle 300. In the Support Zone the card adds +100 at once, before it resolves.
    expect(powerOf(s.g, 0).circle).toBe(400);
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(powerOf(r.g, 0).circle).toBe(400);
    expect(r.zone(0, "hand")).toEqual(["DS1-002"]); // "Draw 1." resolves
    expect(pending(s, { t: "dbe.end.cleanup" })).toBeNull();
    expect(keys(s, 0, "trash")).toEqual(["TST-104"]);
    expect(powerOf(s.g, 0).circle).toBe(300);
  });

  it("voided by the opponent's \"Void an Option.\", the card's \"Draw 1.\" does nothing but its \"(Boost own Power +100.)\" still applies: it is unvoidable", () => {
    const s = new DbeScenario(db, "parenthesis unvoidable").turn(4, 0)
      .active(0, "DS1-001").active(1, "DS1-016").put(0, "deck", "DS1-002")
      .support(0, "TST-104").support(1, "TST-105");
    const r = s.steps({ t: "dbe.support.resolve" }).run();
    expect(r.player(0).voidedCards).toEqual([s.g.zone(0, "support")[0]]);
    expect(r.zone(0, "hand")).toEqual([]);
    expect(powerOf(r.g, 0).circle).toBe(400);
  });
});

// ─── 5. "-X0 +P" ────────────────────────────────────────────────────────────

describe("Evolution Phase 4.8: \"'-X0 +P' can occur in which case the DP a player has is lowered, even to negative numbers\"", () => {
  it("\"Opponent -20 +P.\" lowers P2's DP from 10 to −10; racking up a 30 +P card then gives 20 DP, not enough for Growlmon's 30 DP cost from a non-Guilmon", () => {
    // Compiled here so that a text the grammar cannot read fails this test only.
    const dpDb = scenarioDb(`card TST-111 DP Drain\n  kind: Option\n  timing: SUPPORT\n  text: Opponent -20 +P.\n`);
    const s = new DbeScenario(dpDb, "-X0 +P").turn(4, 0)
      .active(0, "DS1-001").active(1, "DS1-003").put(1, "dp", "DS1-047").support(0, "TST-111");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(dpTotal(r.g, 1)).toBe(-10);
    expect(r.events("changeDp").map((e) => e.data.amount)).toEqual([-20]);
    // P2's turn: Monodramon (Dragon R) racks up Growlmon's +30; Growlmon costs 30 DP.
    s.turn(5, 1).put(1, "hand", "DS1-009", "DS1-023");
    const d = pending(s, { t: "dbe.evolve.rackUp" });
    expect(labels(d)).toEqual(["None", "DS1-009 Growlmon (+30 P)", "DS1-023 Kabuterimon (+30 P)"]);
    s.g.answer([2]);
    expect(s.g.advance()).toBeNull(); // the rack-up continues, then the scenario's stop
    expect(dpTotal(s.g, 1)).toBe(20);
    expect(pending(s, { t: "dbe.evolve.method" })).toBeNull(); // no Future is offered: 20 < 30
  });
});
