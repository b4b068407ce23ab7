/**
 * A DCG (official Digimon Card Game) card as the compiler gives it to the DCG rules runtime:
 * its printed stats ({@link DcgStats}), the text of its three boxes and the effects compiled
 * from them ({@link DcgCard}).
 *
 * Sources: `002_db81695f81018ea7.txt` chapter 2 "卡牌情报" (card information, 2-1 … 2-20);
 * `001_9364978fb56838a3.txt` "Card Information", "Digivolution", "Multicolor Cards and DNA
 * Digivolution". Set format: `docs/set-format.md`, "DCG sets".
 */
import type { DcgBox, DcgEffect } from "./ir.ts";
import type { DcgColor, DcgKind, DcgLevel } from "./vocabulary.ts";

export type { DcgBox, DcgEffect } from "./ir.ts";

/**
 * One digivolution requirement (001 "Digivolution": "a Digimon card that digivolves from a red
 * level 3 Digimon with a digivolve cost of 2"; Glossary "Digivolution Requirements": "Consists
 * of 3 parts: Color, Lv., and digivolve cost"; 002 2-13). A Digimon of `level` with any one of
 * `colors` may digivolve into the card for `cost` memory ("If a card has multiple digivolution
 * requirements, a Digimon must only satisfy one of those requirements").
 */
export interface DcgDigivolve {
  /** The digivolve cost, in memory. */
  cost: number;
  /** The level of the Digimon it digivolves from. */
  level: DcgLevel;
  /** The colours it digivolves from (written, or the card's own colours when the line names none). */
  colors: DcgColor[];
}

/**
 * One Digimon of a DNA digivolution requirement: a card by name (`[Paildramon]`), or a
 * Digimon of a colour and level (`Blue Lv.4`; 002 8-2-1 "〈合步〉蓝 Lv.4+绿 Lv.4 起 0").
 */
export type DcgDnaPart = { kind: "name"; name: string } | { kind: "level"; color: DcgColor; level: DcgLevel };

/**
 * A DNA digivolution requirement (002 2-14, 8-2; 001 "DNA Digivolution"): the Digimon to
 * stack, in the order printed — the first goes on top ("the card on the left side of the DNA
 * digivolution requirements should be placed on top of the card listed to the right", 001;
 * 002 8-2-6) — and the DNA digivolution cost.
 */
export interface DcgDna {
  cost: number;
  from: DcgDnaPart[];
}

/**
 * A DCG card's printed stats (002 chapter 2). Absent values are null (or empty lists): a
 * value the card's kind does not print, or one missing from the set file (an error there).
 */
export interface DcgStats {
  /** The card number (002 2-1: cards with the same number are the same card), e.g. `BT1-010`. */
  number: string;
  /** The card name (002 2-2). */
  name: string;
  /** The card kind (002 2-3). */
  kind: DcgKind;
  /** Its colours, one or more (002 2-4). */
  colors: DcgColor[];
  /**
   * The level (002 2-12): 2–7, "-" for a printed "Lv.–" (no level: 002 2-12-1, 13-7), null
   * for a Tamer or Option card (2-12-2) or when the set file does not give one.
   */
  level: DcgLevel | "-" | null;
  /** The play cost (Digimon, Tamer: 002 2-7; `playcost:` in a set file) or use cost (Option: 2-8; `usecost:`), in memory; null for a Digi-Egg. */
  cost: number | null;
  /** Digivolution requirements (002 2-13), in the order printed. */
  digivolve: DcgDigivolve[];
  /** DNA digivolution requirements (002 2-14), in the order printed. */
  dna: DcgDna[];
  /** DP (002 2-6): Digimon, and some Digi-Eggs; null otherwise. */
  dp: number | null;
  /** The form (stage), a trait (002 2-5-1 "形态"): "Rookie", "Armor Form" …; null when not printed. */
  form: string | null;
  /** The attribute, a trait (002 2-5-1 "属性"): "Vaccine", "Data" …; null when not printed. */
  attribute: string | null;
  /** The type traits (002 2-5-1 "类型"), e.g. ["Dragonkin", "Royal Knight"]. */
  traits: string[];
  /** The rarity as printed (002 2-20), e.g. "Common"; null when not given. */
  rarity: string | null;
}

/** The text of a card's three boxes, verbatim from the set file ("" for a box the card leaves empty). */
export interface DcgTexts {
  /** The effect box (002 2-10-1; 001 "Effects"). */
  effect: string;
  /** The inherited effect box (002 2-10-2; 001 "Inherited Effect"). */
  inherited: string;
  /** The security effect box of a Tamer or Option (001 "Security Effect"). */
  security: string;
}

/** The effects compiled from each box, in the order printed. */
export type DcgEffects = Record<DcgBox, DcgEffect[]>;

/** A compiled DCG card: stats, box texts and their effects. */
export interface DcgCard {
  stats: DcgStats;
  text: DcgTexts;
  effects: DcgEffects;
}

/** Stats with nothing printed but the number and name: the starting point of reading a card block. */
export function emptyDcgStats(number: string, name: string): DcgStats {
  return { number, name, kind: "Digimon", colors: [], level: null, cost: null, digivolve: [], dna: [], dp: null, form: null, attribute: null, traits: [], rarity: null };
}

/** Effects of a card with none compiled. */
export function noDcgEffects(): DcgEffects {
  return { effect: [], inherited: [], security: [] };
}
