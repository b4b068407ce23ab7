/**
 * The check of a saved DCG game's setup (`Ruleset.checkSetup`): a save is untrusted input, so
 * its seats must be decks the deck checker accepts (002 §5-1-1, `deck.ts`) made of cards the
 * card database has.
 */
import { z } from "zod";
import type { CardDb } from "../../core/engine.ts";
import { parseOrThrow, SaveError } from "../../core/save.ts";
import type { DcgCard } from "./model.ts";
import { checkDcgDeck, dcgDeckListOf } from "./deck.ts";
import type { DcgSetup } from "./setup.ts";

const NUMBER = z.string({ error: "expected a card number" }).regex(/^\S{1,64}$/, { error: "expected a card number (1–64 characters, no spaces)" });
const CARDS = z.array(NUMBER, { error: "expected a list of card numbers" }).max(1000, { error: "expected at most 1000 cards" });
const SEAT = z.strictObject(
  { name: z.string({ error: "expected the deck's name" }).regex(/^[^\p{Cc}]{1,100}$/u, { error: "expected the deck's name (1–100 characters, no control characters)" }), main: CARDS, eggs: CARDS, tokens: CARDS.optional() },
  { error: "expected a seat {name, main, eggs, tokens?}" },
);
const SETUP = z.strictObject(
  {
    seats: z.tuple([SEAT, SEAT], { error: "expected two seats" }),
    turnLimit: z.int({ error: "expected a whole number of turns ≥ 1" }).min(1, { error: "expected a whole number of turns ≥ 1" }).optional(),
    scenario: z.literal(false, { error: "a scenario's cards were placed by hand; it cannot be saved and replayed" }).optional(),
  },
  { error: "expected the game's setup {seats, turnLimit}" },
);

/**
 * Check the setup of a saved DCG game: its shape, and each seat's deck by `checkDcgDeck`.
 * @returns the setup, typed
 * @throws SaveError naming the field, e.g. `save: setup.seats[0]: deck "X" cannot be played: the deck has 49 cards; … (002 §5-1-1)`
 */
export function checkDcgSavedSetup(setup: unknown, db: CardDb<DcgCard>): DcgSetup {
  const s = parseOrThrow(SETUP, setup, "setup");
  s.seats.forEach((seat, i) => {
    const problems = checkDcgDeck(dcgDeckListOf(seat), (n) => db.get(n)?.stats, { card: (n) => db.get(n) }).map((e) => `${e.message} (${e.rule})`);
    if (problems.length) throw new SaveError(`setup.seats[${i}]`, `deck ${JSON.stringify(seat.name)} cannot be played: ${problems.slice(0, 3).join("; ")}${problems.length > 3 ? `; and ${problems.length - 3} more` : ""}`);
  });
  const out: DcgSetup = { seats: s.seats.map((x) => (x.tokens === undefined ? { name: x.name, main: x.main, eggs: x.eggs } : { name: x.name, main: x.main, eggs: x.eggs, tokens: x.tokens })) as DcgSetup["seats"] };
  if (s.turnLimit !== undefined) out.turnLimit = s.turnLimit;
  return out;
}
