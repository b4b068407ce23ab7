/**
 * Rules processing (002 chapter 11): the rule
 * check run after every action and every effect's activation (§11-3-1), never during one
 * (§11-3-2). Victory conditions (RP-1) are met at the moments the rules name — the draw
 * phase (§6-4-1-2) and an attack confirmed on a player with no security (§9-3-6) — and end
 * the game there (`turn.ts`, `attack.ts`); what remains for the check is the state of the
 * battle area.
 */
import type { Game, Task } from "../../core/engine.ts";
import { P, def, isDigimon, topOf, type DcgPermanent } from "./model.ts";
import { dpOf, lastingDpOf } from "./continuous.ts";
import { hostOf } from "./events.ts";
import { trashPermanent } from "./moves.ts";

/**
 * The rule check (RP-2, RP-3):
 * - every Digimon in the battle area without DP is trashed, not deleted (§4-12-2-2-1,
 *   §4-12-2-3). The breeding area is not checked (§3-4-6; a Digi-Egg there has no DP);
 * - every Digimon in the battle area with 0 DP is to be deleted by the rules, all at once, the
 *   turn player's first (002 §4-12-1-1-2; 001 DR "Zero DP Digimon"): they are returned, and the
 *   caller deletes them with the `dcg.delete` task ("would be deleted" effects such as
 *   <Armor Purge> apply to rules deletions too: §12-19-5), then checks again (a deletion can
 *   end a continuous effect that kept another Digimon above 0 DP).
 * The deletions raise `deleted` ([On Deletion]) into the effects triggered since the last
 * settle, so they join the same batch (002 §11-3, §4-5-3: triggered effects wait, pending,
 * until the rule check is done).
 * @returns the Digimon with 0 DP, the turn player's first
 */
export function ruleCheck(g: Game): DcgPermanent[] {
  const zero: DcgPermanent[] = [];
  const noDp: DcgPermanent[] = [];
  const tp = g.state.turnPlayer;
  // When no effect in force can lower DP, a Digimon whose printed and lasting DP is above 0
  // has DP above 0: its continuous DP need not be read (the host says reading it is pure).
  const raisedOnly = hostOf(g).dpNeverLowered?.(g) === true;
  for (const p of [tp, tp === 0 ? 1 : 0] as const)
    for (const perm of P(g, p).battle) {
      if (!isDigimon(g, perm)) continue;
      if (raisedOnly) {
        const printed = def(g, topOf(perm)).stats.dp;
        if (printed !== null && printed + lastingDpOf(g, perm) > 0) continue;
      }
      const dp = dpOf(g, perm);
      if (dp === null) noDp.push(perm);
      else if (dp <= 0) zero.push(perm);
    }
  for (const perm of noDp) trashPermanent(g, perm, "rules");
  return zero;
}

/** The `dcg.delete` task that deletes the rule check's 0-DP Digimon (002 §4-12-1-1-2). */
export function ruleDeletion(zero: readonly DcgPermanent[]): Task {
  return { t: "dcg.delete", perms: zero.map((x) => x.id), cause: "rules", by: null };
}
