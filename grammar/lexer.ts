/**
 * Card text → tokens.
 *
 * A chevrotain lexer splits the text into words, numbers and punctuation; a single pass
 * then classifies words as keywords (case-insensitive, {@link KEYWORDS}), splits the
 * possessive "'s" off ("opponent's" → `opponent` `'s`) and splits multipliers
 * ("x100" → `x` `100`). Offsets are relative to the text given.
 *
 * Source: `000_012504f4614e5b24.txt`, Anatomy of Cards item 14.
 */
import { Lexer, type IToken, type TokenType } from "chevrotain";
import { Ellipsis, KEYWORDS, LEXER_TOKENS, Num, Possessive, Word, KW, resetQuotedCache } from "./tokens.ts";
import type { Diagnostic } from "./diagnostics.ts";

const lexer = new Lexer(LEXER_TOKENS, {
  positionTracking: "onlyOffset",
  ensureOptimizations: true,
});

/** Result of lexing: tokens (keywords classified) and lexing errors as diagnostics. */
export interface LexResult {
  tokens: IToken[];
  diagnostics: Diagnostic[];
  /** Ranges of "…" elisions, removed from `tokens`. */
  elisions: { start: number; end: number }[];
}

function retype(tok: IToken, type: TokenType): void {
  tok.tokenType = type;
  tok.tokenTypeIdx = type.tokenTypeIdx!;
}

function piece(image: string, start: number, type: TokenType): IToken {
  return {
    image,
    startOffset: start,
    endOffset: start + image.length - 1,
    tokenType: type,
    tokenTypeIdx: type.tokenTypeIdx!,
  } as IToken;
}

/**
 * The keyword type of short words as written ("Boost", "boost", "BOOST" …; null: not a
 * keyword), so a word seen before costs one lookup and no lower-casing. A cache of a pure
 * function (no parse state), bounded: words of at most {@link SPELLED_LENGTH} characters,
 * cleared when it holds {@link SPELLED_MAX}.
 */
const spelled = new Map<string, TokenType | null>();
const SPELLED_MAX = 4096;
const SPELLED_LENGTH = 24;

/** The keyword a word is (case-insensitive), or null. */
function keywordOf(image: string): TokenType | null {
  if (image.length > SPELLED_LENGTH) return KEYWORDS.get(image.toLowerCase()) ?? null;
  let k = spelled.get(image);
  if (k === undefined) {
    k = KEYWORDS.get(image.toLowerCase()) ?? null;
    if (spelled.size >= SPELLED_MAX) spelled.clear();
    spelled.set(image, k);
  }
  return k;
}

/** Is a word a multiplier, "x" then digits ("x100", "X3")? */
function isMultiplier(image: string): boolean {
  const n = image.length;
  if (n < 2 || (image.charCodeAt(0) | 0x20) !== 0x78) return false;
  for (let i = 1; i < n; i++) {
    const c = image.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/** Does a word of more than two characters end in a possessive "'s" / "’s" (any case)? */
function endsInPossessive(image: string): boolean {
  const n = image.length;
  if (n <= 2 || (image.charCodeAt(n - 1) | 0x20) !== 0x73) return false;
  const q = image.charCodeAt(n - 2);
  return q === 0x27 || q === 0x2019;
}

/**
 * Lex card text. Never throws: an unknown character becomes a diagnostic with its range.
 * @param text card text (one card's, or one evo-box entry)
 * @returns tokens with offsets into `text`, and diagnostics (code `lex`)
 */
export function lex(text: string): LexResult {
  resetQuotedCache();
  const res = lexer.tokenize(text);
  const out: IToken[] = [];
  const elisions: { start: number; end: number }[] = [];
  for (const tok of res.tokens) {
    if (tok.tokenType === Ellipsis) {
      elisions.push({ start: tok.startOffset, end: tok.startOffset + tok.image.length });
      continue;
    }
    if (tok.tokenType !== Word) {
      out.push(tok);
      continue;
    }
    let image = tok.image;
    if (isMultiplier(image)) {
      out.push(piece("x", tok.startOffset, KW.Times!));
      out.push(piece(image.slice(1), tok.startOffset + 1, Num));
      continue;
    }
    let k = keywordOf(image);
    if (k === null && endsInPossessive(image)) {
      // "opponent's" → "opponent" "'s" (a keyword that ends in "'s", like "it's", stays whole).
      const possessive = piece(image.slice(-2), tok.startOffset + image.length - 2, Possessive);
      image = image.slice(0, -2);
      tok.image = image;
      tok.endOffset = tok.startOffset + image.length - 1;
      k = keywordOf(image);
      if (k !== null) retype(tok, k);
      out.push(tok, possessive);
      continue;
    }
    if (k !== null) retype(tok, k);
    out.push(tok);
  }
  const diagnostics: Diagnostic[] = res.errors.map((e) => ({
    severity: "error",
    code: "lex",
    message: `Unexpected character ${JSON.stringify(text.substr(e.offset, e.length))}: card text uses words, numbers and . , ; : ( ) [ ] / + & " ∞ Ⓞ ○ △ ✕`,
    span: { start: e.offset, end: e.offset + e.length },
  }));
  return { tokens: out, diagnostics, elisions };
}
