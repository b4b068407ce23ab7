/**
 * The board read from the game state through the DBE model: active with HP and current
 * Power (continuous effects included), attachments, DP, counts, Destiny Zone, KO points,
 * supports waiting to resolve, and hidden cards hidden from the viewer.
 */
import { describe, expect, it } from "vitest";
import { cardDb } from "../../../runtime/rulesets/dbe/index.ts";
import { DbeScenario } from "../../../runtime/rulesets/dbe/scenario.ts";
import { boardOf } from "./board.ts";
import { workspaceCards } from "./test-cards.ts";

const db = cardDb(workspaceCards());

describe("boardOf", () => {
  const s = new DbeScenario(db, "board")
    .turn(3, 1)
    .put(0, "active", "DS1-001")
    .active(0, "DS1-007", { attack: "circle", hp: 480, flats: 1, ko: 2 })
    .put(0, "attachment", "EX-018")
    .put(0, "dp", "DS1-032", "DS1-004")
    .put(0, "hand", "DS1-002", "DS1-003")
    .put(0, "deck", "DS1-005", "DS1-006", "DS1-009")
    .put(0, "destinyZone", "DS1-015")
    .support(0, "DS1-033")
    .active(1, "DS1-016", { attack: "cross" })
    .put(1, "hand", "DS1-017");
  const g = s.g;

  it("shows everything to a null viewer", () => {
    const b = boardOf(g, null);
    expect([b.turn, b.turnPlayer, b.over]).toEqual([3, 1, false]);
    const p = b.players[0];
    expect(p.name).toBe("P1");
    expect([p.ko, p.koToWin]).toEqual([2, 4]);
    expect(p.active).toMatchObject({ card: { label: "DS1-007 Greymon" }, level: "C", hp: 480, flats: 1, abnormal: false });
    expect(p.active!.stack.map((c) => c.label)).toEqual(["DS1-001 Agumon"]);
    // Greymon's "Active Zone: Boost own Circle Power +100." and Courage Crest's "While
    // attached, Boost own Circle Power +100." — continuous effects, through powerOf.
    const printed = db.get("DS1-007")!.stats.circle!.power;
    expect(p.active!.attacks[0]).toMatchObject({ slot: "circle", name: "Mega Flame", power: printed + 200 });
    expect(p.active!.attacks[2]).toMatchObject({ slot: "cross", ability: "Killer Circle" });
    expect(p.attachments.map((c) => c.label)).toEqual(["EX-018 Courage Crest"]);
    expect(p.dp.total).toBe((db.get("DS1-032")!.stats.plusP ?? 0) + (db.get("DS1-004")!.stats.plusP ?? 0));
    expect([p.hand.count, p.deck, p.destinyZone.length]).toEqual([2, 3, 1]);
    expect(p.supports).toEqual([{ card: expect.objectContaining({ label: "DS1-033 Burst Drive" }), state: "waiting", blind: false }]);
    expect(p.attack).toBe("circle");
  });

  it("hides the opponent's hand and chosen attack from a player's view", () => {
    const b = boardOf(g, 0);
    expect(b.players[0].hand.cards.every((c) => c.label !== null)).toBe(true);
    expect(b.players[1].hand.cards).toEqual([{ id: expect.any(Number), label: null, key: null }]);
    expect(b.players[1].attack).toBe("hidden");
    expect(b.players[1].active!.card.label).toBe("DS1-016 Lalamon");
  });

  it("marks resolved supports", () => {
    g.card(s.top(0, "support")).vars.used = true;
    expect(boardOf(g, null).players[0].supports[0]!.state).toBe("resolved");
  });
});
