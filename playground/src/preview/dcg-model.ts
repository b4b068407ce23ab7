/**
 * The card preview's model of a DCG card (`ruleset dcg`): a checked DCG card ({@link
 * DcgCardView}) turned into what to draw — the frame of its kind, its colours, level, play or
 * use cost, DP, digivolution requirements (each colour, level and cost), DNA requirements,
 * form, attribute and traits, rarity, and its three text boxes (effect, inherited, security)
 * with the text as written, one line per effect unit, timing tags, keyword effects and
 * reminder text told apart, and the words a diagnostic is about marked. DOM-free:
 * `dcg-render.ts` builds elements from it, and the tests run it in node.
 *
 * Every string of the model that comes from a card is data: the renderer sets it as text,
 * never as HTML.
 *
 * Sources: `001_9364978fb56838a3.txt` "Card Information" (the parts of each kind of card);
 * `002_db81695f81018ea7.txt` chapter 2 (2-3 kinds, 2-4 colours, 2-5 traits, 2-6 DP, 2-7 play
 * cost, 2-8 use cost, 2-10 effect and inherited effect, 2-12 Lv., 2-13 digivolution
 * requirements, 2-14 DNA, 2-20 rarity), 10-4 (timings), 12-1 and 12-2 (keyword effects and
 * their reminder text); the `.dgs` fields: `docs/set-format.md` "DCG sets".
 */
import type { FileDiagnostic } from "../../../compiler/api.ts";
import { DCG_GLOSSARY } from "../../../compiler/service/glossary-dcg.ts";
import type { CardBlock } from "../../../grammar/setfile.ts";
import type { DcgBox } from "../../../runtime/lang/dcg/ir.ts";
import { DCG_COLORS, DCG_KINDS } from "../../../runtime/lang/dcg/vocabulary.ts";
import type { DcgCardView, FileRange } from "../worker/protocol.ts";
import { markedRuns, type BlockSource, type Flag, type GalleryFilter, type TextRun } from "./model.ts";

// ─── shapes ────────────────────────────────────────────────────────────────

/** The frame of a DCG card, by kind (002 2-3-2). */
export type DcgFrame = "digimon" | "digi-egg" | "tamer" | "option";

/** The colour a DCG card (or a part of it) is drawn in: one of the seven colours (002 2-4-1-1), or neutral when unknown. */
export type DcgTone = "red" | "blue" | "yellow" | "green" | "black" | "purple" | "white" | "neutral";

/**
 * A part of a drawn DCG card a diagnostic can point at: each `.dgs` field of a DCG card, the
 * card line's number and name, or `card` for the block as a whole.
 */
export type DcgPartId =
  | "number"
  | "name"
  | "kind"
  | "color"
  | "level"
  | "playcost"
  | "usecost"
  | "digivolve"
  | "dna"
  | "dp"
  | "form"
  | "attribute"
  | "traits"
  | "rarity"
  | "effect"
  | "inherited"
  | "security"
  | "card";

/** A colour of the card (002 2-4): its name as drawn and its tone. */
export interface DcgColorModel {
  name: string;
  tone: DcgTone;
}

/** The play cost (Digimon, Tamer: 002 2-7) or use cost (Option: 2-8), as drawn, with its text alternative. */
export interface DcgCostModel {
  part: "playcost" | "usecost";
  label: "Play cost" | "Use cost";
  /** Digits, or "—" when the card lacks it. */
  value: string;
  alt: string;
  flag: Flag | null;
}

/**
 * A digivolution requirement (002 2-13; 001 Glossary "Digivolution Requirements": colour, Lv.
 * and digivolve cost), as checked, or as written when it has an error.
 */
export interface DcgRequirementModel {
  /** The requirement as written in the set file ("2 from Lv.3 Blue"). */
  text: string;
  /** The colours it digivolves from (empty when it could not be read). */
  colors: DcgColorModel[];
  /** "Lv.3", or "" when it could not be read. */
  level: string;
  /** The digivolve cost, or "?" when it could not be read. */
  cost: string;
  /** Read out: "Digivolve from a blue level 3 Digimon for a cost of 2". */
  alt: string;
  flag: Flag | null;
}

/** A DNA requirement as written (002 2-14), and whether a diagnostic marks it. */
export interface DcgDnaModel {
  text: string;
  flag: Flag | null;
}

/**
 * A piece of a text box's line: a timing tag (`[On Play]`, 002 10-4), a keyword effect
 * (`<Blocker>`, 002 12-1), reminder text (in parentheses, 002 12-2), a name reference
 * (`[Greymon]`, 002 2-2-2) or plain text; marked when a diagnostic is about it.
 */
export interface DcgSegment {
  text: string;
  style: "timing" | "keyword" | "reminder" | "name" | null;
  flag: Flag | null;
}

/** One text box of the card (002 2-10; 001 "Card Information"): its lines as written, one effect unit each. */
export interface DcgBoxModel {
  box: DcgBox;
  /** "Effect", "Inherited effect", "Security effect". */
  title: string;
  /** Each line of the box as written, in segments; empty when the box has no text. */
  lines: DcgSegment[][];
  flag: Flag | null;
}

/** A diagnostic of a DCG card as the preview lists it, with the parts of the card it marks. */
export interface DcgDiagnosticModel {
  severity: "error" | "warning";
  code: string;
  message: string;
  hint: string | null;
  /** "12:9": where it starts, line and column. */
  where: string;
  /** The range to reveal in the editor. */
  range: FileRange;
  /** Its start and end as offsets of the file's normalised text. */
  span: { start: number; end: number };
  parts: DcgPartId[];
  /** The index of the `digivolve:` or `dna:` line it marks (among those of its key), or null. */
  index: number | null;
}

/** Everything the preview draws for one DCG card. Display strings only: no HTML. */
export interface DcgCardModel {
  ruleset: "dcg";
  /** Identifies the card block across redraws: file and card number. */
  key: string;
  /** The card's accessible name: "Card DSX-002 Emberpup". */
  label: string;
  file: string;
  set: string;
  setName: string;
  number: string;
  name: string;
  /** "Digimon", "Digi-Egg", "Tamer", "Option" (or what was written, when it is wrong). */
  kind: string;
  frame: DcgFrame;
  /** The tone of the card's first colour (the frame). */
  tone: DcgTone;
  colors: DcgColorModel[];
  /** "Lv.3", "Lv.–" (002 2-12), with its reading; null when the card prints none. */
  level: { text: string; alt: string; flag: Flag | null } | null;
  cost: DcgCostModel | null;
  /** DP (002 2-6): Digimon always, others when the set file gives one. */
  dp: { value: string; alt: string; flag: Flag | null } | null;
  digivolve: DcgRequirementModel[];
  dna: DcgDnaModel[];
  form: string | null;
  attribute: string | null;
  traits: string[];
  rarity: string | null;
  /** The boxes drawn: the effect box, the kind's lower box (inherited for Digimon and Digi-Eggs, security for Tamers and Options), and any other box with text or a problem. */
  boxes: DcgBoxModel[];
  errors: number;
  warnings: number;
  flags: Partial<Record<DcgPartId, Flag>>;
  diagnostics: DcgDiagnosticModel[];
  /** The card block's range, to reveal it. */
  range: FileRange;
}

// ─── vocabulary ───────────────────────────────────────────────────────────

const KEYS: ReadonlySet<string> = new Set<DcgPartId>(["kind", "color", "level", "playcost", "usecost", "digivolve", "dna", "dp", "form", "attribute", "traits", "rarity", "effect", "inherited", "security"]);

/** The tone of a colour name ("Red", "red" → "red"), neutral for anything else. */
export function dcgToneOf(name: string): DcgTone {
  const c = DCG_COLORS.find((x) => x.toLowerCase() === name.trim().toLowerCase());
  return c ? (c.toLowerCase() as DcgTone) : "neutral";
}

/** The bracketed words that are timing tags or use limits (002 10-4, 4-15 … 4-18, 2-11), lower-case, apostrophes straight. */
const TIMING_WORDS: ReadonlySet<string> = new Set(DCG_GLOSSARY.filter((e) => e.kind === "timing" || /Per Turn/.test(e.term)).map((e) => e.term.slice(1, -1).toLowerCase()));

/** The box titles (001 "Card Information"; 002 2-10). */
const BOX_TITLES: Readonly<Record<DcgBox, string>> = { effect: "Effect", inherited: "Inherited effect", security: "Security effect" };

/** The box each kind prints below its effect box (001 "Card Information"). */
const LOWER_BOX: Readonly<Record<DcgFrame, DcgBox>> = { digimon: "inherited", "digi-egg": "inherited", tamer: "security", option: "security" };

// ─── the model ────────────────────────────────────────────────────────────

/** What identifies a DCG card block across edits: its file and card number ("my.dgs#DSX-002"). */
export function dcgCardKey(view: DcgCardView): string {
  return `${view.file}#${view.card.stats.number}`;
}

/**
 * Describe a checked DCG card for drawing.
 * @param view the card as the worker checked it (stats, box texts, diagnostics, ranges)
 * @param source its block read from the file (`readBlock` of model.ts); without it,
 *   requirements are described from the checked stats and boxes drawn without marks
 * @returns the card's {@link DcgCardModel}
 */
export function dcgCardModel(view: DcgCardView, source: BlockSource | null = null): DcgCardModel {
  const s = view.card.stats;
  const block = source?.block ?? null;
  const base = source?.base ?? 0;
  const fields = (key: string) => (block ? block.fields.filter((f) => f.key === key) : []);
  const raw = (key: string): string | null => fields(key)[0]?.value.value.trim() ?? null;

  const diagnostics = view.diagnostics.map((d) => dcgDiagnosticModel(d, block, base));
  const flags: Partial<Record<DcgPartId, Flag>> = {};
  const indexFlags = new Map<string, Flag>();
  const mark = (p: DcgPartId, f: Flag) => {
    if (flags[p] !== "error") flags[p] = f;
  };
  for (const d of diagnostics) {
    for (const p of d.parts) mark(p, d.severity);
    if (d.index !== null) {
      const k = `${d.parts[0]}#${d.index}`;
      if (indexFlags.get(k) !== "error") indexFlags.set(k, d.severity);
    }
  }
  const flag = (p: DcgPartId): Flag | null => flags[p] ?? null;
  // A field with an error is drawn as written, so the designer sees what the checker refused.
  const shown = (p: DcgPartId, checked: string | null): string | null => (flag(p) === "error" && raw(p) !== null ? raw(p) : checked);

  const kind = flag("kind") === "error" && raw("kind") !== null ? raw("kind")! : s.kind;
  const frame: DcgFrame = frameOf(kind);

  const colorNames = flag("color") === "error" && raw("color") !== null ? raw("color")!.split(/[,/]/).map((x) => x.trim()).filter(Boolean) : [...s.colors];
  const colors = colorNames.map((n) => ({ name: n, tone: dcgToneOf(n) }));

  const levelText = shown("level", s.level === null ? null : String(s.level));
  const level =
    levelText === null
      ? frame === "digimon" || frame === "digi-egg"
        ? { text: "Lv.?", alt: "no level given", flag: flag("level") }
        : null
      : { text: levelText === "-" ? "Lv.–" : /^\d+$/.test(levelText) ? `Lv.${levelText}` : levelText, alt: levelText === "-" ? "no level (Lv.–)" : `Level ${levelText}`, flag: flag("level") };

  // The play cost of a Digimon or Tamer, the use cost of an Option (002 2-7, 2-8); a cost
  // written under the other key is drawn as written, marked.
  let cost: DcgCostModel | null = null;
  const costOf = (part: "playcost" | "usecost", value: string | null): DcgCostModel => {
    const label = part === "playcost" ? "Play cost" : "Use cost";
    return { part, label, value: value ?? "—", alt: value === null ? `no ${label.toLowerCase()}` : `${label} ${value}`, flag: flag(part) };
  };
  const costKey: "playcost" | "usecost" | null = frame === "option" ? "usecost" : frame === "digi-egg" ? null : "playcost";
  if (costKey !== null) cost = costOf(costKey, shown(costKey, s.cost === null ? null : String(s.cost)) ?? raw(costKey));
  for (const other of ["playcost", "usecost"] as const) if (other !== costKey && raw(other) !== null && (cost === null || cost.value === "—")) cost = costOf(other, raw(other));

  const dpText = shown("dp", s.dp === null ? null : String(s.dp)) ?? (flag("dp") ? raw("dp") : null);
  const dp = frame === "digimon" || dpText !== null || flags.dp ? { value: dpText ?? "—", alt: dpText === null ? "no DP" : `${dpText} DP`, flag: flag("dp") } : null;

  const digiFields = fields("digivolve");
  const useStats = !flags.digivolve && (digiFields.length === s.digivolve.length || block === null);
  const digivolve: DcgRequirementModel[] = (block ? digiFields.map((f) => f.value.value.trim()) : s.digivolve.map((d) => `${d.cost} from Lv.${d.level} ${d.colors.join(", ")}`)).map((text, i) => {
    const d = useStats ? s.digivolve[i] : undefined;
    const f = indexFlags.get(`digivolve#${i}`) ?? null;
    if (!d) return { text, colors: [], level: "", cost: "?", alt: `Digivolution requirement: ${text}`, flag: f };
    const cs = d.colors.map((c) => ({ name: c, tone: dcgToneOf(c) }));
    return { text, colors: cs, level: `Lv.${d.level}`, cost: String(d.cost), alt: `Digivolve from a ${d.colors.join(" or ").toLowerCase()} level ${d.level} Digimon for a cost of ${d.cost}`, flag: f };
  });

  const dnaTexts = block ? fields("dna").map((f) => f.value.value.trim()) : s.dna.map((d) => `${d.cost} from ${d.from.map((p) => (p.kind === "name" ? `[${p.name}]` : `${p.color} Lv.${p.level}`)).join(" + ")}`);
  const dna = dnaTexts.map((text, i) => ({ text, flag: indexFlags.get(`dna#${i}`) ?? null }));

  const traitsShown = flag("traits") === "error" && raw("traits") !== null ? raw("traits")!.split(",").map((x) => x.trim()).filter(Boolean) : [...s.traits];

  const boxes: DcgBoxModel[] = [];
  for (const b of ["effect", "inherited", "security"] as const) {
    const text = view.card.text[b] !== "" ? view.card.text[b] : (raw(b) ?? "");
    const always = b === "effect" || LOWER_BOX[frame] === b;
    if (!always && text === "" && !flags[b]) continue;
    const field = fields(b)[0];
    const value = field && field.value.value === text ? field.value : null;
    const runs = text === "" ? [] : markedRuns(text, value, base, diagnostics.filter((d) => d.parts.includes(b)));
    boxes.push({ box: b, title: BOX_TITLES[b], lines: boxLines(runs), flag: flag(b) });
  }

  const errors = diagnostics.filter((d) => d.severity === "error").length;
  return {
    ruleset: "dcg",
    key: dcgCardKey(view),
    label: `Card ${s.number} ${s.name}`,
    file: view.file,
    set: view.set,
    setName: view.setName,
    number: s.number,
    name: s.name,
    kind,
    frame,
    tone: colors[0]?.tone ?? "neutral",
    colors,
    level,
    cost,
    dp,
    digivolve,
    dna,
    form: shown("form", s.form),
    attribute: shown("attribute", s.attribute),
    traits: traitsShown,
    rarity: shown("rarity", s.rarity),
    boxes,
    errors,
    warnings: diagnostics.length - errors,
    flags,
    diagnostics,
    range: view.range,
  };
}

/** The frame of a kind as written (case-insensitive; a misspelt kind is drawn as a Digimon's). */
function frameOf(kind: string): DcgFrame {
  const k = DCG_KINDS.find((x) => x.toLowerCase() === kind.trim().toLowerCase());
  return k === "Digi-Egg" ? "digi-egg" : k === "Tamer" ? "tamer" : k === "Option" ? "option" : "digimon";
}

/**
 * A box's runs cut into lines (one effect unit each, as written) and segments: timing tags,
 * keyword effects, reminder text and name references told apart, each keeping its marks.
 */
export function boxLines(runs: readonly TextRun[]): DcgSegment[][] {
  const text = runs.map((r) => r.text).join("");
  if (text === "") return [];
  const style = new Array<DcgSegment["style"]>(text.length).fill(null);
  // Reminder text may hold a keyword ("(… gains <Security Attack +1> …)"): the outer parenthesis wins.
  const re = /\((?!\s*(?:other|including|except)\b)(?:[^()\n]|\([^()\n]*\))*\)|\[[^[\]\n]*\]|<[^<>\n]*>/gi;
  for (const m of text.matchAll(re)) {
    const t = m[0];
    const st: DcgSegment["style"] = t[0] === "(" ? "reminder" : t[0] === "<" ? "keyword" : isTiming(t.slice(1, -1)) ? "timing" : "name";
    for (let i = m.index!; i < m.index! + t.length; i++) style[i] = st;
  }
  const flagAt = new Array<Flag | null>(text.length);
  let at = 0;
  for (const r of runs) for (let i = 0; i < r.text.length; i++) flagAt[at++] = r.flag;
  const lines: DcgSegment[][] = [];
  let line: DcgSegment[] = [];
  let start = 0;
  const push = (end: number) => {
    if (end > start) line.push({ text: text.slice(start, end), style: style[start]!, flag: flagAt[start]! });
  };
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text[i] === "\n") {
      push(i);
      lines.push(line);
      line = [];
      start = i + 1;
    } else if (i > start && (style[i] !== style[start] || flagAt[i] !== flagAt[start])) {
      push(i);
      start = i;
    }
  }
  return lines;
}

/** Whether a bracket's text is a timing tag or use limit (002 10-4, 4-15), not a name. */
function isTiming(inner: string): boolean {
  const k = inner.trim().toLowerCase().replace(/’/g, "'").replace(/\s+/g, " ");
  return TIMING_WORDS.has(k) || /^digixros\s*[-−]\s*\d+$/.test(k);
}

// ─── diagnostics → parts ──────────────────────────────────────────────────

/**
 * A diagnostic of a DCG card and the parts it marks: the field its range starts in (with the
 * index of the `digivolve:` or `dna:` line), the number or name on the card line; a missing
 * field (reported at the card number, docs/set-format.md "DCG sets") marks the part it names.
 */
export function dcgDiagnosticModel(d: FileDiagnostic, block: CardBlock | null, base: number): DcgDiagnosticModel {
  const parts: DcgPartId[] = [];
  let index: number | null = null;
  if (d.code === "missing-kind") parts.push("kind");
  else if (d.code === "missing-field") {
    const m = /needs an? ([a-z]+): field/.exec(d.message);
    parts.push(m && KEYS.has(m[1]!) ? (m[1] as DcgPartId) : "card");
  } else if (block) {
    const at = d.span.start - base;
    const seen = new Map<string, number>();
    for (const f of block.fields) {
      const i = seen.get(f.key) ?? 0;
      seen.set(f.key, i + 1);
      if (at >= f.keySpan.start && at <= f.value.span.end) {
        parts.push(KEYS.has(f.key) ? (f.key as DcgPartId) : "card");
        if (f.key === "digivolve" || f.key === "dna") index = i;
        break;
      }
    }
    if (parts.length === 0) {
      if (at >= block.setNumberSpan.start && at <= block.setNumberSpan.end) parts.push("number");
      else if (at >= block.nameSpan.start && at <= block.nameSpan.end) parts.push("name");
    }
  }
  if (parts.length === 0) parts.push("card");
  return {
    severity: d.severity,
    code: d.code,
    message: d.message,
    hint: d.hint ?? null,
    where: `${d.line}:${d.col}`,
    range: { file: d.file, line: d.line, col: d.col, endLine: d.endLine, endCol: d.endCol },
    span: { start: d.span.start, end: d.span.end },
    parts,
    index,
  };
}

// ─── the gallery ──────────────────────────────────────────────────────────

/**
 * The DCG cards a gallery filter keeps, in their order: `kind` a card kind, `level` a level
 * as drawn ("Lv.3"), `type` a colour or a trait (form, attribute or type trait, 002 2-5).
 */
export function dcgFilterCards(cards: readonly DcgCardModel[], f: GalleryFilter): DcgCardModel[] {
  return cards.filter(
    (c) =>
      (f.kind === "" || c.kind === f.kind) &&
      (f.level === "" || c.level?.text === f.level) &&
      (f.type === "" || c.colors.some((x) => x.name === f.type) || c.form === f.type || c.attribute === f.type || c.traits.includes(f.type)) &&
      (!f.errorsOnly || c.errors > 0),
  );
}

/**
 * The values the gallery's filters offer for DCG cards: the kinds (Digimon, Digi-Egg, Tamer,
 * Option first), the levels (Lv.2 … Lv.7, then Lv.–) and the colours then the traits present.
 */
export function dcgFilterChoices(cards: readonly DcgCardModel[]): { kinds: string[]; levels: string[]; types: string[] } {
  const kinds = new Set<string>();
  const levels = new Set<string>();
  const colors = new Set<string>();
  const traits = new Set<string>();
  for (const c of cards) {
    kinds.add(c.kind);
    if (c.level) levels.add(c.level.text);
    for (const x of c.colors) colors.add(x.name);
    for (const t of [c.form, c.attribute, ...c.traits]) if (t) traits.add(t);
  }
  const order = (known: readonly string[]) => (a: string, b: string) => {
    const i = known.indexOf(a);
    const j = known.indexOf(b);
    return (i < 0 ? 99 : i) - (j < 0 ? 99 : j) || a.localeCompare(b);
  };
  return {
    kinds: [...kinds].sort(order(DCG_KINDS)),
    levels: [...levels].sort(order(["Lv.2", "Lv.3", "Lv.4", "Lv.5", "Lv.6", "Lv.7", "Lv.–"])),
    types: [...[...colors].sort(order(DCG_COLORS)), ...[...traits].filter((t) => !colors.has(t)).sort((a, b) => a.localeCompare(b))],
  };
}
