/**
 * The words of a DCG (official Digimon Card Game) card's printed stats: card kinds, colours,
 * levels and stage names, with the canonical spelling a set file stores.
 *
 * Sources: `002_db81695f81018ea7.txt` chapter 2 "卡牌情报" (card information: 2-3 card kinds,
 * 2-4 colours, 2-12 Lv., 13-7 Digimon without a level); `001_9364978fb56838a3.txt` "Card
 * Information" and Glossary (stage names); `004_6d44103f1e37b423.txt` (the Japanese terms).
 */

/**
 * The four card kinds (002 2-3-2: 数码蛋卡牌 Digi-Egg, 数码宝贝卡牌 Digimon, 驯兽师卡牌 Tamer,
 * 选项卡牌 Option), in the order the set format lists them.
 */
export const DCG_KINDS = ["Digimon", "Digi-Egg", "Tamer", "Option"] as const;

/** One DCG card kind (see {@link DCG_KINDS}). */
export type DcgKind = (typeof DCG_KINDS)[number];

/**
 * The seven colours (002 2-4-1-1: 红 Red, 蓝 Blue, 黄 Yellow, 绿 Green, 黑 Black, 紫 Purple, 白
 * White). A card may have several (2-4-1-2 "红蓝"; 001 "Multicolor Cards": "treated as having
 * all of the specified colors simultaneously").
 */
export const DCG_COLORS = ["Red", "Blue", "Yellow", "Green", "Black", "Purple", "White"] as const;

/** One DCG colour (see {@link DCG_COLORS}). */
export type DcgColor = (typeof DCG_COLORS)[number];

/**
 * The levels a card may print (002 2-12-1: Digimon cards are usually Lv.3–7, Digi-Egg cards
 * usually Lv.2; 2-12-2: only Digi-Egg and Digimon cards have a Lv.).
 */
export const DCG_LEVELS = [2, 3, 4, 5, 6, 7] as const;

/** One DCG level (see {@link DCG_LEVELS}). */
export type DcgLevel = (typeof DCG_LEVELS)[number];

/**
 * A printed "Lv.–": the card has no level (002 2-12-1 "标记为 'Lv.-' 的卡牌视为没有 Lv.的卡牌";
 * 13-7 "没有 Lv.的数码宝贝": it is never the target of level-based effects and cannot
 * digivolve by a requirement that names a level). Written `level: -` in a set file.
 */
export const NO_LEVEL = "-";

/**
 * The stage names (the card's "form") of the levels, as the English cards print them
 * (001 Glossary: In-Training "Corresponds to Level 2", Rookie 3, Champion 4, Ultimate 5, Mega
 * "Level 6 and above"; 004 pairs them with the Japanese 幼年期 Baby, 成長期 Child, 成熟期 Adult,
 * 完全体 Perfect, 究極体 Ultimate). Other forms exist (Armor Form, Hybrid …: 001 "Traits
 * (Form/Attribute/Type)"), so `form:` is free text; these are the ones tied to a level.
 */
export const DCG_STAGES: readonly { name: string; levels: readonly DcgLevel[] }[] = [
  { name: "In-Training", levels: [2] },
  { name: "Rookie", levels: [3] },
  { name: "Champion", levels: [4] },
  { name: "Ultimate", levels: [5] },
  { name: "Mega", levels: [6, 7] },
];

/** The canonical spelling of a kind, read case-insensitively ("digi-egg" → "Digi-Egg"), or null. */
export function dcgKindOf(word: string): DcgKind | null {
  const w = word.toLowerCase();
  return DCG_KINDS.find((k) => k.toLowerCase() === w) ?? null;
}

/** The canonical spelling of a colour, read case-insensitively ("red" → "Red"), or null. */
export function dcgColorOf(word: string): DcgColor | null {
  const w = word.toLowerCase();
  return DCG_COLORS.find((c) => c.toLowerCase() === w) ?? null;
}

/** A level from its digits ("3" → 3), or null when it is not one of {@link DCG_LEVELS}. */
export function dcgLevelOf(word: string): DcgLevel | null {
  if (!/^\d$/.test(word)) return null;
  const n = Number(word);
  return (DCG_LEVELS as readonly number[]).includes(n) ? (n as DcgLevel) : null;
}
