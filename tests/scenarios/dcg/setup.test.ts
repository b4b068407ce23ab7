/**
 * DCG scenarios: before the game (002 chapter 5) and the turn's phases (002 chapter 6), each
 * test citing its sections (`002_db81695f81018ea7.txt` "002 §…", `001_9364978fb56838a3.txt`
 * "001 …"). Cards are the round-numbered test cards of `helpers.ts` (no card data needed).
 * Conventions: `put`/`deck`/`security` list cards bottom first, so the last is on top; P1 is
 * player 0.
 */
import { describe, expect, it } from "vitest";
import { Game, HALT } from "../../../runtime/core/engine.ts";
import { DCG } from "../../../runtime/rulesets/dcg/index.ts";
import { V, memoryOf } from "../../../runtime/rulesets/dcg/model.ts";
import { DcgScenario } from "../../../runtime/rulesets/dcg/scenario.ts";
import type { DcgSeat } from "../../../runtime/rulesets/dcg/setup.ts";
import { tstDb } from "./helpers.ts";

const db = tstDb();

/** A 50-card test deck (the deck rules are the deck checker's: `deck.test.ts`) and 4 Digi-Eggs. */
function seat(name: string): DcgSeat {
  const kinds = ["TST-03", "TST-04", "TST-05", "TST-06", "TST-07", "TST-08", "TST-09", "TST-10", "TST-11", "TST-14", "TST-15", "TST-20", "TST-21"];
  const main: string[] = [];
  for (let i = 0; main.length < 50; i++) main.push(kinds[i % kinds.length]!);
  return { name, main, eggs: ["TST-01", "TST-01", "TST-01", "TST-01"] };
}

describe("002 chapter 5: before the game", () => {
  it("002 §5-2-1-2..§5-2-4: shuffle, a random first player, 5 cards each, one optional redraw each (first player first), 5 security cards, memory 0, the first player's turn 1", () => {
    const g = new Game(DCG, db, { seats: [seat("A"), seat("B")] }, 7);
    const asked: { kind: string; player: number }[] = [];
    let d = g.advance();
    // The two redraw decisions come first, the first player's first (002 §5-2-1-6, §5-2-1-8).
    while (d && d.kind === "mulligan") {
      asked.push({ kind: d.kind, player: d.player });
      expect(d.options.map((o) => o.label)).toEqual(["Keep", "Redraw"]);
      g.answer([0]);
      d = g.advance();
    }
    const first = V(g).firstPlayer;
    expect(asked).toEqual([
      { kind: "mulligan", player: first },
      { kind: "mulligan", player: 1 - first },
    ]);
    // The first decision of the game proper is the first player's breeding phase (turn 1).
    expect(d!.kind).toBe("breedingAction");
    expect(d!.player).toBe(first);
    expect(g.state.turn).toBe(1);
    expect(g.state.turnPlayer).toBe(first);
    for (const p of [0, 1] as const) {
      expect(g.zone(p, "hand")).toHaveLength(5); // 002 §5-2-1-5; the first player does not draw on turn 1 (§6-4-1-1)
      expect(g.zone(p, "security")).toHaveLength(5); // §5-2-2
      expect(g.zone(p, "deck")).toHaveLength(40); // 50 − 5 − 5
      expect(g.zone(p, "eggDeck")).toHaveLength(4);
    }
    expect(memoryOf(g, first)).toBe(0); // §5-2-3
  });

  it("002 §5-2-1-7: a redraw returns the whole hand to the deck, shuffles, and draws 5 again; security is dealt after it (§5-2-2)", () => {
    const g = new Game(DCG, db, { seats: [seat("A"), seat("B")] }, 3);
    let d = g.advance()!;
    const first = d.player;
    const before = [...g.zone(first, "hand")];
    g.answer([1]); // Redraw
    d = g.advance()!;
    expect(d.kind).toBe("mulligan");
    expect(d.player).toBe(1 - first);
    expect(g.zone(first, "hand")).toHaveLength(5);
    expect(g.zone(first, "deck")).toHaveLength(45); // security not dealt yet
    expect(g.zone(first, "hand")).not.toEqual(before);
    expect(g.log.some((e) => e.kind === "redraw" && e.player === first && e.data.redraw === true)).toBe(true);
  });

  it("002 §5-2-2: security is the top 5 deck cards placed one at a time: the deck's top card ends at the bottom of the security stack", () => {
    const r = new DcgScenario(db, "002 §5-2-2")
      .deck(0, "TST-03", "TST-04", "TST-05", "TST-06", "TST-07", "TST-08", "TST-09")
      .steps({ t: "dcg.setup.security", p: 0 })
      .run();
    expect(r.zone(0, "security")).toEqual(["TST-09", "TST-08", "TST-07", "TST-06", "TST-05"]);
    expect(r.zone(0, "deck")).toEqual(["TST-03", "TST-04"]);
  });
});

describe("002 chapter 6: the turn", () => {
  it("002 §6-4-1-1: the first player does not draw in the first turn's draw phase", () => {
    const r = new DcgScenario(db, "002 §6-4-1-1 (turn 1)").turn(1, 0).first(0).deck(0, "TST-03").steps({ t: "dcg.draw", only: true }).run();
    expect(r.zone(0, "hand")).toEqual([]);
    expect(r.zone(0, "deck")).toEqual(["TST-03"]);
  });

  it("002 §6-4-1: the second player draws 1 in their first turn (turn 2), the top card", () => {
    const r = new DcgScenario(db, "002 §6-4-1 (turn 2)").turn(2, 1).first(0).deck(1, "TST-03", "TST-04").steps({ t: "dcg.draw", only: true }).run();
    expect(r.zone(1, "hand")).toEqual(["TST-04"]);
  });

  it("002 §6-4-1-2: a player who cannot draw in the draw phase because the deck is empty loses at once", () => {
    const r = new DcgScenario(db, "002 §6-4-1-2").turn(4, 1).first(0).steps({ t: "dcg.draw" }).run();
    expect(r.g.state.winner).toBe(0);
    expect(r.g.state.endReason).toMatch(/cannot draw in the draw phase.*002 §6-4-1-2/);
  });

  it("002 §6-3-1, §6-3-1-1, §6-3-1-2, §12-11-1, §12-11-4: the unsuspend phase unsuspends the turn player's Digimon and Tamers, and the opponent's Digimon with <Reboot> only", () => {
    const r = new DcgScenario(db, "002 §6-3-1")
      .turn(3, 0)
      .battle(0, ["TST-03"], { suspended: true })
      .battle(0, ["TST-14"], { suspended: true })
      .battle(1, ["TST-06"], { suspended: true })
      .battle(1, ["TST-12"], { suspended: true })
      .steps({ t: "dcg.unsuspend", only: true })
      .run();
    expect(r.perm(0, 0).suspended).toBe(false);
    expect(r.perm(0, 1).suspended).toBe(false); // a Tamer too
    expect(r.perm(1, 0).suspended).toBe(true); // the opponent's plain Digimon
    expect(r.perm(1, 1).suspended).toBe(false); // <Reboot> (002 §12-11-1)
  });

  it("002 §6-5-1, §6-5-1-1, §6-5-1-1-1, §6-5-1-1-2: with an empty breeding area and a Digi-Egg deck, hatching puts the top Digi-Egg into the breeding area as an unsuspended Digimon", () => {
    const r = new DcgScenario(db, "002 §6-5-1-1")
      .turn(1, 0)
      .eggs(0, "TST-02", "TST-01")
      .script(0, ["Hatch a Digi-Egg"])
      .steps({ t: "dcg.breeding", only: true })
      .run();
    const b = r.breeding(0)!;
    expect(r.stack(b)).toEqual(["TST-01"]);
    expect(b.suspended).toBe(false);
    expect(b.playedTurn).toBeNull(); // hatching is not playing (§6-5-1-1-2)
    expect(r.zone(0, "eggDeck")).toEqual(["TST-02"]);
  });

  it("002 §6-5-1-1, §6-5-1-2-1, §6-5-1-3, §3-4-4: no hatch while the breeding area holds a Digimon, and a Digi-Egg without DP cannot move: only 'do nothing' is left (not asked)", () => {
    const r = new DcgScenario(db, "002 §6-5-1-2-1").turn(1, 0).eggs(0, "TST-01").breeding(0, ["TST-01"]).steps({ t: "dcg.breeding", only: true }).run();
    expect(r.breeding(0)).not.toBeNull();
    expect(r.events("breeding")[0]!.text).toMatch(/does nothing/);
  });

  it("002 §6-5-1-2, §4-12-3-5, §6-5-1-2-2: a Digimon with DP moves to the battle area keeping its state, is not played, and may attack this turn", () => {
    const r = new DcgScenario(db, "002 §6-5-1-2")
      .turn(3, 0)
      .memory(0, 3)
      .breeding(0, ["TST-01", "TST-03"])
      .security(1, "TST-06", "TST-15")
      .script(0, ["Move TST-03 Redrookie to the battle area"], ["Attack with P1 Redrookie → P2"])
      .steps({ t: "dcg.breeding", only: true }, { t: "dcg.main", only: true })
      .run();
    expect(r.breeding(0)).toBeNull();
    expect(r.stack(r.perm(0, 0))).toEqual(["TST-01", "TST-03"]);
    expect(r.perm(0, 0).suspended).toBe(true); // it attacked
    expect(r.zone(1, "trash")).toEqual(["TST-15"]); // the checked Option card is trashed (§9-2-1-7-3-3)
  });

  it("002 §6-5-1-2: a Digi-Egg with DP in the breeding area can also move (002 reads 'has DP', not 001's 'level 3 or higher')", () => {
    const r = new DcgScenario(db, "002 §6-5-1-2 (Digi-Egg with DP)")
      .turn(3, 0)
      .breeding(0, ["TST-26"])
      .script(0, ["Move TST-26 Strongegg to the battle area"])
      .steps({ t: "dcg.breeding", only: true })
      .run();
    expect(r.stack(r.perm(0, 0))).toEqual(["TST-26"]);
  });

  it("002 §6-6-3-1, §6-6-3-2: passing moves the memory counter to 3 on the opponent's side whatever it was, and the turn passes to them (with nothing else legal, the pass is not even asked)", () => {
    const r = new DcgScenario(db, "002 §6-6-3-2").turn(3, 0).memory(0, 5).stopAfterTurn(3).steps({ t: "dcg.main" }).run();
    expect(r.g.state.turnPlayer).toBe(1);
    expect(r.memory(1)).toBe(3);
    expect(r.g.state.turn).toBe(4);
  });

  it("002 §4-1-3, §6-7-1-1, §6-7-2-2 (001 p.12): a play whose cost takes memory to the opponent's side completes, then the turn passes and the opponent starts with the surplus", () => {
    const r = new DcgScenario(db, "002 §6-7-1-1")
      .turn(3, 0)
      .memory(0, 2)
      .hand(0, "TST-04")
      .stopAfterTurn(3)
      .script(0, ["Play TST-04 Redchampion (5)"])
      .steps({ t: "dcg.main" })
      .run();
    expect(r.stack(r.perm(0, 0))).toEqual(["TST-04"]);
    expect(r.g.state.turnPlayer).toBe(1);
    expect(r.memory(1)).toBe(3); // 2 − 5 = −3 on P1's side = 3 on P2's
  });

  it("002 §6-7-1 (001 p.12): memory exactly 0 after an action is not on the opponent's side: the turn goes on", () => {
    const r = new DcgScenario(db, "002 §6-7-1 (memory 0)")
      .turn(3, 0)
      .memory(0, 3)
      .hand(0, "TST-03", "TST-20")
      .stopAfterTurn(3)
      .script(0, ["Play TST-03 Redrookie (3)"], ["Pass"])
      .steps({ t: "dcg.main" })
      .run();
    expect(r.events("play")).toHaveLength(1);
    expect(r.events("pass")).toHaveLength(1); // asked again at 0 memory, then passed
    expect(r.memory(1)).toBe(3);
  });

  it("002 §4-1-4 (001 Q&A Main Q8): a cost that would take memory beyond 10 on the opponent's side is not offered; exactly 10 is", () => {
    const r = new DcgScenario(db, "002 §4-1-4").turn(3, 0).memory(0, 0).hand(0, "TST-23", "TST-25");
    const g = r.g;
    g.push({ t: "dcg.main" }, { t: HALT });
    const d = g.advance()!;
    expect(d.options.map((o) => o.label)).toEqual(["Play TST-25 Tenmon (10)", "Pass"]);
  });

  it("002 §4-1-4: the memory gauge stops at 10 on either side", () => {
    const r = new DcgScenario(db, "002 §4-1-4 (cap)").memory(0, 14).run();
    expect(r.memory(0)).toBe(10);
  });
});
