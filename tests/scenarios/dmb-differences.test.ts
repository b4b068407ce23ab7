/**
 * Where the DMB rules (`003_7a740b8ec9103d40.txt`, "003") differ from the DBE rules
 * (`000_012504f4614e5b24.txt`, "000"): one ruling per difference (D1–D22 of the issue-12
 * walk), each played by the same scenario under both rulesets, asserting 000's outcome under
 * DBE and 003's under DMB. A test name cites both texts. Expected values are worked out by
 * hand from the rules and the printed cards (the arithmetic is in the comments).
 *
 * Conventions: `put(p, zone, a, b, c)` puts the cards bottom first (`c` is the top of a deck,
 * the last card of a hand); player 0 is "P1", player 1 is "P2".
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Game, type Task } from "../../runtime/core/engine.ts";
import { DBE } from "../../runtime/rulesets/dbe/index.ts";
import { DMB } from "../../runtime/rulesets/dmb/index.ts";
import { P, activeOf, dpTotal } from "../../runtime/rulesets/dbe/model.ts";
import { namesOf } from "../../runtime/rulesets/dbe/matching.ts";
import { prohibits } from "../../runtime/rulesets/dbe/continuous.ts";
import { checkDbeDeck, readDeckList } from "../../runtime/rulesets/dbe/deck.ts";
import { checkDmbDeck } from "../../runtime/rulesets/dmb/deck.ts";
import { dmbDb, keys, labels, pending, scenario, sup, win, type Rules } from "./dmb-helpers.ts";

/** Test cards (set TST, `ruleset dmb`) for rulings no bundled card shows cleanly. */
const TEST_CARDS = `
card TST-201 Evo Leap
  kind: Option
  timing: EFFECT
  text: Any Phase: Evolve to a valid C from hand.

card TST-202 Ultra Leap
  kind: Option
  timing: SUPPORT
  text: Evolve to a valid U from hand as evolved.

card TST-203 Mirror Void
  kind: Option
  timing: SUPPORT
  text: Void opponent's Support. Boost own Power +300.

card TST-204 Rename Chip
  kind: Option
  timing: SUPPORT
  text: Change own name to [Greymon].

card TST-205 Watcher
  kind: Digimon
  level: U
  type: Enigma
  dp: 40
  +p: 40
  hp: 2000
  circle: Stare 500
  triangle: Glare 300
  cross: Gaze 100
  timing: PASSIVE
  text: When opponent discards, Boost own Power +100. When opponent draws, Recover own HP +100.

card TST-206 Bonusmon
  kind: Digimon
  level: C
  type: Dragon
  dp: 30
  +p: 30
  hp: 1000
  circle: Bonus Flame 400
  triangle: Bonus Claw 300
  cross: Bonus Tail 100
  evo: Agumon
  evo: Power +100: Agumon
  evo: Attacks cannot be countered: Agumon
  timing: SUPPORT
  text: Boost own Power +100.

card TST-207 Dpmon
  kind: Digimon
  level: C
  type: Dragon
  dp: 30
  +p: 30
  hp: 1000
  circle: Dp Flame 400
  triangle: Dp Claw 300
  cross: Dp Tail 100
  evo: Agumon
  evo: Own DP +10: Agumon
  timing: SUPPORT
  text: Boost own Power +100.

card TST-208 Fusionmon
  kind: Digimon
  level: U
  type: Metal
  dp: 40
  +p: 40
  hp: 2000
  circle: Fuse Cannon 800
  triangle: Fuse Blade 500
  cross: Fuse Wave 300
  evo: DNA: Guardromon + Dragon Level C
  timing: EFFECT
  text: After evolving, Draw 1.

card TST-209 Partner Data
  kind: Option DATA Proxy
  timing: DATA
  text: Any Phase: Boost own Power +200.

card TST-210 Gearmon
  kind: Digimon
  level: C
  type: Metal
  dp: 20
  +p: 30
  hp: 1200
  circle: Gear Cannon 500
  triangle: Gear Claw 300
  cross: Gear Tail 100
  evo: Hagurumon
  evo: Power +100: Hagurumon
  timing: SUPPORT
  text: Boost own Power +100.

card TST-211 Gearfusion
  kind: Digimon
  level: U
  type: Metal
  dp: 40
  +p: 40
  hp: 2000
  circle: Fusion Cannon 800
  triangle: Fusion Blade 500
  cross: Fusion Wave 300
  evo: DNA: Gearmon + Dragon Level C
  timing: SUPPORT
  text: Boost own Power +100.

card TST-213 Partner Break
  kind: Option DATA Proxy
  timing: DATA
  text: Data Break: Boost own Power +500.

card TST-212 Mega Leap
  kind: Option
  timing: EFFECT
  text: Any Phase: Evolve to a valid U from hand.
`;

const db = dmbDb(TEST_CARDS);
const ROOT = join(import.meta.dirname, "..", "..");
const method: Task = { t: "dbe.evolve.method" };
const end: Task = { t: "dbe.end" };
const resolve: Task = { t: "dbe.support.resolve" };
const battle: Task = { t: "dbe.battle" };

describe("DMB differences: Prep Phase", () => {
  it("D18 — 003 Prep Phase setup 1–2 (the mulligan goes to the bottom of the deck) vs 000 Pre-Game Setup 3–5 (Side Pile): the mulliganed cards are in the deck at once, not on a Side Pile", () => {
    const main = ["DS1-001", "DS1-002", "DS1-003", "DS1-004", "DS1-009", "DS1-001", "DS1-002", "DS1-003", "DS1-004", "DS1-009"];
    const start = (rules: Rules) => {
      const seat = (name: string) => ({ name, main, destiny: [], partner: null });
      const g = new Game(rules === "dmb" ? DMB : DBE, db, { seats: [seat("A"), seat("B")] }, 7);
      const d = g.advance()!; // P1's opening mulligan (10-card decks: no Side Pile cut)
      expect(d.kind).toBe("mulligan");
      g.answer([0, 1]);
      g.advance();
      return g;
    };
    const dbe = start("dbe");
    // 000 Pre-Game Setup 5: "put any number of cards from the opening hand on top of the Side
    // Pile", draw back to 5; the Side Pile is combined later (6).
    expect([dbe.zone(0, "sidePile").length, dbe.zone(0, "hand").length, dbe.zone(0, "deck").length]).toEqual([2, 5, 3]);
    const dmb = start("dmb");
    // 003 setup 2: "put any number of them on the bottom of their deck, draw that many, and then shuffle".
    expect([dmb.zone(0, "sidePile").length, dmb.zone(0, "hand").length, dmb.zone(0, "deck").length]).toEqual([0, 5, 5]);
    expect(dmb.log.find((e) => e.kind === "mulligan")?.text).toMatch(/003, Prep Phase setup 2/);
  });

  it("D8 — 003 Prep Phase 3 (\"discarding the ENTIRE hand and drawing that many\") vs 000 Prep Phase 3 (\"same as drawing but does not trigger effects\"): a free mulligan triggers \"When opponent discards\" and \"When opponent draws\"", () => {
    const play = (rules: Rules) => {
      const s = scenario(rules, db, "mulligan triggers").turn(3, 0)
        .active(1, "TST-205")
        .put(0, "hand", "DS1-032", "DS1-033", "DS1-034")
        .put(0, "deck", "DS1-040", "DS1-041", "DS1-042", "DS1-044", "DS1-046", "DS1-047")
        .script(0, ["Full mulligan"], ["No"]);
      if (rules === "dmb") s.script(1, [0, 1]); // P2 orders its two triggered sentences (FAQ "Simultaneous Effects")
      return s.steps({ t: "dbe.prep.fullMulligan" }).run();
    };
    const dbe = play("dbe");
    expect(dbe.zone(0, "hand")).toEqual(["DS1-047", "DS1-046", "DS1-044"]);
    expect([dbe.player(1).hp, dbe.player(1).power.circle]).toEqual([2000, 500]);
    const dmb = play("dmb");
    expect(dmb.zone(0, "hand")).toEqual(["DS1-047", "DS1-046", "DS1-044"]);
    // The discard: Boost +100 (Circle 500 → 600); the draw: Recover +100 (HP 2000 → 2100).
    expect([dmb.player(1).hp, dmb.player(1).power.circle]).toEqual([2100, 600]);
    expect(dmb.events("fullMulligan")[0]?.text).toMatch(/003, Prep Phase 3/);
  });

  it("D8 — 003 FAQ \"Lack of Digimon & Can't mulligan\" (\"a forced mulligan\") vs 000 Prep Phase 3: the forced mulligan is a discard and a draw too", () => {
    const play = (rules: Rules) => {
      const s = scenario(rules, db, "forced mulligan triggers").turn(3, 0)
        .active(1, "TST-205")
        .put(0, "hand", "DS1-032", "DS1-033", "DS1-034")
        .put(0, "deck", "DS1-001", "DS1-040", "DS1-041");
      if (rules === "dmb") s.script(1, [0, 1]);
      return s.steps({ t: "dbe.prep.playActive" }).run();
    };
    // No Digimon in hand → forced mulligan: the 3 Options out, DS1-041, DS1-040, DS1-001 in;
    // Agumon is the only Digimon and is played.
    const dbe = play("dbe");
    expect(dbe.zone(0, "active")).toEqual(["DS1-001"]);
    expect(dbe.player(1).hp).toBe(2000);
    const dmb = play("dmb");
    expect(dmb.zone(0, "active")).toEqual(["DS1-001"]);
    expect([dmb.player(1).hp, dmb.player(1).power.circle]).toEqual([2100, 600]);
  });

  it("D16 — 003 Prep Phase 4.3 (\"If the newly placed Digimon is the deck's Partner\") vs 000 Prep Phase 5 (\"If the active Digimon is the deck's Partner\"): a Partner R active since an earlier turn may partner-evolve by 000 only", () => {
    const offer = (rules: Rules) => {
      const s = scenario(rules, db, "partner R from an earlier turn").turn(3, 0)
        .active(0, "DS1-001").partner(0, "DS1-001").put(0, "destinyZone", "DS1-007").active(1, "DS1-016");
      return labels(pending(s, { t: "dbe.prep.playActive" }, { t: "dbe.prep.partnerEvolve" }));
    };
    expect(offer("dbe")).toEqual(["No", "DS1-007 Greymon"]);
    expect(offer("dmb")).toBeNull();
  });

  it("D9 — 003 Prep Phase 4.3 (partner-evolve names no evo-bonus; Evolution Phase 3.1 skips step 6) vs 000 Prep Phase 5 (\"trigger any evo-bonuses as normal\"): Agumon → Greymon draws 2 (\"Draw 2: Agumon\") by 000 only", () => {
    const play = (rules: Rules) =>
      scenario(rules, db, "partner evolution bonus").turn(3, 0)
        .partner(0, "DS1-001").put(0, "hand", "DS1-001").put(0, "destinyZone", "DS1-007")
        .put(0, "deck", "DS1-040", "DS1-041", "DS1-042").active(1, "DS1-016")
        .script(0, ["DS1-007 Greymon"])
        .steps({ t: "dbe.prep.playActive" }, { t: "dbe.prep.partnerEvolve" }).run();
    const dbe = play("dbe");
    expect(dbe.zone(0, "active")).toEqual(["DS1-001", "DS1-007"]);
    expect(dbe.zone(0, "hand")).toEqual(["DS1-042", "DS1-041"]);
    const dmb = play("dmb");
    expect(dmb.zone(0, "active")).toEqual(["DS1-001", "DS1-007"]);
    expect(dmb.zone(0, "hand")).toEqual([]);
    expect(dmb.events("evolve")[0]?.text).toMatch(/003, Prep Phase 4\.3/);
  });
});

describe("DMB differences: Evolution Phase", () => {
  it("D1 — 003 Evolution Phase 5.2 (\"Evolve only once per turn, regardless of effects from cards\") vs 000 Effect Evolution (\"not restricted to the '1 evolution act per turn' rule\"): after an Any Phase effect evolution, evolving by DP is still offered by 000 only", () => {
    const play = (rules: Rules) => {
      const s = scenario(rules, db, "effect evolution, then DP").turn(3, 0)
        .active(0, "DS1-001").active(1, "DS1-016")
        .put(0, "hand", "TST-201", "DS1-009", "DS1-013").put(0, "dp", "DS1-012") // 40 DP
        .script(0, ["Any Phase: TST-201 Evo Leap"]);
      // Prep Phase step 1 (an Any Phase step): Agumon → Growlmon, the only valid C in hand.
      const r = s.steps(win("prep")).run();
      expect(r.zone(0, "active")).toEqual(["DS1-001", "DS1-009"]);
      return { evolved: r.player(0).evolved, offer: labels(pending(s, method)) };
    };
    expect(play("dbe")).toEqual({ evolved: false, offer: ["No evolution", "DS1-013 WarGrowlmon (40 DP)"] });
    expect(play("dmb")).toEqual({ evolved: true, offer: null });
  });

  it("D1 — 003 Evolution Phase 5.2 vs 000 Effect Evolution: a second effect evolution in one turn misfires by 003 only (two Biyomon supports' \"evolve to a valid C from deck\")", () => {
    const play = (rules: Rules) => {
      const s = scenario(rules, db, "two effect evolutions").turn(3, 0)
        .active(0, "DB-013").active(1, "DS1-016")
        .put(0, "deck", "DS1-025") // Kiwimon, Nature/Wind C: a valid C from Biyomon (Wind R)
        .support(0, "DB-013");
      return s.steps(sup(0, s.top(0, "support"))).run();
    };
    const dbe = play("dbe");
    expect([dbe.zone(0, "active"), dbe.player(0).evolved]).toEqual([["DB-013", "DS1-025"], false]);
    const dmb = play("dmb");
    expect([dmb.zone(0, "active"), dmb.player(0).evolved]).toEqual([["DB-013", "DS1-025"], true]);
    // The same support once more this turn (an evolution has been used): 003 misfires it.
    const again = scenario("dmb", db, "second effect evolution").turn(3, 0)
      .active(0, "DB-013", { evolved: true }).active(1, "DS1-016")
      .put(0, "deck", "DS1-025").support(0, "DB-013");
    const r = again.steps(sup(0, again.top(0, "support"))).run();
    expect(r.zone(0, "active")).toEqual(["DB-013"]);
    expect(r.events("misfire")[0]?.text).toMatch(/003, Evolution Phase 5\.2/);
  });

  it("D14 — 003 (no \"as evolved\" exemption; DNA is played \"as evolved\" and is an evolution, 4.1) vs 000 Evolution Phase 4.6 (\"as evolved\" is not the act of evolving) and Glossary \"Abnormal\": an Abnormal Growlmon changed \"as evolved\" to WarGrowlmon stays Abnormal without using the evolution by 000 only", () => {
    const play = (rules: Rules) => {
      const s = scenario(rules, db, "as evolved").turn(3, 0)
        .active(0, "DS1-009", { abnormal: true }).active(1, "DS1-016")
        .put(0, "hand", "DS1-013").support(0, "TST-202");
      return s.steps(sup(0, s.top(0, "support"))).run();
    };
    const dbe = play("dbe");
    expect(dbe.zone(0, "active")).toEqual(["DS1-009", "DS1-013"]);
    // Abnormal kept: WarGrowlmon's quartered stats (1800 / 4 = 450 HP).
    expect([dbe.player(0).abnormal, dbe.player(0).evolved, dbe.player(0).hp]).toEqual([true, false, 450]);
    const dmb = play("dmb");
    expect(dmb.zone(0, "active")).toEqual(["DS1-009", "DS1-013"]);
    expect([dmb.player(0).abnormal, dmb.player(0).evolved, dmb.player(0).hp]).toEqual([false, true, 1800]);
  });

  it("D13 — 003 Evolution Phase 3 (\"Skip the rest of this step if current active Digimon is an Abnormal C or U\") vs 000 Evolution Phase 3.1 (an Abnormal may reveal an Evolution card): Download is offered to an Abnormal Growlmon by 000 only", () => {
    const offer = (rules: Rules) => {
      const s = scenario(rules, db, "abnormal and an Evolution card").turn(3, 0)
        .active(0, "DS1-009", { abnormal: true }).active(1, "DS1-016")
        .put(0, "hand", "DBE-R27", "DS1-013").put(0, "dp", "DS1-012");
      return labels(pending(s, method));
    };
    expect(offer("dbe")).toEqual(["No evolution", "By Evolution card: DBE-R27 Download"]);
    expect(offer("dmb")).toBeNull();
  });

  it("D13 reading — 003 Evolution Phase 3 skips the phase's steps, not effect evolutions (FAQ \"Cards Placed Under Digimon\": evolving \"from Abnormal produces a Normal\"): an Abnormal Growlmon evolves by an Any Phase effect under both rules and is Normal", () => {
    for (const rules of ["dbe", "dmb"] as const) {
      const r = scenario(rules, db, "abnormal effect evolution").turn(3, 0)
        .active(0, "DS1-009", { abnormal: true }).active(1, "DS1-016")
        .put(0, "hand", "TST-212", "DS1-013")
        .script(0, ["Any Phase: TST-212 Mega Leap"])
        .steps(win("evolve")).run();
      expect(r.zone(0, "active")).toEqual(["DS1-009", "DS1-013"]);
      expect([r.player(0).abnormal, r.player(0).hp]).toEqual([false, 1800]);
    }
  });

  it("D15 — 003 Evolution Phase 4.1 (\"Discard the other specified card from the hand. Play the card … as evolved\") vs 000 Evolution Phase 5.2 (materials placed in the Evolution Zone): the other card is a discard — \"When opponent discards\" triggers — by 003 only; the DNA card's \"After evolving\" resolves under both", () => {
    const play = (rules: Rules) => {
      const s = scenario(rules, db, "DNA").turn(3, 0)
        .active(0, "DS1-011").put(0, "hand", "TST-208", "DS1-009").put(0, "deck", "DS1-040", "DS1-041")
        .active(1, "DBE-R13").put(1, "deck", "DS1-042", "DS1-044") // Ebemon: "When opponent discards, Draw 1."
        .script(0, ["By DNA: TST-208 Fusionmon"]);
      if (rules === "dbe") s.script(0, ["DS1-009 Growlmon"]); // 000 5.2.3: place materials from hand
      return s.steps(method).run();
    };
    for (const r of [play("dbe"), play("dmb")]) {
      expect(r.zone(0, "active")).toEqual(["DS1-011", "TST-208"]);
      expect(r.zone(0, "trash")).toEqual(["DS1-009"]);
      expect(r.zone(0, "hand")).toEqual(["DS1-041"]); // Fusionmon: "After evolving, Draw 1."
      expect([r.player(0).evolved, r.player(0).hp]).toEqual([true, 2000]);
    }
    expect(play("dbe").zone(1, "hand")).toEqual([]);
    expect(play("dmb").zone(1, "hand")).toEqual(["DS1-044"]);
  });

  it("D15 gap — 003 Evolution Phase 4.1 + FAQ \"Passives in Evolution Boxes\" (\"stay on your Digimon while it is active\"): a Digimon covered by DNA loses its continuous evo-bonus — uncovered by a Downgrade, Gearmon has its printed Power", () => {
    const s = scenario("dmb", db, "DNA covers a bonus").turn(3, 0)
      .active(0, "DS1-004").put(0, "dp", "DS1-012").put(0, "hand", "TST-210")
      .active(1, "DS1-016")
      .script(0, ["TST-210 Gearmon (20 DP)"]);
    s.steps(method, end).run();
    // Hagurumon → Gearmon, "Power +100: Hagurumon" continuous (D10): 500 + 100 after End Phase 3.
    expect(P(s.g, 0).power.circle).toBe(600);
    s.g.set(s.g.state, "turnPlayer", 0);
    s.g.createCard(0, "TST-211", "hand");
    s.g.createCard(0, "DS1-009", "hand");
    s.g.createCard(1, "DS1-049", "support"); // Downgrade Ray: "Downgrade opponent's Digimon by 1 Level."
    const d = pending(s, method);
    s.g.answer([labels(d)!.indexOf("By DNA: TST-211 Gearfusion")]);
    expect(s.g.advance()).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-004", "TST-210", "TST-211"]);
    expect(pending(s, sup(1, s.top(1, "support")), end)).toBeNull();
    // Gearfusion downgraded: Gearmon is the active again, Normal (it names Hagurumon), with
    // its printed Power 500 — its +100 ended when the DNA card covered it.
    expect(keys(s, 0, "active")).toEqual(["DS1-004", "TST-210"]);
    expect([P(s.g, 0).abnormal, P(s.g, 0).power.circle]).toEqual([false, 500]);
  });

  it("D10 — 003 End Phase 3.4 (\"Continuous evolution-box bonuses such as 'Power +40' … are considered Passives\") and FAQ \"Passives in Evolution Boxes\" vs 000 End Phase 3.4 (only ∞ bonuses are permanent): \"Power +100\" and \"Attacks cannot be countered\" outlast End Phase 3 by 003 only", () => {
    const play = (rules: Rules) => {
      const s = scenario(rules, db, "continuous bonuses").turn(3, 0)
        .active(0, "DS1-001").put(0, "dp", "DS1-007").put(0, "hand", "TST-206").active(1, "DS1-016")
        .script(0, ["TST-206 Bonusmon (30 DP)"]);
      const r = s.steps(method).run();
      expect(r.player(0).power).toEqual({ circle: 500, triangle: 400, cross: 200 });
      expect(prohibits(s.g, 0, "beCountered")).toBe(true);
      expect(pending(s, end)).toBeNull();
      return { power: P(s.g, 0).power, uncounterable: prohibits(s.g, 0, "beCountered") };
    };
    expect(play("dbe")).toEqual({ power: { circle: 400, triangle: 300, cross: 100 }, uncounterable: false });
    expect(play("dmb")).toEqual({ power: { circle: 500, triangle: 400, cross: 200 }, uncounterable: true });
  });

  it("D10/D11 (runtime) — 003 evolution requirement 1 (\"DP bonuses (+) are acquired *after* evolution\") and End Phase 3.4 (\"DP +10\" a Passive) vs 000 Evolution Phase 5.3.9–5.3.10 (bonuses, then all DP discarded): \"Own DP +10\" survives the evolution's discard by 003 only", () => {
    const play = (rules: Rules) => {
      const s = scenario(rules, db, "DP bonus").turn(3, 0)
        .active(0, "DS1-001").put(0, "dp", "DS1-007").put(0, "hand", "TST-207").active(1, "DS1-016")
        .script(0, ["TST-207 Dpmon (30 DP)"]);
      const r = s.steps(method).run();
      expect(r.zone(0, "dp")).toEqual([]);
      return dpTotal(s.g, 0);
    };
    expect(play("dbe")).toBe(0);
    expect(play("dmb")).toBe(10);
  });

  it("D12 — 003 FAQ \"Paying DP\" (\"paid by trashing the card from the DP zone. Any remainder is lost\") vs 000 FAQ \"Paying DP\" (\"simply reduce the DP amount being tracked\"): DP Converter's \"Pay 20 DP\" with a +30 card trashes it by 003, leaves it by 000", () => {
    const play = (rules: Rules, dp: Partial<{ card: string; extra: number }>) => {
      const s = scenario(rules, db, "pay DP").turn(3, 0)
        .active(0, "DS1-001", { dpExtra: dp.extra ?? 0 }).put(0, "deck", "DS1-040", "DS1-041", "DS1-042").active(1, "DS1-016")
        .support(0, "DS1-048").script(0, ["Yes"]);
      if (dp.card) s.put(0, "dp", dp.card);
      const r = s.steps(sup(0, s.top(0, "support"))).run();
      return { dp: r.zone(0, "dp"), trash: r.zone(0, "trash"), total: dpTotal(s.g, 0), hand: r.zone(0, "hand") };
    };
    // 000: 30 − 20 = 10 DP tracked, Growlmon stays. 003: Growlmon (+30) is trashed, 10 lost.
    expect(play("dbe", { card: "DS1-009" })).toEqual({ dp: ["DS1-009"], trash: [], total: 10, hand: ["DS1-042", "DS1-041"] });
    expect(play("dmb", { card: "DS1-009" })).toEqual({ dp: [], trash: ["DS1-009"], total: 0, hand: ["DS1-042", "DS1-041"] });
    // Reading: only cards pay by 003 — 30 DP gained by effects and no DP card cannot pay 20.
    expect(play("dbe", { extra: 30 }).hand).toEqual(["DS1-042", "DS1-041"]);
    expect(play("dmb", { extra: 30 }).hand).toEqual([]);
  });

  it("D12 — 003 FAQ \"Paying DP\": the payer chooses the DP cards, one at a time, until the amount is reached", () => {
    const s = scenario("dmb", db, "choose DP cards").turn(3, 0)
      .active(0, "DS1-001").put(0, "dp", "DS1-032", "DS1-001", "DBE-R20").put(0, "deck", "DS1-040", "DS1-041").active(1, "DS1-016")
      .support(0, "DS1-048").script(0, ["Yes"], ["DS1-032 Dragon Claw"], ["DBE-R20 Attack Chip"]);
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    // Dragon Claw (+10), then Attack Chip (+10): 20 paid; Agumon (+20) stays.
    expect([r.zone(0, "dp"), r.zone(0, "trash"), r.zone(0, "hand")]).toEqual([["DS1-001"], ["DS1-032", "DBE-R20"], ["DS1-041", "DS1-040"]]);
  });
});

describe("DMB differences: Support Phase", () => {
  it("D2 — 003 Support Phase 5.1 / 5.1.1 (\"Voiding means to nullify the card\"; the turn player's first) vs 000 Support Phase 5.1.2 (\"Voids cannot nullify other void effects\"): two Mirror Voids — by 003 the turn player's voids the other card whole and its +300 resolves", () => {
    const play = (rules: Rules) =>
      scenario(rules, db, "void vs void").turn(3, 0)
        .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
        .support(0, "TST-203").support(1, "TST-203").steps(resolve).run();
    const dbe = play("dbe");
    // 000: both cards voided, neither +300 resolves.
    expect(dbe.events("void").map((e) => e.player)).toEqual([1, 0]);
    expect([dbe.player(0).power.circle, dbe.player(1).power.circle]).toEqual([300, 300]);
    const dmb = play("dmb");
    // 003: P1's void first nullifies P2's card (its void too); P1's +300: 300 → 600.
    expect(dmb.events("void").map((e) => e.player)).toEqual([1]);
    expect([dmb.player(0).power.circle, dmb.player(1).power.circle]).toEqual([600, 300]);
  });

  it("D7 — 003 FAQ \"Jamming oddballs\" (no Counter case; Jamming jams \"Cross Counter\") vs 000 FAQ \"Counter specifics\" 3 (Gold Banana's Counter takes the Jamming): the Counter user is offered the Jamming reveal by 000 only", () => {
    const play = (rules: Rules) => {
      const s = scenario(rules, db, "Gold Banana and Jamming").turn(3, 1)
        .active(0, "DS1-016", { attack: "cross" }) // Lalamon's Cross: Sleep Breath 0 | Jamming
        .active(1, "DS1-001", { attack: "circle" })
        .support(1, "DBE-R18").support(0, "DS1-001"); // P2: Gold Banana "Get Counter."; P1: a Digimon support
      const d = pending(s, sup(1, s.top(1, "support")), { t: "dbe.support.jamming", p: 1 });
      return { voidable: P(s.g, 1).gained.map((x) => x.voidable), offer: d ? [d.player, labels(d)] : null };
    };
    expect(play("dbe")).toEqual({ voidable: [false], offer: [1, ["No", "Reveal Jamming"]] });
    expect(play("dmb")).toEqual({ voidable: [true], offer: null });
  });

  it("D7 — 003 FAQ \"Jamming oddballs\" vs 000 FAQ \"Counter specifics\" 3 in battle: the Jamming of P1's Cross is suppressed by P2's Gold Banana Counter by 000 only", () => {
    const play = (rules: Rules) => {
      const s = scenario(rules, db, "Gold Banana in battle").turn(3, 1)
        .active(0, "DS1-016", { attack: "cross" }).active(1, "DS1-001", { attack: "circle" })
        .support(1, "DBE-R18");
      return s.steps(sup(1, s.top(1, "support")), battle).run();
    };
    expect(play("dbe").events("battle.jammingSuppressed").map((e) => e.player)).toEqual([0]);
    expect(play("dmb").events("battle.jammingSuppressed")).toEqual([]);
  });

  it("D20 — 003 Glossary \"Partner Option\" (discard the Partner, the card from the Destiny Zone \"to the appropriate zone\"; Deck Construction: an \"Option/DATA card\") vs 000 Glossary \"Proxy\" (the DBE runtime: SUPPORT cards at the Support step only): a DATA Partner Option's Any Phase is usable from the Destiny Zone by 003", () => {
    const build = (rules: Rules) =>
      scenario(rules, db, "DATA Partner Option").turn(3, 0)
        .active(0, "DS1-002").partner(0, "DS1-001").put(0, "hand", "DS1-001").put(0, "destinyZone", "TST-209")
        .active(1, "DS1-016");
    expect(pending(build("dbe"), win("prep"))).toBeNull();
    const s = build("dmb");
    const d = pending(s, win("prep"));
    expect(labels(d)).toEqual(["None", "Partner Option: Any Phase: TST-209 Partner Data (discard DS1-001 Agumon)"]);
    s.g.answer([1]);
    expect(s.g.advance()).toBeNull();
    // Agumon discarded; Guilmon Circle 290 + 200; the Partner Option deleted after resolving.
    expect([keys(s, 0, "trash"), keys(s, 0, "deleted"), keys(s, 0, "destinyZone")]).toEqual([["DS1-001"], ["TST-209"], []]);
    expect(P(s.g, 0).power.circle).toBe(490);
    expect(s.g.log.find((e) => e.kind === "partnerOption")?.text).toMatch(/003, Glossary "Partner Option"/);
  });

  it("D20 — 003 Glossary \"Partner Option\" and Glossary \"Data Break\" vs 000 Glossary \"Proxy\": a Partner Option's Data Break is usable from the Destiny Zone by 003 — the Partner discarded and the Level M deleted", () => {
    const build = (rules: Rules) =>
      scenario(rules, db, "Data Break Partner Option").turn(3, 0)
        .active(0, "DS1-002").partner(0, "DS1-001").put(0, "hand", "DS1-001").put(0, "destinyZone", "DS1-015", "TST-213")
        .active(1, "DS1-016");
    expect(pending(build("dbe"), win("evolve"))).toBeNull();
    const s = build("dmb");
    const d = pending(s, win("evolve"));
    expect(labels(d)).toEqual(["None", "Partner Option: Data Break: TST-213 Partner Break (discard DS1-001 Agumon)"]);
    s.g.answer([1]);
    expect(s.g.advance()).toBeNull();
    // Guilmon Circle 290 + 500; WarGreymon (the Data Break's cost) and the Partner Option deleted.
    expect([keys(s, 0, "trash"), keys(s, 0, "deleted"), keys(s, 0, "destinyZone")]).toEqual([["DS1-001"], ["DS1-015", "TST-213"], []]);
    expect(P(s.g, 0).power.circle).toBe(790);
  });

  it("D20 / D22 — 003 Glossary \"Partner Option\" vs 000 Glossary \"Proxy\": the Support step offers the same Destiny Zone card under each text's name", () => {
    const offer = (rules: Rules) => {
      const s = scenario(rules, db, "P card at the Support step").turn(3, 0)
        .active(0, "DS1-002").partner(0, "DS1-001").put(0, "hand", "DS1-001").put(0, "destinyZone", "DS1-038")
        .active(1, "DS1-016");
      return labels(pending(s, { t: "dbe.support.play", p: 0 }));
    };
    expect(offer("dbe")).toEqual(["No support", "DS1-001 Agumon", "Proxy: DS1-038 Courage Tag (discard DS1-001 Agumon)"]);
    expect(offer("dmb")).toEqual(["No support", "DS1-001 Agumon", "Partner Option: DS1-038 Courage Tag (discard DS1-001 Agumon)"]);
  });
});

describe("DMB differences: Battle and End Phase", () => {
  it("D17 — 003 (\"each turn (including the first turn)\") vs 000 Strategy / Support / Battle Phase (\"Skip this entire phase during the first turn of the game\"): the first decision of the game is P1's attack on turn 1 by 003, P2's on turn 2 by 000", () => {
    const first = (rules: Rules) => {
      const s = scenario(rules, db, "first turn").turn(0, 0)
        .active(0, "DS1-001").active(1, "DS1-001")
        .put(0, "deck", "DS1-041", "DS1-042", "DS1-049").put(1, "deck", "DS1-041", "DS1-042", "DS1-049");
      const d = pending(s, { t: "dbe.turn" });
      return [d?.player, d?.kind, s.g.state.turn];
    };
    expect(first("dbe")).toEqual([1, "chooseAttack", 2]);
    expect(first("dmb")).toEqual([0, "chooseAttack", 1]);
  });

  it("D4 — 003 Glossary \"Revive\" (\"leaving the active zone intact\") vs 000 Glossary \"Revive\" (\"Reset the current active as though it had just evolved, including removing Abnormal status\"): an Abnormal Growlmon revived keeps its Abnormal status and its boosted Power by 003", () => {
    const play = (rules: Rules) =>
      scenario(rules, db, "revive").turn(3, 0)
        .active(0, "DBE-R16", { attack: "circle" }) // Mugendramon, Circle 1200
        .active(1, "DS1-009", { attack: "circle", abnormal: true }) // 1150 / 2 → 570 HP; 260 / 190 / 120
        .support(1, "DS1-036") // Dragon Soul: "Revive 500 HP. Boost own Power +300."
        .steps(resolve, battle).run();
    // P1 attacks first: 1200 ≥ 570 → KO (P1 scores 1), Revival: 500 HP.
    const dbe = play("dbe");
    expect([dbe.zone(1, "active"), dbe.player(0).ko, dbe.player(1).hp]).toEqual([["DS1-009"], 1, 500]);
    expect([dbe.player(1).abnormal, dbe.player(1).power]).toEqual([false, { circle: 520, triangle: 380, cross: 240 }]);
    const dmb = play("dmb");
    expect([dmb.zone(1, "active"), dmb.player(0).ko, dmb.player(1).hp]).toEqual([["DS1-009"], 1, 500]);
    expect([dmb.player(1).abnormal, dmb.player(1).power]).toEqual([true, { circle: 560, triangle: 490, cross: 420 }]);
    expect(dmb.events("revive").at(-1)?.text).toMatch(/003, Glossary "Revive"/);
  });

  it("D5 — 003 End Phase 3.1 (\"Type-changes/gains are semi-permanent\": names are not listed) vs 000 End Phase 3.1 (\"as well as name changes\"): Agumon renamed Greymon is Agumon again after End Phase 3 by 003", () => {
    const play = (rules: Rules) => {
      const s = scenario(rules, db, "name change").turn(3, 0)
        .active(0, "DS1-001").active(1, "DS1-016").support(0, "TST-204");
      expect(pending(s, sup(0, s.top(0, "support")))).toBeNull();
      expect(namesOf(s.g, activeOf(s.g, 0)!)).toEqual(["Greymon"]);
      expect(pending(s, end)).toBeNull();
      return namesOf(s.g, activeOf(s.g, 0)!);
    };
    expect(play("dbe")).toEqual(["Greymon"]);
    expect(play("dmb")).toEqual(["Agumon"]);
  });
});

describe("DMB differences: cards placed under and leaving the Active Zone (D3)", () => {
  it("D3 — 003 FAQ \"Cards Placed Under Digimon\" (\"a fully valid evolution (Correct type/evo-box & correct level/box, ignoring DP)\") vs 000 Glossary \"Abnormal\" (C needs 1 card under): Kamemon (Marine R) under an Abnormal Growlmon (Dragon C, evo: Guilmon) leaves it Abnormal by 003", () => {
    const play = (rules: Rules, key: string) => {
      const s = scenario(rules, db, "Kamemon under").turn(3, 0).active(0, key, { abnormal: true }).active(1, "DS1-016").support(0, "DBE-R01");
      return s.steps(sup(0, s.top(0, "support"))).run();
    };
    expect([play("dbe", "DS1-009").zone(0, "active"), play("dbe", "DS1-009").player(0).abnormal]).toEqual([["DBE-R01", "DS1-009"], false]);
    expect([play("dmb", "DS1-009").zone(0, "active"), play("dmb", "DS1-009").player(0).abnormal]).toEqual([["DBE-R01", "DS1-009"], true]);
    // Under an Abnormal Ikkakumon (Marine C): one level up and a shared type — Normal by both.
    expect(play("dbe", "DS1-024").player(0).abnormal).toBe(false);
    expect(play("dmb", "DS1-024").player(0).abnormal).toBe(false);
  });

  it("D3 — 003 FAQ \"Cards Placed Under Digimon\" (\"it may become abnormal even if it is a new Digimon\") vs 000 Glossary \"Abnormal\" (the check only removes Abnormal): Kamemon put directly under a Normal Greymon makes it Abnormal by 003", () => {
    const play = (rules: Rules) => {
      const s = scenario(rules, db, "Kamemon under a Normal").turn(3, 0).stack(0, ["DS1-001", "DS1-007"]).active(1, "DS1-016").support(0, "DBE-R01");
      return s.steps(sup(0, s.top(0, "support"))).run();
    };
    expect(play("dbe").zone(0, "active")).toEqual(["DS1-001", "DBE-R01", "DS1-007"]);
    expect(play("dbe").player(0).abnormal).toBe(false);
    expect(play("dmb").player(0).abnormal).toBe(true);
    expect(play("dmb").events("abnormal")[0]?.text).toMatch(/003, FAQ "Cards Placed Under Digimon"/);
  });

  it("D3 — 003 FAQ \"Cards Placed Under Digimon\" (\"This also occurs when cards in the active zone are trashed or deleted\") vs 000 (no check when a card leaves): WarGrowlmon downgraded off a lone Growlmon leaves an un-evolved C — Abnormal, halved — by 003", () => {
    const play = (rules: Rules) => {
      const s = scenario(rules, db, "downgrade").turn(3, 0)
        .active(0, "DS1-001").stack(1, ["DS1-009", "DS1-013"]).support(0, "DS1-049"); // Downgrade Ray
      return s.steps(sup(0, s.top(0, "support"))).run();
    };
    const dbe = play("dbe");
    expect(dbe.zone(1, "active")).toEqual(["DS1-009"]);
    expect([dbe.player(1).abnormal, dbe.player(1).hp]).toEqual([false, 1150]);
    const dmb = play("dmb");
    expect(dmb.zone(1, "active")).toEqual(["DS1-009"]);
    // 1150 / 2 = 575 → 570; 520 / 380 / 240 halved.
    expect([dmb.player(1).abnormal, dmb.player(1).hp, dmb.player(1).power]).toEqual([true, 570, { circle: 260, triangle: 190, cross: 120 }]);
  });
});

describe("DMB differences: Deck Construction (D19)", () => {
  it("D19 — 003 Deck Construction (\"Deck is 40 cards\", no Mastery) vs 000 Deck Construction (50 cards with the Destiny Zone): the bundled DMB Dragon deck is legal by 003 and not by 000", () => {
    const text = readFileSync(join(ROOT, "cards/dbe/decks/dmb-dragon.deck"), "utf8");
    const { deck, errors } = readDeckList("dmb-dragon.deck", text);
    expect(errors).toEqual([]);
    const stats = (n: string) => db.get(n)?.stats;
    expect(checkDmbDeck(deck!, stats)).toEqual([]);
    expect(checkDbeDeck(deck!, stats).map((e) => e.rule)).toContain("000_012504f4614e5b24.txt, Deck Construction");
  });
});
