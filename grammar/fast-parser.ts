/**
 * What every card-text grammar of the project shares to be fast (docs/grammar-style.md):
 * the OR dispatch by token type ({@link DispatchLookahead}), GATEs folded into the lookahead
 * of OPTION/MANY once ({@link FastParser.gated}), token-type tables ({@link tokenSet}), list
 * frames ({@link FastParser.beginList}), subrule calls in one frame (rule 9,
 * {@link FastParser.subruleInternal}) and a cheap "no viable alternative". The DBE grammar
 * (`grammar/parser.ts`) and the DCG grammar (`grammar/dcg/parser.ts`) extend {@link FastParser}.
 */
import {
  EmbeddedActionsParser,
  EOF,
  getLookaheadPaths,
  LLkLookaheadStrategy,
  NoViableAltException,
  type ILookaheadStrategy,
  type ILookaheadValidationError,
  type IOrAlt,
  type IToken,
  type OptionalProductionType,
  type ParserMethod,
  type Rule,
  type TokenType,
} from "chevrotain";
import type { Span } from "./diagnostics.ts";

/** A set of token types, as a table indexed by `tokenTypeIdx`: one array read per test. */
export function tokenSet(...types: TokenType[]): Uint8Array {
  const s = new Uint8Array(Math.max(...types.map((t) => t.tokenTypeIdx!)) + 1);
  for (const t of types) s[t.tokenTypeIdx!] = 1;
  return s;
}

/** The parts of chevrotain's parser state that a rule call updates (recognizer_engine.js; not in its types). */
interface EngineState {
  definedRulesNames: string[];
  fullRuleNameToShort: Record<string, number>;
  subruleIdx: number;
  RULE_STACK: number[];
  RULE_STACK_IDX: number;
  RULE_OCCURRENCE_STACK: number[];
  RULE_OCCURRENCE_STACK_IDX: number;
  currRuleShortName: number;
  currRuleLookaheadFuncs: unknown;
  lookAheadFuncsCache: unknown[];
}

/** A rule as chevrotain's RULE returns it, with its index on the rule stack ({@link FastParser.analyse}). */
interface RuleWithShortName {
  ruleName: string;
  originalGrammarAction: (this: unknown) => unknown;
  shortName: number;
}

/** Chevrotain's recorders of optional productions (mixed into its parser's prototype), which {@link FastParser} extends. */
const RECORDER = EmbeddedActionsParser.prototype as unknown as {
  optionInternalRecord(this: unknown, action: unknown, occurrence: number): unknown;
  manyInternalRecord(this: unknown, occurrence: number, action: unknown): void;
  atLeastOneInternalRecord(this: unknown, occurrence: number, action: unknown): void;
};

/** The DSL method of each kind of optional production. */
const DSL_NAMES: Record<OptionalProductionType, string> = {
  Option: "OPTION",
  Repetition: "MANY",
  RepetitionMandatory: "AT_LEAST_ONE",
  RepetitionMandatoryWithSeparator: "AT_LEAST_ONE_SEP",
  RepetitionWithSeparator: "MANY_SEP",
};

/**
 * Chevrotain's LL(k) lookahead, except for alternations decided by their first token (all of
 * a grammar's when maxLookahead is 1): those dispatch on the next token's type through a
 * table built once — token type → the alternatives that token can start, in order — and
 * only the GATEs of those alternatives run. Chevrotain's own function for an OR with GATEs
 * calls every GATE in order (and allocates an array of them per call), and one with an empty
 * alternative scans the alternatives one by one. The choice is the same: the first
 * alternative, in order, whose GATE holds and whose lookahead matches.
 */
export class DispatchLookahead implements ILookaheadStrategy {
  private readonly llk = new LLkLookaheadStrategy({ maxLookahead: 1 });
  private readonly orderedChoice: boolean;
  /** One more than the largest token type index of the vocabulary: the size of the tables. */
  private readonly size: number;

  /**
   * @param tokens the grammar's vocabulary
   * @param orderedChoice whether every alternation is an ordered choice (the first alternative
   *   whose first token and GATE match wins, as in a PEG): chevrotain's ambiguity errors are
   *   then not errors. A grammar without it marks each ordered OR with `IGNORE_AMBIGUITIES`.
   */
  constructor(tokens: readonly TokenType[], orderedChoice = false) {
    this.orderedChoice = orderedChoice;
    this.size = Math.max(EOF.tokenTypeIdx!, ...tokens.map((t) => t.tokenTypeIdx!)) + 1;
  }

  validate(options: { rules: Rule[]; tokenTypes: TokenType[]; grammarName: string }): ILookaheadValidationError[] {
    const errors = this.llk.validate(options);
    if (!this.orderedChoice) return errors;
    // Chevrotain's ambiguity errors (alternatives sharing a lookahead path or prefix) all open so.
    return errors.filter((e) => !/^Ambiguous alternatives/i.test(e.message));
  }

  /** The GATEs of optional productions, by "rule DSL-method" ("chain MANY", "segment OPTION5"); set before self-analysis. */
  gates: ReadonlyMap<string, () => boolean> = new Map();
  /** The gates a production was found for (a gate for none is a typo in its key). */
  readonly used = new Set<string>();

  /**
   * Chevrotain's lookahead for an OPTION/MANY/AT_LEAST_ONE, and its GATE (if {@link gates}
   * has one) folded in once. Chevrotain itself wraps a GATE passed to the DSL method in a
   * new closure on every call of the method; the test is the same (lookahead and GATE).
   */
  buildLookaheadForOptional(options: { prodOccurrence: number; prodType: OptionalProductionType; rule: Rule; maxLookahead: number; dynamicTokensEnabled: boolean }): () => boolean {
    const lookahead = this.llk.buildLookaheadForOptional(options);
    const key = `${options.rule.name} ${DSL_NAMES[options.prodType]}${options.prodOccurrence || ""}`;
    const gate = this.gates.get(key);
    if (!gate) return lookahead;
    this.used.add(key);
    return function (this: FastParser): boolean {
      return lookahead.call(this) && gate();
    };
  }

  buildLookaheadForAlternation(options: {
    prodOccurrence: number;
    rule: Rule;
    maxLookahead: number;
    hasPredicates: boolean;
    dynamicTokensEnabled: boolean;
  }): (orAlts?: IOrAlt<unknown>[]) => number | undefined {
    const paths = getLookaheadPaths({ occurrence: options.prodOccurrence, rule: options.rule, prodType: "Alternation", maxLookahead: options.maxLookahead });
    if (options.dynamicTokensEnabled || paths.some((alt) => alt.some((path) => path.length > 1))) return this.llk.buildLookaheadForAlternation(options);
    // Alternatives with an empty path (an empty alternative) match whatever comes next.
    const always: number[] = [];
    const byToken: number[][] = [];
    paths.forEach((alt, i) => {
      for (const path of alt) {
        if (path.length === 0) {
          if (!always.includes(i)) always.push(i);
          continue;
        }
        const t = path[0]!;
        for (const idx of [t.tokenTypeIdx!, ...(t.categoryMatches ?? [])]) {
          const c = (byToken[idx] ??= []);
          if (!c.includes(i)) c.push(i);
        }
      }
    });
    // Token type index → the alternatives it can start, in order (a dense table).
    const table: number[][] = [];
    for (let idx = 0; idx < this.size; idx++) table.push(byToken[idx] ? [...new Set([...byToken[idx]!, ...always])].sort((a, b) => a - b) : always);
    if (!options.hasPredicates) {
      const first = new Int16Array(this.size).map((_, idx) => table[idx]![0] ?? -1);
      const otherwise = always[0];
      return function (this: FastParser): number | undefined {
        const alt = first[this.LA_FAST(1).tokenTypeIdx];
        return alt === undefined ? otherwise : alt < 0 ? undefined : alt;
      };
    }
    return function (this: FastParser, orAlts?: IOrAlt<unknown>[]): number | undefined {
      const c = table[this.LA_FAST(1).tokenTypeIdx] ?? always;
      for (let i = 0; i < c.length; i++) {
        const a = c[i]!;
        const gate = orAlts![a]!.GATE;
        if (gate === undefined || gate.call(this)) return a;
      }
      return undefined;
    };
  }
}

/** Chevrotain's hooks around a start rule (in its parser, not in its type declarations). */
interface ParseHooks {
  onBeforeParse(this: unknown, ruleName: string): void;
  onAfterParse(this: unknown, ruleName: string): void;
}

/**
 * An embedded-actions parser in the fast style: OR dispatch by token type, GATEs of
 * OPTION/MANY folded into their lookahead ({@link gated}), list frames, and a cheap failure.
 * A subclass defines its rules as fields and calls {@link analyse} at the end of its
 * constructor.
 */
export abstract class FastParser extends EmbeddedActionsParser {
  /** The GATEs of the optional productions, registered by {@link gated} (see {@link DispatchLookahead.gates}). */
  private readonly gates = new Map<string, () => boolean>();
  private readonly lookahead: DispatchLookahead;
  /** The list the repetition being read collects (a rule's result), see {@link beginList}. */
  protected list: unknown[] = [];

  /**
   * @param tokens the grammar's vocabulary; maxLookahead is 1, recovery off (a recovered parse is never compiled)
   * @param orderedChoice every OR is an ordered choice (see {@link DispatchLookahead}); default: each OR says so itself
   */
  constructor(tokens: TokenType[], orderedChoice = false) {
    const lookahead = new DispatchLookahead(tokens, orderedChoice);
    super(tokens, { recoveryEnabled: false, maxLookahead: 1, lookaheadStrategy: lookahead });
    this.lookahead = lookahead;
  }

  /**
   * Self-analysis, once every rule is defined (the end of the subclass constructor).
   * @throws Error when a GATE was registered for a production the grammar does not have
   */
  protected analyse(): void {
    this.lookahead.gates = this.gates;
    this.performSelfAnalysis();
    // Each rule's index on chevrotain's rule stack, on the rule itself ({@link subruleInternal}).
    const self = this as unknown as EngineState & Record<string, RuleWithShortName>;
    for (const name of self.definedRulesNames) self[name]!.shortName = self.fullRuleNameToShort[name]!;
    for (const key of this.gates.keys()) if (!this.lookahead.used.has(key)) throw new Error(`grammar: a GATE for ${key}, which the grammar does not have`);
  }

  /**
   * The body of an OPTION/MANY that has a GATE, whose lookahead function tests the gate after
   * the next token (built once by {@link DispatchLookahead}). Call the DSL method with the
   * body alone. With `key` ("chain MANY", "segment OPTION5": rule, DSL method and its index)
   * the gate belongs to that one production; without it, to every production the body is
   * recorded in (found while recording, see {@link optionInternalRecord}).
   */
  protected gated<T>(key: string, gate: () => boolean, body: () => T): () => T;
  protected gated<T>(gate: () => boolean, body: () => T): () => T;
  protected gated<T>(a: string | (() => boolean), b: (() => boolean) | (() => T), c?: () => T): () => T {
    if (typeof a === "string") {
      this.gates.set(a, b as () => boolean);
      return c!;
    }
    const body = b as () => T;
    this.gateOf.set(body, a);
    return body;
  }
  /** The gates of bodies given to {@link gated} without a key. */
  private readonly gateOf = new WeakMap<() => unknown, () => boolean>();

  /** While recording: the production `method` + `occurrence` of the rule being recorded gets the gate of a keyless {@link gated} body. */
  private gateProduction(method: string, occurrence: number, action: unknown): void {
    const gate = typeof action === "function" ? this.gateOf.get(action as () => unknown) : undefined;
    if (gate === undefined) return;
    const rule = (this as unknown as { recordingProdStack: { name: string }[] }).recordingProdStack[0]!.name;
    this.gates.set(`${rule} ${method}${occurrence || ""}`, gate);
  }
  /** @internal chevrotain's recorder of OPTION, with {@link gateProduction}. */
  optionInternalRecord(action: unknown, occurrence: number): unknown {
    this.gateProduction("OPTION", occurrence, action);
    return RECORDER.optionInternalRecord.call(this, action, occurrence);
  }
  /** @internal chevrotain's recorder of MANY, with {@link gateProduction}. */
  manyInternalRecord(occurrence: number, action: unknown): void {
    this.gateProduction("MANY", occurrence, action);
    RECORDER.manyInternalRecord.call(this, occurrence, action);
  }
  /** @internal chevrotain's recorder of AT_LEAST_ONE, with {@link gateProduction}. */
  atLeastOneInternalRecord(occurrence: number, action: unknown): void {
    this.gateProduction("AT_LEAST_ONE", occurrence, action);
    RECORDER.atLeastOneInternalRecord.call(this, occurrence, action);
  }

  /** Start collecting a list for the rule being read; returns the enclosing one, for {@link endList}. */
  protected beginList(): unknown[] {
    const outer = this.list;
    this.list = [];
    return outer;
  }

  /** The list collected since {@link beginList} (the node's array); the enclosing list is current again. */
  protected endList<T>(outer: unknown[]): T[] {
    const l = this.list as T[];
    this.list = outer;
    return l;
  }

  override reset(): void {
    super.reset();
    this.list = [];
  }

  /** V8's stack-trace limit while a start rule runs, to put back after it ({@link onBeforeParse}). */
  private traceLimit = 10;

  /**
   * Chevrotain's hook before a start rule (a rule called from outside the parser) runs: V8's
   * stack-trace capture is turned off until {@link onAfterParse}. Chevrotain reports a syntax
   * error by throwing (and a failed BACKTRACK by catching): the traces are never read
   * (diagnostics carry ranges), and capturing one costs more than reading a sentence. The
   * error for tokens left over at the end (NotAllInputParsedException) is made in
   * `onAfterParse`, after the rule's own body: it is covered too (docs/grammar-style.md).
   */
  onBeforeParse(ruleName: string): void {
    this.traceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    (EmbeddedActionsParser.prototype as unknown as ParseHooks).onBeforeParse.call(this, ruleName);
  }

  /** Chevrotain's hook after a start rule has run (or thrown): see {@link onBeforeParse}. */
  onAfterParse(ruleName: string): void {
    try {
      (EmbeddedActionsParser.prototype as unknown as ParseHooks).onAfterParse.call(this, ruleName);
    } finally {
      Error.stackTraceLimit = this.traceLimit;
    }
  }

  /**
   * Chevrotain's default builds a message listing every lookahead path of the failing
   * alternation (milliseconds for a large rule). Our diagnostics write their own message
   * (the unreadable span and the nearest construct), so fail cheaply.
   */
  raiseNoAltException(_occurrence: number, _errMsgTypes: string): never {
    const self = this as unknown as { SAVE_ERROR(e: Error): Error };
    throw self.SAVE_ERROR(new NoViableAltException("no viable alternative", this.LA(1), this.LA(0)));
  }

  /**
   * A SUBRULE call in one frame. Chevrotain's goes through two wrappers, each with its own
   * `try` (its `subruleInternal`, then the rule's `coreRule`, which collects its arguments
   * into an array to `apply` them): 1.8 rule calls per token make them a tenth of parsing.
   * This does what they do with recovery off and no CST (this parser's configuration, fixed
   * in the constructor): push the rule on the rule stack, run its body, pop it — also when
   * the body throws; a syntax error goes up unchanged (chevrotain's wrappers rethrow it:
   * resynchronising needs recovery, and only a start rule catches, in its own wrapper). A
   * call with ARGS goes through chevrotain's. Chevrotain's recorder replaces SUBRULE itself
   * while recording, so this runs only when parsing. Measured: parsing the benchmark's
   * card texts ×0.86–0.95 (A/B in one process, the same trees and errors).
   * @internal overrides chevrotain's `subruleInternal` (recognizer_engine.js)
   */
  subruleInternal<T>(ruleToCall: ParserMethod<[], T>, idx: number, options?: { ARGS?: unknown[] }): T {
    // A call with ARGS (no grammar of the project passes any) goes the general way.
    if (options?.ARGS !== undefined) return (EmbeddedActionsParser.prototype as unknown as { subruleInternal(r: unknown, i: number, o: unknown): T }).subruleInternal.call(this, ruleToCall, idx, options);
    const self = this as unknown as EngineState;
    const rule = ruleToCall as unknown as RuleWithShortName;
    const short = rule.shortName;
    self.subruleIdx = idx;
    self.RULE_OCCURRENCE_STACK[++self.RULE_OCCURRENCE_STACK_IDX] = idx;
    self.RULE_STACK[++self.RULE_STACK_IDX] = short;
    self.currRuleShortName = short;
    self.currRuleLookaheadFuncs = self.lookAheadFuncsCache[short];
    try {
      return rule.originalGrammarAction.call(this) as T;
    } finally {
      self.RULE_STACK_IDX--;
      self.RULE_OCCURRENCE_STACK_IDX--;
      if (self.RULE_STACK_IDX >= 0) {
        self.currRuleShortName = self.RULE_STACK[self.RULE_STACK_IDX]!;
        self.currRuleLookaheadFuncs = self.lookAheadFuncsCache[self.currRuleShortName];
      }
    }
  }

  /** The span from `start` to the last token read (for actions: never called while recording). */
  protected from(start: IToken): Span {
    const last = this.LA(0);
    return { start: start.startOffset, end: Math.max(start.startOffset, last.startOffset + last.image.length) };
  }

  /** A token's span. */
  protected tokSpan(t: IToken): Span {
    return { start: t.startOffset, end: t.startOffset + t.image.length };
  }
}
