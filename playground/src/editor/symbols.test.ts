import { describe, expect, it } from "vitest";
import { cardSymbols } from "./symbols.ts";

const SET = [
  "set TST Test set", // 1
  "ruleset dbe", // 2
  "", // 3
  "# a comment that says card TST-999 Nobody", // 4
  "card TST-001 Agumon", // 5
  "  kind: Digimon", // 6
  "  level: R", // 7
  "", // 8
  "card TST-002 Pepper Breath", // 9
  "  kind: Option", // 10
  "  text: Draw 1.", // 11
  "", // 12
  "card TST-003", // 13: no name — not a card
  "  kind: Digimon", // 14
  "", // 15
  "card TST-004 Gabumon", // 16
  "  level: R", // 17
].join("\n");

describe("the outline of a set file (Go to Symbol)", () => {
  it("lists each readable card block with its set number, name and kind, in file order", () => {
    const s = cardSymbols(SET);
    expect(s.map((x) => [x.name, x.detail])).toEqual([
      ["TST-001 Agumon", "Digimon"],
      ["TST-002 Pepper Breath", "Option"],
      ["TST-004 Gabumon", ""],
    ]);
  });

  it("gives each block's range from its card line to the end of its last field, and the name's range on the card line", () => {
    const [agumon, pepper] = cardSymbols(SET);
    expect(agumon!.start).toEqual({ line: 5, col: 1 });
    expect(agumon!.end).toEqual({ line: 7, col: 11 });
    expect(agumon!.nameStart).toEqual({ line: 5, col: 14 });
    expect(agumon!.nameEnd).toEqual({ line: 5, col: 20 });
    expect(pepper!.start).toEqual({ line: 9, col: 1 });
    expect(pepper!.end).toEqual({ line: 11, col: 16 });
  });

  it("counts lines as the editor does when the file has CR LF or lone CR line breaks", () => {
    const crlf = cardSymbols(SET.replace(/\n/g, "\r\n"));
    const cr = cardSymbols(SET.replace(/\n/g, "\r"));
    const lf = cardSymbols(SET);
    expect(crlf).toEqual(lf);
    expect(cr).toEqual(lf);
  });

  it("reads the cards of a DCG set (the same card lines)", () => {
    const dcg = ["set XST Example", "ruleset dcg", "", "card XST-01 Koromon", "  kind: Digi-Egg", "  color: Red", "  level: 2"].join("\n");
    expect(cardSymbols(dcg).map((x) => [x.name, x.detail])).toEqual([["XST-01 Koromon", "Digi-Egg"]]);
  });

  it("has no symbols for an empty file, a file of text that is not a set, or a header alone", () => {
    expect(cardSymbols("")).toEqual([]);
    expect(cardSymbols("hello\nworld\n")).toEqual([]);
    expect(cardSymbols("set TST Test\nruleset dbe\n")).toEqual([]);
  });
});
