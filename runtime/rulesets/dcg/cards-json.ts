/**
 * A loader from the public card data (`../shared/data/dcg/cards.json`, described in
 * `../shared/data/README.md`) to {@link DcgCard}s, for tests, the simulator and the
 * benchmark while the DCG compiler cannot compile card text yet. The data is test input kept
 * outside the project: it is read at run time, never copied.
 *
 * What it gives: the printed stats (002 chapter 2) and the verbatim text of the three boxes;
 * as effects, only the keyword lines a box starts with (`<Blocker> (…)`, `<Security Attack +1>
 * (…)`) for the keywords the rules read as flags (`continuous.ts`): everything else of the
 * text is not compiled (no effect), so a card plays by its stats and those keywords.
 *
 * Readings of the data's known defects (`../shared/data/README.md`): `digivolve` keeps only
 * the first cost without colour or level, so a Digimon of level L digivolves from level L−1
 * of its own colours (`DcgDigivolve.colors`: "the card's own colours when the line names
 * none"; 001 "Digivolution": a card's requirements are usually one level below); multicolour
 * cards show one colour; two cards lack a card type (a card with DP is read as a Digimon).
 */
import type { DcgCard, DcgDigivolve, DcgStats } from "../../lang/dcg/card.ts";
import type { DcgEffect, DcgKeywordName } from "../../lang/dcg/ir.ts";
import type { DcgColor, DcgKind, DcgLevel } from "../../lang/dcg/vocabulary.ts";

/** One entry of `cards.json` (the fields this loader reads). */
export interface DcgJsonCard {
  id: string;
  name: string;
  card_type: string | null;
  colors: string[];
  level: number | null;
  form: string | null;
  attribute: string | null;
  traits: string[] | null;
  play_cost: number | null;
  digivolve: { color: string | null; level: number | null; cost: number }[] | null;
  dp: number | null;
  rarity: string | null;
  effect: string | null;
  inherited_effect: string | null;
  security_effect: string | null;
}

/** The printed keyword names read as flags, and their IR names (002 chapter 12). */
const FLAG_KEYWORDS: Readonly<Record<string, DcgKeywordName>> = {
  "Security Attack": "securityAttack",
  Blocker: "blocker",
  Piercing: "piercing",
  Jamming: "jamming",
  Reboot: "reboot",
  Retaliation: "retaliation",
  Rush: "rush",
};

const KINDS: readonly DcgKind[] = ["Digimon", "Digi-Egg", "Tamer", "Option"];
const COLORS: readonly DcgColor[] = ["Red", "Blue", "Yellow", "Green", "Black", "Purple", "White"];

/**
 * The keyword lines a box starts with, as effect units (002 §12-1, §12-2: the reminder in
 * parentheses is not part of the effect). Stops at the first text that is not a flag keyword.
 */
export function leadingKeywordLines(text: string, box: DcgEffect["box"]): DcgEffect[] {
  const out: DcgEffect[] = [];
  const re = /\s*<([A-Za-z ]+?)\s*([+-]\d+)?>\s*\.?\s*(?:\([^()]*\))?\s*\.?/y;
  let at = 0;
  for (;;) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) break;
    const name = FLAG_KEYWORDS[m[1]!.trim()];
    if (!name) break;
    const span = { start: at, end: re.lastIndex };
    out.push({
      text: text.slice(span.start, span.end).trim(),
      box,
      timings: [],
      perTurn: null,
      keyword: { name, value: m[2] ? Number(m[2]) : null, place: null, colors: [], cards: [], names: [], span },
      digixros: null,
      sentences: [],
      span,
    });
    at = re.lastIndex;
  }
  return out;
}

/**
 * Turn one `cards.json` entry into a {@link DcgCard} (see the module comment for what is read).
 * @returns the card, or null for an entry without a card type or DP to read one from
 */
export function dcgCardFromJson(j: DcgJsonCard): DcgCard | null {
  const kind = KINDS.find((k) => k === j.card_type) ?? (j.card_type === null && j.dp !== null ? "Digimon" : null);
  if (kind === null) return null;
  const colors = j.colors.filter((c): c is DcgColor => (COLORS as readonly string[]).includes(c));
  const level = j.level === null ? null : (j.level as DcgLevel);
  const digivolve: DcgDigivolve[] = [];
  if (kind === "Digimon" && level !== null && level > 2)
    for (const d of j.digivolve ?? []) {
      const from = (d.level ?? level - 1) as DcgLevel;
      const dc = d.color ? COLORS.filter((c) => c.toLowerCase() === d.color!.toLowerCase()) : colors;
      digivolve.push({ cost: d.cost, level: from, colors: dc.length ? dc : colors });
    }
  const stats: DcgStats = {
    number: j.id,
    name: j.name,
    kind,
    colors,
    level,
    cost: kind === "Digi-Egg" ? null : j.play_cost,
    digivolve,
    dna: [],
    dp: j.dp,
    form: j.form,
    attribute: j.attribute,
    traits: j.traits ?? [],
    rarity: j.rarity,
  };
  const text = { effect: j.effect ?? "", inherited: j.inherited_effect ?? "", security: j.security_effect ?? "" };
  return { stats, text, effects: { effect: leadingKeywordLines(text.effect, "effect"), inherited: leadingKeywordLines(text.inherited, "inherited"), security: [] } };
}

/**
 * All cards of a parsed `cards.json` that {@link dcgCardFromJson} can read.
 * @param data the parsed file (an array of entries)
 * @throws TypeError when `data` is not an array
 */
export function dcgCardsFromJson(data: unknown): DcgCard[] {
  if (!Array.isArray(data)) throw new TypeError("cards.json: expected an array of cards");
  const out: DcgCard[] = [];
  for (const j of data as DcgJsonCard[]) {
    const c = dcgCardFromJson(j);
    if (c) out.push(c);
  }
  return out;
}
