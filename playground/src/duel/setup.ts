/**
 * Setting up a duel from the workspace, without the DOM: the card database from the compiled
 * cards the language worker reports (`{kind: "playable"}`: bundled and the designer's own),
 * the two deck lists read and checked by the ruleset's own deck checker, and the game built
 * exactly as `digiscript duel` builds it (`compiler/cli/commands/duel.ts`: setup `{ seats }`,
 * agents seeded `seed·2 + 1` and `seed·2 + 2`), so the same seed and decks reach the same digest.
 *
 * Every problem is data ({@link DeckProblem}: the file, line, card and rule), never an
 * exception: a deck the designer is still writing is a list of problems to fix.
 * Source: `000_012504f4614e5b24.txt` "Deck Construction" (DBE), `003_7a740b8ec9103d40.txt`
 * "Deck Construction" (DMB), `cards/dbe/decks/README.md` (the `.deck` format).
 */
import type { CompiledCard } from "../../../runtime/card.ts";
import { Game, type CardDb } from "../../../runtime/core/engine.ts";
import { seedProblem } from "../../../runtime/core/rng.ts";
import { cardDb, checkLoadable, DBE, type DbeSetup, type Seat } from "../../../runtime/rulesets/dbe/index.ts";
import { checkDbeDeck, DECK_CARDS_RULE, readDeckList, type DeckList } from "../../../runtime/rulesets/dbe/deck.ts";
import { seatOf } from "../../../runtime/rulesets/dbe/seats.ts";
import { DMB } from "../../../runtime/rulesets/dmb/index.ts";
import { checkDmbDeck } from "../../../runtime/rulesets/dmb/deck.ts";
import { unknownNumberHint } from "../../../compiler/check/deck-hints.ts";

/** The rulesets a duel can be played by: DBE and DMB here, DCG in `dcg-setup.ts`. */
export type RulesetId = "dbe" | "dmb" | "dcg";

/** The rulesets of DBE-style decks (`readDeckList`): Battle Evolution and Digimon Battles. */
export type DbeRulesetId = "dbe" | "dmb";

/** A deck file of the workspace: its name (e.g. "cards/dbe/decks/dragon-rush.deck") and text. */
export interface DeckFile {
  file: string;
  text: string;
}

/**
 * One problem that keeps a deck from being played: a `.deck` syntax error, an unknown set
 * number, a broken deck-construction limit, a deck of the other ruleset, or a card the
 * runtime cannot perform yet.
 */
export interface DeckProblem {
  /** The deck file. */
  file: string;
  /** 1-based line in the deck file, or null for the deck as a whole. */
  line: number | null;
  /** The card concerned ("DS1-036 Dragon Soul", or a bare set number when unknown), or null. */
  card: string | null;
  /** The rule broken, as "file, section" (e.g. "000_012504f4614e5b24.txt, Deck Construction"). */
  rule: string;
  /** What is wrong, for a person. */
  message: string;
}

/** A card of the workspace that has errors (so it is not in the card database): its name and where it is. */
export interface BrokenCard {
  name: string;
  /** "file:line" of its card block. */
  where: string;
}

/** The rule of a deck entry whose card has errors: the card must compile to be played. */
export const CARD_ERRORS_RULE = "docs/language.md (a card with errors is left out of the compiled cards)";

/** A duel ready to start: the card database and the setup `digiscript duel` would use. */
export interface PreparedDuel {
  ok: true;
  ruleset: DbeRulesetId;
  db: CardDb<CompiledCard> & { all: CompiledCard[] };
  /** `{ seats }`, exactly as the CLI builds it (no turn limit: the ruleset's default, 200). */
  setup: DbeSetup;
}

/** Decks that cannot be played, with every problem found. */
export interface RefusedDuel {
  ok: false;
  problems: DeckProblem[];
}

/** Citation for a deck of the other ruleset. */
export const RULESET_RULE = "cards/dbe/decks/README.md, ruleset (a deck is built for one ruleset)";
/** Citation for cards the runtime cannot perform yet. */
export const LOADABLE_RULE = "docs/runtime.md, Not implemented yet (refused at load time)";

/**
 * A deck file's short name for lists: a bundled deck by its name ("dragon-rush"), the
 * designer's own by file name.
 * @param file the file's name in the workspace
 */
export function deckLabel(file: string): string {
  const m = /^(?:cards|playground)\/(?:.*\/)?decks\/([^/]+)\.deck$/.exec(file);
  return m ? m[1]! : file;
}

/**
 * The ruleset a deck file declares (`ruleset dbe|dmb|dcg`, default dbe), or null when the file
 * cannot be read as a deck list. Never throws.
 */
export function deckRuleset(d: DeckFile): RulesetId | null {
  if (/^[ \t]*ruleset[ \t]+dcg[ \t]*$/m.test(d.text)) return "dcg";
  try {
    return readDeckList(d.file, d.text).deck?.ruleset ?? null;
  } catch {
    return null;
  }
}

/**
 * Read and check one deck for a ruleset: syntax (`readDeckList`), the ruleset it declares,
 * the ruleset's deck-construction checker (DBE `checkDbeDeck`, DMB `checkDmbDeck`) and the
 * cards the runtime cannot perform (`checkLoadable`), as `digiscript duel` does; a listed card
 * that the workspace has but with errors is reported as such (as `digiscript check` does).
 * @param db the card database (set number → compiled card; with `all`, every card, for the "did you mean" of an unknown one)
 * @param broken the workspace's cards that have errors, by set number
 * @returns the seat when the deck can be played, and every problem (empty when it can)
 */
export function checkDeck(d: DeckFile, db: CardDb<CompiledCard> & { all?: readonly CompiledCard[] }, ruleset: DbeRulesetId, broken: ReadonlyMap<string, BrokenCard> = new Map()): { seat: Seat | null; problems: DeckProblem[] } {
  const problems: DeckProblem[] = [];
  if (deckRuleset(d) === "dcg") {
    problems.push({ file: d.file, line: null, card: null, rule: RULESET_RULE, message: `this is a DCG deck ("ruleset dcg") and the game is ${ruleset.toUpperCase()}: choose the DCG ruleset or another deck` });
    return { seat: null, problems };
  }
  try {
    const { deck, errors } = readDeckList(d.file, d.text);
    for (const e of errors) problems.push({ file: d.file, line: e.line, card: e.card, rule: e.rule, message: e.message });
    if (!deck) return { seat: null, problems };
    if (deck.ruleset !== ruleset) {
      problems.push({ file: d.file, line: null, card: null, rule: RULESET_RULE, message: `${deck.name} is a ${deck.ruleset.toUpperCase()} deck ("ruleset ${deck.ruleset}") and the game is ${ruleset.toUpperCase()}: choose the ${deck.ruleset.toUpperCase()} ruleset or another deck` });
      return { seat: null, problems };
    }
    const lookup = (n: string) => db.get(n)?.stats;
    const legal = ruleset === "dmb" ? checkDmbDeck(deck, lookup) : checkDbeDeck(deck, lookup);
    for (const e of legal) {
      // A card of the workspace that has errors is not compiled: say so, not "unknown" (as `digiscript check` does).
      const b = e.rule === DECK_CARDS_RULE && e.card !== null ? broken.get(e.card) : undefined;
      if (b) problems.push({ file: d.file, line: e.line, card: `${e.card} ${b.name}`, rule: CARD_ERRORS_RULE, message: `${e.card} ${b.name} has errors (${b.where}) and is left out of the compiled cards, so this deck cannot be played: fix the card` });
      else {
        // An unknown card gets the CLI's and the editor's "did you mean" (other letter case, or one edit away).
        const hint = e.rule === DECK_CARDS_RULE && e.card !== null && !db.get(e.card) ? unknownNumberHint(e.card, e.suggestion, knownNumbers(db, broken)) : undefined;
        problems.push({ file: d.file, line: e.line, card: e.card, rule: e.rule, message: hint ? `${e.message}: ${hint}` : e.message });
      }
    }
    const seat = seatOf(deck);
    // Unknown cards are reported above; the runtime is asked only about known ones.
    const known = { ...seat, main: seat.main.filter((k) => db.get(k)), destiny: seat.destiny.filter((k) => db.get(k)) };
    for (const e of checkLoadable(db, [known])) problems.push({ file: d.file, line: lineOf(deck, e.card), card: `${e.card} ${e.name}`, rule: LOADABLE_RULE, message: e.message });
    return { seat: problems.length ? null : seat, problems };
  } catch (e) {
    problems.push({ file: d.file, line: null, card: null, rule: "cards/dbe/decks/README.md", message: `the deck could not be checked: ${(e as Error).message}` });
    return { seat: null, problems };
  }
}

/** Every set number the workspace has: its compiled cards and its cards with errors. */
function knownNumbers(db: CardDb<CompiledCard> & { all?: readonly CompiledCard[] }, broken: ReadonlyMap<string, BrokenCard>): string[] {
  return [...(db.all ?? []).map((c) => c.stats.setNumber), ...broken.keys()];
}

/** The line of a set number's first entry in a deck list (null when not listed). */
function lineOf(deck: DeckList, setNumber: string): number | null {
  return [...deck.main, ...deck.destiny].find((e) => e.setNumber === setNumber)?.line ?? null;
}

/**
 * Prepare a duel: the card database from the workspace's compiled cards and both decks
 * checked for the ruleset.
 * @param cards every compiled card of the workspace (the worker's `playable` answer)
 * @param decks the two deck files, P1's first
 * @param broken the workspace's cards that have errors, by set number ({@link checkDeck})
 * @returns the database and setup, or every problem of both decks. Never throws.
 */
export function prepareDuel(cards: readonly CompiledCard[], decks: readonly [DeckFile, DeckFile], ruleset: DbeRulesetId, broken: ReadonlyMap<string, BrokenCard> = new Map()): PreparedDuel | RefusedDuel {
  const db = cardDb(cards);
  const a = checkDeck(decks[0], db, ruleset, broken);
  const b = checkDeck(decks[1], db, ruleset, broken);
  if (!a.seat || !b.seat) return { ok: false, problems: [...a.problems, ...b.problems] };
  return { ok: true, ruleset, db, setup: { seats: [a.seat, b.seat] } };
}

/**
 * The problem with a seed, or null when it is a valid game seed (a whole number from −2³¹
 * to 2³¹ − 1: `runtime/core/rng.ts` `seedProblem`).
 */
export function seedError(seed: unknown): string | null {
  return seedProblem(seed);
}

/**
 * A new game of a prepared duel (nothing run yet), as `digiscript duel` creates it.
 * @throws RangeError for an invalid seed (check it with {@link seedError} first)
 */
export function newDuelGame(p: PreparedDuel, seed: number): Game<DbeSetup> {
  return new Game(p.ruleset === "dmb" ? DMB : DBE, p.db, p.setup, seed);
}

/** The agents' seeds of a duel of `seed`, P1's then P2's (`runtime/sim/simulate.ts`, `digiscript duel`). */
export function agentSeeds(seed: number): [number, number] {
  return [seed * 2 + 1, seed * 2 + 2];
}
