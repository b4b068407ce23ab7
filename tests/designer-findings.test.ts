/**
 * The compiler-side findings of a new designer's test of the tool (one `describe` per
 * finding), each pinned by a test that failed before its fix:
 *
 * 1. `kind:` is case-insensitive, with a did-you-mean; an unknown kind is one error.
 * 2. Option and Evolution cards have only the fields their kind prints (Anatomy of Cards).
 * 3. A set number used twice is an error at both blocks, and neither compiles.
 * 4. Flip cards: at most one initial side; a flip side needs its other side (Glossary "Flip").
 * 5. Did-you-mean counts a transposition as one edit, and every hint has one wording.
 * 6. No follow-on errors: an "If not" after a sentence that failed, fields of a bad header.
 * 7. A sentence's text includes its timing label (IR, generated comments).
 * 8. `check <file>.deck` checks the deck list.
 * 9. Warnings for a level qualifier that never matches and for what the runtime refuses.
 *
 * Rules: `000_012504f4614e5b24.txt` (Anatomy of Cards, Glossary "Flip", Evolution Phase 4.3).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { CheckedSet, FileDiagnostic } from "../compiler/api.ts";
import { checkSources } from "../compiler/check/set.ts";
import { cardsModule } from "../compiler/emit/index.ts";
import { wordingChanges } from "../compiler/print/canonical.ts";
import { printSetFile } from "../compiler/print/setfile.ts";
import { checkDeckList, deckPool } from "../compiler/cli/decks.ts";
import { distance } from "../grammar/suggest.ts";
import { checkOne, compileCard, positionOf, ROOT, TEST_FILE } from "./helpers.ts";

const codes = (ds: readonly FileDiagnostic[]) => ds.map((d) => d.code);
const errors = (s: CheckedSet) => s.diagnostics.filter((d) => d.severity === "error");

/** A `.dgs` file of one set from card blocks (each an array of lines, fields indented). */
const setFile = (...cards: string[][]) => ['set T "Test"', ...cards.flatMap((c) => ["", ...c])].join("\n") + "\n";
const digimon = (n: string, name: string, extra: string[] = []) => [
  `card ${n} ${name}`,
  "  kind: Digimon",
  "  level: R",
  "  type: Dragon",
  "  +p: 10",
  "  hp: 500",
  "  circle: A 100",
  "  triangle: B 100",
  "  cross: C 100",
  ...extra,
];
const option = (n: string, name: string, extra: string[] = [], text = "Draw 1.") => [`card ${n} ${name}`, "  kind: Option", "  timing: SUPPORT", ...extra, `  text: ${text}`];

describe("1. kind: is case-insensitive; an unknown kind is one error with a did-you-mean", () => {
  it("kind: option reads as Option, with no error (as level: r, type: marine, timing: support do)", () => {
    const set = checkOne(setFile(["card T-2 B", "  kind: option", "  timing: SUPPORT", "  +p: -10", "  text: Draw 1."]));
    expect(set.diagnostics).toEqual([]);
    expect(set.cards[0]!.stats.kind).toBe("Option");
    expect(set.cards[0]!.ok).toBe(true);
  });

  it("kind: DIGIMON ace p reads as Digimon with the markings Ace and Proxy", () => {
    const set = checkOne(setFile(digimon("T-1", "A").map((l) => (l === "  kind: Digimon" ? "  kind: DIGIMON ace p" : l))));
    expect(set.diagnostics).toEqual([]);
    expect(set.cards[0]!.stats.kind).toBe("Digimon");
    expect(set.cards[0]!.stats.markings).toEqual(["Ace", "Proxy"]);
  });

  it("fmt keeps the designer's spelling of kind: as of level:, and canon does not rewrite it", () => {
    const src = setFile(["card T-1 A", "  kind: digimon", "  level: r", "  type: dragon", "  +p: 10", "  hp: 500", "  circle: A 100", "  triangle: B 100", "  cross: C 100", "  timing: support", "  text: Draw 1."]);
    expect(checkOne(src).diagnostics).toEqual([]);
    const printed = printSetFile(src);
    for (const line of ["  kind: digimon", "  level: r", "  type: dragon", "  timing: support"]) expect(printed).toContain(`${line}\n`);
    expect(wordingChanges(src)).toEqual([]);
  });

  it("an unknown kind is one error, bad-kind at the value, with no Digimon-only missing fields and no missing timing", () => {
    const src = setFile(["card TYX-2 B", "  kind: Optoin", "  +p: -10", "  text: Draw 1."]);
    const set = checkOne(src);
    expect(codes(set.diagnostics)).toEqual(["bad-kind"]);
    const d = set.diagnostics[0]!;
    expect(src.slice(d.span.start, d.span.end)).toBe("Optoin");
    expect(d.hint).toBe('did you mean "Option"?');
    expect(set.cards[0]!.ok).toBe(false);
  });

  it('kind: Digmon suggests "Digimon"', () => {
    const set = checkOne(setFile(digimon("T-1", "A").map((l) => (l === "  kind: Digimon" ? "  kind: Digmon" : l))));
    expect(codes(set.diagnostics)).toEqual(["bad-kind"]);
    expect(set.diagnostics[0]!.hint).toBe('did you mean "Digimon"?');
  });

  it("a misspelt marking is a bad-marking with the same wording of hint", () => {
    const set = checkOne(setFile(["card T-1 A", "  kind: Option Firewal", "  timing: SUPPORT", "  text: Draw 1."]));
    expect(codes(set.diagnostics)).toEqual(["bad-marking"]);
    expect(set.diagnostics[0]!.hint).toBe('did you mean "Firewall"?');
  });
});

describe("2. Option and Evolution cards have only the fields their kind prints (Anatomy of Cards)", () => {
  const cases: [string, string, string][] = [
    ["level", "C", "item 3"],
    ["type", "Marine", "item 5"],
    ["subtypes", "Metal", "item 15"],
    ["dp", "40", "item 6"],
    ["hp", "500", "item 9"],
    ["evo", "Betamon", "item 8"],
    ["partner", "yes", "Deck Construction"],
  ];
  for (const kind of ["Option", "Evolution"]) {
    it.each(cases)(`${kind} with %s: is field-not-for-kind at the key, citing %s; the card does not compile`, (key, value, cite) => {
      const lines = [`card T-1 Odd`, `  kind: ${kind}`, ...(kind === "Option" ? ["  timing: SUPPORT"] : []), `  ${key}: ${value}`, "  text: Draw 1."];
      const src = setFile(lines);
      const set = checkOne(src);
      expect(codes(set.diagnostics)).toEqual(["field-not-for-kind"]);
      const d = set.diagnostics[0]!;
      expect(d.severity).toBe("error");
      expect({ line: d.line, col: d.col }).toEqual({ line: positionOf(src, `  ${key}:`).line, col: 3 });
      expect(src.slice(d.span.start, d.span.end)).toBe(key);
      expect(d.message).toContain(`${kind} cards`);
      expect(d.message).toContain(cite);
      expect(set.cards[0]!.ok).toBe(false);
    });
  }

  it("+p:, flip: and timing: are fields of an Option (items 7 and 13; Glossary \"Flip\")", () => {
    const set = checkOne(setFile(option("T-1", "Sun", ["  +p: 10", "  flip: Star initial"]), option("T-1", "Moon", ["  +p: -10", "  flip: Moon"])));
    expect(set.diagnostics).toEqual([]);
  });

  it("an Evolution card may have +p: (Evolution Phase step 2: non-Digimon cards may have +P)", () => {
    const set = checkOne(setFile(["card T-1 Evo", "  kind: Evolution", "  +p: 10", "  text: Ignore DP."]));
    expect(set.diagnostics).toEqual([]);
  });

  it("the designer's repro: every Digimon-only field of an Option and an Evolution is reported, one error each", () => {
    const src = readFileSync(join(ROOT, "tests", "designer-findings", "opt.dgs"), "utf8");
    const set = checkOne(src, "o.dgs");
    expect(errors(set).map((d) => `${d.line}:${d.code}`)).toEqual([
      "5:field-not-for-kind",
      "6:field-not-for-kind",
      "7:field-not-for-kind",
      "8:field-not-for-kind",
      "9:field-not-for-kind",
      "10:field-not-for-kind",
      "16:field-not-for-kind",
      "17:field-not-for-kind",
    ]);
  });

  it("the bundled sets have no field their kind does not print", () => {
    const dir = join(ROOT, "cards");
    const files = (readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".dgs"));
    const sets = checkSources(files.map((f) => ({ file: f, text: readFileSync(join(dir, f), "utf8") })));
    expect(sets.flatMap((s) => s.diagnostics).filter((d) => d.severity === "error")).toEqual([]);
  });
});

describe("3. a set number used twice: both blocks are errors, each naming the other, and neither compiles", () => {
  it("across two files (the designer's repro: the copy was compiled, the original flagged)", () => {
    const a = setFile(digimon("OCN-003", "Seadramon"));
    const b = setFile(option("OCN-001", "Other"), option("OCN-003", "Seadramon Copy", [], "Draw 2."));
    const [set] = checkSources([
      { file: "ocean.dgs", text: a },
      { file: "ocean-bad.dgs", text: b },
    ]);
    const ds = set!.diagnostics.filter((d) => d.code === "duplicate-set-number");
    expect(ds.map((d) => `${d.file}:${d.line}:${d.col}`)).toEqual(["ocean.dgs:3:6", "ocean-bad.dgs:8:6"]);
    expect(ds[0]!.message).toContain('"Seadramon Copy" at ocean-bad.dgs:8');
    expect(ds[1]!.message).toContain('"Seadramon" at ocean.dgs:3');
    const ocn3 = set!.cards.filter((c) => c.stats.setNumber === "OCN-003");
    expect(ocn3.map((c) => c.ok)).toEqual([false, false]);
    expect(cardsModule(set!)).not.toContain("OCN_003");
    expect(set!.cards.find((c) => c.stats.setNumber === "OCN-001")!.ok).toBe(true);
  });

  it("three blocks of one number in one file: each names the two others", () => {
    const set = checkOne(setFile(option("T-1", "A"), option("T-1", "B"), option("T-1", "C")));
    const ds = set.diagnostics.filter((d) => d.code === "duplicate-set-number");
    expect(ds).toHaveLength(3);
    expect(ds[0]!.message).toMatch(/"B" at test\.dgs:\d+ and "C" at test\.dgs:\d+/);
    expect(set.cards.every((c) => !c.ok)).toBe(true);
  });

  it("a number used by many blocks: each message names three others and counts the rest", () => {
    const set = checkOne(setFile(...Array.from({ length: 10 }, (_, i) => option("T-1", `Card ${i}`))));
    const ds = set.diagnostics.filter((d) => d.code === "duplicate-set-number");
    expect(ds).toHaveLength(10);
    for (const d of ds) expect(d.message).toMatch(/ at test\.dgs:\d+ and 6 more: /);
  });

  it("a flip side and a card without flip: share no number", () => {
    const set = checkOne(setFile(option("T-1", "Sun", ["  flip: Star"]), option("T-1", "Plain")));
    expect(codes(set.diagnostics)).toEqual(["duplicate-set-number", "duplicate-set-number"]);
  });
});

describe('4. flip cards (Glossary "Flip")', () => {
  it("two sides both initial: an error at both flip: values, each naming the other side", () => {
    const src = setFile(option("FLX-1", "Sun Tide", ["  flip: Star initial"]), option("FLX-1", "Moon Tide", ["  flip: Moon initial"], "Draw 2."));
    const set = checkOne(src);
    expect(codes(set.diagnostics)).toEqual(["flip-initial", "flip-initial"]);
    for (const d of set.diagnostics) {
      expect(src.slice(d.span.start, d.span.end)).toMatch(/^(Star|Moon) initial$/);
      expect(d.message).toContain('Glossary "Flip"');
    }
    expect(set.diagnostics[0]!.message).toContain(`${TEST_FILE}:9`);
    expect(set.diagnostics[1]!.message).toContain(`${TEST_FILE}:3`);
    expect(set.cards.map((c) => c.ok)).toEqual([false, false]);
  });

  it("no side initial is legal: such a card starts on any side the player chooses", () => {
    const set = checkOne(setFile(option("FLX-1", "Sun Tide", ["  flip: Star"]), option("FLX-1", "Moon Tide", ["  flip: Moon"])));
    expect(set.diagnostics).toEqual([]);
    expect(set.cards.map((c) => c.ok)).toEqual([true, true]);
  });

  it("a lone flip: side is an error naming the missing side", () => {
    const src = setFile(option("FLX-2", "Half", ["  flip: Star"]));
    const set = checkOne(src);
    expect(codes(set.diagnostics)).toEqual(["flip-one-side"]);
    const d = set.diagnostics[0]!;
    expect(src.slice(d.span.start, d.span.end)).toBe("Star");
    expect(d.message).toContain("no Moon side");
    expect(d.message).toContain('Glossary "Flip"');
    expect(set.cards[0]!.ok).toBe(false);
  });

  it("the two sides may stand in two files of the set", () => {
    const sets = checkSources([
      { file: "a.dgs", text: setFile(option("FLX-1", "Sun", ["  flip: Star initial"])) },
      { file: "b.dgs", text: setFile(option("FLX-1", "Moon", ["  flip: Moon"])) },
    ]);
    expect(sets[0]!.diagnostics).toEqual([]);
  });
});

/** Optimal string alignment distance, written plainly (a full table), to compare with. */
function osa(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

describe("5. did-you-mean: a transposition is one edit, and every hint reads the same", () => {
  it("distance counts a transposition of two adjacent letters as 1", () => {
    expect(distance("drwa", "draw")).toBe(1);
    expect(distance("drow", "draw")).toBe(1);
    expect(distance("ca", "abc")).toBe(3);
    expect(distance("", "abc")).toBe(3);
  });

  it("is the optimal string alignment distance, and a limit only cuts it short above the limit", () => {
    const word = fc.string({ unit: fc.constantFrom("a", "b", "c", "d"), maxLength: 9 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 6 }), (a, b, limit) => {
        const want = osa(a, b);
        expect(distance(a, b)).toBe(want);
        const got = distance(a, b, limit);
        if (want <= limit) expect(got).toBe(want);
        else expect(got).toBeGreaterThan(limit);
      }),
      { numRuns: 3000, seed: 20251123 },
    );
  });

  it('"Drwa 1." gets the hint "Draw" as "Drow 1." does', () => {
    for (const text of ["Drwa 1.", "Drow 1."]) {
      const r = compileCard(text);
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]!.hint).toMatch(/^did you mean "Draw"\?/);
    }
  });

  it('timing: SUPPOSE: did you mean "SUPPORT"?, not a bare word', () => {
    const set = checkOne(setFile(["card T-1 A", "  kind: Option", "  timing: SUPPOSE", "  text: Draw 1."]));
    expect(codes(set.diagnostics)).toEqual(["bad-timing"]);
    expect(set.diagnostics[0]!.hint).toBe('did you mean "SUPPORT"?');
  });

  it('an unknown type: did you mean "Marine"? (quoted, as the other hints)', () => {
    const r = compileCard("Draw 1.", { type: "Marin" });
    expect(r.errors.map((d) => d.hint)).toEqual(['did you mean "Marine"?']);
  });
});

describe("6. no follow-on errors", () => {
  it('an "If not" after an "If …" sentence that failed to parse: only the parse error', () => {
    const r = compileCard("If own HP is les than 200, Draw 1. If not, Draw 2.");
    expect(codes(r.diagnostics)).toEqual(["parse"]);
  });

  it('…nor does it answer an earlier "If" across the sentence that failed', () => {
    const r = compileCard("If own HP is less than 200, Draw 1. Frobnicate the deck. If not, Draw 2.");
    expect(codes(r.diagnostics)).toEqual(["parse"]);
  });

  it('an "If not" with no "If" before it, and no sentence that failed, is still reported', () => {
    expect(codes(compileCard("Draw 1. If not, Draw 2.").diagnostics)).toEqual(["if-not-without-if"]);
    expect(codes(compileCard("Frobnicate the deck. Draw 1. If not, Draw 2.").diagnostics)).toEqual(["parse", "if-not-without-if"]);
  });

  it("`card EDG-1` with no name: one card-header error, not one more per field under it", () => {
    const src = ["set EDG Edge", "card EDG-1", "  kind: Option", "  timing: SUPPORT", "  text: Draw 1.", "    Boost own Power +100.", "card EDG-2 Fine", "  kind: Option", "  timing: SUPPORT", "  text: Draw 1.", ""].join("\n");
    const set = checkOne(src);
    expect(codes(set.diagnostics)).toEqual(["card-header"]);
    expect(set.diagnostics[0]!.line).toBe(2);
    expect(set.diagnostics[0]!.message).toContain('card "EDG-1" has no name');
    expect(set.cards.map((c) => [c.stats.setNumber, c.ok])).toEqual([["EDG-2", true]]);
  });

  it("the fields under a card with a bad set number are not reported either", () => {
    const set = checkOne(["set EDG Edge", "card A_B Bad", "  kind: Option", "  colour: red", ""].join("\n"));
    expect(codes(set.diagnostics)).toEqual(["bad-set-number"]);
  });

  it("an indented line before any card is still a field outside a card", () => {
    const set = checkOne(["set EDG Edge", "  kind: Option", "card EDG-1 A", "  kind: Option", "  timing: SUPPORT", "  text: Draw 1.", ""].join("\n"));
    expect(codes(set.diagnostics)).toEqual(["field-outside-card"]);
  });

  it("a field typed flush left under a card: one error at that line, its hint the indented line, and the card keeps the fields after it", () => {
    const src = ["set EDG Edge", "card EDG-1 A", "kind: Option", "  timing: SUPPORT", "  text: Draw 1.", "card EDG-2 B", "  kind: Option", "  timing: SUPPORT", "  text: Draw 2.", ""].join("\n");
    const set = checkOne(src);
    expect(codes(set.diagnostics)).toEqual(["unindented-field"]);
    const d = set.diagnostics[0]!;
    expect([d.line, d.col, d.endLine, d.endCol]).toEqual([3, 1, 3, 13]);
    expect(d.message).toContain('the field "kind" of EDG-1 is not indented');
    expect(d.hint).toBe('indent it: "  kind: Option"');
    // Its timing and text were still read as EDG-1's (no missing-timing, no field-outside-card);
    // the card does not compile with an error inside it, the next card does.
    expect(set.cards.map((c) => [c.stats.setNumber, c.ok, c.text])).toEqual([
      ["EDG-1", false, "Draw 1."],
      ["EDG-2", true, "Draw 2."],
    ]);
  });

  it("a flush-left line that is no field of the ruleset, or one before any card, is still an unknown line", () => {
    expect(codes(checkOne(["set EDG Edge", "card EDG-1 A", "  kind: Option", "colour: red", ""].join("\n")).diagnostics)).toContain("unknown-line");
    expect(codes(checkOne(["set EDG Edge", "kind: Option", "card EDG-1 A", "  kind: Option", "  timing: SUPPORT", "  text: Draw 1.", ""].join("\n")).diagnostics)).toEqual(["unknown-line"]);
  });
});

describe("7. a sentence's text includes its timing labels", () => {
  const text = "When evolving, Draw 1. Support Phase: Draw 1. Passive, Support Phase: When opponent discards, Draw 1. Draw 1.";
  it("in the IR", () => {
    const set = checkOne(setFile(["card T-1 Evo", "  kind: Evolution", `  text: ${text}`]));
    expect(set.diagnostics).toEqual([]);
    expect(set.cards[0]!.effects.map((e) => e.text)).toEqual([
      "When evolving, Draw 1.",
      "Support Phase: Draw 1.",
      "Passive, Support Phase: When opponent discards, Draw 1.",
      "Draw 1.",
    ]);
  });

  it("in the generated handlers' comments", () => {
    const set = checkOne(setFile(["card T-1 Evo", "  kind: Evolution", `  text: ${text}`]));
    const ts = cardsModule(set);
    for (const c of ["// When evolving, Draw 1.", "// Support Phase: Draw 1.", "// Passive, Support Phase: When opponent discards, Draw 1."]) expect(ts).toContain(c);
    expect(ts).toContain('text: "When evolving, Draw 1."');
  });

  it("a label before a parenthesis is not printed into the parenthesised sentence", () => {
    const r = compileCard("Active Zone: (Boost own Power +100.)");
    expect(r.errors).toEqual([]);
    expect(r.effects.map((e) => e.text)).toEqual(["Boost own Power +100."]);
  });
});

describe("8. check <file>.deck checks the deck list", () => {
  const tmp = mkdtempSync(join(tmpdir(), "ds-deck-"));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const BIN = join(ROOT, "bin", "digiscript.mjs");
  const cli = (...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
      const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
      delete env.FORCE_COLOR;
      execFile(process.execPath, [BIN, ...args], { cwd: tmp, env }, (err, stdout, stderr) => done({ code: err ? (typeof err.code === "number" ? err.code : 1) : 0, stdout, stderr }));
    });
  const bundledDeck = readFileSync(join(ROOT, "cards", "dbe", "decks", "dragon-rush.deck"), "utf8");

  it("a legal bundled deck checks clean (exit 0), with no .dgs file given", async () => {
    writeFileSync(join(tmp, "good.deck"), bundledDeck);
    const r = await cli("check", "good.deck");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("1 deck list checked: 0 errors, 0 warnings");
    expect(r.stdout).not.toContain('unknown line "deck"');
  }, 60_000);

  it("deck errors are file:line:col diagnostics, and --json counts them", async () => {
    const lines = bundledDeck.split("\n");
    const i = lines.findIndex((l) => /^\d+ DS1-/.test(l));
    lines[i] = `9 ${lines[i]!.split(" ")[1]}`;
    lines.splice(i + 1, 0, "4 XX-999");
    writeFileSync(join(tmp, "bad.deck"), lines.join("\n"));
    const r = await cli("check", "bad.deck");
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`^bad\\.deck:${i + 2}:1 - error deck-unknown-card: unknown set number XX-999`, "m"));
    expect(r.stdout).toMatch(new RegExp(`^bad\\.deck:${i + 1}:1 - error deck-construction: 9 copies of`, "m"));
    const j = await cli("check", "--json", "bad.deck");
    const summary = JSON.parse(j.stdout) as { decks: number; errors: { code: string; file: string; line: number; col: number }[] };
    expect(summary.decks).toBe(1);
    expect(summary.errors.some((e) => e.code === "deck-unknown-card" && e.file === "bad.deck" && e.line === i + 2 && e.col === 1)).toBe(true);
  }, 60_000);

  it("a deck of the designer's own set: a card with errors, and a card the runtime refuses", async () => {
    const set = setFile(
      digimon("OWN-1", "Own Rookie", ["  dp: 0", "  timing: SUPPORT", "  partner: yes", "  text: Draw 1."]),
      option("OWN-2", "Riptide", [], "[1/Turn] Discard 1: Draw 2."),
      option("OWN-3", "Broken", ["  hp: 100"]),
    ).replace('set T "Test"', "set OWN Own");
    const sets = checkSources([{ file: "own.dgs", text: set }]);
    const pool = await deckPool(sets);
    const deck = ["deck Own", "ruleset dbe", "partner OWN-1", "main:", "4 OWN-1", "3 OWN-2", "3 OWN-3", ""].join("\n");
    const ds = checkDeckList("own.deck", deck, pool);
    const at = (code: string) => ds.filter((d) => d.code === code).map((d) => `${d.line}:${d.col}`);
    expect(at("deck-unplayable")).toEqual(["6:1"]);
    expect(at("deck-card-has-errors")).toEqual(["7:1"]);
    expect(ds.find((d) => d.code === "deck-card-has-errors")!.message).toContain("own.dgs:");
    expect(at("deck-construction").length).toBeGreaterThan(0); // 10 cards, not 50
  });
});

describe("9. warnings for what cannot work", () => {
  it('"Betamon (C)" when every Betamon is Level R: level-never-matches at the name', () => {
    const src = setFile(digimon("T-1", "Betamon"), digimon("T-2", "Seadramon", ["  evo: Draw 2: Betamon (C)"]).map((l) => (l === "  level: R" ? "  level: C" : l)));
    const set = checkOne(src);
    expect(codes(set.diagnostics)).toEqual(["level-never-matches"]);
    const d = set.diagnostics[0]!;
    expect(d.severity).toBe("warning");
    expect(src.slice(d.span.start, d.span.end)).toBe("Betamon");
    expect(d.message).toContain("Level R");
    expect(d.hint).toBe('write "Betamon (R)", or "Betamon" for any level');
    expect(set.cards.every((c) => c.ok)).toBe(true);
  });

  it("no warning when a card of the name has the level, or a level is not known", () => {
    const levelC = digimon("T-3", "Betamon").map((l) => (l === "  level: R" ? "  level: C" : l));
    const evo = digimon("T-2", "Seadramon", ["  evo: Draw 2: Betamon (C)"]);
    expect(checkOne(setFile(digimon("T-1", "Betamon"), levelC, evo)).diagnostics).toEqual([]);
    // Names loaded beside the set without their Level (the language service's bundled names).
    const sets = checkSources([{ file: "x.dgs", text: setFile(evo) }], { knownNames: ["Betamon"] });
    expect(sets[0]!.diagnostics).toEqual([]);
    const known = checkSources([{ file: "x.dgs", text: setFile(evo) }], { knownNames: [{ name: "Betamon", level: "R" }] });
    expect(codes(known[0]!.diagnostics)).toEqual(["level-never-matches"]);
  });

  it("[1/Turn] Discard 1: Draw 2. on an Option: runtime-unsupported at the sentence; the card compiles", () => {
    const src = setFile(option("OCN-050", "Riptide", [], "[1/Turn] Discard 1: Draw 2."));
    const set = checkOne(src);
    expect(codes(set.diagnostics)).toEqual(["runtime-unsupported"]);
    const d = set.diagnostics[0]!;
    expect(d.severity).toBe("warning");
    expect(src.slice(d.span.start, d.span.end)).toBe("[1/Turn] Discard 1: Draw 2.");
    expect(d.message).toContain("[1/Turn] outside an attachment");
    expect(set.cards[0]!.ok).toBe(true);
  });

  it("the bundled sets hold nothing the runtime refuses", () => {
    const dir = join(ROOT, "cards");
    const files = (readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".dgs"));
    const sets = checkSources(files.map((f) => ({ file: f, text: readFileSync(join(dir, f), "utf8") })));
    expect(sets.flatMap((s) => s.diagnostics).filter((d) => d.code === "runtime-unsupported" || d.code === "level-never-matches")).toEqual([]);
  });
});
