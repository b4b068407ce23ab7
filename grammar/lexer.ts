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

/** Result of lexing: tokens (keywords classified) and lexing errors as diagnostics. */
export interface LexResult {
  tokens: IToken[];
  diagnostics: Diagnostic[];
  /** Ranges of "…" elisions, removed from `tokens`. */
  elisions: { start: number; end: number }[];
}

/** A token, in the one shape every token of the card text has (chevrotain's offset-only token). */
function token(image: string, startOffset: number, type: TokenType): IToken {
  return { image, startOffset, tokenTypeIdx: type.tokenTypeIdx!, tokenType: type } as IToken;
}

/**
 * What a word is, classified once per spelling: its token type, and for a possessive
 * ("opponent's") the stem and the stem's type. The token's image is `image` itself, so a
 * word seen before allocates no string.
 */
interface Spelling {
  /** The word as written. */
  image: string;
  /** Its type: a keyword (case-insensitive), or `Word`. */
  type: TokenType;
  /** For a non-keyword ending in "'s"/"’s": the word without it ("opponent"); else null. */
  stem: string | null;
  /** The stem's type (a keyword or `Word`); `Word` when there is no stem. */
  stemType: TokenType;
  /** The possessive split off ("'s"); "" when there is no stem. */
  possessive: string;
}

/** Classify a word as written: keyword lookup (lower-cased), possessive split. */
function classify(image: string): Spelling {
  const k = KEYWORDS.get(image.toLowerCase());
  if (k === undefined && endsInPossessive(image)) {
    // "opponent's" → "opponent" "'s" (a keyword that ends in "'s", like "it's", stays whole).
    const stem = image.slice(0, -2);
    return { image, type: Word, stem, stemType: KEYWORDS.get(stem.toLowerCase()) ?? Word, possessive: image.slice(-2) };
  }
  return { image, type: k ?? Word, stem: null, stemType: Word, possessive: "" };
}

/**
 * The spellings seen (a cache of {@link classify}, a pure function): an open-addressing table
 * keyed by a hash of the characters, so a word is looked up in the text without slicing it.
 * Bounded: words of at most {@link SPELLED_LENGTH} characters, cleared when half full.
 */
const SPELLINGS_SLOTS = 8192;
const spellings: (Spelling | undefined)[] = new Array<Spelling | undefined>(SPELLINGS_SLOTS).fill(undefined);
let spellingCount = 0;
const SPELLED_LENGTH = 24;

/** The spelling of the word `text[start, end)`. */
function spellingAt(text: string, start: number, end: number): Spelling {
  const length = end - start;
  if (length > SPELLED_LENGTH) return classify(text.slice(start, end));
  let h = 0;
  for (let i = start; i < end; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  let slot = h & (SPELLINGS_SLOTS - 1);
  for (let e = spellings[slot]; e !== undefined; e = spellings[slot]) {
    if (e.image.length === length && text.startsWith(e.image, start)) return e;
    slot = (slot + 1) & (SPELLINGS_SLOTS - 1);
  }
  const e = classify(text.slice(start, end));
  if (spellingCount >= SPELLINGS_SLOTS / 2) {
    spellings.fill(undefined);
    spellingCount = 0;
    slot = h & (SPELLINGS_SLOTS - 1);
  }
  spellings[slot] = e;
  spellingCount++;
  return e;
}

/** Is `text[start, end)` a multiplier, "x" then digits ("x100", "X3")? */
function isMultiplier(text: string, start: number, end: number): boolean {
  if (end - start < 2 || (text.charCodeAt(start) | 0x20) !== 0x78) return false;
  for (let i = start + 1; i < end; i++) if (!isDigit(text.charCodeAt(i))) return false;
  return true;
}

/** Does a word of more than two characters end in a possessive "'s" / "’s" (any case)? */
function endsInPossessive(image: string): boolean {
  const n = image.length;
  if (n <= 2 || (image.charCodeAt(n - 1) | 0x20) !== 0x73) return false;
  const q = image.charCodeAt(n - 2);
  return q === 0x27 || q === 0x2019;
}

// Character classes of the patterns in tokens.ts (NaN, past the end, is in none).
/** `[0-9]` */
function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}
/** `[A-Za-z]` */
function isAsciiLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}
/** `[A-Za-z\u00C0-\u024F]`: a letter that may start a word. */
function isLetter(c: number): boolean {
  return isAsciiLetter(c) || (c >= 0xc0 && c <= 0x24f);
}
/** `[A-Za-z0-9\u00C0-\u024F]`: a character inside a word. */
function isWordChar(c: number): boolean {
  return isLetter(c) || isDigit(c);
}
/** `[ \t\r\n\u00A0]` */
function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xa0;
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

/** The end of a `Word` starting at `i`, or −1: `[0-9]*[A-Za-z\u00C0-\u024F][…]*(?:[-'’][…]+)*-?`. */
function wordEnd(text: string, i: number): number {
  let j = i;
  while (isDigit(text.charCodeAt(j))) j++;
  if (!isLetter(text.charCodeAt(j))) return -1;
  j++;
  while (isWordChar(text.charCodeAt(j))) j++;
  for (;;) {
    const c = text.charCodeAt(j);
    if ((c === 0x2d || c === 0x27 || c === 0x2019) && isWordChar(text.charCodeAt(j + 1))) {
      j += 2;
      while (isWordChar(text.charCodeAt(j))) j++;
    } else break;
  }
  if (text.charCodeAt(j) === 0x2d) j++;
  return j;
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
    let j = i + 1;
    while (isSpace(text.charCodeAt(j))) j++;
    s.end = j;
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
  // Num: [+\-−]?\d+
  if (isDigit(c) || ((c === 0x2b || c === 0x2d || c === 0x2212) && isDigit(text.charCodeAt(i + 1)))) {
    let j = i + 1;
    while (isDigit(text.charCodeAt(j))) j++;
    s.end = j;
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
  const w = spellingAt(text, start, end);
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
