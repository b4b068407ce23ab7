/**
 * Deck lists with a `#` comment after an entry, and entries whose set or card number is in the
 * wrong letter case.
 *
 * The deck formats allow whole-line comments only (`cards/dbe/decks/README.md` and
 * `cards/dcg/decks/README.md`, "Rules of the format"): a comment after an entry is one
 * `deck-format` error at the comment itself, and the entry before it is still read, so every
 * other problem of the list (an unknown card, too many copies, the deck's size) is still reported,
 * by `check` and by `duel` alike. An unknown number that a loaded card has in other letter case
 * gets a "did you mean" hint with the loaded card's number, in DCG and DBE decks alike.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDeckList, deckPool, unknownNumberHint, type DeckPool } from "../../compiler/cli/decks.ts";
import { checkDcgDeckList, dcgDeckPool, type DcgPool } from "../../compiler/cli/dcg.ts";
import { checkSources } from "../../compiler/check/set.ts";
import { checkDbeDeck, readDeckList, type CardLookup } from "../../runtime/rulesets/dbe/deck.ts";
import { checkDcgDeck, readDcgDeckList } from "../../runtime/rulesets/dcg/deck.ts";
import { ROOT, cliGoodCard, runCli } from "../helpers.ts";

let dir: string;
let dbePool: DeckPool;
let dcgPool: DcgPool;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "digiscript-deck-comments-"));
  dbePool = await deckPool([]);
  // The bundled DCG sets only (cards/dcg/example.dgs: DSX-001 … DSX-008), never the card pool.
  dcgPool = await dcgDeckPool([], null);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A DBE deck: the bundled dragon-core with its first entry given a comment, one unknown card and one card over its copy limit. */
function dbeDeckWithComment(): string {
  const text = readFileSync(join(ROOT, "cards/dbe/decks/dragon-core.deck"), "utf8");
  const out = text.replace(/^4 DS1-001$/m, "4 DS1-001 # my partner").replace(/^4 DS1-002$/m, "4 DS1-999").replace(/^4 DS1-003$/m, "5 DS1-003");
  // The three replacements each happened: the test would prove nothing otherwise.
  expect(out.match(/# my partner|DS1-999|5 DS1-003/g)).toHaveLength(3);
  return out;
}
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle)) + 1;

describe("a # comment after an entry", () => {
  it("the DBE reader reports it at the comment and still reads the entry", () => {
    const text = "deck A\nmain:\n  4 A-1   # four of them  \n2 B-2\n";
    const r = readDeckList("t.deck", text);
    expect(r.deck).toBeNull();
    expect(r.errors).toHaveLength(1);
    // "  4 A-1   # four of them  ": the "#" is at offset 10, the comment ends at offset 24.
    expect(r.errors[0]).toMatchObject({ line: 3, columns: { start: 10, end: 24 } });
    expect(r.errors[0]!.message).toMatch(/comment must take a whole line/);
    expect(r.read?.main).toEqual([
      { count: 4, setNumber: "A-1", line: 3 },
      { count: 2, setNumber: "B-2", line: 4 },
    ]);
  });

  it("the DCG reader reports it as a comment, not as a malformed entry, and still reads the entry", () => {
    const r = readDcgDeckList("t.deck", "deck A\nruleset dcg\neggs:\n4 ST1-01 # my note\nmain:\n4 ST1-02\n");
    expect(r.deck).toBeNull();
    expect(r.errors.map((e) => e.message)).toEqual([expect.stringMatching(/comment must take a whole line/)]);
    expect(r.errors[0]).toMatchObject({ line: 4, columns: { start: 9, end: 18 } });
    expect(r.read).toEqual({ name: "A", eggs: [{ count: 4, number: "ST1-01", line: 4 }], main: [{ count: 4, number: "ST1-02", line: 6 }] });
  });

  it("a comment after a directive is reported the same way; a deck name may hold '#'", () => {
    const r = readDeckList("t.deck", "deck Deck #2\nruleset dmb # forty cards\nmain:\n4 A-1\n");
    expect(r.errors.map((e) => [e.line, e.columns])).toEqual([[2, { start: 12, end: 25 }]]);
    expect(r.read).toMatchObject({ name: "Deck #2", ruleset: "dmb" });
  });

  it("a line that does not read besides its comment is still lost: no deck is read", () => {
    const r = readDeckList("t.deck", "deck A\nmain:\n4 # A-1\n");
    expect(r.errors.map((e) => e.line)).toEqual([3, 3]);
    expect(r.read).toBeNull();
  });

  it("check of a DBE deck: the comment at its exact range, and every other error of the list", () => {
    const text = dbeDeckWithComment();
    const ds = checkDeckList("my.deck", text, dbePool);
    const comment = lineOf(text, "# my partner");
    const format = ds.filter((d) => d.code === "deck-format");
    expect(format).toHaveLength(1);
    expect(format[0]).toMatchObject({ line: comment, col: "4 DS1-001 ".length + 1, endLine: comment, endCol: "4 DS1-001 # my partner".length + 1 });
    expect(ds.find((d) => d.code === "deck-unknown-card")).toMatchObject({ line: lineOf(text, "DS1-999"), message: expect.stringContaining("DS1-999") });
    expect(ds.find((d) => d.code === "deck-construction" && d.line === lineOf(text, "5 DS1-003"))?.message).toMatch(/5 copies of DS1-003/);
  });

  it("check of a DCG deck: the comment at its exact range, and every other error of the list", () => {
    const text = "deck A\nruleset dcg\neggs:\n1 DSX-001 # the egg\nmain:\n5 DSX-002\n4 DSX-999\n";
    const ds = checkDcgDeckList("my.deck", text, dcgPool);
    expect(ds.filter((d) => d.code === "deck-format").map((d) => [d.line, d.col, d.endCol])).toEqual([[4, 11, 20]]);
    expect(ds.filter((d) => d.code === "deck-unknown-card").map((d) => d.line)).toEqual([7]);
    const construction = ds.filter((d) => d.code === "deck-construction").map((d) => d.message);
    expect(construction).toContainEqual(expect.stringMatching(/5 copies of DSX-002/));
    expect(construction).toContainEqual(expect.stringMatching(/the deck has 9 cards/));
  });

  it("digiscript check prints the comment error at line:col and the other errors (exit 1)", async () => {
    writeFileSync(join(dir, "dcg.deck"), "deck A\nruleset dcg\neggs:\n1 DSX-001 # the egg\nmain:\n5 DSX-002\n");
    const r = await runCli(dir, ["check", "dcg.deck"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/dcg\.deck:4:11 - error deck-format: a comment must take a whole line/);
    expect(r.stdout).toMatch(/dcg\.deck:6:1 - error deck-construction: 5 copies of DSX-002/);
  }, 120_000);

  it("duel lists the comment and every other problem of the deck", async () => {
    writeFileSync(join(dir, "dbe.deck"), dbeDeckWithComment());
    const r = await runCli(dir, ["duel", "--ruleset", "dbe", "--deck", "dbe.deck", "--deck", "nature-core"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/dbe\.deck:\d+:11: a comment must take a whole line/);
    expect(r.stderr).toMatch(/unknown set number DS1-999/);
    expect(r.stderr).toMatch(/5 copies of DS1-003/);
  }, 120_000);
});

describe("an unknown number in the wrong letter case: did you mean", () => {
  it("the deck checkers suggest the loaded card's number (DCG and DBE)", () => {
    const dcg = checkDcgDeck({ name: "A", eggs: [], main: [{ count: 4, number: "st1-01", line: 3 }] }, (n) => (n === "ST1-01" ? ({ name: "Koromon" } as never) : undefined));
    expect(dcg[0]).toMatchObject({ message: "unknown card number st1-01", suggestion: "ST1-01" });
    const lookup: CardLookup = (n) => dbePool.stats(n);
    const dbe = checkDbeDeck({ name: "A", ruleset: "dbe", partner: "ds1-001", partnerLine: 2, main: [{ count: 4, setNumber: "ds1-002", line: 4 }], destiny: [] }, lookup);
    expect(dbe.filter((e) => e.suggestion).map((e) => [e.line, e.suggestion])).toEqual([
      [4, "DS1-002"],
      [2, "DS1-001"],
    ]);
  });

  it("check of a DCG deck: hint did you mean \"DSX-002\"?", () => {
    const ds = checkDcgDeckList("my.deck", "deck A\nruleset dcg\nmain:\n4 dsx-002\n", dcgPool);
    expect(ds.find((d) => d.code === "deck-unknown-card")).toMatchObject({ line: 4, hint: 'did you mean "DSX-002"?' });
  });

  it("check of a DBE deck: hint did you mean \"DS1-002\"? (entries and the partner)", () => {
    const ds = checkDeckList("my.deck", "deck A\npartner ds1-001\nmain:\n4 ds1-002\n", dbePool);
    const unknown = ds.filter((d) => d.code === "deck-unknown-card").map((d) => [d.line, d.hint]);
    expect(unknown).toContainEqual([4, 'did you mean "DS1-002"?']);
    expect(unknown).toContainEqual([2, 'did you mean "DS1-001"?']);
  });

  it("a DBE set's number like BENCH-00001, listed as bench-00001", () => {
    const src = `set BENCH "Bench"\nruleset dbe\n${cliGoodCard("X").replace("TST-X", "BENCH-00001")}`;
    const given = checkSources([{ file: "bench.dgs", text: src }]);
    expect(given[0]!.cards.map((c) => c.stats.setNumber)).toEqual(["BENCH-00001"]);
    return deckPool(given).then((pool) => {
      const ds = checkDeckList("my.deck", "deck A\nmain:\n4 bench-00001\n", pool);
      expect(ds.find((d) => d.code === "deck-unknown-card")?.hint).toBe('did you mean "BENCH-00001"?');
    });
  }, 60_000);

  it("duel says did you mean for a DBE entry in the wrong case", async () => {
    const text = readFileSync(join(ROOT, "cards/dbe/decks/dragon-core.deck"), "utf8").replace(/^4 DS1-002$/m, "4 ds1-002");
    writeFileSync(join(dir, "case.deck"), text);
    const r = await runCli(dir, ["duel", "--deck", "case.deck", "--deck", "nature-core"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown set number ds1-002 .*did you mean "DS1-002"\?/);
  }, 120_000);

  it("unknownNumberHint: case first, else the one number one edit away; none when two are as near", () => {
    expect(unknownNumberHint("x", "ST1-01")).toBe('did you mean "ST1-01"?');
    expect(unknownNumberHint("bt1-010", undefined, ["BT1-010", "BT1-011"])).toBe('did you mean "BT1-010"?');
    expect(unknownNumberHint("BT1-0100", undefined, ["BT1-100", "ST1-01"])).toBe('did you mean "BT1-100"?');
    expect(unknownNumberHint("BT1-01", undefined, ["BT1-010", "BT1-011"])).toBeUndefined();
    expect(unknownNumberHint("XX-999", undefined, ["BT1-010"])).toBeUndefined();
  });
});
