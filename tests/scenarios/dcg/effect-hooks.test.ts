/**
 * DCG scenarios of the rules' timings as the effect model will see them, through a small test
 * effect host (`events.ts` `EffectHost`): which event each step raises and when (002 §6-6-1,
 * §6-7, §9-2-1, §10-4), the memory check waiting for the attack (§6-7-1-1), [Security]
 * effects activating at once (§9-3-4, §10-4-8-2), prohibitions (§1-3-3), the rule check
 * before a pending [On Play] (§11-3-1, §10-4-2-3), and lasting effects through digivolution
 * (§8-1-2-7, §8-2-2). Each test effect is a label and a callback; the host collects it when its
 * event happens.
 */
import { describe, expect, it } from "vitest";
import type { Game } from "../../../runtime/core/engine.ts";
import type { Json, PlayerIndex } from "../../../runtime/core/state.ts";
import { dcgRuleset, NO_CARD_EFFECTS, type EffectHost } from "../../../runtime/rulesets/dcg/index.ts";
import { P, V, addLasting, inBattleArea, memoryOf, setMemory, type PendingEffect } from "../../../runtime/rulesets/dcg/model.ts";
import type { DcgEventData, Restriction } from "../../../runtime/rulesets/dcg/events.ts";
import { deletePermanents } from "../../../runtime/rulesets/dcg/moves.ts";
import { dpOf } from "../../../runtime/rulesets/dcg/continuous.ts";
import { mainOptions } from "../../../runtime/rulesets/dcg/main.ts";
import { DcgScenario } from "../../../runtime/rulesets/dcg/scenario.ts";
import { tstDb } from "./helpers.ts";

const db = tstDb();
const MAIN = { t: "dcg.main", only: true };

/** A test effect: triggers on event `on` (when `when` holds) for `owner`, and runs `run` when it activates. */
interface TestEffect {
  on: DcgEventData["e"];
  owner: (g: Game, ev: DcgEventData) => PlayerIndex;
  label: string;
  when?: (g: Game, ev: DcgEventData) => boolean;
  run?: (g: Game, pe: PendingEffect) => void;
}

/** What happened, in order: "label" for each activation, and what the host's other hooks saw. */
let seen: string[] = [];

/** A ruleset whose host plays `effects` (and optionally forbids / performs [Security] effects). */
function withEffects(effects: TestEffect[], more: Partial<EffectHost> = {}) {
  const host: EffectHost = {
    ...NO_CARD_EFFECTS,
    name: "test",
    collect(g, ev, out) {
      for (const e of effects)
        if (e.on === ev.e && (!e.when || e.when(g, ev)))
          out.push({ owner: e.owner(g, ev), kind: "card", card: 0, perm: null, box: "effect", index: 0, keyword: null, event: ev as unknown as { [k: string]: Json }, label: e.label });
    },
    activate(g, pe) {
      seen.push(pe.label);
      effects.find((e) => e.label === pe.label)?.run?.(g, pe);
    },
    ...more,
  };
  return dcgRuleset(host);
}

const tp = (g: Game) => g.state.turnPlayer;
const ntp = (g: Game) => (g.state.turnPlayer === 0 ? 1 : 0) as PlayerIndex;

describe("002 chapter 6: the turn's timings", () => {
  it("002 §6-1-1, §6-1-1-1, §6-1-2, §6-1-3, §6-2-1, §6-6-1, §10-4-9-1, §10-4-9-2, §10-4-11-1: [Start of Your Turn] triggers before the unsuspend phase, [Start of Your Main Phase] after the breeding phase (§6-1-1)", () => {
    seen = [];
    const rs = withEffects([
      { on: "turnStart", owner: tp, label: "start of turn" },
      { on: "mainStart", owner: tp, label: "start of main phase" },
      { on: "unsuspended", owner: tp, label: "unsuspended" },
      { on: "drew", owner: tp, label: "drew" },
      { on: "hatched", owner: tp, label: "hatched" },
    ]);
    new DcgScenario(db, "002 §6-1-1", 1, rs).turn(3, 0).battle(0, ["TST-03"], { suspended: true }).deck(0, "TST-03").eggs(0, "TST-01").script(0, ["Hatch a Digi-Egg"], ["Pass"]).stopAfterTurn(3).steps({ t: "dcg.turn" }).run();
    expect(seen).toEqual(["start of turn", "unsuspended", "drew", "hatched", "start of main phase"]);
  });

  it("002 §6-7-2, §6-7-2-1, §6-7-4, §6-7-4-1, §10-4-10-1, §10-4-10-2, §10-4-10-3: an [End of Your Turn] effect that brings memory back to 0 or more keeps the turn in its main phase; at the next end of turn it triggers again", () => {
    seen = [];
    let times = 0;
    const rs = withEffects([{ on: "turnEnd", owner: tp, label: "end of turn", run: (g) => ++times === 1 && setMemory(g, tp(g), 1) }]);
    const r = new DcgScenario(db, "002 §6-7-4", 1, rs).turn(3, 0).memory(0, 0).stopAfterTurn(3).steps({ t: "dcg.main" }).run();
    expect(seen).toEqual(["end of turn", "end of turn"]);
    expect(r.events("turnContinues")).toHaveLength(1);
    expect(r.events("pass")).toHaveLength(2); // passed, the turn continued in the main phase, passed again
    expect(r.g.state.turnPlayer).toBe(1);
  });

  it("002 §6-7-3: effects 'for the turn' still apply while the end-of-turn effects activate", () => {
    seen = [];
    const rs = withEffects([{ on: "turnEnd", owner: tp, label: "end of turn", run: (g) => seen.push(`DP ${dpOf(g, P(g, 0).battle[0]!)}`) }]);
    new DcgScenario(db, "002 §6-7-3", 1, rs).turn(3, 0).battle(0, ["TST-03"], { suspended: true }).lasting(0, 0, { dp: 2000 }).stopAfterTurn(3).steps({ t: "dcg.main" }).run();
    expect(seen).toEqual(["end of turn", "DP 4000"]);
  });

  it("002 §6-7-1-1 (001 Q&A Main Q10): memory passing to the opponent during an attack ends the turn only after the attack (its check is made)", () => {
    seen = [];
    const rs = withEffects([{ on: "attackDeclared", owner: tp, label: "[When Attacking] lose 6 memory", run: (g) => setMemory(g, tp(g), memoryOf(g, tp(g)) - 6) }]);
    const r = new DcgScenario(db, "002 §6-7-1-1", 1, rs)
      .turn(3, 0)
      .memory(0, 2)
      .battle(0, ["TST-04"])
      .security(1, "TST-15")
      .stopAfterTurn(3)
      .script(0, ["Attack with P1 Redchampion → P2"])
      .steps({ t: "dcg.main" })
      .run();
    expect(r.zone(1, "trash")).toEqual(["TST-15"]); // the check was made
    expect(r.g.state.turnPlayer).toBe(1);
    expect(r.memory(1)).toBe(4);
  });
});

describe("002 §9-2-1: the attack's timings", () => {
  it("002 §9-2-1-1, §9-2-1-3, §9-2-1-4-1, §9-2-1-4-3, §9-2-1-5, §9-2-1-9-1, §10-4-5-1, §10-4-13-1, §10-4-13-4: [When Attacking], then counter timing ('when an opponent's Digimon attacks'), then block timing, then [End of Attack]", () => {
    seen = [];
    const rs = withEffects([
      { on: "attackDeclared", owner: tp, label: "[When Attacking]" },
      { on: "counterTiming", owner: ntp, label: "when an opponent's Digimon attacks" },
      { on: "blocked", owner: ntp, label: "when it blocks" },
      { on: "battleEnded", owner: tp, label: "at the end of the battle" },
      { on: "attackEnded", owner: tp, label: "[End of Attack]" },
    ]);
    const r = new DcgScenario(db, "002 §9-2-1", 1, rs)
      .turn(3, 0)
      .battle(0, ["TST-05"])
      .battle(1, ["TST-07"])
      .script(0, ["Attack with P1 Redultimate → P2"])
      .script(1, ["Block with P2 Wallmon"])
      .steps(MAIN)
      .run();
    expect(seen).toEqual(["[When Attacking]", "when an opponent's Digimon attacks", "when it blocks", "at the end of the battle", "[End of Attack]"]);
    expect(V(r.g).attack).toBeNull();
  });

  it("002 §9-2-1-3-1: after a block, the declared target is still the player (text conditions read it); the current target is the blocker", () => {
    seen = [];
    let declared: Json = null;
    let target: Json = null;
    const rs = withEffects([
      {
        on: "battleEnded",
        owner: tp,
        label: "look",
        run: (g) => {
          declared = V(g).attack!.declared;
          target = V(g).attack!.target;
        },
      },
    ]);
    new DcgScenario(db, "002 §9-2-1-3-1", 1, rs).turn(3, 0).battle(0, ["TST-05"]).battle(1, ["TST-07"]).script(0, ["Attack with P1 Redultimate → P2"]).script(1, ["Block with P2 Wallmon"]).steps(MAIN).run();
    expect(declared).toBe("player");
    expect(typeof target).toBe("number");
  });

  it("002 §10-4-5-4: a target deleted by a [When Attacking] effect means no battle; counter timing and end of attack still happen", () => {
    seen = [];
    const rs = withEffects([
      { on: "attackDeclared", owner: tp, label: "[When Attacking] delete the target", run: (g) => deletePermanents(g, [P(g, 1).battle[0]!], "effect") },
      { on: "counterTiming", owner: ntp, label: "counter timing" },
      { on: "attackEnded", owner: tp, label: "[End of Attack]" },
    ]);
    const r = new DcgScenario(db, "002 §10-4-5-4", 1, rs).turn(3, 0).battle(0, ["TST-03"]).battle(1, ["TST-05"], { suspended: true }).script(0, ["Attack with P1 Redrookie → P2 Redultimate"]).steps(MAIN).run();
    expect(seen).toEqual(["[When Attacking] delete the target", "counter timing", "[End of Attack]"]);
    expect(r.events("battle")).toEqual([]);
    expect(r.battle(0)).toHaveLength(1); // 2000 DP would have lost
  });

  it("002 §9-2-1-7-2, §9-3-4, §10-4-8-1, §10-4-8-2, §4-10-1, §4-11-2: a checked card's [Security] effect activates at once, with the card in no area, before it is trashed", () => {
    seen = [];
    const rs = withEffects([], {
      security(g, card, owner) {
        seen.push(`[Security] of P${owner + 1}'s ${g.card(card).def} in ${g.card(card).zone}`);
      },
    });
    const r = new DcgScenario(db, "002 §10-4-8-2", 1, rs).turn(3, 0).battle(0, ["TST-04"]).security(1, "TST-15").script(0, ["Attack with P1 Redchampion → P2"]).steps(MAIN).run();
    expect(seen).toEqual(["[Security] of P2's TST-15 in limbo"]);
    expect(r.zone(1, "trash")).toEqual(["TST-15"]);
  });
});

describe("002 §12-4-4: the number of checks is recomputed before each check", () => {
  it("002 §12-4-4 (001 Q&A Security Attack Q5): a <Security Attack −1> given by the first checked card's [Security] effect cancels the attacker's remaining check", () => {
    const rs = withEffects([], {
      security(g) {
        addLasting(g, { source: null, controller: 1, target: V(g).attack!.attacker, keyword: { name: "securityAttack", value: -1 }, until: "turn", turn: g.state.turn });
      },
    });
    const r = new DcgScenario(db, "002 §12-4-4", 1, rs).turn(3, 0).battle(0, ["TST-10", "TST-04"]).security(1, "TST-15", "TST-15", "TST-15").script(0, ["Attack with P1 Redchampion → P2"]).steps(MAIN).run();
    expect(r.zone(1, "security")).toEqual(["TST-15", "TST-15"]);
  });
});

describe("002 §1-3-3, §10-2-2: prohibitions", () => {
  const forbidding = (test: (r: Restriction) => boolean) => withEffects([], { forbids: (_g, r) => test(r) });

  it("002 §1-3-3: 'cannot attack' removes the attacks; 'cannot digivolve' the digivolution", () => {
    const rs = forbidding((r) => r.act === "attack" || r.act === "digivolve");
    const s = new DcgScenario(db, "002 §1-3-3", 1, rs).turn(3, 0).memory(0, 5).battle(0, ["TST-03"]).hand(0, "TST-04");
    expect(mainOptions(s.g, 0).map((o) => o.label)).toEqual(["Play TST-04 Redchampion (5)", "Pass"]);
  });

  it("002 §7-2-3: a play that an effect makes impossible after the card is revealed fails; the card stays in the hand and nothing is paid", () => {
    let calls = 0;
    const rs = forbidding((r) => r.act === "play" && ++calls > 1);
    const r = new DcgScenario(db, "002 §7-2-3", 1, rs).turn(3, 0).memory(0, 5).hand(0, "TST-04").script(0, ["Play TST-04 Redchampion (5)"]).steps(MAIN).run();
    expect(r.battle(0)).toEqual([]);
    expect(r.zone(0, "hand")).toEqual(["TST-04"]);
    expect(r.memory(0)).toBe(5);
    expect(r.events("playFails")).toHaveLength(1);
  });

  it("002 §8-1-2-5: a digivolution an effect makes impossible after the reveal fails; the card returns to the hand and nothing is paid or drawn", () => {
    let calls = 0;
    const rs = forbidding((r) => r.act === "digivolve" && ++calls > 1);
    const r = new DcgScenario(db, "002 §8-1-2-5", 1, rs).turn(3, 0).memory(0, 5).battle(0, ["TST-03"], { suspended: true }).hand(0, "TST-04").deck(0, "TST-06").script(0, ["Digivolve P1 Redrookie into TST-04 Redchampion (2)"]).steps(MAIN).run();
    expect(r.stack(r.perm(0, 0))).toEqual(["TST-03"]);
    expect(r.zone(0, "hand")).toEqual(["TST-04"]);
    expect(r.memory(0)).toBe(5);
  });

  it("002 §12-5-5, §12-5-6: against an attacker that can't be blocked, no block is asked and the <Blocker> stays unsuspended", () => {
    const rs = forbidding((r) => r.act === "block");
    const r = new DcgScenario(db, "002 §12-5-5", 1, rs).turn(3, 0).battle(0, ["TST-05"]).battle(1, ["TST-07"]).security(1, "TST-15").script(0, ["Attack with P1 Redultimate → P2"]).steps(MAIN).run();
    expect(r.perm(1, 0).suspended).toBe(false);
    expect(r.zone(1, "trash")).toEqual(["TST-15"]);
  });
});

describe("002 §7-2-6: DigiXros with effects", () => {
  it("002 §7-2-6-7, §7-2-6-9, §7-2-6-10, §7-2-6-15-3: cost changes in force apply first, then −2 per card placed; [On Play] triggers on a DigiXros play", () => {
    seen = [];
    const rs = withEffects([{ on: "played", owner: tp, label: "[On Play]", when: (_g, ev) => ev.e === "played" && ev.digiXros }], { cost: (_g, _p, a) => (a.kind === "play" ? -1 : 0) });
    const r = new DcgScenario(db, "002 §7-2-6-10", 1, rs)
      .turn(3, 0)
      .memory(0, 3)
      .hand(0, "TST-19", "TST-20", "TST-21")
      .script(0, ["Play TST-19 Shoutmon X2 (5)"], ["TST-20 Shoutmon from the hand"], ["TST-21 Ballistamon from the hand"])
      .steps(MAIN)
      .run();
    expect(r.memory(0)).toBe(2); // 6 − 1 = 5, − 2 × 2 = 1
    expect(seen).toEqual(["[On Play]"]);
  });

  it("002 §7-2-6-6, §7-2-6-14: a play by an effect (the play step the effect model calls) may DigiXros too, without paying the cost", () => {
    const r = new DcgScenario(db, "002 §7-2-6-14")
      .turn(3, 0)
      .memory(0, 0)
      .hand(0, "TST-19", "TST-20")
      .script(0, ["TST-20 Shoutmon from the hand"])
      .steps({ t: "dcg.play", card: 0, p: 0, free: true, byEffect: true })
      .run();
    expect(r.stack(r.perm(0, 0))).toEqual(["TST-20", "TST-19"]);
    expect(r.memory(0)).toBe(0);
  });
});

describe("002 §11-3-1, §10-4-2: the rule check before a pending effect activates", () => {
  it("002 §11-3-1, §10-4-2-2, §10-4-2-3, §10-1-6-4 (001 DR \"Digimon DP Reaching 0 on Play/Move\"): a Digimon played into '−2000 DP to your opponent's Digimon' is deleted by the rule check before its [On Play] can activate", () => {
    seen = [];
    const rs = withEffects(
      [
        {
          on: "played",
          owner: tp,
          label: "[On Play]",
          run: (g, pe) => seen.push(inBattleArea(g, (pe.event as { perm: number }).perm) ? "activates" : "does not activate: it left the battle area (§10-1-6-4)"),
        },
      ],
      { dp: (g, perm) => (perm.owner !== g.state.turnPlayer ? 0 : P(g, 1).battle.length ? -2000 : 0) },
    );
    const r = new DcgScenario(db, "002 §11-3-1", 1, rs).turn(3, 0).memory(0, 5).battle(1, ["TST-06"]).hand(0, "TST-03").script(0, ["Play TST-03 Redrookie (3)"]).steps(MAIN).run();
    expect(r.battle(0)).toEqual([]);
    expect(r.events("delete")[0]!.data.cause).toBe("rules");
    expect(seen).toEqual(["[On Play]", "does not activate: it left the battle area (§10-1-6-4)"]);
  });
});

describe("002 §8-1-2-7, §8-2-2: effects on a Digimon through digivolution", () => {
  it("002 §8-1-2-7: a '+2000 DP for the turn' on a Digimon still applies after it digivolves (the same Digimon)", () => {
    const r = new DcgScenario(db, "002 §8-1-2-7").turn(3, 0).memory(0, 5).battle(0, ["TST-03"]).lasting(0, 0, { dp: 2000 }).hand(0, "TST-04").script(0, ["Digivolve P1 Redrookie into TST-04 Redchampion (2)"]).steps(MAIN).run();
    expect(dpOf(r.g, r.perm(0, 0))).toBe(6000);
  });

  it("002 §8-2-2, §8-2-3, §8-2-5: DNA digivolution makes a new Digimon: effects on the bases are gone, and it is unsuspended though they were suspended", () => {
    const r = new DcgScenario(db, "002 §8-2-2")
      .turn(3, 0)
      .memory(0, 3)
      .battle(0, ["TST-05"], { suspended: true })
      .battle(0, ["TST-18"], { suspended: true })
      .lasting(0, 0, { dp: 2000 })
      .hand(0, "TST-17")
      .script(0, ["DNA digivolve P1 Redultimate + P1 Blueultimate into TST-17 Twinmon (0)"])
      .steps(MAIN)
      .run();
    const perm = r.perm(0, 0);
    expect(dpOf(r.g, perm)).toBe(12000);
    expect(perm.suspended).toBe(false);
    expect(r.stack(perm)).toEqual(["TST-18", "TST-05", "TST-17"]);
    expect(r.events("unsuspend")).toEqual([]); // not "becoming unsuspended" (§8-2-5)
  });
});
