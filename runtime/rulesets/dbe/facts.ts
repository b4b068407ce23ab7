/**
 * Per-card facts computed once from a card's IR: which sentences are continuous and where,
 * which are phase abilities, "When …" triggers, and what a player may use in a window.
 *
 * The rules read these facts many times per turn (every Power read, every phase step, every
 * event); computing them once per card definition keeps those reads to the few cards that
 * have such sentences. Pure data derived from the card text: no behaviour is looked up by
 * card id. Source of each classification: `continuous.ts` (Passive, Active Zone, While
 * attached), `window.ts` (Any Phase, Data Break, Turbo, Either/Any Support Phase),
 * `effects.ts` (When …).
 */
import type { CompiledCard } from "../../card.ts";
import type { Action, Body } from "../../ir.ts";
import { afterPassive, isContinuous, type Place } from "./continuous.ts";

/** What a card's sentences are, by kind. Sentence numbers index `card.effects`. */
export interface CardFacts {
  /** Continuous sentences by the place where they work. */
  continuous: Record<Place, number[]>;
  /** Phase abilities ("Own Prep Phase:", "At End") by phase name, after a leading "Passive". */
  phase: Record<string, number[]>;
  /** "When …" sentences by event kind. */
  when: Record<string, number[]>;
  /** Whether any sentence may be used in a window from hand, or the card has ACTIVATE. */
  window: boolean;
}

const PLACES: readonly Place[] = ["active", "stack", "attachment", "mastery"];
const WINDOW_TIMINGS = new Set(["anyPhase", "dataBreak", "eitherSupportPhase", "anySupportPhase"]);
/**
 * The facts are kept on the card definition under a symbol (read on every Power read, window
 * and phase step: a property read, not a WeakMap lookup). Symbol keys are not card data: JSON
 * and structured clones leave them out.
 */
const FACTS = Symbol("dbe.facts");

/** The facts of a card definition (computed on first use, then cached). */
export function factsOf(card: CompiledCard): CardFacts {
  const held = card as CompiledCard & { [FACTS]?: CardFacts };
  let f = held[FACTS];
  if (f) return f;
  f = { continuous: { active: [], stack: [], attachment: [], mastery: [] }, phase: {}, when: {}, window: card.stats.timings.includes("ACTIVATE") };
  card.effects.forEach((e, i) => {
    if (e.kind === "turbo") {
      f!.window = true;
      return;
    }
    if (e.kind !== "effect") return;
    for (const pl of PLACES) if (isContinuous(card, e, pl)) f!.continuous[pl].push(i);
    const t = afterPassive(e);
    if (t.length === 1 && t[0]!.kind === "phase") (f!.phase[t[0]!.phase] ??= []).push(i);
    for (const x of e.timings) if (x.kind === "when") (f!.when[x.event.kind] ??= []).push(i);
    if (e.timings[0] && WINDOW_TIMINGS.has(e.timings[0].kind)) f!.window = true;
    if (e.timings[0]?.kind === "whileAttached" && (e.costs.length > 0 || e.timings.length > 1)) f!.window = true;
  });
  Object.defineProperty(card, FACTS, { value: f, enumerable: false });
  return f;
}

/**
 * Every action of a sentence body, "If" branches included, in printed order (IR `Body`).
 * The one walker over bodies for the checks that ask "does this sentence do X?".
 */
export function bodyActions(b: Body): Action[] {
  return b.kind === "seq" ? b.actions : [...bodyActions(b.then), ...(b.otherwise ? bodyActions(b.otherwise) : [])];
}
