/**
 * DCG scenarios: main-phase actions (002 §6-6-2, chapters 7 and 8) — playing Digimon and
 * Tamers, using Options (§4-20 colour requirement), digivolving (costs, the digivolution
 * bonus, suspended state), DNA digivolution (§8-2) and DigiXros (§7-2-6). Each action is one
 * main-phase decision (`{ t: "dcg.main", only: true }`: the action, then its settle).
 */
import { describe, expect, it } from "vitest";
import { mainOptions } from "../../../runtime/rulesets/dcg/main.ts";
import { DcgScenario } from "../../../runtime/rulesets/dcg/scenario.ts";
import { tstDb } from "./helpers.ts";

const db = tstDb();
const MAIN = { t: "dcg.main", only: true };

/** The main-phase option labels offered to the turn player of a scenario now (MPS-2). */
function offered(s: DcgScenario): string[] {
  return mainOptions(s.g, s.g.state.turnPlayer).map((o) => o.label);
}

describe("002 chapter 7: playing", () => {
  it("002 §7-1, §7-2-1, §7-2-2-1..3, §6-6-2-1-1 (001 p.9 A): playing a Digimon pays its play cost; it enters the battle area unsuspended as a new Digimon (§4-9-4)", () => {
    const r = new DcgScenario(db, "002 §7-2-2").turn(3, 0).memory(0, 3).hand(0, "TST-04").script(0, ["Play TST-04 Redchampion (5)"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(-2);
    const perm = r.perm(0, 0);
    expect(r.stack(perm)).toEqual(["TST-04"]);
    expect(perm.suspended).toBe(false);
    expect(perm.playedTurn).toBe(3);
    expect(r.zone(0, "hand")).toEqual([]);
  });

  it("002 §7-2-4 (001 Q&A Main Q2): a Digimon played this turn cannot attack", () => {
    const s = new DcgScenario(db, "002 §7-2-4").turn(3, 0).memory(0, 5).battle(0, ["TST-03"], { played: true });
    expect(offered(s)).toEqual(["Pass"]);
  });

  it("002 §12-15-1: a Digimon with <Rush> can attack the turn it is played", () => {
    const r = new DcgScenario(db, "002 §12-15-1")
      .turn(3, 0)
      .memory(0, 5)
      .hand(0, "TST-08")
      .security(1, "TST-15")
      .script(0, ["Play TST-08 Dashmon (4)"], ["Attack with P1 Dashmon → P2"])
      .steps(MAIN, MAIN)
      .run();
    expect(r.perm(0, 0).suspended).toBe(true);
    expect(r.zone(1, "security")).toEqual([]);
  });

  it("002 §12-15-3: a Digimon played this turn that gains <Rush> (a lasting effect) can attack", () => {
    const s = new DcgScenario(db, "002 §12-15-3").turn(3, 0).memory(0, 5).battle(0, ["TST-03"], { played: true }).lasting(0, 0, { keyword: "rush" });
    expect(offered(s)).toEqual(["Attack with P1 Redrookie → P2", "Pass"]);
  });

  it("002 §7-3-1, §7-3-2-1..3, §6-6-2-3-1 (001 p.9 C): playing a Tamer pays its cost; it enters unsuspended and cannot attack (it is not a Digimon)", () => {
    const r = new DcgScenario(db, "002 §7-3-2").turn(3, 0).memory(0, 5).hand(0, "TST-14").script(0, ["Play TST-14 Redtamer (2)"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(3);
    expect(r.stack(r.perm(0, 0))).toEqual(["TST-14"]);
    const s = new DcgScenario(db, "002 §9-1 (Tamer)").turn(3, 0).memory(0, 5).battle(0, ["TST-14"]);
    expect(offered(s)).toEqual(["Pass"]);
  });

  it("002 §6-6-2-4-3-1, §4-20-2: an Option card is not offered without a Digimon or Tamer of its colour in the battle or breeding area", () => {
    const none = new DcgScenario(db, "002 §4-20-2 (none)").turn(3, 0).memory(0, 5).hand(0, "TST-15").battle(0, ["TST-06"], { suspended: true });
    expect(offered(none)).toEqual(["Pass"]);
    const breeding = new DcgScenario(db, "002 §4-20-2 (breeding area)").turn(3, 0).memory(0, 5).hand(0, "TST-15").breeding(0, ["TST-01"]);
    expect(offered(breeding)).toEqual(["Use TST-15 Red Plan (1)", "Pass"]);
  });

  it("002 §6-6-2-4-1, §6-6-2-4-2, §6-6-2-4-3-2..4, §6-6-2-4-4, §2-3-6-2 (001 p.9 D): using an Option pays its cost and trashes it after its effect", () => {
    const r = new DcgScenario(db, "002 §6-6-2-4").turn(3, 0).memory(0, 5).hand(0, "TST-15").battle(0, ["TST-03"], { suspended: true }).script(0, ["Use TST-15 Red Plan (1)"]).steps(MAIN).run();
    expect(r.memory(0)).toBe(4);
    expect(r.zone(0, "trash")).toEqual(["TST-15"]);
    expect(r.zone(0, "limbo")).toEqual([]);
  });

  it("002 §4-20-3, §4-20-4: a red/blue Option needs both colours: a red Digimon alone does not meet it, a red and a blue one do", () => {
    const red = new DcgScenario(db, "002 §4-20-3 (red only)").turn(3, 0).memory(0, 5).hand(0, "TST-16").battle(0, ["TST-03"], { suspended: true });
    expect(offered(red)).toEqual(["Pass"]);
    const both = new DcgScenario(db, "002 §4-20-3 (red and blue)").turn(3, 0).memory(0, 5).hand(0, "TST-16").battle(0, ["TST-03"], { suspended: true }).battle(0, ["TST-06"], { suspended: true });
    expect(offered(both)).toEqual(["Use TST-16 Purple Plan (2)", "Pass"]);
  });

  it("002 §4-20-4, §2-4-1-3: one red/blue Digimon meets both colours of a red/blue Option", () => {
    const one = new DcgScenario(db, "002 §4-20-4").turn(3, 0).memory(0, 5).hand(0, "TST-16").battle(0, ["TST-28"], { suspended: true });
    expect(offered(one)).toEqual(["Use TST-16 Purple Plan (2)", "Pass"]);
  });

  it("002 §2-1-1: copies of one card number in the hand are offered once", () => {
    const s = new DcgScenario(db, "002 §2-1-1").turn(3, 0).memory(0, 5).hand(0, "TST-03", "TST-03", "TST-03");
    expect(offered(s)).toEqual(["Play TST-03 Redrookie (3)", "Pass"]);
  });
});

describe("002 §7-2-6: DigiXros", () => {
  it("002 §7-2-6-1..3, §7-2-6-12, §7-2-6-15-1..7: materials from the hand and the battle area go under the card, the leftmost requirement on top; the cost drops by 2 per card; a battle-area material's digivolution cards are trashed, not deleted", () => {
    const r = new DcgScenario(db, "002 §7-2-6-15")
      .turn(3, 0)
      .memory(0, 3)
      .hand(0, "TST-19", "TST-20")
      .battle(0, ["TST-01", "TST-21"], { suspended: true })
      .script(0, ["Play TST-19 Shoutmon X2 (6)"], ["TST-20 Shoutmon from the hand"], ["P1 Ballistamon from the battle area"])
      .steps(MAIN)
      .run();
    const perm = r.perm(0, 0);
    expect(r.battle(0)).toHaveLength(1);
    expect(r.stack(perm)).toEqual(["TST-21", "TST-20", "TST-19"]); // Ballistamon (right) at the bottom, Shoutmon (left) above it
    expect(r.memory(0)).toBe(1); // 6 − 2 × 2 = 2 paid from 3
    expect(r.zone(0, "trash")).toEqual(["TST-01"]); // Ballistamon's digivolution card
    expect(r.events("delete")).toEqual([]);
    expect(perm.suspended).toBe(false);
  });

  it("002 §7-2-6-5, §7-2-6-11: DigiXros is optional; placing none plays the card for its full cost", () => {
    const r = new DcgScenario(db, "002 §7-2-6-5").turn(3, 0).memory(0, 6).hand(0, "TST-19", "TST-20").script(0, ["Play TST-19 Shoutmon X2 (6)"], ["None"]).steps(MAIN).run();
    expect(r.stack(r.perm(0, 0))).toEqual(["TST-19"]);
    expect(r.memory(0)).toBe(0);
    expect(r.zone(0, "hand")).toEqual(["TST-20"]);
  });

  it("002 §7-2-6-13, PLY-1: a card payable only with DigiXros is offered; the reduction never takes the cost below 0", () => {
    const s = new DcgScenario(db, "002 §7-2-6-13").turn(3, 0).memory(0, -7).hand(0, "TST-19", "TST-20", "TST-21");
    expect(offered(s)).toContain("Play TST-19 Shoutmon X2 (6)"); // 6 − 4 = 2: from −7 to −9
  });
});

describe("002 chapter 8: digivolution", () => {
  it("002 §8-1-1, §8-1-2-1..4, §6-6-2-2-1 (001 p.9 B): digivolving pays the digivolve cost, stacks the card on top and draws 1; it is the same Digimon", () => {
    const r = new DcgScenario(db, "002 §8-1-2")
      .turn(3, 0)
      .memory(0, 3)
      .battle(0, ["TST-03"])
      .hand(0, "TST-04")
      .deck(0, "TST-06")
      .script(0, ["Digivolve P1 Redrookie into TST-04 Redchampion (2)"])
      .steps(MAIN)
      .run();
    const perm = r.perm(0, 0);
    expect(r.stack(perm)).toEqual(["TST-03", "TST-04"]);
    expect(r.memory(0)).toBe(1);
    expect(r.zone(0, "hand")).toEqual(["TST-06"]); // the digivolution bonus (§8-1-2-3)
    expect(perm.id).toBe(1); // the same object (§8-1-2-7)
  });

  it("002 §8-1-2-6 (001 Q&A Main Q4): a suspended Digimon that digivolves stays suspended", () => {
    const r = new DcgScenario(db, "002 §8-1-2-6").turn(3, 0).memory(0, 3).battle(0, ["TST-03"], { suspended: true }).hand(0, "TST-04").deck(0, "TST-06").script(0, ["Digivolve P1 Redrookie into TST-04 Redchampion (2)"]).steps(MAIN).run();
    expect(r.perm(0, 0).suspended).toBe(true);
  });

  it("002 §7-2-4 (001 Q&A Main Q2): digivolving a Digimon played this turn does not let it attack", () => {
    const s = new DcgScenario(db, "001 Q&A Main Q2").turn(3, 0).memory(0, 5).battle(0, ["TST-03", "TST-04"], { played: true });
    expect(offered(s)).toEqual(["Pass"]);
  });

  it("002 §2-13-1, §8-1-2-1: a card is offered only for a Digimon of the requirement's level and one of its colours", () => {
    const s = new DcgScenario(db, "002 §2-13-1")
      .turn(3, 0)
      .memory(0, 5)
      .battle(0, ["TST-06"], { suspended: true }) // blue level 3: wrong colour for Redchampion
      .battle(0, ["TST-04"], { suspended: true }) // red level 4: wrong level
      .battle(0, ["TST-03"], { suspended: true }) // red level 3: fits
      .hand(0, "TST-04");
    expect(offered(s)).toEqual(["Play TST-04 Redchampion (5)", "Digivolve P1 Redrookie into TST-04 Redchampion (2)", "Pass"]);
  });

  it("002 §13-7-5, §4-19: a Digimon without a level cannot digivolve by a requirement naming a level", () => {
    const s = new DcgScenario(db, "002 §13-7-5").turn(3, 0).memory(0, 5).battle(0, ["TST-22"], { suspended: true }).hand(0, "TST-04");
    expect(offered(s)).toEqual(["Play TST-04 Redchampion (5)", "Pass"]);
  });

  it("002 §3-4-1, §8-1-2-3 (001 Q&A Main Q6): a Digimon in the breeding area digivolves there and its player draws the bonus", () => {
    const r = new DcgScenario(db, "002 §3-4-1").turn(3, 0).memory(0, 3).breeding(0, ["TST-01"]).hand(0, "TST-03").deck(0, "TST-06").script(0, ["Digivolve P1 Redegg into TST-03 Redrookie (0)"]).steps(MAIN).run();
    expect(r.stack(r.breeding(0)!)).toEqual(["TST-01", "TST-03"]);
    expect(r.zone(0, "hand")).toEqual(["TST-06"]);
    expect(r.memory(0)).toBe(3);
  });

  it("002 §12-8-5, §8-1-2-3: the digivolution bonus from an empty deck draws nothing and does not lose", () => {
    const r = new DcgScenario(db, "002 §12-8-5").turn(3, 0).memory(0, 3).battle(0, ["TST-03"]).hand(0, "TST-04").script(0, ["Digivolve P1 Redrookie into TST-04 Redchampion (2)"]).steps(MAIN).run();
    expect(r.g.state.winner).toBeNull();
    expect(r.zone(0, "hand")).toEqual([]);
  });

  it("002 §8-2-1, §8-2-6, §8-2-7, §8-2-10-1..3 (001 p.16–17): DNA digivolution stacks the two Digimon (the left requirement on top, each keeping its cards), pays the DNA cost, draws 1; the new Digimon is unsuspended and may attack (§8-2-4, §8-2-5)", () => {
    const r = new DcgScenario(db, "002 §8-2")
      .turn(3, 0)
      .memory(0, 3)
      .battle(0, ["TST-18"], { suspended: true, played: true }) // blue level 5
      .battle(0, ["TST-04", "TST-05"], { suspended: true }) // red level 5
      .hand(0, "TST-17")
      .deck(0, "TST-06")
      .security(1, "TST-15")
      .script(0, ["DNA digivolve P1 Redultimate + P1 Blueultimate into TST-17 Twinmon (0)"], ["Attack with P1 Twinmon → P2"])
      .steps(MAIN, MAIN)
      .run();
    expect(r.battle(0)).toHaveLength(1);
    const perm = r.perm(0, 0);
    expect(r.stack(perm)).toEqual(["TST-18", "TST-04", "TST-05", "TST-17"]);
    expect(perm.id).toBe(3); // a new Digimon (§8-2-2)
    expect(r.zone(0, "hand")).toEqual(["TST-06"]);
    expect(r.zone(1, "trash")).toEqual(["TST-15"]); // it attacked
  });
});
