/**
 * Card block fields → {@link CardStats}, with a diagnostic for every bad value.
 * Source: `000_012504f4614e5b24.txt`, "Anatomy of Cards" items 2–15; Glossary "Flip".
 */
import { parseAbility, parseEvo, splitAttackLine, type CardBlock, type Diagnostic, type Field, type Ref } from "../../grammar/index.ts";
import { unprintedStats, type AttackStats, type CardStats } from "../../runtime/card.ts";
import type { EvoEntry } from "../../runtime/ir.ts";
import { CARD_TIMINGS, MARKINGS, levelOf, type CardKind, type CardTiming, type Level, type Marking } from "../../runtime/vocabulary.ts";
import { checkRefs, closest, didYouMean, OTHER_RULESET, type TextRuleset } from "./refs.ts";
import { aimBonus } from "./evo.ts";

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

/** The attack fields: only Digimon have attacks (Anatomy of Cards items 10–11). */
const ATTACK_KEYS: ReadonlySet<string> = new Set(["circle", "triangle", "cross"]);

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
  const stats: CardStats = unprintedStats(block.setNumber, block.name);

  const err = (f: Field, code: string, message: string, hint?: string) =>
    diagnostics.push({ severity: "error", code, message, span: f.value.span, hint });
  // The kind comes first: which other fields the card may have depends on it, wherever the
  // `kind:` line stands in the block.
  const kindField = block.fields.find((f) => f.key === "kind");
  const kindWords = kindField ? kindField.value.value.trim().split(/\s+/).filter(Boolean) : [];
  const kind = kindWords.length > 0 ? (KINDS.get(kindWords[0]!.toLowerCase()) ?? null) : null;
  if (kind) stats.kind = kind;
  const kindKnown = kind !== null;
  let seen = 0;
  for (const f of block.fields) {
    // A field the card's kind does not print: one error at its key, its value left unread.
    if (kindKnown && kind !== "Digimon") {
      if (ATTACK_KEYS.has(f.key)) {
        diagnostics.push({
          severity: "error",
          code: "attack-on-non-digimon",
          message: `${kind} cards have no attacks: only Digimon have Circle/Triangle/Cross Power and attack abilities (Anatomy of Cards items 10–11)`,
          span: f.keySpan,
        });
        continue;
      }
      const why = DIGIMON_ONLY.get(f.key);
      if (why !== undefined) {
        diagnostics.push({
          severity: "error",
          code: "field-not-for-kind",
          message: `"${f.key}:" is not a field of ${kind} cards: ${why}; an ${kind} card prints its set number, name, +P, timing and text (Anatomy of Cards items 2, 4, 7, 13, 14)`,
          span: f.keySpan,
        });
        continue;
      }
    }
    const bit = SINGLE_BIT.get(f.key) ?? 0;
    if (bit !== 0) {
      if ((seen & bit) !== 0) {
        diagnostics.push({ severity: "error", code: "duplicate-field", message: `"${f.key}" is given twice for ${block.setNumber}`, span: f.keySpan });
        continue;
      }
      seen |= bit;
    }
    // Text and evo entries are parsed as they are; only the one-word fields need trimming.
    const v = f.key === "text" || f.key === "evo" ? "" : f.value.value.trim();
    switch (f.key) {
      case "kind": {
        if (f !== kindField) break;
        const k = kindWords[0];
        if (!kind) {
          const near = k === undefined ? null : closest(k, KINDS.values());
          err(f, "bad-kind", `unknown card kind "${k ?? ""}": expected Digimon, Option or Evolution, then markings`, didYouMean(near));
          break;
        }
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
            else stats.markings.push("Proxy");
            continue;
          }
          const m = MARKING_WORDS.get(w.toLowerCase());
          if (m) stats.markings.push(m);
          else err(f, "bad-marking", `unknown marking "${w}": expected ${MARKINGS.join(", ")}${ruleset === "dmb" ? " (Proxy is also spelt Partner Option)" : ""}`, didYouMean(closest(w, MARKINGS)));
        }
        break;
      }
      case "level": {
        const l = levelOf(v);
        if (l) stats.level = l;
        else err(f, "bad-level", `unknown level "${v}": expected R, C, U or M`);
        break;
      }
      case "type":
      case "subtypes": {
        const list = v.includes(",") || v.includes("/") ? v.split(/[,/]/).map((x) => x.trim()).filter(Boolean) : v === "" ? [] : [v];
        const byLower = typeIndex(types);
        for (const t of list) {
          const canon = byLower.get(t.toLowerCase());
          // Anatomy of Cards item 5 lists Ruler among the primary types; the Glossary: "'Ruler'
          // is not a type. Digimon with the Ruler property have no type at all".
          if (!canon && f.key === "type" && t.toLowerCase() === "ruler" && list.length === 1) continue;
          if (!canon) {
            const near = closest(t, types);
            err(f, "unknown-type", `"${t}" is not a type of this ruleset (${types.join(", ")})`, didYouMean(near));
          } else if (f.key === "type" && stats.type === null) stats.type = canon;
          else stats.subtypes.push(canon);
        }
        break;
      }
      case "dp":
      case "+p":
      case "hp": {
        if (!/^[+-]?\d+$/.test(v)) {
          err(f, "bad-number", `${f.key} must be a whole number, not "${v}"`);
          break;
        }
        const n = Number(v);
        const lo = f.key === "+p" ? -100 : 0;
        const hi = f.key === "+p" || f.key === "dp" ? 100 : 9990;
        if (n < lo || n > hi) {
          err(f, "number-range", `${f.key} ${n} is out of range (${lo}–${hi})`);
          break;
        }
        if (f.key === "dp") stats.dp = n;
        else if (f.key === "+p") stats.plusP = n;
        else stats.hp = n;
        break;
      }
      case "circle":
      case "triangle":
      case "cross": {
        const a = readAttack(f, types, diagnostics, ruleset);
        if (a) stats[f.key] = a;
        break;
      }
      case "evo": {
        const r = parseEvo(f.value.value, types);
        for (const d of r.diagnostics) diagnostics.push(mapDiag(d, f));
        if (r.value) {
          for (const d of checkRefs(r.value.refs, types, ruleset)) diagnostics.push(mapDiag(d, f));
          const levels = qualifierLevels(r.value.entry as EvoEntry);
          for (const ref of r.value.refs) {
            if (ref.kind !== "name") continue;
            // The level this name is qualified with ("Betamon (C)"), matched by name in order.
            const i = levels.findIndex((q) => q.name === ref.word);
            const level = i >= 0 ? levels.splice(i, 1)[0]!.level : null;
            evoNames.push({ ...ref, span: mapSpan(ref.span, f), level });
          }
          stats.evo.push(aimBonus(r.value.entry as EvoEntry));
        }
        break;
      }
      case "timing": {
        for (const t of v.split(/[,\s]+/).filter(Boolean)) {
          const u = t.toUpperCase();
          if ((CARD_TIMINGS as readonly string[]).includes(u)) stats.timings.push(u as CardTiming);
          else err(f, "bad-timing", `unknown card timing "${t}": expected ${CARD_TIMINGS.join(", ")}`, didYouMean(closest(u, CARD_TIMINGS)));
        }
        break;
      }
      case "partner": {
        if (/^(yes|true)$/i.test(v)) stats.partner = true;
        else if (!/^(no|false)$/i.test(v)) err(f, "bad-partner", `partner must be yes or no, not "${v}"`);
        break;
      }
      case "flip": {
        const m = /^(Star|Moon)(\s+initial)?$/i.exec(v);
        if (!m) err(f, "bad-flip", `flip must be "Star" or "Moon", optionally followed by "initial"`);
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
  const given = (key: string) => (seen & SINGLE_BIT.get(key)!) !== 0;
  const missing = (key: string, why: string) =>
    diagnostics.push({ severity: "error", code: "missing-field", message: `${stats.kind} ${block.setNumber} needs a ${key}: field (${why})`, span: block.setNumberSpan });
  if (!kindField) {
    diagnostics.push({
      severity: "error",
      code: "missing-kind",
      message: `card ${block.setNumber} needs a kind: field: Digimon, Option or Evolution (the card's frame; Anatomy of Cards items 3–13 apply to Digimon only)`,
      span: block.setNumberSpan,
    });
  } else if (kind === "Digimon") {
    // DP cost may be left out: "Digimon without DP cost" (FAQ) are evolved to only through evo-boxes.
    if (!given("level")) missing("level", "Anatomy of Cards item 3: R, C, U or M");
    if (!given("type")) missing("type", "Anatomy of Cards item 5: a primary type, or Ruler");
    if (!given("+p")) missing("+p", "Anatomy of Cards item 7: the DP it provides in the DP zone");
    if (!given("hp")) missing("hp", "Anatomy of Cards item 9");
    for (const a of ["circle", "triangle", "cross"] as const) if (!given(a)) missing(a, "Anatomy of Cards item 10: the Power of all 3 attacks");
  }
  return { stats, diagnostics, evoNames, kindKnown };
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

const typeIndexes = new WeakMap<readonly string[], Map<string, string>>();
/** The set's types by lower-case spelling (built once per vocabulary). */
function typeIndex(types: readonly string[]): Map<string, string> {
  let m = typeIndexes.get(types);
  if (!m) {
    m = new Map(types.map((t) => [t.toLowerCase(), t]));
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

function readAttack(f: Field, types: readonly string[], diagnostics: Diagnostic[], ruleset: TextRuleset): AttackStats | null {
  const line = splitAttackLine(f.value.value);
  // "<name> <Power>": the Power is the number at the end (a scan from the end, no backtracking).
  const head = line.head;
  let d = head.length;
  while (d > 0 && head.charCodeAt(d - 1) >= 48 && head.charCodeAt(d - 1) <= 57) d--;
  const digitsAt = d;
  if (d > 0 && head.charCodeAt(d - 1) === 45 /* - */) d--;
  if (digitsAt === head.length) {
    diagnostics.push({ severity: "error", code: "bad-attack", message: `expected "<attack name> <Power> [| <ability>]"`, span: f.value.span });
    return null;
  }
  const power = Number(head.slice(d));
  const name = head.slice(0, d).trim();
  if (power < 0 || power > 9990) {
    diagnostics.push({ severity: "error", code: "number-range", message: `Power ${power} is out of range (0–9990)`, span: f.value.span });
    return null;
  }
  let ability = null;
  if (line.ability !== null) {
    const r = parseAbility(line.ability);
    const off = line.abilityAt;
    const shift = (d: Diagnostic): Diagnostic => ({ ...d, span: { start: f.value.offsetAt(off + d.span.start), end: f.value.offsetAt(off + d.span.end) } });
    for (const d of r.diagnostics) diagnostics.push(shift(d));
    if (r.value) {
      for (const d of checkRefs(r.value.refs, types, ruleset)) diagnostics.push(shift(d));
      ability = r.value.ability;
    }
  }
  return { name, power, ability };
}
