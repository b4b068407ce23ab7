/**
 * Decks for duels and simulations: compile the bundled sets, read `.deck` lists, check
 * them (deck construction and runtime support) and turn them into the runtime's seats.
 *
 * This is the bridge between the compiler (card text → IR) and the runtime, which never
 * imports the compiler itself.
 */
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { checkSources } from "../check/set.ts";
import type { CompiledCard } from "../../runtime/card.ts";
import { readDeckList, checkDbeDeck, type DeckList } from "../../runtime/rulesets/dbe/deck.ts";
import { checkDmbDeck } from "../../runtime/rulesets/dmb/deck.ts";
import { cardDb, checkLoadable, type Seat } from "../../runtime/rulesets/dbe/index.ts";
import type { CardDb } from "../../runtime/core/engine.ts";
import { UserError } from "./errors.ts";
import { PROJECT_ROOT, dgsFilesUnder, findDgsFiles, readSources } from "./files.ts";

/** Folder of the bundled deck lists. */
export const DECKS_DIR = join(PROJECT_ROOT, "cards", "dbe", "decks");

/**
 * The compiled cards of every bundled set (`cards/**\/*.dgs`; bundled cards with errors are
 * left out) plus the sets of `extra` `.dgs` files or folders (a designer's own sets).
 * @throws UserError listing the diagnostics when an extra file has errors, so that a duel
 *   never runs a card the compiler did not understand
 */
export async function bundledCards(extra: readonly string[] = []): Promise<CompiledCard[]> {
  const bundled = await dgsFilesUnder(join(PROJECT_ROOT, "cards"));
  const own = extra.length ? await findDgsFiles(extra) : [];
  const files = [...new Set([...bundled, ...own])];
  const sets = checkSources(await readSources(files));
  const ownSet = new Set(own);
  const errors = sets.flatMap((s) => s.diagnostics.filter((d) => d.severity === "error" && ownSet.has(d.file)));
  if (errors.length) throw new UserError(`the card sets given with --cards have errors`, errors.map((d) => `${d.file}:${d.line}:${d.col}: ${d.message}`));
  return sets.flatMap((s) => s.cards.filter((c) => c.ok).map((c) => ({ stats: c.stats, text: c.text, effects: c.effects })));
}

/**
 * Resolve a `--deck` argument: a path ending in `.deck`, or the name of a bundled deck
 * ("dragon-rush" → `cards/dbe/decks/dragon-rush.deck`). A missing file is reported by
 * {@link loadDeck}.
 */
export function deckPath(arg: string): string {
  if (arg.endsWith(".deck")) return arg;
  return join(DECKS_DIR, `${basename(arg)}.deck`);
}

/** A deck list as the seat of a game, one key per copy. */
export function seatOf(deck: DeckList): Seat {
  const expand = (es: DeckList["main"]) => es.flatMap((e) => Array.from({ length: e.count }, () => e.setNumber));
  return { name: deck.name, main: expand(deck.main), destiny: expand(deck.destiny), partner: deck.partner };
}

/**
 * Read, check and load a deck for a ruleset.
 * @throws UserError listing every problem: unreadable lines, broken construction rules,
 *   cards the runtime cannot yet perform — each naming the card and the rule
 */
export function loadDeck(file: string, db: CardDb<CompiledCard>, ruleset: "dbe" | "dmb"): Seat {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new UserError(`deck file not found: ${file}`);
  }
  const { deck, errors } = readDeckList(file, text);
  const problems = errors.map((e) => `${file}${e.line ? `:${e.line}` : ""}: ${e.message} (${e.rule})`);
  if (deck) {
    const lookup = (n: string) => db.get(n)?.stats;
    const legal = ruleset === "dmb" ? checkDmbDeck(deck, lookup) : checkDbeDeck(deck, lookup);
    problems.push(...legal.map((e) => `${file}${e.line ? `:${e.line}` : ""}: ${e.message} (${e.rule})`));
    const seat = seatOf(deck);
    problems.push(...checkLoadable(db, [seat]).map((e) => `${file}: ${e.message} (issue 3 §4: not yet supported by the runtime)`));
    if (problems.length === 0) return seat;
  }
  throw new UserError(`deck ${file} cannot be played:\n  ${problems.join("\n  ")}`);
}

/** The card database of the bundled sets, plus the sets of `extra` files or folders. */
export async function bundledDb(extra: readonly string[] = []): Promise<CardDb<CompiledCard> & { all: CompiledCard[] }> {
  return cardDb(await bundledCards(extra));
}
