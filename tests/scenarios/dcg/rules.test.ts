/**
 * DCG scenarios: rules processing (002 chapter 11, §4-12), lasting effects ending with the
 * turn (§6-7-2-2, §6-7-5, §10-4-9-3), the pending-effect order (§4-5, §4-6) and loops (§13-1)
 * — the last ones through a small test effect host (`events.ts` `EffectHost`), the hook the
 * effect model plugs into.
 */
import { describe, expect, it } from "vitest";
import { Game } from "../../../runtime/core/engine.ts";
import type { Json, PlayerIndex } from "../../../runtime/core/state.ts";
import { dcgRuleset, NO_CARD_EFFECTS, type EffectHost } from "../../../runtime/rulesets/dcg/index.ts";
import { P, V, topOf, type PendingEffect } from "../../../runtime/rulesets/dcg/model.ts";
import { optKey, optUses, raise, spendOpt, type DcgEventData } from "../../../runtime/rulesets/dcg/events.ts";
import { DcgScenario } from "../../../runtime/rulesets/dcg/scenario.ts";
import { createToken, deletePermanents, sendPermanent } from "../../../runtime/rulesets/dcg/moves.ts";
import { dcgInvariants } from "../../../runtime/rulesets/dcg/sim.ts";
import { tstDb } from "./helpers.ts";

const db = tstDb();

describe("002 chapter 11: the rule check", () => {
  it("002 §4-12-1-1-2, §11-3-1 (001 DR \"Zero DP Digimon\"): a Digimon in the battle area at 0 DP is deleted by the rules at the next rule check", () => {
    const r = new DcgScenario(db, "002 §4-12-1-1-2").turn(3, 0).battle(1, ["TST-06"]).lasting(1, 0, { dp: -3000 }, { controller: 0 }).steps({ t: "dcg.settle" }).run();
    expect(r.battle(1)).toEqual([]);
    expect(r.zone(1, "trash")).toEqual(["TST-06"]);
    expect(r.events("delete")[0]!.data.cause).toBe("rules");
  });

  it("002 §1-3-6: DP below 0 reads as 0 (−5000 on a 3000 DP Digimon is deleted, not 'negative')", () => {
    const r = new DcgScenario(db, "002 §1-3-6").turn(3, 0).battle(1, ["TST-06"]).lasting(1, 0, { dp: -5000 }, { controller: 0 }).steps({ t: "dcg.settle" }).run();
    expect(r.battle(1)).toEqual([]);
  });

  it("002 §4-12-2-2-1, §4-12-2-3: a Digimon without DP in the battle area is trashed at the rule check, not deleted; a Tamer (no DP) stays", () => {
    const r = new DcgScenario(db, "002 §4-12-2-2-1").turn(3, 0).battle(0, ["TST-01"]).battle(0, ["TST-14"]).breeding(0, ["TST-01"]).steps({ t: "dcg.settle" }).run();
    expect(r.battle(0).map((x) => r.stack(x))).toEqual([["TST-14"]]);
    expect(r.zone(0, "trash")).toEqual(["TST-01"]);
    expect(r.events("delete")).toEqual([]);
    expect(r.events("trash")).toHaveLength(1);
    expect(r.breeding(0)).not.toBeNull(); // the breeding area is not checked (§3-4-6)
  });
});

describe("002 §11-5, §4-19: leaving play to the hand, deck or security (the moves effects will use)", () => {
  it("002 §11-5-1, §11-6-1-2: a Digimon returned to the hand takes only its top card there; its digivolution cards are trashed", () => {
    const s = new DcgScenario(db, "002 §11-5-1").turn(3, 0).battle(1, ["TST-01", "TST-03", "TST-04"]);
    const snap = sendPermanent(s.g, P(s.g, 1).battle[0]!, "hand");
    const r = s.run();
    expect(r.battle(1)).toEqual([]);
    expect(r.zone(1, "hand")).toEqual(["TST-04"]);
    expect(r.zone(1, "trash")).toEqual(["TST-01", "TST-03"]);
    expect(snap!.cards).toHaveLength(3);
  });

  it("002 §11-5-2, §11-5-4: a Digi-Egg sent to the hand goes face down to the bottom of the Digi-Egg deck instead ('returned' but not 'added')", () => {
    const s = new DcgScenario(db, "002 §11-5-2").turn(3, 0).eggs(1, "TST-02").battle(1, ["TST-01"]);
    sendPermanent(s.g, P(s.g, 1).battle[0]!, "hand");
    const r = s.run();
    expect(r.zone(1, "eggDeck")).toEqual(["TST-01", "TST-02"]);
    expect(r.zone(1, "hand")).toEqual([]);
  });

  it("002 §11-5-1: a Digimon placed on top of the security stack (or the deck's bottom) goes there alone", () => {
    const s = new DcgScenario(db, "002 §11-5-1 (security)").turn(3, 0).security(1, "TST-15").deck(1, "TST-20").battle(1, ["TST-03", "TST-04"]).battle(1, ["TST-06"]);
    sendPermanent(s.g, P(s.g, 1).battle[0]!, "security");
    sendPermanent(s.g, P(s.g, 1).battle[0]!, "deckBottom");
    const r = s.run();
    expect(r.zone(1, "security")).toEqual(["TST-15", "TST-04"]);
    expect(r.zone(1, "deck")).toEqual(["TST-06", "TST-20"]);
  });

  it("002 §4-19-1, §4-19-2-3, §11-5-3, §4-12-1-2: a Token is played from outside the game; deleted or returned, it is removed from the game", () => {
    const s = new DcgScenario(db, "002 §4-19-2-3").turn(3, 0);
    const a = createToken(s.g, 0, "TST-03");
    const b = createToken(s.g, 0, "TST-06");
    expect(P(s.g, 0).battle.map((x) => x.token)).toEqual([true, true]);
    deletePermanents(s.g, [a], "effect");
    sendPermanent(s.g, b, "hand");
    const r = s.run();
    expect(r.battle(0)).toEqual([]);
    expect(r.zone(0, "trash")).toEqual([]);
    expect(r.zone(0, "hand")).toEqual([]);
    expect(r.zone(0, "removed")).toEqual(["TST-03", "TST-06"]);
    expect(dcgInvariants(r.g)).toEqual([]);
  });
});

describe("002 §6-7-2-2, §6-7-5, §10-4-9-3: lasting effects and the turn change", () => {
  it("002 §6-7-2-2: a '+2000 DP for the turn' ends when the turn passes; a Digimon it kept above 0 DP is then deleted by the rules", () => {
    const r = new DcgScenario(db, "002 §6-7-2-2")
      .turn(3, 0)
      .battle(0, ["TST-06"])
      .lasting(0, 0, { dp: 2000 })
      .lasting(0, 0, { dp: -5000 }, { until: "opponentsNextTurn", controller: 1 })
      .stopAfterTurn(3)
      .steps({ t: "dcg.turnSwitch" })
      .run();
    expect(r.battle(0)).toEqual([]);
    expect(r.g.state.turnPlayer).toBe(1);
  });

  it("002 §6-7-5: 'until the end of your opponent's next turn' lasts through the opponent's turn and ends at its end", () => {
    // Ending P1's own turn 3 keeps it.
    const kept = new DcgScenario(db, "002 §6-7-5 (kept)").turn(3, 0).battle(1, ["TST-06"]).lasting(1, 0, { dp: 1000 }, { until: "opponentsNextTurn", controller: 0 }).stopAfterTurn(3).steps({ t: "dcg.turnSwitch" }).run();
    expect(V(kept.g).lasting).toHaveLength(1);
    // P2's turn 4 runs (draw, nothing to do, pass); its end ends the effect.
    const ended = new DcgScenario(db, "002 §6-7-5 (ended)").turn(3, 0).battle(1, ["TST-06"]).deck(1, "TST-03").lasting(1, 0, { dp: 1000 }, { until: "opponentsNextTurn", controller: 0 }).stopAfterTurn(4).script(1, ["Pass"]).steps({ t: "dcg.turnSwitch" }).run();
    expect(ended.g.state.turn).toBe(5);
    expect(V(ended.g).lasting).toEqual([]);
  });

  it("002 §4-15: [Once Per Turn] uses are counted per object, card incarnation and effect, and start again when the turn passes", () => {
    const s = new DcgScenario(db, "002 §4-15").turn(3, 0).battle(0, ["TST-03"]).stopAfterTurn(3);
    const perm = P(s.g, 0).battle[0]!;
    const key = optKey(perm.id, topOf(perm), 0, "inherited", 0);
    spendOpt(s.g, key);
    expect(optUses(s.g, key)).toBe(1);
    expect(optUses(s.g, optKey(perm.id, topOf(perm), 1, "inherited", 0))).toBe(0); // the card came back: a new incarnation (§4-15-6)
    const r = s.steps({ t: "dcg.turnSwitch" }).run();
    expect(optUses(r.g, key)).toBe(0);
  });
});

/** A pending effect of a test host: a label, its owner and the card it comes from. */
function pe(owner: PlayerIndex, card: number, label: string, ev: DcgEventData): PendingEffect {
  return { owner, kind: "card", card, perm: null, box: "effect", index: 0, keyword: null, event: ev as unknown as { [k: string]: Json }, label };
}

describe("002 §4-5, §4-6: pending effects, one at a time, the turn player's first", () => {
  /**
   * A host in which every Digimon in play has "[Start of Your Turn]" / "[Start of Opponent's
   * Turn]" effects named after its card (each card name a letter), and "D" on P2's side also
   * triggers "when an effect of the opponent activates" (raised by A's activation).
   */
  const order: string[] = [];
  const host: EffectHost = {
    ...NO_CARD_EFFECTS,
    name: "test",
    collect(g, ev, out) {
      if (ev.e === "turnStart" || ev.e === "deleted")
        for (const p of [0, 1] as const)
          for (const perm of P(g, p).battle) if (ev.e === "turnStart") out.push(pe(p, topOf(perm), `${g.card(topOf(perm)).def} of P${p + 1}`, ev));
      if (ev.e === "deleted") out.push(pe(ev.snapshot.owner, ev.snapshot.top, `on deletion of P${ev.snapshot.owner + 1}`, ev));
      if (ev.e === "suspended" && ev.why === "effect") out.push(pe(1, 0, "reaction of P2", ev));
    },
    activate(g, x) {
      order.push(x.label);
      if (x.label === "TST-03 of P1") raise(g, { e: "suspended", perm: P(g, 0).battle[0]!.id, why: "effect" });
    },
  };
  const ruleset = dcgRuleset(host);

  it("002 §4-6-1..4, §4-5-3, §1-3-4 (001 p.13): simultaneous effects: the turn player's first, each player choosing which of theirs is next, one at a time", () => {
    order.length = 0;
    new DcgScenario(db, "002 §4-6-4", 1, ruleset)
      .turn(3, 0)
      .battle(0, ["TST-04"])
      .battle(0, ["TST-05"])
      .battle(1, ["TST-06"])
      .script(0, ["TST-05 of P1"])
      .steps({ t: "dcg.turn", only: true })
      .run();
    expect(order).toEqual(["TST-05 of P1", "TST-04 of P1", "TST-06 of P2"]);
  });

  it("002 §4-6-5 (001 p.13): an effect triggered by an activation activates before the other pending effects, even the non-turn player's", () => {
    order.length = 0;
    new DcgScenario(db, "002 §4-6-5", 1, ruleset)
      .turn(3, 0)
      .battle(0, ["TST-03"])
      .battle(0, ["TST-04"])
      .battle(1, ["TST-06"])
      .script(0, ["TST-03 of P1"])
      .steps({ t: "dcg.turn", only: true })
      .run();
    expect(order).toEqual(["TST-03 of P1", "reaction of P2", "TST-04 of P1", "TST-06 of P2"]);
  });

  it("002 §10-4-9-3: what a turn change's expiry deletes triggers together with the new turn's start-of-turn effects (the new turn player's first)", () => {
    order.length = 0;
    new DcgScenario(db, "002 §10-4-9-3", 1, ruleset)
      .turn(3, 0)
      .battle(0, ["TST-06"])
      .lasting(0, 0, { dp: 2000 })
      .lasting(0, 0, { dp: -5000 }, { until: "opponentsNextTurn", controller: 1 })
      .battle(1, ["TST-04"])
      .steps({ t: "dcg.turnSwitch" }, { t: "dcg.turn", only: true })
      .run();
    // One batch: P2 (the new turn player) first although P1's deletion happened earlier.
    expect(order).toEqual(["TST-04 of P2", "on deletion of P1"]);
  });

  it("002 §6-6-2, §6-6-3-3, §10-4-6-2: no main-phase action (nor a pass) is asked while an effect is pending (the rules code refuses to)", () => {
    const s = new DcgScenario(db, "002 §6-6-2", 1, ruleset).turn(3, 0).battle(0, ["TST-04"]);
    raise(s.g, { e: "turnStart", player: 0 });
    expect(() => s.steps({ t: "dcg.main" }).run()).toThrow(/while an effect is pending \(002 §6-6-2\)/);
  });
});

describe("002 §13-1: loops", () => {
  it("002 §13-1-1-1: two effects triggering each other forever, with no choice to stop them, end the game in a draw naming the effect", () => {
    const host: EffectHost = {
      ...NO_CARD_EFFECTS,
      name: "loop",
      collect(g, ev, out) {
        if (ev.e === "turnStart") out.push(pe(ev.player, 0, "Loopmon: [Start of Your Turn] start the turn again", ev));
      },
      activate(g, x) {
        raise(g, { e: "turnStart", player: x.owner });
      },
    };
    const g = new Game(dcgRuleset(host), db, { seats: [{ name: "A", main: [], eggs: [] }, { name: "B", main: [], eggs: [] }], scenario: true }, 1, { log: false, maxTurnTasks: 5_000 });
    g.state.turn = 3;
    g.push({ t: "dcg.turn" });
    expect(g.advance()).toBeNull();
    expect(g.state.winner).toBe("draw");
    expect(g.state.endReason).toMatch(/unbreakable loop: .*Loopmon.*002 §13-1-1-1/);
  });
});
