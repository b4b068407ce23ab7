/**
 * The check of a saved game's setup (`Ruleset.checkSetup`) for DBE and its variants: a save
 * is untrusted input, so its two seats must be decks the ruleset's own deck checker accepts
 * — the same checks `duel` applies to a `.deck` file (`000_012504f4614e5b24.txt`, "Deck
 * Construction"; DMB: `003_7a740b8ec9103d40.txt`, "Deck Construction") — and every card must
 * be one this runtime can play (`loadable.ts`).
 */
import { z } from "zod";
import type { CompiledCard } from "../../card.ts";
import type { CardDb } from "../../core/engine.ts";
import { parseOrThrow, SaveError } from "../../core/save.ts";
import type { CardLookup, DeckError, DeckList } from "./deck.ts";
import { deckListOf } from "./seats.ts";
import { checkLoadable } from "./loadable.ts";
import type { DbeSetup, Seat } from "./setup.ts";

/** The most cards a seat's Main Deck or Destiny Zone may list in a save (far above any legal deck). */
const MAX_SEAT_CARDS = 1000;
/** The most problems listed in one error line; the rest are counted. */
const MAX_LISTED = 3;

const SET_NUMBER = z.string({ error: "expected a set number" }).regex(/^\S{1,64}$/, { error: "expected a set number (1–64 characters, no spaces)" });
const CARDS = z.array(SET_NUMBER, { error: "expected a list of set numbers" }).max(MAX_SEAT_CARDS, { error: `expected at most ${MAX_SEAT_CARDS} cards` });

/** One seat as a save holds it (`setup.ts` {@link Seat}). */
const SEAT = z.strictObject(
  {
    name: z.string({ error: "expected the deck's name" }).regex(/^[^\p{Cc}]{1,100}$/u, { error: "expected the deck's name (1–100 characters, no control characters)" }),
    main: CARDS,
    destiny: CARDS,
    partner: SET_NUMBER.nullable(),
  },
  { error: "expected a seat {name, main, destiny, partner}" },
);

/** A DBE/DMB setup as a save holds it (`setup.ts` {@link DbeSetup}); a scenario cannot be saved. */
const SETUP = z.strictObject(
  {
    seats: z.tuple([SEAT, SEAT], { error: (i) => (Array.isArray(i.input) ? `expected two seats, got ${i.input.length}` : "expected two seats") }),
    turnLimit: z.int({ error: "expected a whole number of turns ≥ 1" }).min(1, { error: "expected a whole number of turns ≥ 1" }).optional(),
    scenario: z.literal(false, { error: "a scenario's cards were placed by hand; it cannot be saved and replayed" }).optional(),
  },
  { error: "expected the game's setup {seats, turnLimit}" },
);

/** A ruleset's deck checker (`checkDbeDeck`, `checkDmbDeck`). */
export type DeckChecker = (deck: DeckList, cards: CardLookup) => DeckError[];

/**
 * Check the setup of a saved DBE or DMB game: its shape (two seats of set numbers, an
 * optional turn limit ≥ 1, no scenario), each seat's deck by the ruleset's deck checker, and
 * that the runtime can play every card.
 * @param setup the save's `setup` (any JSON value)
 * @param db the card database of the game
 * @param ruleset "dbe" or "dmb" (for the deck list); `check` that ruleset's deck checker
 * @returns the setup, typed
 * @throws SaveError naming the field, e.g. `save: setup.seats[0]: deck "Loop" cannot be
 *   played: a DBE deck is exactly 50 cards: … (000_012504f4614e5b24.txt, Deck Construction)`
 */
export function checkSavedSetup(setup: unknown, db: CardDb<CompiledCard>, ruleset: "dbe" | "dmb", check: DeckChecker): DbeSetup {
  const s = parseOrThrow(SETUP, setup, "setup");
  const lookup: CardLookup = (n) => db.get(n)?.stats;
  s.seats.forEach((seat, i) => {
    // Cards no loaded set has: the save was most likely played with a designer's own sets.
    const unknown = [...new Set([...seat.main, ...seat.destiny, ...(seat.partner ? [seat.partner] : [])])].filter((n) => !db.get(n));
    if (unknown.length > 0) {
      const listed = unknown.slice(0, 5).join(", ") + (unknown.length > 5 ? `, … (${unknown.length} in all)` : "");
      throw new SaveError(
        `setup.seats[${i}]`,
        `deck ${JSON.stringify(seat.name)} uses cards no loaded set has: ${listed}. If the game was played with --cards, replay it with the same --cards <path>`,
      );
    }
    const problems = check(deckListOf(seat, ruleset), lookup).map((e) => `${e.message} (${e.rule})`);
    if (problems.length === 0) problems.push(...checkLoadable(db, [seat]).map((e) => `${e.message} (not yet supported by the runtime: docs/runtime.md, "Not implemented yet")`));
    if (problems.length === 0) return;
    const more = problems.length > MAX_LISTED ? `; and ${problems.length - MAX_LISTED} more` : "";
    throw new SaveError(`setup.seats[${i}]`, `deck ${JSON.stringify(seat.name)} cannot be played: ${problems.slice(0, MAX_LISTED).join("; ")}${more}`);
  });
  const out: DbeSetup = { seats: s.seats };
  if (s.turnLimit !== undefined) out.turnLimit = s.turnLimit;
  return out;
}
