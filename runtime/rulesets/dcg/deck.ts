/**
 * DCG deck lists: the `.deck` reader and the deck-construction checker.
 *
 * The format (`cards/dcg/decks/README.md`) is DBE's (`runtime/rulesets/dbe/deck.ts`) with DCG's
 * two piles: `deck <name>`, `ruleset dcg`, then `main:` (the deck) and `eggs:` (the Digi-Egg
 * deck), each a list of `<count> <card number>` lines; blank lines and whole-line `#` comments
 * are ignored, and a `#` comment after a line's content is an error at the comment, the line
 * being read without it (as in DBE: `inlineComment`). DBE's reader is not reused: its sections
 * and rulesets are DBE's.
 *
 * Legality (002 §5-1-1): the deck is exactly 50 cards, all Digimon, Tamer or Option cards
 * (§5-1-1-1); the Digi-Egg deck is 0–5 Digi-Egg cards (§5-1-1-2); at most 4 cards with the
 * same card number (§5-1-1; 001 Q&A Deck Creation Q5: in the Digi-Egg deck too, counted over
 * both piles since cards with one number are one card, §2-1-1). With {@link DcgDeckRules}: a
 * card's deck-construction effect changes its limit (§5-1-1-3: "You can include up to 50 copies
 * of cards with this card's card number in your deck", in force while the deck is built,
 * §5-1-1-3-1), and banned and restricted lists apply (§5-1-2-1: tournament data given by the
 * caller, §5-1-2-2).
 */
import type { DcgCard, DcgStats } from "../../lang/dcg/card.ts";
import { caseSuggestion, inlineComment } from "../dbe/deck.ts";

/** One line of a deck list: `<count> <card number>`. */
export interface DcgDeckEntry {
  count: number;
  /** The card number (002 §2-1-1), e.g. "ST1-03". */
  number: string;
  /** 1-based line in the `.deck` file (0 when built by a program). */
  line: number;
}

/** A deck list as read from a `.deck` file. */
export interface DcgDeckList {
  name: string;
  /** The deck (002 §5-1-1-1), in file order. */
  main: DcgDeckEntry[];
  /** The Digi-Egg deck (002 §5-1-1-2), in file order. */
  eggs: DcgDeckEntry[];
}

/** A problem with a deck list. */
export interface DcgDeckError {
  /** 1-based line, or null for the deck as a whole. */
  line: number | null;
  /** The card concerned as "number name" (or just the number when unknown), or null. */
  card: string | null;
  /** The rule broken: "002 §5-1-1" or the format's README section. */
  rule: string;
  message: string;
  /**
   * Where on its line the problem is, when it is a part of the line: 0-based character offsets
   * into the line's text, `end` exclusive (a `#` comment after an entry). Absent: the whole line.
   */
  columns?: { start: number; end: number };
  /**
   * For an unknown card number: the number of a loaded card that differs from it only in letter
   * case (`ST1-01` for `st1-01`), which the entry most likely means. Absent otherwise.
   */
  suggestion?: string;
}

/**
 * What {@link readDcgDeckList} read: the deck list when the file has no error, every syntax
 * error, and the deck the lines say even with errors when none of them lost a line.
 */
export interface DcgDeckReading {
  /** The deck list, or null when there is any error. */
  deck: DcgDeckList | null;
  /** Every syntax error (rule {@link DCG_DECK_FORMAT_RULE}). */
  errors: DcgDeckError[];
  /**
   * The deck as its lines say, when every error is a `#` comment after a line's content (the
   * line is read without it), so the construction checks can still report every other problem;
   * null when a line could not be read or the deck has no name. Equal to `deck` without errors.
   */
  read: DcgDeckList | null;
}

/** Citation for the `.deck` syntax. */
export const DCG_DECK_FORMAT_RULE = "cards/dcg/decks/README.md, Rules of the format";

/** The deck size (002 §5-1-1). */
export const DECK_SIZE = 50;
/** The most Digi-Egg cards (002 §5-1-1). */
export const MAX_EGGS = 5;
/** The most copies of one card number (002 §5-1-1). */
export const MAX_COPIES = 4;

/**
 * Read a DCG `.deck` file. Never throws.
 * @param file the file's name, for messages about the file as a whole
 * @param text its contents
 * @returns the deck list, or `deck: null` with every syntax error (rule {@link DCG_DECK_FORMAT_RULE});
 *   `read`, the deck even when the only errors are comments after a line's content
 */
export function readDcgDeckList(file: string, text: string): DcgDeckReading {
  const errors: DcgDeckError[] = [];
  // Whether an error lost a line (anything but a comment after a line's content).
  let lost = false;
  const err = (line: number | null, message: string, card: string | null = null) => {
    errors.push({ line, card, rule: DCG_DECK_FORMAT_RULE, message });
    lost = true;
  };
  let name: string | null = null;
  let deckLine: number | null = null;
  let section: "main" | "eggs" | null = null;
  const main: DcgDeckEntry[] = [];
  const eggs: DcgDeckEntry[] = [];
  const seen = { main: new Map<string, number>(), eggs: new Map<string, number>() };
  const lines = String(text).split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const ln = i + 1;
    let line = lines[i]!.trim();
    if (line === "" || line.startsWith("#")) continue;
    const comment = inlineComment(lines[i]!);
    if (comment) {
      // Reported at the comment itself; the line is read without it, so nothing else is hidden.
      errors.push({ line: ln, card: null, rule: DCG_DECK_FORMAT_RULE, columns: comment, message: `a comment must take a whole line; "#" after an entry or directive is not allowed: put the comment on a line of its own` });
      line = lines[i]!.slice(0, comment.start).trim();
      if (line === "") continue;
    }
    const word = /^\S+/.exec(line)![0];
    const rest = line.slice(word.length).trim();
    if (word === "deck") {
      if (deckLine !== null) err(ln, `repeated "deck" line (the deck is named on line ${deckLine})`);
      else if (rest === "") err(ln, `"deck" needs a name: deck <name>`);
      else {
        deckLine = ln;
        name = rest;
      }
    } else if (word === "ruleset") {
      if (rest !== "dcg") err(ln, `a DCG deck list is "ruleset dcg", not "${rest}"`);
    } else if (line === "main:" || line === "eggs:") {
      section = line === "main:" ? "main" : "eggs";
    } else if (/^\d/.test(word)) {
      const m = /^(\d+)\s+(\S+)$/.exec(line);
      if (!m) {
        err(ln, `an entry is "<count> <card number>", not "${line}"`);
        continue;
      }
      const count = Number(m[1]);
      const number = m[2]!;
      if (count < 1) err(ln, `the count of ${number} must be at least 1`, number);
      else if (section === null) err(ln, `entry "${line}" is outside a section; write "main:" or "eggs:" first`, number);
      else if (seen[section].has(number)) err(ln, `${number} is already listed on line ${seen[section].get(number)}; list a card number once per section`, number);
      else {
        seen[section].set(number, ln);
        (section === "main" ? main : eggs).push({ count, number, line: ln });
      }
    } else err(ln, `unknown line "${line}"; expected deck, ruleset, main:, eggs: or "<count> <card number>"`);
  }
  if (name === null && deckLine === null) err(null, `${file} has no "deck <name>" line`);
  const read: DcgDeckList | null = lost || name === null ? null : { name, main, eggs };
  return { deck: errors.length ? null : read, errors, read };
}

/** Looks up a card's printed stats by card number; undefined when no loaded card has it. */
export type DcgCardLookup = (number: string) => DcgStats | undefined;

/**
 * Deck-construction rules beyond the printed limits (002 §5-1-1-3, §5-1-2-1). All optional: the
 * checker applies the printed limits without them.
 */
export interface DcgDeckRules {
  /** A card number's compiled card, to read its deck-construction effects (002 §5-1-1-3). */
  card?: (number: string) => DcgCard | undefined;
  /** Banned card numbers: none in the deck or the Digi-Egg deck (002 §5-1-2-1). */
  banned?: readonly string[];
  /** Restricted card numbers with the copies allowed (002 §5-1-2-1). */
  restricted?: Readonly<Record<string, number>>;
}

/**
 * The copies of a card number a deck may hold (002 §5-1-1: 4), as its deck-construction effect
 * says (§5-1-1-3: "You can include up to 50 copies of cards with this card's card number in
 * your deck" — a permission to include, read from the card's effect box wherever the card is,
 * §5-1-1-3-1), or its restriction (§5-1-2-1: the lower wins).
 */
export function copyLimit(number: string, rules: DcgDeckRules = {}): number {
  let limit = MAX_COPIES;
  const c = rules.card?.(number);
  if (c)
    for (const u of c.effects.effect)
      for (const s of u.sentences)
        for (const st of s.steps)
          if (st.kind === "clause" && st.verb === "include" && st.permission && !st.negated && st.object?.kind === "things" && st.object.what.kind === "select" && st.object.what.count.kind === "n" && st.object.what.filters.some((f) => f.kind === "cardNumber" && f.of.kind === "ref" && f.of.ref === "this"))
            limit = Math.max(limit, st.object.what.count.n);
  const r = rules.restricted?.[number];
  return r === undefined ? limit : Math.min(limit, r);
}

/**
 * Check a deck list against the construction rules (002 §5-1-1). Each error names the card
 * (number and name) and the rule; an unknown card number carries, as `suggestion`, the number
 * of a loaded card that differs from it only in letter case. O(entries).
 * @returns the problems, empty for a legal deck
 */
export function checkDcgDeck(deck: DcgDeckList, lookup: DcgCardLookup, rules: DcgDeckRules = {}): DcgDeckError[] {
  const out: DcgDeckError[] = [];
  const named = (e: DcgDeckEntry) => {
    const s = lookup(e.number);
    return s ? `${e.number} ${s.name}` : e.number;
  };
  const total = (es: DcgDeckEntry[]) => es.reduce((n, e) => n + e.count, 0);
  for (const e of [...deck.main, ...deck.eggs])
    if (!lookup(e.number)) {
      const near = caseSuggestion(e.number, lookup);
      out.push({ line: e.line || null, card: e.number, rule: "cards/dcg/decks/README.md, Deck lists (card numbers of the loaded cards)", message: `unknown card number ${e.number}`, ...(near !== null ? { suggestion: near } : {}) });
    }
  for (const e of deck.main) {
    const s = lookup(e.number);
    if (s && s.kind !== "Digimon" && s.kind !== "Tamer" && s.kind !== "Option")
      out.push({ line: e.line || null, card: named(e), rule: "002 §5-1-1-1", message: `${named(e)} is a ${s.kind} card; the deck holds only Digimon, Tamer and Option cards (Digi-Eggs go in "eggs:")` });
  }
  for (const e of deck.eggs) {
    const s = lookup(e.number);
    if (s && s.kind !== "Digi-Egg") out.push({ line: e.line || null, card: named(e), rule: "002 §5-1-1-2", message: `${named(e)} is a ${s.kind} card; the Digi-Egg deck holds only Digi-Egg cards` });
  }
  const counts = new Map<string, { n: number; e: DcgDeckEntry }>();
  for (const e of [...deck.main, ...deck.eggs]) {
    const c = counts.get(e.number);
    counts.set(e.number, { n: (c?.n ?? 0) + e.count, e: c?.e ?? e });
  }
  for (const { n, e } of counts.values()) {
    if (rules.banned?.includes(e.number)) {
      out.push({ line: e.line || null, card: named(e), rule: "002 §5-1-2-1", message: `${named(e)} is a banned card` });
      continue;
    }
    const limit = copyLimit(e.number, rules);
    const restricted = rules.restricted?.[e.number] !== undefined && limit === rules.restricted[e.number];
    if (n > limit) out.push({ line: e.line || null, card: named(e), rule: restricted ? "002 §5-1-2-1" : limit === MAX_COPIES ? "002 §5-1-1" : "002 §5-1-1-3", message: `${n} copies of ${named(e)}; at most ${limit} cards with the same card number${restricted ? " (a restricted card)" : limit === MAX_COPIES ? "" : " (its deck-construction effect)"}` });
  }
  const size = total(deck.main);
  if (size !== DECK_SIZE) out.push({ line: null, card: null, rule: "002 §5-1-1", message: `the deck has ${size} cards; a DCG deck is exactly ${DECK_SIZE}` });
  const eggCount = total(deck.eggs);
  if (eggCount > MAX_EGGS) out.push({ line: null, card: null, rule: "002 §5-1-1", message: `the Digi-Egg deck has ${eggCount} cards; at most ${MAX_EGGS}` });
  return out;
}

/** A deck list as a seat of a game (one card number per copy). */
export function dcgSeatOf(deck: DcgDeckList): { name: string; main: string[]; eggs: string[] } {
  const expand = (es: DcgDeckEntry[]) => es.flatMap((e) => Array.from({ length: e.count }, () => e.number));
  return { name: deck.name, main: expand(deck.main), eggs: expand(deck.eggs) };
}

/** A seat (one card number per copy) as a deck list, for the checker (entries without lines). */
export function dcgDeckListOf(seat: { name: string; main: readonly string[]; eggs: readonly string[] }): DcgDeckList {
  const entries = (keys: readonly string[]): DcgDeckEntry[] => {
    const m = new Map<string, number>();
    for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
    return [...m].map(([number, count]) => ({ number, count, line: 0 }));
  };
  return { name: seat.name, main: entries(seat.main), eggs: entries(seat.eggs) };
}
