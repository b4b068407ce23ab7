/**
 * The grammar's entry points: card text, evo-box entries and attack abilities → syntax
 * trees, with diagnostics that carry ranges relative to the string given.
 *
 * A parse with any lexing or syntax error returns `value: null`; the parser never
 * recovers, so nothing half-read is ever compiled.
 */
import type { IToken, IRecognitionException } from "chevrotain";
import type { AbilitySyn, EvoSyn, TextSyn } from "./ast.ts";
import type { Diagnostic, Span } from "./diagnostics.ts";
import { lex } from "./lexer.ts";
import { LBracket, LParen, Period, RBracket, RParen } from "./tokens.ts";
import { CardTextParser } from "./parser.ts";
import { CONSTRUCTS, nearestConstruct } from "./constructs.ts";
import { closest, distance } from "./suggest.ts";
import { KEYWORDS } from "./tokens.ts";
import { DBE_TYPES } from "../runtime/vocabulary.ts";

export type { Diagnostic, Span } from "./diagnostics.ts";
export * from "./ast.ts";
export { readSetFile, writeName, splitAttackLine, CARD_KEYS } from "./setfile.ts";
export type { SetFileSyntax, CardBlock, Field, FieldValue, AttackLine } from "./setfile.ts";
export { lex } from "./lexer.ts";
export { normalizeSource, normalizedOffset, originalOffset, badCharacters, hasBadCharacter } from "./source.ts";
export { setCodeProblem, setNumberProblem, MAX_IDENTITY_LENGTH } from "./identity.ts";
export { namePattern } from "./parser.ts";

let shared: CardTextParser | null = null;

/** The shared parser instance (built once; ~150 ms of chevrotain self-analysis). */
export function parser(): CardTextParser {
  shared ??= new CardTextParser();
  return shared;
}

/** A parse result: the tree, or null when there were errors. */
export interface ParseResult<T> {
  value: T | null;
  diagnostics: Diagnostic[];
  tokens: IToken[];
}

/** A token type as a designer would name it in "expected …". */
function describe(name: string): string {
  const words: Record<string, string> = {
    Num: "a number",
    Word: "a name",
    AnyWord: "a word",
    Quoted: 'a "quoted name"',
    Period: 'a full stop "."',
    Comma: 'a comma ","',
    Colon: 'a colon ":"',
    RParen: '")"',
    RBracket: '"]"',
    Possessive: `"'s"`,
  };
  return words[name] ?? `"${name}"`;
}

function syntaxDiagnostic(text: string, e: IRecognitionException, tokens: IToken[]): Diagnostic {
  const tok = e.token;
  const atEnd = tok.tokenType.name === "EOF" || Number.isNaN(tok.startOffset);
  // At the end of the text, point at the last token read (an empty range helps no one).
  const lastTok = tokens[tokens.length - 1];
  const start = atEnd ? (lastTok ? lastTok.startOffset : 0) : tok.startOffset;
  // The span it could not read: from the offending token to the end of its sentence.
  let end = atEnd ? Math.max(text.trimEnd().length, start + 1) : tok.startOffset + tok.image.length;
  end = Math.min(end, Math.max(text.length, start));
  if (!atEnd) {
    const idx = tokenIndex(tokens, tok);
    for (let i = idx; i >= 0 && i < tokens.length; i++) {
      const t = tokens[i]!;
      end = t.startOffset + t.image.length;
      if (t.tokenType.name === "Period") break;
    }
  }
  const sentenceStart = sentenceStartBefore(text, start);
  // The hint compares words: the first few hundred characters of a sentence say enough.
  const sentence = text.slice(sentenceStart, Math.min(Math.max(end, start), sentenceStart + 400)).trim();
  const near = nearestConstruct(sentence);
  const what = atEnd ? "the text ended too early" : `could not read "${excerpt(text.slice(start, end).trim())}"`;
  const hints: string[] = [];
  // A plain word where a keyword was expected is often a misspelt keyword ("Powr").
  if (!atEnd && tok.tokenType.name === "Word" && tok.image.length <= 40) {
    const word = tok.image.toLowerCase();
    const guess = closest(word, KEYWORDS.keys());
    // Only close, real-word guesses: one edit for short words, two for longer ones.
    if (guess && guess.length >= 3 && distance(word, guess) <= (word.length <= 4 ? 1 : 2)) hints.push(`did you mean "${KEYWORDS.get(guess)!.name}"?`);
  }
  if (near) hints.push(`nearest known construct: ${near.example} (${near.source})`);
  return {
    severity: "error",
    code: "parse",
    message: `${what}${expectedList(e)}`,
    span: { start, end: Math.max(end, start) },
    hint: hints.length > 0 ? hints.join("; ") : undefined,
  };
}

/** Longest piece of card text quoted in a message. */
const EXCERPT = 80;

/** A piece of text for a message: at most {@link EXCERPT} characters, "…" marking a cut. */
function excerpt(s: string): string {
  return s.length <= EXCERPT ? s : `${s.slice(0, EXCERPT - 1)}…`;
}

/** Index of a token of `tokens` (sorted by offset): a binary search, not a scan. −1 when absent. */
function tokenIndex(tokens: readonly IToken[], tok: IToken): number {
  let lo = 0;
  let hi = tokens.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const o = tokens[mid]!.startOffset;
    if (o === tok.startOffset) return tokens[mid] === tok ? mid : tokens.indexOf(tok);
    if (o < tok.startOffset) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** "; expected a number" when chevrotain knows the one token it expected (a mismatched CONSUME). */
function expectedList(e: IRecognitionException): string {
  const m = /Expecting token of type --> (\w+) <--/.exec(e.message);
  return m ? `; expected ${describe(m[1]!)}` : "";
}

function sentenceStartBefore(text: string, at: number): number {
  const i = Math.max(text.lastIndexOf(".", at - 1), text.lastIndexOf(":", at - 1));
  return i < 0 ? 0 : i + 1;
}

function run<T>(text: string, rule: (p: CardTextParser) => T, requireAll = true): ParseResult<T> {
  return withoutStacks(() => runNow(text, rule, requireAll));
}

function runNow<T>(text: string, rule: (p: CardTextParser) => T, requireAll: boolean): ParseResult<T> {
  const l = lexForParse(text);
  if (l.diagnostics.length > 0) return { value: null, diagnostics: l.diagnostics, tokens: l.tokens };
  const p = parser();
  p.input = l.tokens;
  const value = rule(p);
  const diagnostics: Diagnostic[] = p.errors.map((e) => syntaxDiagnostic(text, e, l.tokens));
  if (diagnostics.length === 0 && requireAll) {
    // The start rule stopped before the end: the rest could not be read.
    const rest = (p as unknown as { currIdx: number }).currIdx + 1;
    if (rest < l.tokens.length) {
      const tok = l.tokens[rest]!;
      diagnostics.push(syntaxDiagnostic(text, notAllInput(tok), l.tokens));
    }
  }
  return { value: diagnostics.length ? null : value, diagnostics, tokens: l.tokens };
}

/**
 * Parse a card's text, one sentence at a time (a sentence ends at a full stop outside
 * parentheses: Anatomy of Cards item 14), so an error in one sentence does not hide the
 * others. `value` is null when any sentence failed; `partial` holds the sentences that
 * parsed, for the checker's further diagnostics and the language service.
 */
export function parseText(text: string, types: Iterable<string> = DBE_TYPES): ParseResult<TextSyn> & { partial: TextSyn } {
  useTypes(types);
  // withoutStacks, without a closure per call (the set checker parses every card's text here).
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return parseTextNow(text);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * Run `f` with V8's stack-trace capture off: chevrotain signals failed alternatives and
 * backtracking with exceptions, and their stack traces are never read (diagnostics carry
 * ranges instead), but capturing them dominates the cost of a failed parse.
 */
function withoutStacks<T>(f: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return f();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** Deepest nesting of parentheses and brackets card text may have (printed cards use 2). */
export const MAX_NESTING = 8;

/** Most syntax errors reported for one text; the last one counts the rest. */
export const MAX_PARSE_ERRORS = 20;

/**
 * Lex for a parse, and refuse what no parse should see: more lexing errors than
 * {@link MAX_PARSE_ERRORS} are summed up in the last one, and parentheses or brackets nested
 * deeper than {@link MAX_NESTING} are an error found by one loop over the tokens, before
 * the recursive rules of the grammar could overflow the stack on them.
 */
function lexForParse(text: string): ReturnType<typeof lex> {
  const l = lex(text);
  if (l.diagnostics.length > MAX_PARSE_ERRORS) {
    const more = l.diagnostics.length - MAX_PARSE_ERRORS;
    l.diagnostics.length = MAX_PARSE_ERRORS;
    const last = l.diagnostics[MAX_PARSE_ERRORS - 1]!;
    l.diagnostics[MAX_PARSE_ERRORS - 1] = { ...last, message: `${last.message} (and ${more} more unexpected characters)` };
  }
  if (l.diagnostics.length > 0) return l;
  let depth = 0;
  for (const t of l.tokens) {
    const n = t.tokenType;
    if (n === LParen || n === LBracket) {
      if (++depth > MAX_NESTING) {
        l.diagnostics.push({
          severity: "error",
          code: "nesting",
          message: `parentheses and brackets are nested more than ${MAX_NESTING} deep here`,
          span: { start: t.startOffset, end: t.startOffset + t.image.length },
          hint: "printed card text nests a parenthesis at most twice; close the ones before it",
        });
        break;
      }
    } else if (n === RParen || n === RBracket) depth = Math.max(0, depth - 1);
  }
  return l;
}

function parseTextNow(text: string): ParseResult<TextSyn> & { partial: TextSyn } {
  const l = lexForParse(text);
  if (l.diagnostics.length > 0) return { value: null, diagnostics: l.diagnostics, tokens: l.tokens, partial: { items: [] } };
  const p = parser();
  // Fast path: the whole text at once; sentence by sentence only when something fails.
  p.input = l.tokens;
  const whole = p.text();
  if (p.errors.length === 0 && (p as unknown as { currIdx: number }).currIdx + 1 >= l.tokens.length) {
    const v = l.elisions.length === 0 ? whole : elided(whole, l.elisions);
    return { value: v, diagnostics: [], tokens: l.tokens, partial: v };
  }
  // A text of one sentence that failed: read alone, its one sentence fails the same way.
  if (l.tokens.length > 0 && isOneSentence(l.tokens)) {
    const e = p.errors.length > 0 ? p.errors[0]! : notAllInput(l.tokens[(p as unknown as { currIdx: number }).currIdx + 1]!);
    return { value: null, diagnostics: [syntaxDiagnostic(text, e, l.tokens)], tokens: l.tokens, partial: elided({ items: [] }, l.elisions) };
  }
  const items: TextSyn["items"] = [];
  const diagnostics: Diagnostic[] = [];
  let failed = 0;
  const fail = (e: IRecognitionException) => {
    if (++failed <= MAX_PARSE_ERRORS) diagnostics.push(syntaxDiagnostic(text, e, l.tokens));
  };
  let depth = 0;
  let from = 0;
  const flush = (to: number) => {
    if (to <= from) return;
    const chunk = l.tokens.slice(from, to);
    from = to;
    p.input = chunk;
    const v = p.text();
    if (p.errors.length > 0) return fail(p.errors[0]!);
    const rest = (p as unknown as { currIdx: number }).currIdx + 1;
    if (rest < chunk.length) return fail(notAllInput(chunk[rest]!));
    for (const it of v.items) items.push(it);
  };
  for (let i = 0; i < l.tokens.length; i++) {
    const n = l.tokens[i]!.tokenType;
    if (n === LParen) depth++;
    else if (n === RParen) depth = Math.max(0, depth - 1);
    else if (n === Period && depth === 0) {
      // A parenthetical right after this period belongs to the same sentence only if it is before it.
      flush(i + 1);
    }
  }
  flush(l.tokens.length);
  if (failed > MAX_PARSE_ERRORS) {
    const last = diagnostics[diagnostics.length - 1]!;
    diagnostics[diagnostics.length - 1] = { ...last, message: `${last.message} (and ${failed - MAX_PARSE_ERRORS} more sentences that could not be read)` };
  }
  const partial = elided({ items }, l.elisions);
  return { value: diagnostics.length ? null : partial, diagnostics, tokens: l.tokens, partial };
}

/**
 * Whether a text's tokens are one sentence as {@link parseText} splits them: no full stop
 * outside parentheses but, maybe, the last token.
 */
function isOneSentence(tokens: readonly IToken[]): boolean {
  let depth = 0;
  for (let i = 0; i < tokens.length - 1; i++) {
    const n = tokens[i]!.tokenType;
    if (n === LParen) depth++;
    else if (n === RParen) depth = Math.max(0, depth - 1);
    else if (n === Period && depth === 0) return false;
  }
  return true;
}

/** A text's tree with its elisions ("…") first, as refs of a timing item with no timings; the tree itself when there are none. */
function elided(t: TextSyn, elisions: readonly Span[]): TextSyn {
  if (elisions.length === 0) return t;
  const refs = elisions.map((span) => ({ kind: "elided" as const, span }));
  return { items: [{ kind: "timing", timings: [], span: elisions[0]!, refs }, ...t.items] };
}

function notAllInput(tok: IToken): IRecognitionException {
  return { token: tok, message: "", name: "NotAllInputParsedException", resyncedTokens: [], context: { ruleStack: [], ruleOccurrenceStack: [] } } as IRecognitionException;
}

/**
 * Parse one evo-box entry ("Draw 2: -dramon (C)", "DNA: Airdramon + Metal Level C", "DP -10").
 * @param types the set's type vocabulary (tells "Metal" in a DNA entry from a name); DBE's by default
 */
export function parseEvo(text: string, types: Iterable<string> = DBE_TYPES): ParseResult<EvoSyn> {
  useTypes(types);
  return run(text, (x) => x.evoEntry());
}

const abilityCache = new Map<string, ParseResult<AbilitySyn>>();

/**
 * Parse one attack ability ("Jamming", "Counter Circle", "Fire x3 VS", "Draw 2").
 * Attack abilities are a small closed vocabulary that every set repeats ("Circle to 0" is
 * on 40 of the 301 PlayStation cards), so results are interned by text. The result is
 * shared: callers must not mutate it.
 */
export function parseAbility(text: string): ParseResult<AbilitySyn> {
  let r = abilityCache.get(text);
  if (!r) {
    r = withAbilityHint(text, run(text, (p) => p.abilityEntry()));
    if (abilityCache.size > 10_000) abilityCache.clear();
    abilityCache.set(text, r);
  }
  return r;
}

/**
 * Give the shared parser the type vocabulary of the current call (a hint that tells type
 * words from card names in filters and DNA entries; the checker validates types). Every
 * entry point that reads types calls it, so no call depends on what an earlier one set.
 * The lower-cased set is built once per vocabulary object.
 */
function useTypes(types: Iterable<string>): void {
  let set = typeSets.get(types as object);
  if (!set) {
    set = new Set([...types].map((t) => t.toLowerCase()));
    typeSets.set(types as object, set);
  }
  parser().typeWords = set;
}
const typeSets = new WeakMap<object, Set<string>>();

/** The words attack abilities start with, from the construct catalogue ("Jamming", "Counter", "1st" …). */
let abilityWords: string[] | null = null;

/**
 * An attack ability that does not parse and starts with a word close to an ability's
 * ("Jammming", "Shatterr") gets a "did you mean" hint on its first diagnostic, as card
 * text does for misspelt keywords. Source: `000_012504f4614e5b24.txt`, Attack Abilities.
 */
function withAbilityHint(text: string, r: ParseResult<AbilitySyn>): ParseResult<AbilitySyn> {
  const first = r.diagnostics[0];
  const word = /^\s*([A-Za-z][A-Za-z'-]*)/.exec(text)?.[1];
  if (!first || !word || word.length > 40) return r;
  abilityWords ??= [...new Set(CONSTRUCTS.filter((c) => c.entry === "ability").map((c) => c.example.split(" ")[0]!))];
  if (abilityWords.some((w) => w.toLowerCase() === word.toLowerCase())) return r;
  const guess = closest(word, abilityWords);
  const close = guess !== null && distance(word.toLowerCase(), guess.toLowerCase()) <= (word.length <= 4 ? 1 : 2);
  // One unknown word: say so, rather than what the longest form ("<type> x3 VS") expected next.
  const alone = text.trim() === word && !KEYWORDS.has(word.toLowerCase());
  if (!close && !alone) return r;
  const examples = CONSTRUCTS.filter((c) => c.entry === "ability").map((c) => c.example);
  const hint = close ? `did you mean "${guess}"? (Attack Abilities)` : `attack abilities are written like: ${examples.join(", ")} (Attack Abilities)`;
  const message = alone ? `"${word}" is not an attack ability` : first.message;
  const d = { ...first, message, hint: close && first.hint && !alone ? `${hint}; ${first.hint}` : hint };
  return { ...r, diagnostics: [d, ...r.diagnostics.slice(1)] };
}
