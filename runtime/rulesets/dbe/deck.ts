/**
 * Deck lists: the `.deck` reader and the DBE deck-construction checker.
 *
 * The `.deck` format is documented in `cards/dbe/decks/README.md`. Legality follows
 * `000_012504f4614e5b24.txt`, "Deck Construction" (with "Pre-Game Setup" steps 1–2 for the
 * Partner declaration and the Glossary entries "Proxy", "Flip" and "DATA"). The DMB checker
 * (`runtime/rulesets/dmb/deck.ts`) reuses {@link checkDeckWith} with its own {@link DeckRules}.
 *
 * Readings where the rules are silent (each is repeated where it is implemented):
 * - Names are compared case-insensitively. "Names" in an evo-box are its exact names
 *   (`from`, bonus and discount qualifiers, DNA materials); partial names such as "-dramon"
 *   are patterns, not names, so they neither name a Partner nor make a DATA card legal.
 * - A DATA card "matches" a Destiny Zone name when that name appears in the DATA card's name
 *   as whole words ("WarGreymon DATA" contains "WarGreymon", but not "Greymon").
 * - The declared Partner must carry the partner marker (`CardStats.partner`, "may be declared
 *   as the deck's Partner"), besides being a Level R Digimon in the Main Deck.
 * - A Destiny Zone card takes the slot a player would give it: a Level M Digimon is the Mega,
 *   a Level C Digimon that names the Partner is a Partner C, then Mastery, then Proxy, and any
 *   other Level C Digimon is a Partner C that fails to name the Partner.
 */
import type { CardStats } from "../../card.ts";
import type { EvoEntry, NamePattern } from "../../ir.ts";

// ─── Deck lists ────────────────────────────────────────────────────────────

/**
 * One line of a deck list: `<count> <set number>`.
 * Source: `cards/dbe/decks/README.md`, "Rules of the format".
 */
export interface DeckEntry {
  /** Number of copies, ≥ 1. */
  count: number;
  /** The card's set number (Anatomy of Cards item 2); a flip card is listed once by its shared number. */
  setNumber: string;
  /** 1-based line of the entry in the `.deck` file. */
  line: number;
}

/**
 * A deck list as read from a `.deck` file (or built by a program).
 * Source: `cards/dbe/decks/README.md`; `000_012504f4614e5b24.txt`, "Deck Construction".
 */
export interface DeckList {
  /** The deck's name (`deck <name>`). */
  name: string;
  /** The ruleset the deck is built for (`ruleset dbe|dmb`, default `dbe`). */
  ruleset: "dbe" | "dmb";
  /** Set number of the declared Partner Digimon, or null when none is declared (Pre-Game Setup step 2). */
  partner: string | null;
  /** 1-based line of the `partner` directive, or null. */
  partnerLine: number | null;
  /** The Main Deck, in file order. */
  main: DeckEntry[];
  /** The Destiny Zone, in file order. */
  destiny: DeckEntry[];
}

/**
 * A problem with a deck list: a syntax error of the reader, an unknown set number, or a
 * broken deck-construction limit.
 */
export interface DeckError {
  /** 1-based line in the `.deck` file, or null for the deck as a whole (e.g. its size). */
  line: number | null;
  /** The card concerned, as "set number + name" (just the set number when it is unknown), or null. */
  card: string | null;
  /** The rules section broken, as "file name, section", e.g. "000_012504f4614e5b24.txt, Deck Construction". */
  rule: string;
  /** What is wrong, for a player. */
  message: string;
  /**
   * Where on its line the problem is, when it is a part of the line rather than the whole of
   * it: 0-based character offsets into the line's text, `end` exclusive (a `#` comment after
   * an entry: from the `#` to the end of the comment). Absent: the whole line.
   */
  columns?: { start: number; end: number };
  /**
   * For an unknown set number: the set number of a loaded card that differs from it only in
   * letter case (`ds1-001` for `DS1-001`), which the entry most likely means. Absent otherwise.
   */
  suggestion?: string;
}

/**
 * A `#` comment after the content of a deck-list line (`3 ST1-01 # my note`): where it
 * starts and ends on the line. The deck formats allow only whole-line comments
 * (`cards/dbe/decks/README.md` and `cards/dcg/decks/README.md`, "Rules of the format"), so
 * the readers report such a comment as an error at this range and read the line without it.
 * A `deck <name>` line has none: the name is the rest of the line, `#` included ("Deck #2").
 * @param line one line of the file, as written (not trimmed)
 * @returns 0-based offsets into `line` (`end` exclusive, trailing blanks left out), or null
 *   when the line is blank, a whole-line comment, a `deck` line, or has no `#`. Never throws.
 */
export function inlineComment(line: string): { start: number; end: number } | null {
  const t = line.trim();
  if (t === "" || t.startsWith("#") || /^deck(\s|$)/.test(t)) return null;
  const start = line.indexOf("#");
  return start < 0 ? null : { start, end: line.trimEnd().length };
}

/**
 * The set number among `known` that `number` most likely means, by letter case: a loaded
 * card's number equal to it but for case (`st1-01` → `ST1-01`, `bench-00001` → `BENCH-00001`).
 * Set and card numbers are compared exactly everywhere else, so a deck entry in the wrong
 * case is an unknown card; this names the card it meant.
 * @param lookup the loaded cards by number (as {@link CardLookup})
 * @returns the number to suggest, or null when neither its upper- nor lower-case form is a
 *   loaded card's (or `number` is already one of those forms' exact spelling). Never throws.
 */
export function caseSuggestion(number: string, lookup: (n: string) => unknown): string | null {
  for (const n of [number.toUpperCase(), number.toLowerCase()]) if (n !== number && lookup(n) !== undefined) return n;
  return null;
}

/** Citation for the `.deck` syntax. */
export const DECK_FORMAT_RULE = "cards/dbe/decks/README.md, Rules of the format";
/** Citation for set numbers that no loaded set defines. */
export const DECK_CARDS_RULE = "cards/dbe/decks/README.md, Deck lists (set numbers refer to cards of the loaded sets)";

const SET_NUMBER = /^\S+$/;

/**
 * What {@link readDeckList} read: the deck list when the file has no error, every syntax
 * error, and the deck the lines say even with errors when none of them lost a line.
 */
export interface DeckReading {
  /** The deck list, or null when there is any error. */
  deck: DeckList | null;
  /** Every syntax error, each with its 1-based line (rule {@link DECK_FORMAT_RULE}). */
  errors: DeckError[];
  /**
   * The deck as its lines say, when every error is one the reader read past — a `#` comment
   * after a directive or entry ({@link inlineComment}: the line is read without it) — so the
   * deck-construction checks can still report every other problem of the list; null when a
   * line could not be read (its entry would be missing, and the checks would report what
   * follows from that) or the deck has no name. Equal to `deck` when there is no error.
   */
  read: DeckList | null;
}

/**
 * Read a `.deck` file.
 *
 * Format (`cards/dbe/decks/README.md`, "Rules of the format"): one directive or entry per
 * line; blank lines and whole-line `#` comments are ignored (a `#` after a directive or an
 * entry is an error at the comment's range, {@link inlineComment}, and the line is read
 * without it; a `deck` name may hold `#`); `deck <name>` must come first; `ruleset dbe|dmb` (default `dbe`); optional
 * `partner <set number>`; `main:` and `destiny:` open the two sections, each at most once;
 * entries are `<count> <set number>` with count ≥ 1, and a set number appears at most once
 * per section.
 *
 * @param file the file's name, used in messages about the file as a whole
 * @param text the file's contents
 * @returns the deck list, or `deck: null` when there is any error; `errors` lists every
 *   syntax error with its 1-based line (rule {@link DECK_FORMAT_RULE}). Never throws.
 */
export function readDeckList(file: string, text: string): DeckReading {
  const errors: DeckError[] = [];
  // Whether an error lost a line (anything but a comment after a line's content).
  let lost = false;
  const err = (line: number | null, message: string, card: string | null = null): void => {
    errors.push({ line, card, rule: DECK_FORMAT_RULE, message });
    lost = true;
  };
  let name: string | null = null;
  let ruleset: "dbe" | "dmb" | null = null;
  let rulesetLine = 0;
  let partner: string | null = null;
  let partnerLine: number | null = null;
  const main: DeckEntry[] = [];
  const destiny: DeckEntry[] = [];
  let section: "main" | "destiny" | null = null;
  const sectionLines: Record<"main" | "destiny", number | null> = { main: null, destiny: null };
  const seen: Record<"main" | "destiny", Map<string, number>> = { main: new Map(), destiny: new Map() };
  let deckLine: number | null = null;
  let reportedNotFirst = false;

  const lines = String(text).split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const ln = i + 1;
    let line = lines[i]!.trim();
    if (line === "" || line.startsWith("#")) continue;
    const comment = inlineComment(lines[i]!);
    if (comment) {
      // Reported at the comment itself; the line is read without it, so nothing else is hidden.
      errors.push({ line: ln, card: null, rule: DECK_FORMAT_RULE, columns: comment, message: `a comment must take a whole line; "#" after an entry or directive is not allowed: put the comment on a line of its own` });
      line = lines[i]!.slice(0, comment.start).trim();
      if (line === "") continue;
    }
    const word = /^\S+/.exec(line)![0];
    const rest = line.slice(word.length).trim();

    if (word === "deck") {
      if (deckLine !== null) {
        err(ln, `repeated "deck" line (the deck is already named on line ${deckLine})`);
        continue;
      }
      deckLine = ln;
      if (rest === "") err(ln, `"deck" needs a name: deck <name>`);
      else name = rest;
      continue;
    }
    if (deckLine === null && !reportedNotFirst) {
      reportedNotFirst = true;
      err(ln, `"deck <name>" must come first`);
    }

    if (word === "ruleset") {
      if (ruleset !== null) err(ln, `repeated "ruleset" line (already set on line ${rulesetLine})`);
      else if (rest === "dbe" || rest === "dmb") {
        ruleset = rest;
        rulesetLine = ln;
      } else err(ln, `ruleset must be dbe or dmb, not "${rest}"`);
    } else if (word === "partner") {
      if (partnerLine !== null) err(ln, `repeated "partner" line (the partner is declared on line ${partnerLine})`);
      else if (rest === "" || !SET_NUMBER.test(rest)) err(ln, `"partner" needs one set number: partner <set number>`);
      else {
        partner = rest;
        partnerLine = ln;
      }
    } else if (line === "main:" || line === "destiny:") {
      const s = line === "main:" ? "main" : "destiny";
      const prev = sectionLines[s];
      if (prev !== null) err(ln, `repeated "${line}" section (it starts on line ${prev}); list each section once`);
      else sectionLines[s] = ln;
      section = s;
    } else if (/^[+-]?\d/.test(word)) {
      const m = /^([+-]?\d+)\s+(\S+)$/.exec(line);
      if (!m) {
        err(ln, `an entry is "<count> <set number>", not "${line}"`);
        continue;
      }
      const count = Number(m[1]);
      const setNumber = m[2]!;
      if (!Number.isSafeInteger(count) || count < 1) {
        err(ln, `the count of ${setNumber} must be a whole number of at least 1, not ${m[1]}`, setNumber);
        continue;
      }
      if (section === null) {
        err(ln, `entry "${line}" is outside a section; write "main:" or "destiny:" first`, setNumber);
        continue;
      }
      const before = seen[section].get(setNumber);
      if (before !== undefined) {
        err(ln, `${setNumber} is already listed in ${section === "main" ? "the Main Deck" : "the Destiny Zone"} on line ${before}; a set number may appear once per section`, setNumber);
        continue;
      }
      seen[section].set(setNumber, ln);
      (section === "main" ? main : destiny).push({ count, setNumber, line: ln });
    } else if (word === "main" || word === "destiny") {
      err(ln, `a section header is "${word}:" alone on its line`);
    } else {
      err(ln, `unknown line "${line}"; expected deck, ruleset, partner, main:, destiny: or "<count> <set number>"`);
    }
  }
  if (deckLine === null) err(null, `${file} has no "deck <name>" line`);
  const read: DeckList | null = lost || name === null ? null : { name, ruleset: ruleset ?? "dbe", partner, partnerLine, main, destiny };
  return { deck: errors.length > 0 ? null : read, errors, read };
}

// ─── Deck construction ─────────────────────────────────────────────────────

/**
 * Looks up a card's printed stats by set number; undefined when no loaded set has it.
 * For a flip card return its initial side (or either side when it has none): both sides
 * share the set number and count as one card (`000_012504f4614e5b24.txt`, Deck Construction,
 * "Flip Cards").
 */
export type CardLookup = (setNumber: string) => CardStats | undefined;

/**
 * The parameters in which the deck-construction rules of DBE and DMB differ. The checker
 * {@link checkDeckWith} is shared; each ruleset gives its own values and citations.
 */
export interface DeckRules {
  /** The rules file, e.g. "000_012504f4614e5b24.txt". */
  file: string;
  /** Short ruleset name for messages ("DBE", "DMB"). */
  game: string;
  /** The exact deck size. */
  deckSize: number;
  /** Whether Destiny Zone cards count towards {@link deckSize}. */
  sizeIncludesDestiny: boolean;
  /** Whether the Partner C's must be different cards (one copy each). */
  partnerCsDifferent: boolean;
  /** Whether the Destiny Zone has a Mastery slot. */
  mastery: boolean;
  /** What the rules call the Destiny Zone card marked "P" ("Proxy", "Partner Option"). */
  proxyName: string;
  /** Extra condition on the "P" card besides its Proxy marking (null: none); returns a reason when it fails. */
  proxyRequirement: ((card: CardStats) => string | null) | null;
  /** The most different DATA cards per deck, or null for no such limit. */
  maxDifferentData: number | null;
  /** Citations ("file, section") for each group of rules. */
  cite: {
    /** The Deck Construction list. */
    construction: string;
    /** "DATA card Legality". */
    data: string;
    /** The Partner declaration. */
    partner: string;
    /** The "P" card. */
    proxy: string;
    /** Flip cards (counted by their shared number). */
    flip: string;
  };
}

const DBE_FILE = "000_012504f4614e5b24.txt";

/**
 * The DBE deck-construction rules. Source: `000_012504f4614e5b24.txt`, "Deck Construction":
 * 50 cards, Destiny Zone included; up to 2 *different* Partner C's; 1 Proxy ("P"); 1 Mastery;
 * no more than 2 different DATA cards.
 */
export const DBE_DECK_RULES: DeckRules = {
  file: DBE_FILE,
  game: "DBE",
  deckSize: 50,
  sizeIncludesDestiny: true,
  partnerCsDifferent: true,
  mastery: true,
  proxyName: "Proxy",
  proxyRequirement: null,
  maxDifferentData: 2,
  cite: {
    construction: `${DBE_FILE}, Deck Construction`,
    data: `${DBE_FILE}, Deck Construction, DATA card Legality`,
    partner: `${DBE_FILE}, Deck Construction; Pre-Game Setup step 2`,
    proxy: `${DBE_FILE}, Deck Construction; Glossary "Proxy"`,
    flip: `${DBE_FILE}, Deck Construction, Flip Cards`,
  },
};

/** Copies of one card allowed in the Main Deck, by kind (Deck Construction; the same in DBE and DMB). */
export const MAIN_DECK_COPIES: Readonly<Record<CardStats["kind"], number>> = { Digimon: 4, Option: 3, Evolution: 2 };
/** Ace: 1 copy, and 1 Ace per deck (Deck Construction). */
export const ACE_LIMIT = 1;
/** Firewall: 3 copies, and 3 Firewalls per deck (Deck Construction). */
export const FIREWALL_LIMIT = 3;
/** DATA: 1 copy of each DATA card per deck (Deck Construction). */
export const DATA_COPIES = 1;

/**
 * Check a deck list against the DBE deck-construction rules.
 *
 * Implements `000_012504f4614e5b24.txt`, "Deck Construction" (and "Pre-Game Setup" steps
 * 1–2, Glossary "Proxy", "Flip", "DATA"):
 * - unknown set numbers (each naming its line; rule {@link DECK_CARDS_RULE}; with the
 *   number of a loaded card that differs only in letter case as `suggestion`);
 * - Main Deck + Destiny Zone = exactly 50 cards;
 * - Main Deck copies by set number: ≤ 4 of a Digimon, ≤ 3 of an Option, ≤ 2 of an Evolution;
 *   no Level M in the Main Deck;
 * - Destiny Zone: ≤ 1 Mega (Level M); ≤ 2 different Partner C's, each naming the declared
 *   Partner in its evo-box; ≤ 1 Proxy card, which must carry the Proxy ("P") marking; ≤ 1
 *   Mastery card; nothing else (e.g. no Level R or U Digimon, no unmarked Option or Evolution);
 * - the Partner: a Level R Digimon with the partner marker, in the Main Deck; Partner C's
 *   need a declared Partner;
 * - per deck (Main Deck and Destiny Zone together, footnote [1]): ≤ 1 copy of an Ace and
 *   1 Ace in total; ≤ 3 copies of a Firewall and 3 Firewalls in total; ≤ 1 copy of each DATA
 *   card and ≤ 2 different DATA cards;
 * - "DATA card Legality": a DATA card's name must contain a name found in the Destiny Zone
 *   (a card's name, or a name in a Destiny Zone card's evo-box);
 * - flip cards count by their shared set number ("Flip Cards").
 *
 * The rules are applied whatever `deck.ruleset` says; use `checkDmbDeck` for DMB decks.
 *
 * @param deck the deck list (e.g. from {@link readDeckList})
 * @param cards looks up printed stats by set number
 * @returns every broken limit (empty when the deck is legal), each naming the card
 *   ("set number + name") where one is concerned, its line, and the rule it breaks
 */
export function checkDbeDeck(deck: DeckList, cards: CardLookup): DeckError[] {
  return checkDeckWith(deck, cards, DBE_DECK_RULES);
}

/** One card of the deck, merged over the entries of a section (or of the whole deck). */
interface Held {
  setNumber: string;
  stats: CardStats;
  count: number;
  /** Line of the first entry. */
  line: number;
}

/** "DS1-036 Dragon Soul". */
export function cardLabel(stats: CardStats): string {
  return `${stats.setNumber} ${stats.name}`;
}

/**
 * The exact names an evo-box holds: the names of `from`, bonus and discount qualifiers and of
 * DNA materials. Partial names ("-dramon", "kok-") are patterns, not names, and are left out
 * (Evolution Phase 4.3 treats them as partial matches; the Deck Construction rules speak of
 * "the name of your Partner" and "a name somewhere in your Destiny Zone").
 */
export function evoNames(evo: readonly EvoEntry[]): string[] {
  const out: string[] = [];
  const add = (p: NamePattern | null): void => {
    if (p && p.kind === "exact") out.push(p.name);
  };
  for (const e of evo) {
    switch (e.kind) {
      case "from":
        for (const q of e.names) add(q.name);
        break;
      case "bonus":
      case "discount":
        for (const q of e.from) add(q.name);
        break;
      case "dna":
        for (const m of e.materials) add(m.name);
        break;
    }
  }
  return out;
}

/** True when `name` appears in `text` as whole words (case-insensitive). */
export function containsName(text: string, name: string): boolean {
  const h = text.toLowerCase();
  const n = name.toLowerCase().trim();
  if (n === "") return false;
  const word = /[\p{L}\p{N}]/u;
  for (let i = h.indexOf(n); i >= 0; i = h.indexOf(n, i + 1)) {
    const before = i === 0 ? "" : h[i - 1]!;
    const after = h[i + n.length] ?? "";
    if (!word.test(before) && !word.test(after)) return true;
  }
  return false;
}

/** True when a card names `name` in its evo-box (exact names only, case-insensitive). */
function namesInEvo(card: CardStats, name: string): boolean {
  const n = name.toLowerCase();
  return evoNames(card.evo).some((e) => e.toLowerCase() === n);
}

/** "a Level R", or "a level-less" for a Digimon without a printed level. */
function levelText(s: CardStats): string {
  return s.level === null ? "a level-less" : `a Level ${s.level}`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function flipNote(stats: CardStats): string {
  return stats.flip ? " (a flip card: both sides share the set number and count as one card)" : "";
}

/**
 * Merge entries by set number, keeping first-seen order, and drop unknown cards (reported
 * once by the caller).
 */
function merge(entries: readonly DeckEntry[], cards: CardLookup): Held[] {
  const by = new Map<string, Held>();
  for (const e of entries) {
    const stats = cards(e.setNumber);
    if (!stats) continue;
    const h = by.get(e.setNumber);
    if (h) h.count += e.count;
    else by.set(e.setNumber, { setNumber: e.setNumber, stats, count: e.count, line: e.line });
  }
  return [...by.values()];
}

function sum(entries: readonly DeckEntry[]): number {
  return entries.reduce((n, e) => n + e.count, 0);
}

/**
 * Check a deck list against a set of deck-construction rules (DBE: {@link DBE_DECK_RULES};
 * DMB: `DMB_DECK_RULES` in `runtime/rulesets/dmb/deck.ts`). See {@link checkDbeDeck} for the
 * checks; `rules` changes the size, the Partner C, Proxy, Mastery and DATA limits and the
 * citations.
 *
 * @param deck the deck list
 * @param cards looks up printed stats by set number; a lookup that throws counts as an
 *   unknown set number (the checker never throws)
 * @param rules the ruleset's limits and citations
 * @returns every broken limit, in the order: unknown cards, size, Main Deck, Partner,
 *   Destiny Zone, per-deck limits, DATA legality
 */
export function checkDeckWith(deck: DeckList, cards: CardLookup, rules: DeckRules): DeckError[] {
  const errors: DeckError[] = [];
  const C = rules.cite;
  const push = (line: number | null, card: string | null, rule: string, message: string): void => {
    errors.push({ line, card, rule, message });
  };
  const safeLookup: CardLookup = (n) => {
    try {
      return cards(n);
    } catch {
      return undefined;
    }
  };

  // Unknown set numbers.
  for (const [where, list] of [
    ["Main Deck", deck.main],
    ["Destiny Zone", deck.destiny],
  ] as const) {
    for (const e of list) {
      if (!safeLookup(e.setNumber)) {
        push(e.line, e.setNumber, DECK_CARDS_RULE, `unknown set number ${e.setNumber} in the ${where}: no loaded set has this card`);
        const near = caseSuggestion(e.setNumber, safeLookup);
        if (near !== null) errors[errors.length - 1]!.suggestion = near;
      }
    }
  }

  // Size (Deck Construction; Pre-Game Setup step 1 for DBE).
  const mainSize = sum(deck.main);
  const destinySize = sum(deck.destiny);
  const size = rules.sizeIncludesDestiny ? mainSize + destinySize : mainSize;
  if (size !== rules.deckSize) {
    const parts = rules.sizeIncludesDestiny
      ? `${mainSize} in the Main Deck + ${destinySize} in the Destiny Zone = ${size}`
      : `the Main Deck has ${size} (Destiny Zone cards are not counted)`;
    push(null, null, C.construction, `a ${rules.game} deck is exactly ${rules.deckSize} cards: ${parts}`);
  }

  // Main Deck: copies by kind, no Level M.
  const main = merge(deck.main, safeLookup);
  for (const h of main) {
    const label = cardLabel(h.stats);
    if (h.stats.kind === "Digimon" && h.stats.level === "M") {
      push(h.line, label, C.construction, `${label} is a Level M (Mega): Megas cannot be in the Main Deck, only 1 in the Destiny Zone`);
      continue;
    }
    const limit = MAIN_DECK_COPIES[h.stats.kind];
    if (h.count > limit) {
      push(
        h.line,
        label,
        h.stats.flip ? `${C.construction}; ${C.flip}` : C.construction,
        `${plural(h.count, "copy", "copies")} of ${label} in the Main Deck; up to ${limit} copies of any ${h.stats.kind} card are allowed${flipNote(h.stats)}`,
      );
    }
  }

  // The Partner.
  let partner: CardStats | undefined;
  if (deck.partner !== null) {
    partner = safeLookup(deck.partner);
    if (!partner) {
      push(deck.partnerLine, deck.partner, DECK_CARDS_RULE, `unknown set number ${deck.partner} declared as the partner: no loaded set has this card`);
      const near = caseSuggestion(deck.partner, safeLookup);
      if (near !== null) errors[errors.length - 1]!.suggestion = near;
    } else {
      const label = cardLabel(partner);
      if (partner.kind !== "Digimon" || partner.level !== "R") {
        const what = partner.kind === "Digimon" ? `${levelText(partner)} Digimon` : `an ${partner.kind} card`;
        push(deck.partnerLine, label, C.partner, `the partner ${label} is ${what}; the partner must be a Level R Digimon`);
      } else if (!partner.partner) {
        push(deck.partnerLine, label, C.partner, `${label} has no partner marker and cannot be declared as the partner`);
      }
      if (!main.some((h) => h.setNumber === deck.partner)) {
        const inDz = deck.destiny.some((e) => e.setNumber === deck.partner);
        push(deck.partnerLine, label, C.partner, `the partner ${label} must be in the Main Deck${inDz ? " (it is listed in the Destiny Zone only)" : ", but it is not listed there"}`);
      }
    }
  }

  // Destiny Zone slots.
  const dz = merge(deck.destiny, safeLookup);
  const megas: Held[] = [];
  const partnerCs: Held[] = [];
  const proxies: Held[] = [];
  const masteries: Held[] = [];
  for (const h of dz) {
    const s = h.stats;
    const label = cardLabel(s);
    const namesPartner = partner !== undefined && namesInEvo(s, partner.name);
    if (s.kind === "Digimon" && s.level === "M") megas.push(h);
    else if (s.kind === "Digimon" && s.level === "C" && namesPartner) partnerCs.push(h);
    else if (s.markings.includes("Mastery")) {
      if (rules.mastery) masteries.push(h);
      else push(h.line, label, C.construction, `${label} is a Mastery card; ${rules.game} has no Mastery cards in the Destiny Zone`);
    } else if (s.markings.includes("Proxy")) {
      const reason = rules.proxyRequirement?.(s) ?? null;
      if (reason === null) proxies.push(h);
      else push(h.line, label, C.proxy, `${label} cannot be the ${rules.proxyName} in the Destiny Zone: ${reason}`);
    } else if (s.kind === "Digimon" && s.level === "C") {
      partnerCs.push(h);
      if (deck.partner === null) {
        push(h.line, label, C.partner, `${label} is a Level C in the Destiny Zone, which only holds Partner C's, but the deck declares no partner`);
      } else if (partner !== undefined) {
        push(h.line, label, C.construction, `partner C ${label} does not name the partner ${partner.name} in its evolution box`);
      }
      // An unknown partner is reported above; its C's cannot be checked.
    } else {
      const what =
        s.kind === "Digimon"
          ? `${levelText(s)} Digimon`
          : `an ${s.kind} card without the ${rules.proxyName} ("P")${rules.mastery ? " or Mastery" : ""} marking`;
      const holds = [`1 Mega (Level M)`, `up to 2 Partner C's`, `1 ${rules.proxyName} card marked "P"`, ...(rules.mastery ? ["1 Mastery card"] : [])].join(", ");
      push(h.line, label, C.construction, `${label} is ${what} and cannot be in the Destiny Zone, which holds only ${holds}`);
    }
  }
  const overTotal = (held: Held[], limit: number, rule: string, message: (h: Held, total: number) => string): void => {
    let total = 0;
    for (const h of held) {
      total += h.count;
      if (total > limit) push(h.line, cardLabel(h.stats), rule, message(h, total));
    }
  };
  overTotal(megas, 1, C.construction, (h, t) => `${cardLabel(h.stats)} makes ${plural(t, "Mega")} in the Destiny Zone; at most 1 Mega (Level M) is allowed`);
  if (rules.partnerCsDifferent) {
    for (const h of partnerCs) {
      if (h.count > 1) push(h.line, cardLabel(h.stats), C.construction, `${h.count} copies of partner C ${cardLabel(h.stats)} in the Destiny Zone; the up to 2 Partner C's must be different cards`);
    }
    partnerCs.slice(2).forEach((h) => {
      push(h.line, cardLabel(h.stats), C.construction, `${cardLabel(h.stats)} is a third Partner C in the Destiny Zone; at most 2 different Partner C's are allowed (${partnerCs.map((p) => cardLabel(p.stats)).join(", ")})`);
    });
  } else {
    overTotal(partnerCs, 2, C.construction, (h, t) => `${cardLabel(h.stats)} makes ${t} Partner C's in the Destiny Zone; at most 2 are allowed`);
  }
  overTotal(proxies, 1, C.proxy, (h, t) => `${cardLabel(h.stats)} makes ${t} ${rules.proxyName} cards in the Destiny Zone; at most 1 is allowed`);
  overTotal(masteries, 1, C.construction, (h, t) => `${cardLabel(h.stats)} makes ${t} Mastery cards in the Destiny Zone; at most 1 is allowed`);

  // Per deck (Main Deck and Destiny Zone together): Ace, Firewall, DATA. Footnote [1].
  const all = merge([...deck.main, ...deck.destiny], safeLookup);
  const marked = (m: "Ace" | "Firewall" | "DATA"): Held[] => all.filter((h) => h.stats.markings.includes(m));
  const perCard = (held: Held[], limit: number, what: string): void => {
    for (const h of held) {
      if (h.count > limit) {
        push(h.line, cardLabel(h.stats), C.construction, `${plural(h.count, "copy", "copies")} of ${what} ${cardLabel(h.stats)} in the deck (Main Deck and Destiny Zone together); up to ${plural(limit, "copy", "copies")} of any ${what} card${flipNote(h.stats)}`);
      }
    }
  };
  const aces = marked("Ace");
  perCard(aces, ACE_LIMIT, "Ace");
  aces.slice(1).forEach((h) => {
    push(h.line, cardLabel(h.stats), C.construction, `${cardLabel(h.stats)} is a second Ace; only 1 Ace per deck is allowed (the deck already has ${cardLabel(aces[0]!.stats)})`);
  });
  const firewalls = marked("Firewall");
  perCard(firewalls, FIREWALL_LIMIT, "Firewall");
  {
    let total = 0;
    for (const h of firewalls) {
      total += h.count;
      // A card over the copy limit on its own is reported above.
      if (total > FIREWALL_LIMIT && h.count <= FIREWALL_LIMIT) {
        push(h.line, cardLabel(h.stats), C.construction, `${cardLabel(h.stats)} brings the deck to ${total} Firewalls; only ${FIREWALL_LIMIT} Firewalls total per deck (${firewalls.map((f) => `${f.count}× ${cardLabel(f.stats)}`).join(", ")})`);
      }
    }
  }
  const datas = marked("DATA");
  perCard(datas, DATA_COPIES, "DATA");
  if (rules.maxDifferentData !== null) {
    datas.slice(rules.maxDifferentData).forEach((h) => {
      push(h.line, cardLabel(h.stats), C.construction, `${cardLabel(h.stats)} is DATA card number ${datas.indexOf(h) + 1}; no more than ${rules.maxDifferentData} different DATA cards per deck (${datas.map((d) => cardLabel(d.stats)).join(", ")})`);
    });
  }

  // DATA card Legality: the DATA card's name must match a name in the Destiny Zone.
  for (const h of datas) {
    const others = dz.filter((d) => d.setNumber !== h.setNumber);
    const names = others.flatMap((d) => [d.stats.name, ...evoNames(d.stats.evo)]);
    if (!names.some((n) => containsName(h.stats.name, n))) {
      push(h.line, cardLabel(h.stats), C.data, `DATA card ${cardLabel(h.stats)} is not legal: its name matches no name in the Destiny Zone (no Destiny Zone card has that name or names it in its evolution box)`);
    }
  }

  return errors;
}
