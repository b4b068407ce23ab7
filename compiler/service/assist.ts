/**
 * Content assist over a chevrotain grammar, shared by the DBE/DMB and the DCG completion of
 * the language service: which token types may come next after some tokens (read from the
 * grammar's productions), and the small text helpers completion and hover share (the line
 * under the cursor, the word being typed, prefix filtering, text fields and their
 * continuation lines).
 *
 * Sources: `docs/set-format.md` (fields, continuation lines "indented deeper than the key");
 * chevrotain's GAST (`Rule`, `Terminal`, `Alternation` …), interpreted in the manner of the
 * `computeContentAssist` that chevrotain 13 no longer has.
 */
import {
  Alternation,
  Alternative,
  NonTerminal,
  Option,
  Repetition,
  RepetitionMandatory,
  RepetitionMandatoryWithSeparator,
  RepetitionWithSeparator,
  Terminal,
  tokenMatcher,
  type IProduction,
  type IToken,
  type Rule,
  type TokenType,
} from "chevrotain";

// ─── the next token types, from the grammar ────────────────────────────────

const EXIT = Symbol("exit");
type Step = IProduction | typeof EXIT | { loop: IProduction; at: number };
/** What remains to be matched: a linked list, so continuations are shared (and memoised). */
type Cont = { head: Step; tail: Cont } | null;

/** Hash-consed continuation cells: equal continuations are the same object. */
const cells = new Map<Step, Map<Cont | "nil", Cont>>();
const loops = new Map<IProduction, Map<number, Step>>();
const repeats = new Map<IProduction, Repetition>();

function cell(head: Step, tail: Cont): Cont {
  let byTail = cells.get(head);
  if (!byTail) cells.set(head, (byTail = new Map()));
  const key = tail ?? "nil";
  let c = byTail.get(key);
  if (!c) byTail.set(key, (c = { head, tail }));
  return c;
}

function prepend(items: readonly Step[], tail: Cont): Cont {
  let c = tail;
  for (let i = items.length - 1; i >= 0; i--) c = cell(items[i]!, c);
  return c;
}

/** The marker "repeat `loop` if something was consumed since `at`", one object per pair. */
function loopAt(loop: IProduction, at: number): Step {
  let m = loops.get(loop);
  if (!m) loops.set(loop, (m = new Map()));
  let s = m.get(at);
  if (!s) m.set(at, (s = { loop, at }));
  return s;
}

/** The repetition that continues an AT_LEAST_ONE or a separated repetition, one per production. */
function repeatOf(prod: RepetitionMandatory | RepetitionWithSeparator | RepetitionMandatoryWithSeparator): Repetition {
  let r = repeats.get(prod);
  if (!r) {
    const def = prod instanceof RepetitionMandatory ? prod.definition : [new Terminal({ terminalType: prod.separator }), ...prod.definition];
    repeats.set(prod, (r = new Repetition({ definition: def })));
  }
  return r;
}

/**
 * The token types that may follow `tokens` when parsing from `ruleName`, read from a
 * grammar's productions (`parser.getGAstProductions()`: the DBE grammar's or the DCG grammar's) (gates and embedded actions ignored, so this is a superset of what
 * the parser accepts). A small interpreter over chevrotain's GAST, in the manner of the
 * `computeContentAssist` that chevrotain 13 no longer has. A continuation reached twice
 * at the same input position is explored once.
 */
export function nextTokenTypes(rules: Record<string, Rule>, ruleName: string, tokens: readonly IToken[]): TokenType[] {
  const start = rules[ruleName];
  if (!start) return [];
  // The memo tables hold continuations at positions of this input only: start them afresh,
  // so completion keeps no memory from one call to the next.
  cells.clear();
  loops.clear();
  const found = new Map<string, TokenType>();
  const seen = new Map<Cont, Set<number>>();
  const stack: { idx: number; cont: Cont; depth: number }[] = [{ idx: 0, cont: prepend(start.definition, null), depth: 0 }];
  // A bound on the work (a pathological input, e.g. hundreds of nested parentheses, would
  // otherwise explore for most of a second); ordinary text needs a few thousand steps.
  let budget = 25_000;
  while (stack.length > 0 && budget-- > 0) {
    const { idx, cont, depth } = stack.pop()!;
    if (cont === null) continue;
    let at = seen.get(cont);
    if (!at) seen.set(cont, (at = new Set()));
    if (at.has(idx)) continue;
    at.add(idx);
    const { head, tail } = cont;
    if (head === EXIT) {
      stack.push({ idx, cont: tail, depth: depth - 1 });
    } else if ("loop" in head) {
      // Repeat a repetition only when its last pass consumed something.
      if (idx > head.at) push(head.loop, idx, tail, depth);
      stack.push({ idx, cont: tail, depth });
    } else {
      push(head, idx, tail, depth);
    }
  }
  return [...found.values()];

  function push(prod: IProduction, idx: number, rest: Cont, depth: number): void {
    if (prod instanceof Terminal) {
      if (idx === tokens.length) found.set(prod.terminalType.name, prod.terminalType);
      else if (tokenMatcher(tokens[idx]!, prod.terminalType)) stack.push({ idx: idx + 1, cont: rest, depth });
    } else if (prod instanceof NonTerminal) {
      if (depth < 48) stack.push({ idx, cont: prepend([...prod.referencedRule.definition, EXIT], rest), depth: depth + 1 });
    } else if (prod instanceof Alternation) {
      for (const alt of prod.definition as Alternative[]) stack.push({ idx, cont: prepend(alt.definition, rest), depth });
    } else if (prod instanceof Alternative) {
      stack.push({ idx, cont: prepend(prod.definition, rest), depth });
    } else if (prod instanceof Option) {
      stack.push({ idx, cont: rest, depth });
      stack.push({ idx, cont: prepend(prod.definition, rest), depth });
    } else if (prod instanceof Repetition) {
      stack.push({ idx, cont: rest, depth });
      stack.push({ idx, cont: prepend([...prod.definition, loopAt(prod, idx)], rest), depth });
    } else if (prod instanceof RepetitionMandatory || prod instanceof RepetitionWithSeparator || prod instanceof RepetitionMandatoryWithSeparator) {
      if (prod instanceof RepetitionWithSeparator) stack.push({ idx, cont: rest, depth });
      stack.push({ idx, cont: prepend([...prod.definition, loopAt(repeatOf(prod), idx)], rest), depth });
    }
  }
}


// ─── text helpers ──────────────────────────────────────────────────────────

/** A completion or hover item that can be filtered by the word being typed. */
export interface Labelled {
  label: string;
  kind: string;
}

/** Whether a UTF-16 code unit can be part of a word being typed: `[A-Za-z0-9\u00C0-\u024F'’-]`. */
function isPartialWordChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || (c >= 0xc0 && c <= 0x24f) || c === 0x27 || c === 0x2019 || c === 0x2d;
}

/**
 * The partial word being typed at the end of `s` ("" after a blank or punctuation): the longest
 * run of `[A-Za-z0-9\u00C0-\u024F'’-]` that ends the text. Read backwards from the end (the
 * regular expression `/[…]*$/` tried every start of a long run, quadratic in its length: 2 s
 * for a cursor in a 65,000-character attack line, found by the whole-file fuzzer).
 */
export function partialWord(s: string): string {
  let i = s.length;
  while (i > 0 && isPartialWordChar(s.charCodeAt(i - 1))) i--;
  return s.slice(i);
}

/**
 * The items whose label starts with `prefix` (case-insensitive), each kind and label once.
 * @param key what is compared with the prefix (default: the label)
 */
export function filterPrefix<T extends Labelled>(items: readonly T[], prefix: string, key: (c: T) => string = (c) => c.label): T[] {
  const p = prefix.toLowerCase();
  const seen = new Set<string>();
  return items.filter((c) => {
    const k = `${c.kind}:${c.label}`;
    if (seen.has(k) || !key(c).toLowerCase().startsWith(p)) return false;
    seen.add(k);
    return true;
  });
}

/** The lines of a text, the offset each starts at, and the index of the line holding an offset. */
export interface LineInfo {
  lines: string[];
  starts: number[];
  index: number;
}

/** Split `text` into lines and find the line of `offset` (LF line breaks: the text is normalised). */
export function lineInfo(text: string, offset: number): LineInfo {
  const lines = text.split("\n");
  const starts: number[] = [];
  let pos = 0;
  let index = 0;
  for (const l of lines) {
    if (pos <= offset) index = starts.length;
    starts.push(pos);
    pos += l.length + 1;
  }
  return { lines, starts, index };
}

/** The number of blanks a line starts with. */
export function indentOf(l: string): number {
  return l.length - l.trimStart().length;
}

/**
 * The text field a line belongs to — the index of its key line and the key — when the line is
 * that key line or one of its continuation lines (docs/set-format.md: "continuation lines
 * indented deeper than the key"); null otherwise.
 * @param keys the ruleset's text keys (`text` for DBE and DMB; `effect`, `inherited`, `security` for DCG)
 */
export function textFieldOf(lines: readonly string[], index: number, keys: readonly string[]): { line: number; key: string } | null {
  const keyOf = (l: string) => {
    const m = /^\s+([a-z]+)\s*:/.exec(l);
    return m && keys.includes(m[1]!) ? m[1]! : null;
  };
  const cur = lines[index]!.replace(/\r$/, "");
  const own = keyOf(cur);
  if (own !== null) return { line: index, key: own };
  const ind = indentOf(cur);
  if (ind === 0) return null;
  for (let j = index - 1; j >= 0; j--) {
    const l = lines[j]!.replace(/\r$/, "");
    if (l.trim() === "") return null;
    const li = indentOf(l);
    if (li < ind) {
      const k = li > 0 ? keyOf(l) : null;
      return k === null ? null : { line: j, key: k };
    }
  }
  return null;
}

/**
 * The value of a text field up to the cursor: the key line's value and each continuation
 * line (trimmed) joined with "\n", as the reader joins them; null when the cursor is on the
 * key itself (before the value starts).
 * @param before the cursor's line up to the cursor
 */
export function textValueBefore(lines: readonly string[], field: { line: number }, index: number, before: string): string | null {
  const keyLine = lines[field.line]!.replace(/\r$/, "");
  const keyMatch = /^\s+[a-z]+\s*:\s?/.exec(keyLine)!;
  if (field.line === index) return before.length < keyMatch[0].length ? null : before.slice(keyMatch[0].length);
  const parts = [keyLine.slice(keyMatch[0].length)];
  for (let j = field.line + 1; j < index; j++) parts.push(lines[j]!.trim());
  parts.push(before.trimStart());
  return parts.join("\n");
}

/** Compare two ranks element by element (positive when `a` ranks higher). */
export function compareRank(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/**
 * The longest match of any pattern of any entry that covers `col` in `line` (ties: a
 * case-sensitive pattern, then the earlier entry), or null.
 * @param entries candidates, each with its patterns
 * @param extra a rank that goes after the match's length (e.g. a context-specific entry first)
 */
export function bestMatch<E extends { match: readonly RegExp[] }>(entries: readonly E[], line: string, col: number, extra: (e: E) => number = () => 0): { e: E; start: number; end: number } | null {
  let best: { e: E; start: number; end: number; rank: number[] } | null = null;
  entries.forEach((e, order) => {
    for (const re of e.match) {
      const g = new RegExp(re.source, re.flags.includes("g") ? re.flags : `${re.flags}g`);
      for (const m of line.matchAll(g)) {
        const start = m.index!;
        const end = start + m[0].length;
        if (col < start || col >= end || end === start) continue;
        // Longer match, then the caller's rank, then case-sensitive pattern, then order.
        const rank = [end - start, extra(e), re.flags.includes("i") ? 0 : 1, -order];
        if (!best || compareRank(rank, best.rank) > 0) best = { e, start, end, rank };
      }
    }
  });
  if (!best) return null;
  const { e, start, end } = best as { e: E; start: number; end: number };
  return { e, start, end };
}
