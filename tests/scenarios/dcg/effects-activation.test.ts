/**
 * DCG scenarios of the effect model (002 chapters 10, 11, 13; 001 Q&A Main and the Detailed
 * Rules 1.3), played by `runtime/rulesets/dcg/effects/` with cards compiled from DCG card text.
 */
import { describe, expect, it } from "vitest";
import { fx, fxDb, MAIN, textCard } from "./effects-helpers.ts";
import { dpOf, hasKeyword } from "../../../runtime/rulesets/dcg/continuous.ts";
import { P, V } from "../../../runtime/rulesets/dcg/model.ts";

const db = fxDb(
  textCard("FX-01", { kind: "Option", name: "Gaia Force", colors: ["Red"], cost: 2, effect: "[Main] Delete 1 of your opponent's Digimon.", security: "[Security] Activate this card's [Main] effect." }),
  textCard("FX-02", { name: "Biyomon", level: 3, cost: 2, dp: 3000, effect: "[On Play] Gain 1 memory." }),
  textCard("FX-03", { name: "Gabumon", colors: ["Blue"], level: 3, cost: 3, dp: 2000, effect: "[On Deletion] Gain 2 memory." }),
  textCard("FX-04", { name: "Patamon", colors: ["Yellow"], level: 3, cost: 3, dp: 3000, effect: "[On Play] <Draw 1> (Draw 1 card from your deck)." }),
  textCard("FX-05", { kind: "Tamer", name: "Tai Kamiya", cost: 2, effect: "[Your Turn] All of your Digimon get +1000 DP.", security: "[Security] Play this card without paying its memory cost." }),
  textCard("FX-06", { name: "Greymon", level: 4, cost: 5, dp: 4000, from: [[2, 3]], effect: "[When Digivolving] Delete 1 of your opponent's Digimon with 4000 DP or less.", inherited: "[Your Turn] This Digimon gets +1000 DP." }),
  textCard("FX-07", { name: "Agumon", level: 3, cost: 3, dp: 2000, from: [[0, 2]], inherited: "[Your Turn] (Once Per Turn) When an opponent's Digimon is deleted, gain 1 memory." }),
  textCard("FX-08", { kind: "Tamer", name: "Joe Kido", colors: ["Blue"], cost: 2, effect: "[Your Turn] When one of your Digimon attacks, you may suspend this Tamer to gain 1 memory." }),
  textCard("FX-09", { kind: "Option", name: "Hammer Spark", colors: ["Blue"], cost: 0, effect: "[Main] Gain 1 memory.", security: "[Security] Gain 2 memory." }),
  textCard("FX-10", { name: "Elecmon", level: 3, cost: 3, dp: 3000, effect: "[On Play] Delete 1 of your opponent's Digimon with 3000 DP or less. Then, 1 of your opponent's Digimon gets -2000 DP for the turn." }),
  textCard("FX-11", { name: "Tentomon", colors: ["Green"], level: 3, cost: 3, dp: 3000, effect: "[On Play] You may trash 1 card in your hand. If you do, <Draw 2> (Draw 2 cards from your deck)." }),
  textCard("FX-12", { name: "Kunemon", colors: ["Green"], level: 3, cost: 3, dp: 3000, effect: "[On Play] By trashing the top card of your security stack, 1 of your opponent's Digimon gets -2000 DP for the turn." }),
  textCard("FX-13", { name: "Betamon", colors: ["Green"], level: 3, cost: 3, dp: 2000, effect: "[Opponent's Turn] When an opponent's Digimon is played, gain 1 memory." }),
  textCard("FX-14", { kind: "Option", name: "Shadow Wing", colors: ["Red"], cost: 1, effect: "[Main] 1 of your opponent's Digimon gets -4000 DP for the turn.", security: "[Security] 1 of your opponent's Digimon gets -4000 DP for the turn." }),
  textCard("FX-15", { name: "Gomamon", colors: ["Blue"], level: 3, cost: 3, dp: 3000, effect: "[When Attacking] Trash the bottom digivolution card of 1 of your opponent's Digimon." }),
  textCard("FX-16", { name: "ExVeemon", colors: ["Blue"], level: 4, cost: 4, dp: 5000, from: [[2, 3]], effect: "[When Digivolving] 1 of your opponent's Digimon can't attack or block until the end of your opponent's next turn." }),
  textCard("FX-17", { name: "Veemon", colors: ["Blue"], level: 3, cost: 3, dp: 3000, effect: "[When Attacking] If you have 3 or fewer security cards, this Digimon gets +3000 DP for the turn. Otherwise, gain 1 memory." }),
  textCard("FX-18", { name: "Lopmon", colors: ["Green"], level: 3, cost: 3, dp: 3000, effect: "[On Play] Delete 1 of your opponent's Digimon with 2000 DP or less. If you have a Tamer in play, delete 1 of your opponent's Digimon with 5000 DP or less instead." }),
);

describe("002 §4-5, §4-6: triggered effects become pending and activate one at a time", () => {
  it("002 §10-4-2-1, §10-4-2-2, §10-3-6 (001 p.13 \"Effects That Make You Gain or Lose Memory\"): [On Play] activates after the play is complete; the memory goes to its player", () => {
    const r = fx(db, "002 §10-4-2-1").hand(0, "FX-02").script(0, ["Play FX-02 Biyomon (2)"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(4);
  });

  it("002 §4-6-4, §4-6-5, §1-3-4, §10-1-6-2 (001 Q&A Main Q13): an effect deletes an opponent's Digimon; its [On Deletion] (non-turn player's) and the turn player's \"when an opponent's Digimon is deleted\" trigger together: the turn player's first", () => {
    const r = fx(db, "002 §4-6-4").battle(0, ["FX-07", "TST-04"]).battle(1, ["FX-03"]).hand(0, "FX-01").script(0, ["Use FX-01 Gaia Force (2)"]).steps(MAIN).run();
    const order = r.events("effect").map((e) => e.text).filter((x) => x.includes("activates"));
    expect(order[1]).toMatch(/Agumon/); // P1's inherited effect
    expect(order[2]).toMatch(/Gabumon/); // then P2's [On Deletion]
    expect(r.memory(0)).toBe(2); // 5 − 2 (Gaia Force) + 1 (Agumon) − 2 (Gabumon's memory goes to P2)
  });

  it("002 §4-6-2, §4-6-3 (001 Q&A Main Q21, Q25): two of the turn player's effects triggered together: the player chooses which activates first, one at a time", () => {
    const s = fx(db, "002 §4-6-3 b").battle(0, ["FX-07", "TST-04"]).battle(0, ["FX-07", "TST-04"]).battle(1, ["TST-06"]).hand(0, "FX-01");
    const pickSecond = s.script(0, ["Use FX-01 Gaia Force (2)"], [1]).steps(MAIN).run();
    const acts = pickSecond.events("effect").map((e) => e.text).filter((x) => x.includes("activates"));
    expect(acts.length).toBe(3);
    expect(pickSecond.memory(0)).toBe(5); // 5 − 2 + 1 + 1
  });

  it("002 §4-6-5 (001 Q&A Main Q21): an effect triggered while another activates activates before the remaining pending effects, even the non-turn player's", () => {
    // P1 plays Elecmon: [On Play] deletes P2's Gabumon → Gabumon's [On Deletion] (P2) is newer than P1's other pending effect.
    const r = fx(db, "002 §4-6-5").battle(0, ["FX-13"]).battle(1, ["FX-03"]).hand(0, "FX-10").script(0, ["Play FX-10 Elecmon (3)"]).steps(MAIN).run();
    const acts = r.events("effect").map((e) => e.text).filter((x) => x.includes("activates"));
    expect(acts[0]).toMatch(/Elecmon/);
    expect(acts[1]).toMatch(/Gabumon/);
  });

  it("002 §10-1-6-4 (001 DR \"Effects: Triggering, activating, and pending\"): a pending [On Play] of a Digimon that left play before activating does not activate", () => {
    // P1 plays Biyomon and Patamon's … simpler: Biyomon played into Shadow Wing's −4000 for the turn is deleted by the rules before its [On Play].
    const r = fx(db, "002 §10-1-6-4").battle(1, ["TST-06"]).hand(0, "FX-02").script(0, ["Play FX-02 Biyomon (2)"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(4);
  });
});

describe("002 §4-15: [Once Per Turn]", () => {
  it("002 §4-15-1, §4-15-2: an inherited [Once Per Turn] effect activates once; the second deletion that turn does not trigger it", () => {
    const r = fx(db, "002 §4-15-1").battle(0, ["FX-07", "TST-04"]).battle(1, ["TST-06"]).battle(1, ["TST-06"]).hand(0, "FX-01", "FX-01").script(0, ["Use FX-01 Gaia Force (2)"], [0], ["Use FX-01 Gaia Force (2)"]).steps(MAIN, MAIN).run();
    expect(r.battle(1)).toEqual([]);
    expect(r.memory(0)).toBe(2); // 5 − 2 + 1 − 2
  });

  it("002 §4-15-9, §11-7-2-1 (001 Q&A Main Q20): an optional effect declined does not spend [Once Per Turn]", () => {
    const card = textCard("FX-40", { name: "Hawkmon", colors: ["Yellow"], level: 3, cost: 3, dp: 3000, effect: "[Your Turn] (Once Per Turn) When an opponent's Digimon is deleted, you may gain 1 memory." });
    const db2 = fxDb(card, ...db.all.filter((c) => c.stats.number.startsWith("FX-0")));
    const r = fx(db2, "002 §4-15-9").battle(0, ["FX-40"]).battle(0, ["TST-03"]).battle(1, ["TST-06"]).battle(1, ["TST-06"]).hand(0, "FX-01", "FX-01").script(0, ["Use FX-01 Gaia Force (2)"], [0], ["No"], ["Use FX-01 Gaia Force (2)"], ["Yes"]).steps(MAIN, MAIN).run();
    expect(r.memory(0)).toBe(2); // 5 − 2 − 2 + 1: declined the first time, used the second
  });
});

describe("002 §11-7, §11-8: \"By X, Y\", \"you may X to Y\", \"Then\", \"If you do\"", () => {
  it("002 §10-1-1, §10-1-3, §11-7-1, §11-7-2 (001 DR \"By <X>, <Y>\"): \"you may suspend this Tamer to gain 1 memory\": suspending is the cost; declined, nothing happens", () => {
    const yes = fx(db, "002 §11-7-1").battle(0, ["FX-08"]).battle(0, ["TST-04"]).security(1, "TST-03").script(0, ["Attack with P1 Redchampion → P2"], ["Yes"]).steps(MAIN).run();
    expect(yes.memory(0)).toBe(6);
    expect(yes.perm(0, 0).suspended).toBe(true);
    const no = fx(db, "002 §11-7-2").battle(0, ["FX-08"]).battle(0, ["TST-04"]).security(1, "TST-03").script(0, ["Attack with P1 Redchampion → P2"], ["No"]).steps(MAIN).run();
    expect(no.memory(0)).toBe(5);
    expect(no.perm(0, 0).suspended).toBe(false);
  });

  it("002 §11-7-3, §11-7-4: \"By trashing your top security card, …\" can be used with no opponent's Digimon; not with no security card", () => {
    const r = fx(db, "002 §11-7-3").security(0, "TST-03").hand(0, "FX-12").script(0, ["Play FX-12 Kunemon (3)"], ["Yes"]).steps(MAIN).run();
    expect(r.zone(0, "security")).toEqual([]);
    const r2 = fx(db, "002 §11-7-4").battle(1, ["TST-06"]).hand(0, "FX-12").script(0, ["Play FX-12 Kunemon (3)"]).steps(MAIN).run();
    expect(dpOf(r2.g, r2.perm(1, 0))).toBe(3000);
  });

  it("002 §11-8-1, §11-8-2, §11-8-3: \"X. Then, Y\": Y happens even when X found nothing", () => {
    const r = fx(db, "002 §11-8-2").battle(1, ["TST-23"]).hand(0, "FX-10").script(0, ["Play FX-10 Elecmon (3)"]).steps(MAIN).run();
    expect(dpOf(r.g, r.perm(1, 0))).toBe(11000);
  });

  it("002 §11-7 (001 DR \"If you do\"): \"You may trash 1 card in your hand. If you do, <Draw 2>\": only when the card was trashed", () => {
    const yes = fx(db, "If you do").hand(0, "FX-11", "TST-03").deck(0, "TST-04", "TST-04").script(0, ["Play FX-11 Tentomon (3)"], ["TST-03 Redrookie"]).steps(MAIN).run();
    expect(yes.zone(0, "hand")).toEqual(["TST-04", "TST-04"]);
    const no = fx(db, "If you don't").hand(0, "FX-11", "TST-03").deck(0, "TST-04", "TST-04").script(0, ["Play FX-11 Tentomon (3)"], []).steps(MAIN).run();
    expect(no.zone(0, "hand")).toEqual(["TST-03"]);
  });

  it("002 §1-3-7, §10-1-6-3, §10-2-1, §10-3-1-1: \"Otherwise\" and \"… instead\" (in the order written): only one of the two sentences is carried out", () => {
    const low = fx(db, "instead").battle(0, ["FX-05"]).battle(1, ["TST-04"]).hand(0, "FX-18").script(0, ["Play FX-18 Lopmon (3)"]).steps(MAIN).run();
    expect(low.battle(1)).toEqual([]); // the Tamer in play: 5000 DP or less instead
    const none = fx(db, "instead (no Tamer)").battle(1, ["TST-04"]).hand(0, "FX-18").script(0, ["Play FX-18 Lopmon (3)"]).steps(MAIN).run();
    expect(none.battle(1)).toHaveLength(1);
    const other = fx(db, "otherwise").battle(0, ["FX-17"]).security(0, "TST-03", "TST-03", "TST-03", "TST-03").security(1, "TST-03").script(0, ["Attack with P1 Veemon → P2"]).steps(MAIN).run();
    expect(other.memory(0)).toBe(6);
  });
});

describe("002 §11-3: the rule check after an effect", () => {
  it("002 §4-12-1-1-2, §11-3-2 (001 DR \"Zero DP Digimon\"): a Digimon brought to 0 DP by an effect is deleted by the rules after the effect, not by the effect", () => {
    const r = fx(db, "002 §11-3-2").battle(0, ["TST-03"]).battle(1, ["TST-06"]).hand(0, "FX-14").script(0, ["Use FX-14 Shadow Wing (1)"]).steps(MAIN).run();
    expect(r.battle(1)).toEqual([]);
    expect(r.events("delete")[0]!.data.cause).toBe("rules");
  });
});

describe("002 §10-1-5: continuous effects", () => {
  it("002 §10-1-5-1, §10-4-7-1, §13-2-3-1: \"[Your Turn] All of your Digimon get +1000 DP\" works in its player's turn, while the Tamer is in play", () => {
    const s = fx(db, "002 §10-4-7-1").battle(0, ["FX-05"]).battle(0, ["TST-03"]);
    expect(dpOf(s.g, P(s.g, 0).battle[1]!)).toBe(3000);
    const t = fx(db, "002 §10-4-7-1 b").turn(4, 1).battle(0, ["FX-05"]).battle(0, ["TST-03"]);
    expect(dpOf(t.g, P(t.g, 0).battle[1]!)).toBe(2000);
  });

  it("002 §4-4-1, §4-3-4: an inherited effect of a digivolution card is the Digimon's (\"[Your Turn] This Digimon gets +1000 DP\")", () => {
    const s = fx(db, "002 §4-4-1").battle(0, ["FX-06", "TST-05"]);
    expect(dpOf(s.g, P(s.g, 0).battle[0]!)).toBe(8000);
  });
});

describe("002 §10-4-8: [Security] effects", () => {
  it("002 §10-4-8-1, §10-4-8-3, §13-6-1 (001 Q&A Security Attack Q4): a checked Option's [Security] effect activates its [Main] effect without the colour requirement; a Tamer's plays it", () => {
    const r = fx(db, "002 §10-4-8-1").battle(0, ["TST-04"]).battle(0, ["TST-03"]).security(1, "FX-05", "FX-01").script(0, ["Attack with P1 Redchampion → P2"]).script(1, ["P1 Redchampion"]).steps(MAIN).run();
    expect(r.battle(0)).toHaveLength(1); // Gaia Force deleted 1 of P1's Digimon (the attacker here: the check ends)
    const t = fx(db, "002 §10-4-8 Tamer").battle(0, ["TST-04"]).security(1, "FX-05").script(0, ["Attack with P1 Redchampion → P2"]).steps(MAIN).run();
    expect(t.battle(1).map((x) => t.stack(x))).toEqual([["FX-05"]]);
  });

  it("002 §6-7-1-1 (001 Q&A Security Attack Q4): a [Security] effect that gives the defender memory does not end the turn before the attack ends", () => {
    const r = fx(db, "Hammer Spark", 1).battle(0, ["TST-10", "TST-04"]).security(1, "TST-03", "FX-09").script(0, ["Attack with P1 Redchampion → P2"]).stopAfterTurn(3).steps(MAIN).run();
    expect(r.zone(1, "security")).toEqual([]); // both checks made
  });
});

describe("002 §13-2-2, §6-7-5: lasting effects", () => {
  it("002 §6-7-5 (001 Q&A Main Q17a): \"can't attack or block until the end of your opponent's next turn\" lasts through that turn", () => {
    const r = fx(db, "002 §6-7-5").battle(0, ["TST-06"], { suspended: true }).battle(1, ["TST-07"]).hand(0, "FX-16").script(0, ["Digivolve P1 Bluerookie into FX-16 ExVeemon (2)"]).steps(MAIN).run();
    const wall = r.perm(1, 0);
    expect(V(r.g).lasting.filter((l) => l.target === wall.id)).toHaveLength(1);
    expect(hasKeyword(r.g, wall, "blocker")).toBe(true);
  });
});
