/**
 * DCG scenarios of more rules of 002 chapters 9–13 played by the effect model with cards compiled
 * from DCG card text: "unaffected by effects" (§13-5) and the keyword rules that read it, the
 * timings' finer points (§10-4), one block per attack (§9-2-1-5-4), "look at" (§11-10), additive
 * effects on a Tamer (§13-2-4-3), Digimon without a level (§13-7).
 */
import { describe, expect, it } from "vitest";
import { fx, fxDb, MAIN, textCard } from "./effects-helpers.ts";
import { dpOf, levelOf } from "../../../runtime/rulesets/dcg/continuous.ts";
import { mainOptions } from "../../../runtime/rulesets/dcg/main.ts";
import { DcgScenario } from "../../../runtime/rulesets/dcg/scenario.ts";
import { DCG_EFFECTS } from "../../../runtime/rulesets/dcg/effects/host.ts";
import { P } from "../../../runtime/rulesets/dcg/model.ts";
import { checkDcgDeck, type DcgDeckList } from "../../../runtime/rulesets/dcg/deck.ts";
import { Game } from "../../../runtime/core/engine.ts";

const BLOCKER = "<Blocker> (When an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it instead).";
const COLLISION = "<Collision> (During this Digimon's attack, all of your opponent's Digimon gain <Blocker>, and your opponent blocks if possible.)";
const db = fxDb(
  textCard("UN-01", { name: "Optionproofmon", colors: ["Blue"], level: 4, cost: 4, dp: 4000, effect: "[All Turns] This Digimon isn't affected by the effects of your opponent's Option cards." }),
  textCard("UN-02", { name: "Tamerproofmon", colors: ["Blue"], level: 4, cost: 4, dp: 4000, effect: "[All Turns] While you have a Tamer in play, this Digimon isn't affected by your opponent's effects." }),
  textCard("UN-03", { name: "Aloofmon", colors: ["Blue"], level: 4, cost: 4, dp: 4000, effect: "[All Turns] This Digimon isn't affected by your opponent's effects." }),
  textCard("UN-04", { kind: "Option", name: "Delete It", colors: ["Red"], cost: 1, effect: "[Main] Delete 1 of your opponent's Digimon." }),
  textCard("UN-05", { name: "Deletemon", level: 3, cost: 3, dp: 3000, effect: "[On Play] Delete 1 of your opponent's Digimon." }),
  textCard("UN-06", { kind: "Option", name: "Weaken", colors: ["Red"], cost: 1, effect: "[Main] 1 of your opponent's Digimon gets -3000 DP for the turn." }),
  textCard("UN-07", { kind: "Option", name: "Tamer Hunt", colors: ["Red"], cost: 1, effect: "[Main] Delete 1 of your opponent's Tamers." }),
  textCard("UN-08", { kind: "Option", name: "Twice Unwind", colors: ["Red"], cost: 0, effect: "[Main] <De-Digivolve 1> on 1 of your opponent's Digimon. Then, <De-Digivolve 1> on 1 of your opponent's Digimon." }),
  textCard("UN-09", { kind: "Option", name: "Plan Ahead", colors: ["Red"], cost: 1, effect: "[Main] Place this card in your battle area. [Main] <Delay> (Trash this card in your battle area to activate the effect below. You can't activate this effect the turn this card enters play.) ・Delete 1 of your opponent's Digimon." }),
  textCard("UN-10", { name: "Collidemon", level: 5, cost: 7, dp: 9000, effect: COLLISION }),
  textCard("UN-11", { name: "Aloofattacker", level: 5, cost: 7, dp: 7000, effect: "[All Turns] This Digimon isn't affected by your opponent's effects." }),
  textCard("UN-12", { name: "Wallmon", colors: ["Blue"], level: 4, cost: 4, dp: 8000, effect: BLOCKER }),
  textCard("MR-01", { kind: "Tamer", name: "Unwinder", colors: ["Red"], cost: 2, effect: "[Your Turn] When one of your Digimon attacks, <De-Digivolve 1> on 1 of your Digimon." }),
  textCard("MR-02", { name: "Chargemon", level: 5, cost: 7, dp: 7000, effect: "[When Attacking] Gain 2 memory." }),
  textCard("MR-03", { name: "Snipemon", level: 5, cost: 7, dp: 7000, effect: "[When Attacking] Delete 1 of your opponent's suspended Digimon." }),
  textCard("MR-04", { kind: "Tamer", name: "Sleepytamer", colors: ["Red"], cost: 2, effect: "[Start of Your Turn] Lose 3 memory." }),
  textCard("MR-05", { kind: "Tamer", name: "Earlytamer", colors: ["Red"], cost: 2, effect: "[Start of Your Main Phase] Gain 1 memory." }),
  textCard("MR-06", { name: "Lastmon", level: 5, cost: 7, dp: 7000, effect: "[When Attacking] This Digimon gains \"[End of Attack] Gain 2 memory.\" for the turn." }),
  textCard("MR-07", { name: "Peekmon", colors: ["Yellow"], level: 3, cost: 3, dp: 3000, effect: "[On Play] Look at the top card of your security stack. You may add that card to your hand." }),
  textCard("MR-08", { kind: "Tamer", name: "Wardtamer", colors: ["Yellow"], cost: 2, effect: "[Your Turn] When a card is placed in your security stack, gain 1 memory." }),
  textCard("MR-09", { name: "Housemon", level: 4, cost: 4, dp: 4000, effect: "[Main] Place 1 of your other Digimon as this Digimon's bottom digivolution card." }),
  textCard("MR-10", { name: "Tamerdigimon", level: 4, cost: 4, dp: 4000, from: [[2, 3]], effect: "You may digivolve this card from your hand onto one of your red Tamers as if the Tamer is a level 3 red Digimon." }),
  textCard("MR-11", { kind: "Option", name: "Boost", colors: ["Red"], cost: 0, effect: "[Main] 1 of your Digimon or Tamers gets +3000 DP for the turn." }),
  textCard("MR-12", { kind: "Option", name: "Self Unwind", colors: ["Red"], cost: 0, effect: "[Main] <De-Digivolve 1> on 1 of your Digimon." }),
  textCard("MR-13", { kind: "Option", name: "Rally", colors: ["Red"], cost: 0, effect: "[Main] All of your level 3 Digimon get +1000 DP for the turn." }),
  textCard("MR-14", { kind: "Option", name: "Cheer", colors: ["Red"], cost: 0, effect: "[Main] 1 of your Digimon gets +1000 DP for the turn." }),
  textCard("MR-15", { kind: "Option", name: "Charge", colors: ["Red"], cost: 0, effect: "[Main] All of your Digimon gain <Rush> for the turn." }),
  textCard("MR-16", { name: "Fusemon", level: 5, cost: 7, dp: 7000, effect: "[End of Your Turn] You may DNA digivolve this Digimon and one of your other Digimon in play into a Digimon card in your hand by paying its DNA digivolve cost." }),
  textCard("MR-18", { name: "Grudgemon", level: 5, cost: 7, dp: 7000, effect: "[All Turns] When this Digimon would be deleted, by deleting 1 of your opponent's Digimon, prevent that deletion." }),
  textCard("TK-01", { name: "Familiar", colors: ["Purple"], level: "-", cost: 2, dp: 1000 }),
  textCard("TK-02", { name: "Summoner", colors: ["Purple"], level: 4, cost: 4, dp: 4000, effect: "[On Play] You may play 1 [Familiar] Token without paying its memory cost." }),
  textCard("DK-01", { name: "Searcher", colors: ["Black"], level: 3, cost: 3, dp: 3000, effect: "You can include up to 50 copies of cards with this card's card number in your deck." }),
  textCard("MR-19", { name: "Usermon", level: 4, cost: 4, dp: 4000, effect: "[On Play] Use 1 Option card with a cost of 3 or less in your hand without paying the cost. Then, delete 1 of your opponent's Digimon." }),
  textCard("MR-20", { name: "Lastwishmon", colors: ["Blue"], level: 3, cost: 3, dp: 3000, effect: "[On Deletion] Gain 1 memory." }),
  textCard("MR-17", { name: "Helpmon", level: 3, cost: 3, dp: 3000, effect: "[On Play] You may digivolve 1 of your Digimon into a Digimon card in your hand for a digivolution cost of 3." }),
);

describe("002 §13-5 \"unaffected by effects\"", () => {
  it("002 §13-5-1: a Digimon unaffected by the effects of the opponent's Option cards is not deleted by an Option, but is by a Digimon's effect", () => {
    const opt = fx(db, "002 §13-5-1").battle(0, ["TST-03"]).battle(1, ["UN-01"]).hand(0, "UN-04").script(0, ["Use UN-04 Delete It (1)"]).steps(MAIN).run();
    expect(opt.battle(1)).toHaveLength(1);
    const digi = fx(db, "002 §13-5-1 (Digimon)").battle(1, ["UN-01"]).hand(0, "UN-05").script(0, ["Play UN-05 Deletemon (3)"]).steps(MAIN).run();
    expect(digi.battle(1)).toEqual([]);
  });

  it("002 §13-5-2: it can still be chosen — the effect activates (the Option is used) — and a lasting change applies from the moment the immunity is lost", () => {
    const r = fx(db, "002 §13-5-2").battle(0, ["TST-03"]).battle(1, ["UN-02"]).battle(1, ["TST-06"]).battle(1, ["TST-29"]).hand(0, "UN-06", "UN-07")
      .script(0, ["Use UN-06 Weaken (1)"], ["P2 Tamerproofmon"]).steps(MAIN).run();
    expect(r.zone(0, "trash")).toEqual(["UN-06"]);
    expect(dpOf(r.g, r.perm(1, 0))).toBe(4000); // not affected while P2 has a Tamer
    const s = fx(db, "002 §13-5-2 (lost)").battle(0, ["TST-03"]).battle(1, ["UN-02"]).battle(1, ["TST-29"]).hand(0, "UN-06", "UN-07")
      .script(0, ["Use UN-06 Weaken (1)"], ["Use UN-07 Tamer Hunt (1)"]).steps(MAIN, MAIN).run();
    expect(dpOf(s.g, s.perm(1, 0))).toBe(1000); // the Tamer deleted: the −3000 "for the turn" applies now
  });

  it("002 §12-12-6: after each <De-Digivolve> the Digimon is read again: unaffected after the first, it loses nothing to the second", () => {
    const r = fx(db, "002 §12-12-6").battle(0, ["TST-03"]).battle(1, ["TST-03", "UN-03", "TST-05"]).hand(0, "UN-08").script(0, ["Use UN-08 Twice Unwind (0)"]).steps(MAIN).run();
    expect(r.stack(r.perm(1, 0))).toEqual(["TST-03", "UN-03"]);
  });

  it("002 §12-17-3 (001 Q&A Delay Q9): a <Delay> effect is an Option card's effect: a Digimon unaffected by Option effects is not deleted by it", () => {
    const r = fx(db, "002 §12-17-3").turn(5, 0).battle(0, ["TST-03"]).battle(0, ["UN-09"]).battle(1, ["UN-01"]);
    P(r.g, 0).battle[1]!.enteredTurn = 3; // placed in an earlier turn
    const label = mainOptions(r.g, 0).map((o) => o.label).find((l) => l.includes("Delay"))!;
    const done = r.script(0, [label]).steps(MAIN).run();
    expect(done.zone(0, "trash")).toEqual(["UN-09"]);
    expect(done.battle(1)).toHaveLength(1);
  });

  it("002 §12-5-3: <Blocker> gives its Digimon the right to block; it does not affect the attacker: an attacker unaffected by the opponent's effects is blocked", () => {
    const r = fx(db, "002 §12-5-3").battle(0, ["UN-11"]).battle(1, ["UN-12"]).security(1, "TST-15").script(0, ["Attack with P1 Aloofattacker → P2"]).script(1, ["Block with P2 Wallmon"]).steps(MAIN).run();
    expect(r.battle(0)).toEqual([]);
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
  });

  it("002 §12-30-4: <Collision>'s \"gain <Blocker>\" affects the opponent's Digimon: one unaffected by the attacker's effects gains nothing; the opponent must block with another", () => {
    const r = fx(db, "002 §12-30-4").battle(0, ["UN-10"]).battle(1, ["UN-03"]).battle(1, ["TST-06"]).security(1, "TST-15").script(0, ["Attack with P1 Collidemon → P2"]).steps(MAIN).run();
    expect(r.battle(1).map((x) => r.stack(x))).toEqual([["UN-03"]]); // Bluerookie had to block (the only <Blocker>) and was deleted
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
    const alone = fx(db, "002 §12-30-4 (alone)").battle(0, ["UN-10"]).battle(1, ["UN-03"]).security(1, "TST-15").script(0, ["Attack with P1 Collidemon → P2"]).steps(MAIN).run();
    expect(alone.zone(1, "security")).toEqual([]); // no block: the security card was checked
  });
});

describe("002 §9-2-1-5-4, §10-4: blocks and timings", () => {
  it("002 §9-2-1-5-4 (001 Q&A Blocker Q5): only one block per attack: after a block, the second <Blocker> is not asked", () => {
    const r = fx(db, "002 §9-2-1-5-4").battle(0, ["TST-03"]).battle(1, ["TST-07"]).battle(1, ["TST-07"]).security(1, "TST-15").script(0, ["Attack with P1 Redrookie → P2"]).script(1, ["Block with P2 Wallmon"]).steps(MAIN).run();
    expect(r.events("block")).toHaveLength(1);
    expect(r.battle(1).filter((x) => x.suspended)).toHaveLength(1);
  });

  it("002 §10-4-5-3: a pending [When Attacking] effect whose card left the top of the Digimon (<De-Digivolve>) does not activate", () => {
    const r = fx(db, "002 §10-4-5-3").battle(0, ["TST-04", "MR-02"]).battle(0, ["MR-01"]).security(1, "TST-15").script(0, ["Attack with P1 Chargemon → P2"], [1]).steps(MAIN).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["TST-04"], ["MR-01"]]);
    expect(r.memory(0)).toBe(5); // no +2: its [When Attacking] card was trashed first
  });

  it("002 §10-4-5-5: the attacked Digimon deleted by a [When Attacking] effect, then the target changed by a block: there is a battle", () => {
    const r = fx(db, "002 §10-4-5-5").battle(0, ["MR-03"]).battle(1, ["TST-06"], { suspended: true }).battle(1, ["TST-07"]).security(1, "TST-15").script(0, ["Attack with P1 Snipemon → P2 Bluerookie"]).script(1, ["Block with P2 Wallmon"]).steps(MAIN).run();
    expect(r.battle(1)).toEqual([]); // Bluerookie deleted by the effect, Wallmon (6000) in the battle against 7000
    expect(r.events("battle")).toHaveLength(1);
  });

  it("002 §10-4-11-2: a turn that ends before its main phase (memory lost at the start of turn) triggers no [Start of Your Main Phase]", () => {
    const r = fx(db, "002 §10-4-11-2", 1).battle(0, ["MR-04"]).battle(0, ["MR-05"]).deck(0, "TST-03").stopAfterTurn(3).steps({ t: "dcg.turn" }).run();
    expect(r.memory(0)).toBe(-2);
    expect(r.zone(0, "hand")).toEqual([]); // not even the draw phase
  });

  it("002 §10-4-13-3: a Digimon that gains an [End of Attack] effect during its attack activates it at this end of attack", () => {
    const r = fx(db, "002 §10-4-13-3", 3).battle(0, ["MR-06"]).security(1, "TST-15").script(0, ["Attack with P1 Lastmon → P2"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(5);
  });
});

describe("002 §11-10 look at, §13-2-4-3 additive effects, §13-7 Digimon without a level", () => {
  it("002 §11-10-1, §11-10-1-1: a security card looked at stays in its place: put back, it is not \"placed in the security stack\"", () => {
    const r = fx(db, "002 §11-10-1-1").battle(0, ["MR-08"]).security(0, "TST-03", "TST-04").hand(0, "MR-07").script(0, ["Play MR-07 Peekmon (3)"], ["No"]).steps(MAIN).run();
    expect(r.zone(0, "security")).toEqual(["TST-03", "TST-04"]);
    expect(r.memory(0)).toBe(2); // the Tamer's "when a card is placed in your security stack" did not trigger
    expect(r.events("reveal").some((e) => e.player === 0)).toBe(true);
  });

  it("002 §13-2-4-3: +3000 DP given to a Tamer gives it no DP, and applies once it is a Digimon (digivolved into)", () => {
    const r = fx(db, "002 §13-2-4-3", 5).battle(0, ["TST-14"]).hand(0, "MR-11", "MR-10").script(0, ["Use MR-11 Boost (0)"]).steps(MAIN).run();
    expect(dpOf(r.g, r.perm(0, 0))).toBeNull();
    const label = mainOptions(r.g, 0).map((o) => o.label).find((l) => l.startsWith("Digivolve P1 Redtamer into MR-10"))!;
    const s = fx(db, "002 §13-2-4-3 (digivolved)", 5).battle(0, ["TST-14"]).hand(0, "MR-11", "MR-10").script(0, ["Use MR-11 Boost (0)"], [label]).steps(MAIN, MAIN).run();
    expect(dpOf(s.g, s.perm(0, 0))).toBe(7000);
  });

  it("002 §13-7-6: a Digimon without a level in the breeding area, with DP, may move to the battle area", () => {
    const r = new DcgScenario(db, "002 §13-7-6", 1, DCG_EFFECTS).turn(3, 0).breeding(0, ["TST-01", "TST-22"]).script(0, ["Move TST-22 Nolevelmon to the battle area"]).steps({ t: "dcg.breeding", only: true }).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["TST-01", "TST-22"]]);
  });

  it("002 §13-7-7: a Digimon without a level can be placed under another Digimon by an effect", () => {
    const s = fx(db, "002 §13-7-7").battle(0, ["MR-09"]).battle(0, ["TST-22"]);
    const label = mainOptions(s.g, 0).map((o) => o.label).find((l) => l.startsWith("Activate"))!;
    const r = s.script(0, [label]).steps(MAIN).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["TST-22", "MR-09"]]);
  });
});

describe("001 DR \"Global Effects\": lasting effects on all of a player's Digimon", () => {
  it("001 DR \"Global Effects\", 002 §8-1-2-7: \"All of your level 3 Digimon get +1000 DP for the turn\" applies to a Digimon played later, and not to one that digivolved out of the condition; \"1 of your Digimon\" stays on the one chosen", () => {
    const r = fx(db, "001 DR Global Effects", 9).battle(0, ["TST-03"]).hand(0, "MR-13", "TST-06", "TST-04").script(0, ["Use MR-13 Rally (0)"], ["Play TST-06 Bluerookie (3)"], ["Digivolve P1 Redrookie into TST-04 Redchampion (2)"]).steps(MAIN, MAIN, MAIN).run();
    expect(r.battle(0).map((x) => dpOf(r.g, x))).toEqual([4000, 4000]); // Redchampion (level 4: no bonus), Bluerookie 3000 + 1000
    const one = fx(db, "001 DR Global Effects (targeted)", 9).battle(0, ["TST-03"]).hand(0, "MR-14", "TST-06").script(0, ["Use MR-14 Cheer (0)"], ["Play TST-06 Bluerookie (3)"]).steps(MAIN, MAIN).run();
    expect(one.battle(0).map((x) => dpOf(one.g, x))).toEqual([3000, 3000]);
  });

  it("001 DR \"Global Effects\" (001 Q&A Rush Q1): \"All of your Digimon gain <Rush> for the turn\": a Digimon played afterwards can attack", () => {
    const r = fx(db, "001 DR Global Effects (Rush)", 9).battle(0, ["TST-03"], { played: true }).hand(0, "MR-15", "TST-06").security(1, "TST-15").script(0, ["Use MR-15 Charge (0)"], ["Play TST-06 Bluerookie (3)"]).steps(MAIN, MAIN).run();
    expect(mainOptions(r.g, 0).map((o) => o.label)).toContain("Attack with P1 Bluerookie → P2");
  });
});

describe("002 §8-2-8 DNA digivolution by an effect", () => {
  it("002 §8-2-8, §8-2-10-3: an effect that DNA digivolves: this Digimon and another of yours into a card in the hand, the requirement's left one on top", () => {
    const r = fx(db, "002 §8-2-8", 1).battle(0, ["MR-16"]).battle(0, ["TST-04", "TST-18"]).hand(0, "TST-17").deck(0, "TST-03").stopAfterTurn(3)
      .script(0, ["Pass"], ["DNA digivolve P1 Fusemon + P1 Blueultimate into TST-17 Twinmon"]).steps({ t: "dcg.main" }).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["TST-04", "TST-18", "MR-16", "TST-17"]]);
  });

  it("002 §8-2-8: an effect that digivolves (not \"DNA digivolve\") cannot perform a DNA digivolution", () => {
    const r = fx(db, "002 §8-2-8 (digivolve)", 5).battle(0, ["TST-05"]).battle(0, ["TST-18"]).hand(0, "MR-17", "TST-17").script(0, ["Play MR-17 Helpmon (3)"]).steps(MAIN).run();
    expect(r.zone(0, "hand")).toEqual(["TST-17"]);
    expect(r.battle(0)).toHaveLength(3);
  });
});

describe("002 §13-3-1-2-3 \"would\" effects within the effects derived from one activation", () => {
  it("002 §13-3-1-2-3 (001 DR \"When <something> would\" Ver.1.3): two \"when this Digimon would be deleted, by deleting 1 of your opponent's Digimon, prevent that deletion\": the first does not trigger again, its Digimon is deleted", () => {
    const r = fx(db, "002 §13-3-1-2-3").battle(0, ["MR-18"]).battle(1, ["MR-18"]).hand(0, "UN-04").script(0, ["Use UN-04 Delete It (1)"], ["P2 Grudgemon"]).script(1, ["P1 Grudgemon"]).steps(MAIN).run();
    expect(r.battle(1)).toEqual([]); // P2's Grudgemon: its effect tried to delete P1's, which prevented that by deleting P2's again
    expect(r.battle(0)).toHaveLength(1);
  });
});

describe("002 §13-7-3 Tokens", () => {
  it("002 §13-7-3: a Token played as a Digimon by an effect that names no level is a Digimon without a level (made from the Token card prepared: 002 §5-1-1)", () => {
    const r = fx(db, "002 §13-7-3").hand(0, "TK-02", "TST-04").tokens(0, "TK-01").script(0, ["Play TK-02 Summoner (4)"], ["Yes"]).steps(MAIN).run();
    expect(r.battle(0).map((x) => [r.stack(x), x.token])).toEqual([[["TK-02"], false], [["TK-01"], true]]);
    expect(levelOf(r.g, r.perm(0, 1))).toBe("-");
    expect(mainOptions(r.g, 0).map((o) => o.label).filter((l) => l.includes("Familiar"))).toEqual([]); // no digivolution from it (002 §13-7-5)
  });
});

describe("002 §5-1-1-3 deck-construction effects, §5-1-2 banned and restricted cards", () => {
  const lookup = (n: string) => db.get(n)?.stats;
  const rules = { card: (n: string) => db.get(n) };
  const list = (main: [string, number][]): DcgDeckList => ({ name: "D", main: main.map(([number, count], i) => ({ number, count, line: i + 1 })), eggs: [] });

  it("002 §5-1-1-3: \"You can include up to 50 copies of cards with this card's card number in your deck\" changes the limit of 4 for that card only", () => {
    expect(checkDcgDeck(list([["DK-01", 50]]), lookup, rules)).toEqual([]);
    expect(checkDcgDeck(list([["DK-01", 50]]), lookup).map((e) => e.rule)).toEqual(["002 §5-1-1"]); // without reading the card's effect
    expect(checkDcgDeck(list([["DK-01", 44], ["TST-03", 6]]), lookup, rules).map((e) => e.rule)).toEqual(["002 §5-1-1"]);
  });

  it("002 §5-1-1-3-1: the deck-construction effect is in force when the deck is prepared: a game starts from 50 copies", () => {
    const seat = { name: "Searchers", main: Array.from({ length: 50 }, () => "DK-01"), eggs: [] };
    const g = new Game(DCG_EFFECTS, db, { seats: [seat, { ...seat, name: "Searchers 2" }] }, 1);
    expect(g.advance()?.kind).toBe("mulligan"); // the deck was accepted (a refused deck throws when the game starts: 002 §5-2-1-1)
    expect(() => new Game(DCG_EFFECTS, db, { seats: [{ ...seat, main: Array.from({ length: 50 }, () => "TST-03") }, seat] }, 1)).toThrow(/50 copies of TST-03/);
  });

  it("002 §5-1-2-1: a banned card may not be in the deck; a restricted one only as many times as allowed", () => {
    const legal = list([["TST-03", 4], ["TST-04", 4], ["TST-05", 4], ["TST-06", 4], ["TST-07", 4], ["TST-08", 4], ["TST-09", 4], ["TST-10", 4], ["TST-11", 4], ["TST-14", 4], ["TST-15", 4], ["TST-20", 4], ["TST-21", 2]]);
    expect(checkDcgDeck(legal, lookup, { banned: ["TST-21"] }).map((e) => [e.rule, e.card])).toEqual([["002 §5-1-2-1", "TST-21 Ballistamon"]]);
    expect(checkDcgDeck(legal, lookup, { restricted: { "TST-20": 1 } }).map((e) => [e.rule, e.message])).toEqual([["002 §5-1-2-1", "4 copies of TST-20 Shoutmon; at most 1 cards with the same card number (a restricted card)"]]);
  });
});

describe("002 §13-6-3 effects activating other cards' effects", () => {
  it("002 §13-6-3, §11-8-4: what the Option used within an effect triggers and what the effect's own next part triggers are one batch: the opponent orders both [On Deletion]", () => {
    const r = fx(db, "002 §13-6-3", 9).hand(0, "MR-19", "UN-04").battle(1, ["MR-20"]).battle(1, ["MR-20"])
      .script(0, ["Play MR-19 Usermon (4)"], [0]).script(1, [1]).steps(MAIN).run();
    expect(r.battle(1)).toEqual([]);
    expect(r.memory(0)).toBe(3); // 9 − 4, then P2 gains 1 twice
  });
});
