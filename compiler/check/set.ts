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
import { namePattern, type Diagnostic, type Span } from "../../grammar/index.ts";
import { readSetFile, rulesetOfSource, type CardBlock, type SetFileSyntax } from "../../grammar/setfile.ts";
import type { CardStats } from "../../runtime/card.ts";
import type { CardEffect } from "../../runtime/ir.ts";
import { DBE_TYPES, LEVEL_ORDER } from "../../runtime/vocabulary.ts";
import { didYouMean } from "./refs.ts";
import type { CheckedCard, CheckedSet, DcgCheckedSet, FileDiagnostic, SourceFile } from "../api.ts";
import { unsupportedConstructs } from "../../runtime/rulesets/dbe/effects.ts";
import { readStats, type EvoName } from "./stats.ts";
import type { TextRuleset } from "./refs.ts";
import { compileCardText } from "./text.ts";
import { blocksByNumber, capped, codeClashes, KnownNames, LineMap, locate, NO_SET, othersNamed, readerErrorIn, whereOf, type ClashEntry, type KnownCard, type PlacedBlock } from "./common.ts";
import { checkDcgFile, checkDcgSources, dcgClashEntry } from "./dcg/set.ts";

export { KnownNames, LineMap, locate, MAX_CARD_DIAGNOSTICS, NO_SET, SET_CODE_CLASH, type KnownCard } from "./common.ts";

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
 * @param ruleset the file's ruleset: DMB's own words compile in `ruleset dmb` sets only (compiler/check/refs.ts `rulesetOnlyError`)
 * @returns the result with ranges relative to `block.span.start`
 */
export function checkBlock(block: CardBlock, types: readonly string[], file: string, ruleset: TextRuleset = "dbe"): BlockCheck {
  const at = block.span.start;
  const rel = (sp: Span): Span => ({ start: sp.start - at, end: sp.end - at });
  const cardDiags: Diagnostic[] = [];
  const st = readStats(block, types, ruleset);
  for (const d of st.diagnostics) cardDiags.push(d);
  const textField = block.fields.find((f) => f.key === "text");
  let effects: CheckedCard["effects"] = [];
  let spans: Span[] = [];
  const text = textField?.value.value ?? "";
  if (textField && text.trim().length > 0) {
    const c = compileCardText(text, types, ruleset);
    for (const d of c.diagnostics) cardDiags.push({ ...d, span: { start: textField.value.offsetAt(d.span.start), end: textField.value.offsetAt(d.span.end) } });
    effects = c.effects;
    spans = c.spans.map((sp) => ({ start: textField.value.offsetAt(sp.start), end: textField.value.offsetAt(sp.end) }));
    // An Evolution card is played by its kind (Evolution Phase 5.1, "Evolving by Evolution card").
    // A card whose kind is unknown, or whose timing: does not read, has that error already:
    // whether its text needs a timing cannot be said.
    const timingGiven = block.fields.some((f) => f.key === "timing");
    // Parenthesised text is permanent (Glossary "(Parenthesis text)"): it needs no timing.
    const untimed = st.kindKnown && !timingGiven && st.stats.kind !== "Evolution" && st.stats.timings.length === 0 && c.effects.some((e) => e.kind === "effect" && e.timings.length === 0 && !e.permanent);
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
 * Check one file on its own (no set-level checks). Used by the language service. A `ruleset
 * dcg` file is checked by the DCG checker (`checkDcgFile`, compiler/check/dcg/set.ts): its
 * diagnostics are its own, and it has no cards here (its cards are not DBE cards; see
 * {@link checkAllSources}).
 * @param src the file
 * @param cache earlier results: blocks whose text and types are unchanged are reused
 * @throws never: every problem is a diagnostic
 */
export function checkFile(src: SourceFile, cache?: CheckCache): FileCheck {
  const syntax = readSetFile(src.file, src.text);
  // Ranges are offsets into the normalised text (grammar/source.ts), and so are lines.
  const lines = new LineMap(syntax.source);
  if (syntax.ruleset === "dcg") return { syntax, lines, cards: [], evoNames: [], diagnostics: checkDcgFile(src).diagnostics };
  const types = typesOf(syntax);
  // A block's result depends on the types and the ruleset as well as on its text.
  const typesKey = `${syntax.ruleset}\u0000${types.join(",")}`;
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
      r = checkBlock(block, types, src.file, syntax.ruleset);
      if (cache) cache.stats.checked++;
    }
    if (cache) kept.set(key, r);
    const at = block.span.start;
    for (const ref of r.evoNames) evoNames.push({ ref: { ...ref, span: shift(ref.span, at) }, card: block.setNumber });
    // Reader errors inside the block (a bad field line …) keep the card from compiling.
    const ok = r.card.ok && !readerErrorIn(readerErrors, block, next);
    cards.push({ ...r.card, effects: ok ? r.card.effects : [], ok, span: shift(r.card.span, at) });
    for (const d of r.diagnostics) diagnostics.push(locate(src.file, lines, { ...d, span: shift(d.span, at) }));
  }
  cache?.keep(src.file, kept);
  return { syntax, lines, cards, evoNames, diagnostics };
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
  type Placed = PlacedBlock & { card: CheckedCard };
  const placed = function* (): Generator<Placed> {
    for (const fc of files) for (let bi = 0; bi < fc.syntax.cards.length; bi++) yield { file: fc.syntax.file, lines: fc.lines, block: fc.syntax.cards[bi]!, card: fc.cards[bi]! };
  };
  const flipSpan = (x: Placed) => x.block.fields.find((f) => f.key === "flip")?.value.span ?? x.block.setNumberSpan;
  const fail = (x: Placed, code: string, message: string, span: Span) => {
    set.diagnostics.push(locate(x.file, x.lines, { severity: "error", code, message, span }));
    x.card.ok = false;
    x.card.effects = [];
  };
  for (const [num, group] of blocksByNumber(placed())) {
    const flips = group.map((x) => x.card.stats.flip);
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
            `both sides of flip card ${num} are marked initial (the other side is at ${whereOf(group[1 - i]!)}): "The initial side is designated by an up arrow and should be the first side of the card" (Glossary "Flip"), so one side at most is initial; a card with none "begin[s] in the deck on any side of the player's choice"`,
            flipSpan(x),
          );
        }
      }
      continue;
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
}
