/**
 * Diagnostics: every error has a code, a message and a file range (line, column and a
 * non-empty span), and a card with an error is not compiled.
 *
 * Positions are 1-based and written out by hand from the wrapped source. `wrapCard`
 * lays the test card out as:
 *
 *   1  set T "Test"
 *   2  card T-1 Tester
 *   3    kind: Digimon
 *   4    level: R
 *   5    type: Dragon
 *   6    +p: 10
 *   7    hp: 500
 *   8    circle: Test Circle 100
 *   9    triangle: Test Triangle 100
 *  10    cross: Test Cross 100
 *  11    timing: SUPPORT
 *  12    text: <text>        ← card text starts at column 9
 */
import { describe, expect, it } from "vitest";
import { CONSTRUCTS } from "../grammar/constructs.ts";
import { parseText } from "../grammar/index.ts";
import type { FileDiagnostic } from "../compiler/api.ts";
import { checkSources } from "../compiler/check/set.ts";
import { checkOne, compileCard, TEST_FILE, wrapCard, type CompiledTest } from "./helpers.ts";

/** Column where card text starts on the `text:` line. */
const TEXT_COL = 9;
const TEXT_LINE = 12;

/** The one diagnostic with `code`, asserting it is there exactly once. */
function only(diags: FileDiagnostic[], code: string): FileDiagnostic {
  const found = diags.filter((d) => d.code === code);
  expect(found, `diagnostics with code ${code} among ${JSON.stringify(diags.map((d) => `${d.code}@${d.line}:${d.col}`))}`).toHaveLength(1);
  return found[0]!;
}

/** Assert the general shape every diagnostic must have. */
function wellFormed(d: FileDiagnostic, source: string): void {
  expect(d.file).toBe(TEST_FILE);
  expect(d.message.length).toBeGreaterThan(0);
  expect(d.span.end).toBeGreaterThan(d.span.start);
  expect(d.span.start).toBeGreaterThanOrEqual(0);
  expect(d.span.end).toBeLessThanOrEqual(source.length);
  expect(d.line).toBeGreaterThanOrEqual(1);
  expect(d.col).toBeGreaterThanOrEqual(1);
  // line/col agree with the span's start offset
  const before = source.slice(0, d.span.start);
  expect(d.line).toBe(before.split("\n").length);
  expect(d.col).toBe(d.span.start - (before.lastIndexOf("\n") + 1) + 1);
}

/** An error at an exact position, on a card that therefore did not compile. */
function expectError(r: CompiledTest, code: string, line: number, col: number, covers?: string): FileDiagnostic {
  const d = only(r.diagnostics, code);
  expect(d.severity).toBe("error");
  expect({ line: d.line, col: d.col }).toEqual({ line, col });
  wellFormed(d, r.source);
  if (covers !== undefined) expect(r.source.slice(d.span.start, d.span.end)).toContain(covers);
  expect(r.card.ok).toBe(false);
  expect(r.card.effects).toEqual([]);
  return d;
}

describe('"If not" with no "If"', () => {
  it("an If not sentence with no effect before it", () => {
    const r = compileCard("If not, Draw 1.");
    const d = expectError(r, "if-not-without-if", TEXT_LINE, TEXT_COL, "If not");
    expect(d.message).toMatch(/If not/);
  });

  it("an If not after an effect that has no If", () => {
    const r = compileCard("Draw 1. If not, Draw 2.");
    expectError(r, "if-not-without-if", TEXT_LINE, TEXT_COL + "Draw 1. ".length, "If not");
  });

  it("a ; Otherwise, in a sentence with no If", () => {
    const r = compileCard("Draw 1; Otherwise, Draw 2.");
    // the range is the "; Otherwise," part, from its semicolon
    expectError(r, "if-not-without-if", TEXT_LINE, TEXT_COL + "Draw 1".length, "; Otherwise");
  });

  it("is located on a continuation line of the text", () => {
    const r = compileCard("Draw 1.\nIf not, Draw 2.");
    // wrapCard indents continuation lines by 4 spaces: line 7, column 5
    expectError(r, "if-not-without-if", TEXT_LINE + 1, 5, "If not");
  });
});

describe("a cost where none can stand", () => {
  it('"Ignore DP: Draw 1." (a rule is not an action: FAQ "Costs vs Effects")', () => {
    const r = compileCard("Ignore DP: Draw 1.");
    expectError(r, "cost-position", TEXT_LINE, TEXT_COL, "Ignore DP");
  });

  it('"If own HP is 10: Draw 1." (a condition cannot be a cost)', () => {
    const r = compileCard("If own HP is 10: Draw 1.");
    expectError(r, "cost-position", TEXT_LINE, TEXT_COL, "own HP is 10");
  });

  it('"If own HP is 10: Draw 1." is at least an error and does not compile', () => {
    const r = compileCard("If own HP is 10: Draw 1.");
    expect(r.errors.length).toBeGreaterThan(0);
    for (const d of r.errors) wellFormed(d, r.source);
    expect(r.card.ok).toBe(false);
    expect(r.card.effects).toEqual([]);
  });

  it('"Must Draw 1." has a cost marker but no colon', () => {
    const r = compileCard("Must Draw 1.");
    const d = expectError(r, "cost-position", TEXT_LINE, TEXT_COL, "Must");
    expect(d.message).toMatch(/colon/);
  });
});

describe("set-level checks", () => {
  it("an evo-box naming a card the set lacks is a warning, and the card still compiles", () => {
    const source = wrapCard("Draw 1.", { evo: "Agumon" });
    const set = checkOne(source);
    const d = only(set.diagnostics, "unknown-card");
    expect(d.severity).toBe("warning");
    // line 12 is `  evo: Agumon` (after the defaults and timing), the name at column 8
    expect({ line: d.line, col: d.col }).toEqual({ line: 12, col: 8 });
    wellFormed(d, source);
    expect(source.slice(d.span.start, d.span.end)).toBe("Agumon");
    expect(set.cards[0]!.ok).toBe(true);
    expect(set.cards[0]!.effects).toHaveLength(1);
  });

  it("an evo-box naming a card of the same set gives no warning", () => {
    const source = wrapCard(null, { evo: "Agumon" }) + "card T-2 Agumon\n  kind: Digimon\n  level: R\n  type: Dragon\n  +p: 10\n  hp: 400\n  circle: A 10\n  triangle: B 10\n  cross: C 10\n";
    const set = checkOne(source);
    expect(set.diagnostics.filter((d) => d.code === "unknown-card")).toEqual([]);
  });

  it("duplicate set numbers are an error on both cards, each naming the other, and neither compiles", () => {
    const source = ['set T "Test"', "card T-1 One", "  level: R", "  type: Dragon", "  hp: 500", "card T-1 Two", "  level: R", "  type: Dragon", "  hp: 500", ""].join("\n");
    const set = checkOne(source);
    const ds = set.diagnostics.filter((d) => d.code === "duplicate-set-number");
    expect(ds.map((d) => ({ line: d.line, col: d.col, severity: d.severity }))).toEqual([
      { line: 2, col: 6, severity: "error" },
      { line: 6, col: 6, severity: "error" },
    ]);
    for (const d of ds) {
      wellFormed(d, source);
      expect(source.slice(d.span.start, d.span.end)).toBe("T-1");
    }
    expect(ds[0]!.message).toContain(`"Two" at ${TEST_FILE}:6`);
    expect(ds[1]!.message).toContain(`"One" at ${TEST_FILE}:2`);
    expect(set.cards.map((c) => c.ok)).toEqual([false, false]);
    expect(set.cards.map((c) => c.effects)).toEqual([[], []]);
  });

  it("duplicate set numbers across two files of one set: an error in each file", () => {
    const a = 'set T "Test"\ncard T-1 One\n  level: R\n  type: Dragon\n  hp: 500\n';
    const b = 'set T "Test"\n\ncard T-1 Two\n  level: R\n  type: Dragon\n  hp: 500\n';
    const sets = checkSources([
      { file: "a.dgs", text: a },
      { file: "b.dgs", text: b },
    ]);
    expect(sets).toHaveLength(1);
    const ds = sets[0]!.diagnostics.filter((d) => d.code === "duplicate-set-number");
    expect(ds.map((d) => ({ file: d.file, line: d.line, col: d.col }))).toEqual([
      { file: "a.dgs", line: 2, col: 6 },
      { file: "b.dgs", line: 3, col: 6 },
    ]);
    expect(ds[0]!.message).toContain("b.dgs:3");
    expect(ds[1]!.message).toContain("a.dgs:2");
  });

  it("two flip sides (Star and Moon) may share a set number", () => {
    const source = ['set T "Test"', "card T-1 Sun", "  kind: Digimon", "  level: R", "  type: Dragon", "  +p: 10", "  hp: 500", "  circle: A 10", "  triangle: B 10", "  cross: C 10", "  flip: Star initial", "card T-1 Night", "  kind: Digimon", "  level: R", "  type: Dragon", "  +p: 10", "  hp: 500", "  circle: A 10", "  triangle: B 10", "  cross: C 10", "  flip: Moon", ""].join("\n");
    const set = checkOne(source);
    expect(set.diagnostics).toEqual([]);
    expect(set.cards.map((c) => c.ok)).toEqual([true, true]);
  });

  it("two flip cards with the same side and number are duplicates", () => {
    const source = ['set T "Test"', "card T-1 Sun", "  kind: Digimon", "  level: R", "  type: Dragon", "  +p: 10", "  hp: 500", "  circle: A 10", "  triangle: B 10", "  cross: C 10", "  flip: Star", "card T-1 Sun Again", "  kind: Digimon", "  level: R", "  type: Dragon", "  +p: 10", "  hp: 500", "  circle: A 10", "  triangle: B 10", "  cross: C 10", "  flip: Star", ""].join("\n");
    const set = checkOne(source);
    const ds = set.diagnostics.filter((d) => d.code === "duplicate-set-number");
    expect(ds.map((d) => ({ line: d.line, col: d.col }))).toEqual([
      { line: 2, col: 6 },
      { line: 12, col: 6 },
    ]);
  });
});

describe("stats errors", () => {
  it("an attack line on an Option card", () => {
    const source = ['set T "Test"', "card T-9 Chip", "  kind: Option", "  circle: Bash 100", "  text: Draw 1.", ""].join("\n");
    const set = checkOne(source);
    const d = only(set.diagnostics, "attack-on-non-digimon");
    expect(d.severity).toBe("error");
    expect({ line: d.line, col: d.col }).toEqual({ line: 4, col: 3 });
    wellFormed(d, source);
    expect(set.cards[0]!.ok).toBe(false);
    expect(set.cards[0]!.effects).toEqual([]);
  });

  it("hp out of range", () => {
    const r = compileCard("Draw 1.", { hp: 100000 });
    expectError(r, "number-range", 7, 7, "100000");
  });

  it("unknown type with a did-you-mean hint (type: field)", () => {
    const r = compileCard("Draw 1.", { type: "Dragn" });
    const d = expectError(r, "unknown-type", 5, 9, "Dragn");
    expect(d.hint).toBe('did you mean "Dragon"?');
  });

  it("unknown type with a did-you-mean hint (in card text)", () => {
    const r = compileCard("Change own type to Metl.");
    const d = expectError(r, "unknown-type", TEXT_LINE, TEXT_COL + "Change own type to ".length, "Metl");
    expect(d.hint).toBe('did you mean "Metal"?');
  });

  it("an unknown field is an error at the key", () => {
    const r = compileCard("Draw 1.", { colour: "red" });
    // fields: kind … cross (3–10), timing (11), colour (12)
    const d = only(r.diagnostics, "unknown-field");
    expect(d.severity).toBe("error");
    expect({ line: d.line, col: d.col }).toEqual({ line: 12, col: 3 });
    wellFormed(d, r.source);
    expect(r.source.slice(d.span.start, d.span.end)).toBe("colour");
    expect(d.message).toMatch(/colour/);
  });

  it("a card with an unknown field does not compile", () => {
    const r = compileCard("Draw 1.", { colour: "red" });
    expectError(r, "unknown-field", 12, 3, "colour");
  });
});

describe("numbers out of range in card text", () => {
  it('"Draw 100." (a deck has 50 cards)', () => {
    const r = compileCard("Draw 100.");
    expectError(r, "number-range", TEXT_LINE, TEXT_COL + "Draw ".length, "100");
  });

  it('"Boost own Power +99999."', () => {
    const r = compileCard("Boost own Power +99999.");
    expectError(r, "number-range", TEXT_LINE, TEXT_COL + "Boost own Power ".length, "99999");
  });

  it('"Draw 999999999999999999999.": the message does not write the number back as "1e+21"; the range covers the digits', () => {
    const r = compileCard("Draw 999999999999999999999.");
    expectError(r, "number-range", TEXT_LINE, TEXT_COL + "Draw ".length, "999999999999999999999");
    const d = r.diagnostics.find((x) => x.code === "number-range")!;
    expect(d.message).toBe("this number is out of range for a number of cards (0–50: a deck has 50 cards)");
  });
});

describe("sentences the grammar cannot read", () => {
  it('"Frobnicate the deck." is a parse error with a range and a nearest-construct hint', () => {
    const r = compileCard("Frobnicate the deck.");
    const d = expectError(r, "parse", TEXT_LINE, TEXT_COL, "Frobnicate the deck");
    expect(d.hint).toMatch(/nearest known construct/);
    const named = CONSTRUCTS.filter((c) => d.hint!.includes(c.example));
    expect(named.length).toBeGreaterThan(0);
    // the construct named shares a word with the sentence
    const words = new Set("frobnicate the deck".split(" "));
    expect(named.some((c) => c.example.toLowerCase().split(/\W+/).some((w) => words.has(w)))).toBe(true);
  });

  it("the span covers only the unreadable sentence, not its readable neighbours", () => {
    const r = compileCard("Draw 1. Frobnicate the deck. Draw 2.");
    const d = expectError(r, "parse", TEXT_LINE, TEXT_COL + "Draw 1. ".length, "Frobnicate the deck");
    const covered = r.source.slice(d.span.start, d.span.end);
    expect(covered).not.toContain("Draw 1");
    expect(covered).not.toContain("Draw 2");
  });

  it("an unexpected character is a lexing error at that character", () => {
    const r = compileCard("Draw 1 ~ now.");
    const d = expectError(r, "lex", TEXT_LINE, TEXT_COL + "Draw 1 ".length, "~");
    expect(d.span.end - d.span.start).toBe(1);
  });

  it("a bad attack ability is an error on the attack line", () => {
    const r = compileCard("Draw 1.", { cross: "Blast 100 | Frobnicate" });
    const d = only(r.diagnostics, "parse");
    expect(d.line).toBe(10);
    // within `Frobnicate` (columns 22–32 of `  cross: Blast 100 | Frobnicate`)
    expect(d.col).toBeGreaterThanOrEqual(22);
    expect(d.col).toBeLessThanOrEqual(32);
    expect(r.card.ok).toBe(false);
  });

  it("a bad attack ability is located on the unreadable word", () => {
    const r = compileCard("Draw 1.", { cross: "Blast 100 | Frobnicate" });
    // line 10 `  cross: Blast 100 | Frobnicate`: the ability at column 22
    expectError(r, "parse", 10, 22, "Frobnicate");
  });

  it("a sentence that ends too early has a non-empty range", () => {
    const r = compileCard("Boost own Power");
    const d = only(r.diagnostics, "parse");
    expect(d.span.end).toBeGreaterThan(d.span.start);
  });

  // A text of one sentence that fails is not parsed a second time on its own (parseText):
  // its diagnostic is the one the same sentence has after a sentence that reads.
  it.each([
    "Opponent uses O.",
    "Frobnicate the deck.",
    "Boost own Power",
    "Own Power, HP, and type become same as the opponent's.",
    "(Draw 1. Frobnicate.)",
    "Boost own Power +100 (Draw 1. Frobnicate.)",
  ])("a text of one unreadable sentence, %j, fails as it does after a readable one", (text) => {
    const alone = parseText(text);
    const prefix = "Draw 1. ";
    const after = parseText(prefix + text);
    expect(alone.value).toBeNull();
    expect(alone.partial.items).toEqual([]);
    expect(alone.diagnostics).toHaveLength(1);
    expect(after.partial.items).toHaveLength(1);
    expect(alone.diagnostics).toEqual(after.diagnostics.map((d) => ({ ...d, span: { start: d.span.start - prefix.length, end: d.span.end - prefix.length } })));
  });
});

describe("every error has a range and a message", () => {
  const cases: string[][] = [
    ["If not, Draw 1."],
    ["Ignore DP: Draw 1."],
    ["If own HP is 10: Draw 1."],
    ["Must Draw 1."],
    ["Draw 100."],
    ["Boost own Power +99999."],
    ["Frobnicate the deck."],
    ["Draw 1 ~ now."],
    ["Change own type to Metl."],
    ["[1/Turn] Draw 1."],
    ["Boost own Power."],
    ["Draw 1. Frobnicate the deck. Draw 2."],
  ];
  for (const [text] of cases) {
    it(text!, () => {
      const r = compileCard(text!);
      expect(r.errors.length).toBeGreaterThan(0);
      for (const d of r.diagnostics) wellFormed(d, r.source);
      expect(r.card.ok).toBe(false);
      expect(r.card.effects).toEqual([]);
    });
  }
});

describe("sentences run together", () => {
  it('"Draw 1 Boost own Power +100." needs a full stop between the two effects', () => {
    const r = compileCard("Draw 1 Boost own Power +100.");
    const d = expectError(r, "missing-full-stop", TEXT_LINE, TEXT_COL + "Draw 1".length, "Boost");
    expect(d.message).toMatch(/full stop/);
  });
  it("the last sentence must end with a full stop too (Anatomy of Cards item 14)", () => {
    const r = compileCard("Draw 1");
    const d = expectError(r, "missing-full-stop", TEXT_LINE, TEXT_COL + "Draw ".length, "1");
    expect(d.message).toMatch(/item 14/);
  });

  it("a note in parentheses after the last full stop needs none", () => {
    expect(compileCard("Draw 1. (Need DP)").errors).toEqual([]);
    expect(compileCard("(Ignore costs.)").errors).toEqual([]);
  });
});

describe("parse errors say what was expected", () => {
  it('"Dark Draw X." expects a number', () => {
    const r = compileCard("Dark Draw X.");
    const d = expectError(r, "parse", TEXT_LINE, TEXT_COL + "Dark Draw ".length, "X");
    expect(d.message).toMatch(/expected a number/);
  });
});

describe("misspelt keywords", () => {
  it('"Boost own Powr +100." suggests Power', () => {
    const r = compileCard("Boost own Powr +100.");
    const d = expectError(r, "parse", TEXT_LINE, TEXT_COL + "Boost own ".length, "Powr");
    expect(d.hint).toMatch(/did you mean "Power"\?/);
  });
  it("an unknown word far from every keyword gets no guess", () => {
    const r = compileCard("Frobnicate the deck.");
    expect(only(r.diagnostics, "parse").hint).not.toMatch(/did you mean/);
  });
});

describe("complete cards: what the rules print on every card is required (Anatomy of Cards)", () => {
  const codes = (r: CompiledTest) => r.diagnostics.map((d) => d.code);
  it("a card without kind: is an error at its set number", () => {
    const r = compileCard("Draw 1.", { kind: undefined, level: "R" });
    const src = r.source.replace("  kind: Digimon\n", "");
    const set = checkOne(src);
    const d = only(set.diagnostics, "missing-kind");
    expect({ line: d.line, col: d.col }).toEqual({ line: 2, col: 6 });
    expect(set.cards[0]!.ok).toBe(false);
  });

  it.each([
    ["level", "item 3"],
    ["type", "item 5"],
    ["+p", "item 7"],
    ["hp", "item 9"],
    ["circle", "item 10"],
    ["triangle", "item 10"],
    ["cross", "item 10"],
  ])("a Digimon without %s: names the field and %s", (key, item) => {
    const r = compileCard("Draw 1.", { [key]: undefined });
    const d = only(r.diagnostics, "missing-field");
    expect(d.message).toContain(`needs a ${key}: field`);
    expect(d.message).toContain(item);
    expect(r.card.ok).toBe(false);
  });

  it("a Digimon may leave out its DP cost (FAQ \"Digimon without DP cost\")", () => {
    expect(compileCard("Draw 1.").errors).toEqual([]);
  });

  it("a wrong value gives one diagnostic, not also a missing-field one", () => {
    const r = compileCard("Draw 1.", { level: "X" });
    expect(codes(r).filter((c) => c === "bad-level" || c === "missing-field")).toEqual(["bad-level"]);
  });

  it("type: Ruler is the Ruler property (Anatomy of Cards item 5): no type, no error", () => {
    const r = compileCard("Draw 1.", { type: "Ruler" });
    expect(r.errors).toEqual([]);
    expect(r.card.stats.type).toBeNull();
  });

  it("text with no timing is an error naming items 13 and 14", () => {
    const src = wrapCard("Draw 1.").replace("  timing: SUPPORT\n", "");
    const set = checkOne(src);
    const d = only(set.diagnostics, "missing-timing");
    expect(d.message).toMatch(/item 13/);
    expect(set.cards[0]!.ok).toBe(false);
  });

  it("text whose sentences carry their own timing needs no timing: field", () => {
    const src = wrapCard("Own Prep Phase: Draw 1.").replace("  timing: SUPPORT\n", "");
    expect(checkOne(src).diagnostics).toEqual([]);
  });

  it("an Evolution card's text needs no timing: its kind says when it is played (Evolution Phase 5.1)", () => {
    const r = compileCard("Ignore type.", { kind: "Evolution" });
    const src = r.source.replace("  timing: SUPPORT\n", "");
    expect(checkOne(src).diagnostics).toEqual([]);
  });

  it("a misspelt attack ability gets a did-you-mean, not what the longest form expected", () => {
    const r = compileCard("Draw 1.", { cross: "Blast 100 | Jammming" });
    const d = only(r.diagnostics, "parse");
    expect(d.message).toBe('"Jammming" is not an attack ability');
    expect(d.hint).toMatch(/did you mean "Jamming"\?/);
  });
});
