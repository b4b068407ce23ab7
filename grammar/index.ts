/**
 * The grammar's entry points: card text, evo-box entries and attack abilities → syntax
 * trees, with diagnostics that carry ranges relative to the string given.
 *
 * A parse with any lexing or syntax error returns `value: null`; the parser never
 * recovers, so nothing half-read is ever compiled.
 */
import type { IToken, IRecognitionException } from "chevrotain";
import type { AbilitySyn, EvoSyn, TextSyn } from "./ast.ts";
import type { Diagnostic } from "./diagnostics.ts";
import { lex } from "./lexer.ts";
import { CardTextParser } from "./parser.ts";
import { nearestConstruct } from "./constructs.ts";
import { closest, distance } from "./suggest.ts";
import { KEYWORDS } from "./tokens.ts";

export type { Diagnostic, Span } from "./diagnostics.ts";
export * from "./ast.ts";
export { readSetFile, writeName, splitAttackLine, CARD_KEYS } from "./setfile.ts";
export type { SetFileSyntax, CardBlock, Field, FieldValue, AttackLine } from "./setfile.ts";
export { lex } from "./lexer.ts";
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
    const idx = tokens.indexOf(tok);
    for (let i = idx; i >= 0 && i < tokens.length; i++) {
      const t = tokens[i]!;
      end = t.startOffset + t.image.length;
      if (t.tokenType.name === "Period") break;
    }
  }
  const sentenceStart = sentenceStartBefore(text, start);
  const sentence = text.slice(sentenceStart, Math.max(end, start)).trim();
  const near = nearestConstruct(sentence);
  const what = atEnd ? "the text ended too early" : `could not read "${text.slice(start, end).trim()}"`;
  const hints: string[] = [];
  // A plain word where a keyword was expected is often a misspelt keyword ("Powr").
  if (!atEnd && tok.tokenType.name === "Word") {
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
  const l = lex(text);
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
export function parseText(text: string): ParseResult<TextSyn> & { partial: TextSyn } {
  return withoutStacks(() => parseTextNow(text));
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

function parseTextNow(text: string): ParseResult<TextSyn> & { partial: TextSyn } {
  const l = lex(text);
  if (l.diagnostics.length > 0) return { value: null, diagnostics: l.diagnostics, tokens: l.tokens, partial: { items: [] } };
  const p = parser();
  const elided = (t: TextSyn): TextSyn => {
    if (l.elisions.length === 0) return t;
    const refs = l.elisions.map((span) => ({ kind: "elided" as const, span }));
    return { items: [{ kind: "timing", timings: [], span: l.elisions[0]!, refs }, ...t.items] };
  };
  // Fast path: the whole text at once; sentence by sentence only when something fails.
  p.input = l.tokens;
  const whole = p.text();
  if (p.errors.length === 0 && (p as unknown as { currIdx: number }).currIdx + 1 >= l.tokens.length) {
    const v = elided(whole);
    return { value: v, diagnostics: [], tokens: l.tokens, partial: v };
  }
  const items: TextSyn["items"] = [];
  const diagnostics: Diagnostic[] = [];
  let depth = 0;
  let from = 0;
  const flush = (to: number) => {
    if (to <= from) return;
    const chunk = l.tokens.slice(from, to);
    from = to;
    p.input = chunk;
    const v = p.text();
    if (p.errors.length > 0) {
      diagnostics.push(syntaxDiagnostic(text, p.errors[0]!, l.tokens));
      return;
    }
    const rest = (p as unknown as { currIdx: number }).currIdx + 1;
    if (rest < chunk.length) {
      diagnostics.push(syntaxDiagnostic(text, notAllInput(chunk[rest]!), l.tokens));
      return;
    }
    items.push(...v.items);
  };
  for (let i = 0; i < l.tokens.length; i++) {
    const n = l.tokens[i]!.tokenType.name;
    if (n === "LParen") depth++;
    else if (n === "RParen") depth = Math.max(0, depth - 1);
    else if (n === "Period" && depth === 0) {
      // A parenthetical right after this period belongs to the same sentence only if it is before it.
      flush(i + 1);
    }
  }
  flush(l.tokens.length);
  const partial = elided({ items });
  return { value: diagnostics.length ? null : partial, diagnostics, tokens: l.tokens, partial };
}

function notAllInput(tok: IToken): IRecognitionException {
  return { token: tok, message: "", name: "NotAllInputParsedException", resyncedTokens: [], context: { ruleStack: [], ruleOccurrenceStack: [] } } as IRecognitionException;
}

/** Parse one evo-box entry ("Draw 2: -dramon (C)", "DNA: Airdramon + Metal Level C", "DP -10"). */
export function parseEvo(text: string, typeWords?: Iterable<string>): ParseResult<EvoSyn> {
  if (typeWords !== undefined) setTypeWords(typeWords);
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
    r = run(text, (p) => p.abilityEntry());
    if (abilityCache.size > 10_000) abilityCache.clear();
    abilityCache.set(text, r);
  }
  return r;
}

/** Set the type vocabulary the parser uses to tell types from names in filters. */
export function setTypeWords(types: Iterable<string>): void {
  if (types === lastTypes) return;
  lastTypes = types;
  parser().typeWords = new Set([...types].map((t) => t.toLowerCase()));
}
let lastTypes: Iterable<string> | null = null;
