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
import type { AttackStats, CardStats } from "./card.ts";
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

/** What {@link effect} needs: the body and text; the rest defaults to "none". */
export type EffectInput = Pick<Effect, "body" | "text"> & Partial<Omit<Effect, "kind" | "body" | "text">>;

/**
 * Build an effect sentence. Omitted fields take their defaults: no timings (the card
 * timing governs), no costs, not an "If not", not permanent.
 */
export function effect(e: EffectInput): Effect {
  return { kind: "effect", timings: [], costs: [], otherwiseOf: null, permanent: false, ...e };
}

/** What {@link stats} needs: identity and kind; the rest defaults to "not printed". */
export type StatsInput = Pick<CardStats, "setNumber" | "name" | "kind"> & Partial<Omit<CardStats, "setNumber" | "name" | "kind">>;

/**
 * Build a card's printed stats. Omitted fields are "not printed": no markings, level,
 * types, DP cost, +P, HP, attacks, timings, evo-box, flip side; not a Partner.
 * Source: `000_012504f4614e5b24.txt`, Anatomy of Cards.
 */
export function stats(s: StatsInput): CardStats {
  return {
    markings: [],
    level: null,
    type: null,
    subtypes: [],
    dp: null,
    plusP: null,
    hp: null,
    circle: null,
    triangle: null,
    cross: null,
    timings: [],
    evo: [],
    flip: null,
    partner: false,
    ...s,
  };
}

/** A printed attack: name, Power (points) and its attack ability, if any (Anatomy items 10–11). */
export function atk(name: string, power: number, ability: AttackAbility | null = null): AttackStats {
  return { name, power, ability };
}
