/**
 * DCG card text → tokens.
 *
 * A scanner over the character codes (docs/grammar-style.md, rule 8; {@link scanDcg}) splits
 * the text into words, numbers, punctuation and three bracketed forms, exactly as a chevrotain
 * `Lexer` over the patterns of `tokens.ts` would (`tests/dcg/lexer-reference.test.ts`); one
 * pass then
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
import type { IToken, TokenType } from "chevrotain";
import type { Diagnostic } from "../diagnostics.ts";
import { isAsciiLetter, isDigit, isLetter, isSpace, numberEnd, spaceEnd, token, WordTable, wordTailEnd, type Spelling } from "../scan.ts";
import { slipOf } from "../suggest.ts";
import {
  Amp,
  Angled,
  Apostrophe,
  Bracketed,
  Bullet,
  Colon,
  ColorCount,
  Comma,
  DCG_KEYWORDS,
  DigiXros,
  KEYWORD_NAMES,
  KEYWORD_TOKENS,
  LParen,
  NameRef,
  Num,
  OncePerTurn,
  Period,
  Plus,
  Possessive,
  Quote,
  Reminder,
  RParen,
  Semicolon,
  Slash,
  TIMINGS,
  TIMING_TOKENS,
  TIMING_WORDS,
  TwicePerTurn,
  UnknownKeyword,
  Word,
  type KeywordName,
} from "./tokens.ts";

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


function retype(tok: IToken, type: TokenType): void {
  tok.tokenType = type;
  tok.tokenTypeIdx = type.tokenTypeIdx!;
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

/** What a `[…]` text is: its token type, and whether it is empty (a diagnostic). */
interface BracketClass {
  type: TokenType;
  empty: boolean;
}

/** Classify a `[…]` text (the token's image). */
function bracketClass(image: string): BracketClass {
  const key = bracketKey(image.slice(1, -1));
  const timing = (TIMINGS as Record<string, (typeof TIMINGS)[keyof typeof TIMINGS]>)[key];
  if (timing !== undefined) return { type: TIMING_TOKENS[timing], empty: false };
  if (key === "once per turn") return { type: OncePerTurn, empty: false };
  if (key === "twice per turn") return { type: TwicePerTurn, empty: false };
  if (DIGIXROS.test(key)) return { type: DigiXros, empty: false };
  return { type: NameRef, empty: key === "" };
}

/** What a `<…>` text is: its token type, and for a keyword its name, parameters and where they start in the image. */
interface AngleClass {
  type: TokenType;
  name: KeywordName | null;
  params: string;
  /** Offset of `params` from the image's start. */
  paramsAt: number;
}

/** Classify a `<…>` text (the token's image). */
function angleClass(image: string): AngleClass {
  const inner = image.slice(1, -1);
  const lead = inner.length - inner.trimStart().length;
  const k = keywordOf(inner.trimStart());
  if (!k) return { type: UnknownKeyword, name: null, params: "", paramsAt: 0 };
  const rest = inner.slice(lead + k.paramsAt);
  return { type: KEYWORD_TOKENS[k.name], name: k.name, params: rest.trim(), paramsAt: 1 + lead + k.paramsAt + (rest.length - rest.trimStart().length) };
}

/**
 * The classes of the bracket and angle texts seen (caches of the pure functions above: a
 * card pool repeats "[On Play]" and "<Blocker>" thousands of times). Bounded: cleared when
 * they hold {@link CLASSES_MAX} (a pool names thousands of cards in brackets).
 */
const bracketClasses = new Map<string, BracketClass>();
const angleClasses = new Map<string, AngleClass>();
const CLASSES_MAX = 16384;

/** `f(key)`, through the bounded cache `m`. */
function cached<T>(m: Map<string, T>, key: string, f: (key: string) => T): T {
  let v = m.get(key);
  if (v === undefined) {
    v = f(key);
    if (m.size >= CLASSES_MAX) m.clear();
    m.set(key, v);
  }
  return v;
}

/** Classify a `[…]` token. */
function classifyBracket(tok: IToken, diagnostics: Diagnostic[]): void {
  const c = cached(bracketClasses, tok.image, bracketClass);
  if (c.empty) diagnostics.push({ severity: "error", code: "lex", message: "empty brackets: a name, a trait or a timing goes inside [ ]", span: { start: tok.startOffset, end: tok.startOffset + tok.image.length } });
  retype(tok, c.type);
}

/** Classify a `<…>` token. */
function classifyAngle(tok: IToken): void {
  retype(tok, cached(angleClasses, tok.image, angleClass).type);
}

/**
 * A keyword-effect token's parts (read by the parser's actions), from its text: the same
 * classification the lexer typed it by.
 * @param tok a token of {@link lexDcg}
 * @returns its keyword, parameters and where they start; undefined for a token that is no keyword effect
 */
export function keywordPartsOf(tok: IToken): KeywordParts | undefined {
  if (tok.image.charCodeAt(0) !== 0x3c) return undefined;
  const c = cached(angleClasses, tok.image, angleClass);
  return c.name === null ? undefined : { name: c.name, params: c.params, paramsAt: tok.startOffset + c.paramsAt };
}

/** Words that open a parenthesis the grammar reads ("(other than [X])"), not a reminder. */
const STRUCTURAL_PAREN = new Set(["other", "including", "except"]);

/** The parentheses that are a token of their own, by their text's key ({@link bracketKey}); any other folds into a reminder. */
const PAREN_KEYS: ReadonlyMap<string, TokenType> = new Map([
  ["once per turn", OncePerTurn],
  ["twice per turn", TwicePerTurn],
  ["hand", TIMING_TOKENS.hand],
  ["rule", TIMING_TOKENS.rule],
]);

/**
 * How many words each of {@link PAREN_KEYS} is: a parenthesis holding another number of tokens
 * cannot spell one (a key's words lex to that many tokens, whatever the blanks and case), so its
 * text — a reminder's, most often a whole sentence — is not made into a key.
 */
const PAREN_KEY_TOKENS = new Set([...PAREN_KEYS.keys()].map((k) => k.split(" ").length));

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
    const type = (PAREN_KEY_TOKENS.has(close - i - 1) && PAREN_KEYS.get(bracketKey(image.slice(1, -1)))) || Reminder;
    out.push(token(image, t.startOffset, type));
    i = close;
  }
  return out;
}

/** The spellings of words seen, classified by the DCG keyword table. */
const words = new WordTable(DCG_KEYWORDS, Word);

/** The token types of the single characters that are a token by themselves (after the patterns above them failed). */
const SINGLE = new Map<number, TokenType>([
  [0x22, Quote],
  [0x201c, Quote],
  [0x201d, Quote],
  [0x2e, Period],
  [0x2c, Comma],
  [0x3a, Colon],
  [0x3b, Semicolon],
  [0x28, LParen],
  [0x29, RParen],
  [0x2f, Slash],
  [0x2b, Plus],
  [0x26, Amp],
  [0x30fb, Bullet],
  [0x27, Apostrophe],
  [0x2019, Apostrophe],
]);

/** The end of `open [^open close \n]* close` at `i` (`[…]`, `<…>`), or −1. */
function enclosedEnd(text: string, i: number, open: number, close: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === close) return j + 1;
    if (c === open || c === 0x0a) return -1;
  }
  return -1;
}

/** Is `text[j]` the ASCII letter `lower` in either case? */
function letterIs(text: string, j: number, lower: number): boolean {
  return (text.charCodeAt(j) | 0x20) === lower && isAsciiLetter(text.charCodeAt(j));
}

/** The end of `ColorCount` at `i` — `/\d+-colou?r(?:ed)?(?![A-Za-z])/i` ("2-color", "3-Colored") — or −1. */
function colorCountEnd(text: string, i: number): number {
  let j = i;
  while (isDigit(text.charCodeAt(j))) j++;
  if (j === i || text.charCodeAt(j) !== 0x2d) return -1;
  j++;
  if (!(letterIs(text, j, 0x63) && letterIs(text, j + 1, 0x6f) && letterIs(text, j + 2, 0x6c) && letterIs(text, j + 3, 0x6f))) return -1;
  j += 4;
  if (letterIs(text, j, 0x75)) j++;
  if (!letterIs(text, j, 0x72)) return -1;
  j++;
  if (letterIs(text, j, 0x65) && letterIs(text, j + 1, 0x64) && !isAsciiLetter(text.charCodeAt(j + 2))) return j + 2;
  return isAsciiLetter(text.charCodeAt(j)) ? -1 : j;
}

/**
 * The token at offset `i`: the first pattern of `DCG_LEXER_TOKENS` (tokens.ts), in its order,
 * that matches there — WhiteSpace (type null), Bracketed, Angled, ColorCount, Num, Word, then
 * the single characters. Returns where it ends and its type, or end −1 when none matches.
 */
function matchAt(text: string, i: number, m: { end: number; type: TokenType | null }): void {
  const c = text.charCodeAt(i);
  m.type = null;
  if (isSpace(c)) {
    m.end = spaceEnd(text, i + 1);
    return;
  }
  if (c === 0x5b || c === 0x3c) {
    const e = c === 0x5b ? enclosedEnd(text, i, 0x5b, 0x5d) : enclosedEnd(text, i, 0x3c, 0x3e);
    if (e >= 0) {
      m.end = e;
      m.type = c === 0x5b ? Bracketed : Angled;
      return;
    }
  }
  if (isDigit(c)) {
    const e = colorCountEnd(text, i);
    if (e >= 0) {
      m.end = e;
      m.type = ColorCount;
      return;
    }
  }
  const num = numberEnd(text, i);
  if (num >= 0) {
    m.end = num;
    m.type = Num;
    return;
  }
  if (isLetter(c)) {
    m.end = wordTailEnd(text, i + 1);
    m.type = Word;
    return;
  }
  const single = SINGLE.get(c);
  m.end = single === undefined ? -1 : i + 1;
  m.type = single ?? null;
}

/**
 * Scan DCG card text into its tokens as the patterns of `tokens.ts` match them (before any
 * classification), and the runs of characters at which no pattern matches (chevrotain's
 * recovery: an error covers every character up to the next at which some pattern matches).
 * @param text card text
 * @returns the tokens (blanks skipped) and the errors as offset and length
 */
export function scanDcg(text: string): { tokens: IToken[]; errors: { offset: number; length: number }[] } {
  return scan(text, null);
}

/**
 * {@link scanDcg}, and with `spellings` each word's {@link Spelling} at its token's index (null
 * for other tokens), so that {@link lexDcg} classifies a word without looking it up again.
 */
function scan(text: string, spellings: (Spelling | null)[] | null): { tokens: IToken[]; errors: { offset: number; length: number }[] } {
  const tokens: IToken[] = [];
  const errors: { offset: number; length: number }[] = [];
  const m: { end: number; type: TokenType | null } = { end: 0, type: null };
  const n = text.length;
  let i = 0;
  while (i < n) {
    // The commonest starts first, each matched as matchAt matches it, without its tests of the
    // patterns before Word: a space, a word that starts with an ASCII letter (no pattern before
    // Word matches a letter), a full stop or a comma (docs/grammar-style.md, rule 8).
    const c = text.charCodeAt(i);
    if (c === 0x20) {
      i++;
      continue;
    }
    if (isAsciiLetter(c)) {
      const end = words.scanWord(text, i, false);
      const w = words.scanned(text, i, end);
      tokens.push(token(w.image, i, Word));
      spellings?.push(w);
      i = end;
      continue;
    }
    if (c === 0x2c || c === 0x2e) {
      tokens.push(c === 0x2c ? token(",", i, Comma) : token(".", i, Period));
      spellings?.push(null);
      i++;
      continue;
    }
    matchAt(text, i, m);
    if (m.end < 0) {
      let j = i + 1;
      for (; j < n; j++) {
        matchAt(text, j, m);
        if (m.end >= 0) break;
      }
      errors.push({ offset: i, length: j - i });
      i = j;
      continue;
    }
    if (m.type === Word) {
      const w = words.at(text, i, m.end);
      tokens.push(token(w.image, i, Word));
      spellings?.push(w);
    } else if (m.type !== null) {
      tokens.push(token(text.slice(i, m.end), i, m.type));
      spellings?.push(null);
    }
    i = m.end;
  }
  return { tokens, errors };
}

/**
 * What the characters `text[offset, offset + length)`, at which no token starts, are: a bracket
 * or angle bracket opened and not closed on its line (or opened again before it closes), one
 * that closes nothing, or characters card text does not use.
 */
function unexpectedMessage(text: string, offset: number, length: number): string {
  const what = `unexpected character ${JSON.stringify(text.slice(offset, offset + length))}`;
  if (length !== 1) return what;
  switch (text.charCodeAt(offset)) {
    case 0x5b:
      return `"[" is never closed: a timing, a name or a trait goes inside [ ] on one line, e.g. [On Play] or [Greymon]`;
    case 0x3c:
      return `"<" is never closed: a keyword effect goes inside < > on one line, e.g. <Blocker> or <Security Attack +1>`;
    case 0x5d:
      return `"]" closes no "[": a timing, a name or a trait goes inside [ ], e.g. [On Play] or [Greymon]`;
    case 0x3e:
      return `">" closes no "<": a keyword effect goes inside < >, e.g. <Blocker>`;
    default:
      return what;
  }
}

/**
 * Lex DCG card text. Never throws: an unknown character becomes a diagnostic with its range.
 * @param text one text box of a card (or one effect unit)
 * @returns tokens with offsets into `text`, and diagnostics (code `lex`)
 */
export function lexDcg(text: string): DcgLexResult {
  const spellings: (Spelling | null)[] = [];
  const res = scan(text, spellings);
  const diagnostics: Diagnostic[] = res.errors.map((e) => ({
    severity: "error",
    code: "lex",
    message: unexpectedMessage(text, e.offset, e.length),
    span: { start: e.offset, end: e.offset + e.length },
  }));
  const toks: IToken[] = [];
  let parens = false;
  for (let k = 0; k < res.tokens.length; k++) {
    const tok = res.tokens[k]!;
    const type = tok.tokenType;
    if (type === Word) {
      const start = tok.startOffset;
      const end = start + tok.image.length;
      const prev = toks[toks.length - 1];
      const isS = end - start === 1 && (tok.image.charCodeAt(0) | 0x20) === 0x73;
      // "[Mother D-Reaper]'s": the apostrophe and the "s" are one possessive.
      if (isS && prev !== undefined && prev.tokenType === Apostrophe && prev.startOffset + 1 === start) {
        toks[toks.length - 1] = token(prev.image + tok.image, prev.startOffset, Possessive);
        continue;
      }
      // "[ADR-02 Searcher]s": the plural of a name; the name stays what is inside the brackets.
      if (isS && prev !== undefined && prev.tokenType === NameRef && prev.startOffset + prev.image.length === start) {
        toks[toks.length - 1] = token(prev.image + tok.image, prev.startOffset, NameRef);
        continue;
      }
      // A keyword (any case), a possessive split off a word that is no keyword, or a word.
      const w = spellings[k]!;
      if (w.stem !== null) toks.push(token(w.stem, start, w.stemType), token(w.possessive, end - 2, Possessive));
      else {
        if (w.type !== Word) retype(tok, w.type);
        toks.push(tok);
      }
    } else if (type === Bracketed) {
      classifyBracket(tok, diagnostics);
      toks.push(tok);
    } else if (type === Angled) {
      classifyAngle(tok);
      toks.push(tok);
    } else {
      if (type === LParen) parens = true;
      toks.push(tok);
    }
  }
  const tokens = parens ? foldParens(text, toks, diagnostics) : toks;
  namesOpeningEffects(tokens, diagnostics);
  numbersInRange(tokens, diagnostics);
  return { tokens, diagnostics };
}

/** The largest number card text may hold (the pool's largest is 16000 DP; the checker's bound on a card's DP is 999,000). */
export const MAX_DCG_TEXT_NUMBER = 999_999;

/** The token types whose text holds a parameter: a keyword effect (`<Draw 2>`, `<Recovery +1 (Deck)>`) and a DigiXros tag (`[DigiXros -2]`). */
const WITH_PARAMETERS: ReadonlySet<TokenType> = new Set([...Object.values(KEYWORD_TOKENS), DigiXros]);

/**
 * A number past {@link MAX_DCG_TEXT_NUMBER} is an error at its digits, wherever it is written: a
 * number of the text, or a parameter of a keyword effect or DigiXros tag. No count, cost, DP or
 * memory of the game comes near it, and one of 16 digits or more would not even be read as
 * written (a double holds 15 to 17 significant digits).
 */
function numbersInRange(tokens: readonly IToken[], diagnostics: Diagnostic[]): void {
  for (const tok of tokens) {
    const type = tok.tokenType;
    if (type !== Num && !WITH_PARAMETERS.has(type)) continue;
    const image = tok.image;
    for (let i = 0; i < image.length; ) {
      if (!isDigit(image.charCodeAt(i))) {
        i++;
        continue;
      }
      let j = i;
      while (j < image.length && isDigit(image.charCodeAt(j))) j++;
      // More than 6 digits after leading zeros is past the bound.
      let first = i;
      while (first < j - 1 && image.charCodeAt(first) === 0x30) first++;
      if (j - first > 6)
        diagnostics.push({
          severity: "error",
          code: "number-range",
          message: `${image.slice(i, j)} is out of range: numbers in card text run up to ${MAX_DCG_TEXT_NUMBER.toLocaleString("en-US")} (the pool's largest is 16000 DP)`,
          span: { start: tok.startOffset + i, end: tok.startOffset + j },
        });
      i = j;
    }
  }
}

/**
 * The tokens after which an effect, or a sentence of one, starts: a timing tag, `[Once Per Turn]`,
 * `[Twice Per Turn]`, a full stop or a semicolon, a bullet, a keyword effect (a keyword line:
 * `<Blocker>`) and a reminder (`<Blocker> (… instead.)` ends its line without a full stop).
 */
const OPENERS: ReadonlySet<TokenType> = new Set([...Object.values(TIMING_TOKENS), ...Object.values(KEYWORD_TOKENS), UnknownKeyword, OncePerTurn, TwicePerTurn, Period, Semicolon, Bullet, Reminder]);

/** The bracket texts that open an effect, as printed (tokens.ts `TIMING_WORDS`). */
const TIMING_TAGS: readonly string[] = [...Object.values(TIMING_WORDS), "Once Per Turn", "Twice Per Turn"];

/**
 * A name in brackets where an effect or a sentence starts ({@link OPENERS}, or the text's first
 * token): an error. The brackets that open an effect are timings (002 10-4-1) and a card name in
 * brackets is part of a sentence ("1 of your [Greymon]"); no card of the official pool starts a
 * sentence with one. Most often it is a misspelt timing ("[On Paly]"), which the reader would
 * otherwise take for the name of a card ("a card named On Paly deletes …"); the error says which
 * timing, and the token is typed as that timing (for the language service; a box with a lexing
 * error is not parsed, so the misspelling is its one error). A keyword effect written in square
 * brackets ("[Blocker]") is told to go in angle brackets, and a timing whose "]" comes only at the
 * end of the sentence ("[On Play Delete …]") where its "]" belongs.
 */
function namesOpeningEffects(tokens: IToken[], diagnostics: Diagnostic[]): void {
  for (let k = 0; k < tokens.length; k++) {
    const tok = tokens[k]!;
    if (tok.tokenType !== NameRef || (k > 0 && !OPENERS.has(tokens[k - 1]!.tokenType))) continue;
    const inner = tok.image.slice(1, tok.image.endsWith("]") ? -1 : tok.image.lastIndexOf("]"));
    const shown = inner.length > 40 ? `${inner.slice(0, 40)}…` : inner;
    const key = bracketKey(inner);
    const span = { start: tok.startOffset, end: tok.startOffset + tok.image.length };
    // "[Blocker]", "[Security Attack +1]": a keyword effect, in the wrong brackets.
    if (keywordOf(inner.trim()) !== null) {
      diagnostics.push({ severity: "error", code: "unknown-timing", message: `[${shown}] is a keyword effect: a keyword effect is written in angle brackets, e.g. <Blocker>`, span, hint: `did you mean "<${inner.trim()}>"?` });
      continue;
    }
    // "[On Play Delete … less.]": a timing's "]" left out (or an editor's closing "]" put at the end of the line).
    const lead = TIMING_TAGS.find((t) => key.startsWith(`${t.toLowerCase()} `));
    if (lead !== undefined) {
      const words = inner.trim().split(/\s+/);
      const n = lead.split(" ").length;
      diagnostics.push({
        severity: "error",
        code: "unknown-timing",
        message: `"[${lead}" is not closed after the timing: its "]" comes only after "${words.slice(-3).join(" ")}"; a timing's bracket closes after its name: [${lead}] ${words.slice(n, n + 3).join(" ")} …`,
        span,
      });
      continue;
    }
    const guess = slipOf(key, TIMING_TAGS);
    if (guess !== null) {
      retype(tok, bracketClass(`[${guess}]`).type);
      diagnostics.push({ severity: "error", code: "unknown-timing", message: `[${shown}] is not a timing: an effect opens with a timing such as [On Play], [When Digivolving] or [Your Turn]`, span, hint: `did you mean "[${guess}]"?` });
    } else
      diagnostics.push({
        severity: "error",
        code: "unknown-timing",
        message: `[${shown}] cannot open ${k === 0 || (tokens[k - 1]!.tokenType !== Period && tokens[k - 1]!.tokenType !== Semicolon) ? "an effect" : "a sentence"}: a timing opens an effect ([On Play], [When Digivolving], [Your Turn] …), and a card name in brackets is part of a sentence ("1 of your [Greymon]")`,
        span,
      });
  }
}
