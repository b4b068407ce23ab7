/**
 * Rules-accuracy scenarios: the worked examples of the DBE rules FAQ and glossary
 * (`000_012504f4614e5b24.txt`), each citing its section. Expected values are computed by
 * hand from the rules text and the printed cards.
 */
import { describe, expect, it } from "vitest";
import { DbeScenario } from "../../runtime/rulesets/dbe/scenario.ts";
import { scenarioDb } from "./helpers.ts";

const db = scenarioDb();
const sup = (p: 0 | 1, card: number) => ({ t: "dbe.support.one", p, card });

describe("FAQ \"Conditionals\" — EX-035 Palmon: If both attacks are same, Boost own Power +400. If not, recycle 3 and shuffle", () => {
  it("same attacks: Power +400, no recycle", () => {
    const s = new DbeScenario(db, "Palmon, same attacks").turn(2, 0)
      .active(0, "EX-035", { attack: "circle" }).active(1, "DS1-016", { attack: "circle" })
      .put(0, "trash", "DS1-001", "DS1-002", "DS1-003").support(0, "EX-035");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.player(0).power.circle).toBe(290 + 400);
    expect(r.zone(0, "trash")).toHaveLength(3);
  });
  it("different attacks: the If misfires, so If not recycles 3 (and nothing is boosted)", () => {
    const s = new DbeScenario(db, "Palmon, different attacks").turn(2, 0)
      .active(0, "EX-035", { attack: "circle" }).active(1, "DS1-016", { attack: "cross" })
      .put(0, "trash", "DS1-001", "DS1-002", "DS1-003").support(0, "EX-035");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.player(0).power.circle).toBe(290);
    expect(r.zone(0, "trash")).toHaveLength(0);
    expect(r.zone(0, "deck")).toHaveLength(3);
    expect(r.events("misfire")).toHaveLength(1);
  });
});

describe("FAQ \"Interrupting effects/triggers\" — Ebemon", () => {
  it("Example 1 (effect interrupt): Ogremon's sentences are interrupted by Ebemon after the discard and after the doubling", () => {
    const s = new DbeScenario(db, "Ebemon effect interrupt").turn(2, 0)
      .active(0, "DBE-R06", { attack: "circle" }).active(1, "DBE-R13", { attack: "circle" })
      .put(0, "hand", "DS1-001", "DS1-002").put(0, "deck", "DS1-003", "DS1-004", "DS1-009")
      .put(1, "deck", "DS1-016", "DS1-017").support(0, "DBE-R06");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    const order = r.g.log.filter((e) => ["discard", "trigger", "setPower", "boost", "draw"].includes(e.kind)).map((e) => `${e.kind}:P${e.player! + 1}`);
    expect(order).toEqual(["discard:P1", "trigger:P2", "draw:P2", "setPower:P1", "trigger:P2", "boost:P2", "draw:P1"]);
    expect(r.zone(1, "hand")).toHaveLength(1);
    expect(r.player(1).power.circle).toBe(780 + 200);
  });
  it("Example 2 (cost interrupt): Missile Pod's cost discards, Ebemon waits until the doubling sentence is done, then both triggers resolve before the next sentence", () => {
    const s = new DbeScenario(db, "Ebemon cost interrupt").turn(2, 0)
      .active(0, "DS1-016", { attack: "circle" }).active(1, "DBE-R13", { attack: "circle" })
      .put(0, "hand", "DS1-001").put(1, "deck", "DS1-016", "DS1-017").support(0, "DBE-R19")
      .script(0, ["Yes"])
      .script(1, [0, 1]);
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    const order = r.g.log.filter((e) => ["discard", "trigger", "setPower", "boost", "draw", "gainAbility", "misfire"].includes(e.kind)).map((e) => `${e.kind}:P${e.player! + 1}`);
    // Both conditions were met while waiting: P2 orders its two simultaneous triggers
    // (scripted: draw first), then Missile Pod's condition sentence resolves.
    expect(order.slice(0, 6)).toEqual(["discard:P1", "setPower:P1", "trigger:P2", "draw:P2", "trigger:P2", "boost:P2"]);
    expect(order.length).toBe(7);
    expect(r.player(0).power.circle).toBe(260 * 2);
  });
});

describe("FAQ \"Costs vs Effects\"", () => {
  it("BR-171 Mega Disk \"Must Trash 6\" with a 4-card deck: trashes 4 (they stay: hidden cards were revealed) and misfires", () => {
    const s = new DbeScenario(db, "Mega Disk short deck").turn(2, 0)
      .active(0, "DS1-016", { attack: "circle", hp: 300 }).active(1, "DS1-001", { attack: "circle" })
      .put(0, "deck", "DS1-001", "DS1-002", "DS1-003", "DS1-004").support(0, "BR-171");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(0, "deck")).toHaveLength(0);
    expect(r.zone(0, "trash")).toHaveLength(4);
    expect(r.player(0).hp).toBe(300);
    expect(r.events("misfire")).toHaveLength(1);
  });
  it("a cost that cannot be completed and reveals nothing rolls back and leaves no trace (DBE-R12 Devidramon, Discard 1 with an empty hand)", () => {
    const s = new DbeScenario(db, "Devidramon empty hand").turn(2, 0)
      .active(0, "DBE-R12", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .support(0, "DBE-R12").script(0, ["Yes"]);
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.player(0).power.circle).toBe(540);
    expect(r.g.log.map((e) => e.kind)).toEqual(["misfire"]);
  });
});
