/**
 * Security, items 4–8: whatever bytes a `.dgs` file holds, the reader, the checker, the
 * formatter and the language service give diagnostics with ranges — never an internal
 * error — agree on what a line is, give the same answer every time, and take time linear
 * in the input. (docs/security.md; grammar/source.ts)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSources } from "../../compiler/check/set.ts";
import { complete, diagnose, format, hover } from "../../compiler/service/index.ts";
import { readSetFile } from "../../grammar/index.ts";
import { runCli } from "../helpers.ts";

const CARD = `card T-1 Testmon\n  kind: Option\n  timing: SUPPORT\n  text: Draw 1.\n`;
const GOOD = `set T Test\nruleset dbe\n\n${CARD}`;

/** Check a source as one file, through everything that reads a file. */
function everything(text: string) {
  const sets = checkSources([{ file: "t.dgs", text }]);
  const diags = diagnose(text, "t.dgs");
  for (const at of [0, text.length >> 1, text.length]) {
    complete(text, at);
    hover(text, at);
  }
  return { sets, diags };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "digiscript-reader-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("item 4: diagnostics, never internal errors", () => {
  const cases: [string, string, string][] = [
    ["a byte-order mark", `\uFEFF${GOOD}`, ""],
    ["a byte-order mark in the middle", GOOD.replace("card", "\uFEFFcard"), "bad-character"],
    ["a line starting with NBSP", `${GOOD}\u00A0card T-2 X\n`, "bad-indent"],
    ["a line starting with U+3000", `${GOOD}\u3000x\n`, "bad-indent"],
    ["a line starting with VT", `${GOOD}\u000Bx\n`, "bad-character"],
    ["a line starting with FF", `${GOOD}\u000Cx\n`, "bad-character"],
    ["a CR inside a header line", `set T Te\rst\n\n${CARD}`, "unknown-line"],
    ["U+2028 inside a header line", `set T Te\u2028st\n\n${CARD}`, "bad-character"],
    ["U+2028 inside a quoted name", `set T Test\n\ncard T-1 "Test\u2028mon"\n  kind: Option\n`, "bad-character"],
    ["a CR escape inside a quoted name", `set T Test\n\ncard T-1 "Test\\rmon"\n  kind: Option\n`, "bad-name"],
    ["NUL in card text", GOOD.replace("Draw 1.", "Draw\u00001."), "bad-character"],
    ["a lone surrogate", GOOD.replace("Draw 1.", "Draw \uD800 1."), "bad-character"],
    ["a right-to-left override", GOOD.replace("Draw 1.", "Draw \u202E1."), "bad-character"],
    ["600 nested parentheses", GOOD.replace("Draw 1.", `${"(".repeat(600)}Draw 1.${")".repeat(600)}`), "nesting"],
    ["600 unclosed parentheses", GOOD.replace("Draw 1.", `${"(".repeat(600)}Draw 1.`), "nesting"],
    ["a 1 MB line of text", GOOD.replace("Draw 1.", "Draw 1 and ".repeat(100_000) + "Draw 1."), ""],
    ["a 1 MB line of unknown words", GOOD.replace("Draw 1.", "Frobnicate the widget. ".repeat(45_000)), "parse"],
    ["a 1 MB word", GOOD.replace("Draw 1.", `${"a".repeat(1_000_000)}.`), "parse"],
  ];
  it.each(cases)("%s", (_what, text, code) => {
    const { sets, diags } = everything(text);
    const all = sets.flatMap((s) => s.diagnostics);
    if (code === "") expect(all.filter((d) => d.severity === "error")).toEqual([]);
    else expect(all.map((d) => d.code), JSON.stringify(all.slice(0, 3))).toContain(code);
    expect(diags.length).toBe(all.length);
    for (const d of all) {
      expect(d.message.length).toBeGreaterThan(0);
      expect(d.line).toBeGreaterThanOrEqual(1);
      expect(d.col).toBeGreaterThanOrEqual(1);
      // Diagnostics are few, however large the input.
    }
    expect(all.length).toBeLessThanOrEqual(60);
  }, 60_000);

  it("reports a BOM-led file at the same line and column as without the BOM", () => {
    const bad = GOOD.replace("Draw 1.", "Frobnicate.");
    const a = checkSources([{ file: "t.dgs", text: bad }])[0]!.diagnostics;
    const b = checkSources([{ file: "t.dgs", text: `\uFEFF${bad}` }])[0]!.diagnostics;
    expect(b.map((d) => [d.line, d.col, d.code])).toEqual(a.map((d) => [d.line, d.col, d.code]));
  });

  it("`duel --cards` with a file that holds such input reports its diagnostics (exit 2)", async () => {
    const sub = join(dir, "duel");
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, "bad.dgs"), `\uFEFF${GOOD}\u00A0oops\n${"(".repeat(700)}\n`);
    const r = await runCli(sub, ["duel", "--cards", "bad.dgs", "--deck", "dragon-core", "--deck", "nature-core"]);
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.dgs:\d+:\d+/);
  }, 120_000);
});

describe("items 5 and 8: one meaning of a line break for reader, checker, formatter and service", () => {
  const lf = `set T Test\nruleset dbe\n\ncard T-1 Testmon\n  kind: Option\n  timing: SUPPORT\n  text: Draw 1.\n    Boost own Power +100.\n`;
  it.each([
    ["CR LF", lf.replace(/\n/g, "\r\n")],
    ["CR only", lf.replace(/\n/g, "\r")],
    ["mixed", lf.replace(/\n/g, (_m, i: number) => (i % 3 === 0 ? "\r" : i % 3 === 1 ? "\r\n" : "\n"))],
  ])("a file with %s line breaks checks like the LF file", (_what, text) => {
    const [a] = checkSources([{ file: "t.dgs", text: lf }]);
    const [b] = checkSources([{ file: "t.dgs", text }]);
    expect(b!.cards.length).toBe(1);
    expect(b!.cards[0]!.effects).toEqual(a!.cards[0]!.effects);
    expect(b!.cards[0]!.text).toBe("Draw 1.\nBoost own Power +100.");
    expect(b!.diagnostics).toEqual(a!.diagnostics);
  });

  it("a CR-only file is never '0 cards, 0 errors'", () => {
    const [s] = checkSources([{ file: "t.dgs", text: lf.replace(/\n/g, "\r") }]);
    expect(s!.cards.length).toBe(1);
    expect(s!.cards[0]!.ok).toBe(true);
  });

  it("format of a CR-only or CR LF file gives the LF layout, and the card still checks the same", async () => {
    for (const text of [lf.replace(/\n/g, "\r"), lf.replace(/\n/g, "\r\n"), `\uFEFF${lf}`]) {
      const out = await format(text);
      expect(out).not.toMatch(/[\r\uFEFF]/);
      const [a] = checkSources([{ file: "t.dgs", text }]);
      const [b] = checkSources([{ file: "t.dgs", text: out }]);
      // The layout of the text may change (lines joined); its sentences and their effects may not.
      expect(b!.cards.map((c) => [c.ok, c.effects])).toEqual(a!.cards.map((c) => [c.ok, c.effects]));
    }
  });

  it("`fmt --write` never turns a CR inside text into a card that does not check", async () => {
    const sub = join(dir, "fmt");
    mkdirSync(sub, { recursive: true });
    const f = join(sub, "t.dgs");
    const text = `set T Test\n\ncard T-1 Testmon\n  kind: Option\n  timing: SUPPORT\n  text: Draw 1.\r    Boost own Power +100.\n`;
    writeFileSync(f, text);
    const before = checkSources([{ file: "t.dgs", text }])[0]!;
    const r = await runCli(sub, ["fmt", "--write", "t.dgs"]);
    expect(r.stderr).not.toMatch(/internal error/);
    const after = checkSources([{ file: "t.dgs", text: readFileSync(f, "utf8") }])[0]!;
    expect(after.cards.map((c) => [c.ok, c.effects])).toEqual(before.cards.map((c) => [c.ok, c.effects]));
  }, 60_000);

  it("`fmt` refuses a file with refused characters, naming the place, and leaves it as it was", async () => {
    const sub = join(dir, "fmt2");
    mkdirSync(sub, { recursive: true });
    const f = join(sub, "t.dgs");
    const text = GOOD.replace("Draw 1.", "Draw\u2028 1.");
    writeFileSync(f, text);
    const r = await runCli(sub, ["fmt", "--write", "t.dgs"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^t\.dgs:7:\d+: cannot format: character U\+2028 \(LINE SEPARATOR\)/m);
    expect(readFileSync(f, "utf8")).toBe(text);
  }, 60_000);
});

describe("item 6: the same input always gives the same output", () => {
  const evoCard = `set T Test\n\ncard T-1 Testmon\n  level: C\n  type: Nature\n  hp: 300\n  evo: Draw 2: Agumon\n`;
  it("a failed parse does not change how the next card compiles", () => {
    const alone = checkSources([{ file: "a.dgs", text: evoCard }])[0]!.cards[0]!.stats.evo;
    // A sentence that names the opponent as its subject, then fails.
    const failing = `set U Test\n\ncard U-1 Failmon\n  kind: Option\n  timing: SUPPORT\n  text: Opponent's attack changes into a frobnicated widget.\n`;
    checkSources([{ file: "b.dgs", text: failing }]);
    const after = checkSources([{ file: "a.dgs", text: evoCard }])[0]!.cards[0]!.stats.evo;
    expect(after).toEqual(alone);
    const both = checkSources([
      { file: "b.dgs", text: failing },
      { file: "a.dgs", text: evoCard },
    ]);
    expect(both.find((s) => s.code === "T")!.cards[0]!.stats.evo).toEqual(alone);
  });

  it("checking the bundled sets twice in one process gives the same IR", () => {
    const src = readFileSync(join(__dirname, "../../cards/dbe/starter.dgs"), "utf8");
    const strip = (x: ReturnType<typeof checkSources>) => x.map((s) => ({ ...s, ms: 0 }));
    const a = strip(checkSources([{ file: "s.dgs", text: src }]));
    checkSources([{ file: "x.dgs", text: `set X X\n\ncard X-1 X\n  kind: Option\n  text: Opponent discards 2 and (((\n` }]);
    const b = strip(checkSources([{ file: "s.dgs", text: src }]));
    expect(b).toEqual(a);
  });
});

describe("item 7: checking is linear in the input", () => {
  // A hang guard, not a speed target: each of these took from 12 s to over 300 s before.
  it.each([
    ["1,000,000 unclosed curly quotes", "“".repeat(1_000_000)],
    ["1,000,000 unclosed ASCII quotes", `x ${'"'.repeat(999_999)}`],
    ["300,000 curly quotes with a closing one at the end", `${"“".repeat(300_000)}”`],
    ["100,000 failing sentences", "Frobnicate. ".repeat(100_000)],
  ])("%s", (_what, body) => {
    const text = GOOD.replace("Draw 1.", body);
    const r = readSetFile("t.dgs", text);
    expect(r.cards.length).toBe(1);
    const [s] = checkSources([{ file: "t.dgs", text }]);
    expect(s!.cards[0]!.ok).toBe(false);
    expect(s!.diagnostics.length).toBeLessThanOrEqual(60);
  }, 30_000);
});
