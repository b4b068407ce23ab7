/**
 * Two DCG constructs of the starter deck ST-2 (issue: the bundled decks all usable), from the
 * DCG grammar to the runtime:
 *
 * - "<subject> gets +N DP when battling <X>" / "While <subject> is battling <X>, …" (002 §9-2-1-6:
 *   the attacking Digimon battles the attack target, the blocker after a block §9-2-1-5-2;
 *   §10-1-5-3: a continuous effect works while its condition holds): a "while" lead whose
 *   condition is "the attacking Digimon is the subject's" and "the attack target is an <X>".
 * - "a Digimon digivolution card placed under 1 of your Digimon" (002 §4-3-1, §4-3-3: the cards
 *   under a Digimon are its digivolution cards, each still a card of its kind): a Digimon card in
 *   the digivolution cards of 1 of your Digimon, not a card "placed by this effect".
 *
 * The sentences are written as card text; the scenarios play them with the effect model.
 */
import { describe, expect, it } from "vitest";
import { compileDcgText } from "../../compiler/check/dcg/text.ts";
import type { DcgClause, DcgCondition, DcgEffect, DcgSelection } from "../../runtime/lang/dcg/ir.ts";
import { dpOf } from "../../runtime/rulesets/dcg/continuous.ts";
import { dcgUnsupported } from "../../runtime/rulesets/dcg/effects/index.ts";
import { P, V, stateChanged, type DcgAttack } from "../../runtime/rulesets/dcg/model.ts";
import { fx, fxDb, MAIN, textCard } from "../scenarios/dcg/effects-helpers.ts";

/** The effect units of one box, or a failure naming the first diagnostic. */
function units(text: string, box: DcgEffect["box"] = "effect"): DcgEffect[] {
  const r = compileDcgText(text, box);
  expect(r.diagnostics.map((d) => d.message)).toEqual([]);
  return r.effects;
}

/** The IR without source ranges, for comparisons. */
function bare<T>(x: T): T {
  return JSON.parse(JSON.stringify(x, (k, v) => (k === "span" ? undefined : v))) as T;
}

describe("\"when battling …\" and \"is battling …\" (002 §9-2-1-6, §10-1-5-3)", () => {
  it("\"This Digimon gets +1000 DP when battling an opponent's Digimon that has no digivolution cards\": a \"while\" lead on the attack in progress", () => {
    const [u] = units("[Your Turn] This Digimon gets +1000 DP when battling an opponent's Digimon that has no digivolution cards.", "inherited");
    expect(u!.timings).toEqual(["yourTurn"]);
    const s = u!.sentences[0]!;
    expect(s.leads).toHaveLength(1);
    expect(s.leads[0]!.kind).toBe("while");
    const c = bare((s.leads[0] as { condition: DcgCondition }).condition);
    expect(c).toEqual({
      kind: "and",
      all: [
        // the attacking Digimon is not other than this Digimon: this Digimon attacks
        { kind: "is", subject: { kind: "ref", ref: "attacker", noun: "digimon", filters: [] }, filters: [{ kind: "otherThanThese", what: [{ kind: "ref", ref: "this", noun: "digimon", filters: [] }] }], negate: true },
        // the Digimon it attacks (the blocker after a block) is an opponent's Digimon with no digivolution cards
        {
          kind: "has",
          who: "any",
          what: { kind: "select", count: { kind: "one" }, owner: "opponent", noun: "digimon", orNoun: null, filters: [{ kind: "digivolutionCards", cmp: "eq", n: 0, of: [] }], zone: null, among: { kind: "ref", ref: "attackTarget", noun: "digimon", filters: [] }, end: null },
        },
      ],
    });
    const get = s.steps[0] as DcgClause;
    expect([get.verb, get.object]).toEqual(["get", { kind: "amount", value: { kind: "const", n: 1000 }, unit: "dp" }]);
    expect(get.args).toEqual([]);
  });

  it("the same condition as a lead (\"While this Digimon is battling …, it gets …\") and after \"while battling\"", () => {
    const lead = units("[Your Turn] While this Digimon is battling an opponent's Digimon with 6000 DP or more, it gets +2000 DP.")[0]!.sentences[0]!;
    const tail = units("[Your Turn] This Digimon gets +2000 DP while battling an opponent's Digimon with 6000 DP or more.")[0]!.sentences[0]!;
    expect(bare(lead.leads)).toEqual(bare(tail.leads));
    const has = (bare(lead.leads[0]) as { condition: { all: DcgCondition[] } }).condition.all[1] as { what: DcgSelection };
    expect(has.what.filters).toEqual([{ kind: "dp", cmp: "ge", value: { kind: "const", n: 6000 } }]);
    // "all of your Digimon": the attacking Digimon is one of them
    const all = units("[Your Turn] All of your Digimon get +1000 DP when battling an opponent's level 5 Digimon.")[0]!.sentences[0]!;
    const first = (bare(all.leads[0]) as { condition: { all: { filters: { what: DcgSelection[] }[] }[] } }).condition.all[0]!;
    expect(first.filters[0]!.what[0]).toMatchObject({ kind: "select", count: { kind: "all" }, owner: "you", noun: "digimon" });
  });

  it("\"when battling\" needs what is battled; \"When …\" elsewhere stays a sentence's trigger", () => {
    expect(compileDcgText("[Your Turn] This Digimon gets +1000 DP when battling.", "effect").diagnostics[0]?.message).toMatch(/could not read/);
    const trig = units("[Your Turn] When this Digimon attacks, gain 1 memory.")[0]!.sentences[0]!;
    expect(trig.leads.map((l) => l.kind)).toEqual(["when"]);
  });

  const tsuno = textCard("BX-01", { kind: "Digi-Egg", name: "Hornegg", colors: ["Blue"], level: 2, inherited: "[Your Turn] This Digimon gets +1000 DP when battling an opponent's Digimon that has no digivolution cards." });
  const db = fxDb(tsuno);

  it("the runtime performs it (dcgUnsupported is empty) and reads it only while the Digimon battles such a Digimon", () => {
    expect(dcgUnsupported(tsuno)).toEqual([]);
    // P1's Bluerookie (3000) over the egg attacks P2's suspended Redchampion (4000, no digivolution cards): 4000 vs 4000, both deleted.
    const r = fx(db, "battling, no sources").battle(0, ["BX-01", "TST-06"]).battle(1, ["TST-04"], { suspended: true }).script(0, ["Attack with P1 Bluerookie → P2 Redchampion"]).steps(MAIN).run();
    expect(r.battle(0)).toEqual([]);
    expect(r.battle(1)).toEqual([]);
    // The same attack on a Redchampion with a digivolution card: no bonus, 3000 vs 4000, only the attacker is deleted.
    const t = fx(db, "battling, with sources").battle(0, ["BX-01", "TST-06"]).battle(1, ["TST-03", "TST-04"], { suspended: true }).script(0, ["Attack with P1 Bluerookie → P2 Redchampion"]).steps(MAIN).run();
    expect(t.battle(0)).toEqual([]);
    expect(t.battle(1)).toHaveLength(1);
  });

  it("no bonus outside a battle, nor while another of the player's Digimon attacks; a blocker is battled", () => {
    const s = fx(db, "not battling").battle(0, ["BX-01", "TST-06"]).battle(0, ["TST-03"]).battle(1, ["TST-04"], { suspended: true });
    const [mine, other] = P(s.g, 0).battle;
    const target = P(s.g, 1).battle[0]!;
    expect(dpOf(s.g, mine!)).toBe(3000);
    const attack = (a: Omit<DcgAttack, "player" | "blocked" | "countered" | "checks">) => {
      V(s.g).attack = { ...a, player: 0, blocked: false, countered: false, checks: 0 };
      stateChanged(s.g);
    };
    attack({ attacker: other!.id, declared: target.id, target: target.id });
    expect(dpOf(s.g, mine!)).toBe(3000);
    attack({ attacker: mine!.id, declared: target.id, target: target.id });
    expect(dpOf(s.g, mine!)).toBe(4000);
    // an attack on the player: no Digimon is battled
    attack({ attacker: mine!.id, declared: "player", target: "player" });
    expect(dpOf(s.g, mine!)).toBe(3000);
    // 002 §9-2-1-5-2: blocked, the attacker battles the blocker (the attack's target now)
    attack({ attacker: mine!.id, declared: "player", target: target.id });
    expect(dpOf(s.g, mine!)).toBe(4000);
  });
});

describe("\"a Digimon digivolution card placed under 1 of your Digimon\" (002 §4-3-1, §4-3-3)", () => {
  it("reads as a Digimon card in the digivolution cards of 1 of your Digimon; \"choose … and play it as another Digimon\" follows", () => {
    const s = units("[Main] Choose a Digimon digivolution card placed under 1 of your Digimon and play it as another Digimon without paying its memory cost.")[0]!.sentences[0]!;
    const [choose, play] = s.steps as DcgClause[];
    expect(s.joins).toEqual(["and"]);
    expect(bare(choose!.object)).toEqual({
      kind: "things",
      what: { kind: "select", count: { kind: "one" }, owner: null, noun: "digimonCard", orNoun: null, filters: [], zone: { kind: "digivolutionCards", of: { kind: "select", count: { kind: "n", n: 1, upTo: false }, owner: "you", noun: "digimon", orNoun: null, filters: [], zone: null, among: null, end: null }, end: null }, among: null, end: null },
    });
    expect(play!.verb).toBe("play");
    expect(bare(play!.object)).toEqual({ kind: "things", what: { kind: "ref", ref: "it", noun: "card", filters: [] } });
    expect(bare(play!.args)).toEqual([
      { kind: "as", what: { kind: "select", count: { kind: "another" }, owner: null, noun: "digimon", orNoun: null, filters: [], zone: null, among: null, end: null }, end: null },
      { kind: "free", cost: "memory" },
    ]);
  });

  it("\"<kind> digivolution card\" for each card kind, with \"of …\" or \"on …\" saying whose, or any Digimon's", () => {
    const zoneOf = (t: string) => bare(((units(t)[0]!.sentences[0]!.steps[0] as DcgClause).object as { what: DcgSelection }).what);
    expect(zoneOf("[Main] Trash 1 Tamer digivolution card of 1 of your opponent's Digimon.")).toMatchObject({ noun: "tamerCard", zone: { kind: "digivolutionCards", of: { owner: "opponent", noun: "digimon" } } });
    expect(zoneOf("[Main] Trash 1 Option digivolution card on 1 of your opponent's Digimon.")).toMatchObject({ noun: "optionCard", zone: { kind: "digivolutionCards", of: { owner: "opponent", noun: "digimon" } } });
    expect(zoneOf("[Main] Return 1 Digi-Egg digivolution card to its owner's hand.")).toMatchObject({ noun: "digiEggCard", zone: { kind: "digivolutionCards", of: { count: { kind: "all" }, owner: null, noun: "digimon" } } });
    // "a Digimon card placed under …" (no kind before "digivolution card") is the same place
    expect(zoneOf("[Main] Choose a Digimon card placed under 1 of your Digimon.")).toMatchObject({ noun: "digimonCard", filters: [], zone: { kind: "digivolutionCards" } });
    // "placed … by this effect" is still what the effect did
    expect(zoneOf("[Main] Delete all Digimon placed by this effect.")).toMatchObject({ filters: [{ kind: "affected", how: "placed", byThisEffect: true }] });
  });

  const nail = textCard("BX-02", { kind: "Option", name: "Claw Nail", colors: ["Red"], cost: 4, effect: "[Main] Choose a Digimon digivolution card placed under 1 of your Digimon and play it as another Digimon without paying its memory cost.", security: "[Security] Activate this card's [Main] effect." });
  const db = fxDb(nail);

  it("the runtime performs it: the chosen digivolution card becomes a Digimon of its own, for no memory", () => {
    expect(dcgUnsupported(nail)).toEqual([]);
    const r = fx(db, "play a digivolution card", 5).battle(0, ["TST-03", "TST-04"]).hand(0, "BX-02").script(0, ["Use BX-02 Claw Nail (4)"]).steps(MAIN).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["TST-04"], ["TST-03"]]);
    expect(r.memory(0)).toBe(1); // 5 − 4: the play cost of Redrookie (3) is not paid
  });
});
