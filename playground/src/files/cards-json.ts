/**
 * The `cards.json` of a set, built in the page from the language worker's card views: the
 * same document `digiscript compile` writes (`compiler/emit/index.ts`, `emitSet`; for a DCG
 * set `compiler/emit/dcg.ts`, `dcgCardsJson`) — `{ code, name, ruleset, cards: [{ stats,
 * text, effects }] }` of the set's compiled cards in the set's order, `JSON.stringify(…, null,
 * 1)` plus a final newline. Pure: no DOM.
 */
import type { AnyCardView } from "../worker/protocol.ts";

/** The set of a file could not be made into a `cards.json` (the message says why, for the designer). */
export class CardsJsonError extends Error {
  override name = "CardsJsonError";
}

/** A `cards.json` ready to download. */
export interface CardsJson {
  /** The set's code, e.g. "DS1". */
  code: string;
  /** A download name: `<code>-cards.json`, e.g. "DS1-cards.json" ("cards.json" for a code that is not a valid set code). */
  fileName: string;
  /** The document, exactly as `emitSet` writes it. */
  text: string;
  /** How many cards it holds (compiled cards only), and how many of the set's cards were left out for errors. */
  compiled: number;
  leftOut: number;
}

/**
 * The `cards.json` of the set a file belongs to.
 * @param views every card view of the workspace (the worker's `cards` answer for `file: null`),
 *   in the worker's order (set by set, each set's cards in its order)
 * @param file the file whose set is wanted (bundled or own)
 * @returns the document, its download name and counts
 * @throws CardsJsonError when the file is not a set file or no card of it has been read
 *   (an empty set, a file without a readable `card` block)
 */
export function cardsJson(views: readonly AnyCardView[], file: string): CardsJson {
  if (!file.endsWith(".dgs")) throw new CardsJsonError("Open a set file (.dgs) to download its cards.json.");
  const mine = views.find((v) => v.file === file);
  if (!mine) throw new CardsJsonError(`${file} has no cards yet, so there is no cards.json to download.`);
  const set = views.filter((v) => v.set === mine.set && v.ruleset === mine.ruleset);
  const ok = set.filter((v) => v.card.ok);
  const doc = {
    code: mine.set,
    name: mine.setName,
    ruleset: mine.ruleset,
    cards: ok.map((v) => ({ stats: v.card.stats, text: v.card.text, effects: v.card.effects })),
  };
  // The checker refuses other codes, but a download name is made safe here all the same.
  const fileName = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/.test(mine.set) && mine.set.length <= 32 ? `${mine.set}-cards.json` : "cards.json";
  return { code: mine.set, fileName, text: JSON.stringify(doc, null, 1) + "\n", compiled: ok.length, leftOut: set.length - ok.length };
}
