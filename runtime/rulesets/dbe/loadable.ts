/**
 * Which cards this runtime can play: a deck whose cards use a construct the runtime cannot
 * perform yet is refused naming each card and construct (issue 3 §4), so a card is never
 * played with part of its text silently skipped. Used by the CLI's deck loader and by the
 * check of a saved game's setup (`saved-setup.ts`).
 */
import type { CompiledCard } from "../../card.ts";
import type { CardDb } from "../../core/engine.ts";
import { unsupportedConstructs } from "./effects.ts";
import type { Seat } from "./setup.ts";

/** A card the runtime refuses, with the constructs it cannot perform. */
export interface LoadError {
  card: string;
  name: string;
  constructs: string[];
  message: string;
}

/**
 * Check that every card of the seats can be played by this runtime (issue 3 §4).
 * @returns one error per refused card (naming the card and its constructs); empty when all load
 */
export function checkLoadable(db: CardDb<CompiledCard>, seats: readonly Seat[]): LoadError[] {
  const out: LoadError[] = [];
  const seen = new Set<string>();
  for (const seat of seats)
    for (const key of [...seat.main, ...seat.destiny]) {
      if (seen.has(key)) continue;
      seen.add(key);
      const c = db.get(key);
      if (!c) {
        out.push({ card: key, name: "?", constructs: [], message: `${seat.name}: unknown card ${key}` });
        continue;
      }
      const u = unsupportedConstructs(c);
      if (u.length) out.push({ card: key, name: c.stats.name, constructs: u, message: `${key} ${c.stats.name}: the runtime cannot yet perform ${u.join(", ")}` });
    }
  return out;
}
