/**
 * What checking a set has in common across rulesets — the DBE/DMB checker
 * (`compiler/check/set.ts`) and the DCG checker (`compiler/check/dcg/set.ts`) both use these:
 * locating diagnostics (file:line:col), capping a card's diagnostics, reader errors that
 * keep a card block from compiling, set numbers used by two blocks, set codes that would
 * share an output folder, and the card names loaded together ({@link KnownNames}).
 *
 * Sources: `000_012504f4614e5b24.txt`, Anatomy of Cards item 2 ("Set Number – Used in deck
 * construction to determine uniqueness"); `002_db81695f81018ea7.txt` 2-1-1 (cards with the
 * same card number are the same card); `grammar/identity.ts` (a set code is a folder name).
 */
import type { CardBlock } from "../../grammar/setfile.ts";
import type { Diagnostic, Span } from "../../grammar/diagnostics.ts";
import type { FileDiagnostic } from "../api.ts";
import { distance } from "../../grammar/suggest.ts";
import type { Level } from "../../runtime/vocabulary.ts";

/**
 * A copy of a short list that the IR keeps, made by an array literal at its size: a list grown
 * by pushes keeps room for 17 items (184 bytes for one item, 56 in a literal of one), and what
 * a set keeps, garbage collection copies (docs/grammar-style.md, "Checking"). An array literal
 * also has an allocation site, which lets V8 allocate it directly among long-lived objects once
 * it sees that it lives on. Lists longer than 8 are sliced.
 */
export function kept<T>(list: readonly T[]): T[] {
  switch (list.length) {
    case 0:
      return [];
    case 1:
      return [list[0]!];
    case 2:
      return [list[0]!, list[1]!];
    case 3:
      return [list[0]!, list[1]!, list[2]!];
    case 4:
      return [list[0]!, list[1]!, list[2]!, list[3]!];
    case 5:
      return [list[0]!, list[1]!, list[2]!, list[3]!, list[4]!];
    case 6:
      return [list[0]!, list[1]!, list[2]!, list[3]!, list[4]!, list[5]!];
    case 7:
      return [list[0]!, list[1]!, list[2]!, list[3]!, list[4]!, list[5]!, list[6]!];
    case 8:
      return [list[0]!, list[1]!, list[2]!, list[3]!, list[4]!, list[5]!, list[6]!, list[7]!];
    default:
      return list.slice();
  }
}

/**
 * Whether `String.prototype.trim` removes this UTF-16 code unit, and `/\s/` matches it:
 * WhiteSpace or LineTerminator (ECMA-262). For trimming by offsets, with no new string.
 */
export function isTrimmed(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * The code of the warning for a card whose text compiles but that the rules runtime cannot play
 * yet (DBE: `runtimeRefusals` in compiler/check/set.ts; DCG: `checkDcgBlock` in
 * compiler/check/dcg/set.ts): `duel` and `simulate` refuse a deck holding it.
 */
export const RUNTIME_UNSUPPORTED = "runtime-unsupported";

/** Whether a text holds anything but blanks (`text.trim().length > 0`, with no new string). */
export function hasContent(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isTrimmed(text.charCodeAt(i))) return true;
  return false;
}

/**
 * Line starts of a text, for offset → line/column. The starts are found when a position is
 * first asked for: a file with no diagnostic never needs them.
 */
export class LineMap {
  private readonly text: string;
  private starts: Int32Array | null = null;
  private lines = 0;
  constructor(text: string) {
    this.text = text;
  }
  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; col: number } {
    if (this.starts === null) {
      this.starts = lineStarts(this.text);
      this.lines = this.starts[0]!;
    }
    const starts = this.starts;
    // starts[0] is the number of lines; line i (from 1) starts at starts[i].
    let lo = 1;
    let hi = this.lines;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, col: offset - starts[lo]! + 1 };
  }
}

/**
 * The number of lines of a text (LF line breaks), then the offset of each line's first
 * character: a typed array (no object for the garbage collector to trace), grown by doubling.
 */
function lineStarts(text: string): Int32Array {
  let starts = new Int32Array(1024);
  let n = 1;
  starts[1] = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) {
    if (++n === starts.length) {
      const more = new Int32Array(starts.length * 2);
      more.set(starts);
      starts = more;
    }
    starts[n] = i + 1;
  }
  starts[0] = n;
  return starts;
}

/** Attach file and line/column to a diagnostic. */
export function locate(file: string, lines: LineMap, d: Diagnostic): FileDiagnostic {
  const a = lines.position(d.span.start);
  const b = lines.position(d.span.end);
  return { ...d, file, line: a.line, col: a.col, endLine: b.line, endCol: b.col };
}

/** The set code given to files without a `set` header; such a set is never emitted. */
export const NO_SET = "(no set)";

/** The code of the diagnostic that keeps a set from being written (see {@link codeClashes}). */
export const SET_CODE_CLASH = "set-code-clash";

/** Most diagnostics reported for one card; the last one counts the rest. */
export const MAX_CARD_DIAGNOSTICS = 50;

/**
 * A card's diagnostics, at most {@link MAX_CARD_DIAGNOSTICS}: errors first when there are
 * more, the last kept one saying how many were left out. A designer fixes the first ones
 * first, and a hostile card cannot make a report of millions of lines.
 */
export function capped(ds: Diagnostic[]): Diagnostic[] {
  if (ds.length <= MAX_CARD_DIAGNOSTICS) return ds;
  const errors = ds.filter((d) => d.severity === "error");
  const kept = [...errors, ...ds.filter((d) => d.severity !== "error")].slice(0, MAX_CARD_DIAGNOSTICS).sort((a, b) => a.span.start - b.span.start);
  const last = kept[kept.length - 1]!;
  kept[kept.length - 1] = { ...last, message: `${last.message} (and ${ds.length - MAX_CARD_DIAGNOSTICS} more problems in this card)` };
  return kept;
}

/**
 * A file's reader errors by where they start, to tell which card blocks hold one: a card with
 * a reader error inside it (a bad field line, an unknown key …) does not compile, whatever its
 * fields say. Made once per file; each question is a binary search. (Every block used to look
 * at every error: a 10,000-card file with 3,000 errors spent 0.45 s of its check there.)
 */
export class ReaderErrors {
  /** The errors' start offsets, ascending (the reader lists refused characters and ruleset lines first). */
  private readonly starts: number[];

  /** @param diagnostics the reader's diagnostics of the file (only its errors count) */
  constructor(diagnostics: readonly Diagnostic[]) {
    const starts: number[] = [];
    for (const d of diagnostics) if (d.severity === "error") starts.push(d.span.start);
    this.starts = starts.sort((a, b) => a - b);
  }

  /**
   * Whether one of the errors lies inside a card block.
   * @param block the card block
   * @param next the block after it in the file, if any (the lines up to its set number belong to `block`)
   */
  inBlock(block: CardBlock, next: CardBlock | undefined): boolean {
    const starts = this.starts;
    const from = block.span.start;
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    return lo < starts.length && (next === undefined || starts[lo]! < next.setNumberSpan.start);
  }
}

/** One card block of a set, where it is: for the checks that need every block of a set. */
export interface PlacedBlock {
  file: string;
  lines: LineMap;
  block: CardBlock;
}

/** The blocks of a set grouped by set number, in file order; numbers used once included. */
export function blocksByNumber<T extends PlacedBlock>(blocks: Iterable<T>): Map<string, T[]> {
  const byNumber = new Map<string, T[]>();
  for (const b of blocks) {
    const group = byNumber.get(b.block.setNumber);
    if (group) group.push(b);
    else byNumber.set(b.block.setNumber, [b]);
  }
  return byNumber;
}

/** `file:line` of a block's set number. */
export function whereOf(x: PlacedBlock): string {
  return `${x.file}:${x.lines.position(x.block.setNumberSpan.start).line}`;
}

/** Most other blocks a `duplicate-set-number` message names (the rest are counted). */
const MAX_NAMED_DUPLICATES = 3;

/** A card name for a message: a JSON string (a name may hold quotes or a line break), cut at 60 characters. */
function excerpt(name: string): string {
  return JSON.stringify(name.length > 60 ? `${name.slice(0, 59)}…` : name);
}

/**
 * The other blocks of a set number's group, for a `duplicate-set-number` message: `"Name" at
 * file:line` for a few of them, joined with "and", the rest counted — so that a number used by
 * thousands of blocks (a hostile file) gives messages of bounded length.
 */
export function othersNamed(group: readonly PlacedBlock[], x: PlacedBlock): string {
  const others = group.filter((y) => y !== x);
  const named = others.slice(0, MAX_NAMED_DUPLICATES).map((y) => `${excerpt(y.block.name)} at ${whereOf(y)}`);
  if (others.length > MAX_NAMED_DUPLICATES) named.push(`${others.length - MAX_NAMED_DUPLICATES} more`);
  return named.join(" and ");
}

/** A checked set as {@link codeClashes} sees it. */
export interface ClashEntry {
  code: string;
  /** The family of rulesets it belongs to, for messages: "DBE" (dbe and dmb sets) or "DCG". */
  family: string;
  /** Where its `set` line's code is (the first file that has one); null for {@link NO_SET}. */
  at: { file: string; lines: LineMap; span: Span } | null;
  /** The set's diagnostics: the error is added here. */
  diagnostics: FileDiagnostic[];
  /** Keep every card of the set from compiling. */
  refuse(): void;
}

/**
 * Set codes that differ only in case name one output folder on a case-insensitive file
 * system, and a DBE and a DCG set with the same code name one output folder anywhere: each
 * such set gets an error at its `set` line and none of its cards is compiled, so neither set
 * can overwrite the other (grammar/identity.ts; compiler/emit/names.ts).
 * @param entries the sets checked together
 * @param acrossFamilies report only clashes between sets of different families (the clashes
 *   within a family are reported by that family's checker)
 */
export function codeClashes(entries: readonly ClashEntry[], acrossFamilies = false): void {
  const byFolder = new Map<string, ClashEntry[]>();
  for (const e of entries) {
    if (e.code === NO_SET || e.at === null) continue;
    const k = e.code.toLowerCase();
    const group = byFolder.get(k);
    if (group) group.push(e);
    else byFolder.set(k, [e]);
  }
  for (const group of byFolder.values()) {
    if (group.length < 2) continue;
    for (const e of group) {
      const others = group.filter((o) => o !== e && (!acrossFamilies || o.family !== e.family));
      if (others.length === 0) continue;
      const same = others.filter((o) => o.code === e.code).map((o) => `is also the code of a ${o.family} set`);
      const differ = others.filter((o) => o.code !== e.code).map((o) => (o.family === e.family ? o.code : `${o.code} (a ${o.family} set)`));
      const what = [...new Set(same), ...(differ.length > 0 ? [`differs from ${differ.join(", ")} only in case`] : [])].join(" and ");
      e.diagnostics.push(
        locate(e.at!.file, e.at!.lines, {
          severity: "error",
          code: SET_CODE_CLASH,
          message: `set code ${e.code} ${what}: the sets would share one output folder, so neither is compiled`,
          span: e.at!.span,
          hint: "give each set a code that differs in more than case",
        }),
      );
      e.refuse();
    }
  }
}

/**
 * A card loaded beside the checked sets (a bundled card, when a designer checks their own):
 * its name and its Level, null when it has none (an Option or Evolution card). A card given
 * by its name alone has a Level not known here.
 */
export interface KnownCard {
  name: string;
  level: Level | null;
}

/**
 * The card names evo-box and DNA entries may name: every card of the sets checked together
 * and of the sets loaded beside them, with the Levels cards of each name have. Case-insensitive,
 * as names are compared in play (runtime/names.ts).
 */
export class KnownNames {
  private readonly lower = new Map<string, { name: string; levels: Set<Level>; levelUnknown: boolean }>();
  /**
   * Names asked about ({@link has}, {@link levelsOf}) as written, with what they found: the
   * language service asks about the same evo-box names on every keystroke, with no lower-case
   * copy made each time. Emptied by {@link add}.
   */
  private readonly asked = new Map<string, { name: string; levels: Set<Level>; levelUnknown: boolean } | null>();
  constructor(names: Iterable<string | KnownCard>) {
    for (const n of names) {
      if (typeof n === "string") this.add(n, undefined);
      else this.add(n.name, n.level);
    }
  }
  /**
   * Add a card.
   * @param level its Level; null when it has none (not a Digimon); undefined when not known
   */
  add(name: string, level?: Level | null): void {
    if (this.asked.size > 0) this.asked.clear();
    const k = name.toLowerCase();
    let e = this.lower.get(k);
    if (!e) {
      e = { name, levels: new Set(), levelUnknown: false };
      this.lower.set(k, e);
    }
    if (level === undefined) e.levelUnknown = true;
    else if (level !== null) e.levels.add(level);
  }
  /** Whether a card of that name is loaded. */
  has(name: string): boolean {
    return this.entry(name) !== null;
  }
  /** The Levels of the loaded cards of that name, or null when some card's Level is not known (or none is loaded). */
  levelsOf(name: string): ReadonlySet<Level> | null {
    const e = this.entry(name);
    return !e || e.levelUnknown ? null : e.levels;
  }
  /** The loaded cards of a name (case-insensitively), or null. */
  private entry(name: string): { name: string; levels: Set<Level>; levelUnknown: boolean } | null {
    let e = this.asked.get(name);
    if (e === undefined) {
      e = this.lower.get(name.toLowerCase()) ?? null;
      if (this.asked.size >= 10_000) this.asked.clear();
      this.asked.set(name, e);
    }
    return e;
  }
  /** Up to two loaded names nearest to `name` by edit distance (close ones only), for a "did you mean". */
  nearest(name: string): string[] {
    const w = name.toLowerCase();
    if (w.length > 40) return [];
    const limit = Math.max(1, Math.min(3, Math.floor(w.length / 4)));
    const found: { n: string; d: number }[] = [];
    for (const [k, { name: n }] of this.lower) {
      if (Math.abs(k.length - w.length) > limit) continue;
      const d = distance(w, k, limit);
      if (d <= limit) found.push({ n, d });
    }
    return found.sort((a, b) => a.d - b.d || (a.n < b.n ? -1 : 1)).slice(0, 2).map((x) => x.n);
  }
}
