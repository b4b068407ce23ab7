/**
 * The DCG scanner (`scanDcg`, grammar/dcg/lexer.ts) against its definition: a chevrotain
 * `Lexer` over the patterns of grammar/dcg/tokens.ts (`DCG_LEXER_TOKENS`, first match in
 * order). Both must give the same tokens and the same error ranges on any text; the word,
 * bracket and parenthesis classification after the scan is tested by the lexer's own tests.
 */
import fc from "fast-check";
import { Lexer } from "chevrotain";
import { describe, expect, it } from "vitest";
import { lexDcg, scanDcg } from "../../grammar/dcg/lexer.ts";
import { DCG_LEXER_TOKENS } from "../../grammar/dcg/tokens.ts";
import { dcgMutatedText, dcgSeeds } from "../fuzz/dcg.ts";

const reference = new Lexer(DCG_LEXER_TOKENS, { positionTracking: "onlyOffset" });

function referenceScan(text: string) {
  const r = reference.tokenize(text);
  return { tokens: r.tokens.map((t) => [t.tokenType.name, t.image, t.startOffset]), errors: r.errors.map((e) => [e.offset, e.length]) };
}

function scan(text: string) {
  const r = scanDcg(text);
  return { tokens: r.tokens.map((t) => [t.tokenType.name, t.image, t.startOffset]), errors: r.errors.map((e) => [e.offset, e.length]) };
}

/** Characters at the edges of the patterns: brackets, the ColorCount spelling in both cases, signs, quotes, word-range ends. */
const EDGE = ["[", "]", "<", ">", "(", ")", "\n", " ", "\u00A0", "2", "0", "-", "−", "+", "c", "C", "o", "O", "l", "u", "U", "r", "R", "e", "E", "d", "D", "s", "a", "Z", "\u00C0", "\u00D7", "\u024F", "\u0250", "'", "’", '"', "“", "”", ".", ",", ":", ";", "/", "&", "・", "#", "ſ", "é", "😀", "\uD800"];

describe("the DCG scanner matches its chevrotain definition", () => {
  it("on text made of the patterns' edge characters", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...EDGE), { maxLength: 24 }), (chars) => {
        const text = chars.join("");
        expect(scan(text)).toEqual(referenceScan(text));
      }),
      { numRuns: 20_000, seed: 20261129 },
    );
  });

  it("on the ColorCount spellings and their near misses", () => {
    for (const w of ["2-color", "3-colour", "2-colored", "2-Coloured", "2-COLOR", "2-colore", "2-colorede", "2-coloreds", "2-colors", "2-colo", "2-colr", "12-color's", "2-color2", "2-colorſ", "2-colorX", "2--color"]) {
      for (const text of [w, `${w} Digimon`, `a ${w}.`]) expect(scan(text), text).toEqual(referenceScan(text));
    }
    expect(scan("2-colored Digimon").tokens[0]).toEqual(["ColorCount", "2-colored", 0]);
    expect(scan("2-colorX")).toEqual({ tokens: [["Num", "2", 0], ["Word", "colorX", 2]], errors: [[1, 1]] });
  });

  it("on mutated card text", () => {
    fc.assert(
      fc.property(dcgMutatedText(), (text) => {
        expect(scan(text)).toEqual(referenceScan(text));
      }),
      { numRuns: 3_000, seed: 20261129 },
    );
  });

  it("on every seed text (the constructs' examples, the card pool's boxes when present)", () => {
    const seeds = dcgSeeds();
    expect(seeds.length).toBeGreaterThan(50);
    for (const text of seeds) expect(scan(text), text).toEqual(referenceScan(text));
  });

  it("splits a possessive off at the word's own length, whatever lower-casing does to it", () => {
    // "İ" lower-cases to two characters; the possessive still starts where the word's "'s" is.
    const toks = lexDcg("opponİent's Digimon").tokens.map((t) => [t.tokenType.name, t.image, t.startOffset]);
    expect(toks.slice(0, 2)).toEqual([
      ["Word", "opponİent", 0],
      ["Possessive", "'s", 9],
    ]);
  });

  it("reports an unexpected run of characters as one lexing error", () => {
    expect(lexDcg("Draw 1 #! card.").diagnostics.map((d) => d.span)).toEqual([{ start: 7, end: 9 }]);
  });
});
