/**
 * Card definitions as the runtime loads them: printed stats plus compiled effects.
 * Source: `000_012504f4614e5b24.txt`, "Anatomy of Cards" items 2–15.
 */
import type { AttackAbility, CardEffect, CardFilter, EvoEntry } from "./ir.ts";
import type { CardKind, CardTiming, FlipSide, Level, Marking, TypeName } from "./vocabulary.ts";

/** One printed attack: name, Power and optional attack ability (Anatomy items 10–11). */
export interface AttackStats {
  name: string;
  /** Printed Power, in HP points of damage. */
  power: number;
  /** The printed attack ability, if any. */
  ability: AttackAbility | null;
}

/**
 * The printed stats of one card (one side of a flip card).
 * Numbers are in the game's units: DP and +P in DP points, HP and Power in points.
 */
export interface CardStats {
  /** Set number, e.g. "EX-035": the identity for deck construction (Anatomy item 2). */
  setNumber: string;
  name: string;
  kind: CardKind;
  markings: Marking[];
  /** Level (Digimon only). */
  level: Level | null;
  /** Primary type (Anatomy item 5); null for non-Digimon and Ruler Digimon. */
  type: TypeName | null;
  /** Subtypes bar (Anatomy item 15). */
  subtypes: TypeName[];
  /** DP cost; null when no cost is printed (FAQ "Digimon without DP cost"). */
  dp: number | null;
  /** +P provided when in the DP zone; may be negative (Anatomy item 7). */
  plusP: number | null;
  hp: number | null;
  circle: AttackStats | null;
  triangle: AttackStats | null;
  cross: AttackStats | null;
  /** Card timings (Anatomy item 13). */
  timings: CardTiming[];
  /** Evo-box entries (Anatomy item 8). */
  evo: EvoEntry[];
  /** Flip side icon, and whether this is the initial side (Glossary "Flip"). */
  flip: { side: FlipSide; initial: boolean } | null;
  /** Partner marker: may be declared as the deck's Partner (Deck Construction). */
  partner: boolean;
}

/** A compiled card: stats, the text as printed, and its effects in sentence order. */
export interface CompiledCard {
  stats: CardStats;
  /** The printed card text, verbatim. */
  text: string;
  effects: CardEffect[];
}

/** A compiled expansion set: header and cards in file order. */
export interface CompiledSet {
  code: string;
  name: string;
  ruleset: "dbe" | "dmb";
  cards: CompiledCard[];
}

/**
 * The stats a card has before its fields are read: nothing printed (no markings, level,
 * types, DP cost, +P, HP, attacks, timings, evo-box, flip side; not a Partner).
 * The checker starts from it, the typed `stats()` constructor fills omitted fields from it,
 * and the emitter leaves out fields equal to it. Source: Anatomy of Cards.
 */
export function unprintedStats(setNumber: string, name: string, kind: CardStats["kind"] = "Digimon"): CardStats {
  return {
    setNumber,
    name,
    kind,
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
  };
}

/**
 * A filter that matches any card: no kind, level, type, name or Partner requirement, not
 * "valid". Effects narrow it (FAQ "Attachment conditions" step 3; "Cherrypicking Rules").
 */
export function anyCard(): CardFilter {
  return { kinds: [], levels: [], types: [], name: null, partner: null, valid: false };
}
