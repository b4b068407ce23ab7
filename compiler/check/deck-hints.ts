/**
 * The "did you mean" of a deck list's unknown card number, apart from the deck checks
 * (`decks.ts`, which re-exports it) so that the playground's duel setup can word its deck
 * problems as the CLI and the editor do without loading the deck checks.
 */
import { didYouMean, distance } from "../../grammar/suggest.ts";

/**
 * The "did you mean" hint of an unknown set number (or DCG card number) of a deck list, in the
 * words of the checker's other hints (`did you mean "ST1-01"?`): the number the deck checker
 * found with other letter case (`DeckError.suggestion`, `DcgDeckError.suggestion`), else the one
 * number of `known` equal to it but for case, else the one number of `known` one edit away (a
 * missing, extra, wrong or swapped character: `grammar/suggest.ts` `distance`). Two or more
 * numbers equally near give no hint: a guess between them would mislead.
 * @param number the unknown number, as the deck lists it
 * @param suggestion the deck checker's suggestion, if any
 * @param known the numbers of the loaded cards
 * @returns the hint, or undefined when nothing is near. Never throws.
 */
export function unknownNumberHint(number: string, suggestion: string | undefined, known: Iterable<string> = []): string | undefined {
  if (suggestion) return didYouMean(suggestion);
  const w = number.toLowerCase();
  let best: string | null = null;
  let bestD = 2;
  let ties = 0;
  for (const k of known) {
    if (k === number) continue;
    const d = distance(w, k.toLowerCase(), bestD);
    if (d < bestD) {
      best = k;
      bestD = d;
      ties = 0;
    } else if (d === bestD && best !== null && k !== best) ties++;
  }
  return best !== null && ties === 0 ? didYouMean(best) : undefined;
}

