/**
 * The DMB scenario builder: {@link DbeScenario} playing by the DMB ruleset
 * (`003_7a740b8ec9103d40.txt`). Everything else is the DBE builder's: cards put directly into
 * zones, every decision scripted, the rules steps queued and run, strict about unscripted
 * decisions and unused answers. A scenario skips the setup (003, Prep Phase "Before the game
 * begins" 1–3).
 *
 * ```ts
 * const r = new DmbScenario(db, "003, Support Phase 5.1: a void nullifies the card")
 *   .turn(3, 0)
 *   .active(0, "DS1-001", { attack: "circle" })
 *   .active(1, "DS1-001", { attack: "circle" })
 *   .support(0, "TST-006").support(1, "TST-006")
 *   .steps({ t: "dbe.support.resolve" })
 *   .run();
 * expect(r.player(0).power.circle).toBe(600);
 * ```
 *
 * The same scenario under both rulesets (to show a difference): build it with
 * `new DbeScenario(db, name, seed, ruleset)`, or with `tests/scenarios/dmb-helpers.ts`
 * `scenario("dbe" | "dmb", …)`.
 */
import type { CompiledCard } from "../../card.ts";
import type { CardDb } from "../../core/engine.ts";
import { DbeScenario } from "../dbe/scenario.ts";
import { DMB } from "./index.ts";

export type { ScenarioResult } from "../dbe/scenario.ts";

/** Builds and runs one scenario under the DMB rules (module comment). */
export class DmbScenario extends DbeScenario {
  /**
   * @param db the cards the scenario may use
   * @param name the scenario's name, citing its 003 section
   * @param seed the game's seed (shuffles), default 1
   */
  constructor(db: CardDb<CompiledCard>, name: string, seed = 1) {
    super(db, name, seed, DMB);
  }
}
