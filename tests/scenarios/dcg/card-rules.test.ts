/**
 * DCG scenarios of the rules a card carries that are not effects: Burst Digivolve (002 §8-3) and
 * <Overflow> (002 §11-4). Neither is in the card data nor in `DcgCard` yet: the test cards give
 * them in the runtime's `DcgCardRules` (`model.ts`), beside their stats and compiled text.
 */
import { describe, expect, it } from "vitest";
import { DcgScenario } from "../../../runtime/rulesets/dcg/scenario.ts";
import { mainOptions } from "../../../runtime/rulesets/dcg/main.ts";
import { P } from "../../../runtime/rulesets/dcg/model.ts";
import { fx, fxDb, MAIN, textCard } from "./effects-helpers.ts";
import { TST_CARDS, testCard } from "./helpers.ts";
import { dcgCardDb } from "../../../runtime/rulesets/dcg/model.ts";

/** Burstmon: Lv.6, ordinary digivolution from a red Lv.5 for 4; Burst Digivolve 0 from [Redultimate] by returning 1 [Redtamer]. */
const BURST = { cost: 0, from: "Redultimate", tamer: "Redtamer" };
const db = fxDb(
  textCard("BX-01", { name: "Burstmon", level: 6, cost: 12, dp: 12000, from: [[4, 5]], burst: [BURST] }),
  textCard("BX-02", { name: "Onlyburstmon", level: 6, cost: 12, dp: 12000, burst: [{ cost: 2, from: "Redultimate", tamer: "Redtamer" }] }),
  textCard("BX-03", { name: "Hotburstmon", level: 6, cost: 12, dp: 12000, burst: [BURST], effect: "[When Digivolving] Gain 1 memory." }),
  textCard("BX-04", { kind: "Tamer", name: "Watcher", colors: ["Red"], cost: 2, effect: "[Your Turn] When one of your Digimon digivolves, gain 1 memory." }),
  textCard("BX-05", { kind: "Tamer", name: "Discounter", colors: ["Red"], cost: 2, effect: "[Your Turn] When one of your Digimon would digivolve into a Digimon card with [Onlyburstmon] in its name, reduce the digivolution cost by 1." }),
  textCard("BX-06", { kind: "Tamer", name: "Stopper", colors: ["Blue"], cost: 2, effect: "[Opponent's Turn] Your opponent's Digimon can't digivolve." }),
  textCard("BX-07", { name: "Toplevelmon", level: 7, cost: 14, dp: 15000, from: [[2, 6]] }),
  textCard("BX-08", { kind: "Option", name: "Strip", colors: ["Red"], cost: 0, effect: "[Main] Trash all of the digivolution cards of 1 of your Digimon." }),
  textCard("BX-09", { kind: "Option", name: "Unwind", colors: ["Red"], cost: 0, effect: "[Main] <De-Digivolve 2> on 1 of your Digimon." }),
  textCard("BX-10", { name: "Nightmon", level: 3, cost: 0, dp: 1000, effect: "[End of Your Turn] Gain 1 memory." }),
  textCard("BX-11", { name: "Helpmon", level: 3, cost: 3, dp: 3000, effect: "[On Play] You may digivolve 1 of your Digimon into a Digimon card in your hand for a digivolution cost of 3." }),
);

const burstLabel = (s: DcgScenario, card = "BX-01 Burstmon") => mainOptions(s.g, 0).map((o) => o.label).find((l) => l.startsWith("Burst Digivolve") && l.includes(card));

describe("002 §8-3 Burst Digivolve", () => {
  it("002 §8-3-1, §8-3-18-1, §8-3-18-2, §8-3-18-3, §8-3-18-4, §8-3-18-5, §8-3-12, §11-5-1: the Tamer returns to the hand (its cards trashed), the card goes on top, the cost is paid, 1 card is drawn", () => {
    const s = fx(db, "002 §8-3-1", 3).battle(0, ["TST-05"]).battle(0, ["TST-03", "TST-14"]).hand(0, "BX-01").deck(0, "TST-04");
    expect(burstLabel(s)).toBe("Burst Digivolve P1 Redultimate into BX-01 Burstmon (0)");
    const r = s.script(0, ["Burst Digivolve P1 Redultimate into BX-01 Burstmon (0)"]).steps(MAIN).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["TST-05", "BX-01"]]);
    expect(r.zone(0, "hand")).toEqual(["TST-14", "TST-04"]);
    expect(r.zone(0, "trash")).toEqual(["TST-03"]);
    expect(r.memory(0)).toBe(3);
  });

  it("002 §8-3-3, §8-3-2: Burst Digivolve is a rule of digivolution (played with no card effects at all); the Digimon's top card is trashed at the end of the turn", () => {
    const cards = dcgCardDb([...TST_CARDS, testCard("BX-01", { name: "Burstmon", level: 6, cost: 12, dp: 12000, burst: [BURST] })]);
    const r = new DcgScenario(cards, "002 §8-3-3").turn(3, 0).memory(0, 1).battle(0, ["TST-04", "TST-05"]).battle(0, ["TST-14"]).hand(0, "BX-01").stopAfterTurn(3)
      .script(0, ["Burst Digivolve P1 Redultimate into BX-01 Burstmon (0)"], ["Pass"]).steps({ t: "dcg.main" }).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["TST-04", "TST-05"]]);
    expect(r.zone(0, "trash")).toEqual(["BX-01"]);
  });

  it("002 §8-3-4: Burst Digivolve is not mandatory: the ordinary digivolution is offered too, and then the Tamer stays and nothing is trashed at the end of the turn", () => {
    const s = fx(db, "002 §8-3-4", 5).battle(0, ["TST-05"]).battle(0, ["TST-14"]).hand(0, "BX-01").stopAfterTurn(3);
    const labels = mainOptions(s.g, 0).map((o) => o.label);
    expect(labels).toContain("Digivolve P1 Redultimate into BX-01 Burstmon (4)");
    expect(labels).toContain("Burst Digivolve P1 Redultimate into BX-01 Burstmon (0)");
    const r = s.script(0, ["Digivolve P1 Redultimate into BX-01 Burstmon (4)"], ["Pass"]).steps({ t: "dcg.main" }).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["TST-05", "BX-01"], ["TST-14"]]);
  });

  it("002 §8-3-5: a Digimon in the breeding area can Burst Digivolve; its top card is trashed at the end of the turn there too", () => {
    const s = fx(db, "002 §8-3-5", 1).breeding(0, ["TST-01", "TST-05"]).battle(0, ["TST-14"]).hand(0, "BX-01").stopAfterTurn(3);
    const r = s.script(0, ["Burst Digivolve P1 Redultimate into BX-01 Burstmon (0)"], ["Pass"]).steps({ t: "dcg.main" }).run();
    expect(r.stack(r.breeding(0)!)).toEqual(["TST-01", "TST-05"]);
    expect(r.zone(0, "hand")).toEqual(["TST-14"]);
  });

  it("002 §8-3-6: a \"digivolve\" effect cannot Burst Digivolve: it finds no digivolution into a card with only a Burst Digivolve, and no Tamer is returned", () => {
    const r = fx(db, "002 §8-3-6", 5).battle(0, ["TST-05"]).battle(0, ["TST-14"]).hand(0, "BX-11", "BX-02").script(0, ["Play BX-11 Helpmon (3)"]).steps(MAIN).run();
    expect(r.zone(0, "hand")).toEqual(["BX-02"]);
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["TST-05"], ["TST-14"], ["BX-11"]]);
  });

  it("002 §8-3-7, §8-3-8: a \"when … would digivolve\" cost reduction applies to Burst Digivolve", () => {
    const s = fx(db, "002 §8-3-7", 5).battle(0, ["TST-05"]).battle(0, ["TST-14"]).battle(0, ["BX-05"]).hand(0, "BX-02");
    expect(burstLabel(s, "BX-02")).toBe("Burst Digivolve P1 Redultimate into BX-02 Onlyburstmon (1)");
    const r = s.script(0, ["Burst Digivolve P1 Redultimate into BX-02 Onlyburstmon (1)"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(4);
  });

  it("002 §8-3-9: [When Digivolving] and \"when one of your Digimon digivolves\" trigger on a Burst Digivolve", () => {
    const r = fx(db, "002 §8-3-9", 5).battle(0, ["TST-05"]).battle(0, ["TST-14"]).battle(0, ["BX-04"]).hand(0, "BX-03")
      .script(0, ["Burst Digivolve P1 Redultimate into BX-03 Hotburstmon (0)"], [0]).steps(MAIN).run();
    expect(r.memory(0)).toBe(7);
  });

  it("002 §8-3-10, §8-3-11: an effect that forbids digivolving forbids Burst Digivolve; without the specified Tamer in the battle area it cannot be declared", () => {
    const stop = fx(db, "002 §8-3-10", 5).battle(0, ["TST-05"]).battle(0, ["TST-14"]).battle(1, ["BX-06"]).hand(0, "BX-01");
    expect(burstLabel(stop)).toBeUndefined();
    const noTamer = fx(db, "002 §8-3-11", 5).battle(0, ["TST-05"]).battle(0, ["TST-29"]).hand(0, "BX-01", "TST-14");
    expect(burstLabel(noTamer)).toBeUndefined();
  });

  it("002 §8-3-13: a Burst-Digivolved Digimon that digivolves again trashes the card on top at the end of the turn", () => {
    const r = fx(db, "002 §8-3-13", 5).battle(0, ["TST-05"]).battle(0, ["TST-14"]).hand(0, "BX-01", "BX-07").stopAfterTurn(3)
      .script(0, ["Burst Digivolve P1 Redultimate into BX-01 Burstmon (0)"], ["Digivolve P1 Burstmon into BX-07 Toplevelmon (2)"], ["Pass"]).steps({ t: "dcg.main" }).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["TST-05", "BX-01"]]);
    expect(r.zone(0, "trash")).toEqual(["BX-07"]);
  });

  it("002 §8-3-14: a Burst-Digivolved Digimon that lost all its digivolution cards has no stacked card: nothing is trashed at the end of the turn", () => {
    const r = fx(db, "002 §8-3-14", 5).battle(0, ["TST-04", "TST-05"]).battle(0, ["TST-14"]).hand(0, "BX-01", "BX-08").stopAfterTurn(3)
      .script(0, ["Burst Digivolve P1 Redultimate into BX-01 Burstmon (0)"], ["Use BX-08 Strip (0)"], ["Pass"]).steps({ t: "dcg.main" }).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["BX-01"]]);
  });

  it("002 §8-3-15, §8-3-16: a Burst-Digivolved Digimon with a Tamer or a level 3 card brought on top still trashes that card; a Digi-Egg left on top has no DP and is trashed by the rules", () => {
    const tamer = fx(db, "002 §8-3-15", 5).battle(0, ["TST-03", "TST-14", "TST-05"]).battle(0, ["TST-14"]).hand(0, "BX-01", "BX-09").stopAfterTurn(3)
      .script(0, ["Burst Digivolve P1 Redultimate into BX-01 Burstmon (0)"], ["Use BX-09 Unwind (0)"], ["Trash 2"], ["Pass"]).steps({ t: "dcg.main" }).run();
    expect(tamer.battle(0).map((x) => tamer.stack(x))).toEqual([["TST-03"]]);
    const lv3 = fx(db, "002 §8-3-16", 5).battle(0, ["TST-01", "TST-03", "TST-05"]).battle(0, ["TST-14"]).hand(0, "BX-01", "BX-09").stopAfterTurn(3)
      .script(0, ["Burst Digivolve P1 Redultimate into BX-01 Burstmon (0)"], ["Use BX-09 Unwind (0)"], ["Trash 2"], ["Pass"]).steps({ t: "dcg.main" }).run();
    expect(lv3.battle(0)).toEqual([]);
    expect(lv3.zone(0, "trash").sort()).toEqual(["BX-01", "BX-09", "TST-01", "TST-03", "TST-05"]);
  });

  it("002 §8-3-17: the trash at the end of the turn is ordered by the player who Burst Digivolved with their [End of Your Turn] effects", () => {
    const r = fx(db, "002 §8-3-17", 1).battle(0, ["TST-05"]).battle(0, ["TST-14"]).battle(0, ["BX-10"]).hand(0, "BX-01").stopAfterTurn(3)
      .script(0, ["Burst Digivolve P1 Redultimate into BX-01 Burstmon (0)"], ["Pass"], [1]).steps({ t: "dcg.main" }).run();
    expect(r.zone(0, "trash")).toEqual(["BX-01"]);
    expect(P(r.g, 0).battle[0]!.cards.length).toBe(1);
  });
});

const ace = fxDb(
  textCard("OV-01", { name: "Acemon", colors: ["Blue"], level: 5, cost: 6, dp: 7000, overflow: 4 }),
  textCard("OV-02", { name: "Acerookie", colors: ["Blue"], level: 3, cost: 3, dp: 3000, overflow: 2 }),
  textCard("OV-03", { kind: "Option", name: "Bounce", colors: ["Red"], cost: 1, effect: "[Main] Return 1 of your opponent's Digimon to the hand. Then, if you have 7 or more memory, <Draw 1>." }),
  textCard("OV-04", { kind: "Option", name: "Delete It", colors: ["Red"], cost: 1, effect: "[Main] Delete 1 of your opponent's Digimon." }),
  textCard("OV-05", { name: "Acered", level: 5, cost: 6, dp: 7000, overflow: 4 }),
  textCard("OV-06", { name: "Burster", colors: ["Blue"], level: 4, cost: 4, dp: 4000, effect: "[Main] <Digi-Burst 1> (Trash 1 of this Digimon's digivolution cards to activate the effect below.) ・Gain 1 memory." }),
);

describe("002 §11-4 <Overflow>", () => {
  it("002 §11-4-1: a card with <Overflow> deleted from the battle area, or trashed from under a Digimon, makes its owner lose the memory", () => {
    const del = fx(ace, "002 §11-4-1", 3).battle(0, ["TST-28"]).battle(1, ["OV-01"]).hand(0, "OV-04").script(0, ["Use OV-04 Delete It (1)"]).steps(MAIN).run();
    expect(del.memory(0)).toBe(6); // 3 − 1 (the Option), then P2 loses 4: the counter moves 4 toward P1
    const under = fx(ace, "002 §11-4-1 (under)", 3).battle(0, ["OV-02", "OV-06"]);
    const label = mainOptions(under.g, 0).map((o) => o.label).find((l) => l.includes("Digi-Burst"))!;
    const r = under.script(0, [label]).steps(MAIN).run();
    expect(r.memory(0)).toBe(2); // −2 (<Overflow (-2)> of the trashed digivolution card), +1 (the effect)
  });

  it("002 §11-4-2, §11-4-1: <Overflow> is a rule, not an effect: it applies in a game with no card effects, to a Digimon deleted in battle", () => {
    const cards = dcgCardDb([...TST_CARDS, testCard("OV-01", { name: "Acemon", colors: ["Blue"], level: 5, cost: 6, dp: 7000, overflow: 4 })]);
    const r = new DcgScenario(cards, "002 §11-4-2").turn(3, 0).memory(0, 2).battle(0, ["TST-23"]).battle(1, ["OV-01"], { suspended: true })
      .script(0, ["Attack with P1 Hugemon → P2 Acemon"]).steps(MAIN).run();
    expect(r.battle(1)).toEqual([]);
    expect(r.memory(0)).toBe(6);
  });

  it("002 §11-4-3: the <Overflow> loss applies at once, in the middle of the effect that moved the card", () => {
    const r = fx(ace, "002 §11-4-3", 4).battle(0, ["TST-28"]).battle(1, ["OV-01"]).hand(0, "OV-03").deck(0, "TST-03").script(0, ["Use OV-03 Bounce (1)"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(7); // 4 − 1 + 4: "if you have 7 or more memory" is read after the return, in the same effect
    expect(r.zone(0, "hand")).toEqual(["TST-03"]);
  });

  it("002 §11-4-4: both players' <Overflow> at once: the turn player's applies first (at the gauge's limit it shows)", () => {
    const r = new DcgScenario(ace, "002 §11-4-4").turn(3, 0).memory(0, 8).battle(0, ["OV-05"]).battle(1, ["OV-01"], { suspended: true })
      .script(0, ["Attack with P1 Acered → P2 Acemon"]).steps(MAIN).run();
    expect(r.battle(0)).toEqual([]);
    expect(r.battle(1)).toEqual([]);
    expect(r.memory(0)).toBe(8); // P1 first: 8 − 4 = 4, then P2: 4 + 4 = 8 (P2 first would give 10 (capped), then 6)
  });
});
