/**
 * DCG scenarios of the rules about effects (002 chapters 10, 11, 13) not shown by the other
 * effect-model files: the kinds of effect, where effects act, conditions and prohibitions,
 * choosing, revealing, lasting and overwriting effects, effects activating effects, Digimon
 * without a level. Cards are compiled from DCG card text.
 */
import { describe, expect, it } from "vitest";
import { compileDcgText } from "../../../compiler/check/dcg/text.ts";
import { fx, fxDb, MAIN, textCard } from "./effects-helpers.ts";
import { dpOf } from "../../../runtime/rulesets/dcg/continuous.ts";
import { P } from "../../../runtime/rulesets/dcg/model.ts";
import { classify } from "../../../runtime/rulesets/dcg/effects/units.ts";
import { mainOptions } from "../../../runtime/rulesets/dcg/main.ts";

const db = fxDb(
  textCard("RU-01", { kind: "Tamer", name: "Tai", cost: 2, effect: "[Your Turn] All of your Digimon get +1000 DP." }),
  textCard("RU-02", { name: "Agumon", level: 3, cost: 3, dp: 2000, inherited: "[Your Turn] This Digimon gets +1000 DP." }),
  textCard("RU-03", { kind: "Option", name: "Level Cut", cost: 1, effect: "[Main] Delete 1 of your opponent's level 3 Digimon." }),
  textCard("RU-04", { kind: "Option", name: "Blast Fire", cost: 1, effect: "[Main] Change the original DP of 1 of your opponent's Digimon to 3000 for the turn." }),
  textCard("RU-05", { kind: "Option", name: "Freeze", cost: 1, effect: "[Main] Change the original DP of 1 of your opponent's Digimon to 1000 for the turn." }),
  textCard("RU-06", { name: "Jijimon", level: 5, cost: 5, dp: 6000, effect: "[All Turns] The [When Digivolving] effects on level 7 Digimon don't activate." }),
  textCard("RU-07", { name: "Omnimon", level: 7, cost: 14, dp: 15000, from: [[2, 6]], effect: "[When Digivolving] Gain 3 memory." }),
  textCard("RU-08", { name: "WarGreymon", level: 6, cost: 12, dp: 12000 }),
  textCard("RU-09", { name: "Leomon", level: 4, cost: 4, dp: 4000, effect: "[On Play] You may play 1 level 3 Digimon card from your hand without paying its memory cost." }),
  textCard("RU-10", { name: "Biyomon", level: 3, cost: 3, dp: 3000, effect: "[On Play] Gain 1 memory." }),
  textCard("RU-11", { name: "Zoe", kind: "Tamer", cost: 3, effect: "[On Play] You may search your security stack for 1 card with [Hybrid] in its traits, reveal it, and add it to your hand." }),
  textCard("RU-12", { name: "Kazemon", level: 4, cost: 4, dp: 4000, traits: ["Hybrid"] }),
  textCard("RU-13", { name: "Palmon", colors: ["Green"], level: 3, cost: 3, dp: 3000, effect: "[When Attacking] Reveal the top 3 cards of your deck. You can digivolve this card into 1 level 6 green Digimon card among them without paying its memory cost. Place the remaining cards at the bottom of your deck in any order." }),
  textCard("RU-14", { name: "Lillymon", colors: ["Green"], level: 6, cost: 10, dp: 10000, from: [[4, 3]], effect: "[When Digivolving] Gain 1 memory." }),
  textCard("RU-15", { name: "Gotsumon", level: 4, cost: 4, dp: 5000, from: [[2, 3]], effect: "[On Deletion] If this Digimon had 2 or more digivolution cards, gain 2 memory." }),
  textCard("RU-16", { name: "Gazimon", colors: ["Purple"], level: 3, cost: 3, dp: 3000, effect: "[Your Turn] (Once Per Turn) When a card is trashed from your deck, gain 1 memory." }),
  textCard("RU-17", { kind: "Option", name: "Dig Up", colors: ["Purple"], cost: 0, effect: "[Main] Reveal the top 2 cards of your deck. Trash the revealed cards. Then, trash the top card of your deck." }),
  textCard("RU-18", { name: "Kokuwamon", level: 3, cost: 3, dp: 3000, effect: "[On Play] 1 of your Digimon gets +3000 DP for the turn." }),
  textCard("RU-19", { kind: "Option", name: "Return", colors: ["Blue"], cost: 1, effect: "[Main] Return 1 of your Digimon to its owner's hand." }),
  textCard("RU-20", { kind: "Option", name: "Knockout", cost: 1, effect: "[Main] Delete 1 of your Digimon." }),
  textCard("RU-30", { kind: "Option", name: "Level Cut", cost: 1, effect: "[Main] Delete 1 of your opponent's level 3 Digimon.", security: "[Security] Activate this card's [Main] effect." }),
);

describe("002 §10-1: the kinds of effect", () => {
  it("002 §10-1-4, §10-1-5-1, §10-1-6-1, §10-1-7-1, §10-1-8-1, §10-4-1, §10-4-7-2, §10-4-7-3: each unit is a continuous, triggered, activated or interrupt effect by its timing and its \"When\" / \"When … would\"", () => {
    const kind = (text: string) => classify(compileDcgText(text, "effect").effects[0]!, "effect", 0).kind;
    expect(kind("[Your Turn] This Digimon gets +1000 DP.")).toBe("continuous");
    expect(kind("[Your Turn] While you have a Tamer in play, this Digimon gets +1000 DP.")).toBe("continuous");
    expect(kind("[Your Turn] When this Digimon is blocked, gain 3 memory.")).toBe("triggered");
    expect(kind("[On Play] Gain 1 memory.")).toBe("triggered");
    expect(kind("[Main] Gain 1 memory.")).toBe("main");
    expect(kind("[All Turns] When this Digimon would be deleted, you may place the top card of this Digimon on top of your security stack face down to prevent that deletion.")).toBe("interrupt");
    expect(kind("[Security] Gain 2 memory.")).toBe("security");
  });

  it("002 §10-1-5-2, §10-1-5-4, §10-1-5-5, §10-1-5-8: continuous effects stack, and apply at once to a Digimon that appears later (no pending)", () => {
    const r = fx(db, "002 §10-1-5-5").battle(0, ["RU-01"]).battle(0, ["RU-02", "TST-04"]).hand(0, "TST-03").script(0, ["Play TST-03 Redrookie (3)"]).steps(MAIN).run();
    expect(dpOf(r.g, r.perm(0, 1))).toBe(6000); // 4000 + 1000 (Tai) + 1000 (inherited)
    expect(dpOf(r.g, r.perm(0, 2))).toBe(3000); // played afterwards: Tai's +1000 at once
  });

  it("002 §10-1-2 (001 Q&A Main Q9): an effect acts on the battle area only — a Digimon in the breeding area is not chosen", () => {
    const r = fx(db, "002 §10-1-2").battle(0, ["TST-03"]).battle(1, ["TST-06"]).breeding(1, ["TST-01", "TST-03"]).hand(0, "RU-03").script(0, ["Use RU-03 Level Cut (1)"]).steps(MAIN).run();
    expect(r.battle(1)).toEqual([]);
    expect(r.breeding(1)).not.toBeNull();
  });

  it("002 §13-7-1, §13-7-4: a Digimon without a level is not chosen by an effect that names a level", () => {
    const r = fx(db, "002 §13-7-4").battle(0, ["TST-03"]).battle(1, ["TST-22"]).hand(0, "RU-03").script(0, ["Use RU-03 Level Cut (1)"]).steps(MAIN).run();
    expect(r.battle(1)).toHaveLength(1);
  });
});

describe("002 §10-2: conditions and prohibitions", () => {
  it("002 §10-2-2, §10-1-5-6: \"The [When Digivolving] effects on level 7 Digimon don't activate\": triggered, not activated", () => {
    const r = fx(db, "002 §10-2-2", 5).battle(0, ["RU-08"]).battle(1, ["RU-06"]).hand(0, "RU-07").deck(0, "TST-03").script(0, ["Digivolve P1 WarGreymon into RU-07 Omnimon (2)"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(3);
    expect(r.events("effect").map((e) => e.text).join()).toMatch(/does not activate: an effect forbids it/);
  });
});

describe("002 §10-3: activating and choosing", () => {
  it("002 §10-3-3, §10-3-4, §10-4-2-4, §7-2-5 (001 Q&A Main Q30): a play by an effect is chosen while the effect is processed; the Digimon played has its own [On Play]", () => {
    const r = fx(db, "002 §10-4-2-4").hand(0, "RU-09", "RU-10").script(0, ["Play RU-09 Leomon (4)"], ["RU-10 Biyomon"]).steps(MAIN).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["RU-09"], ["RU-10"]]);
    expect(r.memory(0)).toBe(2); // 5 − 4 + 1
  });

  it("002 §10-3-5, §10-3-7: a search among hidden cards may find nothing even when a card meets the condition", () => {
    const found = fx(db, "002 §10-3-5").security(0, "TST-03", "RU-12").hand(0, "RU-11").script(0, ["Play RU-11 Zoe (3)"], ["RU-12 Kazemon"]).steps(MAIN).run();
    expect(found.zone(0, "hand")).toEqual(["RU-12"]);
    const none = fx(db, "002 §10-3-5 (none)").security(0, "TST-03", "RU-12").hand(0, "RU-11").script(0, ["Play RU-11 Zoe (3)"], []).steps(MAIN).run();
    expect(none.zone(0, "security")).toEqual(["TST-03", "RU-12"]);
  });

  it("002 §10-4-3-1, §10-4-3-2, §10-4-3-4, §11-9-1, §11-9-2: a digivolution by an effect into a revealed card; its [When Digivolving] activates; the rest go to the bottom of the deck", () => {
    const r = fx(db, "002 §10-4-3-4").battle(0, ["RU-13"]).deck(0, "TST-04", "TST-06", "RU-14", "TST-03").security(1, "TST-15").script(0, ["Attack with P1 Palmon → P2"], ["RU-14 Lillymon"]).steps(MAIN).run();
    expect(r.stack(r.perm(0, 0))).toEqual(["RU-13", "RU-14"]);
    expect(r.memory(0)).toBe(6); // Lillymon's [When Digivolving]
    expect(r.zone(0, "deck").slice(0, 2).sort()).toEqual(["TST-03", "TST-06"]); // the remaining revealed cards at the bottom
  });

  it("002 §11-9-3: trashing revealed cards does not trigger \"when a card is trashed from your deck\"; trashing the deck's top card does", () => {
    const r = fx(db, "002 §11-9-3").battle(0, ["RU-16"]).deck(0, "TST-03", "TST-04", "TST-05").hand(0, "RU-17").script(0, ["Use RU-17 Dig Up (0)"]).steps(MAIN).run();
    expect(r.zone(0, "trash")).toEqual(["TST-05", "TST-04", "TST-03", "RU-17"]);
    expect(r.memory(0)).toBe(6); // once: for the top card trashed directly
  });
});

describe("002 §10-4-4: [On Deletion]", () => {
  it("002 §10-4-4-1, §10-4-4-4: \"[On Deletion] If this Digimon had 2 or more digivolution cards\" reads the Digimon as it was deleted", () => {
    const r = fx(db, "002 §10-4-4-4").battle(0, ["TST-23"]).battle(1, ["TST-01", "TST-03", "RU-15"], { suspended: true }).script(0, ["Attack with P1 Hugemon → P2 Gotsumon"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(3); // P2 gains 2 on the shared gauge
  });
});

describe("002 §13-2, §11-6: lasting effects, overwrites, a new Digimon", () => {
  it("002 §13-2-1, §13-2-2-1 (001 Q&A Main Q17a): a lasting effect keeps working after its source leaves play", () => {
    const r = fx(db, "002 §13-2-2-1").battle(0, ["TST-03"]).hand(0, "RU-18", "RU-20").script(0, ["Play RU-18 Kokuwamon (3)"], ["P1 Redrookie"], ["Use RU-20 Knockout (1)"], ["P1 Kokuwamon"]).steps(MAIN, MAIN).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["TST-03"]]);
    expect(dpOf(r.g, r.perm(0, 0))).toBe(5000);
  });

  it("002 §10-1-5-7, §13-2-5-1, §13-2-5-2, §13-2-5-3: \"change the original DP to …\" overwrites the printed DP; a later overwrite wins; changes still add", () => {
    const r = fx(db, "002 §13-2-5-3").battle(0, ["TST-03"]).battle(1, ["TST-23"]).hand(0, "RU-04", "RU-05").script(0, ["Use RU-04 Blast Fire (1)"], ["Use RU-05 Freeze (1)"]).steps(MAIN, MAIN).run();
    expect(dpOf(r.g, r.perm(1, 0))).toBe(1000);
  });

  it("002 §11-6-1-2, §11-6-2, §3-1-5: a Digimon returned to the hand and played again is a new Digimon: the lasting effect on the old one is gone", () => {
    const r = fx(db, "002 §11-6-2", 9).battle(0, ["TST-28"]).hand(0, "RU-18", "RU-19").script(0, ["Play RU-18 Kokuwamon (3)"], ["P1 Kokuwamon"], ["Use RU-19 Return (1)"], ["P1 Kokuwamon"], ["Play RU-18 Kokuwamon (3)"], ["P1 Purplemon"]).steps(MAIN, MAIN, MAIN).run();
    expect(dpOf(r.g, P(r.g, 0).battle.find((x) => r.stack(x)[0] === "RU-18")!)).toBe(3000);
  });
});

describe("002 §13-6: an effect activating another", () => {
  it("002 §13-6-1, §13-6-2, §10-3-2, §2-3-6-1: \"[Security] Activate this card's [Main] effect\": the Option's [Main] effect activates within it, the card in no area until the end", () => {
    const s = fx(db, "002 §13-6-1").battle(0, ["TST-03"]).security(1, "RU-30").script(0, ["Attack with P1 Redrookie → P2"]).steps(MAIN).run();
    expect(s.battle(0)).toEqual([]); // the level 3 attacker deleted by the Option's [Main] effect
    expect(s.zone(1, "trash")).toEqual(["RU-30"]);
  });
});

describe("002 §10-3-1, §10-4: more activations and timings", () => {
  const more = fxDb(
    ...db.all.filter((c) => c.stats.number.startsWith("RU-")),
    textCard("RV-01", { name: "Suijinmon", colors: ["Blue"], level: 3, cost: 3, dp: 3000, effect: "(Hand) [Main] If you have a Digimon with [Justimon] in its name in play, you may pay 1 memory to place this card under that Digimon as its bottom digivolution card." }),
    textCard("RV-02", { name: "Justimon", colors: ["Blue"], level: 5, cost: 7, dp: 7000 }),
    textCard("RV-03", { kind: "Tamer", name: "Shrinker", colors: ["Purple"], cost: 2, effect: "[Opponent's Turn] All of your opponent's Digimon get -5000 DP." }),
    textCard("RV-04", { name: "Greymon", level: 4, cost: 5, dp: 4000, from: [[2, 3]], effect: "[When Digivolving] Gain 2 memory." }),
    textCard("RV-05", { name: "Paildramon", colors: ["Blue"], level: 5, cost: 8, dp: 8000, dna: [{ cost: 0, from: [{ kind: "level", color: "Red", level: 4 }, { kind: "level", color: "Red", level: 4 }] }], effect: "[When Digivolving] Gain 2 memory." }),
    textCard("RV-06", { name: "Finder", colors: ["Blue"], level: 3, cost: 3, dp: 3000, effect: "[On Deletion] Return 1 [Keeper] from your trash to your hand." }),
    textCard("RV-07", { name: "Keeper", colors: ["Blue"], level: 3, cost: 3, dp: 3000, effect: "[On Deletion] Gain 2 memory." }),
    textCard("RV-08", { kind: "Option", name: "Double Delete", cost: 1, effect: "[Main] Delete 2 of your opponent's Digimon." }),
    textCard("RV-09", { name: "Elecmon", level: 3, cost: 3, dp: 2000, effect: "[End of Your Turn] If this Digimon has 3000 DP or more, gain 1 memory." }),
    textCard("RV-10", { name: "Elecmon EOA", level: 3, cost: 3, dp: 3000, effect: "[End of Attack] Gain 1 memory." }),
    textCard("RV-11", { name: "Shelter", colors: ["Green"], level: 4, cost: 4, dp: 4000, from: [[2, 3]], effect: "<Armor Purge> (When this Digimon would be deleted, you may trash the top card of this Digimon to prevent that deletion). <Evade> (When this Digimon would be deleted, you may suspend it to prevent that deletion.)" }),
    textCard("RV-12", { kind: "Option", name: "Hide", colors: ["Red"], cost: 1, effect: "[Main] Place 1 of your Digimon on top of your security stack face down." }),
    textCard("RV-13", { name: "Knightmon", colors: ["Black"], level: 4, cost: 4, dp: 5000, effect: "[On Play] By placing this Digimon under 1 of your other Digimon as its bottom digivolution card, gain 2 memory." }),
    textCard("RV-14", { name: "Decker", colors: ["Green"], level: 4, cost: 4, dp: 4000, effect: "[On Play] <De-Digivolve 1> on 1 of your opponent's Digimon (Trash up to 1 card from the top of one of your opponent's Digimon. If it has no digivolution cards, or becomes a level 3 Digimon, you can't trash any more cards)." }),
  );

  it("002 §10-3-1, §10-3-1-1, §10-3-1-2, §10-3-1-3, §10-3-1-4, §4-16-1, §4-16-2: a [Hand] [Main] effect: offered while its condition can be met, the card revealed, then its processing (\"that Digimon\": the one the condition found)", () => {
    const s = fx(more, "002 §10-3-1-2").battle(0, ["RV-02"]).hand(0, "RV-01");
    const label = mainOptions(s.g, 0).map((o) => o.label).find((l) => l.startsWith("Activate"))!;
    const r = s.script(0, [label], ["Yes"]).steps(MAIN).run();
    expect(r.events("reveal")[0]!.text).toMatch(/revealed from the hand/);
    expect(r.stack(r.perm(0, 0))).toEqual(["RV-01", "RV-02"]);
    expect(r.memory(0)).toBe(4);
  });

  it("002 §10-4-3-3, §10-1-6-4: a Digimon that digivolves into a field of \"−5000 DP\" is deleted by the rules before its [When Digivolving] activates", () => {
    const r = fx(more, "002 §10-4-3-3").battle(0, ["TST-03"]).battle(1, ["RV-03"]).hand(0, "RV-04").deck(0, "TST-06").script(0, ["Digivolve P1 Redrookie into RV-04 Greymon (2)"]).steps(MAIN).run();
    expect(r.battle(0)).toEqual([]);
    expect(r.memory(0)).toBe(3);
  });

  it("002 §10-4-3-5, §8-2-9: [When Digivolving] activates on a DNA digivolution", () => {
    const r = fx(more, "002 §10-4-3-5").battle(0, ["TST-04"]).battle(0, ["TST-04"]).hand(0, "RV-05").deck(0, "TST-06").script(0, ["DNA digivolve P1 Redchampion + P1 Redchampion into RV-05 Paildramon (0)"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(7);
  });

  it("002 §10-4-4-5, §11-8-4 (001 DR \"Activating Effects from the Trash\"): an [On Deletion] whose card left the trash while pending does not activate; the deleted Digimon's effects are pending together", () => {
    const r = fx(more, "002 §10-4-4-5").battle(0, ["TST-03"]).battle(1, ["RV-06"]).battle(1, ["RV-07"]).hand(0, "RV-08").script(0, ["Use RV-08 Double Delete (1)"]).script(1, ["P2 RV-06 Finder: [On Deletion] Return 1 [Keeper] from your trash to your hand."]).steps(MAIN).run();
    expect(r.zone(1, "hand")).toEqual(["RV-07"]);
    expect(r.memory(0)).toBe(4); // Keeper's [On Deletion] (gain 2 for P2) did not activate
  });

  it("002 §10-4-7-4, §6-7-3: [Your Turn] effects still work while the end-of-turn effects activate", () => {
    const r = fx(more, "002 §10-4-7-4", 0).battle(0, ["RU-01"]).battle(0, ["RV-09"]).stopAfterTurn(3).steps({ t: "dcg.pass" }).run();
    expect(r.memory(1)).toBe(2); // 3 on P2's side, −1 for P1's [End of Your Turn]: Elecmon had 3000 DP with Tai
  });

  it("002 §10-4-13-2: [End of Attack] does not trigger when its Digimon was deleted in the battle", () => {
    const r = fx(more, "002 §10-4-13-2").battle(0, ["RV-10"]).security(1, "TST-23").script(0, ["Attack with P1 Elecmon EOA → P2"]).steps(MAIN).run();
    expect(r.battle(0)).toEqual([]);
    expect(r.memory(0)).toBe(5);
  });

  it("002 §13-3-1-2-2 (001 DR \"When and Would\"): the \"would be deleted\" effects of one deletion trigger together; once one prevents it, the others are not asked", () => {
    const s = fx(more, "002 §13-3-1-2-2 b").battle(0, ["TST-23"]).battle(1, ["TST-06", "RV-11"], { suspended: true }).script(0, ["Attack with P1 Hugemon → P2 Shelter"]).script(1, ["Yes"]).steps(MAIN).run();
    expect(s.battle(1).map((x) => s.stack(x))).toEqual([["TST-06"]]);
    expect(s.events("evade")).toEqual([]);
  });

  it("002 §11-6-1-3, §11-5-1: a Digimon placed on top of the security stack leaves play; only its top card goes there", () => {
    const r = fx(more, "002 §11-6-1-3").battle(0, ["TST-03", "TST-04"]).hand(0, "RV-12").script(0, ["Use RV-12 Hide (1)"]).steps(MAIN).run();
    expect(r.battle(0)).toEqual([]);
    expect(r.zone(0, "security")).toEqual(["TST-04"]);
    expect(r.zone(0, "trash")).toEqual(["TST-03", "RV-12"]);
  });

  it("002 §11-6-1-5, §11-7-1: \"By placing this Digimon under 1 of your other Digimon as its bottom digivolution card, gain 2 memory\": it leaves play into the other's stack", () => {
    const r = fx(more, "002 §11-6-1-5").battle(0, ["TST-04"]).hand(0, "RV-13").script(0, ["Play RV-13 Knightmon (4)"], ["P1 Redchampion"]).steps(MAIN).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["RV-13", "TST-04"]]);
    expect(r.memory(0)).toBe(3);
  });

  it("002 §13-7-8, §12-12-2: <De-Digivolve> trashes a card without a level", () => {
    const r = fx(more, "002 §13-7-8").battle(1, ["TST-03", "TST-22"]).hand(0, "RV-14").script(0, ["Play RV-14 Decker (4)"]).steps(MAIN).run();
    expect(r.stack(r.perm(1, 0))).toEqual(["TST-03"]);
  });
});
