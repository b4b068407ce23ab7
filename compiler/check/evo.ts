/**
 * The meaning of an evo-box bonus beyond its words: which player it is aimed at.
 *
 * FAQ "Why do some evo-bonuses appear to be bad for me or seem permanent?" — "Negative
 * Effects in Evo-boxes – Any effect in an evo-box bonus that would be intuitively 'negative'
 * (i.e. have a bad effect on the game state) to its owner is meant to apply to the opponent.
 * […] Example: 'Discard 1' is a compactified phrasing of 'opponent discards 1'."
 * (`000_012504f4614e5b24.txt`, Rules FAQ.) The checked IR says what the card does, so such
 * a bonus aimed at its owner ("own", the default of an unnamed player) is aimed at the
 * opponent there, and a compiled card shows it.
 */
import type { Action, EvoEntry } from "../../runtime/ir.ts";

/**
 * Whether an action aimed at its owner would be bad for them. Reading: discarding (hand or
 * DP), trashing from the deck, Static (deleting cards of the trash), flat tokens, lowering
 * Power, HP or DP by a constant, and restrictions that take something away ("cannot get 1st
 * Attack", "cannot use Any Phase effects", "cannot evolve"; not the protections "cannot be
 * countered / voided / lowered"). The FAQ's "when ambiguous, the player applying the bonus
 * chooses" is not read into anything else: every other action stays the owner's.
 */
export function negativeForOwner(a: Action): boolean {
  switch (a.kind) {
    case "prohibit":
      return a.what === "gainFirstAttack" || a.what === "useAnyPhase" || a.what === "evolve" || a.what === "mulligan" || a.what === "support";
    case "discard":
    case "trash":
    case "static":
    case "flatten":
      return true;
    case "boost":
    case "recover":
      return a.amount.kind === "const" && a.amount.value < 0;
    case "changeDp":
      return a.amount < 0;
    default:
      return false;
  }
}

/**
 * An evo-box entry with its negative bonuses aimed at the opponent (module comment); other
 * entries unchanged.
 */
export function aimBonus(entry: EvoEntry): EvoEntry {
  if (entry.kind !== "bonus") return entry;
  const actions = entry.actions.map((a) => ("player" in a && a.player === "own" && negativeForOwner(a) ? { ...a, player: "opponent" as const } : a));
  return { ...entry, actions };
}
