/**
 * The simulation panel's number fields checked without the DOM: the number of games and the
 * turn limit, as typed, each to one sentence that names the field and what it accepts — the
 * message the panel shows beside the field (and points the field to, `aria-describedby`) and
 * refuses to run with.
 */
import { seedError } from "../duel/setup.ts";

/** Games a run plays unless the designer asks for another number. */
export const DEFAULT_GAMES = 200;
/** The most games one run may play from the page. */
export const MAX_GAMES = 100_000;
/** The highest turn limit the page accepts. */
export const MAX_TURN_LIMIT = 10_000;

/** A field's text as a number: NaN when empty (an `<input type=number>` with text that is not a number is empty too). */
function numberOf(text: string): number {
  return text.trim() === "" ? NaN : Number(text);
}

/** How a value that is not accepted is quoted in a message. */
function shown(text: string): string {
  const t = text.trim();
  return t === "" ? "the field is empty or not a number" : `not ${t.length > 20 ? `${t.slice(0, 20)}…` : t}`;
}

/**
 * The problem with the number of games, or null when it can be played.
 * @param text the Games field's value as typed
 * @param first the first seed, or null when it is not valid (then only the number is checked)
 * @returns a sentence such as "Games must be a whole number from 1 to 100000, not 0."
 */
export function gamesProblem(text: string, first: number | null): string | null {
  const n = numberOf(text);
  if (!Number.isInteger(n) || n < 1 || n > MAX_GAMES) return `Games must be a whole number from 1 to ${MAX_GAMES}, ${shown(text)}.`;
  if (first !== null && seedError(first) === null && seedError(first + n - 1) !== null)
    return `Games: ${n} games from the first seed ${first} would reach seed ${first + n - 1}, outside the seed range: play fewer games or choose a lower first seed.`;
  return null;
}

/**
 * The problem with the turn limit, or null when it is accepted.
 * @param text the Turn limit field's value as typed
 */
export function turnLimitProblem(text: string): string | null {
  const n = numberOf(text);
  if (!Number.isInteger(n) || n < 1 || n > MAX_TURN_LIMIT) return `The turn limit must be a whole number from 1 to ${MAX_TURN_LIMIT}, ${shown(text)}.`;
  return null;
}
