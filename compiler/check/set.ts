/**
 * Whole-set checking: read the `.dgs` files, check every card, and run the checks that
 * need the whole set (duplicate set numbers, evo-box names the set lacks).
 *
 * Sources: `000_012504f4614e5b24.txt`, Anatomy of Cards item 2 ("Set Number – Used in deck
 * construction to determine uniqueness"), Glossary "Flip" (two sides share a number),
 * Evolution Phase 4.3 (evo-box names).
 */
import { nameMatches } from "../../runtime/names.ts";
import { namePattern, readSetFile, type CardBlock, type Diagnostic, type Ref, type SetFileSyntax, type Span } from "../../grammar/index.ts";
import { DBE_TYPES } from "../../runtime/vocabulary.ts";
import { distance } from "../../grammar/suggest.ts";
import type { CheckedCard, CheckedSet, FileDiagnostic, SourceFile } from "../api.ts";
import { readStats } from "./stats.ts";
import { compileCardText } from "./text.ts";

/** Line starts of a text, for offset → line/column. */
export class LineMap {
  private starts: number[] = [0];
  constructor(text: string) {
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) this.starts.push(i + 1);
  }
  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; col: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - this.starts[lo]! + 1 };
  }
}

/** Attach file and line/column to a diagnostic. */
export function locate(file: string, lines: LineMap, d: Diagnostic): FileDiagnostic {
  const a = lines.position(d.span.start);
  const b = lines.position(d.span.end);
  return { ...d, file, line: a.line, col: a.col, endLine: b.line, endCol: b.col };
}

/** True when a name matches a (partial) name pattern (runtime/names.ts; Evolution Phase 4.3). */
export const matchesName = nameMatches;

interface FileCheck {
  syntax: SetFileSyntax;
  lines: LineMap;
  cards: CheckedCard[];
  evoNames: { ref: Ref; card: string }[];
  diagnostics: FileDiagnostic[];
}

/** The type vocabulary for a set: its `types` line, or the ruleset's types. */
export function typesOf(syntax: SetFileSyntax): string[] {
  return syntax.types ?? [...DBE_TYPES];
}

/**
 * What checking one card block gives, every range relative to the block's start, so the
 * result can be reused when the block only moved (an edit above it): the card (its span
 * relative too), its diagnostics, capped, and the evo-box names it refers to.
 */
export interface BlockCheck {
  card: CheckedCard;
  diagnostics: Diagnostic[];
  evoNames: Ref[];
}

/**
 * Check one card block: stats, card text, timing (Anatomy of Cards items 2–15).
 * @param block the block, ranges in file offsets
 * @param types the set's type vocabulary
 * @param file the file's path (for the card)
 * @returns the result with ranges relative to `block.span.start`
 */
export function checkBlock(block: CardBlock, types: readonly string[], file: string): BlockCheck {
  const at = block.span.start;
  const rel = (sp: Span): Span => ({ start: sp.start - at, end: sp.end - at });
  const cardDiags: Diagnostic[] = [];
  const st = readStats(block, types);
  for (const d of st.diagnostics) cardDiags.push(d);
  const textField = block.fields.find((f) => f.key === "text");
  let effects: CheckedCard["effects"] = [];
  const text = textField?.value.value ?? "";
  if (textField && text.trim().length > 0) {
    const c = compileCardText(text, types);
    for (const d of c.diagnostics) cardDiags.push({ ...d, span: { start: textField.value.offsetAt(d.span.start), end: textField.value.offsetAt(d.span.end) } });
    effects = c.effects;
    // An Evolution card is played by its kind (Evolution Phase 5.1, "Evolving by Evolution card").
    const untimed = st.stats.kind !== "Evolution" && st.stats.timings.length === 0 && c.effects.some((e) => e.kind === "effect" && e.timings.length === 0);
    if (untimed) {
      cardDiags.push({
        severity: "error",
        code: "missing-timing",
        message: `the text of ${block.setNumber} has no timing: give the card a timing: field (Anatomy of Cards item 13) or start its text with a timing such as "Support Phase:" (item 14: "May also specify timings")`,
        span: textField.keySpan,
      });
    }
  }
  const ok = !cardDiags.some((d) => d.severity === "error");
  return {
    card: { file, stats: st.stats, text, effects: ok ? effects : [], ok, span: rel(block.span) },
    diagnostics: capped(cardDiags).map((d) => ({ ...d, span: rel(d.span) })),
    evoNames: st.evoNames.map((r) => ({ ...r, span: rel(r.span) })),
  };
}

/**
 * Results of card blocks by their text (and the type vocabulary they were checked with), for
 * checking a file again after an edit: blocks whose text did not change are not checked again.
 * Holds only the blocks of the last check of each file.
 */
export class CheckCache {
  private readonly byFile = new Map<string, Map<string, BlockCheck>>();
  /** Blocks reused and checked by the last {@link checkFile} calls (for measurements and tests). */
  readonly stats = { reused: 0, checked: 0 };

  /** The cached blocks of a file (read side). */
  blocksOf(file: string): ReadonlyMap<string, BlockCheck> | undefined {
    return this.byFile.get(file);
  }

  /** Replace a file's cached blocks by those of its latest check. */
  keep(file: string, blocks: Map<string, BlockCheck>): void {
    this.byFile.set(file, blocks);
  }

  /** Forget a file (closed or renamed). */
  forget(file: string): void {
    this.byFile.delete(file);
  }
}

/**
 * Check one file on its own (no set-level checks). Used by the language service.
 * @param src the file
 * @param cache earlier results: blocks whose text and types are unchanged are reused
 * @throws never: every problem is a diagnostic
 */
export function checkFile(src: SourceFile, cache?: CheckCache): FileCheck {
  const syntax = readSetFile(src.file, src.text);
  // Ranges are offsets into the normalised text (grammar/source.ts), and so are lines.
  const lines = new LineMap(syntax.source);
  const types = typesOf(syntax);
  const typesKey = types.join(",");
  const diagnostics: FileDiagnostic[] = syntax.diagnostics.map((d) => locate(src.file, lines, d));
  const cards: CheckedCard[] = [];
  const evoNames: { ref: Ref; card: string }[] = [];
  const old = cache?.blocksOf(src.file);
  const readerErrors = syntax.diagnostics.filter((d) => d.severity === "error");
  const kept = new Map<string, BlockCheck>();
  const shift = (sp: Span, by: number): Span => ({ start: sp.start + by, end: sp.end + by });
  for (let bi = 0; bi < syntax.cards.length; bi++) {
    const block = syntax.cards[bi]!;
    const next = syntax.cards[bi + 1];
    let r: BlockCheck | undefined;
    let key = "";
    if (cache) {
      key = `${typesKey}\u0000${syntax.source.slice(block.span.start, block.span.end)}`;
      r = old?.get(key) ?? kept.get(key);
      if (r) cache.stats.reused++;
    }
    if (!r) {
      r = checkBlock(block, types, src.file);
      if (cache) cache.stats.checked++;
    }
    if (cache) kept.set(key, r);
    const at = block.span.start;
    for (const ref of r.evoNames) evoNames.push({ ref: { ...ref, span: shift(ref.span, at) }, card: block.setNumber });
    // Reader errors inside the block (a bad field line …) keep the card from compiling.
    // (Reader diagnostics come in file order, but for the refused characters listed first.)
    let blockErrors = false;
    for (const d of readerErrors) {
      if (d.span.start >= block.span.start && (next === undefined || d.span.start < next.setNumberSpan.start)) {
        blockErrors = true;
        break;
      }
    }
    const ok = r.card.ok && !blockErrors;
    cards.push({ ...r.card, effects: ok ? r.card.effects : [], ok, span: shift(r.card.span, at) });
    for (const d of r.diagnostics) diagnostics.push(locate(src.file, lines, { ...d, span: shift(d.span, at) }));
  }
  cache?.keep(src.file, kept);
  return { syntax, lines, cards, evoNames, diagnostics };
}

/** Most diagnostics reported for one card; the last one counts the rest. */
export const MAX_CARD_DIAGNOSTICS = 50;

/**
 * A card's diagnostics, at most {@link MAX_CARD_DIAGNOSTICS}: errors first when there are
 * more, the last kept one saying how many were left out. A designer fixes the first ones
 * first, and a hostile card cannot make a report of millions of lines.
 */
function capped(ds: Diagnostic[]): Diagnostic[] {
  if (ds.length <= MAX_CARD_DIAGNOSTICS) return ds;
  const errors = ds.filter((d) => d.severity === "error");
  const kept = [...errors, ...ds.filter((d) => d.severity !== "error")].slice(0, MAX_CARD_DIAGNOSTICS).sort((a, b) => a.span.start - b.span.start);
  const last = kept[kept.length - 1]!;
  kept[kept.length - 1] = { ...last, message: `${last.message} (and ${ds.length - MAX_CARD_DIAGNOSTICS} more problems in this card)` };
  return kept;
}

/** The set code given to files without a `set` header; such a set is never emitted. */
export const NO_SET = "(no set)";

/** Options of {@link checkSources}. */
export interface CheckOptions {
  /** Called after each file is checked, with its set code and number of cards (progress). */
  onFile?: (file: string, code: string, cards: number) => void;
  /**
   * Names of cards loaded together with these sources but not checked here (the bundled
   * sets, when a designer checks their own): evo-box and DNA names that name one of them
   * are known cards. The cards of every set given in `sources` are known anyway.
   */
  knownNames?: Iterable<string>;
  /** Results of earlier checks to reuse for card blocks that did not change (the language service). */
  cache?: CheckCache;
}

/**
 * Check sources, grouping files into sets by their `set` code.
 * @param sources `.dgs` files (path and text)
 * @param options progress reporting
 * @returns one checked set per set code, in first-seen order
 */
export function checkSources(sources: readonly SourceFile[], options: CheckOptions = {}): CheckedSet[] {
  const sets = new Map<string, { set: CheckedSet; files: FileCheck[] }>();
  for (const src of sources) {
    const t0 = performance.now();
    const fc = checkFile(src, options.cache);
    const code = fc.syntax.code ?? NO_SET;
    let entry = sets.get(code);
    if (!entry) {
      entry = {
        set: { code, name: fc.syntax.name ?? code, ruleset: fc.syntax.ruleset, types: typesOf(fc.syntax), files: [], cards: [], diagnostics: [], ms: 0 },
        files: [],
      };
      sets.set(code, entry);
    }
    entry.set.files.push(src.file);
    // Loops, not push(...xs): a file may hold more cards than a call takes arguments.
    for (const c of fc.cards) entry.set.cards.push(c);
    for (const d of fc.diagnostics) entry.set.diagnostics.push(d);
    entry.files.push(fc);
    entry.set.ms += performance.now() - t0;
    options.onFile?.(src.file, code, fc.cards.length);
  }
  // Evo-box and DNA names resolve against every set loaded together (Evolution Phase 4.3).
  const known = new KnownNames(options.knownNames ?? []);
  for (const { set } of sets.values()) for (const c of set.cards) known.add(c.stats.name);
  for (const { set, files } of sets.values()) {
    const t0 = performance.now();
    setLevelChecks(set, files, known);
    set.ms += performance.now() - t0;
  }
  codeClashes([...sets.values()]);
  return [...sets.values()].map((x) => x.set);
}

/** The code of the diagnostic that keeps a set from being written (see {@link codeClashes}). */
export const SET_CODE_CLASH = "set-code-clash";

/**
 * Set codes that differ only in case name one output folder on a case-insensitive file
 * system: each such set gets an error at its `set` line and none of its cards is compiled,
 * so neither set can overwrite the other (grammar/identity.ts; compiler/emit/names.ts).
 */
function codeClashes(sets: { set: CheckedSet; files: FileCheck[] }[]): void {
  const byFolder = new Map<string, { set: CheckedSet; files: FileCheck[] }[]>();
  for (const e of sets) {
    if (e.set.code === NO_SET) continue;
    const k = e.set.code.toLowerCase();
    byFolder.set(k, [...(byFolder.get(k) ?? []), e]);
  }
  for (const group of byFolder.values()) {
    if (group.length < 2) continue;
    const codes = group.map((g) => g.set.code);
    for (const { set, files } of group) {
      const fc = files.find((f) => f.syntax.codeSpan !== null)!;
      const others = codes.filter((c) => c !== set.code).join(", ");
      set.diagnostics.push(
        locate(fc.syntax.file, fc.lines, {
          severity: "error",
          code: SET_CODE_CLASH,
          message: `set code ${set.code} differs from ${others} only in case: the sets would share one output folder, so neither is compiled`,
          span: fc.syntax.codeSpan!,
          hint: "give each set a code that differs in more than case",
        }),
      );
      for (const c of set.cards) {
        c.ok = false;
        c.effects = [];
      }
    }
  }
}

function setLevelChecks(set: CheckedSet, files: FileCheck[], known: KnownNames): void {
  // Duplicate set numbers (flip sides with different sides are one card).
  const seen = new Map<string, { sides: Set<string | null>; file: string }>();
  for (const fc of files) {
    for (let bi = 0; bi < fc.syntax.cards.length; bi++) {
      const block = fc.syntax.cards[bi]!;
      const card = fc.cards[bi]!;
      const side = card.stats.flip?.side ?? null;
      const prev = seen.get(block.setNumber);
      // One card per set number, or the two sides of one flip card, each side once.
      if (prev && (prev.sides.has(null) || side === null || prev.sides.has(side))) {
        set.diagnostics.push(
          locate(fc.syntax.file, fc.lines, {
            severity: "error",
            code: "duplicate-set-number",
            message: `set number ${block.setNumber} is already used in ${prev.file}; a set number identifies one card (Anatomy of Cards item 2). Two sides of a flip card need different flip: sides`,
            span: block.setNumberSpan,
          }),
        );
        card.ok = false;
        card.effects = [];
      } else if (prev) prev.sides.add(side);
      else seen.set(block.setNumber, { sides: new Set([side]), file: fc.syntax.file });
    }
  }
  // Evo-box and DNA names no loaded card has (a warning: the card may come from a set not
  // loaded). A partial name ("-dramon") is a pattern, not a card name: it is not reported.
  for (const fc of files) {
    for (const { ref } of fc.evoNames) {
      if (ref.kind !== "name" || namePattern(ref.word).kind !== "exact" || known.has(ref.word)) continue;
      const near = known.nearest(ref.word);
      set.diagnostics.push(
        locate(fc.syntax.file, fc.lines, {
          severity: "warning",
          code: "unknown-card",
          message: `no card loaded is named "${ref.word}" (evo-box names refer to cards: Evolution Phase 4.3)`,
          span: ref.span,
          ...(near.length > 0 ? { hint: `did you mean ${near.map((n) => `"${n}"`).join(" or ")}?` } : {}),
        }),
      );
    }
  }
}

/**
 * The card names evo-box and DNA entries may name: every card of the sets checked together
 * and of the sets loaded beside them. Case-insensitive, as names are compared in play
 * (runtime/names.ts).
 */
export class KnownNames {
  private readonly lower = new Map<string, string>();
  constructor(names: Iterable<string>) {
    for (const n of names) this.add(n);
  }
  /** Add a card name. */
  add(name: string): void {
    const k = name.toLowerCase();
    if (!this.lower.has(k)) this.lower.set(k, name);
  }
  /** Whether a card of that name is loaded. */
  has(name: string): boolean {
    return this.lower.has(name.toLowerCase());
  }
  /** Up to two loaded names nearest to `name` by edit distance (close ones only), for a "did you mean". */
  nearest(name: string): string[] {
    const w = name.toLowerCase();
    if (w.length > 40) return [];
    const limit = Math.max(1, Math.min(3, Math.floor(w.length / 4)));
    const found: { n: string; d: number }[] = [];
    for (const [k, n] of this.lower) {
      if (Math.abs(k.length - w.length) > limit) continue;
      const d = distance(w, k);
      if (d <= limit) found.push({ n, d });
    }
    return found.sort((a, b) => a.d - b.d || (a.n < b.n ? -1 : 1)).slice(0, 2).map((x) => x.n);
  }
}
