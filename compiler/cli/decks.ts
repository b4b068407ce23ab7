/**
 * Decks for duels and simulations: compile the bundled sets, read `.deck` lists, check
 * them (deck construction and runtime support) and turn them into the runtime's seats.
 *
 * This is the bridge between the compiler (card text → IR) and the runtime, which never
 * imports the compiler itself.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { checkSources } from "../check/set.ts";
import type { CheckedSet, FileDiagnostic } from "../api.ts";
import { readSetFile } from "../../grammar/setfile.ts";
import type { CompiledCard } from "../../runtime/card.ts";
import { readDeckList, checkDbeDeck, DECK_CARDS_RULE, type DeckError } from "../../runtime/rulesets/dbe/deck.ts";
import { checkDeckList as checkDeckListWith, dbeDeckPool, isDcgDeckText, unknownNumberHint, type DeckPool } from "../check/decks.ts";
import { seatOf } from "../../runtime/rulesets/dbe/seats.ts";
import { checkDmbDeck } from "../../runtime/rulesets/dmb/deck.ts";
import { cardDb, checkLoadable, type Seat } from "../../runtime/rulesets/dbe/index.ts";
import type { CardDb } from "../../runtime/core/engine.ts";
import { fsReason, UserError } from "./errors.ts";
import { PROJECT_ROOT, dgsFilesUnder, findDgsFiles, notTextMessage, notTextReason, readSources } from "./files.ts";
import { isCompiledSetFolder, loadCompiledSet } from "./compiled.ts";

/** Folder of the bundled deck lists. */
export const DECKS_DIR = join(PROJECT_ROOT, "cards", "dbe", "decks");

/** A set of cards the runtime can load, and where it came from (for messages). */
interface CardSource {
  code: string;
  origin: string;
  cards: CompiledCard[];
}

/**
 * The compiled cards of every bundled set (`cards/**\/*.dgs`; bundled cards with errors are
 * left out) plus the designer's own sets given with `--cards`: `.dgs` files or folders
 * (checked here, beside the bundled sets) and compiled set folders (`dist/DS1`, loaded from
 * their generated modules: `compiled.ts`).
 *
 * A set given with `--cards` (`.dgs` files or a compiled folder) whose code is a bundled
 * set's code replaces that set (said on stderr): its bundled files are left out before
 * checking, so the two never merge; a card whose set number another loaded set also uses is an error naming both,
 * never a silent replacement (Anatomy of Cards item 2: a set number identifies one card).
 * @throws UserError listing the diagnostics when a `.dgs` file given has errors (a duel never
 *   runs a card the compiler did not understand), a compiled folder that does not load, or
 *   set numbers used by two sets
 */
export async function bundledCards(extra: readonly string[] = []): Promise<CompiledCard[]> {
  const bundled = await dgsFilesUnder(join(PROJECT_ROOT, "cards"));
  const compiledDirs = extra.filter(isCompiledSetFolder);
  const dgsInputs = extra.filter((x) => !compiledDirs.includes(x));
  const own = dgsInputs.length ? await findDgsFiles(dgsInputs) : [];
  const ownSet = new Set(own);
  const ownSources = await readSources(own);
  // A bundled file whose set code a given `.dgs` file also declares is left out: the given
  // set replaces the bundled one (never merges into it).
  const codeOf = (f: { file: string; text: string }) => readSetFile(f.file, f.text).code;
  const ownCodes = new Map<string, string>();
  for (const f of ownSources) {
    const code = codeOf(f);
    if (code !== null && !ownCodes.has(code)) ownCodes.set(code, f.file);
  }
  const bundledSources = (await readSources(bundled.filter((f) => !ownSet.has(f)))).filter((f) => {
    const code = codeOf(f);
    const by = code === null ? undefined : ownCodes.get(code);
    if (by !== undefined) process.stderr.write(`note: set ${code} from ${by} replaces the bundled set ${code} (${f.file})\n`);
    return by === undefined;
  });
  const sets = checkSources([...bundledSources, ...ownSources]);
  const errors = sets.flatMap((s) => s.diagnostics.filter((d) => d.severity === "error" && ownSet.has(d.file)));
  if (errors.length) throw new UserError(`the card sets given with --cards have errors`, errors.map((d) => `${d.file}:${d.line}:${d.col}: ${d.message}`));
  const toCards = (s: (typeof sets)[number]) => s.cards.filter((c) => c.ok).map((c) => ({ stats: c.stats, text: c.text, effects: c.effects }));
  const base: CardSource[] = sets.filter((s) => s.files.every((f) => !ownSet.has(f))).map((s) => ({ code: s.code, origin: s.files.join(", "), cards: toCards(s) }));
  const given: CardSource[] = sets.filter((s) => s.files.some((f) => ownSet.has(f))).map((s) => ({ code: s.code, origin: s.files.join(", "), cards: toCards(s) }));
  for (const dir of compiledDirs) given.push(await loadCompiledSet(dir));
  // A set given again by code replaces the bundled one, openly.
  const sources = base.filter((b) => {
    const by = given.find((g) => g.code === b.code);
    if (by) process.stderr.write(`note: set ${b.code} from ${by.origin} replaces the bundled set ${b.code} (${b.origin})\n`);
    return !by;
  });
  sources.push(...given);
  const clashes = setNumberClashes(sources);
  if (clashes.length) throw new UserError("two loaded sets use the same set number (a set number identifies one card: Anatomy of Cards item 2)", clashes);
  return sources.flatMap((s) => s.cards);
}

/** One line per set number (flip side included) that two loaded sets both use. */
function setNumberClashes(sources: readonly CardSource[]): string[] {
  const owner = new Map<string, { src: CardSource; name: string }>();
  const out: string[] = [];
  for (const src of sources) {
    for (const c of src.cards) {
      const key = c.stats.flip ? `${c.stats.setNumber}/${c.stats.flip.side}` : c.stats.setNumber;
      const prev = owner.get(key);
      if (prev && prev.src !== src) out.push(`${key} is ${c.stats.name} in set ${src.code} (${src.origin}) and ${prev.name} in set ${prev.src.code} (${prev.src.origin})`);
      else owner.set(key, { src, name: c.stats.name });
    }
  }
  return out;
}

/**
 * Whether a `--deck` argument names a deck file rather than a bundled deck: an existing file
 * (whatever its extension: `mydeck.txt`), a path ending in `.deck`, or a path with a folder
 * in it (`../decks/mine`), which is then reported as not found rather than looked up among
 * the bundled decks. Never throws.
 */
export function isDeckFileArg(arg: string): boolean {
  if (arg.endsWith(".deck") || /[\\/]/.test(arg)) return true;
  try {
    return statSync(arg, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/**
 * Resolve a `--deck` argument: a deck file ({@link isDeckFileArg}: an existing file whatever
 * its extension, a path ending in `.deck` or a path with a folder in it), else the name of a
 * bundled deck ("dragon-rush" → `cards/dbe/decks/dragon-rush.deck`). A missing file is
 * reported by {@link loadDeck}, with the bundled deck names. Never throws.
 */
export function deckPath(arg: string): string {
  if (isDeckFileArg(arg)) return arg;
  return join(DECKS_DIR, `${basename(arg)}.deck`);
}

/** The names of the bundled decks (`cards/dbe/decks/*.deck`), sorted. */
export function bundledDeckNames(): string[] {
  try {
    return readdirSync(DECKS_DIR)
      .filter((f) => f.endsWith(".deck"))
      .map((f) => f.slice(0, -".deck".length))
      .sort();
  } catch {
    return [];
  }
}

export { seatOf } from "../../runtime/rulesets/dbe/seats.ts";
// The pure deck checks live in `compiler/check/decks.ts` (the playground's language worker runs them too).
export { DECK_CODES, deckDiagnostics, isDcgDeckText, unknownNumberHint, type DeckPool, type DeckProblemSink } from "../check/decks.ts";

/**
 * Read, check and load a deck for a ruleset.
 * @throws UserError listing every problem, each naming the card and the rule: a missing
 *   file (with the bundled deck names), a file that is not text (NUL bytes, not UTF-8), unreadable lines, a deck of another ruleset than the
 *   game's (a DCG deck list: `--ruleset dcg`), broken construction rules, cards the runtime
 *   cannot play yet
 */
export function loadDeck(file: string, db: CardDb<CompiledCard> & { all?: readonly CompiledCard[] }, ruleset: "dbe" | "dmb"): Seat {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    const names = bundledDeckNames();
    const bundled = dirname(resolve(file)) === DECKS_DIR;
    const what = bundled ? `no bundled deck named "${basename(file, ".deck")}" (deck file not found: ${file})` : `cannot read deck file ${file}: ${fsReason(e)}`;
    throw new UserError(what, names.length ? [`the bundled decks are ${names.join(", ")}; or give the path of a .deck file`] : []);
  }
  const notText = notTextReason(bytes);
  if (notText !== null) throw new UserError(notTextMessage(file, notText));
  const text = bytes.toString("utf8");
  // A DCG deck list (cards/dcg/decks/README.md) is not read as a DBE one: say which option plays it.
  if (isDcgDeckText(text)) throw new UserError(`deck ${file} is a dcg deck ("ruleset dcg") and the game is ${ruleset}: play it with --ruleset dcg`);
  // A deck whose only syntax errors are comments after an entry is still checked (`read`), so
  // every other problem of the list is reported with them.
  const { deck: readOk, errors, read } = readDeckList(file, text);
  const deck = readOk ?? read;
  const where = (e: DeckError) => `${file}${e.line ? `:${e.line}${e.columns ? `:${e.columns.start + 1}` : ""}` : ""}`;
  const problems = errors.map((e) => `${where(e)}: ${e.message} (${e.rule})`);
  if (deck) {
    if (deck.ruleset !== ruleset) {
      throw new UserError(`deck ${file} is a ${deck.ruleset} deck ("ruleset ${deck.ruleset}") and the game is ${ruleset}: play it with --ruleset ${deck.ruleset}`);
    }
    const lookup = (n: string) => db.get(n)?.stats;
    const legal = ruleset === "dmb" ? checkDmbDeck(deck, lookup) : checkDbeDeck(deck, lookup);
    const numbers = db.all?.map((c) => c.stats.setNumber) ?? [];
    problems.push(...legal.map((e) => {
      const hint = e.rule === DECK_CARDS_RULE && e.card !== null ? unknownNumberHint(e.card, e.suggestion, numbers) : undefined;
      return `${where(e)}: ${e.message} (${e.rule})${hint ? `: ${hint}` : ""}`;
    }));
    // An unknown card is reported once, above; the runtime is asked only about known cards.
    const seat = seatOf(deck);
    const known = { ...seat, main: seat.main.filter((k) => db.get(k)), destiny: seat.destiny.filter((k) => db.get(k)) };
    problems.push(...checkLoadable(db, [known]).map((e) => `${file}: ${e.message} (the runtime cannot play this card yet: docs/runtime.md)`));
    if (problems.length === 0) return seat;
  }
  throw new UserError(`deck ${file} cannot be played:\n  ${problems.join("\n  ")}`);
}

/** The card database of the bundled sets, plus the sets of `extra` files or folders. */
export async function bundledDb(extra: readonly string[] = []): Promise<CardDb<CompiledCard> & { all: CompiledCard[] }> {
  return cardDb(await bundledCards(extra));
}

// ─── `digiscript check <file>.deck` ────────────────────────────────────────

/** Whether a command-line path names a deck list (`.deck`) rather than a `.dgs` file or folder. */
export function isDeckPath(path: string): boolean {
  return path.toLowerCase().endsWith(".deck");
}

/**
 * The pool of cards for checking deck lists beside the sets of one `check`: the given sets
 * and the bundled sets (`cards/**\/*.dgs`), as `duel --cards` loads them — a bundled file
 * that is itself given, or whose set code a given set has, is left out (the given set
 * replaces it).
 * @param given the checked sets of the `.dgs` files given on the command line
 */
export async function deckPool(given: readonly CheckedSet[]): Promise<DeckPool> {
  const givenFiles = new Set(given.flatMap((s) => s.files.map((f) => resolve(f))));
  const givenCodes = new Set(given.map((s) => s.code));
  const bundledSources = (await readSources((await dgsFilesUnder(join(PROJECT_ROOT, "cards"))).filter((f) => !givenFiles.has(resolve(f))))).filter((f) => {
    const code = readSetFile(f.file, f.text).code;
    return code === null || !givenCodes.has(code);
  });
  return dbeDeckPool([...given, ...checkSources(bundledSources)]);
}

/**
 * Check a deck list the way `duel` and `simulate` load one (`loadDeck`), for `check`: the
 * browser-safe check (`compiler/check/decks.ts` `checkDeckList`: syntax, set numbers, the
 * deck-construction rules of its own ruleset — DBE `000_012504f4614e5b24.txt` or DMB
 * `003_7a740b8ec9103d40.txt`, "Deck Construction" —, cards with errors, cards the runtime
 * cannot play yet), with the hint of an unknown number naming the command line when no number
 * is near. Each problem a diagnostic at `file:line:col`. Never throws.
 * @param file the deck file's path, as shown
 * @param text its contents
 * @param pool the cards the deck may use ({@link deckPool})
 */
export function checkDeckList(file: string, text: string, pool: DeckPool): FileDiagnostic[] {
  return checkDeckListWith(file, text, pool, { unknownHint: "the deck may use the bundled sets and the .dgs files given with it: digiscript check my-set/ my.deck" });
}
