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

const MULTIPLIER = /^x(\d+)$/i;

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
    const m = MULTIPLIER.exec(image);
    if (m) {
      out.push(piece("x", tok.startOffset, KW.Times!));
      out.push(piece(m[1]!, tok.startOffset + 1, Num));
      continue;
    }
    let possessive: IToken | null = null;
    const last2 = image.slice(-2).toLowerCase();
    if (image.length > 2 && (last2 === "'s" || last2 === "’s") && !KEYWORDS.has(image.toLowerCase())) {
      possessive = piece(image.slice(-2), tok.startOffset + image.length - 2, Possessive);
      image = image.slice(0, -2);
      tok.image = image;
      tok.endOffset = tok.startOffset + image.length - 1;
    }
    const k = KEYWORDS.get(image.toLowerCase());
    if (k) retype(tok, k);
    out.push(tok);
    if (possessive) out.push(possessive);
  }
  const diagnostics: Diagnostic[] = res.errors.map((e) => ({
    severity: "error",
    code: "lex",
    message: `Unexpected character ${JSON.stringify(text.substr(e.offset, e.length))}: card text uses words, numbers and . , ; : ( ) [ ] / + & " ∞ Ⓞ ○ △ ✕`,
    span: { start: e.offset, end: e.offset + e.length },
  }));
  return { tokens: out, diagnostics, elisions };
}
