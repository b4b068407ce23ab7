/**
 * The DMB deck-construction checker. Only the rules in which DMB differs from DBE live
 * here; the reader, the deck-list types and the checker itself are DBE's
 * (`runtime/rulesets/dbe/deck.ts`).
 *
 * Source: `003_7a740b8ec9103d40.txt`, "Deck Construction", with Prep Phase step 4.3 (the
 * Partner) and Glossary "Partner Option". Differences from DBE
 * (`000_012504f4614e5b24.txt`, "Deck Construction"):
 * - "Deck is 40 cards", with no rule counting the Destiny Zone in it (DBE says so explicitly).
 *   DMB's deck is what is shuffled and drawn from (Prep Phase steps 1–2), so the 40 are the
 *   Main Deck and the Destiny Zone comes on top.
 * - "Optional up to 2 partner C's" — not "different": two copies of one Partner C are allowed.
 * - "Optional up to 1 Option/DATA card used as partner's support" (the Partner Option, marked
 *   "P"): it must be an Option or a DATA card.
 * - No Mastery cards (the DMB list has no Mastery slot).
 * - "Up to 1 copies of any legal DATA card", with no limit on the number of different DATA cards.
 *
 * Where the DMB text is silent the DBE reading is kept: copies of Digimon, Options and
 * Evolutions are counted in the Main Deck only; Ace, Firewall and DATA limits count the Main
 * Deck and the Destiny Zone together (DBE footnote [1]: a Partner Option may be a DATA card,
 * and a player expects a unique card to stay unique); no Level M in the Main Deck ("Up to 4
 * copies of any Digimon (not Megas)"; Megas are placed from the Destiny Zone, Evolution Phase
 * step 5); flip cards count by their shared number (DMB has no flip rules; DBE's apply).
 */
import type { CardStats } from "../../card.ts";
import { checkDeckWith, DBE_DECK_RULES, type CardLookup, type DeckError, type DeckList, type DeckRules } from "../dbe/deck.ts";

const DMB_FILE = "003_7a740b8ec9103d40.txt";

/**
 * The DMB deck-construction rules. Source: `003_7a740b8ec9103d40.txt`, "Deck Construction":
 * a 40-card Main Deck (the Destiny Zone is not counted), up to 2 Partner C's (copies allowed),
 * 1 Partner Option that is an Option or DATA card marked "P", no Mastery, no limit on
 * different DATA cards.
 */
export const DMB_DECK_RULES: DeckRules = {
  file: DMB_FILE,
  game: "DMB",
  deckSize: 40,
  sizeIncludesDestiny: false,
  partnerCsDifferent: false,
  mastery: false,
  proxyName: "Partner Option",
  proxyRequirement: (card: CardStats) =>
    card.kind === "Option" || card.markings.includes("DATA") ? null : `it is ${card.kind === "Evolution" ? "an Evolution" : "a Digimon"} card, and the Partner Option must be an Option or DATA card`,
  maxDifferentData: null,
  cite: {
    construction: `${DMB_FILE}, Deck Construction`,
    data: `${DMB_FILE}, Deck Construction, DATA card Legality`,
    partner: `${DMB_FILE}, Deck Construction; Prep Phase step 4.3`,
    proxy: `${DMB_FILE}, Deck Construction; Glossary "Partner Option"`,
    // DMB has no flip cards of its own; DBE's rule is the one that exists.
    flip: DBE_DECK_RULES.cite.flip,
  },
};

/**
 * Check a deck list against the DMB deck-construction rules
 * (`003_7a740b8ec9103d40.txt`, "Deck Construction"): unknown set numbers; a Main Deck of
 * exactly 40 cards; ≤ 4 copies of a Digimon, ≤ 3 of an Option, ≤ 2 of an Evolution in the
 * Main Deck and no Level M there; Destiny Zone: ≤ 1 Mega, ≤ 2 Partner C's naming the Partner
 * in their evo-box, ≤ 1 Partner Option (an Option or DATA card marked "P"), no Mastery and
 * nothing else; the Partner is a Level R Digimon with the partner marker in the Main Deck;
 * per deck ≤ 1 copy of an Ace and 1 Ace, ≤ 3 copies of a Firewall and 3 in total, ≤ 1 copy of
 * each DATA card; "DATA card Legality" as in DBE.
 *
 * @param deck the deck list (e.g. from `readDeckList`)
 * @param cards looks up printed stats by set number (a flip card: its initial or either side)
 * @returns every broken limit (empty when legal), each naming the card, its line and the
 *   rule ("003_7a740b8ec9103d40.txt, …") it breaks
 */
export function checkDmbDeck(deck: DeckList, cards: CardLookup): DeckError[] {
  return checkDeckWith(deck, cards, DMB_DECK_RULES);
}
