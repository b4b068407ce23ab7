/**
 * A DCG card block's fields → {@link DcgStats}, with a diagnostic at every bad value, every
 * field the card's kind does not print and every field it needs but lacks. The text boxes
 * (`effect:`, `inherited:`, `security:`) are compiled by `compiler/check/dcg/text.ts`; here
 * only whether the kind prints them is checked.
 *
 * Format: `docs/set-format.md`, "DCG sets". Sources: `002_db81695f81018ea7.txt` chapter 2
 * "卡牌情报" (card information: 2-3 kind, 2-4 colour, 2-5 traits, 2-6 DP, 2-7 play cost, 2-8
 * use cost, 2-12 Lv., 2-13 digivolution requirements, 2-14 DNA, 13-7 Digimon without a level),
 * 8-2 (DNA digivolution); `001_9364978fb56838a3.txt` "Card Information" (which boxes each
 * kind prints), "Digivolution", "Multicolor Cards and DNA Digivolution", Glossary.
 */
import type { CardBlock, Field } from "../../../grammar/setfile.ts";
import type { Diagnostic, Span } from "../../../grammar/diagnostics.ts";
import { closest, slipOf } from "../../../grammar/suggest.ts";
import { didYouMean } from "../refs.ts";
import { emptyDcgStats, type DcgDigivolve, type DcgDna, type DcgDnaPart, type DcgStats } from "../../../runtime/lang/dcg/card.ts";
import { DCG_COLORS, DCG_KINDS, DCG_LEVELS, DCG_STAGES, NO_LEVEL, dcgColorOf, dcgKindOf, dcgLevelOf, type DcgColor, type DcgKind, type DcgLevel } from "../../../runtime/lang/dcg/vocabulary.ts";

/** Highest play, use, digivolve or DNA cost a card may print (the memory gauge runs 0–10 a side, 002 4-1-2; printed play costs reach 20). */
export const MAX_DCG_COST = 20;

/** Highest DP the checker reads (a sanity bound: printed DP stays far below it). */
export const MAX_DCG_DP = 999_000;

/** The highest DP printed on a card of the official pool: the top of the range the `dp-not-thousands` warning names. */
const PRINTED_DP_MAX = 16_000;

/**
 * The forms, attributes and rarities the official card pool prints (001 "Card Information";
 * 004: "The main Attributes … include Vaccine, Data, Virus, and Free"): not every value a
 * card may print (a set of one's own may have its own), only those a value one slip away from is
 * surely meant to be.
 */
const PRINTED_WORDS: Readonly<Record<"form" | "attribute" | "rarity", readonly string[]>> = {
  form: [...DCG_STAGES.map((s) => s.name), "Baby"],
  attribute: ["Vaccine", "Data", "Virus", "Free", "Variable", "Unknown"],
  rarity: ["Common", "Uncommon", "Rare", "Super Rare", "Secret Rare", "Promo", "Alternative Art"],
};

/** A card name a DNA requirement names, with its file range (for the set-level "unknown card" warning). */
export interface DcgNameRef {
  name: string;
  span: Span;
}

/** What {@link readDcgStats} gives. */
export interface DcgStatsResult {
  stats: DcgStats;
  diagnostics: Diagnostic[];
  /**
   * Whether the card's kind is known: false when `kind:` is missing or names no kind. Then
   * `stats.kind` is a stand-in ("Digimon") and nothing that depends on the kind is reported.
   */
  kindKnown: boolean;
  /** The card names of its DNA requirements. */
  dnaNames: DcgNameRef[];
}

/** Why a kind does not print a field: the rules text, cited. Keys: field, then the kinds that do not print it. */
const NOT_PRINTED: Readonly<Record<string, Partial<Record<DcgKind, string>>>> = {
  level: {
    Tamer: 'only Digi-Egg and Digimon cards have a Lv. (002 2-12-2)',
    Option: 'only Digi-Egg and Digimon cards have a Lv. (002 2-12-2)',
  },
  playcost: {
    "Digi-Egg": "only Digimon and Tamer cards have a play cost (002 2-7-2); a Digi-Egg is hatched, not played (2-3-3)",
    Option: 'an Option card is used, not played: it has a use cost (002 2-8), not a play cost (2-7-2: only Digimon and Tamer cards have one); write usecost:',
  },
  usecost: {
    Digimon: 'only Option cards have a use cost (002 2-8-2); a Digimon card has a play cost (2-7): write playcost:',
    "Digi-Egg": "only Option cards have a use cost (002 2-8-2); a Digi-Egg is hatched, not played or used (2-3-3)",
    Tamer: 'only Option cards have a use cost (002 2-8-2); a Tamer card has a play cost (2-7): write playcost:',
  },
  digivolve: {
    "Digi-Egg": 'digivolution requirements are "found on Digimon cards" (001 Glossary "Digivolution Requirements"; 002 2-13)',
    Tamer: 'digivolution requirements are "found on Digimon cards" (001 Glossary "Digivolution Requirements"; 002 2-13)',
    Option: 'digivolution requirements are "found on Digimon cards" (001 Glossary "Digivolution Requirements"; 002 2-13)',
  },
  dna: {
    "Digi-Egg": 'only Digimon cards have DNA digivolution requirements (002 2-14-2)',
    Tamer: 'only Digimon cards have DNA digivolution requirements (002 2-14-2)',
    Option: 'only Digimon cards have DNA digivolution requirements (002 2-14-2)',
  },
  dp: {
    Tamer: 'DP is printed on Digimon cards and some Digi-Egg cards only (002 2-6-2)',
    Option: 'DP is printed on Digimon cards and some Digi-Egg cards only (002 2-6-2)',
  },
  form: {
    Tamer: 'a form is a Digimon\'s stage, which "corresponds to" a level (001 Glossary "Rookie" … "Mega"), and only Digi-Egg and Digimon cards have a level (002 2-12-2)',
    Option: 'a form is a Digimon\'s stage, which "corresponds to" a level (001 Glossary "Rookie" … "Mega"), and only Digi-Egg and Digimon cards have a level (002 2-12-2)',
  },
  security: {
    Digimon: 'the security effect box is printed on Tamer and Option cards (001 "Card Information"); a Digimon prints its [Security] effects in its effect box: write them in effect:',
    "Digi-Egg": "the security effect box is printed on Tamer and Option cards (001 \"Card Information\"), and a Digi-Egg is never in the security stack (it is in the Digi-Egg deck, 002 2-3-3)",
  },
};

/**
 * Whether a card of `kind` prints the field `key` (see {@link NOT_PRINTED}; every key not
 * listed there is printed by every kind).
 */
export function dcgKindPrints(kind: DcgKind, key: string): boolean {
  return NOT_PRINTED[key]?.[kind] === undefined;
}

/** What each kind needs, with why (a missing one is `missing-field` at the card number). */
const NEEDED: Readonly<Record<DcgKind, readonly (readonly [string, string])[]>> = {
  Digimon: [
    ["color", "002 2-4: every card has a colour"],
    ["level", '002 2-12: a Lv. of 2–7, or "-" for a card printed "Lv.–"'],
    ["playcost", "002 2-7: the play cost"],
    ["dp", "002 2-6-2: Digimon cards have DP"],
  ],
  "Digi-Egg": [
    ["color", "002 2-4: every card has a colour"],
    ["level", '002 2-12-1: Digi-Egg cards are usually Lv.2; "-" for a card printed "Lv.–"'],
  ],
  Tamer: [
    ["color", "002 2-4: every card has a colour"],
    ["playcost", "002 2-7: the play cost"],
  ],
  Option: [
    ["color", "002 2-4: every card has a colour"],
    ["usecost", "002 2-8: the use cost"],
  ],
};

/** The key of each kind's cost: a play cost (002 2-7: Digimon, Tamer), a use cost (2-8: Option), none (a Digi-Egg). */
const COST_KEY_OF: Readonly<Record<DcgKind, "playcost" | "usecost" | null>> = { Digimon: "playcost", Tamer: "playcost", Option: "usecost", "Digi-Egg": null };

/** The keys of a cost: a play cost or a use cost (002 2-7, 2-8). */
const COST_KEYS: ReadonlySet<string> = new Set(["playcost", "usecost"]);

/** The keys that may repeat: a card may print several digivolution and DNA requirements (001 "Digivolution"; 002 8-2-10-1). */
const REPEATABLE: ReadonlySet<string> = new Set(["digivolve", "dna"]);

/** The text boxes: read by the text compiler, not here. */
const TEXT_BOXES: ReadonlySet<string> = new Set(["effect", "inherited", "security"]);

/**
 * Read a DCG card block's fields into stats.
 * @param block the card block (ranges are file offsets)
 * @returns the stats, the diagnostics (file ranges), whether the kind is known and the DNA names
 */
export function readDcgStats(block: CardBlock): DcgStatsResult {
  const diagnostics: Diagnostic[] = [];
  const dnaNames: DcgNameRef[] = [];
  const stats = emptyDcgStats(block.setNumber, block.name);
  const error = (span: Span, code: string, message: string, hint?: string) =>
    diagnostics.push(hint === undefined ? { severity: "error", code, message, span } : { severity: "error", code, message, span, hint });
  const warn = (span: Span, code: string, message: string, hint?: string) =>
    diagnostics.push(hint === undefined ? { severity: "warning", code, message, span } : { severity: "warning", code, message, span, hint });

  // The kind first: which fields the card needs and may have depends on it, wherever `kind:` stands.
  const kindField = block.fields.find((f) => f.key === "kind");
  const kindWord = kindField ? kindField.value.value.trim() : "";
  const kind = kindField ? dcgKindOf(kindWord) : null;
  if (kind) stats.kind = kind;
  const kindKnown = kind !== null;

  const seen = new Set<string>();
  let digivolveFields: { field: Field; cost: number; level: DcgLevel; colors: DcgColor[] | null }[] = [];
  let inheritedField: Field | null = null;
  let wrongCostKey = false;
  let securityField: Field | null = null;
  for (const f of block.fields) {
    if (kind) {
      const why = NOT_PRINTED[f.key]?.[kind];
      if (why !== undefined) {
        // A cost under the other kind's key is one slip: say which key, with the value kept.
        const right = COST_KEY_OF[kind];
        const other = right !== null && COST_KEYS.has(f.key) && f.key !== right ? right : null;
        error(f.keySpan, "field-not-for-kind", `"${f.key}:" is not a field of ${kind} cards: ${why}`, other ? didYouMean(`${other}: ${f.value.value.trim()}`) : undefined);
        if (other) wrongCostKey = true;
        continue;
      }
    }
    if (!REPEATABLE.has(f.key)) {
      if (seen.has(f.key)) {
        error(f.keySpan, "duplicate-field", `"${f.key}" is given twice for ${block.setNumber}`);
        continue;
      }
      seen.add(f.key);
    }
    const v = TEXT_BOXES.has(f.key) ? "" : f.value.value.trim();
    const at = valueSpan(f);
    switch (f.key) {
      case "kind":
        if (!kind) error(at, "bad-kind", `unknown card kind "${v}": expected ${DCG_KINDS.join(", ")} (002 2-3-2)`, didYouMean(closest(v, DCG_KINDS)));
        break;
      case "color": {
        const colors = readColors(f, 0, f.value.value.length, diagnostics);
        if (colors) stats.colors = colors;
        break;
      }
      case "level": {
        if (v === NO_LEVEL) stats.level = NO_LEVEL;
        else {
          const l = dcgLevelOf(v);
          if (l !== null) stats.level = l;
          else {
            const dash = /^[‐‑‒–—−]$/.test(v);
            error(
              at,
              "bad-level",
              `level must be one of ${DCG_LEVELS.join(", ")}, or - for a card printed "Lv.–" (002 2-12-1), not "${v}"`,
              dash ? didYouMean("-") : /^lv\.?\s*\d$/i.test(v) ? didYouMean(v.replace(/^lv\.?\s*/i, "")) : undefined,
            );
          }
        }
        break;
      }
      case "playcost":
      case "usecost": {
        const n = wholeNumber(v, at, f.key, MAX_DCG_COST, diagnostics);
        if (n !== null) stats.cost = n;
        break;
      }
      case "dp": {
        const n = wholeNumber(v, at, "dp", MAX_DCG_DP, diagnostics);
        if (n === null) break;
        stats.dp = n;
        if (n % 1000 !== 0) {
          // A dropped zero ("400" for 4000) is the one guess: "4500" is no printed DP with one more zero.
          const guess = (n * 10) % 1000 === 0 && n * 10 <= PRINTED_DP_MAX ? didYouMean(String(n * 10)) : undefined;
          warn(at, "dp-not-thousands", `DP ${n} is not a multiple of 1000: DP is printed in thousands (1000, 2000 … ${PRINTED_DP_MAX}), so this is likely a typo`, guess);
        } else if (n > PRINTED_DP_MAX) {
          // An extra zero ("50000" for 5000) is the one guess.
          const guess = n % 10_000 === 0 && n / 10 <= PRINTED_DP_MAX ? didYouMean(String(n / 10)) : undefined;
          warn(at, "dp-above-printed", `DP ${n} is above every printed DP (the highest is ${PRINTED_DP_MAX}), so this is likely a typo`, guess);
        }
        break;
      }
      case "digivolve": {
        const d = readDigivolve(f, diagnostics);
        if (d) digivolveFields.push({ field: f, ...d });
        break;
      }
      case "dna": {
        const d = readDna(f, diagnostics, dnaNames);
        if (d) stats.dna.push(d);
        break;
      }
      case "form":
      case "attribute":
      case "rarity": {
        if (v === "") {
          error(f.keySpan, "empty-value", `"${f.key}:" needs a value; leave the field out when the card prints none`);
          break;
        }
        stats[f.key] = v;
        const slip = slipOf(v, PRINTED_WORDS[f.key]);
        if (slip !== null) warn(valueSpan(f), `unknown-${f.key}`, `${f.key} "${v}" is not one the official cards print (${PRINTED_WORDS[f.key].join(", ")} …): a slip?`, didYouMean(slip));
        break;
      }
      case "traits": {
        const traits = readList(f, diagnostics, "trait");
        if (traits) stats.traits = traits;
        break;
      }
      case "inherited":
        inheritedField = f;
        break;
      case "security":
        securityField = f;
        break;
      case "effect":
        break;
    }
  }

  // Digivolution requirements without colours digivolve from the card's own colours.
  for (const d of digivolveFields) {
    stats.digivolve.push({ cost: d.cost, level: d.level, colors: d.colors ?? [...stats.colors] } satisfies DcgDigivolve);
    // "Digivolution: Transforming a Digimon into a Digimon one level higher than its own" (001 Glossary).
    if (typeof stats.level === "number" && d.level !== stats.level - 1) {
      warn(
        valueSpan(d.field),
        "digivolve-level",
        `digivolution is "transforming a Digimon into a Digimon one level higher than its own" (001 Glossary "Digivolution"): this level ${stats.level} card digivolves from Lv.${stats.level - 1}, not Lv.${d.level}`,
        stats.level - 1 >= 2 ? didYouMean(valueSpanText(d.field).replace(/Lv\.?\s*\d/i, `Lv.${stats.level - 1}`)) : undefined,
      );
    }
  }
  digivolveFields = [];

  // A Tamer or Option prints either a security effect or an inherited effect in its lower box:
  // "Some Tamer cards also have inherited effects written here instead of security effects" (001 "Card Information").
  if (kind && (kind === "Tamer" || kind === "Option") && inheritedField && securityField) {
    const later = inheritedField.keySpan.start > securityField.keySpan.start ? inheritedField : securityField;
    error(
      later.keySpan,
      "inherited-and-security",
      `a ${kind} card prints a security effect or an inherited effect, not both: they share one box ("Some ${kind} cards also have inherited effects written here instead of security effects", 001 "Card Information"); [Security] effects printed in the effect box belong in effect:`,
    );
  }

  // Stage names belong to levels (001 Glossary): "form: Rookie" on a level 4 card is a slip.
  if (stats.form !== null && typeof stats.level === "number") {
    const stage = DCG_STAGES.find((s) => s.name.toLowerCase() === stats.form!.toLowerCase());
    if (stage && !stage.levels.includes(stats.level)) {
      const right = DCG_STAGES.find((s) => s.levels.includes(stats.level as DcgLevel));
      const f = block.fields.find((x) => x.key === "form")!;
      warn(valueSpan(f), "form-level", `form ${stage.name} is the stage of level ${stage.levels.join(" and ")} (001 Glossary "${stage.name}"), but this card is level ${stats.level}`, right ? didYouMean(right.name) : undefined);
    }
  }

  // 002 2-12-1: "Digimon cards are usually Lv.3 ~ 7, Digi-Egg cards usually Lv.2" — a level of the
  // other kind's range is most likely a slip of the kind or the level (a warning: "usually").
  if (kind !== null && typeof stats.level === "number") {
    const f = block.fields.find((x) => x.key === "level");
    if (f && kind === "Digi-Egg" && stats.level !== 2)
      warn(valueSpan(f), "level-for-kind", `a Digi-Egg card is Lv.2 (002 2-12-1: Digi-Egg cards are usually Lv.2), not Lv.${stats.level}: is this card a Digimon?`, didYouMean("2"));
    else if (f && kind === "Digimon" && stats.level < 3)
      warn(valueSpan(f), "level-for-kind", `a Digimon card is Lv.3 to 7 (002 2-12-1: Digimon cards are usually Lv.3 to 7), not Lv.${stats.level}: is this card a Digi-Egg?`);
  }

  // Missing fields: one error per field not given at all (a bad value has its own error). A
  // card whose kind is unknown has its bad-kind error: what it needs cannot be said.
  if (!kindField) {
    error(block.setNumberSpan, "missing-kind", `card ${block.setNumber} needs a kind: field: ${DCG_KINDS.join(", ")} (002 2-3-2)`);
  } else if (kind) {
    for (const [key, why] of NEEDED[kind]) {
      // A cost written under the other cost key has its error already (no follow-on error).
      if (key === COST_KEY_OF[kind] && wrongCostKey) continue;
      if (!seen.has(key)) error(block.setNumberSpan, "missing-field", `${kind} ${block.setNumber} needs a ${key}: field (${why})`);
    }
  }
  return { stats, diagnostics, kindKnown, dnaNames };
}

/** The range of a field's value, or of its key when the value is empty (so a diagnostic always covers something). */
function valueSpan(f: Field): Span {
  const raw = f.value.value;
  const lead = raw.length - raw.trimStart().length;
  const trimmed = raw.trim();
  if (trimmed === "") return f.keySpan;
  return { start: f.value.offsetAt(lead), end: f.value.offsetAt(lead + trimmed.length) };
}

function valueSpanText(f: Field): string {
  return f.value.value.trim();
}

/** The file range of `value[a, b)` of a one-line field. */
function sub(f: Field, a: number, b: number): Span {
  return { start: f.value.offsetAt(a), end: f.value.offsetAt(b) };
}

/** A whole number 0…max, or null with an error (`bad-number`, `number-range`). */
function wholeNumber(v: string, at: Span, key: string, max: number, diagnostics: Diagnostic[]): number | null {
  if (!/^\d+$/.test(v)) {
    // "-5000" is a whole number: what it lacks is being 0 or more.
    const message = /^[-−]\d+$/.test(v) ? `${key} cannot be negative ("${v}")` : `${key} must be a whole number, not "${v}"`;
    diagnostics.push({ severity: "error", code: "bad-number", message, span: at });
    return null;
  }
  const n = Number(v);
  if (n > max) {
    diagnostics.push({ severity: "error", code: "number-range", message: `${key} ${v} is out of range (0–${max})`, span: at });
    return null;
  }
  return n;
}

/**
 * A comma- or slash-separated list of colours in `value[from, to)` (002 2-4-1-1; `Red/Blue`
 * as the cards print a multicolour card, 2-4-1-2), canonical spelling, each at most once.
 * @returns the colours, or null when one is bad (each bad one has an error at its own range)
 */
function readColors(f: Field, from: number, to: number, diagnostics: Diagnostic[]): DcgColor[] | null {
  const out: DcgColor[] = [];
  let ok = true;
  for (const part of pieces(f.value.value, from, to, /[,/]/)) {
    const span = sub(f, part.start, part.end);
    if (part.text === "") {
      diagnostics.push({ severity: "error", code: "bad-color", message: `expected a colour: ${DCG_COLORS.join(", ")} (002 2-4-1-1), separated by commas or slashes`, span: part.start === part.end ? valueSpan(f) : span });
      ok = false;
      continue;
    }
    const c = dcgColorOf(part.text);
    if (!c) {
      diagnostics.push({ severity: "error", code: "bad-color", message: `unknown colour "${part.text}": expected ${DCG_COLORS.join(", ")} (002 2-4-1-1)`, span, hint: didYouMean(closest(part.text, DCG_COLORS)) });
      ok = false;
    } else if (out.includes(c)) {
      diagnostics.push({ severity: "warning", code: "duplicate-color", message: `${c} is listed twice`, span });
    } else out.push(c);
  }
  return ok ? out : null;
}

/** A comma- or slash-separated list of free-text words (traits), each non-empty. */
function readList(f: Field, diagnostics: Diagnostic[], what: string): string[] | null {
  const raw = f.value.value;
  if (raw.trim() === "") {
    diagnostics.push({ severity: "error", code: "empty-value", message: `"${f.key}:" needs a value; leave the field out when the card prints none`, span: f.keySpan });
    return null;
  }
  const out: string[] = [];
  for (const p of pieces(raw, 0, raw.length, /[,/]/)) {
    if (p.text === "") {
      diagnostics.push({ severity: "error", code: "empty-value", message: `an empty ${what} between separators`, span: valueSpan(f) });
      return null;
    }
    out.push(p.text);
  }
  return out;
}

/** Split `s[from, to)` at `sep`, each piece trimmed, with its range in `s` (the trimmed text's). */
function pieces(s: string, from: number, to: number, sep: RegExp): { text: string; start: number; end: number }[] {
  const out: { text: string; start: number; end: number }[] = [];
  let a = from;
  for (let i = from; i <= to; i++) {
    if (i === to || sep.test(s[i]!)) {
      const raw = s.slice(a, i);
      const lead = raw.length - raw.trimStart().length;
      const text = raw.trim();
      out.push({ text, start: a + lead, end: a + lead + text.length });
      a = i + 1;
    }
  }
  return out;
}

const DIGIVOLVE_FORMAT = '"<cost> from Lv.<level>", optionally followed by colours: "2 from Lv.3", "2 from Lv.3 Red, Blue"';

/**
 * A `digivolve:` line: `<cost> from Lv.<level> [<colours>]` (001 Glossary "Digivolution
 * Requirements: … Color, Lv., and digivolve cost"; 002 2-13-1).
 * @returns cost, level and colours (null: the card's own), or null with an error
 */
function readDigivolve(f: Field, diagnostics: Diagnostic[]): { cost: number; level: DcgLevel; colors: DcgColor[] | null } | null {
  const raw = f.value.value;
  const w = words(raw);
  const lv = levelWord(w, 2);
  if (w.length < 3 || w[1]!.text.toLowerCase() !== "from" || lv === null) {
    diagnostics.push({ severity: "error", code: "bad-digivolve", message: `expected ${DIGIVOLVE_FORMAT}`, span: valueSpan(f) });
    return null;
  }
  let ok = true;
  const cost = costAmount(f, w[0]!.text, w[0]!.start, diagnostics);
  if (cost === null) ok = false;
  const level = dcgLevelOf(lv.text);
  if (level === null) {
    diagnostics.push({ severity: "error", code: "bad-level", message: `the level a Digimon digivolves from is one of ${DCG_LEVELS.join(", ")}, not "${lv.text}"`, span: sub(f, lv.start, lv.end) });
    ok = false;
  }
  let colors: DcgColor[] | null = null;
  const rest = w[lv.next];
  if (rest) {
    colors = readColors(f, rest.start, w[w.length - 1]!.end, diagnostics);
    if (colors === null) ok = false;
  }
  return ok ? { cost: cost!, level: level!, colors } : null;
}

/** The blank-separated words of `s`, with their offsets. */
function words(s: string): { text: string; start: number; end: number }[] {
  const out: { text: string; start: number; end: number }[] = [];
  for (const m of s.matchAll(/\S+/g)) out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}

/**
 * The level of a "Lv.<n>" at word `i` — written "Lv.3", "Lv3" or "Lv. 3" (any case) — with
 * the digits' offsets and the index of the word after it; null when word `i` is no "Lv".
 */
function levelWord(w: readonly { text: string; start: number; end: number }[], i: number): { text: string; start: number; end: number; next: number } | null {
  const word = w[i];
  if (!word) return null;
  const m = /^lv\.?/i.exec(word.text);
  if (!m) return null;
  if (m[0].length < word.text.length) return { text: word.text.slice(m[0].length), start: word.start + m[0].length, end: word.end, next: i + 1 };
  const digits = w[i + 1];
  return digits ? { text: digits.text, start: digits.start, end: digits.end, next: i + 2 } : null;
}

/** A cost in `f.value.value[at, at + text.length)`: a whole number 0–{@link MAX_DCG_COST}, or null with an error there. */
function costAmount(f: Field, text: string, at: number, diagnostics: Diagnostic[]): number | null {
  const span = sub(f, at, at + text.length);
  if (!/^\d+$/.test(text)) {
    diagnostics.push({ severity: "error", code: "bad-number", message: `a cost is a whole number, not "${text}"`, span });
    return null;
  }
  const n = Number(text);
  if (n > MAX_DCG_COST) {
    diagnostics.push({ severity: "error", code: "number-range", message: `cost ${text} is out of range (0–${MAX_DCG_COST})`, span });
    return null;
  }
  return n;
}

const DNA_FORMAT = '"<cost> from <Digimon> + <Digimon>", each Digimon a [Name] or a colour and level: "0 from Blue Lv.4 + Green Lv.4", "0 from [Imperialdramon: Dragon Mode] + [Paildramon]"';

/**
 * A `dna:` line: `<cost> from <part> + <part> [+ …]`, each part `[Name]` or `<Colour>
 * Lv.<level>`, in the order printed (002 8-2-1 "〈合步〉蓝 Lv.4+绿 Lv.4 起 0"; 8-2-6 and 001 "DNA
 * Digivolution": the left one goes on top). At least two parts: DNA digivolution "combines
 * two Digimon together" (001).
 */
function readDna(f: Field, diagnostics: Diagnostic[], names: DcgNameRef[]): DcgDna | null {
  const raw = f.value.value;
  const m = /^(\s*)(\S+)(\s+)from(?=\s)/i.exec(raw);
  if (!m) {
    diagnostics.push({ severity: "error", code: "bad-dna", message: `expected ${DNA_FORMAT}`, span: valueSpan(f) });
    return null;
  }
  let ok = true;
  const cost = costAmount(f, m[2]!, m[1]!.length, diagnostics);
  if (cost === null) ok = false;
  // Parts are separated by "+" outside brackets (a name may hold "+"? not printed; brackets may hold ":" and blanks).
  const start = m[0].length;
  const parts: { text: string; start: number; end: number }[] = [];
  let depth = 0;
  let a = start;
  for (let i = start; i <= raw.length; i++) {
    const ch = raw[i];
    if (ch === "[") depth++;
    else if (ch === "]") depth = Math.max(0, depth - 1);
    if (i === raw.length || (ch === "+" && depth === 0)) {
      const piece = raw.slice(a, i);
      const lead = piece.length - piece.trimStart().length;
      const text = piece.trim();
      parts.push({ text, start: a + lead, end: a + lead + text.length });
      a = i + 1;
    }
  }
  const from: DcgDnaPart[] = [];
  for (const p of parts) {
    const span = p.text === "" ? valueSpan(f) : sub(f, p.start, p.end);
    if (p.text.startsWith("[") && p.text.endsWith("]") && p.text.length > 2 && !/[\[\]]/.test(p.text.slice(1, -1)) && p.text.slice(1, -1).trim() !== "") {
      const inner = p.text.slice(1, -1);
      const lead = inner.length - inner.trimStart().length;
      const name = inner.trim();
      from.push({ kind: "name", name });
      names.push({ name, span: sub(f, p.start + 1 + lead, p.start + 1 + lead + name.length) });
      continue;
    }
    const w = words(p.text);
    const lv = levelWord(w, 1);
    if (lv !== null && lv.next === w.length) {
      const color = dcgColorOf(w[0]!.text);
      const level = dcgLevelOf(lv.text);
      if (color && level !== null) {
        from.push({ kind: "level", color, level });
        continue;
      }
      if (!color) {
        diagnostics.push({ severity: "error", code: "bad-color", message: `unknown colour "${w[0]!.text}": expected ${DCG_COLORS.join(", ")} (002 2-4-1-1)`, span: sub(f, p.start + w[0]!.start, p.start + w[0]!.end), hint: didYouMean(closest(w[0]!.text, DCG_COLORS)) });
      } else {
        diagnostics.push({ severity: "error", code: "bad-level", message: `a DNA requirement's level is one of ${DCG_LEVELS.join(", ")}, not "${lv.text}"`, span: sub(f, p.start + lv.start, p.start + lv.end) });
      }
      ok = false;
      continue;
    }
    diagnostics.push({ severity: "error", code: "bad-dna", message: `expected a Digimon of a DNA requirement: a card name in brackets ("[Paildramon]") or a colour and level ("Blue Lv.4"), not "${p.text}"`, span });
    ok = false;
  }
  if (ok && from.length < 2) {
    diagnostics.push({ severity: "error", code: "bad-dna", message: `a DNA digivolution "combines two Digimon together" (001 "DNA Digivolution"): name two or more, joined with "+" (${DNA_FORMAT})`, span: valueSpan(f) });
    ok = false;
  }
  return ok ? { cost: cost!, from } : null;
}
