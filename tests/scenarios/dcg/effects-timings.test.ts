/**
 * DCG scenarios of the effect timings and effect kinds (002 §10-4, §10-1-5, §13-2..13-3, §4-13,
 * §4-15-4..6, §7-2-6-10), played by the effect model with cards compiled from DCG card text.
 */
import { describe, expect, it } from "vitest";
import { fx, fxDb, MAIN, textCard } from "./effects-helpers.ts";
import { dpOf } from "../../../runtime/rulesets/dcg/continuous.ts";
import { P } from "../../../runtime/rulesets/dcg/model.ts";
import { mainOptions } from "../../../runtime/rulesets/dcg/main.ts";

const db = fxDb(
  textCard("TM-01", { name: "Koromon", kind: "Digi-Egg", level: 2, cost: null, dp: null, inherited: "[On Deletion] Gain 1 memory." }),
  textCard("TM-02", { name: "Tyrannomon", level: 4, cost: 5, dp: 5000, from: [[2, 3]], effect: "[When Attacking] Gain 1 memory." }),
  textCard("TM-03", { name: "Gabumon", colors: ["Blue"], level: 3, cost: 3, dp: 3000, inherited: "[Your Turn] (Once Per Turn) When this Digimon attacks, gain 1 memory." }),
  textCard("TM-04", { name: "Garurumon", colors: ["Blue"], level: 4, cost: 4, dp: 5000, from: [[2, 3]] }),
  textCard("TM-05", { name: "Mamemon", colors: ["Green"], level: 5, cost: 6, dp: 7000, effect: "[All Turns] When this Digimon would be deleted, you may place the top card of this Digimon on top of your security stack face down to prevent that deletion." }),
  textCard("TM-06", { name: "Gekomon", colors: ["Green"], level: 3, cost: 3, dp: 3000, effect: "[Opponent's Turn] When an opponent's Digimon attacks, gain 1 memory." }),
  textCard("TM-07", { name: "Elecmon", level: 3, cost: 3, dp: 3000, effect: "[End of Attack] Gain 1 memory." }),
  textCard("TM-08", { kind: "Tamer", name: "Izzy", colors: ["Purple"], cost: 2, effect: "[End of Your Turn] Gain 1 memory." }),
  textCard("TM-09", { kind: "Tamer", name: "Mimi", colors: ["Green"], cost: 2, effect: "[Start of Your Main Phase] Gain 1 memory." }),
  textCard("TM-10", { name: "Greymon", level: 4, cost: 5, dp: 5000, effect: "[Security] At the end of the battle, play this card without paying its memory cost." }),
  textCard("TM-11", { name: "RizeGreymon", level: 5, cost: 7, dp: 7000, from: [[3, 4]], effect: "[Your Turn] This Digimon is also treated as yellow." }),
  textCard("TM-12", { kind: "Option", name: "Yellow Plan", colors: ["Yellow"], cost: 1, effect: "[Main] Gain 2 memory." }),
  textCard("TM-13", { name: "Aquilamon", colors: ["Yellow"], level: 4, cost: 5, dp: 5000, effect: "When playing this card from your hand, reduce its play cost by 1 if you have a yellow Digimon in play." }),
  textCard("TM-14", { name: "Agumon", level: 3, cost: 3, dp: 2000, from: [[0, 2]], effect: "[Your Turn] (Once Per Turn) When this Digimon would digivolve into a Digimon card with [Greymon] in its name, reduce the digivolution cost by 1." }),
  textCard("TM-15", { name: "SkullGreymon", colors: ["Black"], level: 5, cost: 7, dp: 7000, from: [[3, 4]] }),
  textCard("TM-16", { name: "MetalGreymon", level: 5, cost: 7, dp: 7000, from: [[3, 4]] }),
  textCard("TM-17", { kind: "Option", name: "Digivolution Plug-in", cost: 0, effect: "[Main] The next time one of your Digimon would digivolve this turn, reduce the digivolution cost by 2." }),
  textCard("TM-18", { name: "Numemon", colors: ["Yellow"], level: 3, cost: 3, dp: 4000, effect: "[Your Turn] This Digimon can't attack players." }),
  textCard("TM-19", { name: "Candlemon", level: 3, cost: 3, dp: 3000, effect: "[When Attacking] This Digimon gets +3000 DP for the turn." }),
  textCard("TM-20", { name: "Betamon", colors: ["Green"], level: 3, cost: 3, dp: 2000, effect: "[On Deletion] Gain 1 memory." }),
);

describe("002 §10-4: the timings of triggered effects", () => {
  it("002 §10-4-4-2, §10-4-4-3, §10-4-4-6, §4-4-2 (001 DR \"Activating Effects from the Trash\"): an inherited [On Deletion] activates from the trash as the Digimon's", () => {
    const s = fx(db, "002 §10-4-4-6 b").turn(3, 1).memory(1, 5).battle(1, ["TST-05"]).battle(0, ["TM-01", "TST-03"], { suspended: true }).script(1, ["Attack with P2 Redultimate → P1 Redrookie"]).steps(MAIN).run();
    expect(s.memory(0)).toBe(-4); // P2's 5 memory side: P1 gained 1 from Koromon's inherited [On Deletion]
  });

  it("002 §10-4-5-1, §10-4-5-2: [When Attacking] triggers at the declaration; a Digimon that digivolves into one during the attack does not trigger it", () => {
    const r = fx(db, "002 §10-4-5-1").battle(0, ["TM-02"]).security(1, "TST-15").script(0, ["Attack with P1 Tyrannomon → P2"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(6);
  });

  it("002 §9-2-1-4-1, §10-4-7-3 (001 DR \"Reaction Timing\"): \"When an opponent's Digimon attacks\" activates after the attacker's [When Attacking]", () => {
    const r = fx(db, "002 §9-2-1-4-1").battle(0, ["TM-02"]).battle(1, ["TM-06"]).security(1, "TST-15").script(0, ["Attack with P1 Tyrannomon → P2"]).steps(MAIN).run();
    const acts = r.events("effect").map((e) => e.text).filter((x) => x.includes("activates"));
    expect(acts[0]).toMatch(/Tyrannomon/);
    expect(acts[1]).toMatch(/Gekomon/);
    expect(r.memory(0)).toBe(5); // +1 (Tyrannomon), then P2 gains 1 (memory is shared)
  });

  it("002 §10-4-13-1: [End of Attack] activates when the attack ends", () => {
    const r = fx(db, "002 §10-4-13-1").battle(0, ["TM-07"]).security(1, "TST-15").script(0, ["Attack with P1 Elecmon → P2"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(6);
  });

  it("002 §10-4-10-1, §10-4-11-1: [End of Your Turn] and [Start of Your Main Phase]", () => {
    const r = fx(db, "002 §10-4-10-1", 0).battle(0, ["TM-08"]).stopAfterTurn(3).steps({ t: "dcg.pass" }).run();
    expect(r.memory(1)).toBe(2); // 3 on P2's side, then P1's [End of Your Turn] +1 → 2
    const s = fx(db, "002 §10-4-11-1", 0).battle(0, ["TM-09"]).steps({ t: "dcg.mainStart", only: true }).run();
    expect(s.memory(0)).toBe(1);
  });

  it("002 §10-1-6-1, §9-2-1-8-4 (a delayed effect): \"[Security] At the end of the battle, play this card\": the Security Digimon is played from the trash after its battle", () => {
    const r = fx(db, "delayed").battle(0, ["TST-05"]).security(1, "TM-10").script(0, ["Attack with P1 Redultimate → P2"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["TM-10"]]);
  });
});

describe("002 §13-3: \"when … would\" effects interrupt", () => {
  it("002 §13-3-1-2, §13-3-1-2-1 (001 DR \"When and Would\"): \"When this Digimon would be deleted, you may place its top card on top of your security stack to prevent that deletion\"", () => {
    const s = fx(db, "002 §13-3-1-2 b").battle(0, ["TST-23"]).battle(1, ["TST-06", "TM-05"], { suspended: true }).script(0, ["Attack with P1 Hugemon → P2 Mamemon"]).script(1, ["Yes"]).steps(MAIN).run();
    expect(s.battle(1).map((x) => s.stack(x))).toEqual([["TST-06"]]);
    expect(s.zone(1, "security")).toEqual(["TM-05"]);
  });

  it("002 §13-3-1-1: \"When … is deleted\" triggers after the deletion ([On Deletion] from the trash)", () => {
    const r = fx(db, "002 §13-3-1-1").battle(0, ["TST-23"]).battle(1, ["TM-20"], { suspended: true }).script(0, ["Attack with P1 Hugemon → P2 Betamon"]).steps(MAIN).run();
    expect(r.zone(1, "trash")).toEqual(["TM-20"]);
    expect(r.memory(0)).toBe(4); // P2 gains 1 (the shared gauge)
  });
});

describe("002 §4-15-4..5: [Once Per Turn] through digivolution and re-entry", () => {
  it("002 §4-15-4: a used inherited [Once Per Turn] stays used after the Digimon digivolves the same turn", () => {
    const r = fx(db, "002 §4-15-4")
      .battle(0, ["TM-03", "TM-04"])
      .hand(0, "TST-18")
      .deck(0, "TST-03", "TST-03")
      .security(1, "TST-15", "TST-15")
      .script(0, ["Attack with P1 Garurumon → P2"], ["Digivolve P1 Garurumon into TST-18 Blueultimate (3)"])
      .steps(MAIN, MAIN)
      .run();
    expect(r.memory(0)).toBe(3); // 5 + 1 − 3; the effect is spent for this object
    r.perm(0, 0).suspended = false;
    const again = mainOptions(r.g, 0).find((o) => o.label.startsWith("Attack"))!.label;
    expect(again).toBeDefined();
  });
});

describe("002 §13-2-4, §10-1-5-6, §7-2-6-10: also treated as, prohibitions, cost changes", () => {
  it("002 §13-2-4-1, §13-2-4-2, §4-20-2: \"This Digimon is also treated as yellow\" meets a yellow Option's colour requirement", () => {
    const s = fx(db, "002 §13-2-4").battle(0, ["TST-04", "TM-11"]).hand(0, "TM-12");
    expect(mainOptions(s.g, 0).map((o) => o.label)).toContain("Use TM-12 Yellow Plan (1)");
    const t = fx(db, "002 §13-2-4, §10-4-7-1 (the opponent's turn)").battle(0, ["TST-04", "TM-11"]).hand(0, "TM-12");
    t.g.state.turnPlayer = 1; // [Your Turn]: not in the opponent's turn
    expect(mainOptions(t.g, 0).map((o) => o.label)).not.toContain("Use TM-12 Yellow Plan (1)");
  });

  it("002 §1-3-3, §10-1-5-6: \"This Digimon can't attack players\": only its attack on a Digimon is offered", () => {
    const s = fx(db, "002 §1-3-3").battle(0, ["TM-18"]).battle(1, ["TST-03"], { suspended: true });
    expect(mainOptions(s.g, 0).map((o) => o.label).filter((l) => l.startsWith("Attack"))).toEqual(["Attack with P1 Numemon → P2 Redrookie"]);
  });

  it("002 §7-2-6-10 (\"When playing this card from your hand, reduce its play cost by 1 if you have a yellow Digimon\")", () => {
    const s = fx(db, "cost").battle(0, ["TM-18"]).hand(0, "TM-13");
    expect(mainOptions(s.g, 0).map((o) => o.label)).toContain("Play TM-13 Aquilamon (4)");
    const t = fx(db, "cost (no yellow)").hand(0, "TM-13");
    expect(mainOptions(t.g, 0).map((o) => o.label)).toContain("Play TM-13 Aquilamon (5)");
  });

  it("002 §4-15-1, §13-2-5-4: \"(Once Per Turn) When this Digimon would digivolve into [Greymon], reduce the digivolution cost by 1\" only for the named card, once", () => {
    const s = fx(db, "would digivolve").battle(0, ["TM-14"]).hand(0, "TST-04");
    const x = fxDb(textCard("TM-30", { name: "Greymon", level: 4, cost: 5, dp: 5000, from: [[2, 3]] }), ...db.all.filter((c) => c.stats.number.startsWith("TM-")));
    const t = fx(x, "would digivolve (Greymon)").battle(0, ["TM-14"]).hand(0, "TM-30").deck(0, "TST-03");
    expect(mainOptions(s.g, 0).map((o) => o.label)).toContain("Digivolve P1 Agumon into TST-04 Redchampion (2)");
    expect(mainOptions(t.g, 0).map((o) => o.label)).toContain("Digivolve P1 Agumon into TM-30 Greymon (1)");
    const r = t.script(0, ["Digivolve P1 Agumon into TM-30 Greymon (1)"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(4);
  });

  it("002 §13-2-2 (\"The next time one of your Digimon would digivolve this turn, reduce the digivolution cost by 2\"): one digivolution only", () => {
    const r = fx(db, "next time").battle(0, ["TST-03"]).battle(0, ["TST-03"]).hand(0, "TM-17", "TST-04", "TST-04").deck(0, "TST-06", "TST-06").script(0, ["Use TM-17 Digivolution Plug-in (0)"], ["Digivolve P1 Redrookie into TST-04 Redchampion (0)"]).steps(MAIN, MAIN).run();
    expect(r.memory(0)).toBe(5);
    expect(mainOptions(r.g, 0).map((o) => o.label)).toContain("Digivolve P1 Redrookie into TST-04 Redchampion (2)");
  });

  it("002 §13-2-2, §6-7-2-2: \"This Digimon gets +3000 DP for the turn\" ends when the turn passes", () => {
    const r = fx(db, "for the turn").battle(0, ["TM-19"]).security(1, "TST-15").stopAfterTurn(3).script(0, ["Attack with P1 Candlemon → P2"]).steps(MAIN).run();
    expect(dpOf(r.g, P(r.g, 0).battle[0]!)).toBe(6000);
    const t = fx(db, "for the turn (ended)").battle(0, ["TM-19"]).security(1, "TST-15").stopAfterTurn(3).script(0, ["Attack with P1 Candlemon → P2"]).steps({ t: "dcg.main" }).run();
    expect(dpOf(t.g, P(t.g, 0).battle[0]!)).toBe(3000);
  });
});

describe("002 §13-2-4: effects granted by effects", () => {
  const g2 = fxDb(
    textCard("TM-40", { kind: "Option", name: "Drag Down", colors: ["Blue"], cost: 1, effect: "[Main] All of your Digimon gain \"[Your Turn] When attacking an opponent's Digimon with no digivolution cards, delete that Digimon\" for the turn." }),
    textCard("TM-41", { name: "MetalGarurumon", colors: ["Blue"], level: 6, cost: 12, dp: 11000, effect: "[When Attacking] Play 1 level 4 or lower digivolution card under this card as another Digimon without paying its memory cost." }),
  );

  it("002 §13-2-4-1, §13-2-2-1: a Digimon gains \"[Your Turn] When attacking an opponent's Digimon …, delete that Digimon\" for the turn: the attacked Digimon is deleted", () => {
    const r = fx(g2, "002 §13-2-4-1").battle(0, ["TST-06"]).battle(1, ["TST-23"], { suspended: true }).hand(0, "TM-40").script(0, ["Use TM-40 Drag Down (1)"], ["Attack with P1 Bluerookie → P2 Hugemon"]).steps(MAIN, MAIN).run();
    expect(r.battle(1)).toEqual([]);
    expect(r.battle(0)).toHaveLength(1); // no battle: the target left the battle area (002 §10-4-5-4)
  });

  it("002 §7-2-5 (BT1-044 MetalGarurumon \"Play 1 level 4 or lower digivolution card under this card as another Digimon\"): the card leaves the stack as a new Digimon", () => {
    const r = fx(g2, "002 §7-2-5 (from the digivolution cards)").battle(0, ["TST-03", "TST-05", "TM-41"]).security(1, "TST-15").script(0, ["Attack with P1 MetalGarurumon → P2"]).steps(MAIN).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["TST-05", "TM-41"], ["TST-03"]]);
  });
});
