/**
 * DCG scenarios of the details of the keyword effects (002 chapter 12: several instances,
 * mandatory or optional, interrupts, what a keyword targets), performed by the effect model with
 * cards compiled from DCG card text (their reminder text as printed).
 */
import { describe, expect, it } from "vitest";
import { fx, fxDb, MAIN, textCard } from "./effects-helpers.ts";
import { dpOf } from "../../../runtime/rulesets/dcg/continuous.ts";
import { mainOptions } from "../../../runtime/rulesets/dcg/main.ts";

const PIERCING = "<Piercing> (When this Digimon attacks and deletes an opponent's Digimon and survives the battle, it performs any security checks it normally would.)";
const REBOOT = "<Reboot> (Unsuspend this Digimon during your opponent's unsuspend phase.)";
const RUSH = "<Rush> (This Digimon can attack the turn it comes into play.)";
const RETALIATION = "<Retaliation> (When this Digimon is deleted after losing a battle, delete the Digimon it was battling.)";
const ARMOR_PURGE = "<Armor Purge> (When this Digimon would be deleted, you may trash the top card of this Digimon to prevent that deletion).";
const EVADE = "<Evade> (When this Digimon would be deleted, you may suspend it to prevent that deletion.)";
const BLITZ = "<Blitz> (If your opponent has 1 or more memory, this Digimon can attack).";
const BLOCKER = "<Blocker> (When an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it instead).";
const DECOY = "<Decoy (Black)> (When one of your other black Digimon would be deleted by an opponent's effect, you may delete this Digimon to prevent that deletion).";
const SAVE = "[On Deletion] <Save> (You can place this card under one of your Tamers).";
const MATERIAL_SAVE = "<Material Save 2> (When this Digimon would be deleted, you may place 2 digivolution cards listed in the DigiXros requirements of this Digimon under one of your Tamers).";
const RAID = "<Raid> (When this Digimon attacks, you may switch the target of attack to 1 of your opponent's unsuspended Digimon with the highest DP.)";
const ALLIANCE = "<Alliance> (When this Digimon attacks, by suspending 1 of your other Digimon, this Digimon adds the suspended Digimon's DP and gains <Security Attack +1> for the attack.)";
const FORTITUDE = "<Fortitude> (When this Digimon with digivolution cards is deleted, play this card without paying the cost.)";
const PARTITION = "<Partition (blue Lv.4 & green Lv.4)> (When this Digimon with 1 of each specified card in its digivolution cards would leave the battle area other than by one of your effects or in battle, you may play 1 of each card without paying their costs.)";
const SCAPEGOAT = "<Scapegoat> (When this Digimon would be deleted other than by your effects, by deleting 1 of your other Digimon, prevent that deletion.)";

const db = fxDb(
  textCard("KV-01", { name: "Drillmon", level: 5, cost: 7, dp: 7000, effect: PIERCING }),
  textCard("KV-02", { name: "Drillrookie", level: 4, cost: 4, dp: 4000, inherited: PIERCING }),
  textCard("KV-03", { name: "Spoilmon", colors: ["Blue"], level: 3, cost: 3, dp: 2000, effect: "[On Deletion] Trash all of the digivolution cards of 1 of your opponent's Digimon." }),
  textCard("KV-04", { name: "Drawmon", colors: ["Yellow"], level: 3, cost: 3, dp: 3000, effect: "[On Play] <Draw 1> (Draw 1 card from your deck)." }),
  textCard("KV-05", { name: "Bootmon", colors: ["Blue"], level: 5, cost: 7, dp: 7000, effect: REBOOT }),
  textCard("KV-06", { name: "Bootrookie", colors: ["Blue"], level: 4, cost: 4, dp: 4000, inherited: REBOOT }),
  textCard("KV-07", { kind: "Option", name: "Unwind", colors: ["Red"], cost: 0, effect: "[Main] <De-Digivolve 3> on 1 of your opponent's Digimon." }),
  textCard("KV-08", { kind: "Option", name: "Twice Unwind", colors: ["Red"], cost: 0, effect: "[Main] <De-Digivolve 1> on 1 of your opponent's Digimon. Then, <De-Digivolve 1> on 1 of your opponent's Digimon." }),
  textCard("KV-09", { name: "Spitemon", colors: ["Blue"], level: 4, cost: 4, dp: 3000, effect: RETALIATION }),
  textCard("KV-10", { name: "Spiterookie", colors: ["Blue"], level: 3, cost: 3, dp: 3000, inherited: RETALIATION }),
  textCard("KV-11", { name: "Purgemon", level: 5, cost: 7, dp: 7000, effect: ARMOR_PURGE }),
  textCard("KV-12", { name: "Purgerookie", level: 4, cost: 4, dp: 4000, inherited: ARMOR_PURGE }),
  textCard("KV-13", { name: "Burstmon", colors: ["Black"], level: 5, cost: 7, dp: 7000, effect: "[Main] <Digi-Burst 1> (Trash 1 of this Digimon's digivolution cards to activate the effect below.) ・Delete 1 of your opponent's Digimon with 4000 DP or less." }),
  textCard("KV-14", { name: "Burstrookie", colors: ["Black"], level: 4, cost: 4, dp: 4000, inherited: "[Your Turn] When this card is trashed due to activating this Digimon's <Digi-Burst> effect, 1 of your opponent's Digimon gets -1000 DP for the turn." }),
  textCard("KV-15", { name: "Rushmon", level: 3, cost: 3, dp: 3000, effect: `${RUSH} [On Play] This Digimon gains <Rush> for the turn.` }),
  textCard("KV-16", { name: "Doubleblitzmon", level: 4, cost: 4, dp: 6000, from: [[3, 3]], effect: `[When Digivolving] ${BLITZ} [When Digivolving] ${BLITZ}` }),
  textCard("KV-17", { name: "Rushblitzmon", level: 4, cost: 4, dp: 6000, effect: `${RUSH} [On Play] ${BLITZ}` }),
  textCard("KV-18", { name: "Gainblitzmon", level: 4, cost: 4, dp: 6000, from: [[3, 3]], effect: `[When Digivolving] ${BLITZ} [When Attacking] Gain 2 memory.` }),
  textCard("KV-19", { name: "Wallmon", colors: ["Blue"], level: 4, cost: 4, dp: 7000, effect: BLOCKER }),
  textCard("KV-20", { name: "Devimon", colors: ["Black"], level: 4, cost: 5, dp: 5000, effect: DECOY }),
  textCard("KV-21", { name: "Blackmon", colors: ["Black"], level: 3, cost: 3, dp: 3000 }),
  textCard("KV-22", { kind: "Option", name: "Double Delete", colors: ["Red"], cost: 1, effect: "[Main] Delete 2 of your opponent's Digimon." }),
  textCard("KV-23", { kind: "Option", name: "Delete It", colors: ["Red"], cost: 1, effect: "[Main] Delete 1 of your opponent's Digimon." }),
  textCard("KV-24", { name: "Stubborndevimon", colors: ["Black"], level: 4, cost: 5, dp: 5000, effect: `${DECOY} [All Turns] This Digimon can't be deleted.` }),
  textCard("KV-25", { name: "Elemon", colors: ["Green"], level: 5, cost: 7, dp: 7000, effect: EVADE }),
  textCard("KV-26", { name: "Elerookie", colors: ["Green"], level: 4, cost: 4, dp: 4000, inherited: EVADE }),
  textCard("KV-27", { name: "Starmon", colors: ["Yellow"], level: 4, cost: 4, dp: 4000, effect: `${SAVE} [On Deletion] Gain 2 memory.` }),
  textCard("KV-28", { name: "Shoutmon X4", level: 5, cost: 10, dp: 9000, digixros: { reduction: 2, names: ["Shoutmon", "Ballistamon"] }, effect: MATERIAL_SAVE }),
  textCard("KV-29", { name: "Raidmon", level: 5, cost: 7, dp: 7000, effect: `${RAID} [When Attacking] 1 of your opponent's Digimon gets +3000 DP for the turn.` }),
  textCard("KV-30", { name: "Raidrookie", level: 4, cost: 4, dp: 4000, inherited: RAID }),
  textCard("KV-31", { name: "Guardmon", colors: ["Blue"], level: 4, cost: 4, dp: 5000, effect: "[All Turns] This Digimon can't be attacked." }),
  textCard("KV-32", { name: "Allymon", level: 5, cost: 7, dp: 7000, effect: ALLIANCE }),
  textCard("KV-33", { name: "Allyrookie", level: 4, cost: 4, dp: 4000, inherited: ALLIANCE }),
  textCard("KV-34", { kind: "Option", name: "Strip Trap", colors: ["Blue"], cost: 1, security: "[Security] Trash all of the digivolution cards of 1 of your opponent's Digimon." }),
  textCard("KV-35", { name: "Fortimon", level: 5, cost: 7, dp: 7000, effect: FORTITUDE }),
  textCard("KV-36", { name: "Fortirookie", level: 4, cost: 4, dp: 4000, inherited: FORTITUDE }),
  textCard("KV-37", { name: "Partimon", colors: ["Blue", "Green"], level: 6, cost: 12, dp: 11000, effect: `${PARTITION} [On Deletion] Gain 3 memory.` }),
  textCard("KV-38", { name: "Blue4", colors: ["Blue"], level: 4, cost: 4, dp: 4000 }),
  textCard("KV-39", { name: "Green4", colors: ["Green"], level: 4, cost: 4, dp: 4000 }),
  textCard("KV-40", { name: "Goatmon", colors: ["Purple"], level: 5, cost: 7, dp: 7000, effect: `${SCAPEGOAT} [On Deletion] Gain 3 memory.` }),
  textCard("KV-45", { name: "Doublesorbmon", level: 5, cost: 7, dp: 8000, from: [[4, 4]], effect: "<Digisorption -2> (When one of your Digimon digivolves into this card from your hand, you may suspend 1 of your Digimon to reduce the memory cost of the digivolution by 2) <Digisorption -1> (When one of your Digimon digivolves into this card from your hand, you may suspend 1 of your Digimon to reduce the memory cost of the digivolution by 1)" }),
  textCard("KV-41", { name: "Durandamon", colors: ["Red"], level: 5, cost: 7, dp: 7000 }),
  textCard("KV-42", { name: "Brevidramon", colors: ["Blue"], level: 5, cost: 7, dp: 6000 }),
  textCard("KV-43", { name: "Blastmon", colors: ["Red", "Blue"], level: 6, cost: 13, dp: 13000, dna: [{ cost: 2, from: [{ kind: "name", name: "Durandamon" }, { kind: "name", name: "Brevidramon" }] }], effect: "[Hand] [Counter] <Blast DNA Digivolve ([Durandamon] + [Brevidramon])>" }),
  textCard("KV-44", { name: "Strictmon", colors: ["Red", "Blue"], level: 6, cost: 13, dp: 13000, dna: [{ cost: 0, from: [{ kind: "level", color: "Red", level: 6 }, { kind: "level", color: "Blue", level: 5 }] }], effect: "[Hand] [Counter] <Blast DNA Digivolve ([Durandamon] + [Brevidramon])>" }),
);

describe("002 §12-7 <Piercing>, §12-8 <Draw>, §12-11 <Reboot>, §12-15 <Rush>", () => {
  it("002 §12-7-2: two <Piercing> do not stack: one check after the battle", () => {
    const r = fx(db, "002 §12-7-2").battle(0, ["KV-02", "KV-01"]).battle(1, ["TST-03"], { suspended: true }).security(1, "TST-15", "TST-15").script(0, ["Attack with P1 Drillmon → P2 Redrookie"]).steps(MAIN).run();
    expect(r.battle(1)).toEqual([]);
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
  });

  it("002 §12-7-8: <Piercing> lost after the battle (the deleted Digimon's [On Deletion] trashes the card that gave it) still checks", () => {
    const r = fx(db, "002 §12-7-8").battle(0, ["KV-02", "TST-05"]).battle(1, ["KV-03"], { suspended: true }).security(1, "TST-15", "TST-15").script(0, ["Attack with P1 Redultimate → P2 Spoilmon"]).steps(MAIN).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["TST-05"]]);
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
  });

  it("002 §12-8-3: <Draw> is mandatory: it draws without asking", () => {
    const r = fx(db, "002 §12-8-3").hand(0, "KV-04").deck(0, "TST-05").script(0, ["Play KV-04 Drawmon (3)"]).steps(MAIN).run();
    expect(r.zone(0, "hand")).toEqual(["TST-05"]);
  });

  it("002 §12-11-2, §12-11-3: two <Reboot> do not stack; <Reboot> is mandatory: the Digimon unsuspends once, in the opponent's unsuspend phase, without a decision", () => {
    const r = fx(db, "002 §12-11-2").turn(4, 1).battle(0, ["KV-06", "KV-05"], { suspended: true }).steps({ t: "dcg.unsuspend", only: true }).run();
    expect(r.perm(0, 0).suspended).toBe(false);
    expect(r.events("unsuspend")).toHaveLength(1);
  });

  it("002 §12-15-2: two <Rush> (printed and gained) do not stack: the Digimon played this turn can attack, once per target offered", () => {
    const r = fx(db, "002 §12-15-2").hand(0, "KV-15").security(1, "TST-15").script(0, ["Play KV-15 Rushmon (3)"]).steps(MAIN).run();
    expect(mainOptions(r.g, 0).map((o) => o.label).filter((l) => l.startsWith("Attack"))).toEqual(["Attack with P1 Rushmon → P2"]);
  });
});

describe("002 §12-12 <De-Digivolve>, §12-13 <Retaliation>, §12-14 <Digi-Burst>", () => {
  it("002 §12-12-3, §12-12-4: <De-Digivolve 3> trashes one card at a time from the top, and goes on when a Tamer card comes on top", () => {
    const r = fx(db, "002 §12-12-3").battle(0, ["TST-03"]).battle(1, ["TST-03", "TST-14", "TST-04", "TST-05"]).hand(0, "KV-07").script(0, ["Use KV-07 Unwind (0)"], ["Trash 3"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["TST-03"]]);
    expect(r.zone(1, "trash")).toEqual(["TST-05", "TST-04", "TST-14"]);
  });

  it("002 §12-12-5: two <De-Digivolve 1> in one effect are each carried out", () => {
    const r = fx(db, "002 §12-12-5").battle(0, ["TST-03"]).battle(1, ["TST-03", "TST-04", "TST-05"]).hand(0, "KV-08").script(0, ["Use KV-08 Twice Unwind (0)"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["TST-03"]]);
  });

  it("002 §12-13-2: two <Retaliation> do not stack, but the second deletes again a Digimon the first did not delete (saved by <Armor Purge>)", () => {
    const r = fx(db, "002 §12-13-2").battle(0, ["KV-12", "KV-11"]).battle(1, ["KV-10", "KV-09"], { suspended: true })
      .script(0, ["Attack with P1 Purgemon → P2 Spitemon"], ["Yes"]).script(1, [0]).steps(MAIN).run();
    expect(r.battle(1)).toEqual([]);
    expect(r.battle(0)).toEqual([]); // the first <Retaliation>: <Armor Purge> saves it (Purgerookie stays); the second deletes it
    expect(r.zone(0, "trash").sort()).toEqual(["KV-11", "KV-12"]);
  });

  it("002 §12-14-7: a \"when this card is trashed by <Digi-Burst>\" effect waits until the <Digi-Burst> effect has finished", () => {
    const s = fx(db, "002 §12-14-7").battle(0, ["KV-14", "KV-13"]).battle(1, ["TST-27"]);
    const label = mainOptions(s.g, 0).map((o) => o.label).find((l) => l.includes("Digi-Burst"))!;
    const r = s.script(0, [label]).steps(MAIN).run();
    expect(r.battle(1)).toHaveLength(1); // the deletion looked for 4000 DP or less first: Blueultimate2 had 7000; then −1000
    expect(dpOf(r.g, r.perm(1, 0))).toBe(6000);
  });
});

describe("002 §12-10 <Digisorption>", () => {
  it("002 §12-10-2: two <Digisorption> do not merge; each may be activated for the same digivolution, suspending its own Digimon", () => {
    const r = fx(db, "002 §12-10-2", 1).battle(0, ["TST-04"]).battle(0, ["TST-03"]).battle(0, ["TST-06"]).hand(0, "KV-45")
      .script(0, ["Digivolve P1 Redchampion into KV-45 Doublesorbmon (4)"], ["Suspend P1 Redrookie"], ["Suspend P1 Bluerookie"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(0); // 4 − 2 − 1
    expect(r.battle(0).map((x) => x.suspended)).toEqual([false, true, true]);
  });
});

describe("002 §12-16 <Blitz>", () => {
  it("002 §12-16-1-1: two <Blitz> triggered together: the first attacks; the second comes during that attack and cannot declare one", () => {
    const r = fx(db, "002 §12-16-1-1", 2).battle(0, ["TST-03"]).security(1, "TST-15", "TST-15").hand(0, "KV-16").stopAfterTurn(3)
      .script(0, ["Digivolve P1 Redrookie into KV-16 Doubleblitzmon (3)"], [0], ["Attack P2"]).steps({ t: "dcg.main" }).run();
    expect(r.zone(1, "security")).toEqual(["TST-15"]); // one attack only
  });

  it("002 §12-16-2: <Blitz> on [On Play]: after the play cost moved the memory to the opponent, the Digimon (with <Rush>) may attack", () => {
    const r = fx(db, "002 §12-16-2", 2).security(1, "TST-15").hand(0, "KV-17").stopAfterTurn(3).script(0, ["Play KV-17 Rushblitzmon (4)"], ["Attack P2"]).steps({ t: "dcg.main" }).run();
    expect(r.zone(1, "trash")).toEqual(["TST-15"]);
  });

  it("002 §12-16-5 (001 Q&A Blitz Q12): <Blitz> ends with the declaration; the attack is a normal one: a <Blocker> may block it", () => {
    const r = fx(db, "002 §12-16-5", 2).battle(0, ["TST-03"]).battle(1, ["KV-19"]).security(1, "TST-15").hand(0, "KV-16").stopAfterTurn(3)
      .script(0, ["Digivolve P1 Redrookie into KV-16 Doubleblitzmon (3)"], [0], ["Attack P2"]).script(1, ["Block with P2 Wallmon"]).steps({ t: "dcg.main" }).run();
    expect(r.battle(0)).toEqual([]); // 6000 against Wallmon's 7000
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
  });

  it("002 §12-16-8 (001 Q&A Blitz Q11): memory back on the player's side during the <Blitz> attack does not stop it", () => {
    const r = fx(db, "002 §12-16-8", 2).battle(0, ["TST-03"]).security(1, "TST-15").hand(0, "KV-18").script(0, ["Digivolve P1 Redrookie into KV-18 Gainblitzmon (3)"], ["Attack P2"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(1); // −1 after the cost, +2 when attacking
    expect(r.zone(1, "trash")).toEqual(["TST-15"]);
  });
});

describe("002 §12-18 <Decoy>, §12-19 <Armor Purge>, §12-22 <Evade>, §12-32 <Scapegoat>", () => {
  it("002 §12-18-3 (001 Q&A Decoy Q9): two <Decoy> are separate effects: two black Digimon deleted together are each saved by one", () => {
    const r = fx(db, "002 §12-18-3").battle(0, ["TST-28"]).battle(1, ["KV-21"]).battle(1, ["KV-21"]).battle(1, ["KV-20"]).battle(1, ["KV-20"]).hand(0, "KV-22")
      .script(0, ["Use KV-22 Double Delete (1)"], [0, 1]).script(1, ["Yes"], ["Yes"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["KV-21"], ["KV-21"]]);
  });

  it("002 §12-18-9: a <Decoy> Digimon that is not deleted (it can't be deleted) prevents nothing: the other Digimon is deleted", () => {
    const r = fx(db, "002 §12-18-9").battle(0, ["TST-28"]).battle(1, ["KV-21"]).battle(1, ["KV-24"]).hand(0, "KV-23").script(0, ["Use KV-23 Delete It (1)"], ["P2 Blackmon"]).script(1, ["Yes"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["KV-24"]]);
  });

  it("002 §12-19-3, §12-22-3: two <Armor Purge>, two <Evade> do not stack: each is offered once", () => {
    const ap = fx(db, "002 §12-19-3").battle(0, ["TST-28"]).battle(1, ["TST-03", "KV-12", "KV-11"]).hand(0, "KV-23").script(0, ["Use KV-23 Delete It (1)"]).script(1, ["Yes"]).steps(MAIN).run();
    expect(ap.battle(1).map((x) => ap.stack(x))).toEqual([["TST-03", "KV-12"]]);
    const ev = fx(db, "002 §12-22-3").battle(0, ["TST-28"]).battle(1, ["KV-26", "KV-25"]).hand(0, "KV-23").script(0, ["Use KV-23 Delete It (1)"]).script(1, ["Yes"]).steps(MAIN).run();
    expect(ev.perm(1, 0).suspended).toBe(true);
  });

  it("002 §12-32-2, §12-32-3: <Scapegoat> interrupts the deletion (its Digimon's [On Deletion] does not trigger) and is optional", () => {
    const r = fx(db, "002 §12-32-2").battle(0, ["TST-28"]).battle(1, ["KV-40"]).battle(1, ["TST-06"]).hand(0, "KV-23").script(0, ["Use KV-23 Delete It (1)"], ["P2 Goatmon"]).script(1, ["P2 Bluerookie"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["KV-40"]]);
    expect(r.memory(0)).toBe(4); // no [On Deletion] of Goatmon
    const no = fx(db, "002 §12-32-3").battle(0, ["TST-28"]).battle(1, ["KV-40"]).battle(1, ["TST-06"]).hand(0, "KV-23").script(0, ["Use KV-23 Delete It (1)"], ["P2 Goatmon"]).script(1, []).steps(MAIN).run();
    expect(no.battle(1).map((x) => no.stack(x))).toEqual([["TST-06"]]);
    expect(no.memory(0)).toBe(1); // Goatmon deleted: its [On Deletion] +3 for P2
  });
});

describe("002 §12-20 <Save>, §12-21 <Material Save>", () => {
  it("002 §12-20-4: <Save> and another [On Deletion] trigger together; the other first, then <Save> — <Save> first, and the other no longer activates", () => {
    const both = fx(db, "002 §12-20-4").battle(0, ["TST-28"]).battle(1, ["KV-27"]).battle(1, ["TST-29"]).hand(0, "KV-23").script(0, ["Use KV-23 Delete It (1)"]).script(1, [1], ["P2 Bluetamer"]).steps(MAIN).run();
    expect(both.memory(0)).toBe(2); // 5 − 1 − 2
    expect(both.battle(1).map((x) => both.stack(x))).toEqual([["KV-27", "TST-29"]]);
    const saveFirst = fx(db, "002 §12-20-4 (Save first)").battle(0, ["TST-28"]).battle(1, ["KV-27"]).battle(1, ["TST-29"]).hand(0, "KV-23").script(0, ["Use KV-23 Delete It (1)"]).script(1, [0], ["P2 Bluetamer"]).steps(MAIN).run();
    expect(saveFirst.memory(0)).toBe(4);
  });

  it("002 §12-20-5, §12-21-9: with several Tamers, the player chooses which one gets the card", () => {
    const s = fx(db, "002 §12-20-5").battle(0, ["TST-28"]).battle(1, ["KV-27"]).battle(1, ["TST-29"]).battle(1, ["TST-14"]).hand(0, "KV-23").script(0, ["Use KV-23 Delete It (1)"]).script(1, [1], ["P2 Redtamer"]).steps(MAIN).run();
    expect(s.battle(1).map((x) => s.stack(x))).toEqual([["TST-29"], ["KV-27", "TST-14"]]);
    const m = fx(db, "002 §12-21-9").battle(0, ["TST-28"]).battle(1, ["TST-20", "KV-28"]).battle(1, ["TST-29"]).battle(1, ["TST-14"]).hand(0, "KV-23").script(0, ["Use KV-23 Delete It (1)"]).script(1, [0], ["P2 Redtamer"]).steps(MAIN).run();
    expect(m.battle(1).map((x) => m.stack(x))).toEqual([["TST-29"], ["TST-20", "TST-14"]]);
  });

  it("002 §12-21-6, §12-21-7, §12-21-8, §12-21-10: <Material Save>: any digivolution card the DigiXros requirements name (placed by digivolving, two copies alike) goes to the very bottom of the Tamer's stack, in the order the player chooses", () => {
    const r = fx(db, "002 §12-21-8").battle(0, ["TST-28"]).battle(1, ["TST-20", "TST-20", "KV-28"]).battle(1, ["TST-03", "TST-29"]).hand(0, "KV-23").script(0, ["Use KV-23 Delete It (1)"]).script(1, [0, 1]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["TST-20", "TST-20", "TST-03", "TST-29"]]);
    const order = fx(db, "002 §12-21-6").battle(0, ["TST-28"]).battle(1, ["TST-21", "TST-20", "KV-28"]).battle(1, ["TST-29"]).hand(0, "KV-23").script(0, ["Use KV-23 Delete It (1)"]).script(1, [1, 0]).steps(MAIN).run();
    const other = fx(db, "002 §12-21-6 (other order)").battle(0, ["TST-28"]).battle(1, ["TST-21", "TST-20", "KV-28"]).battle(1, ["TST-29"]).hand(0, "KV-23").script(0, ["Use KV-23 Delete It (1)"]).script(1, [0, 1]).steps(MAIN).run();
    expect(order.stack(order.perm(1, 0))).not.toEqual(other.stack(other.perm(1, 0)));
  });
});

describe("002 §12-23 <Raid>, §12-24 <Alliance>", () => {
  it("002 §12-23-9: after <Raid> switched the target, a Digimon that becomes the highest DP does not switch it again", () => {
    const r = fx(db, "002 §12-23-9").battle(0, ["KV-29"]).battle(1, ["TST-04"]).battle(1, ["TST-03"]).security(1, "TST-15")
      .script(0, ["Attack with P1 Raidmon → P2"], [1], ["P2 Redchampion"], ["P2 Redrookie"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["TST-03"]]); // Redchampion battled and was deleted; Redrookie (now 5000) was not attacked
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
  });

  it("002 §12-23-2: two <Raid> activate separately: the second switches again after the first", () => {
    const r = fx(db, "002 §12-23-2").battle(0, ["KV-30", "KV-29"]).battle(1, ["TST-04"]).battle(1, ["TST-03"]).security(1, "TST-15")
      .script(0, ["Attack with P1 Raidmon → P2"], [1], ["P2 Redchampion"], [0], ["P2 Redrookie"], ["P2 Redrookie"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["TST-04"]]); // Redrookie (2000 + 3000) battled and was deleted
  });

  it("002 §12-23-6, §12-23-7: with a tie for the highest DP the player chooses; <Raid> targets its own Digimon, so it may switch to one that \"can't be attacked\"", () => {
    const r = fx(db, "002 §12-23-7").battle(0, ["KV-30", "TST-05"]).battle(1, ["KV-31"]).battle(1, ["TST-18"]).battle(1, ["TST-27"]).security(1, "TST-15");
    const labels = mainOptions(r.g, 0).map((o) => o.label);
    expect(labels).not.toContain("Attack with P1 Redultimate → P2 Guardmon");
    const done = r.script(0, ["Attack with P1 Redultimate → P2"], ["P2 Blueultimate2"]).steps(MAIN).run();
    expect(done.battle(1).map((x) => done.stack(x))).toEqual([["KV-31"], ["TST-18"]]); // 7000 against 7000: both deleted
  });

  it("002 §12-24-2, §12-24-8: two <Alliance>: two of the player's other Digimon are suspended, the Digimon adds both DP and checks 2 more", () => {
    const r = fx(db, "002 §12-24-2").battle(0, ["KV-33", "KV-32"]).battle(0, ["TST-03"]).battle(0, ["TST-06"]).security(1, "TST-15", "TST-15", "TST-15", "TST-15")
      .script(0, ["Attack with P1 Allymon → P2"], [0], ["P1 Redrookie"], ["P1 Bluerookie"]).steps(MAIN).run();
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
    expect(r.battle(0).map((x) => x.suspended)).toEqual([true, true, true]);
  });

  it("002 §12-24-6: a Digimon already suspended gives <Alliance> nothing (it is not offered)", () => {
    const r = fx(db, "002 §12-24-6").battle(0, ["KV-32"]).battle(0, ["TST-04"], { suspended: true }).security(1, "TST-15", "TST-15").script(0, ["Attack with P1 Allymon → P2"]).steps(MAIN).run();
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
  });

  it("002 §12-24-10: the <Alliance> bonus stays for the attack after the Digimon loses <Alliance> (a [Security] effect trashes its digivolution cards)", () => {
    const r = fx(db, "002 §12-24-10").battle(0, ["KV-33", "TST-05"]).battle(0, ["TST-03"]).security(1, "TST-15", "KV-34")
      .script(0, ["Attack with P1 Redultimate → P2"], ["P1 Redrookie"]).steps(MAIN).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["TST-05"], ["TST-03"]]);
    expect(r.zone(1, "security")).toEqual([]); // the second check still happened
  });
});

describe("002 §12-27 <Fortitude>, §12-29 <Partition>", () => {
  it("002 §12-27-5, §12-27-6: two <Fortitude> do not stack; it is mandatory: the card is played once, without a decision", () => {
    const r = fx(db, "002 §12-27-5").battle(0, ["TST-28"]).battle(1, ["KV-36", "KV-35"]).hand(0, "KV-23").script(0, ["Use KV-23 Delete It (1)"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["KV-35"]]);
  });

  it("002 §12-29-2, §12-29-4, §12-29-6: <Partition> is an interrupt: the cards are played before the Digimon leaves (then it is deleted); the specified cards are those the icon's conditions give; more than one of each still triggers", () => {
    const r = fx(db, "002 §12-29-6").battle(0, ["TST-28"]).battle(1, ["KV-38", "KV-38", "KV-39", "KV-37"]).hand(0, "KV-23").script(0, ["Use KV-23 Delete It (1)"]).script(1, ["Yes"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x)).sort()).toEqual([["KV-38"], ["KV-39"]]);
    expect(r.zone(1, "trash")).toEqual(["KV-38", "KV-37"]); // played before the deletion; the extra Blue4 went to the trash with Partimon
    expect(r.memory(0)).toBe(1); // Partimon is still deleted: its [On Deletion] +3 for P2
  });
});

describe("002 §12-31 <Blast DNA Digivolve>", () => {
  it("002 §12-31-1, §12-31-2, §12-31-4, §12-31-6: at counter timing, the specified Digimon and the specified card revealed from the hand DNA digivolve into the card, paying the DNA cost; the left one on top", () => {
    const r = fx(db, "002 §12-31-1").battle(0, ["TST-05"]).battle(1, ["TST-04", "KV-41"]).hand(1, "KV-43", "KV-42").deck(1, "TST-03").security(1, "TST-15")
      .script(0, ["Attack with P1 Redultimate → P2"]).script(1, ["DNA digivolve P2 Durandamon + KV-42 Brevidramon (hand) into KV-43 Blastmon (2)"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["KV-42", "TST-04", "KV-41", "KV-43"]]);
    expect(r.zone(1, "hand")).toEqual(["TST-03"]); // the digivolution bonus
    expect(r.memory(0)).toBe(7); // 5 + 2 paid by P2
    expect(r.events("reveal").some((e) => e.text.includes("Brevidramon"))).toBe(true);
  });

  it("002 §12-31-3: <Blast DNA Digivolve> is optional", () => {
    const r = fx(db, "002 §12-31-3").battle(0, ["TST-05"]).battle(1, ["KV-41"]).hand(1, "KV-43", "KV-42").security(1, "TST-15")
      .script(0, ["Attack with P1 Redultimate → P2"]).script(1, ["Do not DNA digivolve"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["KV-41"]]);
    expect(r.zone(1, "hand")).toEqual(["KV-43", "KV-42"]);
  });

  it("002 §12-31-5: the card's DNA requirements are not set aside: named cards that do not meet them cannot DNA digivolve", () => {
    const r = fx(db, "002 §12-31-5").battle(0, ["TST-05"]).battle(1, ["KV-41"]).hand(1, "KV-44", "KV-42").security(1, "TST-15").script(0, ["Attack with P1 Redultimate → P2"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["KV-41"]]); // Durandamon is level 5, the requirement wants a red level 6: nothing asked
  });
});
