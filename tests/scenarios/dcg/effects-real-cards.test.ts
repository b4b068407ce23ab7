/**
 * The starter decks' cards (ST1 Gaia Red, ST2 Cocytus Blue) as printed, compiled from the real
 * card data (`../shared/data/dcg/cards.json`, test input outside the project) and played by the
 * effect model: each scenario cites the rule its card shows. Skipped without the data.
 */
import { describe, expect, it } from "vitest";
import { fx, HAVE_DCG_DATA, MAIN, realFxDb } from "./effects-helpers.ts";
import { checkCount, dpOf } from "../../../runtime/rulesets/dcg/continuous.ts";
import { mainOptions } from "../../../runtime/rulesets/dcg/main.ts";
import { P } from "../../../runtime/rulesets/dcg/model.ts";

describe.skipIf(!HAVE_DCG_DATA)("ST1 / ST2 cards as printed", () => {
  const db = HAVE_DCG_DATA ? realFxDb() : (null as never);

  it("002 §10-4-7-1 (ST1-12 Tai Kamiya \"[Your Turn] All of your Digimon get +1000 DP\"): only in its player's turn", () => {
    const s = fx(db, "ST1-12").battle(0, ["ST1-12"]).battle(0, ["ST1-03"]);
    expect(dpOf(s.g, P(s.g, 0).battle[1]!)).toBe(3000);
  });

  it("002 §10-4-8-1 (ST1-12 \"[Security] Play this card without paying its memory cost\"): the checked Tamer is played for the defender", () => {
    const r = fx(db, "ST1-12 [Security]").battle(0, ["ST1-07"]).security(1, "ST1-12").script(0, ["Attack with P1 Greymon → P2"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["ST1-12"]]);
  });

  it("002 §4-11, §10-4-8 (ST1-14 Starlight Explosion \"[Security] All of your Security Digimon get +7000 DP for the turn\"): the next Security Digimon of that attack battles with +7000", () => {
    const r = fx(db, "ST1-14").battle(0, ["ST1-03", "ST1-07", "ST1-09"]).security(1, "ST1-02", "ST1-14").script(0, ["Attack with P1 MetalGreymon → P2"]).steps(MAIN).run();
    expect(r.battle(0)).toEqual([]); // MetalGreymon 7000 (+1000 from Agumon; <Security Attack +1> from Greymon) loses to Biyomon 3000 + 7000
    expect(r.events("battle")[0]!.text).toMatch(/Biyomon \(10000 DP\)/);
  });

  it("002 §13-2-2 (ST1-13 Shadow Wing \"[Security] All of your Digimon gain <Security Attack +1> until the end of your next turn\"): the defender's Digimon check one more in their next turn", () => {
    const r = fx(db, "ST1-13").battle(0, ["ST1-07"]).battle(1, ["ST1-03"]).security(1, "ST1-13").script(0, ["Attack with P1 Greymon → P2"]).steps(MAIN).run();
    expect(checkCount(r.g, r.perm(1, 0))).toBe(2);
  });

  it("002 §14-1-1 (ST1-15 Giga Destroyer \"Delete up to 2 of your opponent's Digimon with 4000 DP or less\"): 1 or 2 may be chosen, not a larger one", () => {
    const r = fx(db, "ST1-15").battle(0, ["ST1-03"]).battle(1, ["ST2-02"]).battle(1, ["ST2-03"]).battle(1, ["ST2-05"]).hand(0, "ST1-15").script(0, ["Use ST1-15 Giga Destroyer (6)"], [0, 1]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["ST2-05"]]); // Ikkakumon has 5000 DP
  });

  it("002 §10-1-5 (ST1-11 WarGreymon \"For every 2 digivolution cards this Digimon has, it gains <Security Attack +1>\")", () => {
    const s = fx(db, "ST1-11").battle(0, ["ST1-01", "ST1-03", "ST1-07", "ST1-09", "ST1-11"]);
    expect(checkCount(s.g, P(s.g, 0).battle[0]!)).toBe(4); // 1 + 2 (4 digivolution cards) + 1 (Greymon's inherited)
  });

  it("002 §9-2-1-5-2 (ST1-09 MetalGreymon inherited \"When this Digimon is blocked, gain 3 memory\")", () => {
    const r = fx(db, "ST1-09").battle(0, ["ST1-09", "ST1-11"]).battle(1, ["ST1-06"]).security(1, "ST2-02").script(0, ["Attack with P1 WarGreymon → P2"]).script(1, ["Block with P2 Coredramon"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(8);
  });

  it("002 §10-4-5-1 (ST1-06 Coredramon \"[When Attacking] Lose 2 memory\")", () => {
    const r = fx(db, "ST1-06").battle(0, ["ST1-06"]).security(1, "ST2-13").script(0, ["Attack with P1 Coredramon → P2"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(3 - 2); // 5 − 2, then Hammer Spark's [Security] gives P2 2 memory
  });

  it("002 §13-2-2 (ST2-14 Sorrow Blue \"That Digimon can't attack or block until the end of your opponent's next turn\")", () => {
    const r = fx(db, "ST2-14").battle(0, ["ST2-02"]).battle(1, ["ST1-06"]).hand(0, "ST2-14").script(0, ["Use ST2-14 Sorrow Blue (2)"]).steps(MAIN).run();
    r.g.state.turnPlayer = 1;
    expect(mainOptions(r.g, 1).map((o) => o.label).filter((l) => l.startsWith("Attack"))).toEqual([]);
  });

  it("002 §4-15-1 (ST2-11 MetalGarurumon \"[When Attacking] (Once Per Turn) Unsuspend this Digimon\")", () => {
    const r = fx(db, "ST2-11").battle(0, ["ST2-11"]).security(1, "ST2-13", "ST2-13").script(0, ["Attack with P1 MetalGarurumon → P2"], ["Attack with P1 MetalGarurumon → P2"]).steps(MAIN, MAIN).run();
    expect(r.perm(0, 0).suspended).toBe(true); // unsuspended once, not the second time
    expect(r.zone(1, "security")).toEqual([]);
  });

  it("002 §11-5-1 (ST2-16 Cocytus Breath \"Return one of your opponent's Digimon to its owner's hand\"): only the top card; the rest to the trash", () => {
    const r = fx(db, "ST2-16", 8).battle(0, ["ST2-02"]).battle(1, ["ST1-03", "ST1-07"]).hand(0, "ST2-16").script(0, ["Use ST2-16 Cocytus Breath (7)"]).steps(MAIN).run();
    expect(r.zone(1, "hand")).toEqual(["ST1-07"]);
    expect(r.zone(1, "trash")).toEqual(["ST1-03"]);
  });

  it("002 §10-4-9-1 (ST2-12 Matt Ishida \"[Start of Your Turn] If your opponent has a Digimon with no digivolution cards, gain 1 memory\")", () => {
    const r = fx(db, "ST2-12", 0).turn(3, 0).battle(0, ["ST2-12"]).battle(1, ["ST1-03"]).deck(0, "ST2-02").stopAfterTurn(3).steps({ t: "dcg.turn", only: true }).run();
    expect(r.memory(0)).toBe(1);
  });

  it("002 §9-2-1-5 (ST2-09 Zudomon \"[When Digivolving] Trash 2 digivolution cards at the bottom of 1 of your opponent's Digimon\")", () => {
    const r = fx(db, "ST2-09").battle(0, ["ST2-05"]).battle(1, ["ST1-01", "ST1-03", "ST1-07"]).hand(0, "ST2-09").deck(0, "ST2-02").script(0, ["Digivolve P2 Ikkakumon into ST2-09 Zudomon (3)".replace("P2", "P1")]).steps(MAIN).run();
    expect(r.stack(r.perm(1, 0))).toEqual(["ST1-07"]);
  });
});
