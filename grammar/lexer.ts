/**
 * Card text → tokens.
 *
 * A hand-written scanner (docs/grammar-style.md, rule 8): one pass over the character codes
 * splits the text into words, numbers and punctuation, classifies each word as a keyword
 * (case-insensitive, {@link KEYWORDS}), splits the possessive "'s" off ("opponent's" →
 * `opponent` `'s`) and splits multipliers ("x100" → `x` `100`). Offsets are relative to the
 * text given.
 *
 * The token types and their patterns are defined in `tokens.ts` (`LEXER_TOKENS`, in priority
 * order); the scanner matches exactly what a chevrotain `Lexer` over those patterns matches —
 * the first pattern, in that order, that matches at an offset — and recovers from an
 * unexpected character the way chevrotain does: the error covers every character at which no
 * pattern matches. `tests/lexer-reference.test.ts` compares the two on random text.
 *
 * Source: `000_012504f4614e5b24.txt`, Anatomy of Cards item 14.
 */
import type { IToken, TokenType } from "chevrotain";
import {
  Amp,
  Apostrophe,
  CircleIcon,
  Colon,
  Comma,
  CrossIcon,
  Infinity_,
  KEYWORDS,
  KW,
  LBracket,
  LParen,
  matchQuoted,
  Num,
  OppSymbol,
  Partial,
  Period,
  Plus,
  PlusP,
  Possessive,
  Quoted,
  RBracket,
  resetQuotedCache,
  RParen,
  Semicolon,
  Slash,
  TriangleIcon,
  Word,
} from "./tokens.ts";
import type { Diagnostic } from "./diagnostics.ts";
import { isAsciiLetter, isDigit, isLetter, isSpace, isWordChar, numberEnd, spaceEnd, token, WordTable, wordTailEnd, type Spelling } from "./scan.ts";

/** Result of lexing: tokens (keywords classified) and lexing errors as diagnostics. */
export interface LexResult {
  tokens: IToken[];
  diagnostics: Diagnostic[];
  /** Ranges of "…" elisions, removed from `tokens`. */
  elisions: { start: number; end: number }[];
}

/** The spellings of words seen, classified by the DBE keyword table. */
const words = new WordTable(KEYWORDS, Word);

/** Is `text[start, end)` a multiplier, "x" then digits ("x100", "X3")? */
function isMultiplier(text: string, start: number, end: number): boolean {
  if (end - start < 2 || (text.charCodeAt(start) | 0x20) !== 0x78) return false;
  for (let i = start + 1; i < end; i++) if (!isDigit(text.charCodeAt(i))) return false;
  return true;
}

/** The token types of the single characters that are a token by themselves (after the patterns above them failed). */
const SINGLE = new Map<number, TokenType>([
  [0x2e, Period],
  [0x2c, Comma],
  [0x3b, Semicolon],
  [0x3a, Colon],
  [0x28, LParen],
  [0x29, RParen],
  [0x5b, LBracket],
  [0x5d, RBracket],
  [0x2f, Slash],
  [0x2b, Plus],
  [0x26, Amp],
  [0x27, Apostrophe],
  [0x2019, Apostrophe],
  [0x221e, Infinity_],
  [0x24c4, OppSymbol],
  [0x25cb, CircleIcon],
  [0x25ef, CircleIcon],
  [0x25b3, TriangleIcon],
  [0x2715, CrossIcon],
  [0xd7, CrossIcon],
]);

/** What the scanner matched at an offset: its kind and where it ends. */
const NONE = 0;
const SPACE = 1;
const ELLIPSIS = 2;
const TOKEN = 3;
type Match = typeof NONE | typeof SPACE | typeof ELLIPSIS | typeof TOKEN;

/** The scanner's state: the text, and the last match's end and token type. */
interface Scan {
  text: string;
  end: number;
  type: TokenType;
}

/** The end of a `Word` starting at `i`, or −1: `[0-9]*[A-Za-z\u00C0-\u024F]` then a word's tail (grammar/scan.ts), then `-?`. */
function wordEnd(text: string, i: number): number {
  let j = i;
  while (isDigit(text.charCodeAt(j))) j++;
  if (!isLetter(text.charCodeAt(j))) return -1;
  j = wordTailEnd(text, j + 1);
  return text.charCodeAt(j) === 0x2d ? j + 1 : j;
}

/**
 * Match at offset `i` the first pattern of `LEXER_TOKENS` (tokens.ts), in its order, that
 * matches there: WhiteSpace, Ellipsis, PlusP, Quoted, Word, Num, Partial, then the single
 * characters. Sets `s.end` (and `s.type` for a token).
 */
function matchAt(s: Scan, i: number): Match {
  const text = s.text;
  const c = text.charCodeAt(i);
  if (isSpace(c)) {
    s.end = spaceEnd(text, i + 1);
    return SPACE;
  }
  if (c === 0x2026) {
    s.end = i + 1;
    return ELLIPSIS;
  }
  if (c === 0x2e && text.charCodeAt(i + 1) === 0x2e && text.charCodeAt(i + 2) === 0x2e) {
    s.end = i + 3;
    return ELLIPSIS;
  }
  if (c === 0x2b && text.charCodeAt(i + 1) === 0x50) {
    const d = text.charCodeAt(i + 2);
    if (!(isAsciiLetter(d) || isDigit(d))) {
      s.end = i + 2;
      s.type = PlusP;
      return TOKEN;
    }
  }
  if (c === 0x22 || c === 0x201c) {
    const q = matchQuoted(text, i);
    if (q !== null) {
      s.end = i + q[0].length;
      s.type = Quoted;
      return TOKEN;
    }
  }
  if (isWordChar(c)) {
    const j = wordEnd(text, i);
    if (j >= 0) {
      s.end = j;
      s.type = Word;
      return TOKEN;
    }
  }
  const num = numberEnd(text, i);
  if (num >= 0) {
    s.end = num;
    s.type = Num;
    return TOKEN;
  }
  // Partial: -[A-Za-z][A-Za-z]*-?
  if (c === 0x2d && isAsciiLetter(text.charCodeAt(i + 1))) {
    let j = i + 2;
    while (isAsciiLetter(text.charCodeAt(j))) j++;
    if (text.charCodeAt(j) === 0x2d) j++;
    s.end = j;
    s.type = Partial;
    return TOKEN;
  }
  const single = SINGLE.get(c);
  if (single !== undefined) {
    s.end = i + 1;
    s.type = single;
    return TOKEN;
  }
  return NONE;
}

/** Push a `Word` token for `text[start, end)`: a multiplier is split, a keyword retyped, a possessive split off. */
function pushWord(out: IToken[], text: string, start: number, end: number): void {
  if (isMultiplier(text, start, end)) {
    out.push(token("x", start, KW.Times!), token(text.slice(start + 1, end), start + 1, Num));
    return;
  }
  pushSpelling(out, words.at(text, start, end), start, end);
}

/** Push the token of a word's spelling at `text[start, end)`: a keyword retyped, a possessive split off. */
function pushSpelling(out: IToken[], w: Spelling, start: number, end: number): void {
  if (w.stem === null) out.push(token(w.image, start, w.type));
  else out.push(token(w.stem, start, w.stemType), token(w.possessive, end - 2, Possessive));
}

/**
 * Lex card text. Never throws: an unknown character becomes a diagnostic with its range (a
 * run of characters at none of which a token can start is one diagnostic).
 * @param text card text (one card's, or one evo-box entry)
 * @returns tokens with offsets into `text`, and diagnostics (code `lex`)
 */
export function lex(text: string): LexResult {
  resetQuotedCache();
  const out: IToken[] = [];
  const elisions: { start: number; end: number }[] = [];
  let diagnostics: Diagnostic[] | null = null;
  const s: Scan = { text, end: 0, type: Word };
  const n = text.length;
  let i = 0;
  while (i < n) {
    // The commonest starts first, each matched as matchAt matches it, without its tests of
    // the patterns before: a space, a word that starts with an ASCII letter (no pattern before
    // Word matches a letter), a full stop or a comma, a number (docs/grammar-style.md, rule 8).
    const c = text.charCodeAt(i);
    if (c === 0x20) {
      i++;
      continue;
    }
    if (isAsciiLetter(c)) {
      const end = words.scanWord(text, i, true);
      if ((c | 0x20) === 0x78 && isMultiplier(text, i, end)) out.push(token("x", i, KW.Times!), token(text.slice(i + 1, end), i + 1, Num));
      else pushSpelling(out, words.scanned(text, i, end), i, end);
      i = end;
      continue;
    }
    if (c === 0x2c || (c === 0x2e && !(text.charCodeAt(i + 1) === 0x2e && text.charCodeAt(i + 2) === 0x2e))) {
      out.push(c === 0x2c ? token(",", i, Comma) : token(".", i, Period));
      i++;
      continue;
    }
    if (isDigit(c)) {
      // Digits not followed by a letter: a number (digits then a letter are a word, "1st").
      let j = i + 1;
      while (isDigit(text.charCodeAt(j))) j++;
      if (!isLetter(text.charCodeAt(j))) {
        out.push(token(text.slice(i, j), i, Num));
        i = j;
        continue;
      }
    }
    const m = matchAt(s, i);
    if (m === TOKEN) {
      if (s.type === Word) pushWord(out, text, i, s.end);
      else out.push(token(text.slice(i, s.end), i, s.type));
    } else if (m === ELLIPSIS) {
      elisions.push({ start: i, end: s.end });
    } else if (m === NONE) {
      // Chevrotain's recovery: drop characters until one where some pattern matches.
      let j = i + 1;
      while (j < n && matchAt(s, j) === NONE) j++;
      (diagnostics ??= []).push({
        severity: "error",
        code: "lex",
        message: `Unexpected character ${JSON.stringify(text.slice(i, j))}: card text uses words, numbers and . , ; : ( ) [ ] / + & " ∞ Ⓞ ○ △ ✕`,
        span: { start: i, end: j },
      });
      s.end = j;
    }
    i = s.end;
  }
  return { tokens: out, diagnostics: diagnostics ?? [], elisions };
}
