/**
 * Card block fields → {@link CardStats}, with a diagnostic for every bad value.
 * Source: `000_012504f4614e5b24.txt`, "Anatomy of Cards" items 2–15; Glossary "Flip".
 */
import { parseAbility, parseEvo, splitAttackLine, type CardBlock, type Diagnostic, type Field, type Ref } from "../../grammar/index.ts";
import type { AttackStats, CardStats } from "../../runtime/card.ts";
import type { EvoEntry } from "../../runtime/ir.ts";
import { CARD_TIMINGS, MARKINGS, levelOf, type CardKind, type CardTiming, type Level, type Marking } from "../../runtime/vocabulary.ts";
import { checkRefs, closest, didYouMean, OTHER_RULESET, type TextRuleset } from "./refs.ts";
import { aimBonus } from "./evo.ts";
import { isTrimmed } from "./common.ts";

/**
 * A card name an evo-box entry refers to, with its file range and the level it qualifies
 * the name with ("Betamon (C)": C), for the set-level "unknown card" and "level never
 * matches" warnings.
 */
export type EvoName = Extract<Ref, { kind: "name" }> & { level: Level | null };

/** Stats plus the names the evo-box refers to (for the set-level "unknown card" warning). */
export interface StatsResult {
  stats: CardStats;
  diagnostics: Diagnostic[];
  /** Names in evo-box entries with their file ranges. */
  evoNames: EvoName[];
  /**
   * Whether the card's kind is known: false when `kind:` is missing or names no kind. Then
   * `stats.kind` is a stand-in ("Digimon") and nothing that depends on the kind is reported
   * (the fields a kind needs or does not have, the timing its text needs).
   */
  kindKnown: boolean;
}

/** The card kinds by lower-case spelling: `kind:` is case-insensitive, like `level:`, `type:` and `timing:`. */
const KINDS: ReadonlyMap<string, CardKind> = new Map((["Digimon", "Option", "Evolution"] as const).map((k) => [k.toLowerCase(), k]));

/** The markings by lower-case spelling, with "P" for Proxy (Glossary "Proxy": the "P" symbol). */
const MARKING_WORDS: ReadonlyMap<string, Marking> = new Map([...MARKINGS.map((m) => [m.toLowerCase(), m] as const), ["p", "Proxy"]]);

/**
 * The fields only a Digimon prints, with why (`000_012504f4614e5b24.txt`, Anatomy of Cards).
 * An Option or Evolution card prints its set number (item 2), name (item 4), +P (item 7:
 * "Some non-Digimon cards have +P and may be racked", Evolution Phase step 2), timing
 * (item 13) and card text (item 14), and may be a flip card (Glossary "Flip"); the attacks
 * (items 10–11) have their own diagnostic, `attack-on-non-digimon`.
 */
const DIGIMON_ONLY: ReadonlyMap<string, string> = new Map([
  ["level", 'a Level is printed on Digimon only: it is "used for evolution requirements" (Anatomy of Cards item 3; item 12: Level C and U Digimon)'],
  ["type", 'a primary type is printed on Digimon only: "If the card is a Digimon, it will have one of the following primary types" (Anatomy of Cards item 5)'],
  ["subtypes", "the subtypes bar adds types beyond the primary type (Anatomy of Cards item 15), which only Digimon have (item 5)"],
  ["dp", 'a DP cost is printed on Digimon only: the "amount of DP you must have at minimum during evolution" to it (Anatomy of Cards item 6; Evolution Phase 4.5)'],
  ["hp", 'HP is printed on Digimon only: it "KOs the Digimon when it reaches zero" (Anatomy of Cards item 9)'],
  ["evo", 'an evo-box is printed on Digimon only: it holds the evolutions and "bonuses obtained when evolving from the named Digimon" (Anatomy of Cards item 8)'],
  ["partner", "the Partner is a Digimon: a Level R in the deck and up to 2 Partner Level C's in the Destiny Zone (Deck Construction; Pre-Game Setup step 2)"],
]);

/** Bit per field key that may be given only once (every key but `evo`). */
const SINGLE_BIT: ReadonlyMap<string, number> = new Map(
  ["kind", "level", "type", "subtypes", "dp", "+p", "hp", "circle", "triangle", "cross", "timing", "partner", "flip", "text"].map((k, i) => [k, 1 << i]),
);

/**
 * Read a card block's fields.
 * @param block the card block (ranges are file offsets)
 * @param types the set's type vocabulary
 * @param ruleset the set's ruleset: DMB spells the "P" marking "Partner Option" (003 Glossary
 *   "Partner Option"), and its evo-box "DP +X0" is a DP bonus (003 evolution requirement 1);
 *   a DBE set gets an error for either (compiler/check/refs.ts `rulesetOnlyError`)
 */
export function readStats(block: CardBlock, types: readonly string[], ruleset: TextRuleset = "dbe"): StatsResult {
  const diagnostics: Diagnostic[] = [];
  const evoNames: EvoName[] = [];
  const r = readStatsInto(block, types, ruleset, diagnostics, evoNames);
  return { stats: r.stats, diagnostics, evoNames, kindKnown: r.kindKnown };
}

/** The stats of a card and whether its kind is known ({@link StatsResult}). */
export interface StatsRead {
  stats: CardStats;
  kindKnown: boolean;
}

/**
 * {@link readStats} writing its diagnostics and evo-box names into the caller's lists (the
 * set checker reuses one list for every card of a file).
 * @param diagnostics receives the diagnostics, in the order {@link readStats} gives them
 * @param evoNames receives the evo-box names
 */
export function readStatsInto(block: CardBlock, types: readonly string[], ruleset: TextRuleset, diagnostics: Diagnostic[], evoNames: EvoName[]): StatsRead {
  // runtime/card.ts `unprintedStats`, its empty lists one shared frozen list ({@link added} makes a card's own
  // list for its first item): four lists fewer per card kept in the IR.
  const stats: CardStats = {
    setNumber: block.setNumber,
    name: block.name,
    kind: "Digimon",
    markings: EMPTY,
    level: null,
    type: null,
    subtypes: EMPTY,
    dp: null,
    plusP: null,
    hp: null,
    circle: null,
    triangle: null,
    cross: null,
    timings: EMPTY,
    evo: EMPTY,
    flip: null,
    partner: false,
  };
  const fields = block.fields;
  // The kind comes first: which other fields the card may have depends on it, wherever the
  // `kind:` line stands in the block.
  let kindField: Field | null = null;
  for (let i = 0; i < fields.length; i++) {
    if (fields[i]!.key === "kind") {
      kindField = fields[i]!;
      break;
    }
  }
  // The kind's words, split only when there is more than one (a `kind:` line is mostly "Digimon").
  const kindValue = kindField === null ? "" : kindField.value.value;
  const kindWords = kindField === null || isOneWord(kindValue) ? null : words(kindValue);
  const kindFirst = kindWords === null ? (kindField === null ? undefined : kindValue) : kindWords[0];
  const kind = kindFirst !== undefined ? kindOf(kindFirst) : null;
  if (kind !== null) stats.kind = kind;
  const kindKnown = kind !== null;
  let seen = 0;
  for (let fi = 0; fi < fields.length; fi++) {
    const f = fields[fi]!;
    const key = f.key;
    // A field the card's kind does not print: one error at its key, its value left unread.
    if (kindKnown && kind !== "Digimon") {
      if (key === "circle" || key === "triangle" || key === "cross") {
        diagnostics.push({
          severity: "error",
          code: "attack-on-non-digimon",
          message: `${kind} cards have no attacks: only Digimon have Circle/Triangle/Cross Power and attack abilities (Anatomy of Cards items 10–11)`,
          span: f.keySpan,
        });
        continue;
      }
      const why = DIGIMON_ONLY.get(key);
      if (why !== undefined) {
        diagnostics.push({
          severity: "error",
          code: "field-not-for-kind",
          message: `"${key}:" is not a field of ${kind} cards: ${why}; an ${kind} card prints its set number, name, +P, timing and text (Anatomy of Cards items 2, 4, 7, 13, 14)`,
          span: f.keySpan,
        });
        continue;
      }
    }
    const bit = singleBit(key);
    if (bit !== 0) {
      if ((seen & bit) !== 0) {
        diagnostics.push({ severity: "error", code: "duplicate-field", message: `"${key}" is given twice for ${block.setNumber}`, span: f.keySpan });
        continue;
      }
      seen |= bit;
    }
    switch (key) {
      case "kind": {
        if (f !== kindField) break;
        const k = kindFirst;
        if (!kind) {
          const near = k === undefined ? null : closest(k, KINDS.values());
          err(diagnostics, f, "bad-kind", `unknown card kind "${k ?? ""}": expected Digimon, Option or Evolution, then markings`, didYouMean(near));
          break;
        }
        if (kindWords === null) break;
        for (let i = 1; i < kindWords.length; i++) {
          const w = kindWords[i]!;
          if (w.toLowerCase() === "partner" && kindWords[i + 1]?.toLowerCase() === "option") {
            // The file range of the two words (kindWords are the field's words in order).
            const words = [...f.value.value.matchAll(/\S+/g)];
            const a = words[i]!;
            const b = words[i + 1]!;
            const span = { start: f.value.offsetAt(a.index), end: f.value.offsetAt(b.index + b[0].length) };
            i++;
            const e = partnerOptionError(span, ruleset);
            if (e) diagnostics.push(e);
            else stats.markings = added(stats.markings, "Proxy");
            continue;
          }
          const m = MARKING_WORDS.get(w.toLowerCase());
          if (m) stats.markings = added(stats.markings, m);
          else err(diagnostics, f, "bad-marking", `unknown marking "${w}": expected ${MARKINGS.join(", ")}${ruleset === "dmb" ? " (Proxy is also spelt Partner Option)" : ""}`, didYouMean(closest(w, MARKINGS)));
        }
        break;
      }
      case "level": {
        const v = f.value.value.trim();
        const l = levelWord(v);
        if (l) stats.level = l;
        else err(diagnostics, f, "bad-level", `unknown level "${v}": expected R, C, U or M`);
        break;
      }
      case "type":
      case "subtypes": {
        const v = f.value.value.trim();
        const byName = typeIndex(types);
        if (v.includes(",") || v.includes("/")) {
          const list = v.split(/[,/]/).map((x) => x.trim()).filter(Boolean);
          for (const t of list) readType(diagnostics, f, key, t, list.length === 1, byName, types, stats);
        } else if (v !== "") readType(diagnostics, f, key, v, true, byName, types, stats);
        break;
      }
      case "dp":
      case "+p":
      case "hp": {
        const v = f.value.value.trim();
        const n = wholeNumber(v);
        if (n === null) {
          err(diagnostics, f, "bad-number", `${key} must be a whole number, not "${v}"`);
          break;
        }
        const lo = key === "+p" ? -100 : 0;
        const hi = key === "+p" || key === "dp" ? 100 : 9990;
        if (n < lo || n > hi) {
          err(diagnostics, f, "number-range", `${key} ${n} is out of range (${lo}–${hi})`);
          break;
        }
        if (key === "dp") stats.dp = n;
        else if (key === "+p") stats.plusP = n;
        else stats.hp = n;
        break;
      }
      case "circle":
      case "triangle":
      case "cross": {
        const a = readAttack(f, types, diagnostics, ruleset);
        if (a) stats[key] = a;
        break;
      }
      case "evo":
        readEvo(f, types, ruleset, diagnostics, evoNames, stats);
        break;
      case "timing": {
        const v = f.value.value.trim();
        // One timing word as the printed card gives it ("SUPPORT"): no splitting.
        const one = CARD_TIMING_WORDS.get(v);
        if (one !== undefined) {
          stats.timings = added(stats.timings, one);
          break;
        }
        for (const t of v.split(/[,\s]+/)) {
          if (t === "") continue;
          const u = t.toUpperCase();
          const ct = CARD_TIMING_WORDS.get(u);
          if (ct !== undefined) stats.timings = added(stats.timings, ct);
          else err(diagnostics, f, "bad-timing", `unknown card timing "${t}": expected ${CARD_TIMINGS.join(", ")}`, didYouMean(closest(u, CARD_TIMINGS)));
        }
        break;
      }
      case "partner": {
        const v = f.value.value.trim();
        if (asciiIs(v, "yes") || asciiIs(v, "true")) stats.partner = true;
        else if (!asciiIs(v, "no") && !asciiIs(v, "false")) err(diagnostics, f, "bad-partner", `partner must be yes or no, not "${v}"`);
        break;
      }
      case "flip": {
        const m = /^(Star|Moon)(\s+initial)?$/i.exec(f.value.value.trim());
        if (!m) err(diagnostics, f, "bad-flip", `flip must be "Star" or "Moon", optionally followed by "initial"`);
        else stats.flip = { side: (m[1]![0]!.toUpperCase() + m[1]!.slice(1).toLowerCase()) as "Star" | "Moon", initial: !!m[2] };
        break;
      }
      case "text":
        break;
    }
  }
  // A card the rules call incomplete (Anatomy of Cards): one diagnostic per field not
  // given at all — a field given with a bad value has its own diagnostic already. A card
  // whose kind is unknown has its `bad-kind` error: which fields it needs cannot be said.
  if (kindField === null) {
    diagnostics.push({
      severity: "error",
      code: "missing-kind",
      message: `card ${block.setNumber} needs a kind: field: Digimon, Option or Evolution (the card's frame; Anatomy of Cards items 3–13 apply to Digimon only)`,
      span: block.setNumberSpan,
    });
  } else if (kind === "Digimon" && (seen & DIGIMON_NEEDS) !== DIGIMON_NEEDS) {
    // DP cost may be left out: "Digimon without DP cost" (FAQ) are evolved to only through evo-boxes.
    for (const [key, why] of DIGIMON_NEEDED) if ((seen & singleBit(key)) === 0) missing(diagnostics, block, stats, key, why);
  }
  // The lists are kept in the IR: one of one item is made at its size (below), a longer one
  // is copied at its size, not kept as the list grown by pushes.
  if (stats.markings.length > 1) stats.markings = stats.markings.slice();
  if (stats.subtypes.length > 1) stats.subtypes = stats.subtypes.slice();
  if (stats.timings.length > 1) stats.timings = stats.timings.slice();
  if (stats.evo.length > 1) stats.evo = stats.evo.slice();
  return { stats, kindKnown };
}

/**
 * The empty list every card's stats start with (frozen: a list is never added to in place
 * while empty, see {@link added}). What a set keeps, garbage collection copies: one list for
 * all cards instead of four per card (docs/grammar-style.md, "Checking").
 */
const EMPTY: never[] = Object.freeze([]) as never[];

/** A list with `x` added: a new list of one item when it was empty (no room for more pushes), else the list itself. */
function added<T>(list: T[], x: T): T[] {
  if (list.length === 0) return [x];
  list.push(x);
  return list;
}

/** Whether a value is one word of ASCII letters: its only word, as {@link words} would give it. */
function isOneWord(value: string): boolean {
  if (value.length === 0) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i) | 32;
    if (c < 97 || c > 122) return false;
  }
  return true;
}

/** The words of a value, as `value.trim().split(/\s+/).filter(Boolean)` gives them. */
function words(value: string): readonly string[] {
  return value.trim().split(/\s+/).filter(Boolean);
}

/** {@link levelOf} of a `level:` value: the printed letters ("R", "C", "U", "M") as they are, with no lower-cased copy; any other spelling through {@link levelOf}. */
function levelWord(v: string): Level | null {
  if (v === "R" || v === "C" || v === "U" || v === "M") return v;
  return levelOf(v);
}

/** The kind a `kind:` word names (case-insensitive), or null. */
function kindOf(word: string): CardKind | null {
  if (word === "Digimon" || word === "Option" || word === "Evolution") return word;
  return KINDS.get(word.toLowerCase()) ?? null;
}

/** The bit of a key that may be given only once ({@link SINGLE_BIT}), 0 for `evo` and unknown keys. */
function singleBit(key: string): number {
  return SINGLE_BIT.get(key) ?? 0;
}

/** The fields every Digimon needs, with the rules item that says so, in the order their errors are given. */
const DIGIMON_NEEDED: readonly (readonly [string, string])[] = [
  ["level", "Anatomy of Cards item 3: R, C, U or M"],
  ["type", "Anatomy of Cards item 5: a primary type, or Ruler"],
  ["+p", "Anatomy of Cards item 7: the DP it provides in the DP zone"],
  ["hp", "Anatomy of Cards item 9"],
  ["circle", "Anatomy of Cards item 10: the Power of all 3 attacks"],
  ["triangle", "Anatomy of Cards item 10: the Power of all 3 attacks"],
  ["cross", "Anatomy of Cards item 10: the Power of all 3 attacks"],
];

/** The bits of {@link DIGIMON_NEEDED}: a Digimon that gives all of them misses nothing. */
const DIGIMON_NEEDS = DIGIMON_NEEDED.reduce((bits, [key]) => bits | singleBit(key), 0);

/** A `missing-field` error at the set number. */
function missing(diagnostics: Diagnostic[], block: CardBlock, stats: CardStats, key: string, why: string): void {
  diagnostics.push({ severity: "error", code: "missing-field", message: `${stats.kind} ${block.setNumber} needs a ${key}: field (${why})`, span: block.setNumberSpan });
}

/** An error at a field's value. */
function err(diagnostics: Diagnostic[], f: Field, code: string, message: string, hint?: string): void {
  diagnostics.push({ severity: "error", code, message, span: f.value.span, hint });
}

/** The card timings by their spelling in upper case. */
const CARD_TIMING_WORDS: ReadonlyMap<string, CardTiming> = new Map(CARD_TIMINGS.map((t) => [t, t]));

/** Whether `s` is `word` (lower-case ASCII) in any case of its ASCII letters, as `/^word$/i` tests. */
function asciiIs(s: string, word: string): boolean {
  if (s.length !== word.length) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const w = word.charCodeAt(i);
    if (c !== w && !(c >= 65 && c <= 90 && c + 32 === w)) return false;
  }
  return true;
}

/**
 * A whole number as `/^[+-]?\d+$/` and `Number` read it (ASCII digits, one optional sign), or
 * null when `v` is not one.
 */
function wholeNumber(v: string): number | null {
  const signed = v.charCodeAt(0) === 43 /* + */ || v.charCodeAt(0) === 45; /* - */
  const from = signed ? 1 : 0;
  if (v.length === from) return null;
  let n = 0;
  for (let i = from; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 48 || c > 57) return null;
    n = n * 10 + (c - 48);
  }
  // Past 15 digits a sum of digits may round otherwise than `Number` does.
  if (v.length - from > 15) return Number(v);
  return v.charCodeAt(0) === 45 ? -n : n;
}

/**
 * One type word of a `type:` or `subtypes:` field: the primary type (the first of `type:`),
 * a subtype, or an `unknown-type` error.
 * @param alone whether it is the field's only word ("Ruler" is allowed alone as a `type:`)
 */
function readType(diagnostics: Diagnostic[], f: Field, key: string, t: string, alone: boolean, byName: TypeIndex, types: readonly string[], stats: CardStats): void {
  const canon = byName.exact.get(t) ?? byName.lower.get(t.toLowerCase());
  // Anatomy of Cards item 5 lists Ruler among the primary types; the Glossary: "'Ruler'
  // is not a type. Digimon with the Ruler property have no type at all".
  if (!canon && key === "type" && alone && t.toLowerCase() === "ruler") return;
  if (!canon) {
    const near = closest(t, types);
    err(diagnostics, f, "unknown-type", `"${t}" is not a type of this ruleset (${types.join(", ")})`, didYouMean(near));
  } else if (key === "type" && stats.type === null) stats.type = canon;
  else stats.subtypes = added(stats.subtypes, canon);
}

/** An `evo:` field: its entry, its diagnostics and the names it refers to. */
function readEvo(f: Field, types: readonly string[], ruleset: TextRuleset, diagnostics: Diagnostic[], evoNames: EvoName[], stats: CardStats): void {
  const r = parseEvo(f.value.value, types);
  for (const d of r.diagnostics) diagnostics.push(mapDiag(d, f));
  if (!r.value) return;
  for (const d of checkRefs(r.value.refs, types, ruleset)) diagnostics.push(mapDiag(d, f));
  const levels = qualifierLevels(r.value.entry as EvoEntry);
  for (const ref of r.value.refs) {
    if (ref.kind !== "name") continue;
    // The level this name is qualified with ("Betamon (C)"), matched by name in order.
    const i = levels.findIndex((q) => q.name === ref.word);
    const level = i >= 0 ? levels.splice(i, 1)[0]!.level : null;
    evoNames.push({ ...ref, span: mapSpan(ref.span, f), level });
  }
  stats.evo = added(stats.evo, aimBonus(r.value.entry as EvoEntry));
}

/**
 * "Partner Option" in a `kind:` field: DMB's name for the "P" marking, which DBE calls
 * "Proxy" (003 Glossary "Partner Option" and Deck Construction: "Partner Option in Destiny
 * Zone (Must have a “P” in the upper left corner)"; 000 Glossary "Proxy", the same text). The
 * marking is `Proxy` in the IR either way. Null in a DMB set; in a DBE set, an error at the
 * two words naming the ruleset that spells it so.
 */
function partnerOptionError(span: Diagnostic["span"], ruleset: TextRuleset): Diagnostic | null {
  if (ruleset === "dmb") return null;
  return {
    severity: "error",
    code: OTHER_RULESET,
    message: `"Partner Option" is DMB's name for the "P" marking: only \`ruleset dmb\` sets spell it so (003_7a740b8ec9103d40.txt, Glossary "Partner Option"), and this set is \`ruleset ${ruleset}\``,
    span,
    hint: 'DBE calls the marking Proxy (000 Glossary "Proxy"): write `kind: Option Proxy`',
  };
}

/** The exact names an evo-box entry qualifies with a level, in text order ("Betamon (C)"). */
function qualifierLevels(entry: EvoEntry): { name: string; level: Level | null }[] {
  const out: { name: string; level: Level | null }[] = [];
  const quals = entry.kind === "from" ? entry.names : entry.kind === "dna" ? entry.materials : entry.from;
  for (const q of quals) if (q.name?.kind === "exact") out.push({ name: q.name.name, level: q.level });
  return out;
}

/** A type vocabulary by spelling: as written, and in lower case (see {@link typeIndex}). */
interface TypeIndex {
  /** Each type as written → the type its lower-case spelling names (the last one of that spelling). */
  exact: ReadonlyMap<string, string>;
  /** The types by lower-case spelling. */
  lower: ReadonlyMap<string, string>;
}

const typeIndexes = new WeakMap<readonly string[], TypeIndex>();
/**
 * The set's types by spelling (built once per vocabulary): a word spelt as the vocabulary
 * spells it is found without lower-casing it, and names what its lower-case spelling names.
 */
function typeIndex(types: readonly string[]): TypeIndex {
  let m = typeIndexes.get(types);
  if (!m) {
    const lower = new Map(types.map((t) => [t.toLowerCase(), t]));
    m = { exact: new Map(types.map((t) => [t, lower.get(t.toLowerCase())!])), lower };
    typeIndexes.set(types, m);
  }
  return m;
}

function mapSpan(s: { start: number; end: number }, f: Field) {
  return { start: f.value.offsetAt(s.start), end: f.value.offsetAt(s.end) };
}

function mapDiag(d: Diagnostic, f: Field): Diagnostic {
  return { ...d, span: mapSpan(d.span, f) };
}

/**
 * An attack field, `<name> <Power> [| <ability>]` (docs/set-format.md, "Attacks"; Anatomy of
 * Cards items 10–11): read as {@link splitAttackLine} splits it, with no intermediate objects.
 */
function readAttack(f: Field, types: readonly string[], diagnostics: Diagnostic[], ruleset: TextRuleset): AttackStats | null {
  const value = f.value.value;
  const bar = value.indexOf("|");
  // The head, "<name> <Power>", as value[hs, he): the value before "|", trimmed, by offsets.
  let hs = 0;
  let he = bar < 0 ? value.length : bar;
  while (hs < he && isTrimmed(value.charCodeAt(hs))) hs++;
  while (he > hs && isTrimmed(value.charCodeAt(he - 1))) he--;
  // The Power is the number at the end (a scan from the end, no backtracking).
  let d = he;
  while (d > hs && value.charCodeAt(d - 1) >= 48 && value.charCodeAt(d - 1) <= 57) d--;
  const digitsAt = d;
  if (d > hs && value.charCodeAt(d - 1) === 45 /* - */) d--;
  if (digitsAt === he) {
    diagnostics.push({ severity: "error", code: "bad-attack", message: `expected "<attack name> <Power> [| <ability>]"`, span: f.value.span });
    return null;
  }
  const power = digitsValue(value, d, digitsAt, he);
  let ne = d;
  while (ne > hs && isTrimmed(value.charCodeAt(ne - 1))) ne--;
  const name = value.slice(hs, ne);
  if (power < 0 || power > 9990) {
    diagnostics.push({ severity: "error", code: "number-range", message: `Power ${power} is out of range (0–9990)`, span: f.value.span });
    return null;
  }
  let ability = null;
  if (bar >= 0) {
    // The ability and where it starts in the value, as splitAttackLine gives them.
    let at = bar + 1;
    while (at < value.length && isTrimmed(value.charCodeAt(at))) at++;
    let end = value.length;
    while (end > at && isTrimmed(value.charCodeAt(end - 1))) end--;
    const r = parseAbility(value.slice(at, end));
    for (const x of r.diagnostics) diagnostics.push(shiftedBy(x, f, at));
    if (r.value) {
      if (r.value.refs.length > 0) for (const x of checkRefs(r.value.refs, types, ruleset)) diagnostics.push(shiftedBy(x, f, at));
      ability = r.value.ability;
    }
  }
  return { name, power, ability };
}

/**
 * `Number(s.slice(from, end))` where `s[from, digitsAt)` is empty or "-" and `s[digitsAt, end)`
 * are ASCII digits: summed digit by digit up to 15 digits, where the sum is exact.
 */
function digitsValue(s: string, from: number, digitsAt: number, end: number): number {
  if (end - digitsAt > 15) return Number(s.slice(from, end));
  let n = 0;
  for (let i = digitsAt; i < end; i++) n = n * 10 + (s.charCodeAt(i) - 48);
  return from < digitsAt ? -n : n;
}

/** A diagnostic of a piece of a field's value that starts at `at`, moved to file offsets. */
function shiftedBy(d: Diagnostic, f: Field, at: number): Diagnostic {
  return { ...d, span: { start: f.value.offsetAt(at + d.span.start), end: f.value.offsetAt(at + d.span.end) } };
}
