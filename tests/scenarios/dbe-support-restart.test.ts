/**
 * Support Phase 5.4 (`000_012504f4614e5b24.txt`): "After both supports are used (fully
 * resolved), if there are any remaining unused supports (placed there by card effects),
 * continue by restarting the resolution step from the beginning."
 */
import { describe, expect, it } from "vitest";
import { DbeScenario } from "../../runtime/rulesets/dbe/scenario.ts";
import { scenarioDb } from "./helpers.ts";

const db = scenarioDb();

describe("Support Phase 5.4 — extra supports restart resolution", () => {
  it("an unused support left in the Support Zone after resolution (as if placed by an effect) is resolved by a restart; a used one is not resolved again", () => {
    const s = new DbeScenario(db, "restart").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-016", { attack: "circle" })
      .support(0, "DBE-R20"); // Attack Chip: Boost all own Power +300 (already used)
    s.g.card(s.top(0, "support")).vars.used = true;
    s.support(1, "DBE-R20"); // an extra support placed by an effect, not yet used
    const r = s.steps({ t: "dbe.support.restart" }).run();
    // Only P2's extra Attack Chip resolves: Lalamon's Circle 260 + 300; Agumon stays at 300.
    expect(r.player(1).power.circle).toBe(560);
    expect(r.player(0).power.circle).toBe(300);
    expect(r.events("supportRestart")).toHaveLength(1);
  });

  it("with every support used there is no restart", () => {
    const s = new DbeScenario(db, "no restart").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-016", { attack: "circle" })
      .support(0, "DBE-R20").support(1, "DBE-R20");
    const r = s.steps({ t: "dbe.support.resolve" }).run();
    expect([r.player(0).power.circle, r.player(1).power.circle]).toEqual([600, 560]);
    expect(r.events("supportRestart")).toHaveLength(0);
  });
});
