/**
 * Which card blocks hold a reader error (compiler/check/common.ts `ReaderErrors`): a card with
 * a bad field line or an unknown key inside it does not compile, whatever its fields say; a
 * card without one is not held back by its neighbours' errors, wherever the reader lists them.
 */
import { describe, expect, it } from "vitest";
import { ReaderErrors } from "../compiler/check/common.ts";
import { checkSources } from "../compiler/check/set.ts";
import { readSetFile } from "../grammar/setfile.ts";
import type { Diagnostic } from "../grammar/index.ts";
import { digimonBlock } from "./helpers.ts";

const file = ["set MY My Set", "ruleset dbe", "", ...digimonBlock("MY-001", "Alphamon", "Draw 1."), "", ...digimonBlock("MY-002", "Betamon", "Draw 1."), "", ...digimonBlock("MY-003", "Gammamon", "Draw 1."), ""].join("\n");
const syntax = readSetFile("my.dgs", file);
const [a, b, c] = syntax.cards;
const error = (start: number): Diagnostic => ({ severity: "error", code: "x", message: "x", span: { start, end: start + 1 } }) as Diagnostic;

describe("ReaderErrors", () => {
  it("finds an error inside a block, whatever the order they are listed in", () => {
    const e = new ReaderErrors([error(c!.span.start + 20), error(a!.span.start + 20)]);
    expect(e.inBlock(a!, b)).toBe(true);
    expect(e.inBlock(b!, c)).toBe(false);
    expect(e.inBlock(c!, undefined)).toBe(true);
  });

  it("counts the lines up to the next block's set number as the block above's", () => {
    // On the next block's `card` line, before its set number: both blocks hold it.
    const e = new ReaderErrors([error(b!.setNumberSpan.start - 1)]);
    expect(e.inBlock(a!, b)).toBe(true);
    expect(e.inBlock(b!, c)).toBe(true);
    expect(new ReaderErrors([error(b!.setNumberSpan.start)]).inBlock(a!, b)).toBe(false);
  });

  it("counts errors only, and none before the first block", () => {
    const warning = { ...error(b!.span.start + 5), severity: "warning" } as Diagnostic;
    const e = new ReaderErrors([error(0), warning]);
    expect([e.inBlock(a!, b), e.inBlock(b!, c), e.inBlock(c!, undefined)]).toEqual([false, false, false]);
    expect(new ReaderErrors([]).inBlock(a!, b)).toBe(false);
  });
});

describe("a card with a reader error in it", () => {
  it("does not compile; the cards around it do, with errors in many other cards of the file", () => {
    const lines = ["set MY My Set", "ruleset dbe", ""];
    for (let i = 1; i <= 60; i++) {
      const block = digimonBlock(`MY-${String(i).padStart(3, "0")}`, `Mon${i}`, "Draw 1.");
      // Every third card has an unknown field.
      if (i % 3 === 0) block.splice(2, 0, "  colour: Red");
      lines.push(...block, "");
    }
    const [set] = checkSources([{ file: "my.dgs", text: lines.join("\n") }]);
    const ok = set!.cards.map((card) => card.ok);
    expect(ok).toEqual(Array.from({ length: 60 }, (_, i) => (i + 1) % 3 !== 0));
  });
});
