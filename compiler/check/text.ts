/**
 * Card-text syntax tree → checked IR ({@link CardEffect}s), with structural checks.
 *
 * Sources (`000_012504f4614e5b24.txt`):
 * - Anatomy of Cards item 14: one sentence is one effect, resolved in order.
 * - FAQ "Conditionals": "If not"/"Otherwise" answer the "If" before them.
 * - FAQ "Costs vs Effects": a cost stands before a colon; "Must" and [1/Turn] mark costs.
 * - FAQ "What are lowercase timings…": a timing applies to the sentences after it until a new timing.
 * - Glossary "(Parenthesis text)": parenthesised text is permanent.
 */
import { parseText, type ActionSyn, type Diagnostic, type EffectSyn, type ItemSyn, type Ref, type SegmentSyn, type Span, type TextSyn } from "../../grammar/index.ts";
import type { Action, Body, CardEffect, Cost, Effect, Timing } from "../../runtime/ir.ts";
import type { IToken } from "chevrotain";
import { checkRefsInto, type TextRuleset } from "./refs.ts";
import { isTrimmed, kept } from "./common.ts";

/** Actions that state a rule rather than do something: they cannot stand as a cost. */
const NOT_A_COST = new Set<Action["kind"]>(["ignore", "enables", "alsoCountsAs", "alsoType", "prohibit", "restrictUse", "dpCost"]);

/** Result of checking one card's text. Spans are offsets into the text. */
export interface TextCheck {
  effects: CardEffect[];
  /** The range of each effect's sentence in the text, timing labels included (`effects[i]` ↔ `spans[i]`). */
  spans: Span[];
  diagnostics: Diagnostic[];
}

/** A card text compiled on its own: effects (none unless `ok`), diagnostics with ranges in the text. */
export interface TextCompile {
  effects: CardEffect[];
  /** The range of each effect's sentence in the text (`effects[i]` ↔ `spans[i]`); empty unless `ok`. */
  spans: Span[];
  diagnostics: Diagnostic[];
  ok: boolean;
}

/**
 * Parse and check one card's text: the path every card takes (the set checker, the
 * printer's round trip). Sentences that parsed are still checked when others did not,
 * so one run reports every problem; the card compiles only with no error.
 * @param text the card text
 * @param types the set's type vocabulary
 * @param ruleset the set's ruleset: words only the other ruleset's rules define are errors
 *   (DMB's "(Also Jungle.)" in a DBE set: compiler/check/refs.ts `rulesetOnlyError`)
 */
export function compileCardText(text: string, types: readonly string[], ruleset: TextRuleset = "dbe"): TextCompile {
  const c = compileText(text, types, ruleset, true);
  return { effects: c.effects, spans: c.spans, diagnostics: c.diagnostics, ok: c.ok };
}

/**
 * {@link compileCardText} as the set checker uses it: the sentence ranges are found only on
 * demand ({@link sentenceSpans}), since a card needs them only for a warning.
 */
export interface TextCompiled extends TextCompile {
  /** The tree the effects were built from (the whole text's, or the sentences that parsed). */
  tree: TextSyn;
  /** Where the sentences that failed to parse have their errors. */
  failed: readonly number[];
}

/**
 * Compile a card text ({@link compileCardText}), the sentence ranges found now or on demand.
 * @param spans whether to find the sentence ranges now (`spans`); else `spans` is empty and
 *   {@link sentenceSpans} finds them
 */
export function compileText(text: string, types: readonly string[], ruleset: TextRuleset, spans: boolean): TextCompiled {
  const r = parseText(text, types);
  // Where sentences failed to parse: the checker says nothing that only follows from them.
  let failed: number[] | null = null;
  for (const d of r.diagnostics) if (d.severity === "error") (failed ??= []).push(d.span.start);
  const tree = r.value ?? r.partial;
  const c = walkText(tree, text, types, failed ?? NONE, ruleset, spans);
  const diagnostics = r.diagnostics.length === 0 ? c.diagnostics : [...r.diagnostics, ...c.diagnostics];
  if (r.value !== null) {
    const stop = finalFullStop(r.tokens);
    if (stop) diagnostics.push(stop);
  }
  const ok = r.value !== null && !hasError(diagnostics);
  return { effects: ok ? c.effects : [], spans: ok ? c.spans : [], diagnostics, ok, tree, failed: failed ?? NONE };
}

/**
 * The range of each effect's sentence in the text of a compiled card (`effects[i]` ↔
 * `spans[i]`): those found by {@link compileText}, or found now by walking its tree again.
 * @param c the compiled text
 * @param text, types, ruleset what it was compiled with
 */
export function sentenceSpans(c: TextCompiled, text: string, types: readonly string[], ruleset: TextRuleset): Span[] {
  if (!c.ok || c.spans.length > 0 || c.effects.length === 0) return c.spans;
  return walkText(c.tree, text, types, c.failed, ruleset, true).spans;
}

/** Whether a list of diagnostics holds an error. */
function hasError(ds: readonly Diagnostic[]): boolean {
  for (const d of ds) if (d.severity === "error") return true;
  return false;
}

/**
 * The text's last sentence must end with a full stop (Anatomy of Cards item 14: "one
 * sentence (full stop) at a time"): the text ends with one, inside a closing parenthesis
 * ("(Ignore costs.)"), or before notes in parentheses ("… Level. (Need DP)").
 * Sentences before the last are checked by the grammar.
 * @returns an error at the last token, or null
 */
function finalFullStop(tokens: readonly IToken[]): Diagnostic | null {
  const last = tokens[tokens.length - 1];
  if (!last) return null;
  const name = last.tokenType.name;
  if (name === "Period") return null;
  if (name === "RParen") {
    // "(Ignore costs.)" holds its own full stop; a note after a sentence's full stop needs
    // none: "Can evolve Digimon at same Level. (Need DP) (Ignore type)".
    if (tokens[tokens.length - 2]?.tokenType.name === "Period") return null;
    let i = tokens.length - 1;
    while (i >= 0 && tokens[i]!.tokenType.name === "RParen") {
      let depth = 0;
      for (; i >= 0; i--) {
        const n = tokens[i]!.tokenType.name;
        if (n === "RParen") depth++;
        else if (n === "LParen" && --depth === 0) break;
      }
      i--;
    }
    if (i >= 0 && tokens[i]!.tokenType.name === "Period") return null;
  }
  const end = last.startOffset + last.image.length;
  return {
    severity: "error",
    code: "missing-full-stop",
    message: `the text's last sentence ends without a full stop: put "." after "${last.image.length > 40 ? `${last.image.slice(0, 40)}…` : last.image}" (Anatomy of Cards item 14: one sentence, up to its full stop, is one effect)`,
    span: { start: last.startOffset, end },
  };
}

/**
 * Check a card's syntax tree and build its effects.
 *
 * Each effect's `text` is its sentence as printed, from the timing labels that open it
 * ("When evolving, Draw 1.", not "Draw 1."): the label is part of the sentence (Anatomy of
 * Cards item 14: one sentence, up to its full stop, is one effect), and three sentences with
 * different timings must not read alike in the generated comments and the duel log.
 * @param tree the parsed text
 * @param text the text it was parsed from (for each effect's printed sentence)
 * @param types the set's type vocabulary
 * @param failed where the sentences that did not parse have their errors (offsets into the
 *   text; see {@link compileCardText}): an "If not" right after such a sentence is not
 *   reported as having no "If" to answer — its "If" may be in the sentence that failed
 * @param ruleset the set's ruleset (see {@link compileCardText}); DBE when not given
 */
export function checkText(tree: TextSyn, text: string, types: readonly string[], failed: readonly number[] = [], ruleset: TextRuleset = "dbe"): TextCheck {
  const w = walkText(tree, text, types, failed, ruleset, true);
  return { effects: w.effects, spans: w.spans, diagnostics: w.diagnostics };
}

/** {@link checkText}, with the sentence ranges left out unless `spans`: the finished walk. */
function walkText(tree: TextSyn, text: string, types: readonly string[], failed: readonly number[], ruleset: TextRuleset, spans: boolean): TextWalk {
  const w = new TextWalk(text, failed, types, ruleset, spans);
  w.visit(tree.items, false);
  w.finish();
  return w;
}

/** No sentence ranges: those of a text compiled without them ({@link compileText}). Never written to. */
const NO_SPANS: Span[] = [];

/**
 * The costs of every effect that has none: one frozen list shared by the IR (most sentences
 * have no cost, and what a set keeps, garbage collection copies; docs/grammar-style.md,
 * "Checking"). Never added to.
 */
const NO_COSTS: Cost[] = Object.freeze([]) as unknown as Cost[];

/** No failed sentences (the usual case: {@link TextWalk} then sorts nothing). */
const NONE: readonly number[] = [];

/**
 * One walk of a card's syntax tree ({@link checkText}): the state the walk carries from item
 * to item (the timings in force, where the current sentence's labels start …) and what it
 * builds, as fields rather than closures over locals.
 */
class TextWalk {
  readonly text: string;
  readonly diagnostics: Diagnostic[] = [];
  /** The effects so far; once the walk is finished ({@link finish}), the same in a list made at their number. */
  effects: CardEffect[] = [];
  readonly spans: Span[];
  /** The diagnostics of the refs met so far ({@link checkRefsInto}), in the order met; null while there are none. */
  refDiagnostics: Diagnostic[] | null = null;
  private readonly types: readonly string[];
  private readonly ruleset: TextRuleset;
  private timings: Timing[] = [];
  private afterTiming = false;
  /** Where the labels that open the current sentence start (null: none since the last sentence). */
  private labelStart: number | null = null;
  /**
   * Where the last sentence ended: a sentence that failed to parse lies between it and the
   * next. `failures` is walked once, in step with the sentences (both are in text order).
   */
  private lastEnd = 0;
  private readonly failures: readonly number[];
  private nextFailure = 0;

  private readonly withSpans: boolean;

  constructor(text: string, failed: readonly number[], types: readonly string[], ruleset: TextRuleset, withSpans: boolean) {
    this.text = text;
    this.withSpans = withSpans;
    this.types = types;
    this.ruleset = ruleset;
    this.failures = failed.length === 0 ? NONE : [...failed].sort((a, b) => a - b);
    this.spans = withSpans ? [] : NO_SPANS;
  }

  /** End the walk: the refs' diagnostics after the others, the effects in a list of their own. */
  finish(): void {
    // The refs are checked as the walk meets them; their diagnostics come after the others.
    if (this.refDiagnostics !== null) for (const d of this.refDiagnostics) this.diagnostics.push(d);
    // The effects are kept in the IR: a copy at their number, not the list grown by pushes.
    this.effects = kept(this.effects);
  }

  private failedBefore(at: number): boolean {
    const failures = this.failures;
    while (this.nextFailure < failures.length && failures[this.nextFailure]! < this.lastEnd) this.nextFailure++;
    return this.nextFailure < failures.length && failures[this.nextFailure]! < at;
  }

  private sentenceSpan(s: Span): Span {
    return { start: this.labelStart ?? s.start, end: s.end };
  }

  private push(e: CardEffect, s: Span): void {
    this.effects.push(e);
    if (this.withSpans) this.spans.push(trimmed(this.text, s));
  }

  /** Check refs the walk meets (see {@link checkText}). */
  addRefs(refs: readonly Ref[]): void {
    if (refs.length > 0) this.refDiagnostics = checkRefsInto(refs, this.types, this.ruleset, this.refDiagnostics);
  }

  visit(items: readonly ItemSyn[], permanent: boolean): void {
    const text = this.text;
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      const isTiming = item.kind === "timing";
      switch (item.kind) {
        case "timing":
          this.addRefs(item.refs);
          if (item.timings.length === 0) break; // only refs (e.g. "…" elisions)
          if (!this.afterTiming) this.labelStart = item.span.start;
          // Labels in a row nest ("[Attached] Support:", "Passive: When …,": all must
          // coincide); a new label after a sentence replaces the previous one, except the
          // zone scopes "While attached" / "Active Zone", which govern the rest of the card.
          // A scope given again replaces itself ("Active Zone: … Active Zone: …" is one scope).
          this.timings = this.afterTiming ? [...this.timings, ...item.timings] : [...this.timings.filter((t) => isScope(t) && !item.timings.some((u) => u.kind === t.kind)), ...item.timings];
          break;
        case "reminder": {
          const sp = this.sentenceSpan(item.span);
          this.push({ kind: "reminder", text: slice(text, sp) }, sp);
          break;
        }
        case "paren":
          // Labels before a parenthesis govern what is inside it; its sentences are printed from the parenthesis.
          this.labelStart = null;
          this.visit(item.items, true);
          break;
        case "turbo": {
          this.addRefs(item.refs);
          const sp = this.sentenceSpan(item.span);
          this.push({ ...item.turbo, text: slice(text, sp) }, sp);
          break;
        }
        case "effect": {
          this.addRefs(item.refs);
          const sp = this.sentenceSpan(item.span);
          const afterFailure = item.ifNot !== null && this.failedBefore(sp.start);
          const e = effect(item, this.timings, permanent, text, sp, afterFailure, this.effects, this.diagnostics, this);
          if (e) this.push(e, sp);
          if (item.trailing) {
            this.labelStart = null;
            this.visit(item.trailing.items, true);
          }
          break;
        }
      }
      this.afterTiming = isTiming && item.timings.length > 0 ? true : isTiming ? this.afterTiming : false;
      if (!isTiming) {
        this.labelStart = null;
        this.lastEnd = Math.max(this.lastEnd, item.span.end);
      }
    }
  }
}

/** A range with the blanks at its ends left out (as {@link slice} leaves them out of the text). */
function trimmed(text: string, s: Span): Span {
  let a = s.start;
  let b = s.end;
  while (a < b && isTrimmed(text.charCodeAt(a))) a++;
  while (b > a && isTrimmed(text.charCodeAt(b - 1))) b--;
  return { start: a, end: b };
}

function isScope(t: Timing): boolean {
  return t.kind === "whileAttached" || t.kind === "activeZone";
}

function slice(text: string, s: { start: number; end: number }): string {
  return text.slice(s.start, s.end).trim();
}

/** The action of an action as read. */
function actionOf(a: ActionSyn): Action {
  return a.action;
}

/**
 * The actions of a segment, each "and shuffle" merged into the recycle or return before it.
 * The list is built at its size (kept in the IR: no spare room).
 */
function mergeShuffles(actions: ActionSyn[]): Action[] {
  let shuffles = false;
  for (const a of actions) if (a.shuffleOnly) shuffles = true;
  if (!shuffles) {
    switch (actions.length) {
      case 1:
        return [actions[0]!.action];
      case 2:
        return [actions[0]!.action, actions[1]!.action];
      default:
        return actions.map(actionOf);
    }
  }
  const out: Action[] = [];
  for (const a of actions) {
    const prev = out[out.length - 1];
    if (a.shuffleOnly && prev && (prev.kind === "recycle" || prev.kind === "returnHandToDeck")) {
      out[out.length - 1] = { ...prev, shuffle: true };
      continue;
    }
    out.push(a.action);
  }
  return out;
}

/** The refs of a segment's parts, in text order, to the walk's checks. */
function collectRefs(s: SegmentSyn, w: TextWalk): void {
  if (s.cond) w.addRefs(s.cond.refs);
  for (const a of s.actions) w.addRefs(a.refs);
  if (s.otherwise) for (const a of s.otherwise.actions) w.addRefs(a.refs);
}

/** Whether an effect of `earlier` is the "If not" of effect `i`. */
function answered(earlier: readonly CardEffect[], i: number): boolean {
  for (const x of earlier) if (x.kind === "effect" && x.otherwiseOf === i) return true;
  return false;
}

function effect(
  syn: EffectSyn,
  timings: Timing[],
  permanent: boolean,
  text: string,
  span: Span,
  afterFailure: boolean,
  earlier: CardEffect[],
  diagnostics: Diagnostic[],
  walk: TextWalk,
): Effect | null {
  const segs = syn.segments;
  // The costs are kept in the IR: grown here, then copied at their number (common.ts `kept`).
  let costs: Cost[] | null = null;
  let ok = true;
  for (let i = 0; i < segs.length; i++) collectRefs(segs[i]!, walk);
  for (let i = 0; i < segs.length - 1; i++) {
    const s = segs[i]!;
    if (s.cond) {
      diagnostics.push({
        severity: "error",
        code: "cost-position",
        message: 'an "If …" condition cannot stand as a cost before a colon; write the condition after the cost (FAQ "Costs vs Effects")',
        span: s.cond.span,
      });
      ok = false;
    }
    if (s.otherwise) {
      diagnostics.push({ severity: "error", code: "cost-position", message: 'an "If not" cannot be part of a cost', span: s.otherwise.span });
      ok = false;
    }
    const acts = mergeShuffles(s.actions);
    if (s.oncePerTurn) (costs ??= []).push({ kind: "oncePerTurn" });
    for (let j = 0; j < s.actions.length; j++) {
      const a = s.actions[j]!;
      if (NOT_A_COST.has(a.action.kind)) {
        diagnostics.push({
          severity: "error",
          code: "cost-position",
          message: `"${slice(text, a.span)}" states a rule and cannot stand as a cost before a colon (FAQ "Costs vs Effects": a cost is an action taken)`,
          span: a.span,
        });
        ok = false;
      } else if (acts[j]) (costs ??= []).push({ kind: "action", action: acts[j]!, must: s.must !== null });
    }
  }
  const last = segs[segs.length - 1]!;
  for (let m = 0; m < 2 && segs.length === 1; m++) {
    const marker = m === 0 ? last.must : last.oncePerTurn;
    if (marker) {
      diagnostics.push({
        severity: "error",
        code: "cost-position",
        message: `"${slice(text, marker)}" marks a cost, but this sentence has no colon; write "${slice(text, marker)} <cost>: <effect>." (FAQ "Must in a cost", Glossary "[1/Turn]")`,
        span: marker,
      });
      ok = false;
    }
  }
  let body: Body = { kind: "seq", actions: mergeShuffles(last.actions) };
  if (last.cond) {
    body = { kind: "if", cond: last.cond.cond, then: body, otherwise: last.otherwise ? { kind: "seq", actions: mergeShuffles(last.otherwise.actions) } : null };
  } else if (last.otherwise) {
    diagnostics.push({
      severity: "error",
      code: "if-not-without-if",
      message: `"If not" / "Otherwise" needs an "If …," earlier in the same sentence (FAQ "Conditionals")`,
      span: last.otherwise.span,
    });
    ok = false;
  }
  let otherwiseOf: number | null = null;
  if (syn.ifNot) {
    // Find the effect this "If not" answers: the nearest earlier effect with an "If" and no "If not" yet.
    for (let i = earlier.length - 1; i >= 0; i--) {
      const e = earlier[i]!;
      if (e.kind !== "effect") continue;
      if (e.body.kind === "if" && e.body.otherwise === null && !answered(earlier, i)) otherwiseOf = i;
      break;
    }
    if (afterFailure) {
      // The sentence before this one did not parse (its error is reported): it may be the
      // "If" this answers, so no second error, and no answering an earlier "If" instead.
      otherwiseOf = null;
      ok = false;
    } else if (otherwiseOf === null) {
      diagnostics.push({
        severity: "error",
        code: "if-not-without-if",
        message: `"If not" with no "If …" effect right before it to answer (FAQ "Conditionals")`,
        span: syn.ifNot,
      });
      ok = false;
    }
  }
  if (!ok) return null;
  return { kind: "effect", timings, costs: costs === null ? NO_COSTS : kept(costs), body, otherwiseOf, permanent, text: slice(text, span) };
}
