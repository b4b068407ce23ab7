/**
 * Deck lists and seats: the two forms of one deck. A deck list (`.deck`, `deck.ts`) counts
 * copies by set number; a seat (`setup.ts`) lists one card key per copy, as a game deals
 * them. Pure data, no file system: shared by the CLI, saved games and the playground.
 * Source: `000_012504f4614e5b24.txt`, Deck Construction and Pre-Game Setup.
 */
import type { DeckEntry, DeckList } from "./deck.ts";
import type { Seat } from "./setup.ts";

/** A deck list as the seat of a game: one key per copy, Main Deck and Destiny Zone in list order. */
export function seatOf(deck: DeckList): Seat {
  const expand = (es: DeckList["main"]) => es.flatMap((e) => Array.from({ length: e.count }, () => e.setNumber));
  return { name: deck.name, main: expand(deck.main), destiny: expand(deck.destiny), partner: deck.partner };
}

/**
 * A seat (one key per copy) as a deck list (one entry per set number, in first-seen order)
 * for the deck checker. Entries have no line (0).
 */
export function deckListOf(seat: Seat, ruleset: "dbe" | "dmb"): DeckList {
  const entries = (keys: readonly string[]): DeckEntry[] => {
    const counts = new Map<string, number>();
    for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
    return [...counts].map(([setNumber, count]) => ({ count, setNumber, line: 0 }));
  };
  return { name: seat.name, ruleset, partner: seat.partner, partnerLine: null, main: entries(seat.main), destiny: entries(seat.destiny) };
}
