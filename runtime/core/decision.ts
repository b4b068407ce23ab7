/**
 * Decisions: every choice a player makes, as data.
 *
 * A decision offers `options` (each with a label for logs and the playground, and a plain
 * JSON `value` the rules read back) and asks for between `min` and `max` of them. An answer
 * is the list of chosen option indices, so one shape serves choosing an attack, a support,
 * targets, a mulligan, an evolution method, the order of simultaneous effects, whether to
 * pay a cost or to reveal Jamming. Source: issue 3 §1 "Decisions"; the kinds name the rules
 * steps that ask them (`000_012504f4614e5b24.txt`, "Phases of Play").
 */
import type { Json } from "./state.ts";

/**
 * What a decision is about (for agents, logs and the playground). The DBE and DMB rules ask
 * the kinds from "mulligan" to "passPriority"; the DCG rules (`runtime/rulesets/dcg`, 002)
 * also ask "mainAction" (the main phase's action or pass, §6-6-2, §6-6-3), "breedingAction"
 * (hatch, move out or nothing, §6-5-1), "pickPending" (the next pending effect to activate,
 * §4-6-2..4), "block" (§9-2-1-5) and "digiXros" (placing DigiXros materials, §7-2-6-15-4), and
 * share "mulligan", "chooseCards" and "yesNo".
 */
export type DecisionKind =
  | "mulligan"
  | "playActive"
  | "fullMulligan"
  | "partnerEvolve"
  | "rackUp"
  | "evolutionMethod"
  | "chooseCards"
  | "chooseAttack"
  | "chooseSupport"
  | "orderEffects"
  | "payCost"
  | "revealJamming"
  | "yesNo"
  | "choosePlayer"
  | "discardDown"
  | "useEffect"
  | "passPriority"
  | "mainAction"
  | "breedingAction"
  | "pickPending"
  | "block"
  | "digiXros";

/** One option of a decision. */
export interface DecisionOption {
  /** Short readable label, e.g. "Circle — Pepper Breath (300)" or "DS1-001 Agumon". */
  label: string;
  /** What the rules read back when this option is chosen (a card id, an attack slot…). */
  value: Json;
}

/** A pending choice for one player. */
export interface Decision {
  /** Sequence number of the decision in the game (0-based). */
  id: number;
  player: 0 | 1;
  kind: DecisionKind;
  /** Question as shown to a player, e.g. "Choose an attack (Strategy Phase 2)". */
  prompt: string;
  options: DecisionOption[];
  /** Fewest options to choose (0 allows "none"). */
  min: number;
  /** Most options to choose. */
  max: number;
  /** Whether the order of the chosen indices matters (e.g. ordering simultaneous effects). */
  ordered: boolean;
}

/** An answer: indices into {@link Decision.options}, distinct, `min ≤ length ≤ max`. */
export type Choice = number[];

/**
 * Why an answer is not legal for a decision, or null when it is.
 * @returns a message naming the decision and the broken limit
 */
export function choiceError(d: Decision, choice: unknown): string | null {
  if (!Array.isArray(choice)) return `decision ${d.id} (${d.kind}): the answer must be a list of option numbers`;
  if (choice.length < d.min || choice.length > d.max)
    return `decision ${d.id} (${d.kind}): choose ${d.min === d.max ? d.min : `${d.min}–${d.max}`} of ${d.options.length} options, not ${choice.length}`;
  for (let k = 0; k < choice.length; k++) {
    const i: unknown = choice[k];
    if (!Number.isInteger(i) || (i as number) < 0 || (i as number) >= d.options.length) return `decision ${d.id} (${d.kind}): option ${String(i)} does not exist (0–${d.options.length - 1})`;
    // Answers are short (a few options): a scan of the earlier ones finds a repeat.
    if (k > 0 && choice.lastIndexOf(i, k - 1) >= 0) return `decision ${d.id} (${d.kind}): option ${i as number} chosen twice`;
  }
  return null;
}
