/**
 * "Deck from a set" for DCG sets, without the DOM: a `.deck` list (`cards/dcg/decks/README.md`)
 * made of the cards of one DCG set, to start a duel from or to edit. The deck takes every
 * Digimon, Tamer and Option card of the set in file order, one copy of each at a time until
 * 50 cards (002 §5-1-1: the deck is exactly 50 cards); the Digi-Egg deck takes the set's
 * Digi-Eggs the same way up to 5 (§5-1-1-2). With 13 or more card numbers for the deck, no
 * number passes 4 (§5-1-1) and the deck is legal; a set with fewer must repeat cards, and the
 * list is then a **practice deck**, said so in its first lines, which the duel bench plays only
 * with "practice decks" allowed (`dcg-setup.ts`).
 */
import { DECK_SIZE, MAX_COPIES, MAX_EGGS } from "../../../runtime/rulesets/dcg/deck.ts";
import type { DcgKind } from "../../../runtime/lang/dcg/vocabulary.ts";

/** A card of the set as the builder needs it. */
export interface BuilderCard {
  number: string;
  name: string;
  kind: DcgKind;
}

/** A built deck list. */
export interface BuiltDeck {
  /** The `.deck` text. */
  text: string;
  /** Whether it keeps 002 §5-1-1 (50 cards, 0–5 Digi-Eggs, at most 4 of a number). */
  legal: boolean;
  /** Card numbers of the deck and Digi-Egg deck with their counts, in file order. */
  main: [string, number][];
  eggs: [string, number][];
}

/**
 * Deal `total` copies over `numbers`, one of each in turn; at most `cap` of a number unless
 * `repeat` (then as many as it takes).
 */
function deal(numbers: readonly string[], total: number, cap: number, repeat: boolean): [string, number][] {
  const counts = new Map<string, number>(numbers.map((n) => [n, 0]));
  let left = total;
  while (left > 0 && numbers.length) {
    let dealt = false;
    for (const n of numbers) {
      if (left === 0) break;
      if (!repeat && counts.get(n)! >= cap) continue;
      counts.set(n, counts.get(n)! + 1);
      left--;
      dealt = true;
    }
    if (!dealt) break;
  }
  return [...counts].filter(([, c]) => c > 0);
}

/**
 * The deck list of a DCG set's cards.
 * @param deckName the deck's name (its `deck` line), e.g. "DSX deck"
 * @param setLabel the set, for the comment ("DSX DigiScript DCG Example")
 * @param cards the set's compiled cards, in file order
 * @returns the list, or null when the set has no Digimon, Tamer or Option card
 */
export function buildDcgDeck(deckName: string, setLabel: string, cards: readonly BuilderCard[]): BuiltDeck | null {
  const seen = new Set<string>();
  const unique = cards.filter((c) => !seen.has(c.number) && seen.add(c.number));
  const mainNumbers = unique.filter((c) => c.kind === "Digimon" || c.kind === "Tamer" || c.kind === "Option").map((c) => c.number);
  const eggNumbers = unique.filter((c) => c.kind === "Digi-Egg").map((c) => c.number);
  if (!mainNumbers.length) return null;
  const legal = mainNumbers.length * MAX_COPIES >= DECK_SIZE;
  const main = deal(mainNumbers, DECK_SIZE, MAX_COPIES, !legal);
  const eggs = deal(eggNumbers, Math.min(MAX_EGGS, eggNumbers.length * MAX_COPIES), MAX_COPIES, false);
  const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ");
  const lines = legal
    ? [`# ${oneLine(deckName)}: every card of ${oneLine(setLabel)}, made by the playground's "Deck from a set".`, "# A legal DCG deck (50 cards, 0–5 Digi-Eggs, at most 4 of a card number: 002 §5-1-1)."]
    : [
        `# ${oneLine(deckName)}: every card of ${oneLine(setLabel)}, made by the playground's "Deck from a set".`,
        `# A PRACTICE deck, NOT a legal DCG deck: the set has ${mainNumbers.length} card number${mainNumbers.length === 1 ? "" : "s"} for the deck and a legal`,
        `# deck needs ${Math.ceil(DECK_SIZE / MAX_COPIES)} (50 cards, at most 4 of a number: 002 §5-1-1), so cards repeat. Play it with`,
        '# "practice decks" on, or add cards of other sets (any DCG card number of the workspace).',
      ];
  lines.push(`deck ${oneLine(deckName)}`, "ruleset dcg", "eggs:", ...eggs.map(([n, c]) => `${c} ${n}`), "main:", ...main.map(([n, c]) => `${c} ${n}`), "");
  return { text: lines.join("\n"), legal, main, eggs };
}
