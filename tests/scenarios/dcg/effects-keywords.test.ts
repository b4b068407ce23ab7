/**
 * DCG scenarios of the keyword effects (002 chapter 12; 001 Q&A "Keyword Effect …") performed by
 * the effect model, with cards compiled from DCG card text (their reminder text as printed).
 */
import { describe, expect, it } from "vitest";
import { fx, fxDb, MAIN, textCard } from "./effects-helpers.ts";
import { checkCount, dpOf, hasKeyword } from "../../../runtime/rulesets/dcg/continuous.ts";
import { P } from "../../../runtime/rulesets/dcg/model.ts";
import { mainOptions } from "../../../runtime/rulesets/dcg/main.ts";

const BLOCKER = "<Blocker> (When an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it instead).";
const db = fxDb(
  textCard("KW-01", { name: "Greymon", level: 4, cost: 5, dp: 5000, from: [[2, 3]], effect: "[When Digivolving] This Digimon gains <Security Attack +1> (This Digimon checks 1 additional security card) for the turn." }),
  textCard("KW-02", { name: "Gorillamon", colors: ["Blue"], level: 4, cost: 4, dp: 5000, effect: "[All Turns] While you have a Tamer in play, this Digimon gains <Blocker> (When an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it instead)." }),
  textCard("KW-03", { name: "Angemon", colors: ["Yellow"], level: 4, cost: 5, dp: 5000, effect: "[On Play] <Recovery +1 (Deck)> (Place the top card of your deck on top of your security stack)." }),
  textCard("KW-04", { name: "Kuwagamon", colors: ["Green"], level: 4, cost: 4, dp: 4000, effect: "[On Play] <De-Digivolve 1> on 1 of your opponent's Digimon (Trash up to 1 card from the top of one of your opponent's Digimon. If it has no digivolution cards, or becomes a level 3 Digimon, you can't trash any more cards)." }),
  textCard("KW-05", { name: "Tankmon", colors: ["Black"], level: 4, cost: 5, dp: 5000, from: [[2, 3]], effect: "[Main] <Digi-Burst 2> (You may trash 2 of this Digimon's digivolution cards to activate the effect below). ・Delete 1 of your opponent's Digimon with 6000 DP or less." }),
  textCard("KW-06", { name: "Flamedramon", level: 4, cost: 4, dp: 6000, from: [[3, 3]], effect: "[When Digivolving] <Blitz> (If your opponent has 1 or more memory, this Digimon can attack)." }),
  textCard("KW-07", { kind: "Option", name: "Plan Ahead", cost: 1, effect: "[Main] Gain 1 memory. Then, place this card in your battle area. [Main] <Delay> (Trash this card in your battle area to activate the effect below. You can't activate this effect the turn this card enters play.) ・Gain 2 memory." }),
  textCard("KW-08", { name: "Devimon", colors: ["Black"], level: 4, cost: 5, dp: 5000, effect: "<Decoy (Black)> (When one of your other black Digimon would be deleted by an opponent's effect, you may delete this Digimon to prevent that deletion)." }),
  textCard("KW-09", { name: "Submarimon", colors: ["Blue"], level: 4, cost: 5, dp: 6000, from: [[2, 3]], effect: "<Armor Purge> (When this Digimon would be deleted, you may trash the top card of this Digimon to prevent that deletion)." }),
  textCard("KW-10", { name: "Starmon", colors: ["Yellow"], level: 4, cost: 4, dp: 4000, effect: "[On Deletion] <Save> (You can place this card under one of your Tamers)." }),
  textCard("KW-11", { name: "Elemon", colors: ["Green"], level: 4, cost: 4, dp: 4000, effect: "<Evade> (When this Digimon would be deleted, you may suspend it to prevent that deletion.)" }),
  textCard("KW-12", { name: "Raidmon", level: 5, cost: 7, dp: 7000, effect: "<Raid> (When this Digimon attacks, you may switch the target of attack to 1 of your opponent's unsuspended Digimon with the highest DP.)" }),
  textCard("KW-13", { name: "Allymon", level: 5, cost: 7, dp: 7000, effect: "<Alliance> (When this Digimon attacks, by suspending 1 of your other Digimon, this Digimon adds the suspended Digimon's DP and gains <Security Attack +1> for the attack.)" }),
  textCard("KW-14", { name: "Barriermon", colors: ["Blue"], level: 5, cost: 7, dp: 7000, effect: "<Barrier> (When this Digimon would be deleted in battle, by trashing the top card of your security stack, prevent that deletion.)" }),
  textCard("KW-15", { name: "WarGreymon ACE", level: 6, cost: 12, dp: 12000, from: [[3, 5]], effect: "[Hand] [Counter] <Blast Digivolve> (Your Digimon may digivolve into this card without paying the cost.)" }),
  textCard("KW-16", { name: "Fortimon", level: 5, cost: 7, dp: 7000, effect: "<Fortitude> (When this Digimon with digivolution cards is deleted, play this card without paying the cost.)" }),
  textCard("KW-17", { kind: "Tamer", name: "Linker", colors: ["Purple"], cost: 3, effect: "[Main] <Mind Link> with 1 of your Digimon with [Dark Animal] in its traits. (Place this Tamer as that Digimon's bottom digivolution card if there are no Tamer cards in its digivolution cards.)" }),
  textCard("KW-18", { name: "Collidemon", level: 5, cost: 7, dp: 9000, effect: "<Collision> (During this Digimon's attack, all of your opponent's Digimon gain <Blocker>, and your opponent blocks if possible.)" }),
  textCard("KW-19", { name: "Goatmon", colors: ["Purple"], level: 5, cost: 7, dp: 7000, effect: "<Scapegoat> (When this Digimon would be deleted other than by your effects, by deleting 1 of your other Digimon, prevent that deletion.)" }),
  textCard("KW-20", { name: "Shoutmon X4", level: 5, cost: 10, dp: 9000, effect: "<Material Save 2> (When this Digimon would be deleted, you may place 2 digivolution cards listed in the DigiXros requirements of this Digimon under one of your Tamers)." }),
  textCard("KW-21", { name: "Partimon", colors: ["Blue", "Green"], level: 6, cost: 12, dp: 11000, effect: "<Partition (blue Lv.4 & green Lv.4)> (When this Digimon with 1 of each specified card in its digivolution cards would leave the battle area other than by one of your effects or in battle, you may play 1 of each card without paying their costs.)" }),
  textCard("KW-22", { name: "Sorbmon", colors: ["Red"], level: 5, cost: 7, dp: 8000, from: [[3, 4]], effect: "<Digisorption -2> (When one of your Digimon digivolves into this card from your hand, you may suspend 1 of your Digimon to reduce the memory cost of the digivolution by 2)" }),
  textCard("KW-23", { name: "Patamon", colors: ["Yellow"], level: 3, cost: 3, dp: 3000, from: [[0, 2]], inherited: "<Retaliation> (When this Digimon is deleted after losing a battle, delete the Digimon it was battling)." }),
  textCard("KW-24", { name: "Veedramon", colors: ["Blue"], level: 4, cost: 5, dp: 5000, from: [[2, 3]], effect: "[When Digivolving] 1 of your Digimon gains <Piercing> and <Jamming> for the turn." }),
  textCard("KW-25", { name: "Rushmon", level: 3, cost: 3, dp: 3000, effect: "[On Play] This Digimon gains <Rush> for the turn." }),
  textCard("KW-26", { name: "Bootmon", colors: ["Blue"], level: 4, cost: 4, dp: 5000, effect: "[When Attacking] This Digimon gains <Reboot> until the end of your opponent's next turn." }),
  textCard("KW-27", { name: "Drawmon", colors: ["Yellow"], level: 3, cost: 3, dp: 3000, effect: "[On Play] <Draw 2> (Draw 2 cards from your deck)." }),
  textCard("KW-28", { kind: "Option", name: "Delete It", colors: ["Red"], cost: 1, effect: "[Main] Delete 1 of your opponent's Digimon." }),
  textCard("KW-29", { name: "Wolfmon", colors: ["Blue"], level: 3, cost: 3, dp: 3000, traits: ["Dark Animal"] }),
  textCard("KW-30", { name: "Blue4", colors: ["Blue"], level: 4, cost: 4, dp: 4000 }),
  textCard("KW-31", { name: "Green4", colors: ["Green"], level: 4, cost: 4, dp: 4000 }),
);
void BLOCKER;

describe("002 §12-4 <Security Attack>, §12-5 <Blocker>, §12-15 <Rush>, §12-11 <Reboot>: keywords gained by effects (§4-13-2)", () => {
  it("002 §12-4-1, §4-13-2: \"[When Digivolving] This Digimon gains <Security Attack +1> for the turn\" makes it check 2 cards", () => {
    const r = fx(db, "002 §12-4-1").battle(0, ["TST-03"]).hand(0, "KW-01").script(0, ["Digivolve P1 Redrookie into KW-01 Greymon (2)"]).steps(MAIN).run();
    expect(checkCount(r.g, r.perm(0, 0))).toBe(2);
  });

  it("002 §4-13-2, §10-1-5-3 (001 Q&A Main Q27): \"While you have a Tamer in play, this Digimon gains <Blocker>\": only while the condition holds", () => {
    const s = fx(db, "002 §4-13-2").battle(1, ["KW-02"]);
    expect(hasKeyword(s.g, P(s.g, 1).battle[0]!, "blocker")).toBe(false);
    const t = fx(db, "002 §4-13-2 b").battle(1, ["KW-02"]).battle(1, ["TST-29"]);
    expect(hasKeyword(t.g, P(t.g, 1).battle[0]!, "blocker")).toBe(true);
  });

  it("002 §12-15-3 (001 Q&A Rush Q3): a Digimon that gains <Rush> the turn it is played can attack", () => {
    const s = fx(db, "002 §12-15-3").hand(0, "KW-25").security(1, "TST-03").script(0, ["Play KW-25 Rushmon (3)"]).steps(MAIN).run();
    expect(mainOptions(s.g, 0).map((o) => o.label)).toContain("Attack with P1 Rushmon → P2");
  });

  it("002 §12-11-1: a Digimon that gained <Reboot> until the end of the opponent's next turn unsuspends in their unsuspend phase", () => {
    const r = fx(db, "002 §12-11-1").battle(0, ["KW-26"]).security(1, "TST-15").deck(1, "TST-03").stopAfterTurn(4).script(0, ["Attack with P1 Bootmon → P2"]).script(1, ["Pass"]).steps({ t: "dcg.main" }).run();
    expect(r.perm(0, 0).suspended).toBe(false);
  });
});

describe("002 §12-6 <Recovery>, §12-8 <Draw>, §12-12 <De-Digivolve>", () => {
  it("002 §12-6-1, §12-6-2: <Recovery +1 (Deck)> places the top card of the deck on top of the security stack", () => {
    const r = fx(db, "002 §12-6-1").deck(0, "TST-04", "TST-05").hand(0, "KW-03").script(0, ["Play KW-03 Angemon (5)"]).steps(MAIN).run();
    expect(r.zone(0, "security")).toEqual(["TST-05"]);
    expect(r.zone(0, "deck")).toEqual(["TST-04"]);
  });

  it("002 §12-8-1, §12-8-2, §12-8-5 (001 Q&A Draw): <Draw 2> with 1 card in the deck draws 1 and does not lose", () => {
    const r = fx(db, "002 §12-8-2").deck(0, "TST-04").hand(0, "KW-27").script(0, ["Play KW-27 Drawmon (3)"]).steps(MAIN).run();
    expect(r.zone(0, "hand")).toEqual(["TST-04"]);
    expect(r.g.state.winner).toBeNull();
  });

  it("002 §12-12-1, §12-12-2: <De-Digivolve 1> trashes the top card of the opponent's Digimon; it does not trash a level 3 Digimon card", () => {
    const r = fx(db, "002 §12-12-1").battle(1, ["TST-03", "TST-04"]).hand(0, "KW-04").script(0, ["Play KW-04 Kuwagamon (4)"]).steps(MAIN).run();
    expect(r.stack(r.perm(1, 0))).toEqual(["TST-03"]);
    const r2 = fx(db, "002 §12-12-2").battle(1, ["TST-01", "TST-03"]).hand(0, "KW-04").script(0, ["Play KW-04 Kuwagamon (4)"]).steps(MAIN).run();
    expect(r2.stack(r2.perm(1, 0))).toEqual(["TST-01", "TST-03"]);
  });
});

describe("002 §12-14 <Digi-Burst>, §12-17 <Delay>", () => {
  it("002 §12-14-1..4, §10-1-7-2, §10-4-6-1 (001 Q&A Digi-Burst Q10): [Main] <Digi-Burst 2> trashes exactly 2 digivolution cards, then the effect; not offered with fewer", () => {
    const s = fx(db, "002 §12-14-2").battle(0, ["TST-01", "TST-03", "KW-05"]).battle(1, ["TST-04"]);
    const label = mainOptions(s.g, 0).map((o) => o.label).find((l) => l.includes("Digi-Burst"))!;
    const done = s.script(0, [label]).steps(MAIN).run();
    expect(done.stack(done.perm(0, 0))).toEqual(["KW-05"]);
    expect(done.battle(1)).toEqual([]);
    const few = fx(db, "002 §12-14 (1 card)").battle(0, ["TST-03", "KW-05"]);
    expect(mainOptions(few.g, 0).map((o) => o.label).some((l) => l.includes("Digi-Burst"))).toBe(false);
  });

  it("002 §12-17-1, §12-17-4, §12-17-6 (001 Q&A Delay Q2, Q4): an Option placed in the battle area by its effect; its <Delay> not the same turn, then next turn at no cost", () => {
    const r = fx(db, "002 §12-17-4").battle(0, ["TST-03"]).hand(0, "KW-07").script(0, ["Use KW-07 Plan Ahead (1)"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(5);
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["TST-03"], ["KW-07"]]);
    expect(mainOptions(r.g, 0).map((o) => o.label).filter((l) => l.startsWith("Activate"))).toEqual([]); // not its <Delay> this turn, and never its other [Main] effect (001 Q&A Delay Q3)
    r.g.state.turn = 5;
    const label = mainOptions(r.g, 0).map((o) => o.label).find((l) => l.includes("Delay"))!;
    expect(label).toBeDefined();
  });
});

describe("002 §13-3-1-2: \"would be deleted\" keywords", () => {
  it("002 §12-19-1, §12-19-5, §12-19-7 (001 Q&A Armor Purge): <Armor Purge> trashes the top card instead of being deleted by an effect; no [On Deletion]", () => {
    const r = fx(db, "002 §12-19-1").battle(0, ["TST-28"]).battle(1, ["TST-06", "KW-09"]).hand(0, "KW-28").script(0, ["Use KW-28 Delete It (1)"]).script(1, ["Yes"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["TST-06"]]);
    expect(r.zone(1, "trash")).toEqual(["KW-09"]);
  });

  it("002 §12-22-1, §12-22-6: <Evade> suspends it instead; a suspended one cannot", () => {
    const r = fx(db, "002 §12-22-1").battle(0, ["TST-28"]).battle(1, ["KW-11"]).hand(0, "KW-28").script(0, ["Use KW-28 Delete It (1)"]).script(1, ["Yes"]).steps(MAIN).run();
    expect(r.perm(1, 0).suspended).toBe(true);
    const s = fx(db, "002 §12-22-6").battle(0, ["TST-28"]).battle(1, ["KW-11"], { suspended: true }).hand(0, "KW-28").script(0, ["Use KW-28 Delete It (1)"]).steps(MAIN).run();
    expect(s.battle(1)).toEqual([]);
  });

  it("002 §12-18-1, §12-18-5 (001 Q&A Decoy Q1, Q4, Q5): <Decoy (Black)> deletes itself to save another black Digimon from an opponent's effect", () => {
    const black = textCard("KW-40", { name: "Blackmon", colors: ["Black"], level: 3, cost: 3, dp: 3000 });
    const db2 = fxDb(black, ...db.all.filter((c) => c.stats.number.startsWith("KW-")));
    const r = fx(db2, "002 §12-18-1").battle(0, ["TST-28"]).battle(1, ["KW-40"]).battle(1, ["KW-08"]).hand(0, "KW-28").script(0, ["Use KW-28 Delete It (1)"], ["P2 Blackmon"]).script(1, ["Yes"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["KW-40"]]);
  });

  it("002 §12-25-1, §12-25-5: <Barrier> trashes the top security card to survive a battle", () => {
    const r = fx(db, "002 §12-25-1").battle(0, ["TST-23"]).battle(1, ["KW-14"], { suspended: true }).security(1, "TST-03").script(0, ["Attack with P1 Hugemon → P2 Barriermon"]).script(1, ["Yes"]).steps(MAIN).run();
    expect(r.battle(1)).toHaveLength(1);
    expect(r.zone(1, "security")).toEqual([]);
  });

  it("002 §12-32-1: <Scapegoat> deletes another of its player's Digimon to prevent its own deletion", () => {
    const r = fx(db, "002 §12-32-1").battle(0, ["TST-28"]).battle(1, ["KW-19"]).battle(1, ["TST-06"]).hand(0, "KW-28").script(0, ["Use KW-28 Delete It (1)"], ["P2 Goatmon"]).script(1, ["P2 Bluerookie"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["KW-19"]]);
  });

  it("002 §12-29-1, §12-29-8: <Partition> plays 1 of each specified card from its digivolution cards when it leaves play by an opponent's effect", () => {
    const r = fx(db, "002 §12-29-1").battle(0, ["TST-28"]).battle(1, ["KW-30", "KW-31", "KW-21"]).hand(0, "KW-28").script(0, ["Use KW-28 Delete It (1)"]).script(1, ["Yes"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x)).sort()).toEqual([["KW-30"], ["KW-31"]]);
  });

  it("002 §12-21-1, §12-21-2: <Material Save 2> places digivolution cards named in its DigiXros requirements under a Tamer; it is still deleted", () => {
    const x4 = textCard("KW-41", { name: "Shoutmon X4", level: 5, cost: 10, dp: 9000, digixros: { reduction: 2, names: ["Shoutmon", "Ballistamon"] }, effect: "<Material Save 2> (When this Digimon would be deleted, you may place 2 digivolution cards listed in the DigiXros requirements of this Digimon under one of your Tamers)." });
    const db2 = fxDb(x4, ...db.all.filter((c) => c.stats.number.startsWith("KW-")));
    const r = fx(db2, "002 §12-21-1").battle(0, ["TST-28"]).battle(1, ["TST-20", "TST-21", "KW-41"]).battle(1, ["TST-29"]).hand(0, "KW-28").script(0, ["Use KW-28 Delete It (1)"]).script(1, [0, 1]).steps(MAIN).run();
    // 002 §12-21-6: the player orders them; both end up under the Tamer.
    expect([...r.stack(r.perm(1, 0))].sort()).toEqual(["TST-20", "TST-21", "TST-29"]);
    expect(r.zone(1, "trash")).toEqual(["KW-41"]);
  });
});

describe("002 §12-10 <Digisorption>, §12-16 <Blitz>, §12-26 <Blast Digivolve>, §12-28 <Mind Link>", () => {
  it("002 §12-10-1, §12-10-5, §12-10-7 (001 Q&A Digisorption Q2): suspending the Digimon itself lowers the digivolution cost; it stays suspended", () => {
    const r = fx(db, "002 §12-10-1", 2).battle(0, ["TST-04"]).hand(0, "KW-22").script(0, ["Digivolve P1 Redchampion into KW-22 Sorbmon (3)"], ["Suspend P1 Redchampion"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(1);
    expect(r.perm(0, 0).suspended).toBe(true);
  });

  it("002 §12-16-1, §12-16-3 (001 Q&A Blitz Q1, Q3, Q10): with the opponent at 1 or more memory the Digimon may attack; with memory still on its side it does not", () => {
    const r = fx(db, "002 §12-16-1", 2).battle(0, ["TST-03"]).security(1, "TST-15").hand(0, "KW-06").script(0, ["Digivolve P1 Redrookie into KW-06 Flamedramon (3)"], ["Attack P2"]).steps(MAIN).run();
    expect(r.zone(1, "trash")).toEqual(["TST-15"]);
    const s = fx(db, "002 §12-16-3", 5).battle(0, ["TST-03"]).security(1, "TST-15").hand(0, "KW-06").script(0, ["Digivolve P1 Redrookie into KW-06 Flamedramon (3)"]).steps(MAIN).run();
    expect(s.zone(1, "trash")).toEqual([]);
  });

  it("002 §12-26-1, §12-26-3, §10-4-12-1, §10-4-12-2, §9-2-1-4-2: at counter timing a Digimon of the defender digivolves into the ACE in the hand without paying", () => {
    const r = fx(db, "002 §12-26-1").battle(0, ["TST-05"]).battle(1, ["TST-05"]).hand(1, "KW-15").security(1, "TST-15").script(0, ["Attack with P1 Redultimate → P2"]).script(1, ["P2 Redultimate"]).steps(MAIN).run();
    expect(r.stack(r.perm(1, 0))).toEqual(["TST-05", "KW-15"]);
    expect(r.memory(0)).toBe(5);
  });

  it("002 §12-28-1, §12-28-2: <Mind Link> puts the Tamer under a Digimon as its bottom digivolution card", () => {
    const s = fx(db, "002 §12-28-1").battle(0, ["KW-17"]).battle(0, ["KW-29"]);
    const label = mainOptions(s.g, 0).map((o) => o.label).find((l) => l.includes("Mind Link"))!;
    const r = s.script(0, [label], ["P1 Wolfmon"]).steps(MAIN).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["KW-17", "KW-29"]]);
  });
});

describe("002 §12-23 <Raid>, §12-24 <Alliance>, §12-30 <Collision>, §12-27 <Fortitude>, §12-20 <Save>, §12-13 <Retaliation>", () => {
  it("002 §12-23-1, §12-23-5: <Raid> switches the target to the opponent's unsuspended Digimon with the highest DP", () => {
    const r = fx(db, "002 §12-23-1").battle(0, ["KW-12"]).battle(1, ["TST-03"]).battle(1, ["TST-06"]).security(1, "TST-15").script(0, ["Attack with P1 Raidmon → P2"], ["P2 Bluerookie"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["TST-03"]]);
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
  });

  it("002 §12-24-1, §12-24-3: <Alliance> suspends another Digimon, adding its DP and <Security Attack +1> for the attack", () => {
    const r = fx(db, "002 §12-24-1").battle(0, ["KW-13"]).battle(0, ["TST-04"]).security(1, "TST-15", "TST-15").script(0, ["Attack with P1 Allymon → P2"], ["P1 Redchampion"]).steps(MAIN).run();
    expect(r.zone(1, "security")).toEqual([]);
    expect(dpOf(r.g, r.perm(0, 0))).toBe(7000); // the bonus lasted for the attack only
  });

  it("002 §12-30-1: during a <Collision> attack the opponent's Digimon gain <Blocker> and must block", () => {
    const r = fx(db, "002 §12-30-1").battle(0, ["KW-18"]).battle(1, ["TST-06"]).security(1, "TST-15").script(0, ["Attack with P1 Collidemon → P2"]).steps(MAIN).run();
    expect(r.battle(1)).toEqual([]);
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
  });

  it("002 §12-27-1, §12-27-3: <Fortitude>: deleted with digivolution cards, its card is played again from the trash", () => {
    const r = fx(db, "002 §12-27-1").battle(0, ["TST-28"]).battle(1, ["TST-04", "KW-16"]).hand(0, "KW-28").script(0, ["Use KW-28 Delete It (1)"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["KW-16"]]);
  });

  it("002 §12-20-1, §12-20-3: <Save> places the deleted Digimon's card under a Tamer", () => {
    const r = fx(db, "002 §12-20-1").battle(0, ["TST-28"]).battle(1, ["TST-03", "KW-10"]).battle(1, ["TST-29"]).hand(0, "KW-28").script(0, ["Use KW-28 Delete It (1)"]).script(1, ["P2 Bluetamer"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["KW-10", "TST-29"]]);
    expect(r.zone(1, "trash")).toEqual(["TST-03"]);
  });

  it("002 §12-13-1 (an inherited <Retaliation>): deleted in battle, it deletes the Digimon it battled", () => {
    const r = fx(db, "002 §12-13-1").battle(0, ["TST-05"]).battle(1, ["KW-23", "TST-04"], { suspended: true }).script(0, ["Attack with P1 Redultimate → P2 Redchampion"]).steps(MAIN).run();
    expect(r.battle(0)).toEqual([]);
    expect(r.battle(1)).toEqual([]);
  });

  it("002 §12-7-1, §12-9-1: <Piercing> and <Jamming> gained by an effect for the turn", () => {
    const r = fx(db, "002 §12-7-1").battle(0, ["TST-06"]).hand(0, "KW-24").script(0, ["Digivolve P1 Bluerookie into KW-24 Veedramon (2)"]).steps(MAIN).run();
    expect(hasKeyword(r.g, r.perm(0, 0), "piercing")).toBe(true);
    expect(hasKeyword(r.g, r.perm(0, 0), "jamming")).toBe(true);
  });
});

describe("002 chapter 12: more of each keyword's rules", () => {
  const more = fxDb(
    ...db.all.filter((c) => c.stats.number.startsWith("KW-")),
    textCard("KX-01", { name: "Blackmon", colors: ["Black"], level: 3, cost: 3, dp: 3000, effect: "[On Deletion] Gain 1 memory." }),
    textCard("KX-02", { kind: "Option", name: "Double Delete", cost: 1, effect: "[Main] Delete 2 of your opponent's Digimon." }),
    textCard("KX-03", { kind: "Option", name: "Drain", cost: 1, effect: "[Main] 1 of your opponent's Digimon gets -10000 DP for the turn." }),
    textCard("KX-04", { kind: "Tamer", name: "Securitytamer", colors: ["Blue"], cost: 2, effect: "[Opponent's Turn] When a card is removed from your security stack, gain 1 memory." }),
    textCard("KX-05", { kind: "Option", name: "Security Strike", colors: ["Blue"], cost: 1, security: "[Security] Delete 1 of your opponent's Digimon." }),
    textCard("KX-06", { name: "Fortimon2", level: 5, cost: 7, dp: 7000, effect: "<Fortitude> (When this Digimon with digivolution cards is deleted, play this card without paying the cost.) [On Play] Gain 1 memory." }),
    textCard("KX-07", { kind: "Tamer", name: "Useful Tamer", cost: 2, effect: "[Your Turn] When you use an Option card, gain 1 memory." }),
  );

  it("002 §12-19-2, §12-19-4, §12-19-6: <Armor Purge> interrupts a battle deletion; it is optional; it is not offered with no digivolution cards", () => {
    const battle = fx(more, "002 §12-19-2").battle(0, ["TST-23"]).battle(1, ["TST-06", "KW-09"], { suspended: true }).script(0, ["Attack with P1 Hugemon → P2 Submarimon"]).script(1, ["Yes"]).steps(MAIN).run();
    expect(battle.battle(1).map((x) => battle.stack(x))).toEqual([["TST-06"]]);
    const no = fx(more, "002 §12-19-4").battle(0, ["TST-28"]).battle(1, ["TST-06", "KW-09"]).hand(0, "KW-28").script(0, ["Use KW-28 Delete It (1)"]).script(1, ["No"]).steps(MAIN).run();
    expect(no.battle(1)).toEqual([]);
    const alone = fx(more, "002 §12-19-6").battle(0, ["TST-28"]).battle(1, ["KW-09"]).hand(0, "KW-28").script(0, ["Use KW-28 Delete It (1)"]).steps(MAIN).run();
    expect(alone.battle(1)).toEqual([]);
  });

  it("002 §12-22-2, §12-22-4, §12-22-5, §12-22-7, §12-22-8: <Evade> against a rules deletion at 0 DP: suspended, then deleted again by the next rule check; declined, it is deleted", () => {
    const r = fx(more, "002 §12-22-5").battle(0, ["TST-28"]).battle(1, ["KW-11"]).hand(0, "KX-03").script(0, ["Use KX-03 Drain (1)"]).script(1, ["Yes"]).steps(MAIN).run();
    expect(r.battle(1)).toEqual([]); // saved once (suspended), then deleted: still 0 DP and <Evade> cannot be used suspended (§12-22-6)
    expect(r.events("evade")).toHaveLength(1);
    const no = fx(more, "002 §12-22-4").battle(0, ["TST-28"]).battle(1, ["KW-11"]).hand(0, "KW-28").script(0, ["Use KW-28 Delete It (1)"]).script(1, ["No"]).steps(MAIN).run();
    expect(no.battle(1)).toEqual([]);
  });

  it("002 §12-18-2, §12-18-4, §12-18-6, §12-18-7, §12-18-8 (001 Q&A Decoy Q5, Q8): two black Digimon deleted at once, one <Decoy> saves one; the Decoy's own [On Deletion] triggers", () => {
    const decoyOd = textCard("KX-10", { name: "Devimon", colors: ["Black"], level: 4, cost: 5, dp: 5000, effect: "<Decoy (Black)> (When one of your other black Digimon would be deleted by an opponent's effect, you may delete this Digimon to prevent that deletion). [On Deletion] Gain 2 memory." });
    const db3 = fxDb(decoyOd, ...more.all.filter((c) => /^K[WX]-/.test(c.stats.number)));
    const r = fx(db3, "002 §12-18-6").battle(0, ["TST-28"]).battle(1, ["KX-01"]).battle(1, ["KX-01"]).battle(1, ["KX-10"]).hand(0, "KX-02").script(0, ["Use KX-02 Double Delete (1)"], [0, 1]).script(1, ["Yes"], [0]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["KX-01"]]);
    expect(r.memory(0)).toBe(1); // 5 − 1 − 2 (Devimon's [On Deletion]) − 1 (the other Blackmon's)
  });

  it("002 §12-25-2, §12-25-4, §12-25-6, §12-25-7, §12-25-8: <Barrier> against a Security Digimon; optional; not with 0 security; the trashed card is \"removed from the security stack\"", () => {
    const r = fx(more, "002 §12-25-6").turn(4, 1).memory(1, 5).battle(1, ["KW-14"]).security(1, "TST-03").security(0, "TST-23").script(1, ["Attack with P2 Barriermon → P1"], ["Yes"]).steps(MAIN).run();
    expect(r.battle(1)).toHaveLength(1); // lost to the Security Digimon (13000), saved by trashing a security card
    expect(r.zone(1, "security")).toEqual([]);
    const s = fx(more, "002 §12-25-7").battle(0, ["TST-23"]).battle(1, ["KW-14"], { suspended: true }).script(0, ["Attack with P1 Hugemon → P2 Barriermon"]).steps(MAIN).run();
    expect(s.battle(1)).toEqual([]); // no security card: not offered
    const t = fx(more, "002 §12-25-8").battle(0, ["TST-23"]).battle(1, ["KW-14"], { suspended: true }).battle(1, ["KX-04"]).security(1, "TST-03").script(0, ["Attack with P1 Hugemon → P2 Barriermon"]).script(1, ["Yes"]).steps(MAIN).run();
    expect(t.memory(0)).toBe(4); // P2's Tamer: "when a card is removed from your security stack" … only in P2's opponent's turn: this is P1's turn
    const u = fx(more, "002 §12-25-4").battle(0, ["TST-23"]).battle(1, ["KW-14"], { suspended: true }).security(1, "TST-03").script(0, ["Attack with P1 Hugemon → P2 Barriermon"]).script(1, ["No"]).steps(MAIN).run();
    expect(u.battle(1)).toEqual([]);
  });

  it("002 §12-23-3, §12-23-4, §12-23-8, §12-23-10: <Raid> is optional, not offered when the target is already the highest or the opponent has no unsuspended Digimon; a <Blocker> may still block", () => {
    const none = fx(more, "002 §12-23-8").battle(0, ["KW-12"]).security(1, "TST-15").script(0, ["Attack with P1 Raidmon → P2"]).steps(MAIN).run();
    expect(none.zone(1, "trash")).toEqual(["TST-15"]);
    const declined = fx(more, "002 §12-23-4").battle(0, ["KW-12"]).battle(1, ["TST-06"]).security(1, "TST-15").script(0, ["Attack with P1 Raidmon → P2"], []).steps(MAIN).run();
    expect(declined.zone(1, "trash")).toEqual(["TST-15"]);
    const block = fx(more, "002 §12-23-10").battle(0, ["KW-12"]).battle(1, ["TST-06"]).battle(1, ["TST-07"]).security(1, "TST-15").script(0, ["Attack with P1 Raidmon → P2"], ["P2 Wallmon"]).steps(MAIN).run();
    expect(block.battle(1).map((x) => block.stack(x))).toEqual([["TST-06"]]); // switched to Wallmon (6000, the highest), then it battled
  });

  it("002 §12-24-4, §12-24-5, §12-24-7, §12-24-9: <Alliance> with no other Digimon to suspend does nothing; the added DP is read when suspended and stays", () => {
    const alone = fx(more, "002 §12-24-7").battle(0, ["KW-13"]).security(1, "TST-15", "TST-15").script(0, ["Attack with P1 Allymon → P2"]).steps(MAIN).run();
    expect(alone.zone(1, "security")).toEqual(["TST-15"]);
    const r = fx(more, "002 §12-24-4").battle(0, ["KW-13"]).battle(0, ["TST-04"]).battle(1, ["TST-25"], { suspended: true }).script(0, ["Attack with P1 Allymon → P2 Tenmon"], ["P1 Redchampion"]).steps(MAIN).run();
    expect(r.battle(1)).toEqual([]); // 7000 + 4000 beats Tenmon's 10000
  });

  it("002 §12-30-2, §12-30-3: <Collision> makes the block mandatory during the attack only", () => {
    const r = fx(more, "002 §12-30-2").battle(0, ["KW-18"]).battle(1, ["TST-06"]).security(1, "TST-15").script(0, ["Attack with P1 Collidemon → P2"]).steps(MAIN).run();
    expect(r.events("block")).toHaveLength(1);
  });

  it("002 §12-27-2, §12-27-4: <Fortitude> plays only the top card; its [On Play] triggers", () => {
    const r = fx(more, "002 §12-27-4").battle(0, ["TST-28"]).battle(1, ["TST-03", "KX-06"]).hand(0, "KW-28").script(0, ["Use KW-28 Delete It (1)"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["KX-06"]]);
    expect(r.zone(1, "trash")).toEqual(["TST-03"]);
    expect(r.memory(0)).toBe(3); // P2's [On Play] +1 on the shared gauge
  });

  it("002 §12-20-2, §12-20-6: <Save> is optional; the card goes to the very bottom of the Tamer's stack", () => {
    const no = fx(more, "002 §12-20-2").battle(0, ["TST-28"]).battle(1, ["KW-10"]).battle(1, ["TST-29"]).hand(0, "KW-28").script(0, ["Use KW-28 Delete It (1)"]).script(1, []).steps(MAIN).run();
    expect(no.zone(1, "trash")).toEqual(["KW-10"]);
    const under = fx(more, "002 §12-20-6").battle(0, ["TST-28"]).battle(1, ["KW-10"]).battle(1, ["TST-03", "TST-29"]).hand(0, "KW-28").script(0, ["Use KW-28 Delete It (1)"]).script(1, ["P2 Bluetamer"]).steps(MAIN).run();
    expect(under.battle(1).map((x) => under.stack(x))).toEqual([["KW-10", "TST-03", "TST-29"]]);
  });

  it("002 §12-21-4, §12-21-5: <Material Save> is optional; with fewer named cards it places as many as there are", () => {
    const x4 = textCard("KX-20", { name: "Shoutmon X4", level: 5, cost: 10, dp: 9000, digixros: { reduction: 2, names: ["Shoutmon", "Ballistamon"] }, effect: "<Material Save 2> (When this Digimon would be deleted, you may place 2 digivolution cards listed in the DigiXros requirements of this Digimon under one of your Tamers)." });
    const db2 = fxDb(x4, ...more.all.filter((c) => /^K[WX]-/.test(c.stats.number)));
    const r = fx(db2, "002 §12-21-5").battle(0, ["TST-28"]).battle(1, ["TST-03", "TST-20", "KX-20"]).battle(1, ["TST-29"]).hand(0, "KW-28").script(0, ["Use KW-28 Delete It (1)"]).script(1, [0]).steps(MAIN).run();
    expect(r.stack(r.perm(1, 0))).toEqual(["TST-20", "TST-29"]);
    const no = fx(db2, "002 §12-21-4").battle(0, ["TST-28"]).battle(1, ["TST-20", "KX-20"]).battle(1, ["TST-29"]).hand(0, "KW-28").script(0, ["Use KW-28 Delete It (1)"]).script(1, []).steps(MAIN).run();
    expect(no.stack(no.perm(1, 0))).toEqual(["TST-29"]);
  });

  it("002 §12-29-5, §12-29-7: <Partition> does not trigger without 1 of each specified card; it is optional", () => {
    const r = fx(more, "002 §12-29-7").battle(0, ["TST-28"]).battle(1, ["KW-30", "KW-21"]).hand(0, "KW-28").script(0, ["Use KW-28 Delete It (1)"]).steps(MAIN).run();
    expect(r.battle(1)).toEqual([]);
    const no = fx(more, "002 §12-29-5").battle(0, ["TST-28"]).battle(1, ["KW-30", "KW-31", "KW-21"]).hand(0, "KW-28").script(0, ["Use KW-28 Delete It (1)"]).script(1, ["No"]).steps(MAIN).run();
    expect(no.battle(1)).toEqual([]);
  });

  it("002 §12-14-5, §12-14-6, §12-14-8 (001 Q&A Digi-Burst Q9, Q10): a suspended Digimon may <Digi-Burst>, trashing Digi-Egg cards too, and again while it has enough cards", () => {
    const s = fx(more, "002 §12-14-8").battle(0, ["TST-01", "TST-03", "TST-04", "TST-03", "KW-05"], { suspended: true }).battle(1, ["TST-04"]).battle(1, ["TST-06"]);
    const label = mainOptions(s.g, 0).map((o) => o.label).find((l) => l.includes("Digi-Burst"))!;
    const r = s.script(0, [label], [0, 1], ["P2 Redchampion"], [label]).steps(MAIN, MAIN).run();
    expect(r.stack(r.perm(0, 0))).toEqual(["KW-05"]);
    expect(r.battle(1)).toEqual([]);
  });

  it("002 §12-17-2, §12-17-5, §12-17-7, §12-17-8 (001 Q&A Delay Q3, Q10, Q11): <Delay> is not activated from the hand, is not a use of an Option, needs no colour; an Option in the battle area meets no colour requirement", () => {
    const blue = textCard("KX-30", { kind: "Option", name: "Blue Plan Ahead", colors: ["Blue"], cost: 1, effect: "[Main] Gain 1 memory. Then, place this card in your battle area. [Main] <Delay> (Trash this card in your battle area to activate the effect below. You can't activate this effect the turn this card enters play.) ・Gain 2 memory." });
    const db2 = fxDb(blue, ...more.all.filter((c) => /^K[WX]-/.test(c.stats.number)));
    const s = fx(db2, "002 §12-17-2").battle(0, ["KX-07"]).hand(0, "KX-30");
    expect(mainOptions(s.g, 0).map((o) => o.label).some((l) => l.includes("Delay"))).toBe(false);
    const r = fx(db2, "002 §12-17-5").turn(5, 0).battle(0, ["KX-07"]).battle(0, ["KX-30"]).hand(0, "TST-16");
    P(r.g, 0).battle[1]!.enteredTurn = 3; // placed in an earlier turn
    const label = mainOptions(r.g, 0).map((o) => o.label).find((l) => l.includes("Delay"))!;
    expect(mainOptions(r.g, 0).map((o) => o.label)).not.toContain("Use TST-16 Purple Plan (2)"); // the blue Option in the battle area meets no colour
    const done = r.script(0, [label]).steps(MAIN).run();
    expect(done.memory(0)).toBe(7); // +2, and the Tamer's "when you use an Option" does not trigger
  });

  it("002 §12-6-3, §12-8-4: <Recovery> and <Draw> with an empty deck do nothing (no loss)", () => {
    const r = fx(more, "002 §12-6-3").hand(0, "KW-03").script(0, ["Play KW-03 Angemon (5)"]).steps(MAIN).run();
    expect(r.zone(0, "security")).toEqual([]);
    const d = fx(more, "002 §12-8-4").hand(0, "KW-27").script(0, ["Play KW-27 Drawmon (3)"]).steps(MAIN).run();
    expect(d.zone(0, "hand")).toEqual([]);
    expect(d.g.state.winner).toBeNull();
  });

  it("002 §12-9-2: <Jamming> does not prevent a deletion by a [Security] effect", () => {
    const jam = textCard("KX-40", { name: "Jammon2", level: 4, cost: 4, dp: 4000, effect: "<Jamming> (This Digimon can't be deleted in battles against Security Digimon)." });
    const db2 = fxDb(jam, ...more.all.filter((c) => /^K[WX]-/.test(c.stats.number)));
    const r = fx(db2, "002 §12-9-2").battle(0, ["KX-40"]).security(1, "KX-05").script(0, ["Attack with P1 Jammon2 → P2"]).steps(MAIN).run();
    expect(r.battle(0)).toEqual([]);
  });

  it("002 §12-16-4, §12-16-6, §12-16-7: <Blitz> is optional, not for a suspended Digimon, and the turn ends after its attack", () => {
    const no = fx(more, "002 §12-16-4", 2).battle(0, ["TST-03"]).security(1, "TST-15").hand(0, "KW-06").stopAfterTurn(3).script(0, ["Digivolve P1 Redrookie into KW-06 Flamedramon (3)"], ["Do not attack"]).steps({ t: "dcg.main" }).run();
    expect(no.zone(1, "security")).toEqual(["TST-15"]);
    const sus = fx(more, "002 §12-16-6", 2).battle(0, ["TST-03"], { suspended: true }).security(1, "TST-15").hand(0, "KW-06").stopAfterTurn(3).script(0, ["Digivolve P1 Redrookie into KW-06 Flamedramon (3)"]).steps({ t: "dcg.main" }).run();
    expect(sus.zone(1, "security")).toEqual(["TST-15"]);
    const r = fx(more, "002 §12-16-7", 2).battle(0, ["TST-03"]).security(1, "TST-15").hand(0, "KW-06").stopAfterTurn(3).script(0, ["Digivolve P1 Redrookie into KW-06 Flamedramon (3)"], ["Attack P2"]).steps({ t: "dcg.main" }).run();
    expect(r.zone(1, "trash")).toEqual(["TST-15"]);
    expect(r.g.state.winner).toBe("draw"); // the turn passed after the attack (the scenario stops at the turn limit)
  });

  it("002 §12-26-4, §12-26-5: <Blast Digivolve> draws the digivolution bonus; a breeding-area Digimon cannot use it", () => {
    const r = fx(more, "002 §12-26-5").battle(0, ["TST-05"]).battle(1, ["TST-05"]).breeding(1, ["TST-01", "TST-05"]).hand(1, "KW-15").deck(1, "TST-03").security(1, "TST-15").script(0, ["Attack with P1 Redultimate → P2"]).script(1, ["P2 Redultimate"]).steps(MAIN).run();
    expect(r.zone(1, "hand")).toEqual(["TST-03"]);
    expect(r.stack(r.breeding(1)!)).toEqual(["TST-01", "TST-05"]);
  });

  it("002 §12-28-3, §12-28-4: <Mind Link> is optional; the Tamer under a deleted Digimon goes to the trash with it", () => {
    const s = fx(more, "002 §12-28-3").battle(0, ["KW-17"]).battle(0, ["KW-29"]).battle(1, ["TST-28"]).hand(1, "KW-28");
    const label = mainOptions(s.g, 0).map((o) => o.label).find((l) => l.includes("Mind Link"))!;
    const r = s.script(0, [label], ["P1 Wolfmon"]).steps(MAIN).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["KW-17", "KW-29"]]);
    const t = fx(more, "002 §12-28-4").battle(0, ["KW-17"]).battle(0, ["KW-29"]);
    const l2 = mainOptions(t.g, 0).map((o) => o.label).find((l) => l.includes("Mind Link"))!;
    const declined = t.script(0, [l2], []).steps(MAIN).run();
    expect(declined.battle(0)).toHaveLength(2);
  });

  it("002 §12-10-3, §12-10-4, §12-10-6: <Digisorption> is optional, not from the breeding area, and the cost does not go below 0", () => {
    const no = fx(more, "002 §12-10-4", 5).battle(0, ["TST-04"]).hand(0, "KW-22").script(0, ["Digivolve P1 Redchampion into KW-22 Sorbmon (3)"], ["No"]).steps(MAIN).run();
    expect(no.memory(0)).toBe(2);
    const breed = fx(more, "002 §12-10-3", 5).breeding(0, ["TST-01", "TST-04"]).battle(0, ["TST-03"]).hand(0, "KW-22").script(0, ["Digivolve P1 Redchampion into KW-22 Sorbmon (3)"]).steps(MAIN).run();
    expect(breed.memory(0)).toBe(2); // not asked: the digivolving Digimon is in the breeding area
  });

  it("002 §12-1, §12-2, §12-3, §12-4-5: a keyword line with its reminder text is the keyword; its number is its value (<Security Attack +1>)", () => {
    const line = textCard("KX-50", { name: "Oldmon", level: 4, cost: 4, dp: 4000, effect: "<Security Attack +1> (This Digimon checks 1 additional security card)." });
    expect(line.effects.effect[0]!.keyword).toMatchObject({ name: "securityAttack", value: 1 });
  });
});
