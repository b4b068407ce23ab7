/**
 * The shared vocabulary of Digimon Battle Evolution cards: levels, attacks, players,
 * zones, timings and card kinds. Every other module (grammar, compiler, runtime)
 * speaks in these terms.
 *
 * Source: `000_012504f4614e5b24.txt`, "Anatomy of Cards" and "Glossary".
 */

/** A Digimon level, R < C < U < M. Source: Glossary "Level". */
export type Level = "R" | "C" | "U" | "M";

/**
 * The level a word names: a letter or a full name ("Level _ may be substituted by its full
 * name instead, such as Ultimate instead of Level U"), case-insensitive; null otherwise.
 * Source: Glossary "Level".
 */
export function levelOf(word: string): Level | null {
  return LEVEL_WORDS[word.toLowerCase()] ?? null;
}

const LEVEL_WORDS: Readonly<Record<string, Level>> = {
  r: "R",
  c: "C",
  u: "U",
  m: "M",
  rookie: "R",
  champion: "C",
  ultimate: "U",
  mega: "M",
};

/** Level order used for comparisons ("own level is lower"). Source: Glossary "Level". */
export const LEVEL_ORDER: Readonly<Record<Level, number>> = { R: 0, C: 1, U: 2, M: 3 };

/** The three attacks of a Digimon. Source: Anatomy of Cards, item 10. */
export type AttackSlot = "circle" | "triangle" | "cross";

/** All attack slots in printed order. */
export const ATTACK_SLOTS: readonly AttackSlot[] = ["circle", "triangle", "cross"];

/**
 * Who an effect targets. `own` is the effect's controller ("Reminder that all cards
 * target Own/Self unless otherwise specified", Glossary "Boost"), `opponent` the other
 * player (also written as the opponent symbol), `both` each player.
 */
export type PlayerRef = "own" | "opponent" | "both";

/**
 * The primary types of DBE Digimon. Source: Anatomy of Cards item 5 and Glossary "Type".
 * "Ruler" is a property, not a type. A set may declare its own type vocabulary
 * (the PlayStation game's Fire/Ice/Nature/Darkness/Rare); types are therefore strings.
 */
export const DBE_TYPES = [
  "Nature",
  "Dragon",
  "Enigma",
  "Wind",
  "Nightmare",
  "Metal",
  "Jungle",
  "Marine",
] as const;

/** A type name (from the ruleset's or the set's vocabulary). */
export type TypeName = string;

/**
 * Card timings, printed in large letters near the name.
 * Source: Anatomy of Cards item 13; FAQ "Card timing and effect timing".
 */
export type CardTiming = "SUPPORT" | "EVOLVE" | "ACTIVATE" | "EFFECT" | "DATA" | "PASSIVE";

/** All card timings. */
export const CARD_TIMINGS: readonly CardTiming[] = [
  "SUPPORT",
  "EVOLVE",
  "ACTIVATE",
  "EFFECT",
  "DATA",
  "PASSIVE",
];

/** Card kinds (frame colours). Evolution cards have a yellow border. Source: Evolution Phase step 3.1. */
export type CardKind = "Digimon" | "Option" | "Evolution";

/**
 * Deck-construction markings. Source: "Deck Construction" (Ace, Firewall, DATA, Proxy "P",
 * Mastery) and Glossary "Proxy".
 */
export type Marking = "Ace" | "Firewall" | "DATA" | "Mastery" | "Proxy";

/** All markings. */
export const MARKINGS: readonly Marking[] = ["Ace", "Firewall", "DATA", "Mastery", "Proxy"];

/** Flip-card side icons. Source: Glossary "Flip / Flip Cards / Star / Moon / Initial side". */
export type FlipSide = "Star" | "Moon";

/**
 * Game zones a player owns. Source: Glossary ("Active Digimon/Zone/Stack", "Dark Area",
 * "Attachment Slot"), Pre-Game Setup (Destiny Zone, Side Pile), Evolution Phase step 4.16.
 */
export type Zone =
  | "hand"
  | "deck"
  | "trash"
  | "dp"
  | "darkArea"
  | "active"
  | "activeStack"
  | "attachment"
  | "destinyZone"
  | "support"
  | "evolveZone";

/** Card zones a Take/Attach may draw from: D/T/H. Source: Attack Abilities "Attach D/T/H". */
export type SourceZone = "deck" | "trash" | "hand";
