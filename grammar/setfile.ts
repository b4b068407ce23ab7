/**
 * The `.dgs` set file reader: header, card blocks and their fields, with exact ranges.
 * The card text, evo-box entries and attack abilities stay raw strings here; the compiler
 * parses them with the card-text grammar and maps their ranges back through
 * {@link FieldValue.offsetAt}.
 *
 * Format: `docs/set-format.md`. Source of the fields: `000_012504f4614e5b24.txt`,
 * "Anatomy of Cards".
 */
import type { Diagnostic, Span } from "./diagnostics.ts";

/** A field value with the file offsets of its characters (multi-line `text:` is joined with "\n"). */
export interface FieldValue {
  value: string;
  span: Span;
  /** File offset of character `i` of `value` (i may equal value.length). */
  offsetAt(i: number): number;
}

/** One `key: value` line of a card block. */
export interface Field {
  key: string;
  keySpan: Span;
  value: FieldValue;
}

/** One `card` block. */
export interface CardBlock {
  setNumber: string;
  setNumberSpan: Span;
  name: string;
  nameSpan: Span;
  fields: Field[];
  /** From the `card` keyword to the end of its last field. */
  span: Span;
}

/** A parsed set file. */
export interface SetFileSyntax {
  file: string;
  code: string | null;
  codeSpan: Span | null;
  name: string | null;
  ruleset: "dbe" | "dmb";
  rulesetSpan: Span | null;
  /** Type vocabulary override (`types` line), or null. */
  types: string[] | null;
  cards: CardBlock[];
  diagnostics: Diagnostic[];
}

/** Keys a card block accepts. */
export const CARD_KEYS = [
  "kind",
  "level",
  "type",
  "subtypes",
  "dp",
  "+p",
  "hp",
  "circle",
  "triangle",
  "cross",
  "evo",
  "timing",
  "partner",
  "flip",
  "text",
] as const;

/** A one-line value: character i is at file offset start + i. */
class PlainValue implements FieldValue {
  readonly value: string;
  readonly span: Span;
  constructor(value: string, start: number) {
    this.value = value;
    this.span = { start, end: start + value.length };
  }
  offsetAt(i: number): number {
    return this.span.start + i;
  }
}

/** Field keys mapped to the constant strings of {@link CARD_KEYS} (so later comparisons are cheap). */
const KEY_CANON: ReadonlyMap<string, (typeof CARD_KEYS)[number]> = new Map(CARD_KEYS.map((k) => [k, k]));

/**
 * Read a name: the rest of the line, or a JSON string literal when it starts with '"'.
 * @returns the name, or an error message
 */
function readName(raw: string): { name: string } | { error: string } {
  const t = raw.trim();
  if (!t.startsWith('"')) return { name: t };
  try {
    const v: unknown = JSON.parse(t);
    if (typeof v !== "string") return { error: "a quoted name must be a JSON string" };
    return { name: v };
  } catch {
    return { error: `bad quoted name ${t}: use JSON string syntax, e.g. "Line one\\nLine two"` };
  }
}

/** The parts of an attack line `<name> <Power> [| <ability>]` (docs/set-format.md, "Attacks"). */
export interface AttackLine {
  /** Name and Power, trimmed: "Poison Ivy 290". */
  head: string;
  /** The ability text after "|", trimmed; null when there is no "|". */
  ability: string | null;
  /** Offset of `ability` within the value (for diagnostic ranges). */
  abilityAt: number;
}

/** Split an attack field's value at its "|" (Anatomy of Cards items 10–11). */
export function splitAttackLine(value: string): AttackLine {
  const bar = value.indexOf("|");
  if (bar < 0) return { head: value.trim(), ability: null, abilityAt: value.length };
  const rest = value.slice(bar + 1);
  return { head: value.slice(0, bar).trim(), ability: rest.trim(), abilityAt: bar + 1 + (rest.length - rest.trimStart().length) };
}

/** Write a name for a `.dgs` line: bare when it reads back the same, else a JSON string. */
export function writeName(name: string): string {
  const bare = name.trim() === name && name.length > 0 && !/[\n\r]/.test(name) && !name.startsWith('"') && !name.startsWith("#");
  return bare ? name : JSON.stringify(name);
}

/**
 * Parse a `.dgs` file. Never throws: problems are diagnostics with file ranges.
 * @param file path or label used in diagnostics
 * @param source the file's text
 */
export function readSetFile(file: string, source: string): SetFileSyntax {
  const out: SetFileSyntax = {
    file,
    code: null,
    codeSpan: null,
    name: null,
    ruleset: "dbe",
    rulesetSpan: null,
    types: null,
    cards: [],
    diagnostics: [],
  };
  const err = (span: Span, code: string, message: string) => out.diagnostics.push({ severity: "error", code, message, span });
  // Lines as parallel arrays (text without the line break, and its file offset).
  const texts: string[] = [];
  const starts: number[] = [];
  for (let pos = 0; pos <= source.length; ) {
    let end = source.indexOf("\n", pos);
    if (end < 0) end = source.length;
    texts.push(source.charCodeAt(end - 1) === 13 ? source.slice(pos, end - 1) : source.slice(pos, end));
    starts.push(pos);
    pos = end + 1;
  }
  let card: CardBlock | null = null;
  let i = 0;
  while (i < texts.length) {
    const text = texts[i]!;
    const start = starts[i]!;
    i++;
    const indent = indentOf(text);
    if (indent === text.length || text.charCodeAt(indent) === 35 /* # */) continue;
    const trimmed = text.slice(indent).trimEnd();
    const lineSpan = { start: start + indent, end: start + text.length };
    if (indent === 0) {
      card = null;
      const m = /^(\S+)(\s+(.*))?$/.exec(text)!;
      const kw = m[1]!;
      const rest = m[3] ?? "";
      const restStart = start + (m[2] ? text.length - rest.length : text.length);
      if (kw === "set") {
        const mm = /^(\S+)\s*(.*)$/.exec(rest);
        if (!mm) {
          err(lineSpan, "set-header", "expected `set <code> <name>`");
          continue;
        }
        out.code = mm[1]!;
        out.codeSpan = { start: restStart, end: restStart + mm[1]!.length };
        const n = readName(mm[2]!);
        if ("error" in n) err(lineSpan, "bad-name", n.error);
        else out.name = n.name;
      } else if (kw === "ruleset") {
        const r = rest.trim();
        out.rulesetSpan = { start: restStart, end: restStart + rest.length };
        if (r === "dbe" || r === "dmb") out.ruleset = r;
        else err(out.rulesetSpan, "bad-ruleset", `unknown ruleset "${r}": expected dbe or dmb`);
      } else if (kw === "types") {
        out.types = rest.split(/[,\s]+/).filter((x) => x.length > 0);
        if (out.types.length === 0) err(lineSpan, "bad-types", "`types` needs at least one type name");
      } else if (kw === "card") {
        if (out.code === null) err(lineSpan, "card-before-set", "a `card` must come after the `set <code> <name>` header");
        const mm = /^(\S+)\s+(.+)$/.exec(rest);
        if (!mm) {
          err(lineSpan, "card-header", "expected `card <set number> <name>`");
          continue;
        }
        const n = readName(mm[2]!);
        const nameStart = restStart + rest.length - mm[2]!.length;
        if ("error" in n) {
          err({ start: nameStart, end: nameStart + mm[2]!.length }, "bad-name", n.error);
          continue;
        }
        card = {
          setNumber: mm[1]!,
          setNumberSpan: { start: restStart, end: restStart + mm[1]!.length },
          name: n.name,
          nameSpan: { start: nameStart, end: nameStart + mm[2]!.trimEnd().length },
          fields: [],
          span: lineSpan,
        };
        out.cards.push(card);
      } else {
        err({ start, end: start + kw.length }, "unknown-line", `unknown line "${kw}": expected set, ruleset, types, card or a comment`);
      }
      continue;
    }
    // An indented line: a field of the current card.
    if (!card) {
      err(lineSpan, "field-outside-card", "an indented field must belong to a `card`");
      continue;
    }
    const fm = /^([+a-z]+)\s*:\s?(.*)$/.exec(trimmed);
    if (!fm) {
      err(lineSpan, "bad-field", "expected `key: value`");
      continue;
    }
    const raw = fm[1]!;
    const keySpan = { start: start + indent, end: start + indent + raw.length };
    const key = KEY_CANON.get(raw);
    if (key === undefined) {
      err(keySpan, "unknown-field", `unknown field "${raw}": expected one of ${CARD_KEYS.join(", ")}`);
      continue;
    }
    const vStartInLine = text.length - fm[2]!.length;
    const first = fm[2]!.trimEnd();
    let value: FieldValue = new PlainValue(first, start + vStartInLine);
    if (key === "text") {
      // Continuation lines: indented deeper than the key.
      const pieces: { text: string; start: number }[] = [{ text: first, start: start + vStartInLine }];
      while (i < texts.length) {
        const nx = texts[i]!;
        const nIndent = indentOf(nx);
        if (nIndent === nx.length || nIndent <= indent) break;
        pieces.push({ text: nx.slice(nIndent).trimEnd(), start: starts[i]! + nIndent });
        i++;
      }
      if (pieces.length > 1) value = joined(pieces);
    }
    card.fields.push({ key, keySpan, value });
    card.span = { start: card.span.start, end: value.span.end };
  }
  return out;
}

/** Leading blanks (spaces, tabs) of a line. */
function indentOf(line: string): number {
  let k = 0;
  while (k < line.length) {
    const c = line.charCodeAt(k);
    if (c !== 32 && c !== 9) break;
    k++;
  }
  return k;
}

function joined(pieces: { text: string; start: number }[]): FieldValue {
  const starts: number[] = [];
  let s = "";
  for (const p of pieces) {
    if (s.length > 0) s += "\n";
    starts.push(s.length);
    s += p.text;
  }
  const last = pieces[pieces.length - 1]!;
  return {
    value: s,
    span: { start: pieces[0]!.start, end: last.start + last.text.length },
    offsetAt(i: number): number {
      let k = 0;
      while (k + 1 < starts.length && starts[k + 1]! <= i) k++;
      return pieces[k]!.start + (i - starts[k]!);
    },
  };
}
