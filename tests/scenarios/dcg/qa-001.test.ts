/**
 * DCG scenarios of the Q&A and the worked examples of the rule manual (`001_9364978fb56838a3.txt`,
 * "001 Q&A <section> Qn", "001 DR <section>" for its Detailed Rules 1.3) that concern chapters 5–13
 * of the comprehensive rules and that no other scenario names yet. Where 001 and 002 disagree the
 * runtime follows 002 (`docs/rules-coverage-dcg.md`, "001 Q&A and worked examples").
 */
import { describe, expect, it } from "vitest";
import { fx, fxDb, MAIN, textCard } from "./effects-helpers.ts";
import { DcgScenario } from "../../../runtime/rulesets/dcg/scenario.ts";
import { DCG_EFFECTS } from "../../../runtime/rulesets/dcg/effects/host.ts";
import { checkDcgDeck, type DcgDeckList } from "../../../runtime/rulesets/dcg/deck.ts";
import { mainOptions } from "../../../runtime/rulesets/dcg/main.ts";
import { breedingChoices } from "../../../runtime/rulesets/dcg/turn.ts";
import { dpOf } from "../../../runtime/rulesets/dcg/continuous.ts";
import { HALT, type Task } from "../../../runtime/core/engine.ts";
import type { Decision } from "../../../runtime/core/decision.ts";

const PIERCING = "<Piercing> (When this Digimon attacks and deletes an opponent's Digimon and survives the battle, it performs any security checks it normally would.)";
const RUSH = "<Rush> (This Digimon can attack the turn it comes into play.)";
const BLITZ = "<Blitz> (If your opponent has 1 or more memory, this Digimon can attack).";
const DECOY = "<Decoy (Black)> (When one of your other black Digimon would be deleted by an opponent's effect, you may delete this Digimon to prevent that deletion).";
const RETALIATION = "<Retaliation> (When this Digimon is deleted after losing a battle, delete the Digimon it was battling.)";
const JAMMING = "<Jamming> (This Digimon can't be deleted in battles against Security Digimon.)";

const db = fxDb(
  textCard("QA-01", { name: "Redrookie", level: 3, cost: 3, dp: 2000, from: [[0, 2]] }),
  textCard("QA-02", { name: "Onplaymon", level: 4, cost: 4, dp: 4000, from: [[2, 3]], effect: "[On Play] Gain 2 memory." }),
  textCard("QA-03", { name: "Wdmon", level: 4, cost: 4, dp: 4000, from: [[2, 3]], effect: "[When Digivolving] Gain 1 memory." }),
  textCard("QA-04", { kind: "Option", name: "Count Fives", colors: ["Red"], cost: 0, effect: "[Main] If you have a level 5 Digimon, gain 2 memory." }),
  textCard("QA-05", { name: "Blockedmon", level: 5, cost: 7, dp: 7000, effect: "[Your Turn] When this Digimon is blocked, gain 3 memory." }),
  textCard("QA-06", { name: "Chargemon", level: 3, cost: 3, dp: 3000, effect: "[When Attacking] Gain 1 memory." }),
  textCard("QA-07", { name: "Twinstrikemon", level: 5, cost: 7, dp: 7000, effect: "[When Attacking] 1 of your opponent's Digimon gets -1000 DP for the turn." }),
  textCard("QA-08", { name: "Strikerookie", level: 4, cost: 4, dp: 4000, inherited: "[When Attacking] 1 of your opponent's Digimon gets -1000 DP for the turn." }),
  textCard("QA-09", { kind: "Option", name: "Big Delete", colors: ["Red"], cost: 4, effect: "[Main] Delete 1 of your opponent's Digimon." }),
  textCard("QA-10", { kind: "Option", name: "Windfall", colors: ["Red"], cost: 0, effect: "[Main] Gain 3 memory." }),
  textCard("QA-11", { name: "Afterdrawmon", level: 4, cost: 4, dp: 4000, from: [[2, 3]], effect: "[When Digivolving] If you have 1 or more cards in your hand, gain 2 memory." }),
  textCard("QA-12", { kind: "Option", name: "Double Suspend", colors: ["Red"], cost: 0, effect: "[Main] Suspend 2 of your opponent's Digimon." }),
  textCard("QA-13", { kind: "Option", name: "Some Suspend", colors: ["Red"], cost: 0, effect: "[Main] Suspend up to 2 of your opponent's Digimon." }),
  textCard("QA-14", { kind: "Option", name: "Agumon Hunt", colors: ["Red"], cost: 0, effect: "[Main] 1 of your opponent's Digimon with [Agumon] in its name gets -3000 DP for the turn." }),
  textCard("QA-15", { name: "ToyAgumon", colors: ["Blue"], level: 3, cost: 3, dp: 3000 }),
  textCard("QA-16", { kind: "Option", name: "Strip Trap", colors: ["Blue"], cost: 1, security: "[Security] Trash all of the digivolution cards of 1 of your opponent's Digimon." }),
  textCard("QA-17", { kind: "Option", name: "Recover", colors: ["Red"], cost: 0, effect: "[Main] <Recovery +1 (Deck)> (Place the top card of your deck on top of your security stack)." }),
  textCard("QA-18", { name: "Pierceminus", level: 5, cost: 7, dp: 7000, effect: `${PIERCING} <Security Attack -1> (This Digimon checks 1 fewer security card.)` }),
  textCard("QA-19", { kind: "Option", name: "Gift", colors: ["Blue"], cost: 1, security: "[Security] Gain 2 memory." }),
  textCard("QA-20", { name: "Jammon", level: 4, cost: 4, dp: 4000, effect: JAMMING }),
  textCard("QA-21", { kind: "Option", name: "Unwind", colors: ["Red"], cost: 0, effect: "[Main] <De-Digivolve 1> on 1 of your opponent's Digimon." }),
  textCard("QA-22", { kind: "Option", name: "Deep Unwind", colors: ["Red"], cost: 0, effect: "[Main] <De-Digivolve 2> on 1 of your opponent's Digimon." }),
  textCard("QA-23", { name: "Boostmon", colors: ["Blue"], level: 4, cost: 4, dp: 4000, effect: "[All Turns] This Digimon gets +2000 DP." }),
  textCard("QA-24", { kind: "Tamer", name: "Entrytamer", colors: ["Blue"], cost: 2, effect: "[On Play] Gain 2 memory." }),
  textCard("QA-25", { name: "Burstmon", colors: ["Red"], level: 5, cost: 7, dp: 7000, from: [[3, 4]], effect: "[When Digivolving] <Digi-Burst 1> (Trash 1 of this Digimon's digivolution cards to activate the effect below.) ・Gain 1 memory." }),
  textCard("QA-26", { name: "Rushmon", level: 4, cost: 4, dp: 4000, effect: RUSH }),
  textCard("QA-27", { kind: "Option", name: "Wake Up", colors: ["Red"], cost: 0, effect: "[Main] Unsuspend 1 of your Digimon." }),
  textCard("QA-28", { name: "Flamedramon", level: 4, cost: 4, dp: 6000, from: [[3, 3]], effect: `[When Digivolving] ${BLITZ}` }),
  textCard("QA-29", { kind: "Tamer", name: "Jailer", colors: ["Blue"], cost: 2, effect: "[Opponent's Turn] Your opponent's Digimon can't attack." }),
  textCard("QA-30", { name: "Restlessmon", level: 4, cost: 4, dp: 6000, from: [[3, 3]], effect: `[When Digivolving] ${BLITZ} [When Attacking] Unsuspend this Digimon.` }),
  textCard("QA-31", { kind: "Option", name: "Plan Ahead", colors: ["Red"], cost: 1, effect: "[Main] Place this card in your battle area. [Main] <Delay> (Trash this card in your battle area to activate the effect below. You can't activate this effect the turn this card enters play.) ・Gain 1 memory." }),
  textCard("QA-32", { name: "Devimon", colors: ["Black"], level: 4, cost: 5, dp: 5000, effect: DECOY }),
  textCard("QA-33", { name: "Blackmon", colors: ["Black"], level: 3, cost: 3, dp: 3000 }),
  textCard("QA-34", { kind: "Option", name: "Delete It", colors: ["Red"], cost: 1, effect: "[Main] Delete 1 of your opponent's Digimon." }),
  textCard("QA-35", { kind: "Option", name: "Double Delete", colors: ["Red"], cost: 1, effect: "[Main] Delete 2 of your opponent's Digimon." }),
  textCard("QA-36", { kind: "Option", name: "Drain", colors: ["Red"], cost: 1, effect: "[Main] 1 of your opponent's Digimon gets -5000 DP for the turn." }),
  textCard("QA-37", { name: "Piercemon", colors: ["Black"], level: 5, cost: 7, dp: 7000, effect: PIERCING }),
  textCard("QA-38", { name: "Spitemon", colors: ["Blue"], level: 3, cost: 3, dp: 3000, effect: RETALIATION }),
  textCard("QA-39", { kind: "Option", name: "Rally", colors: ["Red"], cost: 0, effect: "[Main] All of your Digimon get +3000 DP for the turn." }),
  textCard("QA-40", { kind: "Option", name: "Gloom", colors: ["Red"], cost: 0, effect: "[Main] All of your Digimon get -5000 DP for the turn." }),
  textCard("QA-41", { kind: "Tamer", name: "Optiontamer", colors: ["Red"], cost: 2, effect: "[Your Turn] When you use an Option card, gain 1 memory." }),
  textCard("QA-42", { kind: "Tamer", name: "Handtamer", colors: ["Purple"], cost: 2, effect: "[Opponent's Turn] When a card is added to your hand, gain 1 memory." }),
  textCard("QA-43", { kind: "Option", name: "Bounce", colors: ["Red"], cost: 0, effect: "[Main] Return 1 of your opponent's Digimon to the hand." }),
  textCard("QA-44", { name: "Familiar", colors: ["Purple"], level: "-", cost: 2, dp: 1000 }),
  textCard("QA-45", { name: "Summoner", colors: ["Purple"], level: 4, cost: 4, dp: 4000, effect: "[On Play] Play 1 [Familiar] Token without paying its memory cost." }),
  textCard("QA-46", { kind: "Option", name: "Zap", colors: ["Red"], cost: 0, effect: "[Main] Delete 1 of your opponent's Digimon with 2000 DP or less." }),
);

/** The decisions a scenario's steps ask, answered in order (the first option when `answers` runs out). */
function decisions(s: DcgScenario, steps: Task[], answers: number[][]): Decision[] {
  const g = s.g;
  g.push(...steps.map((t) => ({ ...t })), { t: HALT });
  const out: Decision[] = [];
  let k = 0;
  for (let d = g.advance(); d; d = g.advance()) {
    out.push(d);
    g.answer(answers[k++] ?? [0]);
  }
  return out;
}

/** A legal 50-card test deck with the given extra entries in place of the last. */
function deck(extra: DcgDeckList["main"] = []): DcgDeckList {
  const nums = ["TST-03", "TST-04", "TST-05", "TST-06", "TST-07", "TST-08", "TST-09", "TST-10", "TST-11", "TST-14", "TST-15"];
  return { name: "QA", main: [...nums.map((number, i) => ({ number, count: 4, line: i + 1 })), ...extra], eggs: [{ number: "TST-01", count: 4, line: 20 }, { number: "TST-02", count: 1, line: 21 }] };
}

describe("001 Q&A General Rules: Deck Creation, Breeding Phase, Draw Phase", () => {
  it("001 Q&A Deck Creation Q1, Q6 (002 §5-1-1): 4 copies each of two card numbers with the same name are legal; 45 + 5 Digi-Eggs is not 50", () => {
    const lookup = (n: string) => db.get(n)?.stats;
    expect(checkDcgDeck(deck([{ number: "TST-20", count: 2, line: 12 }, { number: "QA-01", count: 4, line: 13 }]), lookup)).toEqual([]); // TST-03 and QA-01 are both "Redrookie"
    const short = deck([{ number: "TST-20", count: 2, line: 12 }, { number: "QA-01", count: 4, line: 13 }]);
    short.main.splice(0, 1);
    expect(checkDcgDeck(short, lookup).map((e) => e.rule)).toEqual(["002 §5-1-1"]);
  });

  it("001 Q&A Draw Phase Q2: there is no maximum hand size", () => {
    const r = new DcgScenario(db, "001 Q&A Draw Phase Q2").turn(2, 1).hand(1, ...Array.from({ length: 12 }, () => "TST-03")).deck(1, "TST-04").steps({ t: "dcg.draw", only: true }).run();
    expect(r.zone(1, "hand")).toHaveLength(13);
  });

  it("001 Q&A Breeding Phase Q1, Q4, Q5 (002 §6-5-1): doing nothing is allowed when hatching is possible; an empty Digi-Egg deck does not lose; the breeding phase offers no digivolution", () => {
    const r = new DcgScenario(db, "001 Q&A Breeding Phase Q1").turn(3, 0).eggs(0, "TST-01").hand(0, "TST-04").script(0, ["Do nothing"]).steps({ t: "dcg.breeding", only: true }).run();
    expect(r.breeding(0)).toBeNull();
    const s = new DcgScenario(db, "001 Q&A Breeding Phase Q4, Q5").turn(3, 0).breeding(0, ["TST-01", "TST-03"]).hand(0, "TST-04");
    expect(breedingChoices(s.g, 0)).toEqual(["move", "nothing"]);
    const t = new DcgScenario(db, "001 Q&A Breeding Phase Q4").turn(3, 0).steps({ t: "dcg.breeding", only: true }).run();
    expect(t.g.state.winner).toBeNull();
  });

  it("001 Q&A Breeding Phase Q6, Main Q3 (002 §6-5-1-2-2): a Digimon moved out of the breeding area is not played: no [On Play]", () => {
    const r = new DcgScenario(db, "001 Q&A Breeding Phase Q6", 1, DCG_EFFECTS).turn(3, 0).memory(0, 3).breeding(0, ["TST-01", "TST-03", "QA-02"]).script(0, ["Move QA-02 Onplaymon to the battle area"]).steps({ t: "dcg.breeding", only: true }).run();
    expect(r.memory(0)).toBe(3);
  });
});

describe("001 Q&A Main Phase", () => {
  it("001 Q&A Main Q5, Q6, Q24 (002 §10-4-2, §3-4-5, §8-1-2-3): digivolving into an [On Play] card does not activate it; [When Digivolving] does not activate in the breeding area; it activates after the digivolution bonus", () => {
    const onPlay = fx(db, "001 Q&A Main Q5").battle(0, ["TST-03"]).hand(0, "QA-02").script(0, ["Digivolve P1 Redrookie into QA-02 Onplaymon (2)"]).steps(MAIN).run();
    expect(onPlay.memory(0)).toBe(3);
    const breeding = fx(db, "001 Q&A Main Q6").breeding(0, ["TST-01", "TST-03"]).hand(0, "QA-03").script(0, ["Digivolve P1 Redrookie into QA-03 Wdmon (2)"]).steps(MAIN).run();
    expect(breeding.memory(0)).toBe(3);
    const after = fx(db, "001 Q&A Main Q24").battle(0, ["TST-03"]).hand(0, "QA-11").deck(0, "TST-05").script(0, ["Digivolve P1 Redrookie into QA-11 Afterdrawmon (2)"]).steps(MAIN).run();
    expect(after.memory(0)).toBe(5); // the bonus card was in the hand when the effect read it
  });

  it("001 Q&A Main Q11 (002 §10-1-2): \"If you have a level 5 Digimon\" does not count a Digimon in the breeding area", () => {
    const r = fx(db, "001 Q&A Main Q11").breeding(0, ["TST-01", "TST-03", "TST-04", "TST-05"]).hand(0, "QA-04").script(0, ["Use QA-04 Count Fives (0)"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(5);
  });

  it("001 Q&A Main Q15, Q16 (002 §9-2-1-5, §10-4-5-1): attacking a Digimon is not being blocked; another Digimon's [When Attacking] does not activate", () => {
    const r = fx(db, "001 Q&A Main Q15").battle(0, ["QA-05"]).battle(0, ["QA-06"]).battle(1, ["TST-03"], { suspended: true }).script(0, ["Attack with P1 Blockedmon → P2 Redrookie"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(5);
    expect(r.battle(1)).toEqual([]);
  });

  it("001 Q&A Main Q17 (002 §4-6-2, §10-3-3): a [When Attacking] effect and an inherited one each activate with their own choice of target", () => {
    const r = fx(db, "001 Q&A Main Q17").battle(0, ["QA-08", "QA-07"]).battle(1, ["TST-03"]).battle(1, ["TST-06"]).security(1, "TST-15")
      .script(0, ["Attack with P1 Twinstrikemon → P2"], [0], ["P2 Redrookie"], ["P2 Bluerookie"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => dpOf(r.g, x))).toEqual([1000, 2000]);
  });

  it("001 Q&A Main Q18 (002 §6-7-1-1): an Option whose cost moves the memory to the opponent's side still activates its effect, then the turn passes", () => {
    const r = fx(db, "001 Q&A Main Q18", 2).battle(0, ["TST-03"]).battle(1, ["TST-06"]).hand(0, "QA-09").script(0, ["Use QA-09 Big Delete (4)"]).steps(MAIN).run();
    expect(r.battle(1)).toEqual([]);
    expect(r.memory(0)).toBe(-2);
  });

  it("001 Q&A Main Q22 (002 §4-1-4): memory gained beyond 10 is lost", () => {
    const r = fx(db, "001 Q&A Main Q22", 9).battle(0, ["TST-03"]).hand(0, "QA-10").script(0, ["Use QA-10 Windfall (0)"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(10);
  });

  it("001 Q&A Main Q28 (002 §6-7-2-2): +3000 and −5000 \"for the turn\" end together: the Digimon goes back to its printed DP, not through 0", () => {
    const r = new DcgScenario(db, "001 Q&A Main Q28").turn(3, 0).memory(0, 1).battle(0, ["TST-06"]).lasting(0, 0, { dp: 3000 }).lasting(0, 0, { dp: -5000 }).stopAfterTurn(3).script(0, ["Pass"]).steps({ t: "dcg.main" }).run();
    expect(r.battle(0)).toHaveLength(1);
    expect(dpOf(r.g, r.perm(0, 0))).toBe(3000);
  });

  it("001 Q&A Main Q31, Q30 (002 §10-3-4, §14-1-1): \"Suspend 2 of your opponent's Digimon\" must choose 2 of 3; \"up to 2\" may choose 1; with only 1, \"2\" suspends that one", () => {
    const two = decisions(fx(db, "001 Q&A Main Q31").battle(0, ["TST-03"]).battle(1, ["TST-03"]).battle(1, ["TST-06"]).battle(1, ["TST-04"]).hand(0, "QA-12"), [MAIN], [[0], [0, 1]]);
    expect([two[1]!.min, two[1]!.max]).toEqual([2, 2]);
    const upTo = decisions(fx(db, "001 Q&A Main Q31 (up to)").battle(0, ["TST-03"]).battle(1, ["TST-03"]).battle(1, ["TST-06"]).battle(1, ["TST-04"]).hand(0, "QA-13"), [MAIN], [[0], [0]]);
    expect([upTo[1]!.min, upTo[1]!.max]).toEqual([1, 2]);
    const one = fx(db, "001 Q&A Main Q30").battle(0, ["TST-03"]).battle(1, ["TST-06"]).hand(0, "QA-12").script(0, ["Use QA-12 Double Suspend (0)"]).steps(MAIN).run();
    expect(one.perm(1, 0).suspended).toBe(true);
  });

  it("001 Q&A Main Q32: \"with [Agumon] in its name\" includes ToyAgumon", () => {
    const r = fx(db, "001 Q&A Main Q32").battle(0, ["TST-03"]).battle(1, ["QA-15"]).hand(0, "QA-14").script(0, ["Use QA-14 Agumon Hunt (0)"]).steps(MAIN).run();
    expect(r.battle(1)).toEqual([]); // 3000 − 3000: deleted by the rules
  });
});

describe("001 Q&A keyword effects: <Security Attack>, <Blocker>, <Recovery>, <Piercing>, <Jamming>", () => {
  it("001 Q&A Security Attack Q6 (002 §12-4-4): a [Security] effect that trashes the attacker's digivolution cards takes the inherited <Security Attack +1> away at once: no further check", () => {
    const r = fx(db, "001 Q&A Security Attack Q6").battle(0, ["TST-10", "TST-05"]).security(1, "TST-15", "QA-16").script(0, ["Attack with P1 Redultimate → P2"]).steps(MAIN).run();
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
  });

  it("001 Q&A Security Attack Q7 (002 §12-4-3): <Security Attack -3> checks no card", () => {
    const r = new DcgScenario(db, "001 Q&A Security Attack Q7").turn(3, 0).battle(0, ["TST-05"]).lasting(0, 0, { keyword: "securityAttack", value: -3 }).security(1, "TST-15", "TST-15").script(0, ["Attack with P1 Redultimate → P2"]).steps(MAIN).run();
    expect(r.zone(1, "security")).toEqual(["TST-15", "TST-15"]);
  });

  it("001 Q&A Blocker Q4 (002 §9-2-1-5-1): the attacking player's own <Blocker> is never asked to block", () => {
    const r = new DcgScenario(db, "001 Q&A Blocker Q4").turn(3, 0).battle(0, ["TST-05"]).battle(0, ["TST-07"]).security(1, "TST-15").script(0, ["Attack with P1 Redultimate → P2"]).steps(MAIN).run();
    expect(r.zone(1, "trash")).toEqual(["TST-15"]);
  });

  it("001 Q&A Recovery Q1, Q2, Q5 (002 §12-6): <Recovery> adds to 5 security cards and to none; it never takes from the Digi-Egg deck", () => {
    const five = fx(db, "001 Q&A Recovery Q1").battle(0, ["TST-28"]).hand(0, "QA-17").security(0, "TST-15", "TST-15", "TST-15", "TST-15", "TST-15").deck(0, "TST-03").script(0, ["Use QA-17 Recover (0)"]);
    five.battle(0, ["TST-06"]);
    const r5 = five.steps(MAIN).run();
    expect(r5.zone(0, "security")).toHaveLength(6);
    const none = fx(db, "001 Q&A Recovery Q2, Q5").battle(0, ["TST-28"]).hand(0, "QA-17").eggs(0, "TST-01").script(0, ["Use QA-17 Recover (0)"]);
    const r0 = none.steps(MAIN).run();
    expect(r0.zone(0, "security")).toEqual([]); // an empty deck: nothing, and not from the Digi-Egg deck
    expect(r0.zone(0, "eggDeck")).toEqual(["TST-01"]);
  });

  it("001 Q&A Piercing Q5 (002 §12-7-6): <Piercing> with <Security Attack -1> checks nothing after deleting the Digimon", () => {
    const r = fx(db, "001 Q&A Piercing Q5").battle(0, ["QA-18"]).battle(1, ["TST-03"], { suspended: true }).security(1, "TST-15").script(0, ["Attack with P1 Pierceminus → P2 Redrookie"]).steps(MAIN).run();
    expect(r.battle(1)).toEqual([]);
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
  });

  it("001 Q&A Jamming Q1 (002 §12-9, §10-4-8): a card checked by a <Jamming> Digimon has its [Security] effect activated", () => {
    const r = fx(db, "001 Q&A Jamming Q1").battle(0, ["QA-20"]).security(1, "QA-19").script(0, ["Attack with P1 Jammon → P2"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(3);
  });
});

describe("001 Q&A keyword effects: <De-Digivolve>, <Digi-Burst>, <Rush>, <Blitz>", () => {
  it("001 Q&A De-Digivolve Q1 (002 §4-12-2-2-1): a level 2 card left on top is trashed by the rules, not deleted", () => {
    const r = fx(db, "001 Q&A De-Digivolve Q1").battle(0, ["TST-03"]).battle(1, ["TST-01", "TST-04"]).hand(0, "QA-21").script(0, ["Use QA-21 Unwind (0)"]).steps(MAIN).run();
    expect(r.battle(1)).toEqual([]);
    expect(r.events("delete")).toEqual([]);
  });

  it("001 Q&A De-Digivolve Q2 (002 §13-2-2, §13-2-3): a lasting effect stays after <De-Digivolve>; a continuous effect of the trashed card ends", () => {
    const r = fx(db, "001 Q&A De-Digivolve Q2").battle(0, ["TST-03"]).battle(1, ["TST-06", "QA-23"]).lasting(1, 0, { dp: 1000 }, { controller: 1 }).hand(0, "QA-21").script(0, ["Use QA-21 Unwind (0)"]).steps(MAIN).run();
    expect(dpOf(r.g, r.perm(1, 0))).toBe(4000); // Bluerookie 3000 + 1000; the +2000 of Boostmon is gone
  });

  it("001 Q&A De-Digivolve Q3, Q4, Q5 (002 §12-12): a Tamer card among the digivolution cards may be trashed but nothing under it; a Tamer on top is a Tamer, not played; of two level 5 cards the one on top becomes the Digimon", () => {
    const q3 = fx(db, "001 Q&A De-Digivolve Q3").battle(0, ["TST-03"]).battle(1, ["TST-06", "QA-24", "TST-04"]).hand(0, "QA-22").script(0, ["Use QA-22 Deep Unwind (0)"], ["Trash 2"]).steps(MAIN).run();
    expect(q3.stack(q3.perm(1, 0))).toEqual(["TST-06"]);
    const r = fx(db, "001 Q&A De-Digivolve Q3, Q4").battle(0, ["TST-03"]).battle(1, ["QA-24", "TST-04"]).hand(0, "QA-22").script(0, ["Use QA-22 Deep Unwind (0)"]).steps(MAIN).run(); // only 1 to trash: nothing under the Tamer card
    expect(r.stack(r.perm(1, 0))).toEqual(["QA-24"]);
    expect(r.memory(0)).toBe(5); // the Tamer's [On Play] does not activate
    const five = fx(db, "001 Q&A De-Digivolve Q5").battle(0, ["TST-03"]).battle(1, ["TST-05", "TST-18", "TST-23"]).hand(0, "QA-21").script(0, ["Use QA-21 Unwind (0)"]).steps(MAIN).run();
    expect(five.stack(five.perm(1, 0))).toEqual(["TST-05", "TST-18"]);
  });

  it("001 Q&A Digi-Burst Q8, Q11 (002 §12-14): a [When Digivolving] <Digi-Burst> is asked once per digivolution; the Digimon stays unsuspended", () => {
    const r = fx(db, "001 Q&A Digi-Burst Q11").battle(0, ["TST-01", "TST-03", "TST-04"]).hand(0, "QA-25").script(0, ["Digivolve P1 Redchampion into QA-25 Burstmon (3)"], ["Yes"], [0]).steps(MAIN).run();
    expect(r.stack(r.perm(0, 0))).toEqual(["TST-03", "TST-04", "QA-25"]);
    expect(r.memory(0)).toBe(3);
    expect(r.perm(0, 0).suspended).toBe(false);
  });

  it("001 Q&A Rush Q2, Q5 (002 §12-15): <Rush> gives no attack when paying moved the memory to the opponent; unsuspended by an effect after attacking, it may attack again", () => {
    const passed = fx(db, "001 Q&A Rush Q2", 2).battle(0, ["TST-03"]).hand(0, "QA-26").security(1, "TST-15").stopAfterTurn(3).script(0, ["Play QA-26 Rushmon (4)"]).steps({ t: "dcg.main" }).run();
    expect(passed.zone(1, "security")).toEqual(["TST-15"]);
    const again = fx(db, "001 Q&A Rush Q5", 9).battle(0, ["TST-03"]).hand(0, "QA-26", "QA-27").security(1, "TST-15", "TST-15").script(0, ["Play QA-26 Rushmon (4)"], ["Attack with P1 Rushmon → P2"], ["Use QA-27 Wake Up (0)"]).steps(MAIN, MAIN, MAIN).run();
    expect(mainOptions(again.g, 0).map((o) => o.label)).toContain("Attack with P1 Rushmon → P2");
  });

  it("001 Q&A Blitz Q6, Q7 (002 §12-16-6): no <Blitz> attack for a Digimon played this turn, or one an opponent's effect forbids to attack", () => {
    const played = fx(db, "001 Q&A Blitz Q6", 2).battle(0, ["TST-03"], { played: true }).hand(0, "QA-28").security(1, "TST-15").stopAfterTurn(3).script(0, ["Digivolve P1 Redrookie into QA-28 Flamedramon (3)"]).steps({ t: "dcg.main" }).run();
    expect(played.zone(1, "security")).toEqual(["TST-15"]);
    const jailed = fx(db, "001 Q&A Blitz Q7", 2).battle(0, ["TST-03"]).battle(1, ["QA-29"]).hand(0, "QA-28").security(1, "TST-15").stopAfterTurn(3).script(0, ["Digivolve P1 Redrookie into QA-28 Flamedramon (3)"]).steps({ t: "dcg.main" }).run();
    expect(jailed.zone(1, "security")).toEqual(["TST-15"]);
  });

  it("001 Q&A Blitz Q2, Q4, Q8, Q9 (002 §12-16): the <Blitz> attack suspends and is in the same turn; unsuspended by its [When Attacking], it does not attack again; declined, no later chance", () => {
    const r = fx(db, "001 Q&A Blitz Q9", 2).battle(0, ["TST-03"]).hand(0, "QA-30").security(1, "TST-15", "TST-15").stopAfterTurn(3).script(0, ["Digivolve P1 Redrookie into QA-30 Restlessmon (3)"], ["Attack P2"]).steps({ t: "dcg.main" }).run();
    expect(r.zone(1, "security")).toEqual(["TST-15"]); // one attack, then the turn passed
    const no = fx(db, "001 Q&A Blitz Q8", 2).battle(0, ["TST-03"]).hand(0, "QA-28").security(1, "TST-15").stopAfterTurn(3).script(0, ["Digivolve P1 Redrookie into QA-28 Flamedramon (3)"], ["Do not attack"]).steps({ t: "dcg.main" }).run();
    expect(no.zone(1, "security")).toEqual(["TST-15"]);
  });
});

describe("001 Q&A keyword effects: <Delay>, <Decoy>", () => {
  it("001 Q&A Delay Q5, Q7, Q8 (002 §12-17, §9-1): several <Delay> Options may be placed; an Option in the battle area cannot return to the hand nor be attacked", () => {
    const r = fx(db, "001 Q&A Delay Q5", 9).battle(0, ["TST-03"]).hand(0, "QA-31", "QA-31").script(0, ["Use QA-31 Plan Ahead (1)"], ["Use QA-31 Plan Ahead (1)"]).steps(MAIN, MAIN).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["TST-03"], ["QA-31"], ["QA-31"]]);
    const s = fx(db, "001 Q&A Delay Q8").battle(0, ["TST-05"]).battle(1, ["QA-31"], { suspended: true });
    expect(mainOptions(s.g, 0).map((o) => o.label).filter((l) => l.startsWith("Attack"))).toEqual(["Attack with P1 Redultimate → P2"]);
  });

  it("001 Q&A Decoy Q3, Q6, Q7 (002 §12-18): the saved Digimon keeps its digivolution cards; <Decoy> does nothing against a battle or a 0 DP deletion", () => {
    const saved = fx(db, "001 Q&A Decoy Q3").battle(0, ["TST-28"]).battle(1, ["QA-33", "QA-33"]).battle(1, ["QA-32"]).hand(0, "QA-34").script(0, ["Use QA-34 Delete It (1)"], ["P2 Blackmon"]).script(1, ["Yes"]).steps(MAIN).run();
    expect(saved.battle(1).map((x) => saved.stack(x))).toEqual([["QA-33", "QA-33"]]);
    const battle = fx(db, "001 Q&A Decoy Q6").battle(0, ["TST-05"]).battle(1, ["QA-33"], { suspended: true }).battle(1, ["QA-32"]).script(0, ["Attack with P1 Redultimate → P2 Blackmon"]).steps(MAIN).run();
    expect(battle.battle(1).map((x) => battle.stack(x))).toEqual([["QA-32"]]);
    const zero = fx(db, "001 Q&A Decoy Q7").battle(0, ["TST-28"]).battle(1, ["QA-33"]).battle(1, ["QA-32"]).hand(0, "QA-36").script(0, ["Use QA-36 Drain (1)"], ["P2 Blackmon"]).steps(MAIN).run();
    expect(zero.battle(1).map((x) => zero.stack(x))).toEqual([["QA-32"]]);
  });

  it("001 Q&A Decoy Q10 (002 §12-18): the <Decoy> Digimon and a black Digimon deleted together: the <Decoy> saves the other", () => {
    const r = fx(db, "001 Q&A Decoy Q10").battle(0, ["TST-28"]).battle(1, ["QA-33"]).battle(1, ["QA-32"]).hand(0, "QA-35").script(0, ["Use QA-35 Double Delete (1)"]).script(1, ["Yes"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["QA-33"]]);
  });

  it("001 Q&A Decoy Q11 (002 §12-18, §12-13-5): <Retaliation> is an effect's deletion: a <Decoy> saves the <Piercing> attacker, which then checks", () => {
    const r = fx(db, "001 Q&A Decoy Q11").battle(0, ["QA-37"]).battle(0, ["QA-32"]).battle(1, ["QA-38"], { suspended: true }).security(1, "TST-15")
      .script(0, ["Attack with P1 Piercemon → P2 Spitemon"], ["Yes"]).steps(MAIN).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["QA-37"]]);
    expect(r.zone(1, "security")).toEqual([]);
  });
});

describe("001 DR: Overlapping effects, Option card targets, Tokens", () => {
  it("001 DR \"Overlapping Previously Activated Effect\": a Digimon entering under +3000 and −5000 global effects gets −2000 at once (not deleted on the way)", () => {
    const r = fx(db, "001 DR Overlapping", 9).battle(0, ["TST-14"]).hand(0, "QA-39", "QA-40", "TST-06").script(0, ["Use QA-39 Rally (0)"], ["Use QA-40 Gloom (0)"], ["Play TST-06 Bluerookie (3)"]).steps(MAIN, MAIN, MAIN).run();
    expect(r.battle(0)).toHaveLength(2);
    expect(dpOf(r.g, r.perm(0, 1))).toBe(1000);
  });

  it("001 DR \"Option Card Targets\" (002 §6-6-2-4): an Option with nothing to target may be used; it counts as using an Option card", () => {
    const r = fx(db, "001 DR Option Card Targets").battle(0, ["QA-41"]).battle(0, ["TST-03"]).hand(0, "QA-46").script(0, ["Use QA-46 Zap (0)"]).steps(MAIN).run();
    expect(r.zone(0, "trash")).toEqual(["QA-46"]);
    expect(r.memory(0)).toBe(6);
  });

  it("001 DR \"Tokens\" (Ver.1.3), 001 p.12 \"Tokens\" (002 §4-19, §11-5-3, §11-5-4): a Token is played by an effect; returned to the hand it is removed from the game and \"when a card is added to your hand\" does not trigger", () => {
    const played = fx(db, "001 DR Tokens").hand(0, "QA-45").tokens(0, "QA-44").script(0, ["Play QA-45 Summoner (4)"]).steps(MAIN).run();
    expect(played.battle(0).map((x) => x.token)).toEqual([false, true]);
    const r = fx(db, "001 DR Tokens (returned)").battle(0, ["TST-03"]).battle(1, ["QA-42"]).battle(1, ["QA-44"], { token: true }).hand(0, "QA-43").script(0, ["Use QA-43 Bounce (0)"]).steps(MAIN).run();
    expect(r.battle(1)).toHaveLength(1);
    expect(r.zone(1, "hand")).toEqual([]);
    expect(r.zone(1, "removed")).toEqual(["QA-44"]);
    expect(r.memory(0)).toBe(5); // the Tamer's "when a card is added to your hand" did not trigger
  });
});

