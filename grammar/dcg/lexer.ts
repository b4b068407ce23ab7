/**
 * DCG card text → tokens.
 *
 * A chevrotain lexer splits the text into words, numbers, punctuation and three bracketed
 * forms; one pass then
 * - classifies words as keywords (case-insensitive, {@link DCG_KEYWORDS}) and splits the
 *   possessive "'s" off ("opponent's" → `Opponent` `'s`; "it's", "that's" are words);
 * - classifies `[…]`: a timing tag (`[On Play]`, 002 10-3), `[Once Per Turn]` (002 4-15),
 *   `[DigiXros -2]` (002 4-22), or a name/trait reference (`[Greymon]`);
 * - classifies `<…>`: one of the keyword effects of 002 chapter 12 (`<Blocker>`,
 *   `<Security Attack +1>` …), or an unknown keyword (a diagnostic);
 * - folds `(…)`: `(Once Per Turn)`, `(Twice Per Turn)`, `(Hand)` and `(Rule)` become the
 *   tokens `[…]` would; `(other than …)`, `(including …)` and `(except …)` stay tokens for the
 *   grammar; any other parenthesised text is one {@link Reminder} token (002 12-2: reminder
 *   text explains a keyword and never changes it).
 * Offsets are relative to the text given. Never throws.
 */
import { Lexer, type IToken, type TokenType } from "chevrotain";
import type { Diagnostic } from "../diagnostics.ts";
import {
  Angled,
  Apostrophe,
  Bracketed,
  DCG_KEYWORDS,
  DCG_LEXER_TOKENS,
  DigiXros,
  KEYWORD_NAMES,
  KEYWORD_TOKENS,
  LParen,
  NameRef,
  OncePerTurn,
  Possessive,
  Reminder,
  RParen,
  TIMINGS,
  TIMING_TOKENS,
  TwicePerTurn,
  UnknownKeyword,
  Word,
  type KeywordName,
} from "./tokens.ts";

const lexer = new Lexer(DCG_LEXER_TOKENS, { positionTracking: "onlyOffset", ensureOptimizations: true });

/** Result of {@link lexDcg}: tokens and lexing diagnostics (code `lex`). */
export interface DcgLexResult {
  tokens: IToken[];
  diagnostics: Diagnostic[];
}

/** A keyword-effect token's parts: which keyword, and the text after its name ("+1", "+1 (Deck)", "(Black)"). */
export interface KeywordParts {
  name: KeywordName;
  /** The parameter text after the name, trimmed ("" for none). */
  params: string;
  /** Offset of `params` in the card text. */
  paramsAt: number;
}

/** The keyword parts of each keyword token, by token (set by the lexer; read by the parser's actions). */
export const keywordParts = new WeakMap<IToken, KeywordParts>();

function retype(tok: IToken, type: TokenType): void {
  tok.tokenType = type;
  tok.tokenTypeIdx = type.tokenTypeIdx!;
}

function token(image: string, start: number, type: TokenType): IToken {
  return { image, startOffset: start, endOffset: start + image.length - 1, tokenType: type, tokenTypeIdx: type.tokenTypeIdx! } as IToken;
}

/** Keyword names, longest first, so "blast dna digivolve" is tried before "blast digivolve" … */
const KEYWORD_PREFIXES = Object.keys(KEYWORD_NAMES).sort((a, b) => b.length - a.length);

/** Which keyword an angle-bracket text names, and its parameters; null when none. */
export function keywordOf(inner: string): { name: KeywordName; paramsAt: number } | null {
  const lower = inner.toLowerCase();
  for (const p of KEYWORD_PREFIXES) {
    if (!lower.startsWith(p)) continue;
    const next = lower.charCodeAt(p.length);
    // The name ends at the end, a blank, a sign, a digit or "(".
    if (Number.isNaN(next) || next === 0x20 || next === 0x2b || next === 0x2d || next === 0x2212 || next === 0x28 || (next >= 0x30 && next <= 0x39))
      return { name: KEYWORD_NAMES[p as keyof typeof KEYWORD_NAMES], paramsAt: p.length };
  }
  return null;
}

/** Lower-case, curly apostrophe straightened, blanks collapsed: the key of a bracket's text. */
function bracketKey(inner: string): string {
  return inner.trim().toLowerCase().replace(/’/g, "'").replace(/\s+/g, " ");
}

const DIGIXROS = /^digixros\s*[-−]\s*\d+$/;

/** Classify a `[…]` token. */
function classifyBracket(tok: IToken, diagnostics: Diagnostic[]): void {
  const key = bracketKey(tok.image.slice(1, -1));
  const timing = (TIMINGS as Record<string, (typeof TIMINGS)[keyof typeof TIMINGS]>)[key];
  if (timing !== undefined) return retype(tok, TIMING_TOKENS[timing]);
  if (key === "once per turn") return retype(tok, OncePerTurn);
  if (key === "twice per turn") return retype(tok, TwicePerTurn);
  if (DIGIXROS.test(key)) return retype(tok, DigiXros);
  if (key === "") diagnostics.push({ severity: "error", code: "lex", message: "empty brackets: a name, a trait or a timing goes inside [ ]", span: { start: tok.startOffset, end: tok.startOffset + tok.image.length } });
  retype(tok, NameRef);
}

/** Classify a `<…>` token. */
function classifyAngle(tok: IToken): void {
  const inner = tok.image.slice(1, -1);
  const lead = inner.length - inner.trimStart().length;
  const k = keywordOf(inner.trimStart());
  if (!k) return retype(tok, UnknownKeyword);
  const rest = inner.slice(lead + k.paramsAt);
  const params = rest.trim();
  keywordParts.set(tok, { name: k.name, params, paramsAt: tok.startOffset + 1 + lead + k.paramsAt + (rest.length - rest.trimStart().length) });
  retype(tok, KEYWORD_TOKENS[k.name]);
}

/** Words that open a parenthesis the grammar reads ("(other than [X])"), not a reminder. */
const STRUCTURAL_PAREN = new Set(["other", "including", "except"]);

/**
 * The index of the ")" that closes each "(" of `toks` (-1 for a "(" never closed), found in
 * one pass with a stack of the open ones: linear in the number of tokens, however many are
 * left open. A ")" that closes nothing is skipped.
 */
function matchingParens(toks: readonly IToken[]): Int32Array {
  const close = new Int32Array(toks.length).fill(-1);
  const open: number[] = [];
  for (let j = 0; j < toks.length; j++) {
    const u = toks[j]!.tokenType;
    if (u === LParen) open.push(j);
    else if (u === RParen && open.length > 0) close[open.pop()!] = j;
  }
  return close;
}

/**
 * Fold parentheses (see the module comment). `toks` is the classified token list of `text`;
 * returns a new list. A "(" never closed stays an `LParen` token, and the first one is a
 * diagnostic (no reading of the grammar has a "(" without its ")").
 */
function foldParens(text: string, toks: IToken[], diagnostics: Diagnostic[]): IToken[] {
  const out: IToken[] = [];
  const matching = matchingParens(toks);
  const unclosed = toks.flatMap((t, i) => (t.tokenType === LParen && matching[i]! < 0 ? [t] : []));
  if (unclosed.length > 0) {
    const more = unclosed.length > 1 ? ` (and ${unclosed.length - 1} more "(" after it)` : "";
    diagnostics.push({ severity: "error", code: "lex", message: `"(" is never closed: a reminder or "(other than …)" ends with ")"${more}`, span: { start: unclosed[0]!.startOffset, end: unclosed[0]!.startOffset + 1 } });
  }
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (t.tokenType !== LParen) {
      out.push(t);
      continue;
    }
    const close = matching[i]!;
    if (close < 0) {
      out.push(t);
      continue;
    }
    const first = i + 1 < close ? toks[i + 1]!.image.toLowerCase() : "";
    if (STRUCTURAL_PAREN.has(first)) {
      out.push(t);
      continue;
    }
    const endAt = toks[close]!.startOffset + 1;
    const image = text.slice(t.startOffset, endAt);
    const key = bracketKey(image.slice(1, -1));
    const type = key === "once per turn" ? OncePerTurn : key === "twice per turn" ? TwicePerTurn : key === "hand" ? TIMING_TOKENS.hand : key === "rule" ? TIMING_TOKENS.rule : Reminder;
    out.push(token(image, t.startOffset, type));
    i = close;
  }
  return out;
}

/**
 * Lex DCG card text. Never throws: an unknown character becomes a diagnostic with its range.
 * @param text one text box of a card (or one effect unit)
 * @returns tokens with offsets into `text`, and diagnostics (code `lex`)
 */
export function lexDcg(text: string): DcgLexResult {
  const res = lexer.tokenize(text);
  const diagnostics: Diagnostic[] = res.errors.map((e) => ({
    severity: "error",
    code: "lex",
    message: `unexpected character ${JSON.stringify(text.slice(e.offset, e.offset + e.length))}`,
    span: { start: e.offset, end: e.offset + e.length },
  }));
  const toks: IToken[] = [];
  for (const tok of res.tokens) {
    const type = tok.tokenType;
    if (type === Word) {
      const lower = tok.image.toLowerCase();
      // "[Mother D-Reaper]'s": the apostrophe and the "s" are one possessive.
      const prev = toks[toks.length - 1];
      if (lower === "s" && prev !== undefined && prev.tokenType === Apostrophe && prev.startOffset + 1 === tok.startOffset) {
        toks[toks.length - 1] = token(prev.image + tok.image, prev.startOffset, Possessive);
        continue;
      }
      // "[ADR-02 Searcher]s": the plural of a name; the name stays what is inside the brackets.
      if (lower === "s" && prev !== undefined && prev.tokenType === NameRef && prev.startOffset + prev.image.length === tok.startOffset) {
        toks[toks.length - 1] = token(prev.image + tok.image, prev.startOffset, NameRef);
        continue;
      }
      const k = DCG_KEYWORDS.get(lower);
      if (k) {
        retype(tok, k);
        toks.push(tok);
        continue;
      }
      const n = lower.length;
      if (n > 2 && lower.charCodeAt(n - 1) === 0x73 && (lower.charCodeAt(n - 2) === 0x27 || lower.charCodeAt(n - 2) === 0x2019)) {
        const base = tok.image.slice(0, -2);
        const bt = DCG_KEYWORDS.get(base.toLowerCase()) ?? Word;
        toks.push(token(base, tok.startOffset, bt), token(tok.image.slice(-2), tok.startOffset + n - 2, Possessive));
        continue;
      }
      toks.push(tok);
    } else if (type === Bracketed) {
      classifyBracket(tok, diagnostics);
      toks.push(tok);
    } else if (type === Angled) {
      classifyAngle(tok);
      toks.push(tok);
    } else toks.push(tok);
  }
  const tokens = foldParens(text, toks, diagnostics);
  return { tokens, diagnostics };
}
