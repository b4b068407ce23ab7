/**
 * The DigiScript language service: pure functions over the text of one `.dgs` file, for
 * the playground and the CLI. No DOM, no file system.
 *
 * - {@link diagnose}: every diagnostic of the file (reader, stats, card text, set-level).
 * - {@link complete}: what may come next at an offset — card-text keywords and verbs
 *   (computed from the grammar), field keys, card names, types and levels.
 * - {@link hover}: the rules' definition of the term under the cursor (`glossary.ts`).
 * - {@link format}: the canonical layout, through prettier and the `.dgs` plugin.
 *
 * Sources: `docs/set-format.md` (fields and layout); `000_012504f4614e5b24.txt` (Glossary,
 * Attack Abilities and Anatomy of Cards for the words offered and explained).
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
  type TokenType,
} from "chevrotain";
import { format as prettierFormat } from "prettier/standalone";
import { CARD_KEYS, lex, normalizeSource, normalizedOffset, originalOffset, parser, readSetFile, splitAttackLine, type Span } from "../../grammar/index.ts";
import { KEYWORDS, KW } from "../../grammar/tokens.ts";
import type { FileDiagnostic } from "../api.ts";
import { checkSources, typesOf } from "../check/set.ts";
import { CARD_TIMINGS, MARKINGS } from "../../runtime/vocabulary.ts";
import plugin from "../prettier/plugin.ts";
import { GLOSSARY, glossarySource, type GlossaryEntry } from "./glossary.ts";

export { DMB_RULES_FILE, GLOSSARY, glossarySource, RULES_FILE, type GlossaryEntry } from "./glossary.ts";

/** A completion item. */
export interface Completion {
  /** The text to insert. */
  label: string;
  kind: "keyword" | "verb" | "card" | "type" | "level" | "field";
  /** A short explanation (set number of a card, level name, field meaning). */
  detail?: string;
}

/** A hover: the term, its definition as markdown, its rules source and the range it covers. */
export interface Hover {
  term: string;
  markdown: string;
  /** Rules file and section, e.g. `000_012504f4614e5b24.txt, Glossary "Recode X"`. */
  source: string;
  /** File offsets of the hovered words. */
  span: Span;
}

// ─── diagnose ──────────────────────────────────────────────────────────────

/**
 * All diagnostics of one `.dgs` text: the reader's, each card's stats and text, and the
 * set-level checks (duplicate set numbers, evo-box names the set lacks), sorted by position.
 * Source: `compiler/check/set.ts` (`checkSources` on a single source); `docs/set-format.md`.
 * @param text the file's text
 * @param file the path or label diagnostics carry
 * @param knownNames names of cards loaded beside the file (e.g. the bundled sets): evo-box names may name them
 */
export function diagnose(text: string, file = "<input>.dgs", knownNames: Iterable<string> = []): FileDiagnostic[] {
  const out: FileDiagnostic[] = [];
  for (const set of checkSources([{ file, text }], { knownNames })) for (const d of set.diagnostics) out.push(d);
  return out.sort((a, b) => a.line - b.line || a.col - b.col || a.endLine - b.endLine || a.endCol - b.endCol);
}

// ─── content assist over the grammar ───────────────────────────────────────

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
 * The token types that may follow `tokens` when parsing from `ruleName`, read from the
 * grammar's productions (gates and embedded actions ignored, so this is a superset of what
 * the parser accepts). A small interpreter over chevrotain's GAST, in the manner of the
 * `computeContentAssist` that chevrotain 13 no longer has. A continuation reached twice
 * at the same input position is explored once.
 */
function nextTokenTypes(ruleName: string, tokens: readonly IToken[]): TokenType[] {
  const rules = parser().getGAstProductions();
  const start = rules[ruleName];
  if (!start) return [];
  // The memo tables hold continuations at positions of this input only: start them afresh,
  // so completion keeps no memory from one call to the next.
  cells.clear();
  loops.clear();
  const found = new Map<string, TokenType>();
  const seen = new Map<Cont, Set<number>>();
  const stack: { idx: number; cont: Cont; depth: number }[] = [{ idx: 0, cont: prepend(start.definition, null), depth: 0 }];
  let budget = 400_000;
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

/** Keywords the canonical text writes in lower case. */
const LOWER = new Set(
  "Own Opponent His Both Each Players Is Has To By From In Of With The A All Any Per Same Different Than Less More Higher Below Above Least Until There Can Cannot Except This It Active Valid Top Bottom Random Instead Number Able Only Do Up As Equal Left On And Then Or Not Counts Card Hand Deck Area Zone Stack Name Cost Partner Shown Still Lost Done Instances Possible States Needed".split(" "),
);
/** Keywords that are verbs (Glossary; FAQ "Costs vs Effects"). */
const VERBS = new Set(
  "Boost Lower Recover Recode Corrupt Recycle Trash Static Take Attach Void Revive Set Flatten Delete Discard Draw Dark Evolve Downgrade Put Pay Ignore Enables Also Alias Double Halve Triple Multiply Change Swap Use Get Shuffle Return Reveal Make Flip Become Lose Requires".split(" "),
);
/** Canonical spellings that differ from the keyword's name. */
const SPELLING: Record<string, string> = { First: "1st", Second: "2nd", Per: "for", Times: "x", KO: "KO'd", Possessive: "'s" };

function keywordCompletion(t: TokenType): Completion | null {
  const name = t.name;
  if (!(name in KW) && name !== "Possessive") return null;
  const label = SPELLING[name] ?? (LOWER.has(name) ? name.toLowerCase() : name);
  return { label, kind: VERBS.has(name) ? "verb" : "keyword" };
}

const LEVEL_NAMES: Record<string, string> = { R: "Rookie", C: "Champion", U: "Ultimate", M: "Mega" };

function levelCompletions(): Completion[] {
  return Object.entries(LEVEL_NAMES).map(([l, name]) => ({ label: l, kind: "level" as const, detail: name }));
}

function typeCompletions(types: readonly string[]): Completion[] {
  return types.map((t) => ({ label: t, kind: "type" as const }));
}

/** Card names of the file, bare when they read back as one name, else quoted. */
function cardCompletions(text: string, quoteIfNeeded: boolean): Completion[] {
  const syntax = readSetFile("<input>.dgs", text);
  const seen = new Set<string>();
  const out: Completion[] = [];
  for (const c of syntax.cards) {
    if (seen.has(c.name)) continue;
    seen.add(c.name);
    // Bare only when every word reads as a plain name word (no keyword, no level letter).
    const bare = /^[A-Za-z][A-Za-z0-9-]*(?: [A-Za-z][A-Za-z0-9-]*)*$/.test(c.name) && c.name.split(" ").every((w) => !KEYWORDS.has(w.toLowerCase()) && !/^[RCUM]$/.test(w));
    out.push({ label: quoteIfNeeded && !bare ? JSON.stringify(c.name) : c.name, kind: "card", detail: c.setNumber });
  }
  return out;
}

/** The partial word being typed at the end of `s` ("" after a blank or punctuation). */
function partialWord(s: string): string {
  return /[A-Za-z0-9\u00C0-\u024F'’-]*$/.exec(s)![0];
}

function filterPrefix(items: Completion[], prefix: string): Completion[] {
  const p = prefix.toLowerCase();
  const seen = new Set<string>();
  return items.filter((c) => {
    const key = `${c.kind}:${c.label}`;
    if (seen.has(key) || !c.label.toLowerCase().startsWith(p)) return false;
    seen.add(key);
    return true;
  });
}

/** Longest sentence, in tokens, whose next words completion reads from the grammar (printed sentences have under 40). */
const MAX_ASSIST_TOKENS = 120;

/** Completions inside card text (or an evo-box entry / attack ability, by `rule`). */
function completeCardText(before: string, rule: "text" | "evoEntry" | "abilityEntry", file: string, types: readonly string[]): Completion[] {
  const prefix = partialWord(before);
  const head = before.slice(0, before.length - prefix.length);
  // Typed-value contexts first: "type is …", "Change own type to …", "Access [", "level is …".
  if (/\b(?:type\s+is(?:\s+not)?|type\s+to|types?\s+are(?:\s+not)?|access\s*\[?)\s*$/i.test(head) || /\btype\s+is(?:\s+not)?\s+\w+\s+or\s+$/i.test(head)) {
    return filterPrefix(typeCompletions(types), prefix);
  }
  if (/\blevel\s+(?:is(?:\s+not)?\s+)?$/i.test(head) || /\blevel\s+is(?:\s+not)?\s+\w\s+or\s+$/i.test(head)) {
    return filterPrefix(levelCompletions(), prefix);
  }
  const lexed = lex(head).tokens;
  // Only the sentence being written: after the last full stop outside parentheses.
  let from = 0;
  let depth = 0;
  lexed.forEach((t, i) => {
    const n = t.tokenType.name;
    if (n === "LParen") depth++;
    else if (n === "RParen") depth = Math.max(0, depth - 1);
    else if (n === "Period" && depth === 0 && rule === "text") from = i + 1;
  });
  // A sentence far longer than any printed one: offer every keyword rather than walk the grammar.
  if (lexed.length - from > MAX_ASSIST_TOKENS) return filterPrefix([...new Set(Object.values(KW))].map(keywordCompletion).filter((c): c is Completion => c !== null), prefix);
  const next = nextTokenTypes(rule, lexed.slice(from));
  const out: Completion[] = [];
  let names = false;
  for (const t of next) {
    const c = keywordCompletion(t);
    if (c) out.push(c);
    else if (t.name === "Word" || t.name === "AnyWord" || t.name === "Quoted" || t.name === "Partial") names = true;
  }
  if (names) for (const c of cardCompletions(file, rule === "text")) out.push(c);
  return filterPrefix(out, prefix);
}

interface LineInfo {
  lines: string[];
  starts: number[];
  index: number;
}

function lineInfo(text: string, offset: number): LineInfo {
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

function indentOf(l: string): number {
  return l.length - l.trimStart().length;
}

/**
 * The `text:` field the line belongs to (its key line index), when the line is that key
 * line or one of its continuation lines (docs/set-format.md: "continuation lines indented
 * deeper than the key").
 */
function textFieldOf(lines: readonly string[], index: number): number | null {
  const cur = lines[index]!.replace(/\r$/, "");
  if (/^\s+text\s*:/.test(cur)) return index;
  const ind = indentOf(cur);
  if (ind === 0) return null;
  for (let j = index - 1; j >= 0; j--) {
    const l = lines[j]!.replace(/\r$/, "");
    if (l.trim() === "") return null;
    const li = indentOf(l);
    if (li < ind) return li > 0 && /^\s+text\s*:/.test(l) ? j : null;
  }
  return null;
}

/**
 * Completions at an offset of a `.dgs` text:
 * - inside a `text:` field (and its continuation lines): the keywords and verbs the grammar
 *   accepts next in the current sentence, card names where a name may stand, type names
 *   after "type is", levels after "Level";
 * - at the start of an indented line: the field keys;
 * - after `type:`/`subtypes:` the set's types, after `level:` the levels, after `kind:`,
 *   `timing:`, `partner:`, `flip:` their values, after `evo:` card names and evo-box words,
 *   after `|` on an attack line the attack abilities;
 * - at the start of a top-level line: `set`, `ruleset`, `types`, `card`.
 * Source: `docs/set-format.md`; `grammar/parser.ts` (the card-text grammar).
 * @param input the file's text (any line breaks; the offset is into it)
 * @param offset the cursor, 0…input.length
 */
export function complete(input: string, offset: number): Completion[] {
  // One view of the file for every reader (grammar/source.ts): LF line breaks, no BOM.
  const text = normalizeSource(input).text;
  const at = normalizedOffset(input, offset);
  const { lines, starts, index } = lineInfo(text, at);
  const line = lines[index]!.replace(/\r$/, "");
  const before = line.slice(0, at - starts[index]!);
  const syntax = readSetFile("<input>.dgs", text);
  const types = typesOf(syntax);

  const textKey = textFieldOf(lines, index);
  if (textKey !== null) {
    const keyLine = lines[textKey]!.replace(/\r$/, "");
    const keyMatch = /^\s+text\s*:\s?/.exec(keyLine)!;
    let value: string;
    if (textKey === index) {
      if (before.length < keyMatch[0].length) return filterPrefix(fieldCompletions(), partialWord(before));
      value = before.slice(keyMatch[0].length);
    } else {
      const parts = [keyLine.slice(keyMatch[0].length)];
      for (let j = textKey + 1; j < index; j++) parts.push(lines[j]!.trim());
      parts.push(before.trimStart());
      value = parts.join("\n");
    }
    return completeCardText(value, "text", text, types);
  }

  const indent = indentOf(before);
  if (indent === 0) {
    if (/^[a-z]*$/.test(before)) {
      return filterPrefix(
        [
          { label: "set", kind: "keyword", detail: "set <code> <name>" },
          { label: "ruleset", kind: "keyword", detail: "dbe | dmb" },
          { label: "types", kind: "keyword", detail: "the set's type vocabulary" },
          { label: "card", kind: "keyword", detail: "card <set number> <name>" },
        ],
        before,
      );
    }
    if (/^types\s/.test(before)) return filterPrefix(typeCompletions(types), partialWord(before));
    if (/^ruleset\s+\w*$/.test(before)) return filterPrefix([{ label: "dbe", kind: "keyword" }, { label: "dmb", kind: "keyword" }], partialWord(before));
    return [];
  }
  if (/^\s+[+a-z]*$/.test(before)) return filterPrefix(fieldCompletions(), before.trim());
  const fm = /^\s+([+a-z]+)\s*:\s?(.*)$/.exec(before);
  if (!fm) return [];
  const key = fm[1]!;
  const value = fm[2]!;
  const word = partialWord(value);
  switch (key) {
    case "type":
    case "subtypes":
      return filterPrefix(typeCompletions(types), word);
    case "level":
      return filterPrefix(levelCompletions(), word);
    case "kind": {
      const kinds: Completion[] = /^\s*\S+\s/.test(value)
        ? MARKINGS.map((m) => ({ label: m, kind: "keyword" as const, detail: "marking (Deck Construction)" }))
        : ["Digimon", "Option", "Evolution"].map((k) => ({ label: k, kind: "keyword" as const }));
      return filterPrefix(kinds, word);
    }
    case "timing":
      return filterPrefix(CARD_TIMINGS.map((t) => ({ label: t, kind: "keyword" as const, detail: "card timing (Anatomy of Cards item 13)" })), word);
    case "partner":
      return filterPrefix([{ label: "yes", kind: "keyword" }, { label: "no", kind: "keyword" }], word);
    case "flip":
      return filterPrefix(
        (/^\s*(Star|Moon)\s/i.test(value) ? ["initial"] : ["Star", "Moon"]).map((w) => ({ label: w, kind: "keyword" as const })),
        word,
      );
    case "evo":
      return completeCardText(value, "evoEntry", text, types);
    case "circle":
    case "triangle":
    case "cross": {
      const line = splitAttackLine(value);
      if (line.ability === null) return [];
      // Untrimmed at the end: a trailing blank decides what comes next.
      return completeCardText(value.slice(line.abilityAt), "abilityEntry", text, types);
    }
    default:
      return [];
  }
}

const FIELD_DETAILS: Record<string, string> = {
  kind: "Digimon | Option | Evolution, then markings",
  level: "R | C | U | M (Anatomy of Cards item 3)",
  type: "primary type (item 5)",
  subtypes: "subtypes bar (item 15)",
  dp: "DP cost (item 6)",
  "+p": "+P (item 7)",
  hp: "HP (item 9)",
  circle: "<attack name> <Power> [| <ability>] (items 10–11)",
  triangle: "<attack name> <Power> [| <ability>] (items 10–11)",
  cross: "<attack name> <Power> [| <ability>] (items 10–11)",
  evo: "one evo-box entry (item 8)",
  timing: "card timings (item 13)",
  partner: "yes | no",
  flip: "Star | Moon [initial]",
  text: "card text (item 14)",
};

function fieldCompletions(): Completion[] {
  return CARD_KEYS.map((k) => ({ label: k, kind: "field" as const, detail: FIELD_DETAILS[k] }));
}

// ─── hover ─────────────────────────────────────────────────────────────────

/**
 * The rules' definition of the glossary term under the cursor (the longest term that
 * covers it; an attack ability's meaning on the ability part of an attack line, the card
 * effect's meaning elsewhere), or null. Comment lines have no hover.
 * Source: `000_012504f4614e5b24.txt`, Glossary, Attack Abilities and the sections each
 * entry of `glossary.ts` cites.
 * @param input the file's text (any line breaks; offsets and the returned span are into it)
 * @param offset the cursor, 0…input.length
 */
export function hover(input: string, offset: number): Hover | null {
  const text = normalizeSource(input).text;
  const at = normalizedOffset(input, offset);
  const { lines, starts, index } = lineInfo(text, at);
  const whole = lines[index]!;
  if (whole.trim().startsWith("#")) return null;
  // Glossary terms are short: look at a window around the cursor, not at a whole long line.
  const from = Math.max(0, at - starts[index]! - HOVER_WINDOW);
  const line = whole.slice(from, at - starts[index]! + HOVER_WINDOW);
  const lineStart = starts[index]! + from;
  const col = at - lineStart;
  const attack = /^\s+(?:circle|triangle|cross)\s*:/.exec(whole);
  const bar = whole.indexOf("|") - from;
  const context: "text" | "ability" = attack && bar >= -from && col > bar ? "ability" : "text";
  let best: { e: GlossaryEntry; start: number; end: number; rank: number[] } | null = null;
  GLOSSARY.forEach((e, order) => {
    if (e.context && e.context !== context) return;
    for (const re of e.match) {
      const g = new RegExp(re.source, re.flags.includes("g") ? re.flags : `${re.flags}g`);
      for (const m of line.matchAll(g)) {
        const start = m.index!;
        const end = start + m[0].length;
        if (col < start || col >= end || end === start) continue;
        // Longer match, then context-specific entry, then case-sensitive pattern, then rules order.
        const rank = [end - start, e.context ? 1 : 0, re.flags.includes("i") ? 0 : 1, -order];
        if (!best || compareRank(rank, best.rank) > 0) best = { e, start, end, rank };
      }
    }
  });
  if (!best) return null;
  const { e, start, end } = best as { e: GlossaryEntry; start: number; end: number };
  const source = glossarySource(e);
  const span = { start: originalOffset(input, lineStart + start), end: originalOffset(input, lineStart + end) };
  // The cursor on a character the reader drops (a byte-order mark) hovers nothing.
  if (offset < span.start || offset > span.end) return null;
  return { term: e.term, markdown: `**${e.term}**\n\n${e.definition}\n\n*Source: ${source}*`, source, span };
}

/** Characters on each side of the cursor that {@link hover} looks at. */
const HOVER_WINDOW = 200;

function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

// ─── format ────────────────────────────────────────────────────────────────

/**
 * Format a `.dgs` text in canonical layout with prettier and the `.dgs` plugin
 * (`compiler/prettier/plugin.ts`, which prints `printSetFile`'s output). Uses prettier's
 * standalone build: no file system, no configuration lookup.
 * Source: `docs/set-format.md`; `compiler/print/setfile.ts`.
 */
export async function format(text: string): Promise<string> {
  // Prettier keeps a byte-order mark it finds; the reader's normalisation drops it (and CRs).
  return prettierFormat(normalizeSource(text).text, { parser: "dgs", plugins: [plugin] });
}
