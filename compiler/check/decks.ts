/**
 * Deck lists (`.deck`) checked against a pool of cards, as diagnostics: the pure part of
 * `digiscript check my.deck`, shared by the CLI (`compiler/cli/decks.ts`, `compiler/cli/dcg.ts`,
 * which read the files and load the pools) and the playground's language worker (which checks
 * a designer's decks against the workspace's sets: `compiler/service/decks.ts`). No file
 * system, no DOM: text and a pool of cards in, `FileDiagnostic[]` out.
 *
 * What is checked, each problem a diagnostic with one of {@link DECK_CODES}: the `.deck`
 * syntax (`cards/dbe/decks/README.md` and `cards/dcg/decks/README.md`, "Rules of the format";
 * a `#` comment after an entry is reported at the comment's columns), set or card numbers no
 * card of the pool has (with a "did you mean" hint: {@link unknownNumberHint}), the
 * deck-construction rules of the deck's ruleset (DBE `000_012504f4614e5b24.txt` "Deck
 * Construction", DMB `003_7a740b8ec9103d40.txt` "Deck Construction", DCG
 * `002_db81695f81018ea7.txt` §5-1-1), cards of the deck that have errors in their set, and
 * cards the rules runtime cannot play yet (DBE `checkLoadable`, DCG `checkDcgLoadable`).
 */
import type { CheckedSet, DcgCheckedCard, DcgCheckedSet, FileDiagnostic } from "../api.ts";
import { normalizeSource } from "../../grammar/source.ts";
import type { CompiledCard } from "../../runtime/card.ts";
import type { CardDb } from "../../runtime/core/engine.ts";
import { checkDbeDeck, DECK_CARDS_RULE, readDeckList } from "../../runtime/rulesets/dbe/deck.ts";
import { cardDb, checkLoadable } from "../../runtime/rulesets/dbe/index.ts";
import { seatOf } from "../../runtime/rulesets/dbe/seats.ts";
import { checkDmbDeck } from "../../runtime/rulesets/dmb/deck.ts";
import { checkDcgDeck, dcgSeatOf, readDcgDeckList, type DcgDeckEntry, type DcgDeckRules } from "../../runtime/rulesets/dcg/deck.ts";
import { checkDcgLoadable } from "../../runtime/rulesets/dcg/effects/index.ts";
import { dcgCardDb, type DcgCard } from "../../runtime/rulesets/dcg/model.ts";
import { LineMap, locate } from "./common.ts";
import { unknownNumberHint } from "./deck-hints.ts";

export { unknownNumberHint } from "./deck-hints.ts";

/** The diagnostic code of each kind of deck-list problem. */
export const DECK_CODES = {
  /** The `.deck` syntax (cards/dbe/decks/README.md, "Rules of the format"). */
  format: "deck-format",
  /** A set number no loaded set has. */
  unknownCard: "deck-unknown-card",
  /** A deck-construction limit (Deck Construction of the deck's ruleset). */
  construction: "deck-construction",
  /** A card of the deck that has errors in its set: it cannot be played. */
  cardErrors: "deck-card-has-errors",
  /** A card the rules runtime cannot play yet (`duel` and `simulate` refuse the deck). */
  unplayable: "deck-unplayable",
} as const;

/**
 * How a deck list is checked, beyond its text and pool.
 */
export interface DeckCheckOptions {
  /**
   * The hint of an unknown number when no number of the pool is near it: where the deck's
   * cards may come from (the CLI names its command line; the playground the workspace's sets).
   * Default: a sentence naming the bundled sets and the designer's own.
   */
  unknownHint?: string;
  /**
   * Put an unknown number's diagnostic over the number alone rather than its whole line, so an
   * editor's "did you mean" quick fix replaces just the number. Default false: the whole line,
   * as `digiscript check` reports it.
   */
  numberSpan?: boolean;
}

/** The default {@link DeckCheckOptions.unknownHint}. */
const DEFAULT_UNKNOWN_HINT = "the deck may use the cards of the bundled sets and of your own sets";

/**
 * Where {@link deckDiagnostics} puts a problem: its line (null: the deck as a whole), severity,
 * code, message and hint, and — for a problem that is a part of its line (a `#` comment after an
 * entry) — its 0-based character offsets on the line (`end` exclusive; absent: the whole line).
 */
export type DeckProblemSink = (line: number | null, severity: "error" | "warning", code: string, message: string, hint?: string, columns?: { start: number; end: number }) => void;

/**
 * The diagnostics of one deck list being checked (DBE/DMB decks: {@link checkDeckList}; DCG
 * decks: {@link checkDcgDeckList}): `at` adds a problem as a diagnostic over the whole text of
 * its 1-based line (or over `columns` of it, when given), or of the `deck` line (line 1 when
 * there is none) for a problem of the deck as a whole.
 * @param file the deck file's path, as shown
 * @param text its contents (normalised as the set files are: `source`)
 * @returns the normalised text, the diagnostics added so far (`out`, filled by `at`) and `at`,
 *   and `lines`: the normalised text's lines. Never throws.
 */
export function deckDiagnostics(file: string, text: string): { source: string; out: FileDiagnostic[]; at: DeckProblemSink; lines: string[] } {
  const source = normalizeSource(text).text;
  const lines = source.split("\n");
  const starts: number[] = [];
  for (let i = 0, at = 0; i < lines.length; i++) {
    starts.push(at);
    at += lines[i]!.length + 1;
  }
  const deckLine = lines.findIndex((l) => /^deck(\s|$)/.test(l.trim())) + 1 || 1;
  const lineMap = new LineMap(source);
  const out: FileDiagnostic[] = [];
  const at: DeckProblemSink = (line, severity, code, message, hint, columns) => {
    const n = Math.min(Math.max(line ?? deckLine, 1), lines.length);
    const raw = lines[n - 1]!;
    const part = line !== null && columns && columns.start >= 0 && columns.start < columns.end && columns.end <= raw.length ? columns : null;
    const first = part ? part.start : raw.length - raw.trimStart().length;
    const start = starts[n - 1]! + first;
    const end = Math.max(starts[n - 1]! + (part ? part.end : raw.trimEnd().length), start + 1);
    out.push(locate(file, lineMap, { severity, code, message, span: { start, end: Math.min(end, Math.max(source.length, start)) }, ...(hint ? { hint } : {}) }));
  };
  return { source, out, at, lines };
}

/**
 * Whether a deck list's text is a DCG one (a `ruleset dcg` line: `cards/dcg/decks/README.md`;
 * a `#` comment after it, an error of the format, does not hide which game it is). Never throws.
 */
export function isDcgDeckText(text: string): boolean {
  return /^[ \t]*ruleset[ \t]+dcg[ \t]*(#.*)?$/m.test(text);
}

/**
 * Where a number is written on a deck-list line: the last whitespace-separated word equal to it
 * before any `#` (the `<number>` of `<count> <number>` or `partner <number>`), as 0-based
 * offsets (`end` exclusive), or undefined when the line does not have it. Never throws.
 */
function numberColumns(line: string | undefined, number: string): { start: number; end: number } | undefined {
  if (line === undefined || number === "") return undefined;
  const word = /\S+/g;
  let found: { start: number; end: number } | undefined;
  for (let m = word.exec(line); m !== null; m = word.exec(line)) {
    if (m[0].startsWith("#")) break;
    if (m[0] === number) found = { start: m.index, end: m.index + number.length };
  }
  return found;
}

// ─── DBE and DMB decks ─────────────────────────────────────────────────────

/** The cards a DBE or DMB deck list is checked against: every card of the sets loaded, compiled or not. */
export interface DeckPool {
  /** Printed stats by set number (a flip card by its initial side, or its first): deck construction. */
  stats: (setNumber: string) => CompiledCard["stats"] | undefined;
  /** The cards that compiled, for the runtime's check (`checkLoadable`). */
  db: CardDb<CompiledCard>;
  /** Where a card with errors is (`file:line` of its first error), by set number: such a card cannot be played. */
  broken: ReadonlyMap<string, string>;
  /** The set number of every card of the pool, compiled or not (for "did you mean" hints: {@link unknownNumberHint}). */
  numbers: readonly string[];
}

/**
 * The pool of cards of checked DBE/DMB sets (what `digiscript check` and the playground check a
 * deck against): every card by set number (the first set listing a number wins), the cards
 * that compiled in the runtime's card database, and each card with errors with the place of
 * its first error. Deciding which sets are loaded (a set of the designer's replacing a bundled
 * set of the same code) is the caller's. O(cards + diagnostics). Never throws.
 * @param sets checked sets (`checkSources`, `Workspace.check`), the ones that win first
 */
export function dbeDeckPool(sets: readonly CheckedSet[]): DeckPool {
  const all: CompiledCard[] = [];
  const ok: CompiledCard[] = [];
  const broken = new Map<string, string>();
  for (const set of sets) {
    for (const c of set.cards) {
      const card = { stats: c.stats, text: c.text, effects: c.effects };
      all.push(card);
      if (c.ok) ok.push(card);
      else if (!broken.has(c.stats.setNumber)) {
        const d = set.diagnostics.find((x) => x.severity === "error" && x.file === c.file && x.span.start >= c.span.start && x.span.start <= c.span.end);
        broken.set(c.stats.setNumber, d ? `${d.file}:${d.line}` : c.file);
      }
    }
  }
  const byNumber = cardDb(all);
  return { stats: (n) => byNumber.get(n)?.stats, db: cardDb(ok), broken, numbers: [...new Set(all.map((c) => c.stats.setNumber))] };
}

/**
 * Check a DBE or DMB deck list the way `duel` and `simulate` load one: its syntax, its set
 * numbers, the deck-construction rules of its own ruleset (`ruleset` line; DBE
 * `000_012504f4614e5b24.txt` or DMB `003_7a740b8ec9103d40.txt`, "Deck Construction"), cards
 * with errors, and cards the runtime cannot play yet — each problem a diagnostic at
 * `file:line:col` (the line's text; the `deck` line, or line 1, for the deck as a whole; a `#`
 * comment after an entry at the comment's columns). A list whose only syntax errors are such
 * comments is checked as read, so its other problems are reported too. Never throws.
 * @param file the deck file's path, as shown
 * @param text its contents
 * @param pool the cards the deck may use ({@link dbeDeckPool})
 * @param options the hint of an unknown number near nothing, and its span ({@link DeckCheckOptions})
 * @returns the diagnostics, in the order found (format, construction, cards with errors, unplayable)
 */
export function checkDeckList(file: string, text: string, pool: DeckPool, options: DeckCheckOptions = {}): FileDiagnostic[] {
  const { source, out, at, lines } = deckDiagnostics(file, text);
  const { deck: readOk, errors, read } = readDeckList(file, source);
  for (const e of errors) at(e.line, "error", DECK_CODES.format, `${e.message} (${e.rule})`, undefined, e.columns);
  const deck = readOk ?? read;
  if (!deck) return out;
  const legal = deck.ruleset === "dmb" ? checkDmbDeck(deck, pool.stats) : checkDbeDeck(deck, pool.stats);
  for (const e of legal) {
    const unknown = e.rule === DECK_CARDS_RULE;
    const hint = unknown ? (unknownNumberHint(e.card ?? "", e.suggestion, pool.numbers) ?? options.unknownHint ?? DEFAULT_UNKNOWN_HINT) : undefined;
    const columns = unknown && options.numberSpan && e.line !== null ? numberColumns(lines[e.line - 1], e.card ?? "") : undefined;
    at(e.line, "error", unknown ? DECK_CODES.unknownCard : DECK_CODES.construction, `${e.message} (${e.rule})`, hint, columns);
  }
  const entries = [...deck.main, ...deck.destiny];
  const lineOf = (n: string) => entries.find((e) => e.setNumber === n)?.line ?? (deck.partner === n ? deck.partnerLine : null);
  const reported = new Set<string>();
  for (const e of entries) {
    const where = pool.broken.get(e.setNumber);
    if (where === undefined || pool.db.get(e.setNumber) || reported.has(e.setNumber)) continue;
    reported.add(e.setNumber);
    const name = pool.stats(e.setNumber)?.name;
    at(e.line, "error", DECK_CODES.cardErrors, `${e.setNumber}${name ? ` ${name}` : ""} has errors (${where}) and is left out of the compiled cards, so this deck cannot be played: fix the card`);
  }
  // The runtime is asked only about the cards that compiled (the others are reported above).
  const seat = seatOf(deck);
  const known = { ...seat, main: seat.main.filter((k) => pool.db.get(k)), destiny: seat.destiny.filter((k) => pool.db.get(k)) };
  for (const e of checkLoadable(pool.db, [known])) {
    at(lineOf(e.card), "error", DECK_CODES.unplayable, `${e.message}: \`duel\` and \`simulate\` refuse this deck (docs/runtime.md)`);
  }
  return out;
}

// ─── DCG decks ─────────────────────────────────────────────────────────────

/** A DCG card of the pool that cannot be played: its text or stats have errors. */
export interface DcgBrokenCard {
  name: string;
  /** Its first error, on one line: "ST2.dgs:14:58: could not read …". */
  why: string;
}

/** The DCG cards a DCG deck list is checked against (the part of the CLI's `DcgPool` the check reads). */
export interface DcgDeckPool {
  /** The cards that compiled, by card number (stats, text, effects as IR). */
  db: CardDb<DcgCard>;
  /** Printed stats of every card of the pool, compiled or not (deck construction names them). */
  stats: (number: string) => DcgCard["stats"] | undefined;
  /** Cards of the pool with errors, by card number: a deck using one is refused. */
  broken: ReadonlyMap<string, DcgBrokenCard>;
  /** The card number of every card of the pool, compiled or not (for "did you mean" hints: {@link unknownNumberHint}). */
  numbers: readonly string[];
}

/**
 * A DCG card with errors as a deck check names it: its name and its first error (by line and
 * column, as `digiscript check` sorts them) on one line, `file:line:col<where>: message`.
 * @param set the card's checked set (its diagnostics)
 * @param where words after the error's place, e.g. " of the card pool as imported"
 */
export function dcgBrokenCard(set: Pick<DcgCheckedSet, "diagnostics">, card: Pick<DcgCheckedCard, "file" | "span" | "stats">, where = ""): DcgBrokenCard {
  let d: FileDiagnostic | undefined;
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  for (const x of set.diagnostics) {
    if (x.severity !== "error" || x.file !== card.file || x.span.start < card.span.start || x.span.start > card.span.end) continue;
    if (!d || (x.line - d.line || x.col - d.col || cmp(x.code, d.code) || cmp(x.message, d.message)) < 0) d = x;
  }
  return { name: card.stats.name, why: d ? `${d.file}:${d.line}:${d.col}${where}: ${d.message.split("\n")[0]}` : `${card.file}${where}: the card has errors` };
}

/**
 * The pool of cards of checked DCG sets (the playground's workspace): the cards that compiled
 * in the DCG runtime's card database, every card's stats by number (the first set listing a
 * number wins; two sets sharing a number are the set checker's error, 002 §2-1-1), and the
 * cards with errors with their first error ({@link dcgBrokenCard}). Never throws.
 */
export function dcgDeckPoolOf(sets: readonly DcgCheckedSet[]): DcgDeckPool {
  const cards: DcgCard[] = [];
  const stats = new Map<string, DcgCard["stats"]>();
  const broken = new Map<string, DcgBrokenCard>();
  for (const set of sets)
    for (const c of set.cards) {
      if (stats.has(c.stats.number)) continue;
      stats.set(c.stats.number, c.stats);
      if (c.ok) cards.push({ stats: c.stats, text: c.text, effects: c.effects });
      else broken.set(c.stats.number, dcgBrokenCard(set, c));
    }
  return { db: dcgCardDb(cards), stats: (n) => stats.get(n), broken, numbers: [...stats.keys()] };
}

/**
 * The deck-construction rules the DCG runtime applies when a game starts (`setup.ts`,
 * `saved-setup.ts`: 002 §5-2-1-1), for the checks to agree with it: the loaded cards'
 * deck-construction effects (002 §5-1-1-3: "You can include up to 50 copies of cards with this
 * card's card number in your deck"). No banned or restricted list is loaded (002 §5-1-2-1:
 * tournament data), as in the runtime.
 */
export function dcgDeckRules(pool: Pick<DcgDeckPool, "db">): DcgDeckRules {
  return { card: (n) => pool.db.get(n) };
}

/** A deck list's two piles, as `readDcgDeckList` gives them. */
export type DcgDeckLists = { main: readonly DcgDeckEntry[]; eggs: readonly DcgDeckEntry[] };

/**
 * The deck's entries whose card number names a card of the pool that does not compile: the
 * first entry of each such number (main deck, then Digi-Egg deck), with the card's name and
 * its first error. Shared by `check` (diagnostics) and `duel`/`simulate` (load errors).
 */
export function brokenDcgEntries(deck: DcgDeckLists, pool: Pick<DcgDeckPool, "broken">): { entry: DcgDeckEntry; broken: DcgBrokenCard }[] {
  const out: { entry: DcgDeckEntry; broken: DcgBrokenCard }[] = [];
  const reported = new Set<string>();
  for (const entry of [...deck.main, ...deck.eggs]) {
    const broken = pool.broken.get(entry.number);
    if (!broken || reported.has(entry.number)) continue;
    reported.add(entry.number);
    out.push({ entry, broken });
  }
  return out;
}

/**
 * What the DCG runtime refuses among the deck's cards that compiled (`checkDcgLoadable`: a
 * construct it cannot perform yet), each with the line of the card's first entry (null when
 * the deck does not list it); the cards that did not compile are {@link brokenDcgEntries}'.
 */
export function unplayableDcgEntries(deck: Parameters<typeof dcgSeatOf>[0] & DcgDeckLists, pool: Pick<DcgDeckPool, "db">): { line: number | null; message: string }[] {
  const seat = dcgSeatOf(deck);
  const known = { ...seat, main: seat.main.filter((k) => pool.db.get(k)), eggs: seat.eggs.filter((k) => pool.db.get(k)) };
  const entries = [...deck.main, ...deck.eggs];
  return checkDcgLoadable(pool.db, [known]).map((e) => ({ line: entries.find((x) => x.number === e.card)?.line ?? null, message: e.message }));
}

/** The documentation of what the DCG runtime performs (named in refusals). */
export const DCG_RUNTIME_DOC = "runtime/rulesets/dcg/effects/supported.ts";

/**
 * Check a DCG deck list (`ruleset dcg`: `cards/dcg/decks/README.md`) the way `duel` and
 * `simulate --ruleset dcg` load one, each problem a diagnostic ({@link DECK_CODES}) at
 * `file:line:col` over its line (the `deck` line for the deck as a whole): the syntax
 * (`deck-format`: a malformed line says what an entry is; a `#` comment after an entry at the
 * comment's columns), card numbers no card of the pool has (`deck-unknown-card`, with a "did
 * you mean" hint), the construction rules with the runtime's {@link dcgDeckRules}
 * (`deck-construction`: 002 §5-1-1 — exactly 50 cards, 0–5 Digi-Egg cards, at most 4 of one card
 * number, each pile's card kinds §5-1-1-1/§5-1-1-2, a card's own limit §5-1-1-3; 001 Q&A Deck
 * Creation Q5), cards of the deck whose text or stats do not compile (`deck-card-has-errors`,
 * with the card's first error) and cards the runtime cannot perform yet (`deck-unplayable`, with
 * the construct: `dcgUnsupported`). Each message names the card (number and name) and the rule.
 * Never throws.
 * @param file the deck file's path, as shown
 * @param text its contents
 * @param pool the cards the deck may use ({@link dcgDeckPoolOf}, or the CLI's `dcgDeckPool`)
 * @param options the hint of an unknown number near nothing, and its span ({@link DeckCheckOptions})
 * @returns the diagnostics, in the order found (format, construction, cards that do not compile, unplayable)
 */
export function checkDcgDeckList(file: string, text: string, pool: DcgDeckPool, options: DeckCheckOptions = {}): FileDiagnostic[] {
  const { source, out, at, lines } = deckDiagnostics(file, text);
  const { deck: readOk, errors, read } = readDcgDeckList(file, source);
  for (const e of errors) at(e.line, "error", DECK_CODES.format, `${e.message} (${e.rule})`, undefined, e.columns);
  // A list whose only syntax errors are comments after an entry is checked as read: its other problems are reported too.
  const deck = readOk ?? read;
  if (!deck) return out;
  for (const e of checkDcgDeck(deck, pool.stats, dcgDeckRules(pool))) {
    const unknown = e.message.startsWith("unknown card number");
    const hint = unknown ? (unknownNumberHint(e.card ?? "", e.suggestion, pool.numbers) ?? options.unknownHint ?? DEFAULT_UNKNOWN_HINT) : undefined;
    const columns = unknown && options.numberSpan && e.line !== null ? numberColumns(lines[e.line - 1], e.card ?? "") : undefined;
    at(e.line, "error", unknown ? DECK_CODES.unknownCard : DECK_CODES.construction, `${e.message} (${e.rule})`, hint, columns);
  }
  for (const { entry: e, broken: b } of brokenDcgEntries(deck, pool)) at(e.line, "error", DECK_CODES.cardErrors, `${e.number} ${b.name} does not compile, so this deck cannot be played (${b.why})`);
  // The runtime is asked only about the cards that compiled (the others are reported above).
  for (const e of unplayableDcgEntries(deck, pool)) at(e.line, "error", DECK_CODES.unplayable, `${e.message}: \`duel\` and \`simulate\` refuse this deck (${DCG_RUNTIME_DOC})`);
  return out;
}
