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
import { checkRefs, type TextRuleset } from "./refs.ts";

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
  const r = parseText(text, types);
  // Where sentences failed to parse: the checker says nothing that only follows from them.
  const failed = r.diagnostics.filter((d) => d.severity === "error").map((d) => d.span.start);
  const c = checkText(r.value ?? r.partial, text, types, failed, ruleset);
  const diagnostics = [...r.diagnostics, ...c.diagnostics];
  if (r.value !== null) {
    const stop = finalFullStop(r.tokens);
    if (stop) diagnostics.push(stop);
  }
  const ok = r.value !== null && !diagnostics.some((d) => d.severity === "error");
  return { effects: ok ? c.effects : [], spans: ok ? c.spans : [], diagnostics, ok };
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
  const diagnostics: Diagnostic[] = [];
  const effects: CardEffect[] = [];
  const spans: Span[] = [];
  let timings: Timing[] = [];
  let afterTiming = false;
  // Where the labels that open the current sentence start (null: none since the last sentence).
  let labelStart: number | null = null;
  // Where the last sentence ended: a sentence that failed to parse lies between it and the
  // next. `failed` is walked once, in step with the sentences (both are in text order).
  let lastEnd = 0;
  const failures = [...failed].sort((a, b) => a - b);
  let nextFailure = 0;
  const failedBefore = (at: number): boolean => {
    while (nextFailure < failures.length && failures[nextFailure]! < lastEnd) nextFailure++;
    return nextFailure < failures.length && failures[nextFailure]! < at;
  };
  const refs: Ref[] = [];
  const sentenceSpan = (s: Span): Span => ({ start: labelStart ?? s.start, end: s.end });
  const push = (e: CardEffect, s: Span) => {
    effects.push(e);
    spans.push(trimmed(text, s));
  };

  const visit = (items: ItemSyn[], permanent: boolean) => {
    for (const item of items) {
      const isTiming = item.kind === "timing";
      switch (item.kind) {
        case "timing":
          refs.push(...item.refs);
          if (item.timings.length === 0) break; // only refs (e.g. "…" elisions)
          if (!afterTiming) labelStart = item.span.start;
          // Labels in a row nest ("[Attached] Support:", "Passive: When …,": all must
          // coincide); a new label after a sentence replaces the previous one, except the
          // zone scopes "While attached" / "Active Zone", which govern the rest of the card.
          // A scope given again replaces itself ("Active Zone: … Active Zone: …" is one scope).
          timings = afterTiming ? [...timings, ...item.timings] : [...timings.filter((t) => isScope(t) && !item.timings.some((u) => u.kind === t.kind)), ...item.timings];
          break;
        case "reminder": {
          const sp = sentenceSpan(item.span);
          push({ kind: "reminder", text: slice(text, sp) }, sp);
          break;
        }
        case "paren":
          // Labels before a parenthesis govern what is inside it; its sentences are printed from the parenthesis.
          labelStart = null;
          visit(item.items, true);
          break;
        case "turbo": {
          refs.push(...item.refs);
          const sp = sentenceSpan(item.span);
          push({ ...item.turbo, text: slice(text, sp) }, sp);
          break;
        }
        case "effect": {
          refs.push(...item.refs);
          const sp = sentenceSpan(item.span);
          const afterFailure = item.ifNot !== null && failedBefore(sp.start);
          const e = effect(item, timings, permanent, text, sp, afterFailure, effects, diagnostics, refs);
          if (e) push(e, sp);
          if (item.trailing) {
            labelStart = null;
            visit(item.trailing.items, true);
          }
          break;
        }
      }
      afterTiming = isTiming && item.timings.length > 0 ? true : isTiming ? afterTiming : false;
      if (!isTiming) {
        labelStart = null;
        lastEnd = Math.max(lastEnd, item.span.end);
      }
    }
  };
  visit(tree.items, false);
  for (const d of checkRefs(refs, types, ruleset)) diagnostics.push(d);
  return { effects, spans, diagnostics };
}

/** A range with the blanks at its ends left out (as {@link slice} leaves them out of the text). */
function trimmed(text: string, s: Span): Span {
  let a = s.start;
  let b = s.end;
  while (a < b && /\s/.test(text[a]!)) a++;
  while (b > a && /\s/.test(text[b - 1]!)) b--;
  return { start: a, end: b };
}

function isScope(t: Timing): boolean {
  return t.kind === "whileAttached" || t.kind === "activeZone";
}

function slice(text: string, s: { start: number; end: number }): string {
  return text.slice(s.start, s.end).trim();
}

function mergeShuffles(actions: ActionSyn[]): Action[] {
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

function effect(
  syn: EffectSyn,
  timings: Timing[],
  permanent: boolean,
  text: string,
  span: Span,
  afterFailure: boolean,
  earlier: CardEffect[],
  diagnostics: Diagnostic[],
  refs: Ref[],
): Effect | null {
  const segs = syn.segments;
  const costs: Cost[] = [];
  let ok = true;
  const collect = (s: SegmentSyn) => {
    if (s.cond) refs.push(...s.cond.refs);
    for (const a of s.actions) refs.push(...a.refs);
    if (s.otherwise) for (const a of s.otherwise.actions) refs.push(...a.refs);
  };
  segs.forEach(collect);
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
    if (s.oncePerTurn) costs.push({ kind: "oncePerTurn" });
    s.actions.forEach((a, j) => {
      if (NOT_A_COST.has(a.action.kind)) {
        diagnostics.push({
          severity: "error",
          code: "cost-position",
          message: `"${slice(text, a.span)}" states a rule and cannot stand as a cost before a colon (FAQ "Costs vs Effects": a cost is an action taken)`,
          span: a.span,
        });
        ok = false;
      } else if (acts[j]) costs.push({ kind: "action", action: acts[j]!, must: s.must !== null });
    });
  }
  const last = segs[segs.length - 1]!;
  for (const marker of [last.must, last.oncePerTurn]) {
    if (marker && segs.length === 1) {
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
      if (e.body.kind === "if" && e.body.otherwise === null && !earlier.some((x) => x.kind === "effect" && x.otherwiseOf === i)) otherwiseOf = i;
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
  return { kind: "effect", timings, costs, body, otherwiseOf, permanent, text: slice(text, span) };
}
