/**
 * Whole-set checking of DCG sets (`ruleset dcg`): read the `.dgs` files, check every card's
 * stats ({@link readDcgStats}) and compile its three text boxes ({@link compileDcgText}), then
 * the checks that need the whole set — card numbers used twice, DNA requirements naming no
 * loaded card, set codes that would share an output folder — shared with the DBE checker
 * through `compiler/check/common.ts`.
 *
 * Format: `docs/set-format.md`, "DCG sets". Sources: `002_db81695f81018ea7.txt` 2-1-1 ("卡牌编号
 * 一致的卡牌视为相同的卡牌": cards with the same card number are the same card), 2-2-2 (a name in
 * the text names the cards of that name), 8-2 (DNA digivolution).
 */
import { readSetFile, type CardBlock, type SetFileSyntax } from "../../../grammar/setfile.ts";
import type { Diagnostic, Span } from "../../../grammar/diagnostics.ts";
import type { DcgCheckedCard, DcgCheckedSet, FileDiagnostic, SourceFile } from "../../api.ts";
import { noDcgEffects, type DcgBox, type DcgTexts } from "../../../runtime/lang/dcg/card.ts";
import type { DcgEffect, DcgTiming } from "../../../runtime/lang/dcg/ir.ts";
import type { DcgKind } from "../../../runtime/lang/dcg/vocabulary.ts";
import { blocksByNumber, capped, codeClashes, KnownNames, LineMap, locate, NO_SET, othersNamed, ReaderErrors, RUNTIME_UNSUPPORTED, type ClashEntry, type PlacedBlock } from "../common.ts";
import { dcgUnsupported } from "../../../runtime/rulesets/dcg/effects/supported.ts";
import { didYouMean } from "../refs.ts";
import { dcgKindPrints, readDcgStats, type DcgNameRef } from "./stats.ts";
import { compileDcgText } from "./text.ts";

/** The text boxes of a DCG card, in the order the set format lists them. */
export const DCG_BOXES: readonly DcgBox[] = ["effect", "inherited", "security"];

/** What checking one DCG file gives: the syntax, the cards (in block order), the DNA names and the diagnostics. */
export interface DcgFileCheck {
  syntax: SetFileSyntax;
  lines: LineMap;
  cards: DcgCheckedCard[];
  dnaNames: DcgNameRef[];
  diagnostics: FileDiagnostic[];
}

/** The code of the error a non-DCG file gets from {@link checkDcgSources}. */
export const NOT_DCG_HERE = "not-dcg-set";

/**
 * Check one DCG card block: its stats and its text boxes.
 * @param block the block (file ranges)
 * @param file the file's path (for the card)
 * @returns the card and its diagnostics (file ranges, capped at the shared per-card limit)
 */
export function checkDcgBlock(block: CardBlock, file: string): { card: DcgCheckedCard; diagnostics: Diagnostic[]; dnaNames: DcgNameRef[] } {
  const st = readDcgStats(block);
  const diagnostics: Diagnostic[] = [...st.diagnostics];
  const text: DcgTexts = { effect: "", inherited: "", security: "" };
  const effects = noDcgEffects();
  let textOk = true;
  for (const box of DCG_BOXES) {
    // The first field of the box (a repeat is a duplicate-field error); a box the kind does not
    // print has its field-not-for-kind error and is not compiled.
    const f = block.fields.find((x) => x.key === box);
    if (!f || (st.kindKnown && !dcgKindPrints(st.stats.kind, box))) continue;
    text[box] = f.value.value;
    if (f.value.value.trim() === "") continue;
    const r = compileDcgText(f.value.value, box);
    if (r.diagnostics.some((d) => d.severity === "error")) textOk = false;
    for (const d of r.diagnostics) diagnostics.push({ ...d, span: { start: f.value.offsetAt(d.span.start), end: f.value.offsetAt(d.span.end) } });
    if (st.kindKnown && box === "effect") for (const d of neverTriggers(st.stats.kind, r.effects)) diagnostics.push({ ...d, span: { start: f.value.offsetAt(d.span.start), end: f.value.offsetAt(d.span.end) } });
    effects[box] = r.effects;
  }
  const ok = !diagnostics.some((d) => d.severity === "error");
  // What the DCG runtime cannot perform yet: a warning now, not first when a deck is played.
  if (ok) {
    const refused = dcgUnsupported({ stats: st.stats, text, effects });
    if (refused.length > 0)
      diagnostics.push({
        severity: "warning",
        code: RUNTIME_UNSUPPORTED,
        message: `the DCG runtime cannot perform ${st.stats.number} yet: ${refused.join(", ")}; \`duel\` and \`simulate\` refuse a deck with it (docs/rules-coverage-dcg.md)`,
        span: block.setNumberSpan,
      });
  }
  return {
    card: { file, stats: st.stats, text, effects: ok ? effects : noDcgEffects(), ok, textOk, span: block.span },
    diagnostics: capped(diagnostics),
    dnaNames: st.dnaNames,
  };
}

/**
 * The timings of a Digimon's (or a Tamer's) own moments, which an Option's effect never meets,
 * each with the rule that says whose moment it is: an Option is used, not played (002 10-4-2
 * [On Play]: "the Digimon or Tamer card that has it is played"), and it never digivolves,
 * attacks or is deleted as a Digimon.
 */
const DIGIMON_MOMENTS: ReadonlyMap<DcgTiming, { tag: string; rule: string }> = new Map([
  ["onPlay", { tag: "On Play", rule: "002 10-4-2: when a Digimon or Tamer card is played; an Option is used" }],
  ["whenDigivolving", { tag: "When Digivolving", rule: "002 10-4-3: when a Digimon digivolves into the card" }],
  ["whenAttacking", { tag: "When Attacking", rule: "002 10-4-5: when the Digimon that has it attacks" }],
  ["endOfAttack", { tag: "End of Attack", rule: "002 10-4-13: when the attack of the Digimon that has it ends" }],
  ["onDeletion", { tag: "On Deletion", rule: "002 10-4-4: when the Digimon or Tamer that has it is deleted" }],
] as [DcgTiming, { tag: string; rule: string }][]);

/**
 * Warnings for an Option's effect box: a unit timed at a moment only a Digimon or a Tamer has
 * ({@link DIGIMON_MOMENTS}), which never triggers, and a keyword line (`<Blocker>`, `<Security
 * Attack +1>`: keywords of the Digimon that has them, their reminders say "this Digimon").
 * Warnings, not errors: the text reads, it only never does anything.
 * @returns diagnostics whose ranges are offsets into the box's text
 */
function optionNeverTriggers(units: readonly DcgEffect[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const u of units) {
    const moment = u.timings.map((t) => DIGIMON_MOMENTS.get(t)).find((m) => m !== undefined);
    if (moment !== undefined)
      out.push({ severity: "warning", code: "timing-never-triggers", message: `an Option never meets [${moment.tag}] (${moment.rule}): this effect never triggers; an Option's effect is [Main] (or [Security])`, span: u.span });
    else if (u.keyword !== null && u.timings.length === 0 && u.sentences.length === 0)
      out.push({ severity: "warning", code: "timing-never-triggers", message: "a keyword line is a keyword of the Digimon that has it (its reminder says \"this Digimon\"): on an Option it never applies", span: u.span });
  }
  return out;
}

/**
 * The moments of {@link DIGIMON_MOMENTS} a Tamer never meets: it is played and may be deleted
 * ([On Play] 10-4-2 and [On Deletion] 10-4-4 name "the Digimon or Tamer"), but it never
 * digivolves or attacks.
 */
const TAMER_NEVER: ReadonlySet<DcgTiming> = new Set(["whenDigivolving", "whenAttacking", "endOfAttack"]);

/**
 * Warnings for the effect box of a kind that never meets some of its timings: an Option's
 * ({@link optionNeverTriggers}); a Tamer's [When Digivolving], [When Attacking] and [End of
 * Attack] ({@link TAMER_NEVER}) and keyword lines (a Digimon's keywords: "this Digimon"); a
 * Digi-Egg's Digimon moments — it is hatched, never played (002 10-4-2: "the Digimon or Tamer
 * card … is played"), and it never digivolves, attacks or is deleted from the breeding area
 * (its inherited effects, in the `inherited:` box, are the ones that work under a Digimon).
 * Warnings: the text reads, it only never does anything.
 */
function neverTriggers(kind: DcgKind, units: readonly DcgEffect[]): Diagnostic[] {
  if (kind === "Option") return optionNeverTriggers(units);
  if (kind !== "Tamer" && kind !== "Digi-Egg") return [];
  const out: Diagnostic[] = [];
  for (const u of units) {
    const moment = u.timings.find((t) => DIGIMON_MOMENTS.has(t) && (kind === "Digi-Egg" || TAMER_NEVER.has(t)));
    if (moment !== undefined) {
      const m = DIGIMON_MOMENTS.get(moment)!;
      const why = kind === "Tamer" ? "a Tamer never digivolves or attacks" : "a Digi-Egg is hatched, not played, and never digivolves, attacks or is deleted from the breeding area; an inherited effect goes in its inherited: box";
      out.push({ severity: "warning", code: "timing-never-triggers", message: `a ${kind} never meets [${m.tag}] (${m.rule}): this effect never triggers; ${why}`, span: u.span });
    } else if (kind === "Tamer" && u.keyword !== null && u.timings.length === 0 && u.sentences.length === 0)
      out.push({ severity: "warning", code: "timing-never-triggers", message: 'a keyword line is a keyword of the Digimon that has it (its reminder says "this Digimon"): on a Tamer it never applies', span: u.span });
  }
  return out;
}

/**
 * Check one DCG file on its own (no set-level checks). A file that is not `ruleset dcg` has no
 * cards here: it gives the reader's diagnostics and one `not-dcg-set` error.
 * @throws never: every problem is a diagnostic
 */
export function checkDcgFile(src: SourceFile): DcgFileCheck {
  const syntax = readSetFile(src.file, src.text);
  const lines = new LineMap(syntax.source);
  const diagnostics: FileDiagnostic[] = syntax.diagnostics.map((d) => locate(src.file, lines, d));
  if (syntax.ruleset !== "dcg") {
    diagnostics.push(
      locate(src.file, lines, {
        severity: "error",
        code: NOT_DCG_HERE,
        message: `this is a ${syntax.ruleset.toUpperCase()} set, not a DCG one: give it the line \`ruleset dcg\`, or check it with the DBE checker`,
        span: syntax.rulesetSpan ?? syntax.codeSpan ?? { start: 0, end: 0 },
      }),
    );
    return { syntax, lines, cards: [], dnaNames: [], diagnostics };
  }
  const readerErrors = new ReaderErrors(syntax.diagnostics);
  const cards: DcgCheckedCard[] = [];
  const dnaNames: DcgNameRef[] = [];
  for (let bi = 0; bi < syntax.cards.length; bi++) {
    const block = syntax.cards[bi]!;
    const r = checkDcgBlock(block, src.file);
    // Reader errors inside the block (an unknown field …) keep the card from compiling.
    // (Nor is its text counted as compiled: a line of it may be one the reader could not place.)
    if (readerErrors.inBlock(block, syntax.cards[bi + 1])) {
      r.card.ok = false;
      r.card.textOk = false;
      r.card.effects = noDcgEffects();
    }
    cards.push(r.card);
    for (const d of r.diagnostics) diagnostics.push(locate(src.file, lines, d));
    for (const n of r.dnaNames) dnaNames.push(n);
  }
  return { syntax, lines, cards, dnaNames, diagnostics };
}

/** Options of {@link checkDcgSources}. */
export interface DcgCheckOptions {
  /** Called after each file is checked, with its set code and number of cards (progress). */
  onFile?: (file: string, code: string, cards: number) => void;
  /** Names of DCG cards loaded beside these sources (DNA requirements may name them). */
  knownNames?: Iterable<string>;
}

/** A DCG set being checked, with its files. */
interface Entry {
  set: DcgCheckedSet;
  files: DcgFileCheck[];
}

/**
 * Check DCG sources, grouping files into sets by their `set` code.
 * @param sources `ruleset dcg` `.dgs` files (path and text); another file gives a `not-dcg-set` error
 * @returns one checked set per set code, in first-seen order
 */
export function checkDcgSources(sources: readonly SourceFile[], options: DcgCheckOptions = {}): DcgCheckedSet[] {
  const sets = new Map<string, Entry>();
  for (const src of sources) {
    const t0 = performance.now();
    const fc = checkDcgFile(src);
    const code = fc.syntax.code ?? NO_SET;
    let entry = sets.get(code);
    if (!entry) {
      entry = { set: { code, name: fc.syntax.name ?? code, ruleset: "dcg", files: [], cards: [], diagnostics: [], ms: 0 }, files: [] };
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
  const known = new KnownNames(options.knownNames ?? []);
  for (const { set } of sets.values()) for (const c of set.cards) known.add(c.stats.name);
  for (const e of sets.values()) {
    const t0 = performance.now();
    numberChecks(e);
    dnaNameChecks(e, known);
    e.set.ms += performance.now() - t0;
  }
  codeClashes([...sets.values()].map(dcgClashEntry));
  return [...sets.values()].map((e) => e.set);
}

/** A DCG set as the shared set-code check sees it (common.ts {@link codeClashes}). */
export function dcgClashEntry(e: { set: DcgCheckedSet; files: readonly { syntax: SetFileSyntax; lines: LineMap }[] }): ClashEntry {
  const fc = e.files.find((f) => f.syntax.codeSpan !== null);
  return {
    code: e.set.code,
    family: "DCG",
    at: fc ? { file: fc.syntax.file, lines: fc.lines, span: fc.syntax.codeSpan! } : null,
    diagnostics: e.set.diagnostics,
    refuse() {
      for (const c of e.set.cards) refuse(c);
    },
  };
}

function refuse(c: DcgCheckedCard): void {
  c.ok = false;
  c.effects = noDcgEffects();
}

/**
 * One card per card number (002 2-1-1: "卡牌编号一致的卡牌视为相同的卡牌", cards with the same
 * card number are the same card): a number used by two blocks of a set, in one file or in
 * two, is an error at every one of them naming the others' `file:line`, and none of them
 * compiles — which one the designer meant cannot be known.
 */
function numberChecks(e: Entry): void {
  type Placed = PlacedBlock & { card: DcgCheckedCard };
  const placed = function* (): Generator<Placed> {
    for (const fc of e.files) for (let bi = 0; bi < fc.syntax.cards.length; bi++) yield { file: fc.syntax.file, lines: fc.lines, block: fc.syntax.cards[bi]!, card: fc.cards[bi]! };
  };
  for (const [num, group] of blocksByNumber(placed())) {
    if (group.length < 2) continue;
    for (const x of group) {
      e.set.diagnostics.push(
        locate(x.file, x.lines, {
          severity: "error",
          code: "duplicate-set-number",
          message: `card number ${num} is also used by ${othersNamed(group, x)}: cards with the same card number are the same card (002 2-1-1), so none of these cards is compiled`,
          span: x.block.setNumberSpan,
        }),
      );
      refuse(x.card);
    }
  }
}

/**
 * DNA requirements naming no loaded card (a warning: the card may come from a set not
 * loaded). A name in brackets names the cards of that name (002 2-2-2).
 */
function dnaNameChecks(e: Entry, known: KnownNames): void {
  for (const fc of e.files) {
    for (const ref of fc.dnaNames) {
      if (known.has(ref.name)) continue;
      const near = known.nearest(ref.name);
      const d: Diagnostic = {
        severity: "warning",
        code: "unknown-card",
        message: `no card loaded is named "${ref.name}" (a DNA requirement names the Digimon to stack: 002 8-2-1)`,
        span: ref.span satisfies Span,
      };
      const hint = near.length > 0 ? didYouMean(...near) : undefined;
      e.set.diagnostics.push(locate(fc.syntax.file, fc.lines, hint === undefined ? d : { ...d, hint }));
    }
  }
}
