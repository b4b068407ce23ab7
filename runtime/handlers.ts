/**
 * The types compiled card modules are written against, and the typed constructors they
 * call. A handler is a function that builds its effect's instruction tree (IR); the rules
 * engine calls it when the effect is put on the stack and then performs the tree step by
 * step, so a decision in the middle of an effect never leaves a callback hanging
 * (the engine is a step machine: see issue "Rules runtime").
 *
 * Every constructor is checked by TypeScript against {@link Action}, {@link Condition},
 * {@link Timing} and {@link AttackAbility}: a generated module that type-checks builds
 * only IR the engine knows.
 */
import type { CardStats } from "./card.ts";
import type {
  Action,
  Amount,
  AttackAbility,
  Body,
  CardEffect,
  Condition,
  Cost,
  Effect,
  Timing,
} from "./ir.ts";

/** A compiled effect handler: builds the IR of one sentence of card text. */
export type EffectHandler = () => CardEffect;

/** A compiled card as a generated module exports it. */
export interface CardModule {
  stats: CardStats;
  /** The printed card text, verbatim. */
  text: string;
  /** One handler per sentence, in printed order (Anatomy of Cards item 14). */
  handlers: readonly EffectHandler[];
}

/** A compiled set as its generated index exports it. */
export interface SetModule {
  code: string;
  name: string;
  ruleset: "dbe" | "dmb";
  cards: readonly CardModule[];
}

type Of<U, K> = U extends { kind: K } ? U : never;
type Args<U extends { kind: string }, K extends U["kind"]> = Omit<Of<U, K>, "kind">;

/** Build an {@link Action} of kind `k`. */
export function act<K extends Action["kind"]>(k: K, args: Args<Action, K>): Of<Action, K> {
  return { kind: k, ...args } as Of<Action, K>;
}

/** Build a {@link Condition} of kind `k`. */
export function cond<K extends Condition["kind"]>(k: K, args: Args<Condition, K>): Of<Condition, K> {
  return { kind: k, ...args } as Of<Condition, K>;
}

/** Build a {@link Timing} of kind `k`. */
export function timing<K extends Timing["kind"]>(k: K, args: Args<Timing, K>): Of<Timing, K> {
  return { kind: k, ...args } as Of<Timing, K>;
}

/** Build an {@link AttackAbility} of kind `k`. */
export function ability<K extends AttackAbility["kind"]>(k: K, args: Args<AttackAbility, K>): Of<AttackAbility, K> {
  return { kind: k, ...args } as Of<AttackAbility, K>;
}

/** A constant amount (HP, Power, DP points or a card count). */
export function n(value: number): Amount {
  return { kind: "const", value };
}

/** Actions in order ("and", "then", commas). */
export function seq(...actions: Action[]): Body {
  return { kind: "seq", actions };
}

/** "If <cond>, <then>[; Otherwise, <otherwise>]" (FAQ "Conditionals"). */
export function when(c: Condition, then: Body, otherwise: Body | null = null): Body {
  return { kind: "if", cond: c, then, otherwise };
}

/** A cost before a colon; `must` for "Must" costs (FAQ "Costs vs Effects"). */
export function cost(action: Action, must = false): Cost {
  return { kind: "action", action, must };
}

/** The [1/Turn] cost marker (Glossary "[1/Turn]"). */
export const oncePerTurn: Cost = { kind: "oncePerTurn" };

/** Build an effect sentence. */
export function effect(e: Omit<Effect, "kind">): Effect {
  return { kind: "effect", ...e };
}
