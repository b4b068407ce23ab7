/**
 * Test fixtures for the DCG duel bench (unit tests only, never bundled into the page): a DCG
 * set of a designer's own with enough card numbers for legal decks (16: a Digi-Egg, 15 for the
 * deck), written as a designer writes one, and deck lists of it.
 */
import type { DeckFile } from "./setup.ts";

/** One card block of the fixture set. */
function card(n: number, name: string, lines: string[]): string {
  return [`card TSX-${String(n).padStart(3, "0")} ${name}`, ...lines.map((l) => `  ${l}`), ""].join("\n");
}

/**
 * A DCG set (code TSX) of 16 original cards: 1 Digi-Egg, Digimon of levels 3 to 5, a Tamer and
 * Options — enough card numbers for a legal deck (13 or more).
 */
export const TSX_SET = [
  "set TSX Test DCG set",
  "ruleset dcg",
  "",
  card(1, "Testegg", ["kind: Digi-Egg", "color: Red", "level: 2", "inherited: [Your Turn] This Digimon gets +1000 DP."]),
  ...["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta"].map((w, i) => card(2 + i, `${w}pup`, ["kind: Digimon", "color: Red", "level: 3", "playcost: 3", "digivolve: 0 from Lv.2", `dp: ${2000 + 1000 * (i % 3)}`, ...(i === 0 ? ["effect: [On Play] Gain 1 memory."] : [])])),
  ...["Alpha", "Beta", "Gamma", "Delta", "Epsilon"].map((w, i) => card(8 + i, `${w}hound`, ["kind: Digimon", "color: Red", "level: 4", "playcost: 5", "digivolve: 2 from Lv.3", `dp: ${4000 + 1000 * (i % 3)}`, ...(i === 1 ? ["effect: <Blocker> (When an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it instead)."] : [])])),
  card(13, "Omegadrake", ["kind: Digimon", "color: Red", "level: 5", "playcost: 8", "digivolve: 3 from Lv.4", "dp: 9000", "effect: <Security Attack +1> (This Digimon checks 1 additional security card)."]),
  card(14, "Tess Tamer", ["kind: Tamer", "color: Red", "playcost: 2", "security: [Security] Play this card without paying its memory cost."]),
  card(15, "Test Burst", ["kind: Option", "color: Red", "usecost: 2", "effect: [Main] Delete 1 of your opponent's Digimon with 4000 DP or less.", "security: [Security] Activate this card's [Main] effect."]),
  card(16, "Test Guard", ["kind: Option", "color: Red", "usecost: 1", "effect: [Main] 1 of your Digimon gets +2000 DP for the turn."]),
].join("\n");

/** The fixture set as a workspace file. */
export const TSX_FILE = { file: "tsx.dgs", text: TSX_SET };

/** A legal 50-card deck of the fixture set (13 card numbers: 12 × 4 + 2) with 4 Digi-Eggs. */
export const TSX_DECK: DeckFile = {
  file: "tsx.deck",
  text: ["deck TSX Legal", "ruleset dcg", "eggs:", "4 TSX-001", "main:", ...Array.from({ length: 12 }, (_, i) => `4 TSX-${String(2 + i).padStart(3, "0")}`), "2 TSX-014", ""].join("\n"),
};

/** A practice deck of the fixture set: 50 cards, but 8 copies of TSX-002 (002 §5-1-1 allows 4). */
export const TSX_PRACTICE_DECK: DeckFile = {
  file: "tsx-practice.deck",
  text: ["deck TSX Practice", "ruleset dcg", "eggs:", "4 TSX-001", "main:", "8 TSX-002", ...Array.from({ length: 10 }, (_, i) => `4 TSX-${String(3 + i).padStart(3, "0")}`), "2 TSX-015", ""].join("\n"),
};
