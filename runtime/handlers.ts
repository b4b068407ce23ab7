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
import { anyCard, unprintedStats, type AttackStats, type CardStats } from "./card.ts";
import type {
  Action,
  Amount,
  AttackAbility,
  Body,
  CardEffect,
  CardFilter,
  Condition,
  Cost,
  Effect,
  ReminderEffect,
  Timing,
  TurboEffect,
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

/**
 * A set's registry: its cards by set number, flip sides as "<number>/<side>" (Glossary
 * "Flip": two sides share one number).
 */
export function registryOf(cards: readonly CardModule[]): Readonly<Record<string, CardModule>> {
  const out: Record<string, CardModule> = {};
  for (const c of cards) out[c.stats.flip ? `${c.stats.setNumber}/${c.stats.flip.side}` : c.stats.setNumber] = c;
  return out;
}

type Of<U, K> = U extends { kind: K } ? U : never;
type Args<U extends { kind: string }, K extends U["kind"]> = Omit<Of<U, K>, "kind">;

/**
 * The value an action's field has when generated code leaves it out: the "plain" reading
 * of the verb (not random, not Dark, not from the top, no shuffle, the attack in use…).
 */
export const ACTION_DEFAULTS = {
  boost: { attack: null },
  draw: { dark: false },
  discard: { random: false, ownerChooses: false, dark: false, fromTop: false },
  recycle: { shuffle: false },
  take: { random: false, dark: false },
  trash: { dark: false },
  attach: { from: null, to: "own", toFilter: null },
  delete: { player: "own", insteadOfDiscardingDp: false },
  evolve: { asEvolved: false },
  downgrade: { from: null, to: null },
  gainAbility: { attack: null },
  returnHandToDeck: { shuffle: false },
  prohibit: { exceptByAttack: false, bySupports: false, of: null },
} as const satisfies { [K in Action["kind"]]?: Partial<Args<Action, K>> };

/** The value a condition's field has when generated code leaves it out: not negated, any type. */
export const CONDITION_DEFAULTS = {
  typeIs: { primary: false, negate: false },
  levelIs: { negate: false },
  attackIs: { negate: false },
  nameIs: { negate: false },
  same: { negate: false },
} as const satisfies { [K in Condition["kind"]]?: Partial<Args<Condition, K>> };

type WithDefaults<U extends { kind: string }, K extends U["kind"], D> = K extends keyof D
  ? Omit<Args<U, K>, keyof D[K]> & Partial<Pick<Args<U, K>, keyof D[K] & keyof Args<U, K>>>
  : Args<U, K>;

/** Build an {@link Action} of kind `k`; fields left out take {@link ACTION_DEFAULTS}. */
export function act<K extends Action["kind"]>(k: K, args: WithDefaults<Action, K, typeof ACTION_DEFAULTS>): Of<Action, K> {
  return { kind: k, ...(ACTION_DEFAULTS as Record<string, object>)[k], ...args } as unknown as Of<Action, K>;
}

/** Build a {@link Condition} of kind `k`; fields left out take {@link CONDITION_DEFAULTS}. */
export function cond<K extends Condition["kind"]>(k: K, args: WithDefaults<Condition, K, typeof CONDITION_DEFAULTS>): Of<Condition, K> {
  return { kind: k, ...(CONDITION_DEFAULTS as Record<string, object>)[k], ...args } as unknown as Of<Condition, K>;
}

/**
 * Build a {@link CardFilter}: only what the text requires; everything else matches any card.
 * Source: FAQ "Attachment conditions" step 3, "Cherrypicking Rules".
 */
export function filter(f: Partial<CardFilter>): CardFilter {
  return { ...anyCard(), ...f };
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

/** What {@link turbo} needs: every field of a Turbo effect but its kind. */
export type TurboInput = Omit<TurboEffect, "kind">;

/**
 * Build a Turbo sentence: its phase, cost, condition and risk (Glossary "Turbo", forms 1–3).
 */
export function turbo(t: TurboInput): TurboEffect {
  return { kind: "turbo", ...t };
}

/** Build reminder text: a sentence with no rules effect of its own ("Battle is still lost."). */
export function reminder(text: string): ReminderEffect {
  return { kind: "reminder", text };
}

/** What {@link stats} needs: identity and kind; the rest defaults to "not printed". */
export type StatsInput = Pick<CardStats, "setNumber" | "name" | "kind"> & Partial<Omit<CardStats, "setNumber" | "name" | "kind">>;

/**
 * Build a card's printed stats. Omitted fields are "not printed": no markings, level,
 * types, DP cost, +P, HP, attacks, timings, evo-box, flip side; not a Partner.
 * Source: `000_012504f4614e5b24.txt`, Anatomy of Cards.
 */
export function stats(s: StatsInput): CardStats {
  return { ...unprintedStats(s.setNumber, s.name, s.kind), ...s };
}

/** A printed attack: name, Power (points) and its attack ability, if any (Anatomy items 10–11). */
export function atk(name: string, power: number, ability: AttackAbility | null = null): AttackStats {
  return { name, power, ability };
}
