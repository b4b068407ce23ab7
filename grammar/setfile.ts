/**
 * The `.dgs` set file reader: header, card blocks and their fields, with exact ranges.
 * The card text, evo-box entries and attack abilities stay raw strings here; the compiler
 * parses them with the card-text grammar and maps their ranges back through
 * {@link FieldValue.offsetAt}.
 *
 * One reader for every ruleset: the header, the card blocks and the layout of a field are
 * the same; the keys a card block accepts, and which of them continue on deeper-indented
 * lines, are the ruleset's ({@link cardKeysOf}, {@link isTextKey}). The ruleset is the
 * file's `ruleset` line wherever it stands ({@link rulesetOfSource}), so every card of a file
 * is read with the same keys.
 *
 * Format: `docs/set-format.md`. Source of the fields: `000_012504f4614e5b24.txt`,
 * "Anatomy of Cards" (DBE, DMB); `001_9364978fb56838a3.txt` "Card Information" and
 * `002_db81695f81018ea7.txt` chapter 2 (DCG, section "DCG sets").
 */
import type { Diagnostic, Span } from "./diagnostics.ts";
import { setCodeProblem, setNumberProblem } from "./identity.ts";
import { badCharacters, hasBadCharacter, isRefusedCodeUnit, normalizeSource } from "./source.ts";
import { closest, didYouMean, slipOf } from "./suggest.ts";

/** A field value with the file offsets of its characters (multi-line `text:` is joined with "\n"). */
export interface FieldValue {
  value: string;
  span: Span;
  /** File offset of character `i` of `value` (i may equal value.length). */
  offsetAt(i: number): number;
}

/** One `key: value` line of a card block. */
export interface Field {
  /** One of the keys of the file's ruleset ({@link cardKeysOf}). */
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
  /** The text every range points into: the file normalised by {@link normalizeSource} (LF line breaks, no byte-order mark). */
  source: string;
  code: string | null;
  codeSpan: Span | null;
  name: string | null;
  /** The `ruleset` line's value (the last valid one), `dbe` when there is none. */
  ruleset: Ruleset;
  rulesetSpan: Span | null;
  /** Type vocabulary override (`types` line), or null. */
  types: string[] | null;
  cards: CardBlock[];
  diagnostics: Diagnostic[];
}

/** The rulesets a set file may name: `dbe`, `dmb` (the PlayStation-descended games) and `dcg` (the official Digimon Card Game). */
export type Ruleset = "dbe" | "dmb" | "dcg";

/** The values of a `ruleset` line, in the order messages list them. */
export const RULESETS: readonly Ruleset[] = ["dbe", "dmb", "dcg"];

/** Keys a card block of a DBE or DMB set accepts, in the canonical field order. */
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

/**
 * Keys a card block of a DCG set accepts, in the canonical field order (docs/set-format.md,
 * "DCG sets"; `001_9364978fb56838a3.txt` "Card Information"; `002_db81695f81018ea7.txt` 2-1 … 2-20).
 */
export const DCG_CARD_KEYS = [
  "kind",
  "color",
  "level",
  "playcost",
  "usecost",
  "digivolve",
  "dna",
  "dp",
  "form",
  "attribute",
  "traits",
  "rarity",
  "effect",
  "inherited",
  "security",
] as const;

/** A key of a card block of any ruleset. */
export type CardKey = (typeof CARD_KEYS)[number] | (typeof DCG_CARD_KEYS)[number];

/** The keys a card block accepts under a ruleset, in canonical field order. */
export function cardKeysOf(ruleset: Ruleset): readonly CardKey[] {
  return ruleset === "dcg" ? DCG_CARD_KEYS : CARD_KEYS;
}

/** The keys whose value is card text, which continues on lines indented deeper than the key: `text:` (DBE, DMB); `effect:`, `inherited:`, `security:` (DCG). */
const TEXT_KEYS: Readonly<Record<Ruleset, ReadonlySet<string>>> = {
  dbe: new Set(["text"]),
  dmb: new Set(["text"]),
  dcg: new Set(["effect", "inherited", "security"]),
};

/**
 * {@link TEXT_KEYS} as lists, for the reader: a key it reads is one of the constant strings of
 * {@link cardKeysOf}, and one to three comparisons of those cost less than hashing it.
 */
const TEXT_KEY_LISTS: Readonly<Record<Ruleset, readonly string[]>> = { dbe: [...TEXT_KEYS.dbe], dmb: [...TEXT_KEYS.dmb], dcg: [...TEXT_KEYS.dcg] };

/** Whether `key` is one of `keys` (an index loop). */
function isOneOf(keys: readonly string[], key: string): boolean {
  for (let i = 0; i < keys.length; i++) if (keys[i] === key) return true;
  return false;
}

/** Whether a key's value is card text that continues on deeper-indented lines (see {@link TEXT_KEYS}). */
export function isTextKey(ruleset: Ruleset, key: string): boolean {
  return TEXT_KEYS[ruleset].has(key);
}

/** {@link FieldValue.offsetAt} of a one-line value: character i is at file offset start + i. */
function plainOffsetAt(this: FieldValue, i: number): number {
  return this.span.start + i;
}

/**
 * The keys of each ruleset by length and first letter, so that a key is found in the file's
 * text where it stands (no string is cut out of the line for it): the constant strings of
 * {@link cardKeysOf}, so later comparisons are cheap.
 */
type KeyTable = readonly (readonly CardKey[] | undefined)[];

function keyTable(keys: readonly CardKey[]): KeyTable {
  const t: CardKey[][] = [];
  for (const k of keys) (t[k.length * 128 + k.charCodeAt(0)] ??= []).push(k);
  return t;
}

const KEY_TABLES: Readonly<Record<Ruleset, KeyTable>> = { dbe: keyTable(CARD_KEYS), dmb: keyTable(CARD_KEYS), dcg: keyTable(DCG_CARD_KEYS) };

/** The key of the table that `src[from, to)` spells (at most 24 characters), or undefined when it spells none. */
function canonKey(table: KeyTable, src: string, from: number, to: number): CardKey | undefined {
  const list = table[(to - from) * 128 + src.charCodeAt(from)];
  if (list === undefined) return undefined;
  // An index loop: `for … of` here made an iterator per field read.
  for (let j = 0; j < list.length; j++) {
    const k = list[j]!;
    let i = 1;
    while (i < k.length && k.charCodeAt(i) === src.charCodeAt(from + i)) i++;
    if (i === k.length) return k;
  }
  return undefined;
}

/** A new span. */
function spanOf(start: number, end: number): Span {
  return { start, end };
}

/** A `ruleset` line's value, or null when it names no ruleset. */
function rulesetWord(raw: string): Ruleset | null {
  const r = trimBlanks(raw);
  return r === "dbe" || r === "dmb" || r === "dcg" ? r : null;
}

/**
 * The ruleset a `ruleset` line that names none was surely meant to name: the one its value spells
 * in another case ("DCG") or one edit away ("dgc"); null when none is, or two are ("dmg": dmb or
 * dcg?). The line is an error all the same; the file is read with this ruleset's card fields, so
 * that one slip is one error, not one per field of every card.
 */
function rulesetMeant(raw: string): Ruleset | null {
  const r = trimBlanks(raw).toLowerCase();
  const exact = RULESETS.find((x) => x === r);
  return exact ?? (slipOf(r, RULESETS) as Ruleset | null);
}

/**
 * The ruleset of a normalised text ({@link normalizeSource}): the value of its last `ruleset`
 * line that names one, `dbe` when none does, with the start of each valid `ruleset` line (for
 * the check that a file names one family of rulesets).
 */
function scanRulesets(src: string): RulesetScan {
  // The checker routes a file by its ruleset (rulesetOfSource), then reads it: one scan for both.
  if (lastScan !== null && lastScan.src === src) return lastScan.scan;
  const scan = scanRulesetsNow(src);
  lastScan = { src, scan };
  return scan;
}

/** What {@link scanRulesets} finds in a text. */
interface RulesetScan {
  ruleset: Ruleset;
  lines: readonly { ruleset: Ruleset; start: number; end: number }[];
}

/** The text {@link scanRulesets} scanned last, and what it found. */
let lastScan: { src: string; scan: RulesetScan } | null = null;

/** {@link scanRulesets}, scanning. */
function scanRulesetsNow(src: string): RulesetScan {
  const lines: { ruleset: Ruleset; start: number; end: number }[] = [];
  let ruleset: Ruleset = "dbe";
  // Header lines start at column 1: at the start of the text or after a line break (LF only, once normalised).
  let at = 0;
  for (;;) {
    if (src.startsWith("ruleset", at)) {
      let end = src.indexOf("\n", at);
      if (end < 0) end = src.length;
      const after = at + 7;
      if (after === end || isBlank(src.charCodeAt(after))) {
        const value = src.slice(after, end);
        const r = rulesetWord(value);
        if (r !== null) {
          ruleset = r;
          lines.push({ ruleset: r, start: at, end });
        } else {
          // A slip ("DCG", "dgc"): read with the ruleset meant (the line's error says so).
          const meant = rulesetMeant(value);
          if (meant !== null) ruleset = meant;
        }
      }
    }
    const next = src.indexOf("\nruleset", at);
    if (next < 0) break;
    at = next + 1;
  }
  return { ruleset, lines };
}

/**
 * The ruleset a set file is read with: the value of its `ruleset` line (the last one that
 * names a ruleset), `dbe` when there is none. Cheap (no card is read): for routing files to
 * their ruleset's checker before reading them.
 * @param source the file's text, as read
 */
export function rulesetOfSource(source: string): Ruleset {
  return scanRulesets(normalizeSource(source).text).ruleset;
}

/**
 * Read a name: the rest of the line, or a JSON string literal when it starts with '"'.
 * A quoted name is held to the file's character rules ({@link hasBadCharacter}); it may
 * hold LF (`"Line one\nLine two"`).
 * @returns the name, or an error message
 */
function readName(raw: string): { name: string } | { error: string } {
  const t = trimBlanks(raw);
  if (!t.startsWith('"')) return { name: t };
  let v: unknown;
  try {
    v = JSON.parse(t);
  } catch {
    return { error: `bad quoted name ${t.length > 60 ? `${t.slice(0, 60)}…` : t}: use JSON string syntax, e.g. "Line one\\nLine two"` };
  }
  if (typeof v !== "string") return { error: "a quoted name must be a JSON string" };
  if (hasBadCharacter(v)) return { error: "a quoted name may not hold control characters, CR, line or paragraph separators, bidirectional controls or lone surrogates (LF is allowed)" };
  return { name: v };
}

/** Trim spaces and tabs (not other Unicode blanks: they are refused or part of the value). */
function trimBlanks(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isBlank(s.charCodeAt(a))) a++;
  while (b > a && isBlank(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

/** Space or tab: the only blanks that separate words and indent lines in a `.dgs` file. */
function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

/** The first blank-separated word of `line` from `from`, and where the rest starts (blanks skipped). */
function wordAt(line: string, from: number): { word: string; end: number; rest: number } {
  let e = from;
  while (e < line.length && !isBlank(line.charCodeAt(e))) e++;
  let r = e;
  while (r < line.length && isBlank(line.charCodeAt(r))) r++;
  return { word: line.slice(from, e), end: e, rest: r };
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
 * Parse a `.dgs` file. Never throws: problems are diagnostics with ranges.
 *
 * The text is first normalised ({@link normalizeSource}: no leading byte-order mark, LF
 * line breaks), and every range — of a card, a field, a diagnostic — is an offset into
 * that normalised text, returned as {@link SetFileSyntax.source}. Refused characters
 * ({@link badCharacters}) are errors where they stand; the rest of the file is still read.
 * Reading is linear in the length of the file.
 * @param file path or label used in diagnostics
 * @param source the file's text, as read
 */
export function readSetFile(file: string, source: string): SetFileSyntax {
  return read(file, source, null);
}

/**
 * Read a `.dgs` file card block by card block, for a reader that uses each block once (the
 * set checker): `onCard` gets each block as soon as it is complete — its last field read, at
 * the next line in column 1 or the end of the file — with its fields. Those fields (and their
 * values) are lent: the same objects are filled again for the next block, and once `onCard`
 * returns, the block's `fields` is empty; anything to keep of them is taken during the call
 * (their spans are new objects each time they are read). The returned syntax is
 * {@link readSetFile}'s with no fields in its blocks, and its diagnostics are the same.
 *
 * What this saves: a card block's fields are most of what reading a file makes (about twelve
 * objects of four kinds per card), and made once per block and kept, they would all outlive the
 * young generation — copied by garbage collection, then swept as old garbage once the file is
 * checked (docs/grammar-style.md, "Checking").
 * @param onCard called with each complete block; the header lines read so far are in
 *   `syntax`, and the reader's diagnostics up to that point in its `diagnostics`
 */
export function scanSetFile(file: string, source: string, onCard: (card: CardBlock, syntax: SetFileSyntax) => void): SetFileSyntax {
  return read(file, source, onCard);
}

/**
 * The fields of a block {@link scanSetFile} has lent and taken back: one empty list for every
 * block (a list per block would be kept with the block until the file is checked). Frozen:
 * nothing is ever added to it.
 */
const NO_FIELDS: Field[] = Object.freeze([]) as unknown as Field[];

/** {@link readSetFile}, or {@link scanSetFile} when `onCard` is given. */
function read(file: string, source: string, onCard: ((card: CardBlock, syntax: SetFileSyntax) => void) | null): SetFileSyntax {
  const text0 = normalizeSource(source).text;
  const out: SetFileSyntax = {
    file,
    source: text0,
    code: null,
    codeSpan: null,
    name: null,
    ruleset: "dbe",
    rulesetSpan: null,
    types: null,
    cards: [],
    diagnostics: badCharacters(text0),
  };
  const err = (span: Span, code: string, message: string, hint?: string) =>
    out.diagnostics.push(hint === undefined ? { severity: "error", code, message, span } : { severity: "error", code, message, span, hint });
  const src = text0;
  // The keys of every card block are the ruleset's, wherever the `ruleset` line stands. A
  // file that names both a DCG and a DBE/DMB ruleset cannot be read with one set of keys:
  // each `ruleset` line of the other family is an error (the last one decides the keys).
  const scanned = scanRulesets(src);
  const keyRuleset = scanned.ruleset;
  const keyCanon = KEY_TABLES[keyRuleset];
  const textKeys = TEXT_KEY_LISTS[keyRuleset];
  const family = (r: Ruleset) => (r === "dcg" ? "dcg" : "dbe");
  for (const l of scanned.lines) {
    if (family(l.ruleset) === family(keyRuleset)) continue;
    const start = blanksFrom(src, l.start + 7, l.end);
    err(
      { start, end: trailingBlanksFrom(src, start, l.end) },
      "ruleset-conflict",
      `this file also says \`ruleset ${keyRuleset}\`: a set file is read with one ruleset's card fields (DCG's differ from DBE's and DMB's), so give it one \`ruleset\` line`,
    );
  }
  const n = src.length;
  // Lines are read by offsets into the text, with no string per line: a set of 10,000
  // cards has over 100,000 lines, and most of them only yield a field key and a value.
  let card: CardBlock | null = null;
  // The card's last field when it is a text key (`text:`, `effect:` …), with its indent: a line
  // after it that is no field most often continues its text (indented too little, or after a
  // blank line, which ends a text field).
  let lastText: { key: string; indent: number } | null = null;
  // After a `card` line that could not be read (no name, a bad set number or name): its
  // indented lines are that card's fields, not fields outside any card. They are skipped
  // unread: the header's error says the card is not there, and one error is enough.
  let badCard = false;
  // The fields lent to `onCard`, the list they are lent in (each block's, in turn), and how
  // many of them the current block uses.
  const lent: LentField[] = [];
  const lentList: Field[] = [];
  let lentUsed = 0;
  const complete = (c: CardBlock) => {
    onCard!(c, out);
    c.fields = NO_FIELDS;
    // Emptied by pops, which keep its room (setting its length to 0 gives the room up, and
    // the next block's fields would make it again).
    while (lentList.length > 0) lentList.pop();
    lentUsed = 0;
  };
  let pos = 0;
  while (pos <= n) {
    const start = pos;
    let end = src.indexOf("\n", pos);
    if (end < 0) end = n;
    pos = end + 1;
    const indent = blanksFrom(src, start, end) - start;
    const first = start + indent;
    if (first === end || src.charCodeAt(first) === 35 /* # */) continue;
    const lineEnd = trailingBlanksFrom(src, first, end);
    // A field of the open card written flush left (`kind: Digimon`): an error at it, and it is
    // read as the card's field all the same (with no continuation lines), so the card reports
    // no follow-on errors and keeps the fields indented after it.
    const flushLeft = indent === 0 && card !== null ? flushLeftField(src, start, end, keyCanon) : null;
    if (flushLeft !== null)
      err(
        spanOf(start, lineEnd),
        "unindented-field",
        `the field "${flushLeft}" of ${card!.setNumber} is not indented: a card's fields are indented lines under its \`card\` line`,
        `indent it: "  ${src.slice(start, lineEnd)}"`,
      );
    else if (indent === 0) {
      if (card !== null && onCard !== null) complete(card);
      card = null;
      badCard = false;
      // A line that starts with a refused character has its error already (badCharacters);
      // one that starts with another blank (NBSP, U+3000 …) is neither a header nor a field.
      if (isRefusedCodeUnit(src.charCodeAt(start))) continue;
      // Another blank: only a code unit beyond ASCII can be one here (VT, FF and CR are refused or gone).
      if (src.charCodeAt(start) > 127 && /\s/.test(src[start]!)) {
        err({ start, end: start + 1 }, "bad-indent", `line starts with ${codePoint(src.slice(start, start + 2))}: indent fields with spaces or tabs only`);
        continue;
      }
      if (src.startsWith("card", start) && (start + 4 === end || isBlank(src.charCodeAt(start + 4)))) {
        lastText = null;
        card = readCardLine(src, start, end, lineEnd, out, err, onCard === null ? [] : lentList);
        badCard = card === null;
        continue;
      }
      const text = src.slice(start, end);
      const kw = wordAt(text, 0);
      const rest = text.slice(kw.rest);
      const restStart = start + kw.rest;
      if (kw.word === "set") {
        const code = wordAt(rest, 0);
        if (code.word.length === 0) {
          err(spanOf(first, lineEnd), "set-header", "expected `set <code> <name>`");
          continue;
        }
        const codeSpan = { start: restStart, end: restStart + code.end };
        const problem = setCodeProblem(code.word);
        if (problem) {
          err(codeSpan, "bad-set-code", problem);
          continue;
        }
        out.code = code.word;
        out.codeSpan = codeSpan;
        const nm = readName(rest.slice(code.rest));
        if ("error" in nm) err(spanOf(first, lineEnd), "bad-name", nm.error);
        else out.name = nm.name;
      } else if (kw.word === "ruleset") {
        const r = rulesetWord(rest);
        out.rulesetSpan = { start: restStart, end: restStart + rest.length };
        if (r !== null) out.ruleset = r;
        else {
          const meant = rulesetMeant(rest);
          if (meant !== null) out.ruleset = meant;
          err(
            out.rulesetSpan,
            "bad-ruleset",
            `unknown ruleset ${JSON.stringify(trimBlanks(rest))}: expected ${RULESETS.slice(0, -1).join(", ")} or ${RULESETS[RULESETS.length - 1]} (lower case)${meant === null ? "" : `; the file is read as a ${meant} set`}`,
            didYouMean(meant),
          );
        }
      } else if (kw.word === "types") {
        out.types = rest.split(/[, \t]+/).filter((x) => x.length > 0);
        if (out.types.length === 0) err(spanOf(first, lineEnd), "bad-types", "`types` needs at least one type name");
      } else {
        err({ start, end: start + kw.end }, "unknown-line", `unknown line ${JSON.stringify(kw.word.length > 40 ? `${kw.word.slice(0, 40)}…` : kw.word)}: expected set, ruleset, types, card or a comment`);
      }
      continue;
    }
    // An indented line: a field of the current card, `key: value`.
    if (!card) {
      if (!badCard) err(spanOf(first, lineEnd), "field-outside-card", "an indented field must belong to a `card`");
      continue;
    }
    let k = first;
    while (k < lineEnd && isKeyChar(src.charCodeAt(k))) k++;
    let c = k;
    while (c < lineEnd && isBlank(src.charCodeAt(c))) c++;
    if (k === first || k - first > 24 || src.charCodeAt(c) !== 58 /* : */) {
      const why = badFieldWhy(src.slice(first, lineEnd), cardKeysOf(keyRuleset), lastText === null ? null : { key: lastText.key, deeper: indent > lastText.indent });
      // A slip of the key is reported at the key, so that an editor's quick fix replaces it.
      const at = why?.keyLength !== undefined ? spanOf(first, first + why.keyLength) : spanOf(first, lineEnd);
      err(at, "bad-field", `expected \`key: value\`${why === null ? "" : `: ${why.message}`}`, why?.hint);
      continue;
    }
    const key = canonKey(keyCanon, src, first, k);
    if (key === undefined) {
      const raw = src.slice(first, k);
      const keySpan = spanOf(first, k);
      const keys = cardKeysOf(keyRuleset);
      const near = KEY_MEANT[keyRuleset === "dcg" ? "dcg" : "dbe"].get(raw) ?? closest(raw, keys);
      const hint = near === null ? undefined : `did you mean "${near}"?`;
      if (keyRuleset === "dcg") err(keySpan, "unknown-field", `unknown field "${raw}" of a DCG card: expected one of ${keys.join(", ")}`, hint);
      else err(keySpan, "unknown-field", `unknown field "${raw}": expected one of ${keys.join(", ")}`, hint);
      lastText = null;
      continue;
    }
    lastText = isOneOf(textKeys, key) ? { key, indent } : null;
    // One blank after the colon belongs to it ("key: value").
    let vStart = c + 1;
    if (vStart < end && isBlank(src.charCodeAt(vStart))) vStart++;
    // The value is src[vStart, valueEnd): cut out here for a field kept, on first use for a
    // lent one (a reader that looks blocks up by their text reads few values).
    const valueEnd = vStart < lineEnd ? lineEnd : vStart;
    // Continuation lines (of a text key): indented deeper than the key.
    let pieces: { text: string; start: number }[] | null = null;
    if (isOneOf(textKeys, key)) {
      while (pos <= n) {
        let nEnd = src.indexOf("\n", pos);
        if (nEnd < 0) nEnd = n;
        const nFirst = blanksFrom(src, pos, nEnd);
        if (nFirst === nEnd || nFirst - pos <= indent || flushLeft !== null) break;
        pieces ??= [{ text: src.slice(vStart, valueEnd), start: vStart }];
        pieces.push({ text: src.slice(nFirst, trailingBlanksFrom(src, nFirst, nEnd)), start: nFirst });
        pos = nEnd + 1;
      }
    }
    const last = pieces === null ? null : pieces[pieces.length - 1]!;
    if (onCard !== null) {
      // A lent field: the same objects again for each block.
      if (lentUsed === lent.length) lent.push(new LentField());
      card.fields.push(lent[lentUsed++]!.set(key, first, src, vStart, valueEnd, pieces));
    } else {
      const value: FieldValue = last === null ? { value: src.slice(vStart, valueEnd), span: { start: vStart, end: valueEnd }, offsetAt: plainOffsetAt } : new JoinedValue(pieces!);
      card.fields.push({ key, keySpan: { start: first, end: k }, value });
    }
    card.span.end = last === null ? valueEnd : last.start + last.text.length;
  }
  if (card !== null && onCard !== null) complete(card);
  return out;
}

/**
 * The key of a line in column 1 that reads as a card field (`dp: 300`, a key of the file's
 * ruleset and a colon), or null. A card's fields are indented lines under its `card` line
 * (docs/set-format.md), and a field typed flush left is the most common slip.
 * @param src the normalised text; `src[start, end)` is the line
 */
function flushLeftField(src: string, start: number, end: number, keys: KeyTable): CardKey | null {
  let k = start;
  while (k < end && isKeyChar(src.charCodeAt(k))) k++;
  if (k === start || k - start > 24 || src.charCodeAt(blanksFrom(src, k, end)) !== 58 /* : */) return null;
  return canonKey(keys, src, start, k) ?? null;
}

/**
 * The keys a designer writes for another key of the ruleset (a DBE habit in a DCG set, a
 * printed label): `text:` in a DCG set is its `effect:` box, its `cost:` a `playcost:`, its
 * `type:` the `traits:` (002 2-5: "Type" on the card).
 */
const KEY_MEANT: Readonly<Record<"dbe" | "dcg", ReadonlyMap<string, string>>> = {
  dcg: new Map([["text", "effect"], ["cost", "playcost"], ["type", "traits"], ["types", "traits"], ["trait", "traits"], ["inherit", "inherited"], ["sec", "security"], ["lvl", "level"]]),
  dbe: new Map([["effect", "text"], ["lvl", "level"], ["color", "type"], ["colour", "type"]]),
};

/**
 * Why an indented line is not `key: value`, when it can be told, and the fix. After a text
 * field (`text`), the line most likely continues that text: indented no deeper than its key, or
 * after a blank line (which ends a text field) — said first, with no quick fix, since it may also
 * be a field with a slip. Otherwise a slip of the key ({@link keySlip}). Null when nothing fits.
 * @param line the line from its first character to its last non-blank one
 * @param keys the ruleset's card keys
 * @param text the card's last field when it is a text key, and whether this line is indented deeper than it
 */
function badFieldWhy(line: string, keys: readonly string[], text: { key: string; deeper: boolean } | null): { message: string; hint?: string; keyLength?: number } | null {
  const slip = keySlip(line, keys);
  if (text === null) return slip;
  if (text.deeper) return { message: `a blank line ends the ${text.key}: text, and this line is no field`, hint: `remove the blank line above it to go on with the ${text.key}: text` };
  return { message: `a line that continues the ${text.key}: text is indented deeper than its key${slip === null ? "" : ` (as a field: ${slip.message})`}`, hint: `indent this line more than "${text.key}:"` };
}

/**
 * A slip of a field's key, and the fix: a key written with capitals ("DP: 5000": did you mean
 * "dp"?), with a blank inside ("play cost: 5": write it "playcost: 5"), or a known key with no
 * colon ("effect [On Play] …": did you mean "effect:"?). A "did you mean" hint names what
 * replaces the key alone (`keyLength`, the range the error is at), as an editor's quick fix
 * applies it. Null when the line has none of these.
 */
function keySlip(line: string, keys: readonly string[]): { message: string; hint?: string; keyLength?: number } | null {
  const colon = line.indexOf(":");
  const head = colon < 0 ? null : line.slice(0, colon).trimEnd();
  if (head !== null && head.length > 0 && head.length <= 30 && /^[A-Za-z+][A-Za-z+ ]*$/.test(head)) {
    const joined = head.replace(/ +/g, "").toLowerCase();
    const key = keys.includes(joined) ? joined : null;
    if (key !== null && head !== key) {
      const value = line.slice(colon + 1).trim();
      if (head.includes(" ")) return { message: `a key has no blanks inside: "${key}:"`, hint: `write it "${key}: ${value.length > 40 ? `${value.slice(0, 40)}…` : value}"` };
      return { message: `keys are lower case: "${key}:"`, hint: `did you mean "${key}"?`, keyLength: head.length };
    }
  }
  // A key, a blank, then no colon ("effect [On Play] …"); not "digivolve cost: 2", whose colon ends words.
  const word = /^[a-z+]+/.exec(line)?.[0];
  if (word !== undefined && keys.includes(word) && (line.length === word.length || /^[ \t]/.test(line.slice(word.length))) && (head === null || !/^[A-Za-z+ ]+$/.test(head)))
    return { message: `a colon goes after the key "${word}"`, hint: `did you mean "${word}:"?`, keyLength: word.length };
  return null;
}

/**
 * Read a `card <set number> <name>` line (the line is `src[start, end)`, `lineEnd` its end
 * with trailing blanks left out): the new block, or null with an error when the line cannot
 * be read. Works on offsets into `src`: no string is cut out but the number and the name.
 * @param fields the list the block's fields are to be read into (empty)
 */
function readCardLine(
  src: string,
  start: number,
  end: number,
  lineEnd: number,
  out: SetFileSyntax,
  err: (span: Span, code: string, message: string, hint?: string) => void,
  fields: Field[],
): CardBlock | null {
  if (out.code === null) err(spanOf(start, lineEnd), "card-before-set", "a `card` must come after the `set <code> <name>` header");
  const restStart = blanksFrom(src, start + 4, end);
  let numEnd = restStart;
  while (numEnd < end && !isBlank(src.charCodeAt(numEnd))) numEnd++;
  const nameStart = blanksFrom(src, numEnd, end);
  const nameEnd = trailingBlanksFrom(src, nameStart, end);
  if (numEnd === restStart || nameEnd === nameStart) {
    const word = src.slice(restStart, numEnd);
    err(
      spanOf(start, lineEnd),
      "card-header",
      word.length === 0 ? "expected `card <set number> <name>`" : `expected \`card <set number> <name>\`: card ${JSON.stringify(word.length > 40 ? `${word.slice(0, 40)}…` : word)} has no name`,
    );
    return null;
  }
  const setNumber = src.slice(restStart, numEnd);
  const numberSpan = spanOf(restStart, numEnd);
  const problem = setNumberProblem(setNumber);
  if (problem) {
    err(numberSpan, "bad-set-number", problem);
    return null;
  }
  const rawName = src.slice(nameStart, nameEnd);
  const nameSpan = spanOf(nameStart, nameEnd);
  let name = rawName;
  if (src.charCodeAt(nameStart) === 34 /* " */) {
    const nm = readName(rawName);
    if ("error" in nm) {
      err(nameSpan, "bad-name", nm.error);
      return null;
    }
    name = nm.name;
  }
  // The block's span is its own object: its end moves with each field read.
  const card: CardBlock = { setNumber, setNumberSpan: numberSpan, name, nameSpan, fields, span: spanOf(start, lineEnd) };
  out.cards.push(card);
  return card;
}

/** The offset of the first character from `from` that is not a space or tab (at most `end`). */
function blanksFrom(s: string, from: number, end: number): number {
  let i = from;
  while (i < end && isBlank(s.charCodeAt(i))) i++;
  return i;
}

/** The end of `s[from, end)` with trailing spaces and tabs left out. */
function trailingBlanksFrom(s: string, from: number, end: number): number {
  let i = end;
  while (i > from && isBlank(s.charCodeAt(i - 1))) i--;
  return i;
}

/** A character of a field key: `+` or a lower-case ASCII letter. */
function isKeyChar(c: number): boolean {
  return c === 43 || (c >= 97 && c <= 122);
}

/** "U+00A0 (a blank other than space or tab)" for the first character of a line. */
function codePoint(line: string): string {
  return `U+${line.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")} (a blank other than space or tab)`;
}

/**
 * A field that stays as it is once {@link scanSetFile}'s `onCard` has returned: a lent field
 * copied as {@link readSetFile} makes its fields (a one-line value cut out of the file, a
 * joined value as it is), any other field itself. For a reader that needs a few fields of a
 * block after the block (the set checker keeps each card's `text:` field to check the texts
 * once the file is read).
 */
export function keptField(f: Field): Field {
  return f instanceof LentField ? f.kept() : f;
}

/**
 * A field lent to {@link scanSetFile}'s `onCard`, filled again for each block, with its
 * value ({@link LentValue}). Its spans are new objects each time they are read, so a span
 * kept from it stays right after the field is filled again.
 */
class LentField implements Field {
  key: CardKey = "kind";
  value: FieldValue;
  private keyStart = 0;
  private readonly plain = new LentValue();

  constructor() {
    this.value = this.plain;
  }

  /** Fill the field: its key at `keyStart`, its value `src[start, end)` (or joined from `pieces`). */
  set(key: CardKey, keyStart: number, src: string, start: number, end: number, pieces: { text: string; start: number }[] | null): this {
    this.key = key;
    this.keyStart = keyStart;
    this.value = pieces === null ? this.plain.set(src, start, end) : new JoinedValue(pieces);
    return this;
  }

  get keySpan(): Span {
    return { start: this.keyStart, end: this.keyStart + this.key.length };
  }

  /** The field as {@link readSetFile} makes it, which stays valid once this one is filled again ({@link keptField}). */
  kept(): Field {
    const v = this.value;
    const value: FieldValue = v === this.plain ? { value: v.value, span: v.span, offsetAt: plainOffsetAt } : v;
    return { key: this.key, keySpan: this.keySpan, value };
  }
}

/**
 * The one-line value of a {@link LentField}, `src[start, end)`: character i is at file offset
 * start + i. The string is cut out of the file on first use.
 */
class LentValue implements FieldValue {
  private src = "";
  private start = 0;
  private end = 0;
  private text: string | null = null;

  /** Fill the value. */
  set(src: string, start: number, end: number): this {
    this.src = src;
    this.start = start;
    this.end = end;
    this.text = null;
    return this;
  }

  get value(): string {
    return (this.text ??= this.src.slice(this.start, this.end));
  }

  get span(): Span {
    return { start: this.start, end: this.end };
  }

  offsetAt(i: number): number {
    return this.start + i;
  }
}

/**
 * A value joined from several lines with "\n": character i of the value is in the last piece
 * that starts at or before it.
 */
class JoinedValue implements FieldValue {
  readonly value: string;
  readonly span: Span;
  private readonly pieces: readonly { text: string; start: number }[];
  private readonly starts: number[];
  constructor(pieces: readonly { text: string; start: number }[]) {
    const starts: number[] = [];
    let s = "";
    for (const p of pieces) {
      if (s.length > 0) s += "\n";
      starts.push(s.length);
      s += p.text;
    }
    const last = pieces[pieces.length - 1]!;
    this.value = s;
    this.span = { start: pieces[0]!.start, end: last.start + last.text.length };
    this.pieces = pieces;
    this.starts = starts;
  }
  offsetAt(i: number): number {
    // Binary search: a text may have many lines.
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= i) lo = mid;
      else hi = mid - 1;
    }
    return this.pieces[lo]!.start + (i - starts[lo]!);
  }
}
