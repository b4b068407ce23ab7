/**
 * The card-text scanner (grammar/lexer.ts) against its definition: a chevrotain `Lexer` over
 * the patterns of grammar/tokens.ts (`LEXER_TOKENS`, first match in order), followed by the
 * word classification the lexer documents (keywords case-insensitive, "x100" split into `x`
 * `100`, a possessive "'s" split off a non-keyword). Both must give the same tokens, the same
 * elisions and the same error ranges on any text.
 */
import fc from "fast-check";
import { Lexer, type IToken } from "chevrotain";
import { describe, expect, it } from "vitest";
import { lex } from "../grammar/lexer.ts";
import { Ellipsis, KEYWORDS, KW, LEXER_TOKENS, Num, Possessive, resetQuotedCache, Word } from "../grammar/tokens.ts";
import { loadSeeds, mutatedText } from "./fuzz/mutate.ts";
import { WordTable } from "../grammar/scan.ts";

const reference = new Lexer(LEXER_TOKENS, { positionTracking: "onlyOffset" });

interface Tok {
  type: string;
  image: string;
  start: number;
}

/** The definition: chevrotain's lexer, then the documented word classification. */
function referenceLex(text: string): { tokens: Tok[]; elisions: [number, number][]; errors: [number, number][] } {
  resetQuotedCache();
  const res = reference.tokenize(text);
  const tokens: Tok[] = [];
  const elisions: [number, number][] = [];
  for (const t of res.tokens) {
    if (t.tokenType === Ellipsis) {
      elisions.push([t.startOffset, t.startOffset + t.image.length]);
      continue;
    }
    if (t.tokenType !== Word) {
      tokens.push({ type: t.tokenType.name, image: t.image, start: t.startOffset });
      continue;
    }
    const image = t.image;
    if (/^[xX][0-9]+$/.test(image)) {
      tokens.push({ type: KW.Times!.name, image: "x", start: t.startOffset }, { type: Num.name, image: image.slice(1), start: t.startOffset + 1 });
      continue;
    }
    const k = KEYWORDS.get(image.toLowerCase());
    if (k === undefined && image.length > 2 && /['’][sS]$/.test(image)) {
      const stem = image.slice(0, -2);
      tokens.push({ type: (KEYWORDS.get(stem.toLowerCase()) ?? Word).name, image: stem, start: t.startOffset });
      tokens.push({ type: Possessive.name, image: image.slice(-2), start: t.startOffset + stem.length });
      continue;
    }
    tokens.push({ type: (k ?? Word).name, image, start: t.startOffset });
  }
  return { tokens, elisions, errors: res.errors.map((e) => [e.offset, e.offset + e.length]) };
}

function scannerLex(text: string): ReturnType<typeof referenceLex> {
  const r = lex(text);
  return {
    tokens: r.tokens.map((t: IToken) => ({ type: t.tokenType.name, image: t.image, start: t.startOffset })),
    elisions: r.elisions.map((e) => [e.start, e.end]),
    errors: r.diagnostics.map((d) => [d.span.start, d.span.end]),
  };
}

/** Characters at the edges of the patterns: word characters and their range ends, signs, quotes, icons. */
const EDGE = ["a", "Z", "x", "X", "P", "s", "S", "0", "9", "\u00C0", "\u00D7", "\u00F7", "\u024F", "\u0250", "-", "−", "+", "'", "’", ".", "…", '"', "“", "”", "\n", " ", "\t", "\u00A0", ",", ";", ":", "(", ")", "[", "]", "/", "&", "∞", "Ⓞ", "○", "◯", "△", "✕", "×", "#", "!", "?", "é", "😀", "\uD800"];

describe("the card-text scanner matches its chevrotain definition", () => {
  it("on text made of the patterns' edge characters", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...EDGE), { maxLength: 24 }), (chars) => {
        const text = chars.join("");
        expect(scannerLex(text)).toEqual(referenceLex(text));
      }),
      { numRuns: 20_000, seed: 20261129 },
    );
  });

  it("on mutated card text", () => {
    fc.assert(
      fc.property(mutatedText(), (text) => {
        expect(scannerLex(text)).toEqual(referenceLex(text));
      }),
      { numRuns: 3_000, seed: 20261129 },
    );
  });

  it("on every seed text (the constructs' examples, the bundled sets, the PlayStation cards when present)", () => {
    const seeds = loadSeeds().all;
    expect(seeds.length).toBeGreaterThan(100);
    for (const text of seeds) expect(scannerLex(text), text).toEqual(referenceLex(text));
  });

  it("reads the forms each pattern documents", () => {
    const types = (text: string) => scannerLex(text).tokens.map((t) => `${t.type}:${t.image}`);
    expect(types("+P +300 +P3 -10 −5 -dramon- 2nd Greymon- x100 opponent's players' ... …")).toEqual([
      "PlusP:+P",
      "Num:+300",
      "Plus:+",
      "Word:P3",
      "Num:-10",
      "Num:−5",
      "Partial:-dramon-",
      "Second:2nd",
      "Word:Greymon-",
      "Times:x",
      "Num:100",
      "Opponent:opponent",
      "Possessive:'s",
      "Players:players",
      "Apostrophe:'",
    ]);
    expect(scannerLex('"Vademon" "open\nline')).toEqual({ tokens: [{ type: "Quoted", image: '"Vademon"', start: 0 }, { type: "Word", image: "open", start: 11 }, { type: "Word", image: "line", start: 16 }], elisions: [], errors: [[10, 11]] });
    expect(scannerLex("a #! b").errors).toEqual([[2, 4]]);
  });
});

describe("the word table's one-pass read of a word (grammar/scan.ts)", () => {
  it("ends a word where the Word pattern does and finds the spelling `at` finds, by the same hash", () => {
    const table = new WordTable(KEYWORDS, Word);
    const pattern = /[A-Za-z][A-Za-z0-9\u00C0-\u024F]*(?:[-'’][A-Za-z0-9\u00C0-\u024F]+)*/y;
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "Z", "s", "0", "\u00C0", "-", "'", "’", " ", "."), { maxLength: 12 }), fc.boolean(), (chars, hyphen) => {
        const text = `D${chars.join("")}`;
        const end = table.scanWord(text, 0, hyphen);
        pattern.lastIndex = 0;
        let want = pattern.exec(text)![0].length;
        if (hyphen && text[want] === "-") want++;
        expect(end).toBe(want);
        // The same object: `scanned` hashed the word as `at` does (a different hash would classify it again).
        const viaScan = table.scanned(text, 0, end);
        expect(table.at(text, 0, end)).toBe(viaScan);
        expect(viaScan.image).toBe(text.slice(0, end));
      }),
      { numRuns: 5_000, seed: 20261130 },
    );
  });
});
