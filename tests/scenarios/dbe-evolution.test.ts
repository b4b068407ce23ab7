/**
 * Rules-accuracy scenarios for the DBE Evolution Phase methods (`000_012504f4614e5b24.txt`,
 * "Evolution Phase" steps 3–5 with the terminology of step 4, the POINTs after it, "Effect
 * Evolution", FAQ "Conditionals" and "Cherrypicking Rules"), each test citing its step.
 * Expected values are computed by hand from the rules text and the printed cards (the
 * arithmetic is in the comments); none is copied from a run of the engine.
 *
 * Conventions as in `dbe-phases.test.ts`: `put(p, zone, a, b, c)` puts the cards bottom
 * first, so `c` is the top of a deck and the last card of a hand; player 0 is "P1".
 *
 * Printed cards used most (cards/dbe/starter.dgs, cards/dbe/rules-cards.dgs):
 *   DS1-001 Agumon R Dragon 700 HP, +20 P        DS1-007 Greymon C Dragon 30 DP 1200 HP, evo "Draw 2: Agumon"
 *   DS1-009 Growlmon C Dragon 30 DP (DP -10: Guilmon)   DS1-011 Guardromon C Metal 20 DP
 *   DS1-012 MetalGreymon U Dragon/Metal 40 DP 1700 HP    DS1-014 Andromon U Metal, DNA: Guardromon + Dragon Level C
 *   DBE-R05 Tyrannomon C Dragon 30 DP 1200 HP (Abnormal: 600 HP, 260/170/110)
 *   DS1-023 Kabuterimon, DS1-024 Ikkakumon: +30 P; DS1-013 WarGrowlmon: +40 P; DBE-R20 Attack Chip: +10 P
 */
import { describe, expect, it } from "vitest";
import type { Task } from "../../runtime/core/engine.ts";
import type { Decision } from "../../runtime/core/decision.ts";
import { P, activeOf, dpTotal } from "../../runtime/rulesets/dbe/model.ts";
import { DbeScenario } from "../../runtime/rulesets/dbe/scenario.ts";
import { prohibits } from "../../runtime/rulesets/dbe/continuous.ts";
import { cardsInPlay } from "../../runtime/rulesets/dbe/places.ts";
import { scenarioDb, pending, labels, keys, sup } from "./helpers.ts";

/** Test cards (set TST) for steps no bundled card shows cleanly. */
const TEST_CARDS = `
card TST-020 Costlydramon
  kind: Digimon
  level: C
  type: Dragon
  dp: 40
  +p: 30
  hp: 1300
  circle: Costly Flame 560
  triangle: Costly Claw 380
  cross: Costly Guard 240 | Drain
  timing: SUPPORT
  text: Boost own Power +100.

card TST-021 Freemon
  kind: Digimon
  level: C
  type: Dragon
  +p: 30
  hp: 1100
  circle: Free Flame 500
  triangle: Free Claw 300
  cross: Free Guard 200 | Drain
  timing: SUPPORT
  text: Boost own Power +100.

card TST-022 Mini Matrix
  kind: Evolution
  text: Requires DP. Reveal the top 3 of own deck, then evolve to a valid Digimon from the cards shown.

card TST-023 Bonusdromon
  kind: Digimon
  level: U
  type: Metal
  dp: 40
  +p: 40
  hp: 1900
  circle: Bonus Missile 780
  triangle: Bonus Sword 520
  cross: Bonus Blade 300 | Jamming
  evo: Draw 2: Guardromon
  evo: DNA: Guardromon + Dragon Level C
  timing: SUPPORT
  text: Boost own Power +100.

card TST-024 Fusion Link
  kind: Option
  timing: EFFECT
  text: Counts as a DNA material. When evolving, Recover own HP +100.

card TST-025 Spitemon
  kind: Digimon
  level: C
  type: Dragon
  dp: 30
  +p: 30
  hp: 1100
  circle: Spite Flame 500
  triangle: Spite Claw 300
  cross: Spite Guard 200 | Drain
  evo: Agumon
  evo: Discard 1 and Power -100: Agumon
  timing: SUPPORT
  text: Boost own Power +100.

card TST-026 Sturdymon
  kind: Digimon
  level: C
  type: Dragon
  dp: 30
  +p: 30
  hp: 1100
  circle: Sturdy Flame 500
  triangle: Sturdy Claw 300
  cross: Sturdy Guard 200
  evo: Agumon
  evo: ∞ Attacks cannot be countered: Agumon
  evo: ∞ Supports cannot be voided: Agumon
  evo: ∞ Opponent's DP -10: Agumon
  evo: ∞ Power -50 and Opponent cannot get 1st Attack: Agumon
  timing: SUPPORT
  text: Boost own Power +100.

card TST-028 Boostdramon
  kind: Digimon
  level: C
  type: Dragon
  dp: 30
  +p: 30
  hp: 1100
  circle: Boost Flame 500
  triangle: Boost Claw 300
  cross: Boost Guard 200
  evo: Gabumon
  evo: Draw 2: Gabumon
  evo: DP -10: Gabumon
  timing: SUPPORT
  text: Boost own Power +100.

card TST-029 Bonus Evolve
  kind: Option
  timing: EVOLVE
  text: Activate an evo-bonus.

card TST-027 Void Chip
  kind: Option
  timing: SUPPORT
  text: Void opponent's Support.
`;

const db = scenarioDb(TEST_CARDS);

const method: Task = { t: "dbe.evolve.method" };



/** Answer a pending decision by its option label and run to the next decision. */
function choose(s: DbeScenario, d: Decision | null, label: string): Decision | null {
  if (!d) throw new Error(`no decision pending to answer "${label}"`);
  const i = d.options.findIndex((o) => o.label === label);
  if (i < 0) throw new Error(`"${label}" is not offered: ${JSON.stringify(d.options.map((o) => o.label))}`);
  s.g.answer([i]);
  return s.g.advance();
}



const sorted = (xs: string[]) => [...xs].sort();
/** The kinds of the log events of the given kinds, in order. */
const order = (s: DbeScenario, ...kinds: string[]) => s.g.log.filter((e) => kinds.includes(e.kind)).map((e) => e.kind);


// ─── Evolution Phase 3: Abnormal actives, Partner Evolution ─────────────────

describe("Evolution Phase 3 — Abnormal actives and Partner Evolution", () => {
  it("Evolution Phase 3.1 / 3.1.1 / 3.1.3 + 5.1.3: an Abnormal active may only evolve by an Evolution card — Download is offered; Penguinmon (EVOLVE), DNA (Andromon) and evolving by DP (MetalGreymon) are not", () => {
    const s = new DbeScenario(db, "abnormal Download").turn(3, 0)
      .active(0, "DBE-R05", { abnormal: true })
      .put(0, "dp", "DS1-013") // 40 DP: MetalGreymon's 40 DP cost would be met
      .put(0, "hand", "DBE-R27", "DBE-R03", "DS1-012", "DS1-014");
    const d = pending(s, method);
    // Tyrannomon (C Dragon) would be valid for MetalGreymon by DP and is a Dragon Level C
    // DNA material of Andromon — but it is Abnormal (3.1: "EVOLVE timing cards are not valid
    // for Abnormal Digimon"; 3.1.3: no DP, no DNA; 5.2.2.4).
    expect(labels(d)).toEqual(["No evolution", "By Evolution card: DBE-R27 Download"]);
    // Download ignores type, level and DP (and is not used with Level M): every Digimon left
    // in the hand is a valid Future, even Penguinmon (C → R, level ignored: 5.1.2.2).
    const f = choose(s, d, "By Evolution card: DBE-R27 Download");
    expect(labels(f)).toEqual(["DBE-R03 Penguinmon", "DS1-012 MetalGreymon", "DS1-014 Andromon"]);
    // 4.16 / 5.1.1: the Evolution card waits in the evolve zone while the Future is chosen.
    expect(keys(s, 0, "evolveZone")).toEqual(["DBE-R27"]);
    expect(choose(s, f, "DS1-012 MetalGreymon")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DBE-R05", "DS1-012"]);
    // 5.1.3 (abnormal status ignored) and 5.1.8.2: MetalGreymon's printed 1700 HP, 820 / 540 / 330.
    expect([P(s.g, 0).abnormal, P(s.g, 0).hp, P(s.g, 0).evolved]).toEqual([false, 1700, true]);
    expect(P(s.g, 0).power).toEqual({ circle: 820, triangle: 540, cross: 330 });
    // 5.1.10: ignoring DP → the 40 DP stay; the Evolution card is discarded with the evolve zone.
    expect(keys(s, 0, "dp")).toEqual(["DS1-013"]);
    expect(keys(s, 0, "trash")).toEqual(["DBE-R27"]);
    expect(keys(s, 0, "evolveZone")).toEqual([]);
  });

  it("Evolution Phase 3.1 + POINT \"Do not use with <Level>\" / Effect Evolution POINT: Reckless Push and Warp Evolution (\"Do not use with abnormal\") are not offered to an Abnormal active, Matrix Evolve is", () => {
    const s = new DbeScenario(db, "abnormal restrictions").turn(3, 0)
      .active(0, "DBE-R05", { abnormal: true }).put(0, "dp", "DS1-013")
      .put(0, "hand", "DBE-R28", "DS1-054", "BIT-054");
    expect(labels(pending(s, method))).toEqual(["No evolution", "By Evolution card: BIT-054 Matrix Evolve"]);
  });

  it("Evolution Phase 3.1.2 + 4.10: Super Tag (\"When evolving by DP, …\") does not enable an Abnormal to evolve — it is played and resolves, but no Future is played and the DP stays", () => {
    const s = new DbeScenario(db, "abnormal Super Tag").turn(3, 0)
      .active(0, "DBE-R05", { abnormal: true }).put(0, "dp", "DS1-013")
      .put(0, "hand", "DBE-R30", "DS1-012");
    const d = pending(s, method);
    expect(labels(d)).toEqual(["No evolution", "By Evolution card: DBE-R30 Super Tag"]);
    // 4.10: "this effect is not enabling abnormals to evolve because abnormals cannot evolve by
    // DP. Simply playing this card will not evolve by 'Evolution card'." MetalGreymon (C → U,
    // Dragon, 40 DP) would meet the default requirements of 5.1.2 — it must not be offered.
    expect(choose(s, d, "By Evolution card: DBE-R30 Super Tag")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DBE-R05"]);
    expect([P(s.g, 0).abnormal, P(s.g, 0).evolved]).toEqual([true, false]);
    expect(keys(s, 0, "hand")).toEqual(["DS1-012"]);
    expect(keys(s, 0, "dp")).toEqual(["DS1-013"]);
    expect(keys(s, 0, "trash")).toEqual(["DBE-R30"]);
    expect(keys(s, 0, "deleted")).toEqual([]);
  });

  it("Evolution Phase 3.2: after a Partner Evolution this turn the rest of the phase is skipped — no Evolution card, EVOLVE card, DNA or DP evolution is offered", () => {
    const s = new DbeScenario(db, "partner evolved").turn(3, 0)
      .active(0, "DS1-007", { partnerEvolved: true })
      .put(0, "dp", "DS1-013") // 40 DP: MetalGreymon (names Greymon) would be valid by DP
      .put(0, "hand", "DBE-R27", "DBE-R03", "DS1-014", "DS1-012", "DS1-011");
    expect(pending(s, method)).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-007"]);
    expect(keys(s, 0, "hand")).toEqual(["DBE-R27", "DBE-R03", "DS1-014", "DS1-012", "DS1-011"]);
  });
});

// ─── Evolution Phase 5.1: by Evolution card ─────────────────────────────────

describe("Evolution Phase 5.1 — Evolving by Evolution card", () => {
  it("Evolution Phase 5.1.1 / 5.1.2.2 / 4.7 / 5.1.10 / 5.1.11: Download ignores type, level and DP (Agumon R Dragon → Lilamon U Nature with 10 DP); printed stats; the DP is not discarded", () => {
    const s = new DbeScenario(db, "Download").turn(3, 0).active(0, "DS1-001", { hp: 200 })
      .put(0, "dp", "DBE-R20") // 10 DP < Lilamon's 40
      .put(0, "hand", "DBE-R27", "DS1-026");
    const d = pending(s, method);
    expect(labels(d)).toContain("By Evolution card: DBE-R27 Download");
    // The only Future is Lilamon: played without a question (forced).
    expect(choose(s, d, "By Evolution card: DBE-R27 Download")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001", "DS1-026"]);
    // 5.1.8.1 / 5.1.8.2: the act of evolving; Lilamon's printed 1700 HP, 760 / 520 / 300.
    expect([P(s.g, 0).hp, P(s.g, 0).evolved]).toEqual([1700, true]);
    expect(P(s.g, 0).power).toEqual({ circle: 760, triangle: 520, cross: 300 });
    expect(keys(s, 0, "dp")).toEqual(["DBE-R20"]);
    expect(keys(s, 0, "trash")).toEqual(["DBE-R27"]);
    expect(keys(s, 0, "hand")).toEqual([]);
  });

  it("POINT \"Do not use with <Level>\": Download cannot be played with a Level M active", () => {
    const s = new DbeScenario(db, "Download with M active").turn(3, 0).active(0, "DS1-015")
      .put(0, "hand", "DBE-R27", "DS1-026", "DS1-013");
    expect(pending(s, method)).toBeNull();
    expect(keys(s, 0, "hand")).toEqual(["DBE-R27", "DS1-026", "DS1-013"]);
  });

  it("POINT \"Do not use with <Level>\": with a Level U active Download is played, but a Level M Future is not allowed (WarGreymon in the Destiny Zone is not offered)", () => {
    const s = new DbeScenario(db, "Download with M future").turn(3, 0).active(0, "DS1-012")
      .put(0, "destinyZone", "DS1-015").put(0, "hand", "DBE-R27", "DS1-013", "DS1-026");
    const d = pending(s, method);
    // No DP: WarGreymon (40 DP after "DP -10: MetalGreymon") is not offered by DP either.
    expect(labels(d)).toEqual(["No evolution", "By DP with an EVOLVE card", "By Evolution card: DBE-R27 Download"]);
    const f = choose(s, d, "By Evolution card: DBE-R27 Download");
    expect(labels(f)).toEqual(["DS1-013 WarGrowlmon", "DS1-026 Lilamon"]);
  });

  it("FAQ \"Digimon without DP cost\": Download's \"Ignore DP\" cannot make a Digimon without a printed DP cost a valid Future (Freemon is not offered; Greymon is the only Future)", () => {
    const r = new DbeScenario(db, "Download no DP cost").turn(3, 0).active(0, "DS1-001")
      .put(0, "hand", "DBE-R27", "TST-021", "DS1-007")
      // "Ignoring DP only works if a card has DP printed on it. Otherwise, there is nothing to
      // ignore." With Freemon offered as well, the Future would be an unscripted decision.
      .script(0, ["By Evolution card: DBE-R27 Download"])
      .steps(method).run();
    expect(r.zone(0, "active")).toEqual(["DS1-001", "DS1-007"]);
    expect(r.zone(0, "hand")).toEqual(["TST-021"]);
  });

  it("Evolution Phase 5.1.2.5 / 5.1.6: Dragon Spirit (\"Ignore type\") with 20 DP for Greymon's 30: no valid Future, evolution fails — the card is discarded, the DP stays, no After-evolving effect, the rest of the phase is skipped", () => {
    const s = new DbeScenario(db, "Dragon Spirit fails").turn(3, 0).active(0, "DS1-001")
      .put(0, "dp", "DS1-002") // 20 DP
      .put(0, "hand", "DS1-053", "DS1-007");
    const d = pending(s, method);
    expect(labels(d)).toEqual(["No evolution", "By DP with an EVOLVE card", "By Evolution card: DS1-053 Dragon Spirit"]);
    expect(choose(s, d, "By Evolution card: DS1-053 Dragon Spirit")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001"]);
    expect(P(s.g, 0).evolved).toBe(false);
    expect(keys(s, 0, "hand")).toEqual(["DS1-007"]);
    expect(keys(s, 0, "dp")).toEqual(["DS1-002"]);
    expect(keys(s, 0, "trash")).toEqual(["DS1-053"]);
    expect(P(s.g, 0).gained).toEqual([]);
    expect(s.g.log.filter((e) => e.kind === "evolveFail")).toHaveLength(1);
  });

  it("Evolution Phase 5.1.2.1 / 5.1.7 / 5.1.9 / 5.1.10 + 4.11: Dragon Spirit, Agumon → Greymon for 30 DP (Lalamon, R → R, is not a Future: level is not ignored) — the evo-bonus \"Draw 2: Agumon\", then \"After evolving, if own type is Dragon, Get 1st Attack\"; all DP discarded", () => {
    const s = new DbeScenario(db, "Dragon Spirit").turn(3, 0).active(0, "DS1-001")
      .put(0, "dp", "DS1-002", "DBE-R20") // 20 + 10 = 30 DP
      .put(0, "hand", "DS1-053", "DS1-016", "DS1-007").put(0, "deck", "DS1-040", "DS1-041", "DS1-042");
    const d = pending(s, method);
    expect(labels(d)).toEqual(["No evolution", "DS1-007 Greymon (30 DP)", "By DP with an EVOLVE card", "By Evolution card: DS1-053 Dragon Spirit"]);
    // Greymon is the only Future (played without a question): Lalamon (0 DP, type ignored)
    // would need "ignoring level" (5.1.2.1).
    expect(choose(s, d, "By Evolution card: DS1-053 Dragon Spirit")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001", "DS1-007"]);
    expect(keys(s, 0, "hand")).toEqual(["DS1-016", "DS1-042", "DS1-041"]);
    expect(P(s.g, 0).gained.map((x) => x.ability.kind)).toEqual(["firstAttack"]);
    // 5.1.9: bonuses first, then "After evolving".
    expect(order(s, "draw", "gainAbility")).toEqual(["draw", "gainAbility"]);
    expect(keys(s, 0, "dp")).toEqual([]);
    expect(sorted(keys(s, 0, "trash"))).toEqual(["DBE-R20", "DS1-002", "DS1-053"]);
  });

  it("Evolution Phase 5.1.5: the future's evo-box discount counts when evolving by Evolution card (Dragon Spirit, Guilmon → Growlmon for 30 − 10 = 20 DP)", () => {
    const r = new DbeScenario(db, "Dragon Spirit discount").turn(3, 0).active(0, "DS1-002")
      .put(0, "dp", "DS1-001").put(0, "hand", "DS1-053", "DS1-009")
      .script(0, ["By Evolution card: DS1-053 Dragon Spirit"]).steps(method).run();
    expect(r.zone(0, "active")).toEqual(["DS1-002", "DS1-009"]);
    expect(r.zone(0, "dp")).toEqual([]);
  });

  it("Evolution Phase 5.1.4 + 4.9: Nature's Embrace (\"Ignore DP. When evolving, Recover own HP +300.\") — the When-evolving sentence resolves while the Future waits in the evolve zone, so 5.1.8.2 then resets the HP to Greymon's printed 1200", () => {
    const s = new DbeScenario(db, "Nature's Embrace").turn(3, 0).active(0, "DS1-001", { hp: 400 })
      .put(0, "dp", "DBE-R20").put(0, "hand", "DS1-055", "DS1-007").put(0, "deck", "DS1-040", "DS1-041");
    const d = pending(s, method);
    expect(choose(s, d, "By Evolution card: DS1-055 Nature's Embrace")).toBeNull();
    // 4.9: "only occurs if there is a valid future in the evolution zone" (Greymon, DP ignored);
    // 5.1.4 resolves the card before 5.1.8 places the Future: Agumon 400 + 300 = 700, then
    // Greymon's printed 1200 HP (5.1.8.2). 4.11 ("After evolving") is the timing that outlasts it.
    expect(order(s, "recover", "evolve")).toEqual(["recover", "evolve"]);
    expect(s.g.log.find((e) => e.kind === "recover")?.data.amount).toBe(300);
    expect(keys(s, 0, "active")).toEqual(["DS1-001", "DS1-007"]);
    expect(P(s.g, 0).hp).toBe(1200);
    // 5.1.7: the cost is ignored, the evo-bonus "Draw 2: Agumon" still qualifies; 5.1.10: DP kept.
    expect(keys(s, 0, "hand")).toEqual(["DS1-041", "DS1-040"]);
    expect(keys(s, 0, "dp")).toEqual(["DBE-R20"]);
  });

  it("Evolution Phase 4.15 + Effect Evolution POINT: Reckless Push (\"Requires DP. After evolving, Boost own Power +300 and Lower own HP -100.\"), Agumon → Greymon for 30 DP: bonus Draw 2, Power +300, HP 1200 − 100, all DP discarded, and no flat token may be removed (5.3.3.7 is only for evolving by DP)", () => {
    const s = new DbeScenario(db, "Reckless Push").turn(3, 0).active(0, "DS1-001", { flats: 1 })
      .put(0, "dp", "DS1-023", "DBE-R20") // 30 + 10 = 40 DP: by DP, one flat could go for -10
      .put(0, "hand", "DBE-R28", "DS1-007").put(0, "deck", "DS1-040", "DS1-041", "DS1-042");
    const d = pending(s, method);
    // The strict scenario fails on any unscripted decision (a flat-token question).
    expect(choose(s, d, "By Evolution card: DBE-R28 Reckless Push")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001", "DS1-007"]);
    expect(P(s.g, 0).hp).toBe(1100);
    expect(P(s.g, 0).power).toEqual({ circle: 540 + 300, triangle: 360 + 300, cross: 230 + 300 });
    expect(keys(s, 0, "hand")).toEqual(["DS1-042", "DS1-041"]);
    expect(order(s, "draw", "boost")).toEqual(["draw", "boost"]);
    // 4.15: "then still discards all DP in the slot".
    expect(keys(s, 0, "dp")).toEqual([]);
    expect(P(s.g, 0).flats).toBe(1);
  });

  it("Evolution Phase 4.14 / 4.15: Warp Evolution (\"Enables evolution from R to U. Requires DP.\"), Agumon → MetalGreymon (not named in its evo-box) for 40 DP; all DP discarded", () => {
    const s = new DbeScenario(db, "Warp Evolution").turn(3, 0).active(0, "DS1-001")
      .put(0, "dp", "DS1-013").put(0, "hand", "DS1-054", "DS1-012").put(0, "deck", "DS1-040", "DS1-041");
    const d = pending(s, method);
    // By DP, R → U is not one step (5.3.3.1): MetalGreymon is not offered.
    expect(labels(d)).toEqual(["No evolution", "By DP with an EVOLVE card", "By Evolution card: DS1-054 Warp Evolution"]);
    expect(choose(s, d, "By Evolution card: DS1-054 Warp Evolution")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001", "DS1-012"]);
    expect(P(s.g, 0).hp).toBe(1700);
    // "Draw 2: Greymon, GeoGreymon" does not qualify from Agumon.
    expect(keys(s, 0, "hand")).toEqual([]);
    expect(keys(s, 0, "dp")).toEqual([]);
    expect(sorted(keys(s, 0, "trash"))).toEqual(["DS1-013", "DS1-054"]);
  });

  it("Evolution Phase 4.15 / 5.1.6: Warp Evolution with 30 DP for MetalGreymon's 40 — \"Requires DP\" is not met, evolution fails, the DP stays", () => {
    const s = new DbeScenario(db, "Warp Evolution fails").turn(3, 0).active(0, "DS1-001")
      .put(0, "dp", "DS1-023").put(0, "hand", "DS1-054", "DS1-012");
    expect(choose(s, pending(s, method), "By Evolution card: DS1-054 Warp Evolution")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001"]);
    expect(keys(s, 0, "hand")).toEqual(["DS1-012"]);
    expect(keys(s, 0, "dp")).toEqual(["DS1-023"]);
    expect(keys(s, 0, "trash")).toEqual(["DS1-054"]);
  });

  it("Evolution Phase 5.1.2.4 / 5.1.1: by Evolution card a Future naming the active in its evo-box ignores type and level but not DP — Reckless Push, Strikedramon (C) → UlforceVdramon (M, from the Destiny Zone) needs its 50 DP", () => {
    const s = new DbeScenario(db, "Reckless Push UlforceVdramon").turn(3, 0).active(0, "DBE-R08")
      .put(0, "dp", "DS1-012", "DS1-032") // 40 + 10 = 50 DP
      .put(0, "destinyZone", "EX-094").put(0, "hand", "DBE-R28");
    expect(choose(s, pending(s, method), "By Evolution card: DBE-R28 Reckless Push")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DBE-R08", "EX-094"]);
    expect(keys(s, 0, "destinyZone")).toEqual([]);
    // 1100 / 760 / 400 + 300 ("∞ Power +100: -dramon (U)" needs a Level U). HP stays 2300:
    // UlforceVdramon's PASSIVE "Your HP cannot be lowered except by an attack" stops "Lower
    // own HP -100" (after evolving it is the active whose PASSIVE applies).
    expect(P(s.g, 0).hp).toBe(2300);
    expect(P(s.g, 0).power).toEqual({ circle: 1400, triangle: 1060, cross: 700 });
    expect(keys(s, 0, "dp")).toEqual([]);
    // With 40 DP the name in the evo-box does not help: evolution fails, the Level M goes back
    // to the Destiny Zone ("Never delete a Level M if it leaves the evolve zone", 5.1.6).
    const t = new DbeScenario(db, "Reckless Push UlforceVdramon 40 DP").turn(3, 0).active(0, "DBE-R08")
      .put(0, "dp", "DS1-012").put(0, "destinyZone", "EX-094").put(0, "hand", "DBE-R28");
    expect(choose(t, pending(t, method), "By Evolution card: DBE-R28 Reckless Push")).toBeNull();
    expect(keys(t, 0, "active")).toEqual(["DBE-R08"]);
    expect(keys(t, 0, "destinyZone")).toEqual(["EX-094"]);
    expect(keys(t, 0, "dp")).toEqual(["DS1-012"]);
  });

  it("Evolution Phase 5.1.3: an evolution-prohibiting effect (\"cannot evolve\") stops evolving by DP, by DNA and with EVOLVE cards, not by Evolution card", () => {
    const s = new DbeScenario(db, "cannot evolve").turn(3, 0).active(0, "DS1-011", { prohibited: ["evolve"] })
      .put(0, "dp", "DS1-013") // 40 DP: Andromon by DP, or by DNA with Growlmon, or Penguinmon
      .put(0, "hand", "DS1-014", "DS1-009", "DBE-R03", "DBE-R27");
    const d = pending(s, method);
    expect(labels(d)).toEqual(["No evolution", "By Evolution card: DBE-R27 Download"]);
    const f = choose(s, d, "By Evolution card: DBE-R27 Download");
    expect(labels(f)).toEqual(["DS1-014 Andromon", "DS1-009 Growlmon", "DBE-R03 Penguinmon"]);
  });

  it("Evolution Phase 4.14 + 5.1.2.3 + 003 \"Cards Placed Under Digimon\": Mutate (\"Enables evolution to the same level\") from an Abnormal Tyrannomon to Strikedramon (C → C, Dragon, 30 DP) gives a Normal active; type and DP still count (Kabuterimon, Jungle, is not offered)", () => {
    const s = new DbeScenario(db, "Mutate").turn(3, 0).active(0, "DBE-R05", { abnormal: true })
      .put(0, "dp", "DS1-024").put(0, "hand", "DBE-R29", "DBE-R08", "DS1-009", "DS1-023", "DS1-012");
    const d = pending(s, method);
    expect(labels(d)).toEqual(["No evolution", "By Evolution card: DBE-R29 Mutate"]);
    const f = choose(s, d, "By Evolution card: DBE-R29 Mutate");
    // Strikedramon, Growlmon: same level, Dragon, 30 DP. Kabuterimon: Jungle. MetalGreymon:
    // one level up and Dragon, but 40 DP > 30.
    expect(labels(f)).toEqual(["DBE-R08 Strikedramon", "DS1-009 Growlmon"]);
    expect(choose(s, f, "DBE-R08 Strikedramon")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DBE-R05", "DBE-R08"]);
    expect([P(s.g, 0).abnormal, P(s.g, 0).hp]).toEqual([false, 1100]);
    expect(P(s.g, 0).power).toEqual({ circle: 540, triangle: 350, cross: 220 });
    expect(keys(s, 0, "dp")).toEqual([]);
  });
});

// ─── Evolution Phase 5.2: by DNA ────────────────────────────────────────────

describe("Evolution Phase 5.2 — Evolving by DNA", () => {
  it("Evolution Phase 5.2.1 / 5.2.2.1 / 5.2.2.2 / 5.2.3 / 5.2.4 / 5.2.6: Andromon (\"DNA: Guardromon + Dragon Level C\") from Guardromon (active) + Growlmon (hand); Agumon (Dragon R) and Kokabuterimon (Jungle C) are not materials; DP ignored and kept; the DNA future counts as the EVOLVE card", () => {
    const s = new DbeScenario(db, "DNA Andromon").turn(3, 0).active(0, "DS1-011", { hp: 300 })
      .put(0, "dp", "DS1-013") // 40 DP: Andromon (one level up, Metal) is also valid by DP
      .put(0, "hand", "DS1-014", "DS1-009", "DS1-001", "DBE-R10");
    const d = pending(s, method);
    expect(labels(d)).toEqual(["No evolution", "DS1-014 Andromon (40 DP)", "By DNA: DS1-014 Andromon"]);
    const m = choose(s, d, "By DNA: DS1-014 Andromon");
    // 4.16 / 5.2: the DNA Future is placed onto the evolve zone before the materials.
    expect(keys(s, 0, "evolveZone")).toEqual(["DS1-014"]);
    // 5.2.2.2: "Dragon Level C" needs both: Agumon is Level R, Kokabuterimon is Jungle.
    expect(labels(m)).toEqual(["DS1-009 Growlmon"]);
    expect([m?.min, m?.max]).toEqual([0, 1]);
    expect(choose(s, m, "DS1-009 Growlmon")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-011", "DS1-014"]);
    // 5.2.6.1 / 5.2.6.2: the act of evolving, Andromon's printed 1900 HP, 780 / 520 / 300.
    expect([P(s.g, 0).evolved, P(s.g, 0).hp]).toEqual([true, 1900]);
    expect(P(s.g, 0).power).toEqual({ circle: 780, triangle: 520, cross: 300 });
    // 5.2.4: "DNA does not evolve by DP and ignores the DP zone".
    expect(keys(s, 0, "dp")).toEqual(["DS1-013"]);
    // 5.2.2.4: "are the 1 'Evolve' timing played per turn".
    expect(P(s.g, 0).evolveCardPlayed).toBe(true);
    expect(keys(s, 0, "hand")).toEqual(["DS1-001", "DBE-R10"]);
    expect(keys(s, 0, "evolveZone")).toEqual([]);
    expect(keys(s, 0, "trash")).toEqual(["DS1-009"]);
  });

  it("Evolution Phase 5.2.2.5: the active must be one of the materials — Agumon is neither Guardromon nor Level C, so Andromon is not offered for DNA", () => {
    const s = new DbeScenario(db, "DNA active not a material").turn(3, 0).active(0, "DS1-001")
      .put(0, "dp", "DS1-023").put(0, "hand", "DS1-014", "DS1-011", "DS1-009");
    expect(labels(pending(s, method))).toEqual(["No evolution", "DS1-009 Growlmon (30 DP)"]);
  });

  it("Evolution Phase 5.2.2.3 + 5.2.1: a DATA card is a DNA material matching its name — Ladydevimon (Nightmare Level U, active) + Mugendramon DATA → Millenniummon, a Level M from the Destiny Zone", () => {
    const s = new DbeScenario(db, "DNA DATA").turn(3, 0).active(0, "DBE-R15")
      .put(0, "destinyZone", "DBE-R17").put(0, "hand", "DBE-R26");
    const d = pending(s, method);
    expect(labels(d)).toEqual(["No evolution", "By DNA: DBE-R17 Millenniummon"]);
    const m = choose(s, d, "By DNA: DBE-R17 Millenniummon");
    expect(labels(m)).toEqual(["DBE-R26 Mugendramon DATA"]);
    expect(choose(s, m, "DBE-R26 Mugendramon DATA")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DBE-R15", "DBE-R17"]);
    expect(keys(s, 0, "destinyZone")).toEqual([]);
    expect(P(s.g, 0).hp).toBe(2500);
  });

  it("Evolution Phase 5.2.2 (commas): MegaKabuterimon \"DNA: Kabuterimon, Woodmon\" — Kabuterimon (active) + Woodmon (hand) evolve by DNA with no DP", () => {
    const s = new DbeScenario(db, "DNA commas").turn(3, 0).active(0, "DS1-023").put(0, "hand", "DS1-028", "DS1-022");
    const d = pending(s, method);
    // No DP: MegaKabuterimon (names Kabuterimon) is not offered by DP (40 DP).
    expect(labels(d)).toEqual(["No evolution", "By DNA: DS1-028 MegaKabuterimon"]);
    const m = choose(s, d, "By DNA: DS1-028 MegaKabuterimon");
    expect(labels(m)).toEqual(["DS1-022 Woodmon"]);
    expect(choose(s, m, "DS1-022 Woodmon")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-023", "DS1-028"]);
    expect(P(s.g, 0).hp).toBe(1800);
  });

  it("Evolution Phase 5.2.3.1 / 5.2.8: BIT-058 Jogress counts as a DNA material (the Dragon Level C) and, after evolving, Draw 2", () => {
    const s = new DbeScenario(db, "DNA Jogress").turn(3, 0).active(0, "DS1-011")
      .put(0, "hand", "DS1-014", "BIT-058").put(0, "deck", "DS1-040", "DS1-041", "DS1-042");
    const d = pending(s, method);
    expect(labels(d)).toEqual(["No evolution", "By DNA: DS1-014 Andromon"]);
    const m = choose(s, d, "By DNA: DS1-014 Andromon");
    expect(labels(m)).toEqual(["BIT-058 Jogress"]);
    expect(choose(s, m, "BIT-058 Jogress")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-011", "DS1-014"]);
    expect(keys(s, 0, "hand")).toEqual(["DS1-042", "DS1-041"]);
    expect(order(s, "evolve", "draw")).toEqual(["evolve", "draw"]);
  });

  it("Evolution Phase 5.2.8: \"When evolving\" effects of a DNA material resolve once the Future is placed (TST Fusion Link: \"When evolving, Recover own HP +100\" → Andromon 1900 + 100)", () => {
    const s = new DbeScenario(db, "DNA when evolving").turn(3, 0).active(0, "DS1-011", { hp: 300 })
      .put(0, "hand", "DS1-014", "TST-024");
    const m = choose(s, pending(s, method), "By DNA: DS1-014 Andromon");
    expect(choose(s, m, "TST-024 Fusion Link")).toBeNull();
    // 5.2.6 places the Future (1900 HP), then 5.2.8 resolves "when evolving": +100.
    expect(keys(s, 0, "active")).toEqual(["DS1-011", "DS1-014"]);
    expect(order(s, "evolve", "recover")).toEqual(["evolve", "recover"]);
    expect(P(s.g, 0).hp).toBe(2000);
  });

  it("Evolution Phase 5.2.7: evolving by DNA does not activate an evo-bonus (TST Bonusdromon's \"Draw 2: Guardromon\" draws nothing from Guardromon)", () => {
    const s = new DbeScenario(db, "DNA no bonus").turn(3, 0).active(0, "DS1-011")
      .put(0, "hand", "TST-023", "DS1-009").put(0, "deck", "DS1-040", "DS1-041", "DS1-042");
    const m = choose(s, pending(s, method), "By DNA: TST-023 Bonusdromon");
    expect(choose(s, m, "DS1-009 Growlmon")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-011", "TST-023"]);
    expect(keys(s, 0, "hand")).toEqual([]);
    expect(keys(s, 0, "deck")).toHaveLength(3);
  });

  it("Evolution Phase 5.2.3.2: no valid combination (Ladydevimon + a second Ladydevimon for \"Mugendramon + Nightmare Level U\") → evolution fails: the Level M future goes back to the Destiny Zone (not deleted), the material is trashed, the DP stays; it still was the turn's EVOLVE card", () => {
    const s = new DbeScenario(db, "DNA fails").turn(3, 0).active(0, "DBE-R15")
      .put(0, "dp", "DS1-013").put(0, "destinyZone", "DBE-R17").put(0, "hand", "DBE-R15");
    const m = choose(s, pending(s, method), "By DNA: DBE-R17 Millenniummon");
    expect(labels(m)).toEqual(["DBE-R15 Ladydevimon"]);
    expect(choose(s, m, "DBE-R15 Ladydevimon")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DBE-R15"]);
    expect(P(s.g, 0).evolved).toBe(false);
    expect(keys(s, 0, "destinyZone")).toEqual(["DBE-R17"]);
    expect(keys(s, 0, "deleted")).toEqual([]);
    // "Trash the remaining cards on the evolve zone, do not put the material(s) back into hand!"
    expect(keys(s, 0, "trash")).toEqual(["DBE-R15"]);
    expect(keys(s, 0, "hand")).toEqual([]);
    expect(keys(s, 0, "dp")).toEqual(["DS1-013"]);
    expect(P(s.g, 0).evolveCardPlayed).toBe(true);
    expect(s.g.log.filter((e) => e.kind === "evolveFail")).toHaveLength(1);
  });

  it("Evolution Phase 5.2.3.2 + Pre-Game Setup 2: the failed Level M future goes back under the Destiny Zone's top card — the Mastery card stays on top and in play", () => {
    const s = new DbeScenario(db, "DNA fails, Mastery").turn(3, 0).active(0, "DBE-R15")
      .put(0, "dp", "DS1-013").put(0, "destinyZone", "DBE-R17", "DS1-039").put(0, "hand", "DBE-R15");
    const m = choose(s, pending(s, method), "By DNA: DBE-R17 Millenniummon");
    expect(choose(s, m, "DBE-R15 Ladydevimon")).toBeNull();
    expect(keys(s, 0, "destinyZone")).toEqual(["DBE-R17", "DS1-039"]);
    expect(cardsInPlay(s.g, 0).map((x) => [s.g.card(x.card).def, x.place])).toContainEqual(["DS1-039", "mastery"]);
  });
});

// ─── Evolution Phase 5.3 with EVOLVE and Evolution cards ────────────────────

describe("Evolution Phase 5.3 — Evolving by DP with an EVOLVE card", () => {
  it("Evolution Phase 5.3.1 / 4.7 / 4.11: Penguinmon (EVOLVE: \"Ignore type when evolving. After evolving, Draw 1.\"), Agumon (Dragon) → Ikkakumon (Marine C, 30 DP); Draw 1; all DP discarded", () => {
    const s = new DbeScenario(db, "Penguinmon").turn(3, 0).active(0, "DS1-001")
      .put(0, "dp", "DS1-023").put(0, "hand", "DBE-R03", "DS1-024").put(0, "deck", "DS1-040", "DS1-041");
    const d = pending(s, method);
    // Without the EVOLVE card Ikkakumon shares no type with Agumon (5.3.3.3): not offered.
    expect(labels(d)).toEqual(["No evolution", "By DP with an EVOLVE card"]);
    const e = choose(s, d, "By DP with an EVOLVE card");
    expect(labels(e)).toEqual(["None", "DBE-R03 Penguinmon"]);
    expect(choose(s, e, "DBE-R03 Penguinmon")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001", "DS1-024"]);
    expect(keys(s, 0, "hand")).toEqual(["DS1-041"]);
    expect(keys(s, 0, "dp")).toEqual([]);
    expect(sorted(keys(s, 0, "trash"))).toEqual(["DBE-R03", "DS1-023"]);
    expect([P(s.g, 0).evolved, P(s.g, 0).evolveCardPlayed]).toEqual([true, true]);
  });

  it("Evolution Phase 5.3.6: with an EVOLVE card played, no Future meets the requirements (Penguinmon ignores type, but 20 DP < Ikkakumon's 30) — evolution fails, the EVOLVE card is discarded, the DP and the flat token stay", () => {
    const s = new DbeScenario(db, "EVOLVE card fails").turn(3, 0).active(0, "DS1-001", { flats: 1 })
      .put(0, "dp", "DS1-002").put(0, "hand", "DBE-R03", "DS1-024");
    const e = choose(s, pending(s, method), "By DP with an EVOLVE card");
    expect(choose(s, e, "DBE-R03 Penguinmon")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001"]);
    expect([P(s.g, 0).evolved, P(s.g, 0).flats]).toEqual([false, 1]);
    expect(keys(s, 0, "hand")).toEqual(["DS1-024"]);
    expect(keys(s, 0, "dp")).toEqual(["DS1-002"]);
    expect(keys(s, 0, "trash")).toEqual(["DBE-R03"]);
    expect(s.g.log.filter((x) => x.kind === "evolveFail")).toHaveLength(1);
  });

  it("Evolution Phase 5 (fact 2) / 5.3.1: only ONE EVOLVE card per turn — after Penguinmon, Dorumon is not offered", () => {
    const s = new DbeScenario(db, "one EVOLVE card").turn(3, 0).active(0, "DS1-001")
      .put(0, "dp", "DS1-023").put(0, "hand", "DBE-R03", "DS1-006", "DS1-024").put(0, "deck", "DS1-040");
    const e = choose(s, pending(s, method), "By DP with an EVOLVE card");
    expect(labels(e)).toEqual(["None", "DBE-R03 Penguinmon", "DS1-006 Dorumon"]);
    // Next: the Future (Ikkakumon, the only one valid: forced) — no second EVOLVE card.
    expect(choose(s, e, "DBE-R03 Penguinmon")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001", "DS1-024"]);
    expect(keys(s, 0, "hand")).toEqual(["DS1-006", "DS1-040"]);
  });

  it("Evolution Phase 5 (fact 2): a player who already played an EVOLVE card this turn is offered no EVOLVE card, no DNA and no Evolution card — only evolving by DP", () => {
    const s = new DbeScenario(db, "EVOLVE card used").turn(3, 0).active(0, "DS1-011", { evolveCardPlayed: true })
      .put(0, "dp", "DS1-013").put(0, "hand", "DBE-R03", "DBE-R27", "DS1-014", "DS1-009");
    expect(labels(pending(s, method))).toEqual(["No evolution", "DS1-014 Andromon (40 DP)"]);
    // Nor does the EVOLVE-card step (5.3.1 "If not already played") offer one.
    const t = new DbeScenario(db, "EVOLVE card step used").turn(3, 0).active(0, "DS1-001", { evolveCardPlayed: true })
      .put(0, "hand", "DBE-R03", "DS1-006");
    expect(pending(t, { t: "dbe.evolve.evolveCard" })).toBeNull();
    expect(keys(t, 0, "hand")).toEqual(["DBE-R03", "DS1-006"]);
  });

  it("Evolution Phase 4.14 / 5.3.1 / 4.11: Dorumon (EVOLVE: \"Enables evolution to the same level. After evolving, Recover own HP +200.\"), Growlmon → Tyrannomon (C → C) by DP: 1200 + 200 HP, all DP discarded", () => {
    const s = new DbeScenario(db, "Dorumon").turn(3, 0).active(0, "DS1-009")
      .put(0, "dp", "DS1-023").put(0, "hand", "DS1-006", "DBE-R05");
    const d = pending(s, method);
    expect(labels(d)).toEqual(["No evolution", "By DP with an EVOLVE card"]);
    const e = choose(s, d, "By DP with an EVOLVE card");
    expect(choose(s, e, "DS1-006 Dorumon")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-009", "DBE-R05"]);
    expect([P(s.g, 0).abnormal, P(s.g, 0).hp]).toEqual([false, 1400]);
    expect(keys(s, 0, "dp")).toEqual([]);
  });

  it("Evolution Phase 5.3.1 / 5.3.3.2 / 5.3.3.7 / 5.3.10: an Evolution card as the EVOLVE card of evolving by DP — Download ignores level and type (Agumon → Lilamon); ignoring DP, no flat token can be removed and the DP is not discarded", () => {
    const s = new DbeScenario(db, "Download by DP").turn(3, 0).active(0, "DS1-001", { flats: 1 })
      .put(0, "dp", "DS1-023", "DBE-R20").put(0, "hand", "DBE-R27", "DS1-026");
    const d = pending(s, method);
    expect(labels(d)).toEqual(["No evolution", "By DP with an EVOLVE card", "By Evolution card: DBE-R27 Download"]);
    const e = choose(s, d, "By DP with an EVOLVE card");
    expect(labels(e)).toEqual(["None", "DBE-R27 Download"]);
    // Lilamon is the only Future (forced); 5.3.3.7 "If not ignoring DP": no flat question.
    expect(choose(s, e, "DBE-R27 Download")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001", "DS1-026"]);
    expect(P(s.g, 0).flats).toBe(1);
    expect(keys(s, 0, "dp")).toEqual(["DS1-023", "DBE-R20"]);
    expect(keys(s, 0, "trash")).toEqual(["DBE-R27"]);
  });

  it("Evolution Phase 4.10 / 5.1 (warning) / 5.3.1 / 5.3.4: Evolution Burst (\"When evolving by DP, Draw 2. After evolving, Boost own Power +200.\") is played as the EVOLVE card when evolving by DP — Draw 2 before the Future is placed, the evo-bonus Draw 2, then Power +200", () => {
    const s = new DbeScenario(db, "Evolution Burst").turn(3, 0).active(0, "DS1-001")
      .put(0, "dp", "DS1-023").put(0, "hand", "DS1-056", "DS1-007")
      .put(0, "deck", "DS1-040", "DS1-041", "DS1-042", "DS1-044");
    const d = pending(s, method);
    // 4.10: "Think of these Evolution cards as ways to bolster the method of evolving by DP";
    // 5.1.4: "When evolving by DP" does not count as evolving by Evolution card.
    expect(labels(d)).toEqual(["No evolution", "DS1-007 Greymon (30 DP)", "By DP with an EVOLVE card"]);
    const e = choose(s, d, "By DP with an EVOLVE card");
    // 5.3.1: "Evolution cards (yellow border) are allowed here".
    expect(labels(e)).toEqual(["None", "DS1-056 Evolution Burst"]);
    expect(choose(s, e, "DS1-056 Evolution Burst")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001", "DS1-007"]);
    // 5.3.4 "When evolving by DP" (Draw 2), 5.3.8 evolve, 5.3.9 bonus (Draw 2: Agumon), "After evolving".
    expect(order(s, "draw", "evolve", "boost")).toEqual(["draw", "evolve", "draw", "boost"]);
    expect(keys(s, 0, "hand")).toEqual(["DS1-044", "DS1-042", "DS1-041", "DS1-040"]);
    expect(P(s.g, 0).power).toEqual({ circle: 740, triangle: 560, cross: 430 });
    expect(keys(s, 0, "dp")).toEqual([]);
  });

  it("Evolution Phase 5.3.10 + 4.10: Super Tag (\"When evolving by DP, … delete this card instead of discarding all own DP\") — Agumon → Greymon by DP: Super Tag is deleted and the 40 DP stay", () => {
    const s = new DbeScenario(db, "Super Tag").turn(3, 0).active(0, "DS1-001")
      .put(0, "dp", "DS1-023", "DBE-R20").put(0, "hand", "DBE-R30", "DS1-007").put(0, "deck", "DS1-040", "DS1-041");
    const e = choose(s, pending(s, method), "By DP with an EVOLVE card");
    expect(labels(e)).toEqual(["None", "DBE-R30 Super Tag"]);
    expect(choose(s, e, "DBE-R30 Super Tag")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001", "DS1-007"]);
    expect(keys(s, 0, "dp")).toEqual(["DS1-023", "DBE-R20"]);
    expect(keys(s, 0, "deleted")).toEqual(["DBE-R30"]);
    expect(keys(s, 0, "trash")).toEqual([]);
    expect(keys(s, 0, "hand")).toEqual(["DS1-041", "DS1-040"]);
  });
});

// ─── Effect Evolution ───────────────────────────────────────────────────────

describe("Effect Evolution — Matrix Evolve, Biyomon, Rush Mode", () => {
  it("Effect Evolution + FAQ \"Cherrypicking Rules\": BIT-054 Matrix Evolve reveals the top 7 and evolves to a valid Digimon among them (\"Requires DP\": Costlydramon's 40 DP is not met with 30; the 8th card is not looked at); Recycle any and shuffle; all DP discarded", () => {
    // Deck bottom → top: the 8th card Growlmon (valid, not shown), then the top 7.
    const deck = ["DS1-009", "DBE-R05", "DS1-032", "DS1-023", "DS1-016", "DS1-012", "TST-020", "DS1-007"];
    const s = new DbeScenario(db, "Matrix Evolve").turn(3, 0).active(0, "DS1-001")
      .put(0, "dp", "DS1-024").put(0, "hand", "BIT-054").put(0, "trash", "DS1-002").put(0, "deck", ...deck);
    const d = pending(s, method);
    const f = choose(s, d, "By Evolution card: BIT-054 Matrix Evolve");
    expect(s.g.log.filter((e) => e.kind === "reveal").map((e) => (e.data.cards as number[]).length)).toEqual([7]);
    // From the top: Greymon ✓; Costlydramon (C Dragon, 40 DP > 30) ✗; MetalGreymon (R → U) ✗;
    // Lalamon (R → R) ✗; Kabuterimon (Jungle) ✗; Dragon Claw (Option) ✗; Tyrannomon ✓.
    expect(labels(f)).toEqual(["DS1-007 Greymon", "DBE-R05 Tyrannomon"]);
    expect(choose(s, f, "DBE-R05 Tyrannomon")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001", "DBE-R05"]);
    expect([P(s.g, 0).evolved, P(s.g, 0).abnormal, P(s.g, 0).hp]).toEqual([true, false, 1200]);
    // "Recycle any and shuffle": Guilmon (the only trash card) joins the deck, which is shuffled.
    const left = [...deck.filter((k) => k !== "DBE-R05"), "DS1-002"];
    expect(sorted(keys(s, 0, "deck"))).toEqual(sorted(left));
    expect(keys(s, 0, "deck")).not.toEqual(left);
    // 4.15: Requires DP → all DP discarded.
    expect(keys(s, 0, "dp")).toEqual([]);
    expect(sorted(keys(s, 0, "trash"))).toEqual(["BIT-054", "DS1-024"]);
  });

  it("Effect Evolution POINT: Matrix Evolve \"doesn't prohibit abnormals from evolving provided they have the DP\" — Abnormal Tyrannomon → MetalGreymon for 40 DP", () => {
    const s = new DbeScenario(db, "Matrix Evolve abnormal").turn(3, 0).active(0, "DBE-R05", { abnormal: true })
      .put(0, "dp", "DS1-013").put(0, "hand", "BIT-054").put(0, "deck", "DS1-040", "DS1-041", "DS1-012");
    const d = pending(s, method);
    expect(labels(d)).toEqual(["No evolution", "By Evolution card: BIT-054 Matrix Evolve"]);
    expect(choose(s, d, "By Evolution card: BIT-054 Matrix Evolve")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DBE-R05", "DS1-012"]);
    expect([P(s.g, 0).abnormal, P(s.g, 0).hp]).toEqual([false, 1700]);
    expect(keys(s, 0, "dp")).toEqual([]);
    expect(sorted(keys(s, 0, "deck"))).toEqual(["DS1-040", "DS1-041"]);
  });

  it("Evolution Phase 5.1.6 + FAQ \"Cherrypicking Rules\": Matrix Evolve with no valid Digimon among the cards shown — evolution fails, the card finishes resolving (Recycle any and shuffle), the DP stays, and no Future from the hand is played instead", () => {
    const s = new DbeScenario(db, "Matrix Evolve fails").turn(3, 0).active(0, "DS1-001")
      .put(0, "dp", "DS1-024").put(0, "hand", "BIT-054", "DS1-007").put(0, "trash", "DS1-002")
      .put(0, "deck", "DS1-040", "DS1-016", "DS1-012");
    const d = pending(s, method);
    expect(labels(d)).toEqual(["No evolution", "DS1-007 Greymon (30 DP)", "By DP with an EVOLVE card", "By Evolution card: BIT-054 Matrix Evolve"]);
    // Greymon in hand would be valid by the default requirements — Matrix Evolve's Future can
    // only come from the cards shown.
    expect(choose(s, d, "By Evolution card: BIT-054 Matrix Evolve")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001"]);
    expect(P(s.g, 0).evolved).toBe(false);
    expect(keys(s, 0, "hand")).toEqual(["DS1-007"]);
    expect(keys(s, 0, "dp")).toEqual(["DS1-024"]);
    expect(sorted(keys(s, 0, "deck"))).toEqual(["DS1-002", "DS1-012", "DS1-016", "DS1-040"]);
    expect(keys(s, 0, "trash")).toEqual(["BIT-054"]);
  });

  it("FAQ \"Cherrypicking Rules\" (Matrix Evolve): \"no shuffle is necessary since the cards were already separated\" — TST Mini Matrix (reveal the top 3, no shuffle sentence) leaves the other cards of the deck in order", () => {
    const s = new DbeScenario(db, "Mini Matrix").turn(3, 0).active(0, "DS1-001")
      .put(0, "dp", "DS1-024").put(0, "hand", "TST-022")
      .put(0, "deck", "DS1-040", "DS1-041", "DS1-042", "DBE-R05", "DS1-044");
    // Top 3: Sincerity Tag, Tyrannomon (the only valid Digimon: forced), Vine Bind.
    expect(choose(s, pending(s, method), "By Evolution card: TST-022 Mini Matrix")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001", "DBE-R05"]);
    expect(keys(s, 0, "deck")).toEqual(["DS1-040", "DS1-041", "DS1-042", "DS1-044"]);
  });

  it("Glossary \"Recycle any\" + FAQ \"Cherrypicking Rules\": Matrix Evolve's \"Recycle any\" lets the player choose the Partner from under an Attack Chip in the trash", () => {
    const r = new DbeScenario(db, "Matrix Evolve recycle any").turn(3, 0)
      .active(0, "DS1-002").set(0, { partner: "DS1-001" })
      .put(0, "dp", "DS1-024").put(0, "hand", "BIT-054").put(0, "trash", "DS1-001", "DBE-R20")
      .put(0, "deck", "DS1-040", "DS1-041", "DS1-009")
      .script(0, ["By Evolution card: BIT-054 Matrix Evolve"], ["DS1-001 Agumon"])
      .steps(method).run();
    // Guilmon → Growlmon (the only valid card shown: forced), then Recycle any: Agumon.
    expect(r.zone(0, "active")).toEqual(["DS1-002", "DS1-009"]);
    expect(sorted(r.zone(0, "deck"))).toEqual(["DS1-001", "DS1-040", "DS1-041"]);
    expect(sorted(r.zone(0, "trash"))).toEqual(["BIT-054", "DBE-R20", "DS1-024"]);
  });

  describe("FAQ \"Conditionals\" — DB-013 Biyomon: \"If own Level is R and type is Wind, evolve to a valid C from deck. If not, draw 2.\"", () => {
    const biyomon = (name: string, deck: string[], state: { evolved?: boolean } = {}, seed = 1) => {
      const s = new DbeScenario(db, name, seed).turn(3, 0)
        .active(0, "DB-013", { attack: "circle", ...state }).active(1, "DS1-001", { attack: "circle" })
        .put(0, "deck", ...deck).support(0, "DB-013");
      return s.steps(sup(0, s.top(0, "support"))).run();
    };

    it("Biyomon's failed evolution: both conditions met but no valid C in the deck — the evolution misfires and \"If not, draw 2\" does not happen (\"the effect failed not the condition\")", () => {
      // Greymon: Dragon C, not naming Biyomon (no shared type); MetalGreymon: Level U.
      const r = biyomon("Biyomon fails to evolve", ["DS1-040", "DS1-007", "DS1-012", "DS1-041"]);
      expect(r.zone(0, "active")).toEqual(["DB-013"]);
      expect(r.zone(0, "hand")).toEqual([]);
      expect(r.zone(0, "deck")).toHaveLength(4);
      expect(r.events("draw")).toEqual([]);
      expect(r.events("misfire")).toHaveLength(1);
    });

    it("Effect Evolution: Biyomon evolves to a valid C from the deck (Airdramon names Biyomon; DP ignored by default), the deck picked from is shuffled, and — outside the Evolve Phase — it does not use the turn's evolution", () => {
      const deck = ["DS1-040", "DBE-R09", "DS1-041", "DS1-007", "DS1-042", "DS1-044"];
      const rest = deck.filter((k) => k !== "DBE-R09");
      const r = biyomon("Biyomon evolves", deck);
      expect(r.zone(0, "active")).toEqual(["DB-013", "DBE-R09"]);
      expect(r.player(0).hp).toBe(1100);
      expect(r.player(0).evolved).toBe(false);
      expect(r.zone(0, "hand")).toEqual([]);
      expect(sorted(r.zone(0, "deck"))).toEqual(sorted(rest));
      expect(r.zone(0, "deck")).not.toEqual(rest);
      // "Effects that evolve outside of the Evolve Phase are not restricted to the '1 evolution
      // act per turn' rule": a player who already evolved this turn still evolves.
      const again = biyomon("Biyomon after an evolution", deck, { evolved: true });
      expect(again.zone(0, "active")).toEqual(["DB-013", "DBE-R09"]);
    });
  });

  it("Evolution Phase 4.6 + POINT Partner Evolution (\"as evolved\"): DS1-050 Rush Mode changes Guilmon into Growlmon from hand as evolved — printed stats, and not the turn's act of evolving (an evolution by DP is still allowed)", () => {
    const s = new DbeScenario(db, "Rush Mode").turn(3, 0)
      .active(0, "DS1-002", { attack: "circle", hp: 300 }).active(1, "DS1-001", { attack: "circle" })
      .put(0, "hand", "DS1-009", "DS1-013").put(0, "dp", "DS1-012").support(0, "DS1-050");
    expect(pending(s, sup(0, s.top(0, "support")))).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-002", "DS1-009"]);
    // Growlmon's printed 1150 HP, 520 / 380 / 240.
    expect([P(s.g, 0).hp, P(s.g, 0).evolved]).toEqual([1150, false]);
    expect(P(s.g, 0).power).toEqual({ circle: 520, triangle: 380, cross: 240 });
    expect(keys(s, 0, "dp")).toEqual(["DS1-012"]);
    // The 1 act of evolution is still available: Growlmon → WarGrowlmon for 40 DP, HP +200: Growlmon.
    const d = pending(s, method);
    expect(labels(d)).toEqual(["No evolution", "DS1-013 WarGrowlmon (40 DP)"]);
    expect(choose(s, d, "DS1-013 WarGrowlmon (40 DP)")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-002", "DS1-009", "DS1-013"]);
    expect(P(s.g, 0).hp).toBe(2000);
  });
});

describe("Evolution Phase POINT \"activate an evo-bonus\" — DBE-R31 Evo Surge", () => {
  it("activates every bonus in own active's box whatever the previous name (DS1-007 Greymon's \"Draw 2: Agumon\" with no Agumon below it), and non-permanent bonuses stack: two Evo Surges draw 4", () => {
    const s = new DbeScenario(db, "Evo Surge ×2").turn(3, 0)
      .active(0, "DS1-007").active(1, "DS1-001")
      .put(0, "deck", "DS1-040", "DS1-041", "DS1-042", "DS1-044", "DS1-049")
      .support(0, "DBE-R31").support(0, "DBE-R31");
    const [first, second] = s.g.zone(0, "support");
    expect(pending(s, sup(0, first!))).toBeNull();
    expect(s.g.zone(0, "hand")).toHaveLength(2);
    expect(pending(s, sup(0, second!))).toBeNull();
    expect(s.g.zone(0, "hand")).toHaveLength(4);
    expect(s.g.log.filter((e) => e.kind === "evoBonus")).toHaveLength(2);
  });

  it("played as the EVOLVE card of evolving by DP it activates the future's box: Boostdramon's \"DP -10: Gabumon\" lowers its cost for Agumon (30 → 20 with 20 DP) and its \"Draw 2: Gabumon\" is drawn when it is placed", () => {
    const base = () =>
      new DbeScenario(db, "Bonus Evolve").turn(3, 0)
        .active(0, "DS1-001").active(1, "DS1-001")
        .put(0, "deck", "DS1-040", "DS1-041", "DS1-042").put(0, "dp", "EX-035");
    // Without the EVOLVE card Boostdramon (30 DP) is out of reach with 20 DP.
    const plain = base().put(0, "hand", "TST-028");
    expect(pending(plain, method)).toBeNull();
    const s = base().put(0, "hand", "TST-028", "TST-029");
    expect(choose(s, pending(s, method), "By DP with an EVOLVE card")).not.toBeNull();
    // The only valid Future, Boostdramon, is then played without a question (one option).
    expect(choose(s, s.g.pending, "TST-029 Bonus Evolve")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001", "TST-028"]);
    expect(keys(s, 0, "hand")).toEqual(["DS1-042", "DS1-041"]);
  });

  it("Evolution Phase 4.4: DNA is in the evo-box but is not a bonus and cannot be activated — TST Bonusdromon (\"Draw 2: Guardromon\", \"DNA: Guardromon + Dragon Level C\") only draws 2", () => {
    const s = new DbeScenario(db, "Evo Surge, DNA").turn(3, 0)
      .active(0, "TST-023").active(1, "DS1-001")
      .put(0, "deck", "DS1-040", "DS1-041", "DS1-042").support(0, "DBE-R31");
    expect(pending(s, sup(0, s.top(0, "support")))).toBeNull();
    expect(s.g.zone(0, "hand")).toHaveLength(2);
    expect(keys(s, 0, "active")).toEqual(["TST-023"]);
    expect(s.g.log.filter((e) => e.kind === "evoBonus")).toHaveLength(1);
  });

  it("a permanent (∞) bonus applies only once ever: GeoGreymon evolved from Agumon has its ∞ Power +40, and Evo Surge adds nothing more", () => {
    const s = new DbeScenario(db, "Evo Surge, permanent").turn(3, 0)
      .active(0, "DS1-001").active(1, "DS1-001")
      .put(0, "hand", "DS1-008").put(0, "dp", "DS1-012").support(0, "DBE-R31");
    const d = pending(s, method);
    expect(labels(d)).toContain("DS1-008 GeoGreymon (30 DP)");
    expect(choose(s, d, "DS1-008 GeoGreymon (30 DP)")).toBeNull();
    // GeoGreymon's printed 560 / 340 / 210, +40 by its ∞ evo-bonus from Agumon.
    expect(P(s.g, 0).power).toEqual({ circle: 600, triangle: 380, cross: 250 });
    expect(pending(s, sup(0, s.top(0, "support")))).toBeNull();
    expect(P(s.g, 0).power).toEqual({ circle: 600, triangle: 380, cross: 250 });
  });

  it("activated first, a permanent bonus applies once and is kept past End Phase 3 (End Phase 3.4); a second activation adds nothing", () => {
    const s = new DbeScenario(db, "Evo Surge first").turn(3, 0)
      .active(0, "DS1-008").active(1, "DS1-001")
      .support(0, "DBE-R31").support(0, "DBE-R31");
    const [first, second] = s.g.zone(0, "support");
    expect(pending(s, sup(0, first!))).toBeNull();
    expect(P(s.g, 0).power).toEqual({ circle: 600, triangle: 380, cross: 250 });
    expect(pending(s, sup(0, second!))).toBeNull();
    expect(P(s.g, 0).power).toEqual({ circle: 600, triangle: 380, cross: 250 });
    expect(pending(s, { t: "dbe.end.cleanup" })).toBeNull();
    expect(P(s.g, 0).power).toEqual({ circle: 600, triangle: 380, cross: 250 });
  });
});

describe("FAQ \"Negative Effects in Evo-boxes\"", () => {
  it("\"Discard 1 and Power -100: Agumon\" is aimed at the opponent (\"'Discard 1' is a compactified phrasing of 'opponent discards 1'\"): Agumon → TST Spitemon by DP, the opponent discards its one card and loses 100 Power, own hand and Power untouched", () => {
    const s = new DbeScenario(db, "negative evo-bonus").turn(3, 0)
      .active(0, "DS1-001").active(1, "DS1-001")
      .put(0, "hand", "TST-025", "DS1-041").put(0, "dp", "DS1-012").put(1, "hand", "DS1-040");
    const before = P(s.g, 1).power;
    const d = pending(s, method);
    expect(choose(s, d, "TST-025 Spitemon (30 DP)")).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001", "TST-025"]);
    expect(keys(s, 0, "hand")).toEqual(["DS1-041"]);
    expect(P(s.g, 0).power).toEqual({ circle: 500, triangle: 300, cross: 200 });
    expect(keys(s, 1, "hand")).toEqual([]);
    expect(keys(s, 1, "trash")).toEqual(["DS1-040"]);
    expect(P(s.g, 1).power).toEqual({ circle: before.circle - 100, triangle: before.triangle - 100, cross: before.cross - 100 });
  });
});

describe("FAQ \"Permanents in Evolution Boxes\" — \"Attacks cannot be countered\", \"Supports cannot be voided\"", () => {
  const sturdy = (name: string) => {
    const s = new DbeScenario(db, name).turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-015", { attack: "cross", hp: 2400 })
      .put(0, "hand", "TST-026").put(0, "dp", "DS1-012");
    expect(choose(s, pending(s, method), "TST-026 Sturdymon (30 DP)")).toBeNull();
    return s;
  };

  it("a permanent \"Attacks cannot be countered\" makes WarGreymon's Counter misfire, and stays after End Phase 3 while the card is active", () => {
    const s = sturdy("uncounterable");
    expect(pending(s, { t: "dbe.battle" })).toBeNull();
    expect(s.g.log.filter((e) => e.kind === "battle.counter").map((e) => e.data.result)).toEqual(["misfire"]);
    expect(P(s.g, 1).hp).toBe(2400 - 500);
    expect(pending(s, { t: "dbe.end.cleanup" })).toBeNull();
    s.g.set(s.g.state, "turnPlayer", 0);
    s.g.set(P(s.g, 0), "attack", "circle");
    s.g.set(P(s.g, 1), "attack", "cross");
    expect(pending(s, { t: "dbe.battle" })).toBeNull();
    expect(s.g.log.filter((e) => e.kind === "battle.counter").map((e) => e.data.result)).toEqual(["misfire", "misfire"]);
  });

  it("End Phase 3.4: a permanent \"Opponent's DP -10\" counts while the card that gave it is active — after End Phase 3 too — and ends when it leaves the zone", () => {
    const s = sturdy("permanent DP").put(1, "dp", "DS1-012");
    expect(dpTotal(s.g, 1)).toBe(40 - 10);
    expect(pending(s, { t: "dbe.end.cleanup" })).toBeNull();
    expect(dpTotal(s.g, 1)).toBe(40 - 10);
    s.g.move(activeOf(s.g, 0)!, 0, "trash");
    expect(dpTotal(s.g, 1)).toBe(40);
  });

  it("permanent bonuses aimed at the opponent (\"∞ Power -50\", a negative bonus; \"Opponent cannot get 1st Attack\") hold while Sturdymon is active, past End Phase 3, and are void once it leaves (\"Void your permanent evo-bonuses if your active digimon card changes\")", () => {
    const s = sturdy("permanent, aimed at the opponent");
    expect(prohibits(s.g, 1, "gainFirstAttack")).toBe(true);
    expect(pending(s, { t: "dbe.end.cleanup" })).toBeNull();
    // WarGreymon's printed 1150 / 780 / 0, less 50 (never below 0).
    expect(P(s.g, 1).power).toEqual({ circle: 1100, triangle: 730, cross: 0 });
    expect(prohibits(s.g, 1, "gainFirstAttack")).toBe(true);
    s.g.move(activeOf(s.g, 0)!, 0, "trash");
    expect(prohibits(s.g, 1, "gainFirstAttack")).toBe(false);
    expect(pending(s, { t: "dbe.end.cleanup" })).toBeNull();
    expect(P(s.g, 1).power).toEqual({ circle: 1150, triangle: 780, cross: 0 });
  });

  it("without it, the same Counter succeeds (the control case)", () => {
    const s = new DbeScenario(db, "counterable").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-015", { attack: "cross", hp: 2400 });
    expect(pending(s, { t: "dbe.battle" })).toBeNull();
    expect(s.g.log.filter((e) => e.kind === "battle.counter").map((e) => e.data.result)).toEqual(["success"]);
  });

  it("a permanent \"Supports cannot be voided\": the opponent's \"Void opponent's Support\" leaves Attack Chip in force", () => {
    const s = sturdy("unvoidable").support(0, "DBE-R20").support(1, "TST-027");
    const before = P(s.g, 0).power.circle;
    expect(pending(s, { t: "dbe.support.resolve" })).toBeNull();
    expect(P(s.g, 0).voidedCards).toEqual([]);
    expect(s.g.log.filter((e) => e.kind === "voidRefused")).toHaveLength(1);
    expect(P(s.g, 0).power.circle).toBeGreaterThan(before);
  });
});
