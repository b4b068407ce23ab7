/**
 * DMB scenarios (`003_7a740b8ec9103d40.txt`): the cards, and the same scenario under either
 * ruleset. The builder is `runtime/rulesets/dmb/scenario.ts` `DmbScenario` (the DBE builder
 * playing by DMB's rules); the helpers of `helpers.ts` (`pending`, `labels`, `keys`, `sup`,
 * `win`) work with it unchanged.
 *
 * A difference between the rulesets is shown by building one scenario twice and asserting
 * both outcomes:
 *
 * ```ts
 * const play = (rules: Rules) => scenario(rules, db, "…").turn(3, 0)…run();
 * expect(play("dbe").player(0).abnormal).toBe(false); // 000's rule
 * expect(play("dmb").player(0).abnormal).toBe(true); // 003's rule
 * ```
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { CompiledCard } from "../../runtime/card.ts";
import type { CardDb } from "../../runtime/core/engine.ts";
import { cardDb } from "../../runtime/rulesets/dbe/index.ts";
import { DbeScenario } from "../../runtime/rulesets/dbe/scenario.ts";
import { DmbScenario } from "../../runtime/rulesets/dmb/scenario.ts";
import { compileCards } from "./helpers.ts";

export { keys, labels, pending, sup, win } from "./helpers.ts";
export { DmbScenario };

const ROOT = join(import.meta.dirname, "..", "..");

/** The two rulesets a scenario may play by: DBE (000) and DMB (003). */
export type Rules = "dbe" | "dmb";

/**
 * The bundled DBE/DS1 cards (every bundled DMB deck is made of them) plus an optional inline
 * test set (set code TST, `ruleset dmb`), compiled from their text.
 */
export function dmbDb(extra = ""): CardDb<CompiledCard> & { all: CompiledCard[] } {
  const files = ["cards/dbe/rules-cards.dgs", "cards/dbe/starter.dgs"].map((f) => ({ file: f, text: readFileSync(join(ROOT, f), "utf8") }));
  if (extra) files.push({ file: "test-dmb.dgs", text: `set TST Scenario test cards (DMB)\nruleset dmb\n\n${extra}` });
  return cardDb(compileCards(files));
}

/**
 * A scenario playing by the given rules: `DmbScenario` for "dmb", `DbeScenario` for "dbe".
 * @param name the scenario's name; the ruleset is added to it in failure messages
 */
export function scenario(rules: Rules, db: CardDb<CompiledCard>, name: string, seed = 1): DbeScenario {
  return rules === "dmb" ? new DmbScenario(db, `${name} [DMB]`, seed) : new DbeScenario(db, `${name} [DBE]`, seed);
}
