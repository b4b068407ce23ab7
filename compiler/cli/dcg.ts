/**
 * DCG cards and decks for `duel`, `simulate` and `replay` with `--ruleset dcg`: the bridge
 * between the DCG compiler (set files → checked cards with their effects as IR) and the DCG
 * rules runtime (`runtime/rulesets/dcg`, played with card effects: `DCG_EFFECTS`).
 *
 * Where the cards come from ({@link loadDcgPool}):
 * - the bundled DCG sets (`cards/**\/*.dgs` with `ruleset dcg`), always;
 * - with `--cards`, the designer's DCG sets: `.dgs` files or folders of them (`ruleset dcg`),
 *   compiled DCG set folders (`compile` wrote `<SET>/cards.json`, `ruleset: "dcg"`), a folder of
 *   such folders (`dist/corpus/dcg/compiled`), or the official card dump itself (a `.json`
 *   array, imported with `import dcg`'s importer);
 * - without `--cards`, the card pool: `../shared/data/dcg/cards.json` (test input beside the
 *   project, never copied into it) imported in memory with `compiler/import/dcg.ts` and checked
 *   with the DCG checker, as `import dcg` + `check` do. Without the dump, only the bundled sets.
 *
 * A loaded card whose text or stats have errors is not played: a deck using one is refused with
 * the card's first diagnostic. A card the runtime cannot perform yet (`dcgUnsupported`) is
 * refused at load naming the card and the construct, as DBE's `checkLoadable` does.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { checkDcgSources } from "../check/dcg/set.ts";
import type { DcgCheckedSet, FileDiagnostic, SourceFile } from "../api.ts";
import { rulesetOfSource } from "../../grammar/setfile.ts";
import type { CardDb, Game } from "../../runtime/core/engine.ts";
import { seatLabel } from "../../runtime/core/engine.ts";
import { dcgCardDb, type DcgCard } from "../../runtime/rulesets/dcg/model.ts";
import { checkDcgDeck, readDcgDeckList, dcgSeatOf } from "../../runtime/rulesets/dcg/deck.ts";
import type { DcgSeat } from "../../runtime/rulesets/dcg/setup.ts";
import { UserError, fsReason, messageOf } from "./errors.ts";
import { PROJECT_ROOT, compareStrings, dgsFilesUnder, displayPath, findDgsFiles, notTextMessage, notTextReason, readSources } from "./files.ts";
import { isDeckFileArg } from "./decks.ts";
import { brokenDcgEntries, checkDcgDeckList as checkDcgDeckListWith, DCG_RUNTIME_DOC, dcgBrokenCard, dcgDeckRules, unknownNumberHint, unplayableDcgEntries, type DcgBrokenCard, type DcgDeckPool } from "../check/decks.ts";

/** Folder of the bundled DCG deck lists (`cards/dcg/decks/*.deck`). */
export const DCG_DECKS_DIR = join(PROJECT_ROOT, "cards", "dcg", "decks");

/** The official DCG card dump's default place, beside the project: the card pool `--ruleset dcg` plays by default. */
export const DCG_CARD_POOL = join(PROJECT_ROOT, "..", "shared", "data", "dcg", "cards.json");

/**
 * The decks `simulate --ruleset dcg` plays without `--deck`: two of the bundled decks (every
 * bundled DCG deck's cards compile and are performed by the runtime with their effects:
 * `tests/dcg/cli-duel.test.ts`, `tests/dcg/cli-check-deck.test.ts`).
 */
export const DEFAULT_DCG_DECKS: readonly [string, string] = ["st1-gaia-red", "bt1-red-dragons"];

/** A card loaded that cannot be played: its text or stats have errors (`compiler/check/decks.ts`). */
export type { DcgBrokenCard } from "../check/decks.ts";

/** The DCG cards a game may use, as {@link loadDcgPool} loaded them. */
export interface DcgPool extends DcgDeckPool {
  /** The cards that compiled, by card number (stats, text, effects as IR). */
  db: CardDb<DcgCard> & { all: DcgCard[] };
  /** Where the cards came from, for messages ("cards/dcg/example.dgs", "the card pool ../shared/data/dcg/cards.json"). */
  origins: string[];
  /** Whether the default card pool was loaded (no `--cards`, the dump present). */
  cardPool: boolean;
  /** The card number of every loaded card, compiled or not (for "did you mean" hints: `decks.ts` `unknownNumberHint`). */
  numbers: readonly string[];
}

/** One loaded set of DCG cards, and where it came from (a part of a {@link DcgPool}). */
export interface DcgSource {
  code: string;
  origin: string;
  cards: DcgCard[];
  broken: Map<string, DcgBrokenCard>;
  /** Stats of every card of the set (compiled or not). */
  stats: DcgCard["stats"][];
}

/**
 * The cards of checked DCG sets, each set a source; cards with errors are kept aside with their first error.
 * @param where words after a diagnostic's place, e.g. " (the card pool …, imported)"
 */
function sourcesOfChecked(sets: readonly DcgCheckedSet[], origin: (set: DcgCheckedSet) => string, where = ""): DcgSource[] {
  return sets.map((set) => {
    const cards: DcgCard[] = [];
    const broken = new Map<string, DcgBrokenCard>();
    for (const c of set.cards) {
      if (c.ok) cards.push({ stats: c.stats, text: c.text, effects: c.effects });
      else {
        broken.set(c.stats.number, dcgBrokenCard(set, c, where));
      }
    }
    return { code: set.code, origin: origin(set), cards, broken, stats: set.cards.map((c) => c.stats) };
  });
}

/** Whether a folder holds a compiled DCG set (`<SET>/cards.json` with `"ruleset": "dcg"`). */
export function isCompiledDcgFolder(path: string): boolean {
  const file = join(path, "cards.json");
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as { ruleset?: unknown } | null)?.ruleset === "dcg";
  } catch {
    return false;
  }
}

/**
 * Load a compiled DCG set folder's `cards.json` (what `compile` writes: `compiler/emit/dcg.ts`
 * `DcgCardsJson`).
 * @throws UserError when the file does not read or does not have the shape of a compiled DCG set
 */
export function loadCompiledDcgSet(dir: string): DcgSource {
  const file = join(dir, "cards.json");
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new UserError(`cannot load the compiled DCG set in ${displayPath(dir)}: ${messageOf(e).split("\n")[0]}`, ["recompile it with digiscript compile <files> --out <folder>"]);
  }
  const d = doc as { code?: unknown; ruleset?: unknown; cards?: unknown };
  const shaped = (c: unknown): c is DcgCard => {
    const x = c as DcgCard | null;
    return typeof x === "object" && x !== null && typeof x.stats?.number === "string" && typeof x.stats.name === "string" && typeof x.text === "object" && x.text !== null && ["effect", "inherited", "security"].every((b) => Array.isArray(x.effects?.[b as "effect"]));
  };
  if (d?.ruleset !== "dcg" || typeof d.code !== "string" || !Array.isArray(d.cards) || !d.cards.every(shaped))
    throw new UserError(`${displayPath(file)} is not a compiled DCG set ({code, name, ruleset: "dcg", cards: [{stats, text, effects}]})`, ["recompile it with digiscript compile <files> --out <folder>"]);
  const cards = d.cards.map((c) => ({ stats: c.stats, text: c.text, effects: c.effects }));
  return { code: d.code, origin: displayPath(dir), cards, broken: new Map(), stats: cards.map((c) => c.stats) };
}

/**
 * Import the official DCG card dump in memory and check it (as `import dcg` then `check`).
 * @param file the dump (`cards.json`)
 * @throws UserError when it cannot be read or is not the dump's shape
 */
async function dumpSources(file: string): Promise<DcgSource[]> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserError(code ? `cannot read ${displayPath(file)}: ${fsReason(e)}` : `${displayPath(file)}: not valid JSON (${messageOf(e).split("\n")[0]})`);
  }
  const { convertDcg } = await import("./commands/import.ts");
  const result = await convertDcg(json, displayPath(file));
  const shown = displayPath(file);
  const sets = checkDcgSources(result.files.map((f) => ({ file: f.file, text: f.dgs })));
  return sourcesOfChecked(sets, (s) => `${shown} (set ${s.code})`, ` of ${shown} as imported`);
}

/** Whether a path is a `.json` file (the dump, or a compiled set's `cards.json`). */
function isJsonFile(path: string): boolean {
  try {
    return path.toLowerCase().endsWith(".json") && statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The compiled DCG set folders directly inside `dir` (a folder of compiled sets: `dist/corpus/dcg/compiled`). */
function compiledChildren(dir: string): string[] {
  try {
    if (!statSync(dir).isDirectory()) return [];
    return readdirSync(dir)
      .sort(compareStrings)
      .map((n) => join(dir, n))
      .filter((p) => statSync(p).isDirectory() && isCompiledDcgFolder(p));
  } catch {
    return [];
  }
}

/**
 * The DCG cards `--ruleset dcg` plays: the bundled DCG sets, plus `extra` (`--cards`), or the
 * card pool {@link DCG_CARD_POOL} when `extra` is empty and the dump exists (see the module
 * comment for what `extra` may name).
 * @param extra `--cards` paths: `.dgs` files or folders, compiled DCG set folders (or a folder of them), the dump (`.json`)
 * @param pool the card pool to load when `extra` is empty (default {@link DCG_CARD_POOL}; null: none)
 * A given set whose code is a bundled set's code replaces that set (said on stderr); a given
 * `.dgs` card with errors is left out (said on stderr) and a deck using it is refused; an error
 * of a given file outside its cards (a bad `ruleset` line) refuses the file.
 * @throws UserError for a path that does not exist, a `.dgs` file that is not a DCG set or has an
 *   error outside its cards, a
 *   compiled folder or dump that does not load, or a card number used by two loaded sets
 *   (002 §2-1-1: cards with the same number are the same card)
 */
export async function loadDcgPool(extra: readonly string[] = [], pool: string | null = DCG_CARD_POOL): Promise<DcgPool> {
  const sources: DcgSource[] = [];
  // The bundled DCG sets (a given set with the code of one replaces it: below).
  const bundled = (await readSources(await dgsFilesUnder(join(PROJECT_ROOT, "cards")))).filter((s) => rulesetOfSource(s.text) === "dcg");
  const bundledSets = bundled.length ? sourcesOfChecked(checkDcgSources(bundled), (s) => s.files.join(", ")) : [];
  sources.push(...bundledSets);
  const dgsInputs: string[] = [];
  for (const path of extra) {
    if (isJsonFile(path)) {
      const head = readFileSync(path, "utf8").trimStart();
      if (head.startsWith("[")) sources.push(...(await dumpSources(path)));
      else if (isCompiledDcgFolder(dirname(path))) sources.push(loadCompiledDcgSet(dirname(path)));
      else throw new UserError(`${path}: neither the DCG card dump (a JSON array) nor a compiled DCG set's cards.json`);
    } else if (existsSync(path) && isCompiledDcgFolder(path)) sources.push(loadCompiledDcgSet(path));
    else {
      const children = compiledChildren(path);
      for (const c of children) sources.push(loadCompiledDcgSet(c));
      if (children.length === 0) dgsInputs.push(path);
    }
  }
  let own: SourceFile[] = [];
  if (dgsInputs.length) {
    own = await readSources(await findDgsFiles(dgsInputs));
    const notDcg = own.filter((s) => rulesetOfSource(s.text) !== "dcg");
    if (notDcg.length)
      throw new UserError(`--ruleset dcg plays DCG sets (a "ruleset dcg" line); these are not: ${notDcg.map((s) => s.file).join(", ")}`, ["play DBE or DMB sets with --ruleset dbe or dmb"]);
    const bundledFiles = new Set(bundled.map((b) => resolve(b.file)));
    own = own.filter((s) => !bundledFiles.has(resolve(s.file)));
    const checked = checkDcgSources(own, { knownNames: sources.flatMap((s) => s.stats.map((x) => x.name)) });
    // An error outside every card (a bad \`ruleset\` line, a card before the \`set\` line) is the
    // file's: no card of it is played until it is fixed (a card's own errors leave only that card out).
    const fileErrors = checked.flatMap((set) => set.diagnostics.filter((d) => d.severity === "error" && !set.cards.some((c) => c.file === d.file && d.span.start >= c.span.start && d.span.start <= c.span.end)));
    if (fileErrors.length) throw new UserError("the DCG sets given with --cards have errors outside their cards", fileErrors.slice(0, 20).map((d) => `${d.file}:${d.line}:${d.col}: ${d.message}`));
    const given = sourcesOfChecked(checked, (s) => s.files.join(", "));
    const brokenCount = given.reduce((n, s) => n + s.broken.size, 0);
    if (brokenCount) process.stderr.write(`note: ${brokenCount} card${brokenCount === 1 ? "" : "s"} of the given DCG sets ha${brokenCount === 1 ? "s" : "ve"} errors and cannot be played (digiscript check lists them); a deck using one is refused\n`);
    sources.push(...given);
  }
  let cardPool = false;
  if (extra.length === 0 && pool !== null && existsSync(pool)) {
    sources.push(...(await dumpSources(pool)));
    cardPool = true;
  }
  return poolOf(sources, bundledSets, cardPool, true);
}

/**
 * The DCG cards a DCG deck list given to `check` may use, as `duel --ruleset dcg` would load
 * them ({@link loadDcgPool}): the bundled DCG sets (a given set replaces the bundled set of its
 * code; a bundled file given again is not read twice) and the DCG sets checked beside the deck
 * (`given`), or — when none is given — the card pool {@link DCG_CARD_POOL}, imported and checked.
 * The given sets' cards with errors are kept aside ({@link DcgPool.broken}): their diagnostics
 * are `check`'s own, so nothing is said on stderr.
 * @param given the DCG sets of the `.dgs` files given to `check`, already checked
 * @param pool the card pool to load when `given` is empty (null: none)
 * @throws UserError when the card pool does not load, or a card number is used by two loaded sets (002 §2-1-1)
 */
export async function dcgDeckPool(given: readonly DcgCheckedSet[], pool: string | null = DCG_CARD_POOL): Promise<DcgPool> {
  const givenFiles = new Set(given.flatMap((s) => s.files.map((f) => resolve(f))));
  const bundled = (await readSources((await dgsFilesUnder(join(PROJECT_ROOT, "cards"))).filter((f) => !givenFiles.has(resolve(f))))).filter((s) => rulesetOfSource(s.text) === "dcg");
  const bundledSets = bundled.length ? sourcesOfChecked(checkDcgSources(bundled), (s) => s.files.join(", ")) : [];
  const sources: DcgSource[] = [...bundledSets, ...sourcesOfChecked(given, (s) => s.files.join(", "))];
  let cardPool = false;
  if (given.length === 0 && pool !== null && existsSync(pool)) {
    sources.push(...(await dumpSources(pool)));
    cardPool = true;
  }
  return poolOf(sources, bundledSets, cardPool, false);
}

/**
 * The pool of loaded DCG sources: a set with a bundled set's code replaces it (said on stderr
 * when `note`), then the cards by number.
 * @throws UserError for a card number two loaded sets use (002 §2-1-1)
 */
function poolOf(sources: DcgSource[], bundledSets: readonly DcgSource[], cardPool: boolean, note: boolean): DcgPool {
  // A set given with the code of a bundled set replaces it, openly (as for DBE: compiler/cli/decks.ts).
  for (const b of bundledSets) {
    const by = sources.find((x) => x !== b && !bundledSets.includes(x) && x.code === b.code);
    if (!by) continue;
    if (note) process.stderr.write(`note: set ${b.code} from ${by.origin} replaces the bundled set ${b.code} (${b.origin})\n`);
    sources.splice(sources.indexOf(b), 1);
  }
  // A card number used by two loaded sets is an error (002 §2-1-1).
  const owner = new Map<string, DcgSource>();
  const clashes: string[] = [];
  for (const src of sources)
    for (const s of src.stats) {
      const prev = owner.get(s.number);
      if (prev && prev !== src) clashes.push(`${s.number} is in ${src.origin} and in ${prev.origin}`);
      else owner.set(s.number, src);
    }
  if (clashes.length) throw new UserError("two loaded DCG sets use the same card number (cards with the same number are the same card: 002 §2-1-1)", clashes.slice(0, 20));
  const cards = sources.flatMap((s) => s.cards);
  const stats = new Map(sources.flatMap((s) => s.stats.map((x) => [x.number, x] as const)));
  const broken = new Map(sources.flatMap((s) => [...s.broken]));
  const origins = [...new Set(sources.map((s) => s.origin.replace(/ \(set [^)]*\)$/, "")))];
  return { db: dcgCardDb(cards), stats: (n) => stats.get(n), broken, origins, cardPool, numbers: [...stats.keys()] };
}

/**
 * Resolve a DCG `--deck` argument: a deck file (`decks.ts` `isDeckFileArg`: an existing file
 * whatever its extension, a path ending in `.deck` or a path with a folder in it), else the
 * name of a bundled DCG deck ("st1-gaia-red" → `cards/dcg/decks/st1-gaia-red.deck`). A
 * missing file is reported by {@link loadDcgDeck}. Never throws.
 */
export function dcgDeckPath(arg: string): string {
  if (isDeckFileArg(arg)) return arg;
  return join(DCG_DECKS_DIR, `${basename(arg)}.deck`);
}

/** The names of the bundled DCG decks (`cards/dcg/decks/*.deck`), sorted. */
export function bundledDcgDeckNames(): string[] {
  try {
    return readdirSync(DCG_DECKS_DIR)
      .filter((f) => f.endsWith(".deck"))
      .map((f) => f.slice(0, -".deck".length))
      .sort(compareStrings);
  } catch {
    return [];
  }
}

// The pure DCG deck checks live in `compiler/check/decks.ts` (the playground's language worker runs them too).
export { dcgDeckRules } from "../check/decks.ts";

/**
 * Check a DCG deck list (`ruleset dcg`: `cards/dcg/decks/README.md`) for `check`, the way
 * `duel` and `simulate --ruleset dcg` load one ({@link loadDcgDeck}): the browser-safe check
 * (`compiler/check/decks.ts` `checkDcgDeckList`: the syntax, unknown card numbers, the
 * construction rules of 002 §5-1-1, cards that do not compile, cards the runtime cannot perform
 * yet), with the hint of an unknown number naming where the cards may come from — the card pool
 * {@link DCG_CARD_POOL} when it was loaded, else the DCG `.dgs` files given with the deck — when
 * no number is near. Never throws.
 * @param file the deck file's path, as shown
 * @param text its contents
 * @param pool the cards the deck may use ({@link dcgDeckPool})
 */
export function checkDcgDeckList(file: string, text: string, pool: DcgPool): FileDiagnostic[] {
  const unknownHint = pool.cardPool
    ? `the deck may use the bundled DCG sets and the card pool ${displayPath(DCG_CARD_POOL)}`
    : `the deck may use the bundled DCG sets and the DCG .dgs files given with it${existsSync(DCG_CARD_POOL) ? ` (the card pool ${displayPath(DCG_CARD_POOL)} when none is given)` : ""}: digiscript check my-set/ my.deck`;
  return checkDcgDeckListWith(file, text, pool, { unknownHint });
}

/**
 * Read, check and load a DCG deck list as a seat.
 *
 * Problems, each naming the card and the rule: a missing file (with the bundled deck names),
 * the `.deck` syntax (`cards/dcg/decks/README.md`), an unknown card number (with where the
 * cards came from, and the card pool's place when it is absent), the construction rules of
 * 002 §5-1-1 (50 cards; 0–5 Digi-Eggs; at most 4 of a number; each pile's card kinds), a card
 * whose text or stats do not compile (its first diagnostic), a card the runtime cannot perform
 * yet (the construct: `dcgUnsupported`).
 * @param file the `.deck` file
 * @param pool the loaded cards ({@link loadDcgPool})
 * @returns the seat (one card number per copy)
 * @throws UserError listing every problem; a missing or unreadable file, or one that is not
 *   text (NUL bytes, not UTF-8), as one line
 */
export function loadDcgDeck(path: string, pool: DcgPool): DcgSeat {
  const file = displayPath(path);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    const names = bundledDcgDeckNames();
    const bundled = resolve(dirname(path)) === DCG_DECKS_DIR;
    const what = bundled ? `no bundled DCG deck named "${basename(file, ".deck")}" (deck file not found: ${file})` : `cannot read deck file ${file}: ${fsReason(e)}`;
    throw new UserError(what, names.length ? [`the bundled DCG decks are ${names.join(", ")}; or give the path of a .deck file`] : []);
  }
  const notText = notTextReason(bytes);
  if (notText !== null) throw new UserError(notTextMessage(file, notText));
  const text = bytes.toString("utf8");
  // Each problem with its line (0: the deck as a whole), listed in line order.
  const problems: { line: number; text: string }[] = [];
  const add = (line: number | null, message: string, col?: number) => problems.push({ line: line ?? 0, text: `${file}${line ? `:${line}${col ? `:${col}` : ""}` : ""}: ${message}` });
  // A list whose only syntax errors are comments after an entry is still checked (`read`): every other problem is listed too.
  const { deck: readOk, errors, read } = readDcgDeckList(file, text);
  const deck = readOk ?? read;
  for (const e of errors) add(e.line, `${e.message} (${e.rule})`, e.columns ? e.columns.start + 1 : undefined);
  if (deck) {
    const legal = checkDcgDeck(deck, pool.stats, dcgDeckRules(pool));
    for (const e of legal) {
      const hint = e.message.startsWith("unknown card number") ? unknownNumberHint(e.card ?? "", e.suggestion, pool.numbers) : undefined;
      add(e.line, `${e.message} (${e.rule})${hint ? `: ${hint}` : ""}`);
    }
    for (const { entry: e, broken: b } of brokenDcgEntries(deck, pool)) add(e.line, `${e.number} ${b.name} does not compile, so it cannot be played (${b.why})`);
    if (legal.some((e) => e.message.startsWith("unknown card number")) && !pool.cardPool && !pool.origins.includes(displayPath(DCG_CARD_POOL)))
      add(
        null,
        `the cards loaded come from ${pool.origins.join(", ") || "no set"}${existsSync(DCG_CARD_POOL) ? ` (--cards replaces the DCG card pool: to play its cards beside yours, give it too, --cards ${displayPath(DCG_CARD_POOL)})` : `; the DCG card pool ${displayPath(DCG_CARD_POOL)} is absent`}: give every set the deck uses with --cards (DCG .dgs files or folders, compiled DCG sets, or the card dump cards.json)`,
      );
    // The runtime is asked only about the cards that compiled (the others are reported above).
    for (const e of unplayableDcgEntries(deck, pool)) add(e.line, `${e.message} (the DCG runtime refuses the card rather than skip part of its text: ${DCG_RUNTIME_DOC})`);
    if (problems.length === 0) return dcgSeatOf(deck);
  }
  const lines = problems.sort((a, b) => (a.line || Infinity) - (b.line || Infinity)).map((p) => p.text);
  throw new UserError(`deck ${file} cannot be played:\n  ${lines.join("\n  ")}`);
}

/** DCG phase names as the rules name them (002 chapter 6), by the runtime's phase id. */
const DCG_PHASES: Readonly<Record<string, string>> = {
  start: "Start of turn (002 §6-2)",
  unsuspend: "Unsuspend Phase (002 §6-3)",
  draw: "Draw Phase (002 §6-4)",
  breeding: "Breeding Phase (002 §6-5)",
  main: "Main Phase (002 §6-6)",
  end: "End of turn (002 §6-7)",
};

/** Steps of an attack (002 §9-2-1), by the runtime's step id. */
const DCG_ATTACK_STEPS: Readonly<Record<string, string>> = {
  attack: "attack declaration (§9-2-1-1)",
  counter: "counter timing (§9-2-1-4)",
  block: "block timing (§9-2-1-5)",
  confirm: "attack target confirmation (§9-2-1-6)",
  check: "security check (§9-2-1-7)",
  battle: "battle (§9-2-1-8)",
  endOfAttack: "end of attack (§9-2-1-9)",
};

/**
 * A DCG game's event log as `duel --ruleset dcg` (and `replay`) print it: a first line naming
 * the seats, a header per part of the game ("── Setup ──", "── Turn 3: P1 (Gaia Red), memory 2
 * ──", "── The game ends ──"), a line per phase (and per attack step) as 002 names them, and one
 * line per event, "    <text>", as the rules code wrote it. The machine form is the save
 * (`duel --json`).
 * @returns the text, each line ending in a newline ("" for an empty log)
 */
export function formatDcgLog(g: Game): string {
  if (g.log.length === 0) return "";
  const out: string[] = [`${seatLabel(g.state, 0)} — ${seatLabel(g.state, 1)}\n`];
  let turn = -1;
  let section = "";
  for (const e of g.log) {
    if (e.kind === "gameEnd") {
      out.push("── The game ends ──\n", `    ${e.text}\n`);
      continue;
    }
    if (e.turn !== turn) {
      turn = e.turn;
      section = "";
      if (e.kind === "turn") {
        out.push(`── ${e.text.replace(/ is the turn player;/, ",")} ──\n`);
        continue;
      }
      out.push(turn === 0 ? "── Setup (002 §5-2) ──\n" : `── Turn ${turn} ──\n`);
    }
    if (e.kind === "turn") continue;
    const phase = DCG_PHASES[e.phase] ?? e.phase;
    const step = e.phase === "main" && e.step ? DCG_ATTACK_STEPS[e.step] : undefined;
    const here = e.phase === "setup" || e.phase === "" ? "" : step ? `${phase}, attack: ${step}` : phase;
    if (here && here !== section) out.push(`  ${here}\n`);
    section = here || section;
    out.push(`    ${e.text}\n`);
  }
  return out.join("");
}
