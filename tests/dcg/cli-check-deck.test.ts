/**
 * `digiscript check` with DCG deck lists (`ruleset dcg`: cards/dcg/decks/README.md): a deck is
 * checked by the DCG deck rules (002 §5-1-1: exactly 50 cards, 0–5 Digi-Egg cards, at most 4
 * cards of one card number, Digimon/Tamer/Option cards in the deck and Digi-Eggs in the Digi-Egg
 * deck; §5-1-1-3: a card's own limit; 001 Q&A Deck Creation Q5), as `duel --ruleset dcg` loads
 * it — the same rules as the runtime (`compiler/cli/dcg.ts` `dcgDeckRules`) — each problem a
 * `file:line:col` diagnostic naming the card and the rule; the syntax (a malformed line says
 * where and why); cards that do not compile or that the runtime cannot perform.
 *
 * The first suite writes its own small DCG set (set TCK) and always runs; the second checks the
 * bundled decks against the real card pool and is skipped without it.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, runCli } from "../helpers.ts";

const HAVE_DCG_DATA = existsSync(resolve(ROOT, "../shared/data/dcg/cards.json"));

/** A DCG card block of the test set. */
function card(number: string, name: string, fields: Record<string, string>): string {
  return [`card ${number} ${name}`, ...Object.entries(fields).map(([k, v]) => `  ${k}: ${v}`), ""].join("\n");
}
const digimon = (level: number, cost: number, dp: number, extra: Record<string, string> = {}) => ({ kind: "Digimon", color: "Red", level: String(level), playcost: String(cost), digivolve: `${Math.max(0, level - 3)} from Lv.${level - 1}`, dp: String(dp), form: "Rookie", rarity: "Common", ...extra });

/** 2 Digi-Eggs, 13 Digimon (one with "up to 50 copies"), a Tamer, an Option, a card that does not compile and one the runtime cannot perform. */
const SET = [
  "set TCK Test DCG cards for check",
  "ruleset dcg",
  "",
  card("TCK-01", "Redegg", { kind: "Digi-Egg", color: "Red", level: "2", form: "In-Training", rarity: "Common" }),
  card("TCK-02", "Otheregg", { kind: "Digi-Egg", color: "Red", level: "2", form: "In-Training", rarity: "Common" }),
  ...Array.from({ length: 12 }, (_, i) => card(`TCK-${String(i + 3).padStart(2, "0")}`, `Mon${i + 3}`, digimon(3 + (i % 3), 3 + (i % 3) * 2, 3000 + (i % 3) * 2000))),
  card("TCK-15", "Manymon", digimon(3, 3, 2000, { effect: "You can include up to 50 copies of cards with this card's card number in your deck." })),
  card("TCK-16", "Tamer Test", { kind: "Tamer", color: "Red", playcost: "2", rarity: "Rare", effect: "[Start of Your Turn] If you have 3 or fewer security cards, gain 1 memory." }),
  card("TCK-17", "Plan Test", { kind: "Option", color: "Red", usecost: "1", rarity: "Common", effect: "[Main] 1 of your Digimon gets +3000 DP for the turn." }),
  card("TCK-18", "Bad Text", digimon(3, 3, 3000, { effect: "[On Play] Frobnicate the glorp of your opponent." })),
  card("TCK-19", "Refused Test", digimon(6, 12, 10000, { effect: "[End of Attack] [Twice Per Turn] You can unsuspend this Digimon by decreasing your memory by 3." })),
].join("\n");

/** A `.deck` text: entries of the Digi-Egg deck and of the deck. */
function deck(name: string, eggs: [number, string][], main: [number, string][]): string {
  return [`# ${name}: a test deck`, `deck ${name}`, "ruleset dcg", "eggs:", ...eggs.map(([n, c]) => `${n} ${c}`), "main:", ...main.map(([n, c]) => `${n} ${c}`), ""].join("\n");
}
/** 48 cards: 4 each of TCK-03 … TCK-14. */
const FOURS: [number, string][] = Array.from({ length: 12 }, (_, i) => [4, `TCK-${String(i + 3).padStart(2, "0")}`]);
/** A legal deck: 50 cards, 5 Digi-Eggs. Its lines: 1 comment, 2 deck, 3 ruleset, 4 eggs:, 5–6 eggs, 7 main:, 8–21 main. */
const LEGAL = deck("Legal", [[4, "TCK-01"], [1, "TCK-02"]], [...FOURS, [1, "TCK-16"], [1, "TCK-17"]]);

let dir: string;
const at = (f: string) => join(dir, f);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "digiscript-dcg-check-"));
  writeFileSync(at("tck.dgs"), SET);
  writeFileSync(at("legal.deck"), LEGAL);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `check tck.dgs <deck>` with the deck text written to `name`. */
async function check(name: string, text: string, json = false) {
  writeFileSync(at(name), text);
  return runCli(dir, ["check", ...(json ? ["--json"] : []), "tck.dgs", name]);
}

describe("check with a DCG deck list and the DCG sets given with it", () => {
  it("a legal deck (50 cards, 5 Digi-Eggs, at most 4 of a number): no diagnostics, exit 0", async () => {
    const r = await runCli(dir, ["check", "tck.dgs", "legal.deck"]);
    expect(r.stdout).not.toMatch(/legal\.deck:\d+/);
    expect(r.stdout).toContain("1 deck list checked: 0 errors, 0 warnings");
    // the set's own errors (TCK-18) are reported and make the exit 1; the deck adds none
    expect(r.stdout).toMatch(/tck\.dgs:\d+:\d+ - error .*could not read "Frobnicate"/);
  }, 60_000);

  it("each construction rule broken names the line, the card and the rule of 002 (exit 1)", async () => {
    const [size, eggs, copies, kinds, unknown] = await Promise.all([
      check("size.deck", deck("Short", [[4, "TCK-01"]], [...FOURS, [1, "TCK-16"]])),
      check("eggs.deck", deck("Eggs", [[4, "TCK-01"], [2, "TCK-02"]], [...FOURS, [1, "TCK-16"], [1, "TCK-17"]])),
      check("copies.deck", deck("Copies", [[3, "TCK-01"], [2, "TCK-02"]], [...FOURS.slice(1), [5, "TCK-03"], [1, "TCK-16"]])),
      check("kinds.deck", deck("Kinds", [[4, "TCK-01"], [1, "TCK-16"]], [...FOURS, [1, "TCK-02"], [1, "TCK-17"]])),
      check("unknown.deck", deck("Unknown", [[4, "TCK-01"]], [...FOURS, [2, "XX-99"]])),
    ]);
    for (const r of [size, eggs, copies, kinds, unknown]) {
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toBe("");
    }
    // the deck as a whole: on its "deck" line (line 2)
    expect(size.stdout).toContain("size.deck:2:1 - error deck-construction: the deck has 49 cards; a DCG deck is exactly 50 (002 §5-1-1)");
    expect(eggs.stdout).toContain("eggs.deck:2:1 - error deck-construction: the Digi-Egg deck has 6 cards; at most 5 (002 §5-1-1)");
    // 5 copies of one number, on the entry's line (line 19: the 12th entry of main)
    expect(copies.stdout).toContain("copies.deck:19:1 - error deck-construction: 5 copies of TCK-03 Mon3; at most 4 cards with the same card number (002 §5-1-1)");
    expect(kinds.stdout).toContain("kinds.deck:6:1 - error deck-construction: TCK-16 Tamer Test is a Tamer card; the Digi-Egg deck holds only Digi-Egg cards (002 §5-1-1-2)");
    expect(kinds.stdout).toContain('kinds.deck:20:1 - error deck-construction: TCK-02 Otheregg is a Digi-Egg card; the deck holds only Digimon, Tamer and Option cards (Digi-Eggs go in "eggs:") (002 §5-1-1-1)');
    expect(unknown.stdout).toContain("unknown.deck:19:1 - error deck-unknown-card: unknown card number XX-99");
    expect(unknown.stdout).toMatch(/hint: the deck may use the bundled DCG sets and the DCG \.dgs files given with it/);
    expect(unknown.stdout).toContain("1 deck list checked: 1 error, 0 warnings");
  }, 60_000);

  it("001 Q&A Deck Creation Q5: copies are counted over both piles", async () => {
    const r = await check("both.deck", deck("Both", [[4, "TCK-01"]], [...FOURS, [1, "TCK-01"], [1, "TCK-17"]]));
    expect(r.stdout).toContain("both.deck:19:1 - error deck-construction: 5 copies of TCK-01 Redegg; at most 4 cards with the same card number (002 §5-1-1)");
  }, 60_000);

  it("002 §5-1-1-3: a card's own deck-construction effect raises its limit, as the runtime reads it (check and duel agree)", async () => {
    const many = deck("Many", [[4, "TCK-01"]], [...FOURS.slice(2), [10, "TCK-15"]]);
    const r = await check("many.deck", many);
    expect(r.stdout).not.toMatch(/many\.deck:\d+/);
    expect(r.stdout).toContain("1 deck list checked: 0 errors, 0 warnings");
    // the duel loads it too (the CLI passes the runtime's DcgDeckRules to checkDcgDeck)
    const d = await runCli(dir, ["duel", "--ruleset", "dcg", "--cards", "tck.dgs", "--deck", "many.deck", "--deck", "legal.deck", "--seed", "3"]);
    expect(d.stderr).not.toMatch(/many\.deck/);
    expect(d.code, d.stderr).toBe(0);
    // past its own limit it is still an error, citing §5-1-1-3
    const over = await check("over.deck", deck("Over", [[4, "TCK-01"]], [[51, "TCK-15"]]));
    expect(over.stdout).toContain("over.deck:7:1 - error deck-construction: 51 copies of TCK-15 Manymon; at most 50 cards with the same card number (its deck-construction effect) (002 §5-1-1-3)");
  }, 60_000);

  it("a malformed line: the line and column, what an entry is, and the format's section", async () => {
    const r = await check("malformed.deck", LEGAL.replace("4 TCK-05\n", "four TCK-05\n").replace("1 TCK-17\n", "1 TCK-17 extra\n"));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('malformed.deck:10:1 - error deck-format: unknown line "four TCK-05"; expected deck, ruleset, main:, eggs: or "<count> <card number>" (cards/dcg/decks/README.md, Rules of the format)');
    expect(r.stdout).toContain('malformed.deck:21:1 - error deck-format: an entry is "<count> <card number>", not "1 TCK-17 extra" (cards/dcg/decks/README.md, Rules of the format)');
    const json = await check("malformed.deck", LEGAL.replace("4 TCK-05\n", "four TCK-05\n"), true);
    const s = JSON.parse(json.stdout) as { decks: number; errors: { code: string; file: string; line: number; col: number; endLine: number; endCol: number }[] };
    expect(s.decks).toBe(1);
    expect(s.errors.filter((e) => e.file === "malformed.deck")).toEqual([expect.objectContaining({ code: "deck-format", line: 10, col: 1, endLine: 10, endCol: 12 })]);
  }, 60_000);

  it("a card that does not compile, and one the runtime cannot perform: the card, its line and why", async () => {
    const r = await check("refused.deck", deck("Refused", [[4, "TCK-01"]], [...FOURS.slice(1), [2, "TCK-03"], [1, "TCK-18"], [1, "TCK-19"]]));
    expect(r.stdout).toMatch(/refused\.deck:19:1 - error deck-card-has-errors: TCK-18 Bad Text does not compile, so this deck cannot be played \(tck\.dgs:\d+:\d+: could not read "Frobnicate"/);
    expect(r.stdout).toContain('refused.deck:20:1 - error deck-unplayable: TCK-19 Refused Test: the DCG runtime cannot yet perform "by …" cost inside a clause, argument "byCost": `duel` and `simulate` refuse this deck (runtime/rulesets/dcg/effects/supported.ts)');
  }, 60_000);

  it("a DBE deck beside a DCG one is still checked by the DBE rules", async () => {
    writeFileSync(at("dbe.deck"), "deck Tiny\nruleset dbe\nmain:\n1 ST1-01\n");
    const r = await runCli(dir, ["check", "tck.dgs", "legal.deck", "dbe.deck"]);
    expect(r.stdout).toMatch(/dbe\.deck:\d+:\d+ - error deck-/);
    expect(r.stdout).not.toMatch(/legal\.deck:\d+/);
    expect(r.stdout).toContain("2 deck lists checked:");
  }, 60_000);
});

describe.skipIf(!HAVE_DCG_DATA)("check with the bundled DCG decks and the card pool (../shared/data/dcg/cards.json)", () => {
  it("every bundled DCG deck is legal, and every card of it compiles and is performed: exit 0", async () => {
    const decks = readdirSync(join(ROOT, "cards/dcg/decks")).filter((f) => f.endsWith(".deck"));
    expect(decks).toHaveLength(4);
    const r = await runCli(ROOT, ["check", ...decks.map((f) => `cards/dcg/decks/${f}`)]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toBe("4 deck lists checked: 0 errors, 0 warnings\n");
  }, 120_000);

  it("a bundled deck with HerculesKabuterimon (BT1-081) in it is refused naming the construct", async () => {
    const text = `deck Herc\nruleset dcg\neggs:\n4 BT1-007\nmain:\n4 BT1-064\n4 BT1-066\n4 BT1-067\n4 BT1-069\n4 BT1-070\n4 BT1-072\n4 BT1-076\n4 BT1-077\n4 BT1-083\n4 BT1-108\n4 BT1-110\n4 BT1-111\n2 BT1-081\n`;
    writeFileSync(at("herc.deck"), text);
    const r = await runCli(dir, ["check", "herc.deck"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('herc.deck:18:1 - error deck-unplayable: BT1-081 HerculesKabuterimon: the DCG runtime cannot yet perform "by …" cost inside a clause, argument "byCost"');
  }, 120_000);
});
