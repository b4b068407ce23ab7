/**
 * DCG scenarios: attacks and battles (002 chapter 9) and the keywords the rules read as flags
 * (002 §12-4 <Security Attack>, §12-5 <Blocker>, §12-7 <Piercing>, §12-9 <Jamming>, §12-13
 * <Retaliation>). An attack is one main-phase action (`{ t: "dcg.main", only: true }`).
 */
import { describe, expect, it } from "vitest";
import { DcgScenario } from "../../../runtime/rulesets/dcg/scenario.ts";
import { mainOptions } from "../../../runtime/rulesets/dcg/main.ts";
import { tstDb } from "./helpers.ts";

const db = tstDb();
const MAIN = { t: "dcg.main", only: true };

/** A scenario in P1's main phase (turn 3) with 5 memory. */
const at = (name: string) => new DcgScenario(db, name).turn(3, 0).memory(0, 5);

describe("002 §9-1, §9-2: declaring an attack", () => {
  it("002 §9-1: the targets are the opponent and their suspended Digimon — not an unsuspended Digimon, not a Tamer", () => {
    const s = at("002 §9-1").battle(0, ["TST-04"]).battle(1, ["TST-06"], { suspended: true }).battle(1, ["TST-03"]).battle(1, ["TST-29"], { suspended: true });
    expect(mainOptions(s.g, 0).map((o) => o.label)).toEqual(["Attack with P1 Redchampion → P2", "Attack with P1 Redchampion → P2 Bluerookie", "Pass"]);
  });

  it("002 §9-2, §6-6-2-5: attacking suspends the attacker; a suspended Digimon cannot attack", () => {
    const r = at("002 §9-2").battle(0, ["TST-04"]).security(1, "TST-15").script(0, ["Attack with P1 Redchampion → P2"]).steps(MAIN).run();
    expect(r.perm(0, 0).suspended).toBe(true);
    expect(mainOptions(r.g, 0).map((o) => o.label)).toEqual(["Pass"]);
  });
});

describe("002 §9-2-1-8: battles", () => {
  it("002 §9-2-1-6-1-2, §9-2-1-8-1..4: the Digimon with lower DP loses and is deleted (its cards go to the trash)", () => {
    const r = at("002 §9-2-1-8-3").battle(0, ["TST-03", "TST-04"]).battle(1, ["TST-06"], { suspended: true }).script(0, ["Attack with P1 Redchampion → P2 Bluerookie"]).steps(MAIN).run();
    expect(r.battle(1)).toEqual([]);
    expect(r.zone(1, "trash")).toEqual(["TST-06"]);
    expect(r.battle(0)).toHaveLength(1);
  });

  it("002 §9-2-1-8-3: with equal DP both Digimon are deleted; digivolution cards go to the trash with them (§4-12-2-2-2)", () => {
    const r = at("002 §9-2-1-8-3 (equal DP)").battle(0, ["TST-01", "TST-08"]).battle(1, ["TST-06"], { suspended: true }).script(0, ["Attack with P1 Dashmon → P2 Bluerookie"]).steps(MAIN).run();
    expect(r.battle(0)).toEqual([]);
    expect(r.battle(1)).toEqual([]);
    expect(r.zone(0, "trash")).toEqual(["TST-01", "TST-08"]);
    expect(r.events("delete").map((e) => e.data.cause)).toEqual(["battle", "battle"]);
  });

  it("002 §12-13-1, §12-13-3, §12-13-5, §12-13-6: a Digimon with <Retaliation> deleted in battle deletes the Digimon it battled, by an effect, after it is in the trash", () => {
    const r = at("002 §12-13-1").battle(0, ["TST-04"]).battle(1, ["TST-13"], { suspended: true }).script(0, ["Attack with P1 Redchampion → P2 Spitemon"]).steps(MAIN).run();
    expect(r.battle(0)).toEqual([]);
    expect(r.battle(1)).toEqual([]);
    expect(r.events("delete").map((e) => e.data.cause)).toEqual(["battle", "effect"]);
  });

  it("002 §12-13-4: with equal DP both are deleted and <Retaliation> finds nothing to delete", () => {
    const r = at("002 §12-13-4").battle(0, ["TST-08"]).battle(1, ["TST-13"], { suspended: true }).script(0, ["Attack with P1 Dashmon → P2 Spitemon"]).steps(MAIN).run();
    expect(r.events("delete").map((e) => e.data.cause)).toEqual(["battle", "battle"]);
    expect(r.events("effect")[0]!.text).toMatch(/no longer in the battle area/);
  });
});

describe("002 §9-2-1-5: blocking (<Blocker>, §12-5)", () => {
  it("002 §9-2-1-5-2, §12-5-1, §12-5-4: the defender blocks with an unsuspended <Blocker>; it is suspended and becomes the target; the battle follows", () => {
    const r = at("002 §9-2-1-5-2")
      .battle(0, ["TST-05"])
      .battle(1, ["TST-07"])
      .security(1, "TST-15")
      .script(0, ["Attack with P1 Redultimate → P2"])
      .script(1, ["Block with P2 Wallmon"])
      .steps(MAIN)
      .run();
    expect(r.battle(1)).toEqual([]); // 7000 beats 6000
    expect(r.zone(1, "trash")).toEqual(["TST-07"]);
    expect(r.zone(1, "security")).toEqual(["TST-15"]); // no check: the attack was on the blocker
  });

  it("002 §9-2-1-5-1: blocking is optional; a suspended <Blocker> cannot block (not even asked)", () => {
    const r = at("002 §9-2-1-5-1")
      .battle(0, ["TST-05"])
      .battle(1, ["TST-07"])
      .battle(1, ["TST-07"], { suspended: true })
      .security(1, "TST-15")
      .script(0, ["Attack with P1 Redultimate → P2"])
      .script(1, ["No block"])
      .steps(MAIN)
      .run();
    expect(r.zone(1, "security")).toEqual([]);
    expect(r.zone(1, "trash")).toEqual(["TST-15"]);
    const s2 = at("002 §9-2-1-5-1 (suspended)").battle(0, ["TST-05"]).battle(1, ["TST-07"], { suspended: true }).security(1, "TST-15").script(0, ["Attack with P1 Redultimate → P2"]).steps(MAIN).run();
    expect(s2.zone(1, "trash")).toEqual(["TST-15"]);
  });

  it("002 §9-2-1-5-3: the Digimon already the target cannot block (the other <Blocker> may)", () => {
    const r = at("002 §9-2-1-5-3")
      .battle(0, ["TST-05"])
      .battle(1, ["TST-07"], { suspended: true })
      .script(0, ["Attack with P1 Redultimate → P2 Wallmon"])
      .steps(MAIN)
      .run();
    expect(r.battle(1)).toEqual([]); // attacked and deleted: no block asked of the target itself
  });

  it("002 §12-13, §9-2-1-5: a blocker with <Retaliation> that loses deletes the attacker", () => {
    const r = at("002 §12-13 (block)")
      .battle(0, ["TST-25"])
      .battle(1, ["TST-30"])
      .script(0, ["Attack with P1 Tenmon → P2"])
      .script(1, ["Block with P2 Bigwallmon"])
      .steps(MAIN)
      .run();
    expect(r.battle(0)).toEqual([]);
    expect(r.battle(1)).toEqual([]);
  });
});

describe("002 §9-2-1-7, §9-3: security checks", () => {
  it("002 §9-2-1-6-1-1, §9-2-1-7-1, §9-3-2, §9-3-2-1, §9-2-1-7-3-1, §9-2-1-7-3-2, §9-2-1-8-4: a checked Digimon card battles as a Security Digimon and is trashed whatever the result; the attacker that loses is deleted", () => {
    const r = at("002 §9-2-1-7-3-1").battle(0, ["TST-03"]).security(1, "TST-15", "TST-06").script(0, ["Attack with P1 Redrookie → P2"]).steps(MAIN).run();
    expect(r.battle(0)).toEqual([]); // 2000 < 3000
    expect(r.zone(1, "trash")).toEqual(["TST-06"]);
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
  });

  it("002 §9-2-1-7-3-3: a checked Tamer or Option card is trashed", () => {
    const r = at("002 §9-2-1-7-3-3").battle(0, ["TST-03"]).security(1, "TST-14", "TST-15").script(0, ["Attack with P1 Redrookie → P2"]).steps(MAIN).run();
    expect(r.zone(1, "trash")).toEqual(["TST-15"]);
    expect(r.zone(1, "security")).toEqual(["TST-14"]);
    expect(r.zone(1, "limbo")).toEqual([]);
  });

  it("002 §9-3-6, §1-2-1-1-1 (001 p.11): attacking a player with no security cards wins the game", () => {
    const r = at("002 §9-3-6").battle(0, ["TST-03"]).script(0, ["Attack with P1 Redrookie → P2"]).steps(MAIN).run();
    expect(r.g.state.winner).toBe(0);
    expect(r.g.state.endReason).toMatch(/no security cards \(002 §9-3-6/);
  });

  it("002 §9-3-5, §12-4-3 (001 Q&A Security Attack Q3, Q7; 001 Gl. <Security Attack −x>): an attacker that checks 0 cards does not win against 0 security", () => {
    const r = at("002 §9-3-5").battle(0, ["TST-24"]).script(0, ["Attack with P1 Shymon → P2"]).steps(MAIN).run();
    expect(r.g.state.winner).toBeNull();
  });

  it("002 §9-3-1, §12-4-1, §12-4-2, §9-3-3: <Security Attack +1> (inherited) checks 2 cards one at a time", () => {
    const r = at("002 §12-4-2").battle(0, ["TST-10", "TST-04"]).security(1, "TST-15", "TST-15", "TST-14").script(0, ["Attack with P1 Redchampion → P2"]).steps(MAIN).run();
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
    expect(r.zone(1, "trash")).toEqual(["TST-14", "TST-15"]);
  });

  it("002 §4-3-4, §4-3-2: an inherited <Security Attack +1> counts only for the Digimon whose digivolution card it is (the top card's own inherited box does not)", () => {
    const r = at("002 §4-3-4").battle(0, ["TST-10"]).security(1, "TST-15", "TST-15").script(0, ["Attack with P1 Sharpmon → P2"]).steps(MAIN).run();
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
  });

  it("002 §9-3-3 (001 Q&A Security Attack Q1): an attacker deleted by the first Security Digimon makes no further check", () => {
    const r = at("002 §9-3-3").battle(0, ["TST-10", "TST-03"]).security(1, "TST-15", "TST-06").script(0, ["Attack with P1 Redrookie → P2"]).steps(MAIN).run();
    expect(r.battle(0)).toEqual([]);
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
  });

  it("002 §9-2-1-7-4: when security runs out mid-attack the remaining checks are lost and nobody wins", () => {
    const r = at("002 §9-2-1-7-4").battle(0, ["TST-10", "TST-04"]).security(1, "TST-15").script(0, ["Attack with P1 Redchampion → P2"]).steps(MAIN).run();
    expect(r.zone(1, "security")).toEqual([]);
    expect(r.g.state.winner).toBeNull();
  });

  it("002 §12-9-1 (001 Q&A Jamming Q2): <Jamming> is not deleted in a battle with a Security Digimon and goes on checking", () => {
    const r = at("002 §12-9-1").battle(0, ["TST-10", "TST-11"]).security(1, "TST-15", "TST-05").script(0, ["Attack with P1 Jammon → P2"]).steps(MAIN).run();
    expect(r.battle(0)).toHaveLength(1);
    expect(r.zone(1, "security")).toEqual([]);
    expect(r.zone(1, "trash")).toEqual(["TST-05", "TST-15"]);
  });
});

describe("002 chapter 12: keyword flags", () => {
  it("002 §12-5-2: two <Blocker> on one Digimon (printed and given) are one right to block", () => {
    const r = at("002 §12-5-2").battle(0, ["TST-05"]).battle(1, ["TST-07"]).security(1, "TST-15").script(0, ["Attack with P1 Redultimate → P2"]).script(1, ["Block with P2 Wallmon"]);
    r.lasting(1, 0, { keyword: "blocker" });
    const x = r.steps(MAIN).run();
    expect(x.events("block")).toHaveLength(1);
  });

  it("002 §12-13-7: <Retaliation> triggers only on a deletion in battle — not on a deletion by the rules at 0 DP", () => {
    const r = at("002 §12-13-7").battle(0, ["TST-04"]).battle(1, ["TST-13"]).lasting(1, 0, { dp: -3000 }, { controller: 0 }).steps({ t: "dcg.settle" }).run();
    expect(r.battle(1)).toEqual([]);
    expect(r.battle(0)).toHaveLength(1);
    expect(r.events("effect")).toEqual([]);
  });

  it("002 §12-15-4: a Digimon played this turn that digivolves into a card without <Rush> can no longer attack", () => {
    const s = at("002 §12-15-4").battle(0, ["TST-08"], { played: true }).hand(0, "TST-04").script(0, ["Digivolve P1 Dashmon into TST-04 Redchampion (2)"]);
    expect(mainOptions(s.g, 0).map((o) => o.label)).toContain("Attack with P1 Dashmon → P2");
    const r = s.steps(MAIN).run();
    expect(mainOptions(r.g, 0).map((o) => o.label)).toEqual(["Pass"]);
  });

  it("002 §12-4-2 (001 Q&A Security Attack Q8): <Security Attack +1> given twice and −1 once: 2 checks", () => {
    const s = at("002 §12-4-2 (sum)").battle(0, ["TST-10", "TST-04"]).security(1, "TST-15", "TST-15", "TST-15", "TST-14").script(0, ["Attack with P1 Redchampion → P2"]);
    s.lasting(0, 0, { keyword: "securityAttack", value: 1 }).lasting(0, 0, { keyword: "securityAttack", value: -1 });
    const r = s.steps(MAIN).run();
    expect(r.zone(1, "security")).toEqual(["TST-15", "TST-15"]);
  });
});

describe("002 §12-7: <Piercing>", () => {
  it("002 §12-7-6 (001 Q&A Piercing Q4): <Piercing> with <Security Attack +1> checks 2 after deleting the Digimon", () => {
    const r = at("002 §12-7-6").battle(0, ["TST-10", "TST-04", "TST-09"]).battle(1, ["TST-06"], { suspended: true }).security(1, "TST-15", "TST-15", "TST-15").script(0, ["Attack with P1 Drillmon → P2 Bluerookie"]).steps(MAIN).run();
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
  });

  it("002 §12-7-9 (001 Q&A Piercing Q3): <Piercing> does not check again after beating a Security Digimon", () => {
    const r = at("002 §12-7-9").battle(0, ["TST-09"]).security(1, "TST-15", "TST-06").script(0, ["Attack with P1 Drillmon → P2"]).steps(MAIN).run();
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
    expect(r.events("piercing")).toEqual([]);
  });

  it("002 §12-7-1, §12-7-5, §12-7-7, §9-2-1-8-5, §9-2-1-8-6 (001 Q&A Piercing Q1–2): deleting the blocker with <Piercing> and surviving, the attacker checks security", () => {
    const r = at("002 §12-7-1")
      .battle(0, ["TST-09"])
      .battle(1, ["TST-07"])
      .security(1, "TST-15", "TST-15")
      .script(0, ["Attack with P1 Drillmon → P2"])
      .script(1, ["Block with P2 Wallmon"])
      .steps(MAIN)
      .run();
    expect(r.battle(1)).toEqual([]);
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
  });

  it("002 §12-7-4, §9-3-6-1 (001 Q&A Piercing Q7): a <Piercing> check against 0 security does not win", () => {
    const r = at("002 §9-3-6-1").battle(0, ["TST-09"]).battle(1, ["TST-06"], { suspended: true }).script(0, ["Attack with P1 Drillmon → P2 Bluerookie"]).steps(MAIN).run();
    expect(r.g.state.winner).toBeNull();
    expect(r.battle(1)).toEqual([]);
  });

  it("002 §12-7-3, §12-13-8: a <Piercing> attacker deleted by <Retaliation> makes no check", () => {
    const r = at("002 §12-7-3").battle(0, ["TST-09"]).battle(1, ["TST-13"], { suspended: true }).security(1, "TST-15").script(0, ["Attack with P1 Drillmon → P2 Spitemon"]).steps(MAIN).run();
    expect(r.battle(0)).toEqual([]);
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
  });

  it("002 §12-7-1: without <Piercing>, deleting the target Digimon makes no check", () => {
    const r = at("002 §12-7 (without)").battle(0, ["TST-05"]).battle(1, ["TST-06"], { suspended: true }).security(1, "TST-15").script(0, ["Attack with P1 Redultimate → P2 Bluerookie"]).steps(MAIN).run();
    expect(r.zone(1, "security")).toEqual(["TST-15"]);
  });
});
