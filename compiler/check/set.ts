/**
 * Whole-set checking: read the `.dgs` files, check every card, and run the checks that
 * need the whole set (duplicate set numbers, evo-box names the set lacks). Files are routed by
 * their `ruleset` line: DBE and DMB sets are checked here, DCG sets by compiler/check/dcg/set.ts
 * ({@link checkAllSources}; `docs/set-format.md`, "DCG sets").
 *
 * Sources: `000_012504f4614e5b24.txt`, Anatomy of Cards item 2 ("Set Number – Used in deck
 * construction to determine uniqueness"), Glossary "Flip" (two sides share a number),
 * Evolution Phase 4.3 (evo-box names).
 */
import { nameMatches } from "../../runtime/names.ts";
import type { Diagnostic, Span } from "../../grammar/index.ts";
import { keptField, readSetFile, rulesetOfSource, scanSetFile, type CardBlock, type Field, type Ruleset, type SetFileSyntax } from "../../grammar/setfile.ts";
import type { CardStats } from "../../runtime/card.ts";
import type { CardEffect } from "../../runtime/ir.ts";
import { DBE_TYPES, LEVEL_ORDER, type Level } from "../../runtime/vocabulary.ts";
import { didYouMean } from "./refs.ts";
import type { CheckedCard, CheckedSet, DcgCheckedSet, FileDiagnostic, SourceFile } from "../api.ts";
import { unsupportedConstructs } from "../../runtime/rulesets/dbe/effects.ts";
import { readStatsInto, type EvoName, type StatsRead } from "./stats.ts";
import type { TextRuleset } from "./refs.ts";
import { compileText, sentenceSpans, type TextCompiled } from "./text.ts";
import { capped, codeClashes, hasContent, isTrimmed, KnownNames, LineMap, locate, NO_SET, othersNamed, ReaderErrors, RUNTIME_UNSUPPORTED, whereOf, type ClashEntry, type KnownCard, type PlacedBlock } from "./common.ts";
import { checkDcgFile, checkDcgSources, dcgClashEntry } from "./dcg/set.ts";

export { KnownNames, LineMap, locate, MAX_CARD_DIAGNOSTICS, NO_SET, SET_CODE_CLASH, type KnownCard } from "./common.ts";

/** True when a name matches a (partial) name pattern (runtime/names.ts; Evolution Phase 4.3). */
export const matchesName = nameMatches;

/**
 * A file checked on its own ({@link checkFile}). Its card blocks have their fields when it was
 * checked through a cache; without one, the cards were checked as they were read
 * ({@link scanSetFile}) and the blocks have no fields: `flips` keeps what the set-level checks
 * need of them.
 */
interface FileCheck {
  syntax: SetFileSyntax;
  /** The range of the `flip:` value of each block that has one, by block (read with {@link scanSetFile}). */
  flips?: Map<CardBlock, Span>;
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
 * @param ruleset the file's ruleset: DMB's own words compile in `ruleset dmb` sets only (compiler/check/refs.ts `rulesetOnlyError`)
 * @returns the result with ranges relative to `block.span.start`
 */
export function checkBlock(block: CardBlock, types: readonly string[], file: string, ruleset: TextRuleset = "dbe"): BlockCheck {
  const at = block.span.start;
  const diagnostics: Diagnostic[] = [];
  const evoNames: EvoName[] = [];
  const card = checkCard(block, types, file, ruleset, diagnostics, evoNames);
  card.span = rel(card.span, at);
  const kept = capped(diagnostics);
  for (let i = 0; i < kept.length; i++) kept[i] = { ...kept[i]!, span: rel(kept[i]!.span, at) };
  for (let i = 0; i < evoNames.length; i++) evoNames[i] = { ...evoNames[i]!, span: rel(evoNames[i]!.span, at) };
  return { card, diagnostics: kept, evoNames };
}

/** A range made relative to `at`. */
function rel(sp: Span, at: number): Span {
  return { start: sp.start - at, end: sp.end - at };
}

/** A range moved by `by`. */
function shift(sp: Span, by: number): Span {
  return { start: sp.start + by, end: sp.end + by };
}

/**
 * Check one card block, every range a file offset ({@link checkBlock} without the move to
 * relative ranges): the card, its diagnostics — not yet capped — and its evo-box names into
 * the caller's lists.
 * @param diagnostics receives the card's diagnostics in the order they are reported
 * @param evoNames receives the evo-box names the card refers to
 */
function checkCard(block: CardBlock, types: readonly string[], file: string, ruleset: TextRuleset, diagnostics: Diagnostic[], evoNames: EvoName[]): CheckedCard {
  const from = diagnostics.length;
  const st = readStatsInto(block, types, ruleset, diagnostics, evoNames);
  const rest = textFieldsOf(block, st.stats, false);
  return newCard(file, block, st.stats, rest.text, checkCardText(block, st, rest, types, ruleset, diagnostics, from));
}

/**
 * What checking a card's text needs of its block's fields besides its stats: its `text:`
 * field, whether it has a `timing:` field, and the ranges of its evo-box entries. Kept apart
 * from the fields so that a text can be checked after the reader has taken the fields back
 * ({@link EarlyCards}).
 */
interface TextFields {
  /** The block's first `text:` field, or null. */
  text: Field | null;
  /** Whether the block has a `timing:` field. */
  timingGiven: boolean;
  /** The value range of each `evo:` field in order; null when the card has no evo-box entry (the ranges are needed only for them). */
  evoSpans: Span[] | null;
}

/**
 * The {@link TextFields} of a block, its fields read once.
 * @param stats the card's stats (their evo-box entries say whether the evo ranges are needed)
 * @param keep whether the text field must stay valid after the block's fields are lent again
 *   ({@link keptField}); otherwise it is the block's own field
 */
function textFieldsOf(block: CardBlock, stats: CardStats, keep: boolean): TextFields {
  let text: Field | null = null;
  let timingGiven = false;
  let evoSpans: Span[] | null = null;
  const withEvo = stats.evo.length > 0;
  const fields = block.fields;
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    if (f.key === "text") text ??= keep ? keptField(f) : f;
    else if (f.key === "timing") timingGiven = true;
    else if (withEvo && f.key === "evo") (evoSpans ??= []).push(f.value.span);
  }
  return { text, timingGiven, evoSpans };
}

/** The checked card of a block: its effects when it compiles, null when it does not. */
function newCard(file: string, block: CardBlock, stats: CardStats, text: Field | null, effects: CardEffect[] | null): CheckedCard {
  return { file, stats, text: text?.value.value ?? "", effects: effects ?? [], ok: effects !== null, span: { start: block.span.start, end: block.span.end } };
}

/**
 * The rest of checking a card once its stats are read: its text compiled (Anatomy of Cards
 * item 14), the timing its text needs (item 13), and, when it compiles, what the rules
 * runtime cannot play ({@link runtimeRefusals}).
 * @param block the card block (its set number and ranges; its fields are not read)
 * @param st the card's stats ({@link readStatsInto})
 * @param fields what the text needs of the block's fields ({@link textFieldsOf})
 * @param diagnostics the card's diagnostics from `from` on (its stats' already there): the
 *   text's are added
 * @returns the card's effects when it compiles (no error among its diagnostics), else null
 */
function checkCardText(block: CardBlock, st: StatsRead, fields: TextFields, types: readonly string[], ruleset: TextRuleset, diagnostics: Diagnostic[], from: number): CardEffect[] | null {
  const field = fields.text;
  let effects: CardEffect[] = [];
  let compiled: TextCompiled | null = null;
  const text = field?.value.value ?? "";
  if (field && hasContent(text)) {
    const c = (compiled = compileText(text, types, ruleset, false));
    const value = field.value;
    for (const d of c.diagnostics) diagnostics.push({ ...d, span: { start: value.offsetAt(d.span.start), end: value.offsetAt(d.span.end) } });
    effects = c.effects;
    // An Evolution card is played by its kind (Evolution Phase 5.1, "Evolving by Evolution card").
    // A card whose kind is unknown, or whose timing: does not read, has that error already:
    // whether its text needs a timing cannot be said.
    // Parenthesised text is permanent (Glossary "(Parenthesis text)"): it needs no timing.
    if (st.kindKnown && !fields.timingGiven && st.stats.kind !== "Evolution" && st.stats.timings.length === 0 && hasUntimedEffect(c.effects)) {
      diagnostics.push({
        severity: "error",
        code: "missing-timing",
        message: `the text of ${block.setNumber} has no timing: give the card a timing: field (Anatomy of Cards item 13) or start its text with a timing such as "Support Phase:" (item 14: "May also specify timings")`,
        span: field.keySpan,
      });
    }
  }
  for (let i = from; i < diagnostics.length; i++) if (diagnostics[i]!.severity === "error") return null;
  runtimeRefusals(block, st.stats, text, effects, field, fields.evoSpans, compiled, types, ruleset, diagnostics);
  return effects;
}

/** Whether an effect sentence has no timing of its own and is not permanent (it needs the card's timing). */
function hasUntimedEffect(effects: readonly CardEffect[]): boolean {
  for (const e of effects) if (e.kind === "effect" && e.timings.length === 0 && !e.permanent) return true;
  return false;
}

export { RUNTIME_UNSUPPORTED };

/**
 * Warnings for what the rules runtime cannot play yet: `duel` and `simulate` refuse a deck
 * holding such a card (`runtime/rulesets/dbe/loadable.ts`, whose list of constructs this
 * reuses), so a designer hears of it when checking, not first at duel time. Each construct
 * is reported at the sentence it comes from (or at the evo-box entry); a construct only the
 * whole card gives is reported at the set number. A warning, not an
 * error: the card is correct DigiScript and compiles.
 * @param block the card block (file ranges)
 * @param stats the card's stats
 * @param text the card's text
 * @param effects the card's compiled effects
 * @param textField the block's `text:` field (null when it has none)
 * @param evoSpans the value range of each of the block's `evo:` fields, in order (null when the card has no evo-box entry)
 * @param compiled its compiled text (null when it has none): the ranges of the sentences
 * @param types the set's type vocabulary, and `ruleset` its ruleset (what the text was compiled with)
 * @param out receives the warnings
 */
function runtimeRefusals(
  block: CardBlock,
  stats: CardStats,
  text: string,
  effects: CardEffect[],
  textField: Field | null,
  evoSpans: readonly Span[] | null,
  compiled: TextCompiled | null,
  types: readonly string[],
  ruleset: TextRuleset,
  out: Diagnostic[],
): void {
  const all = unsupportedConstructs({ stats, text, effects });
  if (all.length === 0) return;
  const spans = compiled === null ? [] : sentenceSpans(compiled, text, types, ruleset);
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
  const alone = { ...stats, evo: [] };
  effects.forEach((e, i) => {
    const sp = spans[i];
    if (sp && textField) warn(unsupportedConstructs({ stats: alone, text, effects: [e] }), { start: textField.value.offsetAt(sp.start), end: textField.value.offsetAt(sp.end) }, "this sentence");
  });
  stats.evo.forEach((e, i) => {
    const sp = evoSpans?.[i];
    if (sp) warn(unsupportedConstructs({ stats: { ...stats, evo: [e] }, text: "", effects: [] }), sp, "this evo-box bonus");
  });
  const rest = all.filter((c) => !placed.has(c));
  if (rest.length > 0) warn(rest, block.setNumberSpan, "this card");
}

/**
 * Results of card blocks by their text (and the type vocabulary they were checked with), for
 * checking a file again after an edit: blocks whose text did not change are not checked again.
 * Holds only the blocks of the last check of each file, and that check itself: a file whose
 * text did not change at all (another file of the workspace was edited) is not read again.
 */
export class CheckCache {
  private readonly byFile = new Map<string, CachedBlocks>();
  private readonly checks = new Map<string, KeptCheck>();
  /** The names of the last check's sets ({@link knownNamesOf}) and what they were made of. */
  private known: { loaded: unknown; names: string[]; levels: (Level | null | undefined)[]; value: KnownNames } | null = null;
  /** Blocks reused and checked by the last {@link checkFile} calls (for measurements and tests). */
  readonly stats = { reused: 0, checked: 0 };

  /**
   * The blocks of a file's last check (read side), when they were checked with the same
   * ruleset and types (`typesKey`); undefined otherwise.
   */
  blocksOf(file: string, typesKey: string): CachedBlocks | undefined {
    const entry = this.byFile.get(file);
    return entry !== undefined && entry.typesKey === typesKey ? entry : undefined;
  }

  /** Replace a file's cached blocks by those of its latest check. */
  keep(file: string, blocks: CachedBlocks): void {
    this.byFile.set(file, blocks);
  }

  /** The last check of a file if its text was `text` (its cards as they were then: see {@link KeptCheck}). */
  checkOf(file: string, text: string): KeptCheck | undefined {
    const entry = this.checks.get(file);
    return entry !== undefined && entry.text === text ? entry : undefined;
  }

  /**
   * Remember the check of a file's text, before its cards are handed out (the set-level checks
   * then mark some of them in place: what each card was is kept beside it).
   */
  keepCheck(file: string, text: string, check: FileCheck): void {
    const ok: boolean[] = new Array(check.cards.length);
    const effects: CardEffect[][] = new Array(check.cards.length);
    for (let i = 0; i < ok.length; i++) {
      ok[i] = check.cards[i]!.ok;
      effects[i] = check.cards[i]!.effects;
    }
    this.checks.set(file, { text, check, ok, effects });
  }

  /**
   * {@link knownNamesOf} of the last check again when the names and Levels it was made of
   * are the same, in the same order (an edit that renames no card): the sets' cards are
   * compared, not gathered again. `loaded` is compared by identity (the language service
   * passes the same list every time, and never changes it).
   */
  knownNamesOf(loaded: Iterable<string | KnownCard> | undefined, sets: readonly { set: CheckedSet }[]): KnownNames {
    const k = this.known;
    if (k !== null && k.loaded === loaded) {
      let i = 0;
      let same = true;
      for (const { set } of sets) {
        for (const c of set.cards) {
          if (i >= k.names.length || k.names[i] !== c.stats.name || k.levels[i] !== knownLevel(c)) {
            same = false;
            break;
          }
          i++;
        }
        if (!same) break;
      }
      if (same && i === k.names.length) return k.value;
    }
    const names: string[] = [];
    const levels: (Level | null | undefined)[] = [];
    for (const { set } of sets) {
      for (const c of set.cards) {
        names.push(c.stats.name);
        levels.push(knownLevel(c));
      }
    }
    const value = new KnownNames(loaded ?? []);
    for (let i = 0; i < names.length; i++) value.add(names[i]!, levels[i]);
    this.known = { loaded, names, levels, value };
    return value;
  }

  /** Forget a file (closed or renamed). */
  forget(file: string): void {
    this.byFile.delete(file);
    this.checks.delete(file);
  }
}

/**
 * The card blocks of a file's last check through a {@link CheckCache}: where each stood in the
 * file's normalised text, and its result (ranges relative to the block).
 */
export interface CachedBlocks {
  /** The ruleset and types the blocks were checked with ({@link typesKeyOf}). */
  typesKey: string;
  /** The file's normalised text. */
  source: string;
  /** Each block's start and end offsets in `source`, and its result, in file order. */
  starts: number[];
  ends: number[];
  results: BlockCheck[];
}

/** The shortest piece of text compared at once by {@link commonPrefix} and {@link commonSuffix}. */
const CHUNK = 512;

/** The length of the longest common prefix of two strings (compared a chunk at a time, then character by character). */
function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i + CHUNK <= n && a.substring(i, i + CHUNK) === b.substring(i, i + CHUNK)) i += CHUNK;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** The length of the longest common suffix of two strings, at most `max`. */
function commonSuffix(a: string, b: string, max: number): number {
  let k = 0;
  while (k + CHUNK <= max && a.substring(a.length - k - CHUNK, a.length - k) === b.substring(b.length - k - CHUNK, b.length - k)) k += CHUNK;
  while (k < max && a.charCodeAt(a.length - k - 1) === b.charCodeAt(b.length - k - 1)) k++;
  return k;
}

/**
 * Finds the cached result of a block of a file's new text, and gathers the new text's blocks
 * for the cache. The text the edit left alone — the longest common prefix and suffix of the
 * old and new texts — holds blocks whose text is unchanged where they stand (moved by the
 * edit's change of length, past it): such a block is found by its place, with no string cut
 * out or hashed. A block in the changed part is looked up by its text among the old blocks
 * the change touched (an edit, a paste, a block moved). Blocks are asked for in file order.
 */
class BlockFinder {
  private readonly old: CachedBlocks | undefined;
  private readonly source: string;
  /** The common prefix's length, and where the common suffix starts in the new text. */
  private readonly prefix: number = 0;
  private readonly suffixAt: number = 0;
  /** New offset − old offset in the common suffix. */
  private readonly delta: number = 0;
  /** The next old block to compare (blocks are asked for in order). */
  private next = 0;
  /** The old blocks the change touched, by text (made on first need). */
  private touched: Map<string, BlockCheck> | null = null;
  readonly blocks: CachedBlocks;

  constructor(old: CachedBlocks | undefined, typesKey: string, source: string) {
    this.old = old;
    this.source = source;
    this.blocks = { typesKey, source, starts: [], ends: [], results: [] };
    if (old === undefined) return;
    const a = old.source;
    this.prefix = commonPrefix(a, source);
    const suffix = commonSuffix(a, source, Math.min(a.length, source.length) - this.prefix);
    this.suffixAt = source.length - suffix;
    this.delta = source.length - a.length;
  }

  /** The cached result of the block at `[start, end)` of the new text, or undefined. */
  find(start: number, end: number): BlockCheck | undefined {
    const old = this.old;
    if (old === undefined) return undefined;
    const shift = end <= this.prefix ? 0 : start >= this.suffixAt ? this.delta : null;
    if (shift !== null) {
      const at = start - shift;
      const starts = old.starts;
      while (this.next < starts.length && starts[this.next]! < at) this.next++;
      if (this.next < starts.length && starts[this.next] === at && old.ends[this.next] === end - shift) return old.results[this.next];
      return undefined;
    }
    if (this.touched === null) {
      this.touched = new Map();
      // The old blocks that reach into the changed part of the old text.
      const changedEnd = this.suffixAt - this.delta;
      for (let i = 0; i < old.starts.length; i++) {
        if (old.ends[i]! > this.prefix && old.starts[i]! < changedEnd) {
          const text = old.source.slice(old.starts[i], old.ends[i]);
          if (!this.touched.has(text)) this.touched.set(text, old.results[i]!);
        }
      }
    }
    return this.touched.get(this.source.slice(start, end));
  }

  /** Record the block at `[start, end)` of the new text and its result, for the next check. */
  add(start: number, end: number, r: BlockCheck): void {
    this.blocks.starts.push(start);
    this.blocks.ends.push(end);
    this.blocks.results.push(r);
  }
}

/**
 * The names evo-box and DNA entries resolve against (Evolution Phase 4.3): those loaded
 * beside the sets, and every card of the sets.
 * @param loaded names of cards loaded beside the sets ({@link CheckOptions.knownNames})
 */
function knownNamesOf(loaded: Iterable<string | KnownCard> | undefined, sets: readonly { set: CheckedSet }[]): KnownNames {
  const known = new KnownNames(loaded ?? []);
  for (const { set } of sets) for (const c of set.cards) known.add(c.stats.name, knownLevel(c));
  return known;
}

/** The Level a card adds to the known names: a Digimon whose Level has an error has a Level not known here (undefined); other kinds have none (null). */
function knownLevel(c: CheckedCard): Level | null | undefined {
  return c.stats.kind !== "Digimon" ? null : (c.stats.level ?? undefined);
}

/**
 * A file's check kept by a {@link CheckCache} for its text. Its cards were handed out, and the
 * set-level checks may have marked them in place (`ok`, `effects`: a duplicate set number, a
 * set code clash): `ok` and `effects` are what each card was before that.
 */
interface KeptCheck {
  text: string;
  check: FileCheck;
  ok: boolean[];
  effects: CardEffect[][];
}

/** A kept check again, with cards of its own as they were when it was made. */
function withOwnCards(kept: KeptCheck): FileCheck {
  const fc = kept.check;
  const cards: CheckedCard[] = new Array(fc.cards.length);
  for (let i = 0; i < cards.length; i++) cards[i] = { ...fc.cards[i]!, ok: kept.ok[i]!, effects: kept.effects[i]! };
  return { syntax: fc.syntax, flips: fc.flips, lines: fc.lines, cards, evoNames: fc.evoNames, diagnostics: fc.diagnostics };
}

/**
 * Check one file on its own (no set-level checks). Used by the language service. A `ruleset
 * dcg` file is checked by the DCG checker (`checkDcgFile`, compiler/check/dcg/set.ts): its
 * diagnostics are its own, and it has no cards here (its cards are not DBE cards; see
 * {@link checkAllSources}).
 * @param src the file
 * @param cache earlier results: a file whose text is the same as at its last check is not read
 *   again (its result is reused, with cards of its own), and blocks whose text and types are
 *   unchanged are reused ({@link CheckCache})
 * @throws never: every problem is a diagnostic
 */
export function checkFile(src: SourceFile, cache?: CheckCache): FileCheck {
  if (cache) {
    // The text did not change since the file's last check: its result is the same.
    const last = cache.checkOf(src.file, src.text);
    if (last !== undefined) {
      cache.stats.reused += last.check.syntax.cards.length;
      return withOwnCards(last);
    }
    // The blocks looked up as they are read, their fields not kept; the plain read below
    // when a `ruleset` or `types` line after a card changes what they were checked with.
    const fc = checkScannedBlocks(src, cache);
    if (fc !== null) {
      cache.keepCheck(src.file, src.text, fc);
      return fc;
    }
  } else {
    // Each card's stats are read as soon as it is read, its fields not kept; the texts are
    // checked once the whole file is read (EarlyCards; docs/grammar-style.md, "Checking").
    const early = new EarlyCards(src.file);
    const light = scanSetFile(src.file, src.text, (block, syn) => early.check(block, syn));
    if (light.ruleset !== "dcg" && early.valid(light)) return early.result(light);
    // A DCG file, or a `ruleset` or `types` line after a card: read again, and check below.
  }
  const syntax = readSetFile(src.file, src.text);
  // Ranges are offsets into the normalised text (grammar/source.ts), and so are lines.
  const lines = new LineMap(syntax.source);
  if (syntax.ruleset === "dcg") {
    const fc: FileCheck = { syntax, lines, cards: [], evoNames: [], diagnostics: checkDcgFile(src).diagnostics };
    cache?.keepCheck(src.file, src.text, fc);
    return fc;
  }
  const types = typesOf(syntax);
  const diagnostics: FileDiagnostic[] = [];
  for (const d of syntax.diagnostics) diagnostics.push(locate(src.file, lines, d));
  const cards: CheckedCard[] = [];
  const evoNames: { ref: EvoName; card: string }[] = [];
  const readerErrors = new ReaderErrors(syntax.diagnostics);
  if (cache) {
    checkCachedBlocks(src.file, syntax, syntax.ruleset, types, lines, readerErrors, cache, cards, evoNames, diagnostics);
    const fc: FileCheck = { syntax, lines, cards, evoNames, diagnostics };
    cache.keepCheck(src.file, src.text, fc);
    return fc;
  }
  const cardDiags: Diagnostic[] = [];
  const cardEvoNames: EvoName[] = [];
  for (let bi = 0; bi < syntax.cards.length; bi++) {
    const block = syntax.cards[bi]!;
    cardDiags.length = 0;
    cardEvoNames.length = 0;
    const card = checkCard(block, types, src.file, syntax.ruleset, cardDiags, cardEvoNames);
    for (const ref of cardEvoNames) evoNames.push({ ref, card: block.setNumber });
    if (card.ok && readerErrors.inBlock(block, syntax.cards[bi + 1])) {
      card.ok = false;
      card.effects = [];
    }
    cards.push(card);
    if (cardDiags.length > 0) for (const d of capped(cardDiags)) diagnostics.push(locate(src.file, lines, d));
  }
  return { syntax, lines, cards, evoNames, diagnostics };
}

/**
 * The cards of a file checked in two passes over its blocks ({@link checkFile} with
 * {@link scanSetFile}): as the reader reads each card block, its stats are read and what its
 * text needs of its fields is kept ({@link TextFields}); once the whole file is read, every
 * card's text is checked in turn ({@link result}). The texts are checked apart from the
 * reading because the parser runs faster when nothing else runs between two texts
 * (docs/grammar-style.md, "Checking").
 *
 * Each block is read with the ruleset and types the file has said so far. Those are the
 * file's when its `ruleset` and `types` lines come before its first card, as they do in
 * practice; when a later line changes them, the blocks read so far are not used ({@link valid})
 * and the file is read and checked again.
 */
class EarlyCards {
  /** The cards' stats and what their texts need, in block order (the first pass). */
  private readonly read: ReadCard[] = [];
  readonly evoNames: { ref: EvoName; card: string }[] = [];
  /** The span of each `flip:` value (the set-level checks need it; the fields are not kept). */
  readonly flips = new Map<CardBlock, Span>();
  private readonly file: string;
  /** The ruleset and types the cards were checked with (undefined before the first card). */
  private ruleset: Ruleset | undefined;
  private typesLine: string[] | null = null;
  private types: string[] = [];
  /** A `ruleset` or `types` line changed them after a card was checked. */
  private stale = false;
  private readonly cardDiags: Diagnostic[] = [];
  private readonly cardEvoNames: EvoName[] = [];

  constructor(file: string) {
    this.file = file;
  }

  /** Read the stats of a card block the reader has just read (its fields are lent: see {@link scanSetFile}). */
  check(block: CardBlock, syntax: SetFileSyntax): void {
    if (this.stale) return;
    if (this.ruleset === undefined) {
      this.ruleset = syntax.ruleset;
      this.typesLine = syntax.types;
      this.types = typesOf(syntax);
    } else if (syntax.ruleset !== this.ruleset || syntax.types !== this.typesLine) {
      this.stale = true;
      return;
    }
    // A DCG file is checked by the DCG checker (checkFile).
    if (this.ruleset === "dcg") return;
    const diags = this.cardDiags;
    const evoNames = this.cardEvoNames;
    const st = readStatsInto(block, this.types, this.ruleset, diags, evoNames);
    // The stats' diagnostics wait for the text's (a card's diagnostics are capped together).
    let statsDiags: Diagnostic[] | null = null;
    if (diags.length > 0) {
      statsDiags = diags.slice();
      diags.length = 0;
    }
    if (evoNames.length > 0) {
      for (const ref of evoNames) this.evoNames.push({ ref, card: block.setNumber });
      evoNames.length = 0;
    }
    const fields = textFieldsOf(block, st.stats, true);
    // One flat object per block: it lives until the texts are checked (ReadCard).
    this.read.push({ block, stats: st.stats, kindKnown: st.kindKnown, text: fields.text, timingGiven: fields.timingGiven, evoSpans: fields.evoSpans, statsDiags });
    for (const f of block.fields) {
      if (f.key === "flip") {
        this.flips.set(block, f.value.span);
        break;
      }
    }
  }

  /** Whether the cards read are the file's: every block read, with the file's final ruleset and types. */
  valid(syntax: SetFileSyntax): boolean {
    return !this.stale && this.read.length === syntax.cards.length && (this.read.length === 0 || (this.ruleset === syntax.ruleset && this.typesLine === syntax.types));
  }

  /** The file checked, once read ({@link valid}): every card's text checked (the second pass). */
  result(syntax: SetFileSyntax): FileCheck {
    const lines = new LineMap(syntax.source);
    const diagnostics: FileDiagnostic[] = [];
    for (const d of syntax.diagnostics) diagnostics.push(locate(this.file, lines, d));
    const readerErrors = new ReaderErrors(syntax.diagnostics);
    const cards: CheckedCard[] = [];
    const diags = this.cardDiags;
    const ruleset: TextRuleset = this.ruleset === "dmb" ? "dmb" : "dbe";
    for (let bi = 0; bi < this.read.length; bi++) {
      const read = this.read[bi]!;
      const block = read.block;
      if (read.statsDiags !== null) for (const d of read.statsDiags) diags.push(d);
      const card = newCard(this.file, block, read.stats, read.text, checkCardText(block, read, read, this.types, ruleset, diags, 0));
      // Reader errors inside a block (a bad field line …) keep its card from compiling.
      if (card.ok && readerErrors.inBlock(block, syntax.cards[bi + 1])) {
        card.ok = false;
        card.effects = [];
      }
      cards.push(card);
      if (diags.length > 0) {
        for (const d of capped(diags)) diagnostics.push(locate(this.file, lines, d));
        diags.length = 0;
      }
    }
    return { syntax, flips: this.flips, lines, cards, evoNames: this.evoNames, diagnostics };
  }
}

/**
 * A card block read by the first pass of {@link EarlyCards}: its stats, what its text needs,
 * and the stats' diagnostics (null when none). One flat object literal: every block's lives
 * through the reading of the whole file, and what lives, garbage collection copies (V8
 * allocates an object literal among long-lived objects once it sees them live on).
 */
interface ReadCard extends StatsRead, TextFields {
  block: CardBlock;
  statsDiags: Diagnostic[] | null;
}

/**
 * A file through the language service's cache, read with {@link scanSetFile}: each block is
 * looked up by its text as soon as it is read, and checked with its lent fields when the
 * cache does not have it ({@link checkCachedBlocks} reads the whole file first). The
 * blocks keep no fields; `flips` has what the set-level checks need of them.
 * @returns the file checked, or null when it must be read and checked the plain way: a DCG
 *   file, or a `ruleset` or `types` line after a card (the blocks before it were looked up
 *   with other types); nothing is kept in the cache then
 */
function checkScannedBlocks(src: SourceFile, cache: CheckCache): FileCheck | null {
  const file = src.file;
  let ruleset: Ruleset | undefined;
  let typesLine: string[] | null = null;
  let types: string[] = [];
  let typesKey = "";
  let finder: BlockFinder | null = null;
  let stale = false;
  let reused = 0;
  const results: BlockCheck[] = [];
  const flips = new Map<CardBlock, Span>();
  const syntax = scanSetFile(file, src.text, (block, syn) => {
    if (stale) return;
    if (ruleset === undefined) {
      ruleset = syn.ruleset;
      typesLine = syn.types;
      types = typesOf(syn);
      typesKey = typesKeyOf(ruleset, types);
      finder = new BlockFinder(cache.blocksOf(file, typesKey), typesKey, syn.source);
    } else if (syn.ruleset !== ruleset || syn.types !== typesLine) {
      stale = true;
      return;
    }
    if (ruleset === "dcg") return;
    const { start, end } = block.span;
    let r = finder!.find(start, end);
    if (r) reused++;
    else r = checkBlock(block, types, file, ruleset);
    finder!.add(start, end, r);
    results.push(r);
    for (const f of block.fields) {
      if (f.key === "flip") {
        flips.set(block, f.value.span);
        break;
      }
    }
  });
  if (stale || syntax.ruleset === "dcg" || results.length !== syntax.cards.length) return null;
  if (results.length > 0 && (ruleset !== syntax.ruleset || typesLine !== syntax.types)) return null;
  cache.stats.reused += reused;
  cache.stats.checked += results.length - reused;
  // (No card: no finder was made.)
  const found = finder as BlockFinder | null;
  cache.keep(file, found !== null ? found.blocks : new BlockFinder(undefined, typesKeyOf(syntax.ruleset, typesOf(syntax)), syntax.source).blocks);
  const lines = new LineMap(syntax.source);
  const diagnostics: FileDiagnostic[] = [];
  for (const d of syntax.diagnostics) diagnostics.push(locate(file, lines, d));
  const readerErrors = new ReaderErrors(syntax.diagnostics);
  const cards: CheckedCard[] = [];
  const evoNames: { ref: EvoName; card: string }[] = [];
  for (let bi = 0; bi < syntax.cards.length; bi++) placeBlock(file, syntax, bi, results[bi]!, lines, readerErrors, cards, evoNames, diagnostics);
  return { syntax, flips, lines, cards, evoNames, diagnostics };
}

/** The key of the ruleset and types a block was checked with ({@link CheckCache}). */
function typesKeyOf(ruleset: Ruleset, types: readonly string[]): string {
  return `${ruleset}\u0000${types.join(",")}`;
}

/**
 * A block's cached result placed where the block is: its card (not compiled when a reader
 * error is inside the block), its evo-box names and its diagnostics, in file offsets.
 */
function placeBlock(
  file: string,
  syntax: SetFileSyntax,
  bi: number,
  r: BlockCheck,
  lines: LineMap,
  readerErrors: ReaderErrors,
  cards: CheckedCard[],
  evoNames: { ref: EvoName; card: string }[],
  diagnostics: FileDiagnostic[],
): void {
  const block = syntax.cards[bi]!;
  const at = block.span.start;
  for (const ref of r.evoNames) evoNames.push({ ref: { ...ref, span: shift(ref.span, at) }, card: block.setNumber });
  // Reader errors inside the block (a bad field line …) keep the card from compiling.
  const ok = r.card.ok && !readerErrors.inBlock(block, syntax.cards[bi + 1]);
  cards.push({ ...r.card, effects: ok ? r.card.effects : [], ok, span: shift(r.card.span, at) });
  for (const d of r.diagnostics) diagnostics.push(locate(file, lines, { ...d, span: shift(d.span, at) }));
}

/**
 * The blocks of a file through the language service's cache ({@link checkFile} with a
 * cache): a block whose text, types and ruleset are unchanged is not checked again.
 */
function checkCachedBlocks(
  file: string,
  syntax: SetFileSyntax,
  ruleset: TextRuleset,
  types: readonly string[],
  lines: LineMap,
  readerErrors: ReaderErrors,
  cache: CheckCache,
  cards: CheckedCard[],
  evoNames: { ref: EvoName; card: string }[],
  diagnostics: FileDiagnostic[],
): void {
  // A block's result depends on the types and the ruleset as well as on its text: the
  // file's blocks are reused only when those are the same.
  const typesKey = typesKeyOf(syntax.ruleset, types);
  const finder = new BlockFinder(cache.blocksOf(file, typesKey), typesKey, syntax.source);
  for (let bi = 0; bi < syntax.cards.length; bi++) {
    const block = syntax.cards[bi]!;
    const { start, end } = block.span;
    let r = finder.find(start, end);
    if (r) cache.stats.reused++;
    else {
      r = checkBlock(block, types, file, ruleset);
      cache.stats.checked++;
    }
    finder.add(start, end, r);
    placeBlock(file, syntax, bi, r, lines, readerErrors, cards, evoNames, diagnostics);
  }
  cache.keep(file, finder.blocks);
}

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
 * Check sources of every ruleset, each file by its ruleset's checker, grouped into sets by
 * their `set` code: what the language service, the playground and the docs examples see. DBE
 * and DMB sets come back whole ({@link checkDbeSources}); a DCG set (`ruleset dcg`) comes back
 * with its diagnostics — those of the DCG checker, set-level checks included — and no cards
 * (`ruleset` "dbe" and no `types`: see `CheckedSet`; its cards are `DcgCheckedCard`s, which
 * {@link checkAllSources} gives).
 * @param sources `.dgs` files (path and text)
 * @param options progress reporting, names loaded beside the sources, the service's cache
 * @returns one checked set per set code, in the order of each set's first file
 */
export function checkSources(sources: readonly SourceFile[], options: CheckOptions = {}): CheckedSet[] {
  const { dbe, dcg } = checkAllSources(sources, options);
  if (dcg.length === 0) return dbe;
  const first = new Map<string, number>();
  sources.forEach((s, i) => {
    if (!first.has(s.file)) first.set(s.file, i);
  });
  const at = (set: { files: readonly string[] }) => first.get(set.files[0] ?? "") ?? 0;
  const dcgSets: CheckedSet[] = dcg.map((s) => ({ code: s.code, name: s.name, ruleset: "dbe", types: [], files: s.files, cards: [], diagnostics: s.diagnostics, ms: s.ms }));
  return [...dbe, ...dcgSets].sort((a, b) => at(a) - at(b));
}

/** Options of {@link checkAllSources}: those of {@link checkSources}, and the DCG cards loaded beside the sources. */
export interface CheckAllOptions extends CheckOptions {
  /** Names of DCG cards loaded beside these sources (DNA requirements may name them). */
  dcgKnownNames?: Iterable<string>;
}

/** The sets of {@link checkAllSources}, by ruleset family. */
export interface CheckedSources {
  /** DBE and DMB sets (`ruleset dbe`, `ruleset dmb` or none). */
  dbe: CheckedSet[];
  /** DCG sets (`ruleset dcg`). */
  dcg: DcgCheckedSet[];
}

/**
 * Check sources of any ruleset: route each file by its header's `ruleset` line
 * (`rulesetOfSource`), check each family with its own checker ({@link checkDbeSources},
 * `checkDcgSources` of compiler/check/dcg/set.ts), then refuse sets of the two families whose
 * codes would name one output folder (`set-code-clash`, common.ts `codeClashes`).
 * Format: `docs/set-format.md` ("Header", "DCG sets").
 * @param sources `.dgs` files (path and text)
 * @returns the DBE/DMB sets and the DCG sets, each in first-seen order
 * @throws never: every problem is a diagnostic
 */
export function checkAllSources(sources: readonly SourceFile[], options: CheckAllOptions = {}): CheckedSources {
  const dbeFiles: SourceFile[] = [];
  const dcgFiles: SourceFile[] = [];
  for (const s of sources) (rulesetOfSource(s.text) === "dcg" ? dcgFiles : dbeFiles).push(s);
  const dbe = dbeFiles.length > 0 ? checkDbeSources(dbeFiles, options) : [];
  const dcg = dcgFiles.length > 0 ? checkDcgSources(dcgFiles, { onFile: options.onFile, knownNames: options.dcgKnownNames }) : [];
  if (dbe.length > 0 && dcg.length > 0) {
    // Only codes both families use need their `set` line found: read those files' headers again.
    const dcgCodes = new Set(dcg.map((s) => s.code.toLowerCase()));
    const dbeCodes = new Set(dbe.map((s) => s.code.toLowerCase()));
    const byFile = new Map(sources.map((s) => [s.file, s.text]));
    const entries: ClashEntry[] = [];
    for (const set of dbe) if (dcgCodes.has(set.code.toLowerCase())) entries.push(clashEntry(set, headers(set.files, byFile)));
    for (const set of dcg) if (dbeCodes.has(set.code.toLowerCase())) entries.push(dcgClashEntry({ set, files: headers(set.files, byFile) }));
    codeClashes(entries, true);
  }
  return { dbe, dcg };
}

/** The syntax and line map of the first file of a set that has a `set` line (the place a clash is reported). */
function headers(files: readonly string[], byFile: ReadonlyMap<string, string>): { syntax: SetFileSyntax; lines: LineMap }[] {
  for (const file of files) {
    const syntax = readSetFile(file, byFile.get(file) ?? "");
    if (syntax.codeSpan !== null) return [{ syntax, lines: new LineMap(syntax.source) }];
  }
  return [];
}

/**
 * Check DBE and DMB sources, grouping files into sets by their `set` code, then the checks
 * that need the whole set (set numbers, evo-box names) and set codes that would share an
 * output folder. A `ruleset dcg` file given here has its DCG diagnostics and no cards
 * ({@link checkFile}); {@link checkAllSources} routes each file to its ruleset's checker.
 * @param sources `.dgs` files (path and text) of DBE and DMB sets
 * @param options progress reporting, names loaded beside the sources, the service's cache
 * @returns one checked set per set code, in first-seen order
 */
export function checkDbeSources(sources: readonly SourceFile[], options: CheckOptions = {}): CheckedSet[] {
  const sets = new Map<string, { set: CheckedSet; files: FileCheck[] }>();
  for (const src of sources) {
    const t0 = performance.now();
    const fc = checkFile(src, options.cache);
    const code = fc.syntax.code ?? NO_SET;
    let entry = sets.get(code);
    if (!entry) {
      entry = {
        // A DCG file given here has no cards (checkFile): its set is a DBE one only in name.
        set: { code, name: fc.syntax.name ?? code, ruleset: fc.syntax.ruleset === "dmb" ? "dmb" : "dbe", types: typesOf(fc.syntax), files: [], cards: [], diagnostics: [], ms: 0 },
        files: [],
      };
      sets.set(code, entry);
    }
    entry.set.files.push(src.file);
    // Loops, not push(...xs): a file may hold more cards than a call takes arguments.
    // (Index loops: this runs once per check, before V8 optimises it, and `for … of` there
    // makes an iterator result per card.)
    const { cards, diagnostics } = entry.set;
    for (let i = 0; i < fc.cards.length; i++) cards.push(fc.cards[i]!);
    for (let i = 0; i < fc.diagnostics.length; i++) diagnostics.push(fc.diagnostics[i]!);
    entry.files.push(fc);
    entry.set.ms += performance.now() - t0;
    options.onFile?.(src.file, code, fc.cards.length);
  }
  // Evo-box and DNA names resolve against every set loaded together (Evolution Phase 4.3):
  // the names are gathered when some card has such a name to resolve.
  let known: KnownNames | null = null;
  const knownNames = (): KnownNames => {
    if (known) return known;
    const all = [...sets.values()];
    known = options.cache ? options.cache.knownNamesOf(options.knownNames, all) : knownNamesOf(options.knownNames, all);
    return known;
  };
  for (const { set, files } of sets.values()) {
    const t0 = performance.now();
    setLevelChecks(set, files, knownNames);
    set.ms += performance.now() - t0;
  }
  codeClashes([...sets.values()].map(({ set, files }) => clashEntry(set, files)));
  return [...sets.values()].map((x) => x.set);
}

/** A DBE/DMB set as the shared set-code check sees it (common.ts {@link codeClashes}). */
export function clashEntry(set: CheckedSet, files: readonly { syntax: SetFileSyntax; lines: LineMap }[]): ClashEntry {
  const fc = files.find((f) => f.syntax.codeSpan !== null);
  return {
    code: set.code,
    family: "DBE",
    at: fc ? { file: fc.syntax.file, lines: fc.lines, span: fc.syntax.codeSpan! } : null,
    diagnostics: set.diagnostics,
    refuse() {
      for (const c of set.cards) {
        c.ok = false;
        c.effects = [];
      }
    },
  };
}

/**
 * The checks that need the whole set: set numbers ({@link setNumberChecks}), and evo-box and
 * DNA names against the cards loaded together.
 * @param knownNames the names of the cards loaded together (gathered on first call)
 */
function setLevelChecks(set: CheckedSet, files: FileCheck[], knownNames: () => KnownNames): void {
  setNumberChecks(set, files);
  // Evo-box and DNA names no loaded card has (a warning: the card may come from a set not
  // loaded). A partial name ("-dramon") is a pattern, not a card name: it is not reported.
  for (const fc of files) {
    for (const { ref } of fc.evoNames) {
      if (ref.kind !== "name" || !isExactName(ref.word)) continue;
      const known = knownNames();
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

/**
 * Whether a name of an evo-box entry names one card, not a pattern ("-dramon", "Grey-"):
 * `namePattern(word).kind === "exact"` (grammar/parser.ts), found with no new string.
 */
function isExactName(word: string): boolean {
  // namePattern leaves out one opening and one closing quote, then blanks.
  let a = 0;
  let b = word.length;
  if (b > 0 && (word.charCodeAt(0) === 34 || word.charCodeAt(0) === 0x201c)) a = 1;
  if (b > a && (word.charCodeAt(b - 1) === 34 || word.charCodeAt(b - 1) === 0x201d)) b--;
  while (a < b && isTrimmed(word.charCodeAt(a))) a++;
  while (b > a && isTrimmed(word.charCodeAt(b - 1))) b--;
  if (a === b) return true;
  return word.charCodeAt(a) !== 45 /* - */ && !(word.charCodeAt(b - 1) === 45 && b - a > 1);
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
  // The first block of each number (as block index × files + file index), and the blocks of
  // the numbers used more than once: only those and flip cards are looked at again.
  const nf = files.length;
  const first = new Map<string, number>();
  let groups: Map<string, Placed[]> | null = null;
  const placedAt = (fi: number, bi: number): Placed => {
    const fc = files[fi]!;
    const block = fc.syntax.cards[bi]!;
    return { file: fc.syntax.file, lines: fc.lines, block, card: fc.cards[bi]!, flip: fc.flips?.get(block) ?? block.fields.find((f) => f.key === "flip")?.value.span ?? block.setNumberSpan };
  };
  for (let fi = 0; fi < nf; fi++) {
    const blocks = files[fi]!.syntax.cards;
    for (let bi = 0; bi < blocks.length; bi++) {
      const num = blocks[bi]!.setNumber;
      const g = first.get(num);
      if (g === undefined) {
        first.set(num, bi * nf + fi);
        continue;
      }
      groups ??= new Map();
      const group = groups.get(num);
      if (group) group.push(placedAt(fi, bi));
      else groups.set(num, [placedAt(g % nf, Math.floor(g / nf)), placedAt(fi, bi)]);
    }
  }
  // In the order of each number's first block, as the messages have always come. With no
  // number used twice, only flip cards are looked at, and a file read with no `flip:` field
  // (`flips` empty) has none.
  for (let fi = 0; fi < nf; fi++) {
    const { syntax, cards, flips } = files[fi]!;
    if (groups === null && flips !== undefined && flips.size === 0) continue;
    for (let bi = 0; bi < syntax.cards.length; bi++) {
      const num = syntax.cards[bi]!.setNumber;
      const group = groups?.get(num);
      if (group === undefined) {
        if (cards[bi]!.stats.flip) numberChecks(set, num, [placedAt(fi, bi)]);
      } else if (first.get(num) === bi * nf + fi) numberChecks(set, num, group);
    }
  }
}

/** One block of a set with its card and where its `flip:` value is (its set number when it has none), for {@link numberChecks}. */
type Placed = PlacedBlock & { card: CheckedCard; flip: Span };

/** The checks of {@link setNumberChecks} on the blocks of one set number, in file order. */
function numberChecks(set: CheckedSet, num: string, group: Placed[]): void {
  const flipSpan = (x: Placed) => x.flip;
  const fail = (x: Placed, code: string, message: string, span: Span) => {
    set.diagnostics.push(locate(x.file, x.lines, { severity: "error", code, message, span }));
    x.card.ok = false;
    x.card.effects = [];
  };
  const a = group[0]?.card.stats.flip;
  const b = group[1]?.card.stats.flip;
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
    return;
  }
  if (group.length === 2 && a && b && a.side !== b.side) {
    if (a.initial && b.initial) {
      for (const [i, x] of group.entries()) {
        fail(
          x,
          "flip-initial",
          `both sides of flip card ${num} are marked initial (the other side is at ${whereOf(group[1 - i]!)}): "The initial side is designated by an up arrow and should be the first side of the card" (Glossary "Flip"), so one side at most is initial; a card with none "begin[s] in the deck on any side of the player's choice"`,
          flipSpan(x),
        );
      }
    }
    return;
  }
  for (const x of group) {
    fail(
      x,
      "duplicate-set-number",
      `set number ${num} is also used by ${othersNamed(group, x)}: a set number identifies one card (Anatomy of Cards item 2), so none of these cards is compiled; only the two sides of a flip card share a number, one with flip: Star and one with flip: Moon (Glossary "Flip")`,
      x.block.setNumberSpan,
    );
  }
}
