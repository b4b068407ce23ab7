/**
 * The syntax tree of card text.
 *
 * The parser resolves each phrase to its IR meaning as it reads (verbs, players, stats),
 * and keeps what the checker must still validate as {@link Ref}s with ranges: type and
 * level words, names and numbers. Sentence structure (timings, costs, "If"/"If not",
 * parentheses) stays syntactic so the checker can report misplaced parts.
 *
 * Source: `000_012504f4614e5b24.txt`, Anatomy of Cards item 14; FAQ "Conditionals",
 * "Costs vs Effects", "What are lowercase timings for individual effects?".
 */
import type { Action, Condition, Timing, TurboEffect, EvoEntry, AttackAbility } from "../runtime/ir.ts";
import type { Span } from "./diagnostics.ts";

/**
 * Something the checker must validate: a word used as a type, level or attack, a card
 * name, or a number with its role (`count` of cards, `amount` of HP/Power/DP).
 */
export type Ref =
  | { kind: "type"; word: string; span: Span }
  | { kind: "level"; word: string; span: Span }
  | { kind: "name"; word: string; span: Span }
  | { kind: "count"; value: number; span: Span }
  | { kind: "amount"; value: number; span: Span }
  /** A phrase the grammar read but that means nothing in the game (e.g. setting a hand to a number). */
  | { kind: "invalid"; message: string; span: Span; code?: string }
  /** An elision mark "…" in quoted text: the compiler warns that text is missing. */
  | { kind: "elided"; span: Span }
  /**
   * Words only some rulesets' rules define: `construct` is the id of the construct in
   * `grammar/constructs.ts` whose `ruleset` names the one ruleset that has it (e.g.
   * "dmb.alsotype", "(Also Jungle.)": DMB's Glossary "Also [Type]"). The grammar reads it in
   * every set; the checker refuses it in a set of another ruleset (compiler/check/refs.ts).
   */
  | { kind: "rulesetOnly"; construct: string; span: Span };

/** An action as read, with its range and the refs inside it. */
export interface ActionSyn {
  action: Action;
  span: Span;
  refs: Ref[];
  /** Set when the action was "and shuffle": merged into a preceding recycle/return by the checker. */
  shuffleOnly?: boolean;
}

/** A condition as read. */
export interface CondSyn {
  cond: Condition;
  span: Span;
  refs: Ref[];
}

/**
 * A segment: the text between colons of one sentence. All but the last segment of a
 * sentence are costs (or timings). `must`/`oncePerTurn` are cost markers.
 */
export interface SegmentSyn {
  span: Span;
  must: Span | null;
  oncePerTurn: Span | null;
  cond: CondSyn | null;
  actions: ActionSyn[];
  /** ", If not, …" / "; Otherwise, …" inside the sentence. */
  otherwise: { span: Span; actions: ActionSyn[] } | null;
}

/** A timing label ("Passive, Support Phase:"), applying to the sentences after it. */
export interface TimingSyn {
  kind: "timing";
  timings: Timing[];
  span: Span;
  refs: Ref[];
}

/** An effect sentence. `ifNot` marks a sentence that starts with "If not," / "Otherwise,". */
export interface EffectSyn {
  kind: "effect";
  segments: SegmentSyn[];
  ifNot: Span | null;
  /** A parenthetical right before the full stop, e.g. "(costs are 0)". */
  trailing: ParenSyn | null;
  span: Span;
  /** Refs of the sentence itself (e.g. a missing full stop), not of its parts. */
  refs: Ref[];
}

/** A Turbo sentence (Glossary "Turbo"). */
export interface TurboSyn {
  kind: "turbo";
  turbo: Omit<TurboEffect, "text">;
  span: Span;
  refs: Ref[];
}

/** Parenthesised text: permanent effects or reminder text (Glossary "(Parenthesis text)"). */
export interface ParenSyn {
  kind: "paren";
  items: ItemSyn[];
  span: Span;
}

/** Reminder text with no effect, e.g. "Battle is still lost." */
export interface ReminderSyn {
  kind: "reminder";
  span: Span;
}

/** One item of card text. */
export type ItemSyn = TimingSyn | EffectSyn | TurboSyn | ParenSyn | ReminderSyn;

/** The syntax tree of one card's text. */
export interface TextSyn {
  items: ItemSyn[];
}

/** An evo-box entry as read. */
export interface EvoSyn {
  entry: EvoEntry;
  span: Span;
  refs: Ref[];
}

/** An attack ability as read (from a stats line or card text). */
export interface AbilitySyn {
  ability: AttackAbility;
  span: Span;
  refs: Ref[];
}
