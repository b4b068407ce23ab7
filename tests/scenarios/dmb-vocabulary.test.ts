/**
 * The DMB vocabulary (issue 12) played: cards of a `ruleset dmb` set written with the words
 * only the DMB rules (`003_7a740b8ec9103d40.txt`, "003") define, and the rules' shorthand both
 * texts share, do in a game what 003 says. Each test cites the 003 section; expected values
 * are worked out by hand from the printed cards (the arithmetic is in the comments). The
 * compiler side (errors in DBE sets, golden IR): tests/dmb-vocabulary.test.ts.
 *
 * Conventions: `put(p, zone, a, b, c)` puts the cards bottom first (`c` is the top of a deck);
 * player 0 is "P1", player 1 is "P2".
 */
import { describe, expect, it } from "vitest";
import type { Task } from "../../runtime/core/engine.ts";
import { P, dpTotal } from "../../runtime/rulesets/dbe/model.ts";
import { typesOf } from "../../runtime/rulesets/dbe/matching.ts";
import { dmbDb, keys, labels, pending, scenario, sup, type Rules } from "./dmb-helpers.ts";

/** Test cards (set TST, `ruleset dmb`). */
const TEST_CARDS = `
card TST-301 Leafmon
  kind: Digimon
  level: C
  type: Nature
  dp: 30
  +p: 30
  hp: 1000
  circle: Leaf Storm 400
  triangle: Leaf Cut 300
  cross: Vine Lash 100 | Jungle x3
  timing: SUPPORT
  text: (Also Dragon.) Boost own Power +100.

card TST-302 Plainmon
  kind: Digimon
  level: C
  type: Nature
  dp: 30
  +p: 30
  hp: 1000
  circle: Plain Storm 400
  triangle: Plain Cut 300
  cross: Plain Lash 100
  timing: SUPPORT
  text: Boost own Power +100.

card TST-303 Dpbonusmon
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
  evo: DP +10: Agumon
  timing: SUPPORT
  text: Boost own Power +100.

card TST-304 Deep Dig
  kind: Option
  timing: SUPPORT
  text: Put any Digimon from own deck into DP.

card TST-305 Top Dig
  kind: Option
  timing: SUPPORT
  text: Put the top Digimon of own deck into own DP.

card TST-306 Partner Chip
  kind: Option Partner Option
  timing: SUPPORT
  text: Boost own Power +200.

card TST-307 Type Check
  kind: Option
  timing: SUPPORT
  text: If own primary type is Dragon, Boost own Power +300. If own type is Dragon, Boost own Power +100.

card TST-308 Dragon Finder
  kind: Option
  timing: SUPPORT
  text: Take 1 Dragon Digimon from deck.

card TST-309 Type Shift
  kind: Option
  timing: SUPPORT
  text: Change own type to Metal.
`;

const db = dmbDb(TEST_CARDS);
const method: Task = { t: "dbe.evolve.method" };
const end: Task = { t: "dbe.end" };
const battle: Task = { t: "dbe.battle" };
const sorted = (xs: string[]) => [...xs].sort();

describe('003 Glossary "Also [Type]": "This card is permanently considered this type. However, it is not the card\'s primary (printed) type."', () => {
  it("evolution requirement 3 (\"The type (color) must be the same\"): Agumon (Dragon R) may evolve by DP into Leafmon (Nature C, Also Dragon), not into Plainmon (Nature C)", () => {
    for (const rules of ["dmb", "dbe"] as Rules[]) {
      const s = scenario(rules, db, "Also Dragon evolution").turn(3, 0)
        .active(0, "DS1-001").put(0, "dp", "DS1-009").put(0, "hand", "TST-301", "TST-302").active(1, "DS1-016");
      // Growlmon in DP: +30, enough for either 30 DP future; only Leafmon shares a type.
      expect(labels(pending(s, method)), rules).toEqual(["No evolution", "TST-301 Leafmon (30 DP)"]);
    }
  });

  it('"If own primary type is …" does not see it; "If own type is …" does (Glossary "Type": all types count unless it says primary)', () => {
    const s = scenario("dmb", db, "primary type").turn(3, 0)
      .active(0, "TST-301", { attack: "circle" }).active(1, "DS1-016").support(0, "TST-307");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    // Leaf Storm 400: the primary type is Nature (no +300), Dragon is one of its types (+100).
    expect(r.player(0).power.circle).toBe(500);
    expect(typesOf(s.g, s.top(0, "active"))).toEqual(["Nature", "Dragon"]);
  });

  it("filters see it: \"Take 1 Dragon Digimon from deck\" may take Leafmon", () => {
    const s = scenario("dmb", db, "filter").turn(3, 0)
      .active(0, "DS1-001").active(1, "DS1-016").put(0, "deck", "DS1-016", "TST-301", "TST-302").support(0, "TST-308");
    // Lalamon and Plainmon are Nature only: Leafmon is the one Dragon Digimon (the only choice, taken at once).
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(0, "hand")).toEqual(["TST-301"]);
    expect(sorted(r.zone(0, "deck"))).toEqual(["DS1-016", "TST-302"]);
  });

  it('"x3 VS" sees it (Attack Abilities "[Type] x3 VS": "if your opponent has a type that matches"): Ikkakumon\'s "Dragon x3 VS" triples against Leafmon, not against Plainmon', () => {
    const hit = (target: string) => {
      const s = scenario("dmb", db, "x3 VS an Also type").turn(3, 0)
        .active(0, "DS1-024", { attack: "cross" }).active(1, target, { attack: "triangle" });
      return s.steps(battle).run().player(1).hp;
    };
    // Frozen Breath 200: ×3 = 600 against Leafmon (1000 → 400); 200 against Plainmon (1000 → 800).
    expect(hit("TST-301")).toBe(400);
    expect(hit("TST-302")).toBe(800);
  });

  it('it stays through a type change ("permanently considered this type"; End Phase 3.1: type changes are semi-permanent)', () => {
    const s = scenario("dmb", db, "type change").turn(3, 0)
      .active(0, "TST-301", { attack: "circle" }).active(1, "DS1-016").support(0, "TST-309");
    s.steps(sup(0, s.top(0, "support"))).run();
    expect(typesOf(s.g, s.top(0, "active"))).toEqual(["Metal", "Dragon"]);
  });
});

describe('Attack Abilities "[Type] x3 VS (or x3 for short)" (000 and 003)', () => {
  it("Leafmon's \"Jungle x3\" triples Vine Lash against a Jungle Digimon, not against a Nature one", () => {
    const hit = (target: string) => {
      const s = scenario("dmb", db, "x3 shorthand").turn(3, 0)
        .active(0, "TST-301", { attack: "cross" }).active(1, target, { attack: "triangle" });
      return s.steps(battle).run().player(1).hp;
    };
    // Vine Lash 100: ×3 = 300 against Tentomon (Jungle, 650 HP → 350); 100 against Lalamon (Nature, 650 → 550).
    expect(hit("DS1-018")).toBe(350);
    expect(hit("DS1-016")).toBe(550);
  });
});

describe('003 evolution requirement 1 ("DP bonuses (+) are acquired *after* evolution") and End Phase 3.4 ("DP +10" a Passive)', () => {
  it('"evo: DP +10: Agumon": evolving from Agumon discards the DP, then gains 10 DP, which outlasts End Phase 3', () => {
    const s = scenario("dmb", db, "DP +10 bonus").turn(3, 0)
      .active(0, "DS1-001").put(0, "dp", "DS1-007").put(0, "hand", "TST-303").active(1, "DS1-016")
      .script(0, ["TST-303 Dpbonusmon (30 DP)"]);
    const r = s.steps(method).run();
    // Greymon (+30) pays the 30 DP and is discarded (Evolution Phase 5.1); the bonus then adds 10.
    expect(r.zone(0, "active")).toEqual(["DS1-001", "TST-303"]);
    expect(r.zone(0, "dp")).toEqual([]);
    expect(dpTotal(s.g, 0)).toBe(10);
    expect(pending(s, end)).toBeNull();
    expect(dpTotal(s.g, 0)).toBe(10);
  });
});

describe('003 FAQ "Putting unknown cards from a hidden zone into a visible zone"', () => {
  it('"Put any Digimon from own deck into DP.": the player picks one Digimon of the deck, it goes into DP, the deck is shuffled ("follow the Cherrypicking rule and then shuffle the deck")', () => {
    const deck = ["DS1-032", "DS1-001", "DS1-040", "DS1-016", "DS1-033", "DS1-034"];
    const s = scenario("dmb", db, "any Digimon into DP").turn(3, 0)
      .active(0, "DS1-002").active(1, "DS1-016").put(0, "deck", ...deck).support(0, "TST-304");
    const d = pending(s, sup(0, s.top(0, "support")));
    // Only the Digimon are offered (Agumon +20, Lalamon +20), in deck order from the bottom.
    expect(labels(d)).toEqual(["DS1-001 Agumon", "DS1-016 Lalamon"]);
    s.g.answer([0]);
    s.g.advance();
    expect(keys(s, 0, "dp")).toEqual(["DS1-001"]);
    expect(dpTotal(s.g, 0)).toBe(20);
    const left = deck.filter((k) => k !== "DS1-001");
    expect(sorted(keys(s, 0, "deck"))).toEqual(sorted(left));
    expect(s.g.log.find((e) => e.kind === "putIntoDp")?.text).toMatch(/reveals Agumon from the deck.*the deck is shuffled.*003, FAQ "Putting unknown cards/);
  });

  it('"Put any Digimon …" with no Digimon in the deck: nothing is put into DP and the deck is still shuffled', () => {
    const deck = ["DS1-032", "DS1-040", "DS1-033", "DS1-034", "DS1-035", "DS1-042"];
    const s = scenario("dmb", db, "no Digimon to put").turn(3, 0)
      .active(0, "DS1-002").active(1, "DS1-016").put(0, "deck", ...deck).support(0, "TST-304");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(0, "dp")).toEqual([]);
    expect(sorted(r.zone(0, "deck"))).toEqual(sorted(deck));
    expect(r.zone(0, "deck")).not.toEqual(deck);
    expect(r.events("misfire").map((e) => e.text).join("\n")).toMatch(/no matching card with \+P in the deck/);
  });

  it('"Put the top Digimon of own deck into own DP.": the first Digimon from the top, skipping the others, then a shuffle (the same effect as 000\'s "the top 1 Digimon … into DP")', () => {
    const deck = ["DS1-005", "DS1-009", "DS1-010", "DS1-011", "DS1-001", "DBE-R20", "DS1-032"];
    const s = scenario("dmb", db, "top Digimon into own DP").turn(3, 0)
      .active(0, "DS1-002").active(1, "DS1-016").put(0, "deck", ...deck).support(0, "TST-305");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    // From the top: Dragon Claw (Option), Attack Chip (Option), Agumon.
    expect(r.zone(0, "dp")).toEqual(["DS1-001"]);
    expect(sorted(r.zone(0, "deck"))).toEqual(sorted(deck.filter((k) => k !== "DS1-001")));
  });
});

describe('003 Glossary "Partner Option": "kind: Option Partner Option" is the "P" card', () => {
  it("the Support step offers it from the Destiny Zone for the Partner in hand, under DMB's name", () => {
    const s = scenario("dmb", db, "Partner Option marking").turn(3, 0)
      .active(0, "DS1-002").partner(0, "DS1-001").put(0, "hand", "DS1-001").put(0, "destinyZone", "TST-306")
      .active(1, "DS1-016");
    expect(labels(pending(s, { t: "dbe.support.play", p: 0 }))).toEqual(["No support", "DS1-001 Agumon", "Partner Option: TST-306 Partner Chip (discard DS1-001 Agumon)"]);
    expect(db.get("TST-306")!.stats.markings).toEqual(["Proxy"]);
    expect(P(s.g, 0).hp).toBeGreaterThan(0);
  });
});
