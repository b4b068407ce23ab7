/**
 * DCG deck lists (`runtime/rulesets/dcg/deck.ts`): the `.deck` reader and the construction
 * rules of 002 §5-1-1, each error naming the card and the rule; the bundled decks of
 * `cards/dcg/decks/` (these need the real card data and skip without it).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkDcgDeck, dcgDeckListOf, dcgSeatOf, readDcgDeckList, type DcgDeckList } from "../../../runtime/rulesets/dcg/deck.ts";
import { checkDcgSavedSetup } from "../../../runtime/rulesets/dcg/saved-setup.ts";
import { Game } from "../../../runtime/core/engine.ts";
import { DCG } from "../../../runtime/rulesets/dcg/index.ts";
import { HAVE_DCG_DATA, ROOT, bundledDcgSeat, realDcgDb, tstDb } from "../../scenarios/dcg/helpers.ts";

const db = tstDb();
const lookup = (n: string) => db.get(n)?.stats;

/** A legal 50-card test deck: 4 each of 12 cards and 2 of one more, 4 Digi-Eggs. */
function legal(): DcgDeckList {
  const nums = ["TST-03", "TST-04", "TST-05", "TST-06", "TST-07", "TST-08", "TST-09", "TST-10", "TST-11", "TST-14", "TST-15", "TST-20"];
  return { name: "Legal", main: [...nums.map((number, i) => ({ number, count: 4, line: i + 1 })), { number: "TST-21", count: 2, line: 13 }], eggs: [{ number: "TST-01", count: 4, line: 15 }] };
}

describe("DCG .deck reader (cards/dcg/decks/README.md)", () => {
  it("reads the name, the deck and the Digi-Egg deck; comments and blank lines are skipped", () => {
    const r = readDcgDeckList("x.deck", "# a deck\ndeck My Deck\nruleset dcg\n\neggs:\n4 TST-01\nmain:\n4 TST-03\n2 TST-04\n");
    expect(r.errors).toEqual([]);
    expect(r.deck).toEqual({ name: "My Deck", eggs: [{ number: "TST-01", count: 4, line: 6 }], main: [{ number: "TST-03", count: 4, line: 8 }, { number: "TST-04", count: 2, line: 9 }] });
  });

  it("reports each syntax error with its line: an entry outside a section, a repeated number, a bad entry, another ruleset, no name", () => {
    const r = readDcgDeckList("x.deck", "ruleset dbe\n4 TST-03\nmain:\n4 TST-03\n4 TST-03\nfour TST-04\n0 TST-05\n");
    expect(r.deck).toBeNull();
    expect(r.errors.map((e) => [e.line, e.message])).toEqual([
      [1, 'a DCG deck list is "ruleset dcg", not "dbe"'],
      [2, 'entry "4 TST-03" is outside a section; write "main:" or "eggs:" first'],
      [5, "TST-03 is already listed on line 4; list a card number once per section"],
      [6, 'unknown line "four TST-04"; expected deck, ruleset, main:, eggs: or "<count> <card number>"'],
      [7, "the count of TST-05 must be at least 1"],
      [null, 'x.deck has no "deck <name>" line'],
    ]);
  });
});

describe("002 §5-1-1: DCG deck construction", () => {
  it("a 50-card deck of Digimon, Tamers and Options with 0–5 Digi-Eggs and at most 4 per card number is legal", () => {
    expect(checkDcgDeck(legal(), lookup)).toEqual([]);
    expect(checkDcgDeck({ ...legal(), eggs: [] }, lookup)).toEqual([]); // the Digi-Egg deck need not be used (§5-1-1-2)
  });

  it("002 §5-1-1: a deck of 49 or 51 cards is refused, naming the size and the rule", () => {
    const d = legal();
    d.main[12]!.count = 1;
    expect(checkDcgDeck(d, lookup)).toEqual([{ line: null, card: null, rule: "002 §5-1-1", message: "the deck has 49 cards; a DCG deck is exactly 50" }]);
  });

  it("002 §5-1-1: a fifth copy of a card number is refused, naming the card", () => {
    const d = legal();
    d.main[12]!.count = 1;
    d.main[0]!.count = 5;
    expect(checkDcgDeck(d, lookup)).toEqual([{ line: 1, card: "TST-03 Redrookie", rule: "002 §5-1-1", message: "5 copies of TST-03 Redrookie; at most 4 cards with the same card number" }]);
  });

  it("002 §5-1-1: six Digi-Eggs are refused; copies are counted in the Digi-Egg deck too (001 Q&A Deck Creation Q5)", () => {
    const d = legal();
    d.eggs = [{ number: "TST-01", count: 5, line: 15 }, { number: "TST-02", count: 1, line: 16 }];
    const e = checkDcgDeck(d, lookup);
    expect(e.map((x) => [x.card, x.rule, x.message])).toEqual([
      ["TST-01 Redegg", "002 §5-1-1", "5 copies of TST-01 Redegg; at most 4 cards with the same card number"],
      [null, "002 §5-1-1", "the Digi-Egg deck has 6 cards; at most 5"],
    ]);
  });

  it("002 §5-1-1-1, §5-1-1-2: a Digi-Egg in the deck and a Digimon in the Digi-Egg deck are refused, naming the card and the rule", () => {
    const d = legal();
    d.main[12] = { number: "TST-02", count: 2, line: 13 };
    d.eggs.push({ number: "TST-03", count: 1, line: 16 });
    const e = checkDcgDeck(d, lookup);
    expect(e.map((x) => [x.card, x.rule])).toEqual([
      ["TST-02 Blueegg", "002 §5-1-1-1"],
      ["TST-03 Redrookie", "002 §5-1-1-2"],
      ["TST-03 Redrookie", "002 §5-1-1"],
    ]);
    expect(e[0]!.message).toMatch(/Digi-Egg card; the deck holds only Digimon, Tamer and Option cards/);
  });

  it("an unknown card number is named", () => {
    const d = legal();
    d.main[12] = { number: "XX-99", count: 2, line: 13 };
    expect(checkDcgDeck(d, lookup)[0]).toMatchObject({ line: 13, card: "XX-99", message: "unknown card number XX-99" });
  });

  it("002 §5-2-1-1: a game does not start from a deck that breaks a construction rule (the seat, card and rule are named)", () => {
    const seat = dcgSeatOf(legal());
    const five = { ...seat, main: [...seat.main.slice(0, 49), "TST-03"] };
    expect(() => new Game(DCG, db, { seats: [seat, five] }, 1)).toThrow(/seat 2 \(Legal\): 5 copies of TST-03 Redrookie; at most 4 cards with the same card number \(002 §5-1-1\)/);
    expect(() => new Game(DCG, db, { seats: [seat, seat] }, 1)).not.toThrow();
  });

  it("a saved game's seats are checked by the same rules (save: setup.seats[i])", () => {
    const seat = dcgSeatOf(legal());
    expect(checkDcgSavedSetup({ seats: [seat, seat] }, db).seats[0].main).toHaveLength(50);
    const short = { ...seat, main: seat.main.slice(1) };
    expect(() => checkDcgSavedSetup({ seats: [seat, short] }, db)).toThrow(/save: setup\.seats\[1\]: deck "Legal" cannot be played: the deck has 49 cards; a DCG deck is exactly 50 \(002 §5-1-1\)/);
    expect(() => checkDcgSavedSetup({ seats: [seat] }, db)).toThrow(/save: setup\.seats: expected two seats/);
    expect(dcgDeckListOf(seat).main.reduce((n, e) => n + e.count, 0)).toBe(50);
  });
});

describe.skipIf(!HAVE_DCG_DATA)("the bundled DCG decks (cards/dcg/decks, real card data)", () => {
  const files = readdirSync(join(ROOT, "cards/dcg/decks")).filter((f) => f.endsWith(".deck"));
  it("there are the ST1 and ST2 starter decks and two booster decks", () => {
    expect(files.sort()).toEqual(["bt1-green-insects.deck", "bt1-red-dragons.deck", "st1-gaia-red.deck", "st2-cocytus-blue.deck"]);
  });
  for (const f of files)
    it(`${f} reads and is legal by 002 §5-1-1 with the real cards`, () => {
      const r = readDcgDeckList(f, readFileSync(join(ROOT, "cards/dcg/decks", f), "utf8"));
      expect(r.errors).toEqual([]);
      expect(checkDcgDeck(r.deck!, (n) => realDcgDb().get(n)?.stats)).toEqual([]);
      const seat = bundledDcgSeat(f.replace(/\.deck$/, ""));
      expect(seat.main).toHaveLength(50);
    });
});
