/**
 * What the card-text scanners of both grammars share (docs/grammar-style.md, rule 8): the
 * character classes of their token patterns as char-code tests, and the one shape of every
 * token they make. The DBE scanner is `grammar/lexer.ts`, the DCG scanner
 * `grammar/dcg/lexer.ts`; each matches what a chevrotain `Lexer` over its `tokens.ts` patterns
 * matches (tested against one).
 *
 * Every test takes a UTF-16 code unit; NaN (`charCodeAt` past the end) is in no class.
 */
import type { IToken, TokenType } from "chevrotain";

/** `[0-9]` */
export function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** `[A-Za-z]` */
export function isAsciiLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

/** `[A-Za-z\u00C0-\u024F]`: a letter that may start a word (Latin-1 and Latin Extended-A/B letters, and × ÷ with them). */
export function isLetter(c: number): boolean {
  return isAsciiLetter(c) || (c >= 0xc0 && c <= 0x24f);
}

/** `[A-Za-z0-9\u00C0-\u024F]`: a character inside a word. */
export function isWordChar(c: number): boolean {
  return isLetter(c) || isDigit(c);
}

/** `[ \t\r\n\u00A0]`: a blank between tokens. */
export function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xa0;
}

/** The end of a run of blanks starting at `i` (`i` itself when there is none). */
export function spaceEnd(text: string, i: number): number {
  while (isSpace(text.charCodeAt(i))) i++;
  return i;
}

/**
 * The end of a word's tail from `j`: `[A-Za-z0-9\u00C0-\u024F]*(?:[-'’][A-Za-z0-9\u00C0-\u024F]+)*`
 * — word characters, then any number of hyphen/apostrophe joins each followed by word characters.
 */
export function wordTailEnd(text: string, j: number): number {
  while (isWordChar(text.charCodeAt(j))) j++;
  for (;;) {
    const c = text.charCodeAt(j);
    if ((c === 0x2d || c === 0x27 || c === 0x2019) && isWordChar(text.charCodeAt(j + 1))) {
      j += 2;
      while (isWordChar(text.charCodeAt(j))) j++;
    } else return j;
  }
}

/** The end of `[+\-−]?\d+` at `i`, or −1. */
export function numberEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  let j = c === 0x2b || c === 0x2d || c === 0x2212 ? i + 1 : i;
  if (!isDigit(text.charCodeAt(j))) return -1;
  while (isDigit(text.charCodeAt(++j)));
  return j;
}

/**
 * A token in the one shape every token of the scanners has (chevrotain's offset-only token:
 * image, start offset, type index, type), so the parser's reads of a token see one hidden class.
 */
export function token(image: string, startOffset: number, type: TokenType): IToken {
  return { image, startOffset, tokenTypeIdx: type.tokenTypeIdx!, tokenType: type } as IToken;
}

/** Does a word of more than two characters end in a possessive "'s" / "’s" (any case)? */
function endsInPossessive(image: string): boolean {
  const n = image.length;
  if (n <= 2 || (image.charCodeAt(n - 1) | 0x20) !== 0x73) return false;
  const q = image.charCodeAt(n - 2);
  return q === 0x27 || q === 0x2019;
}

/**
 * What a word is, classified once per spelling: its token type, and for a possessive
 * ("opponent's") the stem and the stem's type. A token's image is the spelling's own string,
 * so a word seen before allocates no string.
 */
export interface Spelling {
  /** The word as written. */
  image: string;
  /** Its type: a keyword (case-insensitive), or the grammar's plain word type. */
  type: TokenType;
  /** For a word that is no keyword and ends in "'s"/"’s": the word without it ("opponent"); else null. */
  stem: string | null;
  /** The stem's type (a keyword or the plain word type); the plain word type when there is no stem. */
  stemType: TokenType;
  /** The possessive split off ("'s"); "" when there is no stem. */
  possessive: string;
}

/**
 * The spellings of the words a grammar has seen: a cache of the classification of a word by
 * the grammar's keyword table (a pure function: lower-case lookup, then the possessive split
 * of a word that is no keyword — "opponent's" → "opponent" "'s"; a keyword ending in "'s",
 * like "it's", stays whole). An open-addressing table keyed by a hash of the characters, so a
 * word is looked up in the text without slicing it (`startsWith` at its offset confirms a
 * slot). Bounded: words of at most 24 characters, cleared when half full.
 */
export class WordTable {
  private static readonly SLOTS = 8192;
  private static readonly LONGEST = 24;
  private readonly slots: (Spelling | undefined)[] = new Array<Spelling | undefined>(WordTable.SLOTS).fill(undefined);
  private count = 0;
  private readonly keywords: ReadonlyMap<string, TokenType>;
  private readonly word: TokenType;

  /**
   * @param keywords the keyword token type of each lower-case spelling
   * @param word the plain word type (a word that is no keyword)
   */
  constructor(keywords: ReadonlyMap<string, TokenType>, word: TokenType) {
    this.keywords = keywords;
    this.word = word;
  }

  /** Classify a word as written. */
  private classify(image: string): Spelling {
    const k = this.keywords.get(image.toLowerCase());
    if (k === undefined && endsInPossessive(image)) {
      const stem = image.slice(0, -2);
      return { image, type: this.word, stem, stemType: this.keywords.get(stem.toLowerCase()) ?? this.word, possessive: image.slice(-2) };
    }
    return { image, type: k ?? this.word, stem: null, stemType: this.word, possessive: "" };
  }

  /** The spelling of the word `text[start, end)`. */
  at(text: string, start: number, end: number): Spelling {
    let h = 0;
    for (let i = start; i < end; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
    return this.hashed(text, start, end, h);
  }

  /** The hash of the word {@link scanWord} read last (see {@link hashed}). */
  private scannedHash = 0;

  /**
   * Read a word that starts at `start` with a letter: the letter, a word's tail
   * ({@link wordTailEnd}) and, with `hyphen`, one "-" after it (DBE's `Word` pattern ends in
   * `-?`, DCG's does not). Its hash is taken as it is read, for {@link scanned}: the scanners'
   * one pass over a word's characters (docs/grammar-style.md, rule 8).
   * @param start the offset of the word's first character, a letter (not checked)
   * @returns the offset where the word ends
   */
  scanWord(text: string, start: number, hyphen: boolean): number {
    let h = text.charCodeAt(start);
    let j = start + 1;
    for (;;) {
      const c = text.charCodeAt(j);
      if (isWordChar(c) || ((c === 0x2d || c === 0x27 || c === 0x2019) && isWordChar(text.charCodeAt(j + 1)))) {
        h = (Math.imul(h, 31) + c) | 0;
        j++;
      } else break;
    }
    if (hyphen && text.charCodeAt(j) === 0x2d) {
      h = (Math.imul(h, 31) + 0x2d) | 0;
      j++;
    }
    this.scannedHash = h;
    return j;
  }

  /** The spelling of the word {@link scanWord} read last, `text[start, end)` ({@link at} without hashing it again). */
  scanned(text: string, start: number, end: number): Spelling {
    return this.hashed(text, start, end, this.scannedHash);
  }

  /** {@link at} given the word's hash: `h = h * 31 + code`, 32-bit, over its code units from 0. */
  private hashed(text: string, start: number, end: number, h: number): Spelling {
    const length = end - start;
    if (length > WordTable.LONGEST) return this.classify(text.slice(start, end));
    const mask = WordTable.SLOTS - 1;
    let slot = h & mask;
    for (let e = this.slots[slot]; e !== undefined; e = this.slots[slot]) {
      if (e.image.length === length && text.startsWith(e.image, start)) return e;
      slot = (slot + 1) & mask;
    }
    const e = this.classify(text.slice(start, end));
    if (this.count >= WordTable.SLOTS / 2) {
      this.slots.fill(undefined);
      this.count = 0;
      slot = h & mask;
    }
    this.slots[slot] = e;
    this.count++;
    return e;
  }
}
