/**
 * Whole-set checking: read the `.dgs` files, check every card, and run the checks that
 * need the whole set (duplicate set numbers, evo-box names the set lacks).
 *
 * Sources: `000_012504f4614e5b24.txt`, Anatomy of Cards item 2 ("Set Number – Used in deck
 * construction to determine uniqueness"), Glossary "Flip" (two sides share a number),
 * Evolution Phase 4.3 (evo-box names).
 */
import { nameMatches } from "../../runtime/names.ts";
import { namePattern, readSetFile, type CardBlock, type Diagnostic, type SetFileSyntax, type Span } from "../../grammar/index.ts";
import type { CardStats } from "../../runtime/card.ts";
import type { CardEffect } from "../../runtime/ir.ts";
import { DBE_TYPES, LEVEL_ORDER, type Level } from "../../runtime/vocabulary.ts";
import { distance } from "../../grammar/suggest.ts";
import { didYouMean } from "./refs.ts";
import type { CheckedCard, CheckedSet, FileDiagnostic, SourceFile } from "../api.ts";
import { unsupportedConstructs } from "../../runtime/rulesets/dbe/effects.ts";
import { readStats, type EvoName } from "./stats.ts";
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
  evoNames: { ref: EvoName; card: string }[];
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
  evoNames: EvoName[];
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
  let spans: Span[] = [];
  const text = textField?.value.value ?? "";
  if (textField && text.trim().length > 0) {
    const c = compileCardText(text, types);
    for (const d of c.diagnostics) cardDiags.push({ ...d, span: { start: textField.value.offsetAt(d.span.start), end: textField.value.offsetAt(d.span.end) } });
    effects = c.effects;
    spans = c.spans.map((sp) => ({ start: textField.value.offsetAt(sp.start), end: textField.value.offsetAt(sp.end) }));
    // An Evolution card is played by its kind (Evolution Phase 5.1, "Evolving by Evolution card").
    // A card whose kind is unknown, or whose timing: does not read, has that error already:
    // whether its text needs a timing cannot be said.
    const timingGiven = block.fields.some((f) => f.key === "timing");
    const untimed = st.kindKnown && !timingGiven && st.stats.kind !== "Evolution" && st.stats.timings.length === 0 && c.effects.some((e) => e.kind === "effect" && e.timings.length === 0);
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
  if (ok) for (const d of runtimeRefusals(block, { stats: st.stats, text, effects }, spans)) cardDiags.push(d);
  return {
    card: { file, stats: st.stats, text, effects: ok ? effects : [], ok, span: rel(block.span) },
    diagnostics: capped(cardDiags).map((d) => ({ ...d, span: rel(d.span) })),
    evoNames: st.evoNames.map((r) => ({ ...r, span: rel(r.span) })),
  };
}

/** The code of the warning for a construct the rules runtime refuses to play (see {@link runtimeRefusals}). */
export const RUNTIME_UNSUPPORTED = "runtime-unsupported";

/**
 * Warnings for what the rules runtime cannot play yet: `duel` and `simulate` refuse a deck
 * holding such a card (`runtime/rulesets/dbe/loadable.ts`, whose list of constructs this
 * reuses), so a designer hears of it when checking, not first at duel time. Each construct
 * is reported at the sentence it comes from (or at the evo-box entry); a construct only the
 * whole card gives is reported at the set number. A warning, not an
 * error: the card is correct DigiScript and compiles.
 * @param block the card block (file ranges)
 * @param card the compiled card
 * @param spans the file range of each effect's sentence
 */
function runtimeRefusals(block: CardBlock, card: { stats: CardStats; text: string; effects: CardEffect[] }, spans: readonly Span[]): Diagnostic[] {
  const all = unsupportedConstructs(card);
  if (all.length === 0) return [];
  const out: Diagnostic[] = [];
  const placed = new Set<string>();
  const warn = (constructs: string[], span: Span, where: string) => {
    const mine = constructs.filter((c) => all.includes(c));
    if (mine.length === 0) return;
    for (const c of mine) placed.add(c);
    out.push({
      severity: "warning",
      code: RUNTIME_UNSUPPORTED,
      message: `the rules runtime cannot play ${where} yet: ${mine.join(", ")}; \`duel\` and \`simulate\` refuse a deck with ${block.setNumber} (docs/runtime.md)`,
      span,
    });
  };
  const alone = { ...card.stats, evo: [] };
  card.effects.forEach((e, i) => {
    const sp = spans[i];
    if (sp) warn(unsupportedConstructs({ stats: alone, text: card.text, effects: [e] }), sp, "this sentence");
  });
  const evoFields = block.fields.filter((f) => f.key === "evo");
  card.stats.evo.forEach((e, i) => {
    const f = evoFields[i];
    if (f) warn(unsupportedConstructs({ stats: { ...card.stats, evo: [e] }, text: "", effects: [] }), f.value.span, "this evo-box bonus");
  });
  const rest = all.filter((c) => !placed.has(c));
  if (rest.length > 0) warn(rest, block.setNumberSpan, "this card");
  return out;
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
  const evoNames: { ref: EvoName; card: string }[] = [];
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
  knownNames?: Iterable<string | KnownCard>;
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
  // A Digimon whose Level has an error has a Level not known here; other kinds have none.
  for (const { set } of sets.values()) for (const c of set.cards) known.add(c.stats.name, c.stats.kind !== "Digimon" ? null : (c.stats.level ?? undefined));
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
  setNumberChecks(set, files);
  // Evo-box and DNA names no loaded card has (a warning: the card may come from a set not
  // loaded). A partial name ("-dramon") is a pattern, not a card name: it is not reported.
  for (const fc of files) {
    for (const { ref } of fc.evoNames) {
      if (ref.kind !== "name" || namePattern(ref.word).kind !== "exact") continue;
      if (!known.has(ref.word)) {
        const near = known.nearest(ref.word);
        set.diagnostics.push(
          locate(fc.syntax.file, fc.lines, {
            severity: "warning",
            code: "unknown-card",
            message: `no card loaded is named "${ref.word}" (evo-box names refer to cards: Evolution Phase 4.3)`,
            span: ref.span,
            ...(near.length > 0 ? { hint: didYouMean(...near) } : {}),
          }),
        );
        continue;
      }
      // "Betamon (C)" qualifies only a Level C Betamon (Evolution Phase 4.3: "any Level C
      // Digimon ending in dramon"): a level no loaded card of that name has never matches.
      const levels = ref.level === null ? null : known.levelsOf(ref.word);
      if (ref.level === null || levels === null || levels.has(ref.level)) continue;
      const have = [...levels].sort((a, b) => LEVEL_ORDER[a] - LEVEL_ORDER[b]);
      set.diagnostics.push(
        locate(fc.syntax.file, fc.lines, {
          severity: "warning",
          code: "level-never-matches",
          message:
            have.length > 0
              ? `"${ref.word} (${ref.level})" never matches: every loaded card named "${ref.word}" is Level ${have.join(" or ")}, and the level in parentheses must be the Digimon's (Evolution Phase 4.3)`
              : `"${ref.word} (${ref.level})" never matches: no loaded card named "${ref.word}" has a Level (Evolution Phase 4.3: the level in parentheses is the Digimon's)`,
          span: ref.span,
          ...(have.length === 1 ? { hint: `write "${ref.word} (${have[0]})", or "${ref.word}" for any level` } : {}),
        }),
      );
    }
  }
}

/** Most other blocks a `duplicate-set-number` message names (the rest are counted). */
const MAX_NAMED_DUPLICATES = 3;

/** A card name for a message: a JSON string (a name may hold quotes or a line break), cut at 60 characters. */
function excerpt(name: string): string {
  return JSON.stringify(name.length > 60 ? `${name.slice(0, 59)}…` : name);
}

/**
 * One card per set number (Anatomy of Cards item 2: "Used in deck construction to determine
 * uniqueness of card"), except the two sides of a flip card (Glossary "Flip"; Deck
 * Construction "Flip Cards": "they will have sides that are shared as card numbers"):
 * - a number used by two blocks that are not the Star and Moon sides of one card is an
 *   error at every one of them, each naming the others' `file:line`, and none compiles —
 *   which one the designer meant cannot be known;
 * - a flip card's two sides may not both be `initial`: "The initial side is designated by
 *   an up arrow and should be the first side of the card" (one side; a card with no initial
 *   side is legal: "Cards without an initial side begin in the deck on any side of the
 *   player's choice");
 * - a `flip:` block needs its other side: "The flip action causes the card to turn over to
 *   other side".
 */
function setNumberChecks(set: CheckedSet, files: FileCheck[]): void {
  const byNumber = new Map<string, { fc: FileCheck; bi: number }[]>();
  for (const fc of files) {
    for (let bi = 0; bi < fc.syntax.cards.length; bi++) {
      const n = fc.syntax.cards[bi]!.setNumber;
      const group = byNumber.get(n);
      if (group) group.push({ fc, bi });
      else byNumber.set(n, [{ fc, bi }]);
    }
  }
  const where = (x: { fc: FileCheck; bi: number }) => `${x.fc.syntax.file}:${x.fc.lines.position(x.fc.syntax.cards[x.bi]!.setNumberSpan.start).line}`;
  const flipSpan = (x: { fc: FileCheck; bi: number }) => {
    const block = x.fc.syntax.cards[x.bi]!;
    return block.fields.find((f) => f.key === "flip")?.value.span ?? block.setNumberSpan;
  };
  const fail = (x: { fc: FileCheck; bi: number }, code: string, message: string, span: Span) => {
    set.diagnostics.push(locate(x.fc.syntax.file, x.fc.lines, { severity: "error", code, message, span }));
    const card = x.fc.cards[x.bi]!;
    card.ok = false;
    card.effects = [];
  };
  for (const [num, group] of byNumber) {
    const flips = group.map((x) => x.fc.cards[x.bi]!.stats.flip);
    const a = flips[0];
    const b = flips[1];
    if (group.length === 1) {
      if (a) {
        const other = a.side === "Star" ? "Moon" : "Star";
        fail(
          group[0]!,
          "flip-one-side",
          `${num} is a flip card (flip: ${a.side}) with no ${other} side: a flip card has two sides that share its set number, and "the flip action causes the card to turn over to other side" (Glossary "Flip"); add a card ${num} block with flip: ${other}, or remove flip:`,
          flipSpan(group[0]!),
        );
      }
      continue;
    }
    if (group.length === 2 && a && b && a.side !== b.side) {
      if (a.initial && b.initial) {
        for (const [i, x] of group.entries()) {
          fail(
            x,
            "flip-initial",
            `both sides of flip card ${num} are marked initial (the other side is at ${where(group[1 - i]!)}): "The initial side is designated by an up arrow and should be the first side of the card" (Glossary "Flip"), so one side at most is initial; a card with none "begin[s] in the deck on any side of the player's choice"`,
            flipSpan(x),
          );
        }
      }
      continue;
    }
    for (const x of group) {
      // The others by name and place; a few of them, so that a number used by thousands of
      // blocks (a hostile file) gives messages of bounded length.
      const others = group.filter((y) => y !== x);
      const named = others.slice(0, MAX_NAMED_DUPLICATES).map((y) => `${excerpt(y.fc.syntax.cards[y.bi]!.name)} at ${where(y)}`);
      if (others.length > MAX_NAMED_DUPLICATES) named.push(`${others.length - MAX_NAMED_DUPLICATES} more`);
      fail(
        x,
        "duplicate-set-number",
        `set number ${num} is also used by ${named.join(" and ")}: a set number identifies one card (Anatomy of Cards item 2), so none of these cards is compiled; only the two sides of a flip card share a number, one with flip: Star and one with flip: Moon (Glossary "Flip")`,
        x.fc.syntax.cards[x.bi]!.setNumberSpan,
      );
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
    return this.lower.has(name.toLowerCase());
  }
  /** The Levels of the loaded cards of that name, or null when some card's Level is not known (or none is loaded). */
  levelsOf(name: string): ReadonlySet<Level> | null {
    const e = this.lower.get(name.toLowerCase());
    return !e || e.levelUnknown ? null : e.levels;
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
