/**
 * The card preview's model: a checked card ({@link CardView}) turned into a description of
 * what to draw — its fields as display strings, labels and text alternatives, icons, the
 * colour it is drawn in, and which parts carry errors. DOM-free: `render.ts` builds elements
 * from it, and the tests run it in node.
 *
 * Every string of the model that comes from a card (names, text, evo-box entries, attack
 * names and abilities) is data: the renderer sets it as text, never as HTML.
 *
 * Source: `000_012504f4614e5b24.txt`, "Anatomy of Cards" items 2–15 (the parts of a card),
 * Evolution Phase 3.1 (Evolution cards have a yellow border), Glossary "Flip" and "Type",
 * "Deck Construction" (markings, Partner); the `.dgs` fields: `docs/set-format.md`.
 */
import type { FileDiagnostic } from "../../../compiler/api.ts";
import { readSetFile, splitAttackLine, type CardBlock, type FieldValue } from "../../../grammar/setfile.ts";
import { normalizeSource } from "../../../grammar/source.ts";
import type { AttackAbility, EvoEntry, NamePattern, NameQualifier } from "../../../runtime/ir.ts";
import type { AttackSlot, Level } from "../../../runtime/vocabulary.ts";
import { isDcgView, type AnyCardView, type CardView, type FileRange } from "../worker/protocol.ts";

// ─── shapes ────────────────────────────────────────────────────────────────

/**
 * The colour a card is drawn in: one per DBE primary type (Anatomy of Cards item 5: Nature,
 * Dragon, Enigma, Wind, Nightmare, Metal, Jungle, Marine), `neutral` for every other type
 * (Ruler, a set's own vocabulary) and for cards without a type.
 */
export type Tone = "nature" | "dragon" | "enigma" | "wind" | "nightmare" | "metal" | "jungle" | "marine" | "neutral";

/**
 * The card's frame, by kind (Anatomy of Cards item 1): Digimon (the type's colour), Option,
 * or Evolution (yellow-bordered: Evolution Phase 3.1, "a valid Evolution type card … (yellow
 * border)").
 */
export type Frame = "digimon" | "option" | "evolution";

/**
 * A part of a drawn card that a diagnostic can point at: the card line's set number and
 * name, each `.dgs` field (`plusP` is `+p:`), or `card` for the block as a whole.
 */
export type PartId =
  | "setNumber"
  | "name"
  | "kind"
  | "level"
  | "type"
  | "subtypes"
  | "dp"
  | "plusP"
  | "hp"
  | "circle"
  | "triangle"
  | "cross"
  | "evo"
  | "timing"
  | "partner"
  | "flip"
  | "text"
  | "card";

/** How a part is marked: with an error, a warning, or not at all (absent from the record). */
export type Flag = "error" | "warning";

/**
 * One of the printed numbers (Anatomy of Cards items 6, 7, 9): DP cost, +P, HP.
 * `value` is what is drawn ("30", "+20", "—" when none is printed), `alt` reads it out
 * ("DP cost 30", "no DP cost").
 */
export interface StatModel {
  part: "dp" | "plusP" | "hp";
  label: string;
  value: string;
  alt: string;
  flag: Flag | null;
}

/**
 * One attack (Anatomy of Cards items 10–11): its icon (○ △ ✕) and the icon's text
 * alternative, the attack's name, its Power, and its attack ability as written (or null).
 */
export interface AttackModel {
  slot: AttackSlot;
  icon: "○" | "△" | "✕";
  iconAlt: "Circle" | "Triangle" | "Cross";
  name: string;
  /** The Power as drawn: digits, or "?" when it cannot be read. */
  power: string;
  ability: string | null;
  flag: Flag | null;
}

/** An evo-box entry as written (Anatomy of Cards item 8), and whether a diagnostic marks it. */
export interface EvoModel {
  text: string;
  flag: Flag | null;
}

/** A run of the card text (item 14): the text is drawn run by run, runs with diagnostics marked. */
export interface TextRun {
  text: string;
  flag: Flag | null;
}

/** A type on the card (item 5 primary type, item 15 subtypes bar) and the colour it is drawn in. */
export interface TypeModel {
  name: string;
  tone: Tone;
}

/**
 * Abnormal stats (Anatomy of Cards item 12): "Level C stats are halved, Level U stats are
 * quartered", rounded down to tens as the runtime does (`runtime/rulesets/dbe/model.ts`).
 */
export interface AbnormalModel {
  /** "½" or "¼". */
  factor: string;
  hp: string;
  /** Power of ○ △ ✕, in that order. */
  powers: string[];
  alt: string;
}

/** A diagnostic of the card as the preview lists it, with the parts of the card it marks. */
export interface DiagnosticModel {
  severity: "error" | "warning";
  code: string;
  message: string;
  hint: string | null;
  /** "12:9": where it starts, line and column. */
  where: string;
  /** The range to reveal in the editor. */
  range: FileRange;
  /** Its start and end as offsets of the file's normalised text (`grammar/source.ts`). */
  span: { start: number; end: number };
  parts: PartId[];
  /** The index of the evo-box entry it marks, or null. */
  evoIndex: number | null;
}

/** A flip card's side (Glossary "Flip / Flip Cards / Star / Moon / Initial side"). */
export interface FlipModel {
  side: "Star" | "Moon";
  icon: "☆" | "☾";
  initial: boolean;
  alt: string;
}

/**
 * Everything the preview draws for one card (one side of a flip card). Display strings
 * only: no HTML. Source of each field: Anatomy of Cards (item numbers on the fields of
 * `runtime/card.ts` `CardStats`).
 */
export interface CardModel {
  /** Identifies the card block across redraws: file, set number and flip side. */
  key: string;
  /** The card's accessible name: "Card DS1-001 Agumon". */
  label: string;
  file: string;
  set: string;
  setName: string;
  setNumber: string;
  name: string;
  /** "Digimon", "Option", "Evolution" (or what was written, when it is wrong). */
  kind: string;
  frame: Frame;
  tone: Tone;
  /** Ace, Firewall, DATA, Mastery, Proxy ("Deck Construction"). */
  markings: string[];
  /** The level letter and its full name ("R", "Rookie"), or null. */
  level: { letter: string; name: string } | null;
  type: TypeModel | null;
  subtypes: TypeModel[];
  /** DP cost, +P and HP: the ones printed on this kind of card. */
  stats: StatModel[];
  attacks: AttackModel[];
  abnormal: AbnormalModel | null;
  evo: EvoModel[];
  timings: string[];
  /** The card text in runs; empty when the card has no text. */
  text: TextRun[];
  partner: boolean;
  flip: FlipModel | null;
  errors: number;
  warnings: number;
  /** The marked parts. */
  flags: Partial<Record<PartId, Flag>>;
  diagnostics: DiagnosticModel[];
  /** The card block's range, to reveal it. */
  range: FileRange;
}

/**
 * A card block read again from its file's text, so evo-box entries, attack abilities and
 * wrong values can be drawn as written: the block (ranges relative to `base`) and the file
 * offset of its start.
 */
export interface BlockSource {
  block: CardBlock;
  base: number;
}

// ─── vocabulary ───────────────────────────────────────────────────────────

const TONES: ReadonlyMap<string, Tone> = new Map([
  ["nature", "nature"],
  ["dragon", "dragon"],
  ["enigma", "enigma"],
  ["wind", "wind"],
  ["nightmare", "nightmare"],
  ["metal", "metal"],
  ["jungle", "jungle"],
  ["marine", "marine"],
]);

/** The colour of a type: its DBE type's (Anatomy of Cards item 5), else neutral. */
export function toneOf(type: string | null): Tone {
  return type === null ? "neutral" : (TONES.get(type.toLowerCase()) ?? "neutral");
}

/** Full level names (Glossary "Level"). */
const LEVEL_NAMES: Readonly<Record<Level, string>> = { R: "Rookie", C: "Champion", U: "Ultimate", M: "Mega" };

const ATTACKS: readonly { slot: AttackSlot; icon: AttackModel["icon"]; alt: AttackModel["iconAlt"] }[] = [
  { slot: "circle", icon: "○", alt: "Circle" },
  { slot: "triangle", icon: "△", alt: "Triangle" },
  { slot: "cross", icon: "✕", alt: "Cross" },
];

/** `.dgs` keys (docs/set-format.md) → parts. */
const PART_OF_KEY: ReadonlyMap<string, PartId> = new Map<string, PartId>([
  ["kind", "kind"],
  ["level", "level"],
  ["type", "type"],
  ["subtypes", "subtypes"],
  ["dp", "dp"],
  ["+p", "plusP"],
  ["hp", "hp"],
  ["circle", "circle"],
  ["triangle", "triangle"],
  ["cross", "cross"],
  ["evo", "evo"],
  ["timing", "timing"],
  ["partner", "partner"],
  ["flip", "flip"],
  ["text", "text"],
]);

// ─── reading the block ────────────────────────────────────────────────────

/**
 * Read a card's block again from its file's text (as the editor holds it; normalised here as
 * the worker does). Null when the text has changed since the worker checked it and the
 * block is no longer where the view says (the next view will match).
 * @param fileText the text of `view.file`
 */
export function readBlock(fileText: string, view: AnyCardView): BlockSource | null {
  return readBlockIn(normalizeSource(fileText).text, view);
}

/**
 * {@link readBlock} on text already normalised (`grammar/source.ts` `normalizeSource`), for
 * reading many blocks of one file.
 */
export function readBlockIn(normalized: string, view: AnyCardView): BlockSource | null {
  const { start, end } = view.card.span;
  if (start < 0 || end > normalized.length || start >= end || !normalized.startsWith("card", start)) return null;
  // A DCG block is read with DCG keys: the reader takes them from a `ruleset` line.
  const dcg = isDcgView(view);
  const head = dcg ? "ruleset dcg\n" : "";
  const syntax = readSetFile(view.file, head + normalized.slice(start, end));
  const block = syntax.cards[0];
  const number = dcg ? view.card.stats.number : view.card.stats.setNumber;
  const same = syntax.cards.length === 1 && block !== undefined && block.span.end === end - start + head.length && block.setNumber === number && block.name === view.card.stats.name;
  if (!same) return null;
  return { block, base: start - head.length };
}

// ─── the model ────────────────────────────────────────────────────────────

/**
 * What identifies a card block across edits: its file, set number and flip side
 * ("my.dgs#DS1-043#Star"); {@link CardModel.key}.
 */
export function cardKey(view: CardView): string {
  const s = view.card.stats;
  return `${view.file}#${s.setNumber}${s.flip ? `#${s.flip.side}` : ""}`;
}

/**
 * Describe a checked card for drawing.
 * @param view the card as the worker checked it (stats, text, diagnostics, ranges)
 * @param source its block read from the file ({@link readBlock}); without it, evo-box
 *   entries and attack abilities are described from the checked stats instead of as written
 * @returns the card's {@link CardModel}
 */
export function cardModel(view: CardView, source: BlockSource | null = null): CardModel {
  const s = view.card.stats;
  const block = source?.block ?? null;
  const base = source?.base ?? 0;
  const fields = (key: string) => (block ? block.fields.filter((f) => f.key === key) : []);
  const raw = (key: string): string | null => fields(key)[0]?.value.value.trim() ?? null;

  // Diagnostics and the parts they mark.
  const diagnostics = view.diagnostics.map((d) => diagnosticModel(d, block, base));
  const flags: Partial<Record<PartId, Flag>> = {};
  const evoFlags = new Map<number, Flag>();
  const mark = (p: PartId, f: Flag) => {
    if (flags[p] !== "error") flags[p] = f;
  };
  for (const d of diagnostics) {
    for (const p of d.parts) mark(p, d.severity);
    if (d.evoIndex !== null && evoFlags.get(d.evoIndex) !== "error") evoFlags.set(d.evoIndex, d.severity);
  }
  const flag = (p: PartId): Flag | null => flags[p] ?? null;
  // A field with an error is drawn as written, so the designer sees what the checker refused.
  const shown = (p: PartId, key: string, checked: string | null): string | null => (flag(p) === "error" && raw(key) !== null ? raw(key) : checked);

  const isDigimon = s.kind === "Digimon";
  const frame: Frame = s.kind === "Evolution" ? "evolution" : s.kind === "Option" ? "option" : "digimon";

  const levelLetter = shown("level", "level", s.level);
  const level = levelLetter ? { letter: levelLetter, name: LEVEL_NAMES[levelLetter as Level] ?? "unknown level" } : null;

  const typeName = shown("type", "type", s.type);
  const type = typeName ? { name: typeName, tone: toneOf(typeName) } : null;
  const subtypeNames = flag("subtypes") === "error" && raw("subtypes") !== null ? splitList(raw("subtypes")!) : s.subtypes;
  const subtypes = subtypeNames.map((n) => ({ name: n, tone: toneOf(n) }));

  // DP cost, +P, HP: a Digimon prints all three (DP may be left out: FAQ "Digimon without DP
  // cost"); other kinds print the ones they have (+P on an Option: Evolution Phase 2).
  const stats: StatModel[] = [];
  const dp = shown("dp", "dp", s.dp === null ? null : String(s.dp));
  if (isDigimon || dp !== null || flags.dp) stats.push({ part: "dp", label: "DP", value: dp ?? "—", alt: dp === null ? "no DP cost" : `DP cost ${dp}`, flag: flag("dp") });
  const plusP = shown("plusP", "+p", s.plusP === null ? null : signed(s.plusP));
  if (isDigimon || plusP !== null || flags.plusP) stats.push({ part: "plusP", label: "+P", value: plusP ?? "—", alt: plusP === null ? "no +P" : `${plusP} P`, flag: flag("plusP") });
  const hp = shown("hp", "hp", s.hp === null ? null : String(s.hp));
  if (isDigimon || hp !== null || flags.hp) stats.push({ part: "hp", label: "HP", value: hp ?? "—", alt: hp === null ? "no HP" : `${hp} HP`, flag: flag("hp") });

  const attacks: AttackModel[] = [];
  for (const a of ATTACKS) {
    const st = s[a.slot];
    const rawLine = raw(a.slot);
    if (!isDigimon && !st && rawLine === null && !flags[a.slot]) continue;
    const line = rawLine !== null ? splitAttackLine(rawLine) : null;
    let name = st?.name ?? "";
    let power = st ? String(st.power) : "?";
    if (!st && line) {
      const m = /^(.*?)\s*(-?\d+)$/.exec(line.head);
      name = m ? m[1]!.trim() : line.head;
      power = m ? m[2]! : "?";
    }
    const ability = line ? line.ability : st?.ability ? abilityLabel(st.ability) : null;
    attacks.push({ slot: a.slot, icon: a.icon, iconAlt: a.alt, name, power, ability, flag: flag(a.slot) });
  }

  const evoRaw = fields("evo").map((f) => f.value.value.trim());
  const evoTexts = evoRaw.length > 0 || block ? evoRaw : s.evo.map(evoLabel);
  const evo = evoTexts.map((text, i) => ({ text, flag: evoFlags.get(i) ?? null }));

  const timings = flag("timing") === "error" && raw("timing") !== null ? splitList(raw("timing")!) : [...s.timings];

  const textField = block?.fields.find((f) => f.key === "text");
  const text = view.card.text.length === 0 ? [] : textRuns(view.card.text, textField?.value.value === view.card.text ? textField.value : null, base, diagnostics);

  const abnormal = isDigimon ? abnormalOf(s.level, s.hp, attacks) : null;
  const flip = s.flip ? { side: s.flip.side, icon: s.flip.side === "Star" ? "☆" : "☾", initial: s.flip.initial, alt: `${s.flip.side} side${s.flip.initial ? " (initial side)" : ""}` } as FlipModel : null;

  const errors = diagnostics.filter((d) => d.severity === "error").length;
  return {
    key: cardKey(view),
    label: `Card ${s.setNumber} ${s.name}`,
    file: view.file,
    set: view.set,
    setName: view.setName,
    setNumber: s.setNumber,
    name: s.name,
    kind: flag("kind") === "error" && raw("kind") !== null ? raw("kind")! : s.kind,
    frame,
    tone: isDigimon ? toneOf(type?.name ?? null) : "neutral",
    markings: [...s.markings],
    level,
    type,
    subtypes,
    stats,
    attacks,
    abnormal,
    evo,
    timings,
    text,
    partner: s.partner,
    flip,
    errors,
    warnings: diagnostics.length - errors,
    flags,
    diagnostics,
    range: view.range,
  };
}

/** "+20", "-10", "+0" (Anatomy of Cards item 7: +P may be negative). */
function signed(n: number): string {
  return n < 0 ? String(n) : `+${n}`;
}

/** A comma- or blank-separated list as written ("Nature, Jungle"). */
function splitList(v: string): string[] {
  return v.split(/[,/\s]+/).filter((x) => x.length > 0);
}

/** Abnormal stats of a Level C or U Digimon (Anatomy of Cards item 12), or null. */
function abnormalOf(level: Level | null, hp: number | null, attacks: readonly AttackModel[]): AbnormalModel | null {
  const k = level === "C" ? 2 : level === "U" ? 4 : 0;
  if (k === 0 || hp === null) return null;
  const cut = (n: number) => String(Math.floor(n / k / 10) * 10);
  const powers = attacks.map((a) => (/^\d+$/.test(a.power) ? cut(Number(a.power)) : "?"));
  const factor = k === 2 ? "½" : "¼";
  const names = attacks.map((a, i) => `${a.iconAlt} ${powers[i]}`).join(", ");
  return { factor, hp: cut(hp), powers, alt: `Abnormal stats (Level ${level} ${k === 2 ? "halved" : "quartered"}): HP ${cut(hp)}${names ? `, ${names}` : ""}` };
}

// ─── diagnostics → parts ──────────────────────────────────────────────────

/**
 * A diagnostic of a card and the parts it marks: the field its range starts in (the evo-box
 * entry for `evo:`), the set number or name on the card line; a missing field (reported at
 * the set number, `docs/set-format.md`) marks the part it names; a text without timing marks
 * the timing and the text.
 */
export function diagnosticModel(d: FileDiagnostic, block: CardBlock | null, base: number): DiagnosticModel {
  const parts: PartId[] = [];
  let evoIndex: number | null = null;
  if (d.code === "missing-kind") parts.push("kind");
  else if (d.code === "missing-timing") parts.push("timing", "text");
  else if (d.code === "missing-field") {
    const m = /needs an? ([+a-z]+): field/.exec(d.message);
    const p = m ? PART_OF_KEY.get(m[1]!) : undefined;
    parts.push(p ?? "card");
  } else if (block) {
    const at = d.span.start - base;
    let evo = -1;
    for (const f of block.fields) {
      if (f.key === "evo") evo++;
      if (at >= f.keySpan.start && at <= f.value.span.end) {
        parts.push(PART_OF_KEY.get(f.key) ?? "card");
        if (f.key === "evo") evoIndex = evo;
        break;
      }
    }
    if (parts.length === 0) {
      if (at >= block.setNumberSpan.start && at <= block.setNumberSpan.end) parts.push("setNumber");
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
    evoIndex,
  };
}

/**
 * The card text cut into runs at the ranges of the diagnostics inside it, so the words a
 * diagnostic is about are marked. Without the text field's offsets, one unmarked run.
 */
function textRuns(text: string, value: FieldValue | null, base: number, diagnostics: readonly DiagnosticModel[]): TextRun[] {
  return markedRuns(text, value, base, diagnostics.filter((d) => d.parts.includes("text") && d.code !== "missing-timing"));
}

/**
 * A field's text cut into runs at the ranges of some diagnostics (file offsets of the
 * normalised text), each run marked with the worst severity over it; an empty range (a missing
 * word at the end) marks the character before it. Without the field's offsets, one unmarked run.
 * @param text the text as drawn (the field's value)
 * @param value the field as read from its block, for its characters' offsets
 * @param base the file offset of the block's start (`BlockSource.base`)
 * @param marks the diagnostics (their spans and severities) to mark
 */
export function markedRuns(text: string, value: FieldValue | null, base: number, marks: readonly { severity: "error" | "warning"; span: { start: number; end: number } }[]): TextRun[] {
  if (!value) return [{ text, flag: null }];
  // Character flags: 0 none, 1 warning, 2 error.
  const flags = new Uint8Array(text.length);
  let any = false;
  for (const d of marks) {
    const r = spanInValue(value, base, d);
    const level = d.severity === "error" ? 2 : 1;
    const a = Math.min(r.start, Math.max(0, text.length - 1));
    const b = Math.max(r.end, a + 1);
    for (let i = a; i < b && i < text.length; i++) if (flags[i]! < level) flags[i] = level;
    any = true;
  }
  if (!any) return [{ text, flag: null }];
  const runs: TextRun[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i === text.length || flags[i] !== flags[start]) {
      runs.push({ text: text.slice(start, i), flag: flags[start] === 2 ? "error" : flags[start] === 1 ? "warning" : null });
      start = i;
    }
  }
  return runs;
}

/** The indexes in a field value of a diagnostic's range (file offsets → value indexes). */
function spanInValue(value: FieldValue, base: number, d: { span: { start: number; end: number } }): { start: number; end: number } {
  const start = indexAt(value, d.span.start - base);
  return { start, end: Math.max(start, indexAt(value, d.span.end - base)) };
}

/** The largest index of a value whose offset is at or before `rel` (offsets grow with the index). */
function indexAt(value: FieldValue, rel: number): number {
  if (value.offsetAt(0) >= rel) return 0;
  let lo = 0;
  let hi = value.value.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (value.offsetAt(mid) <= rel) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

// ─── descriptions from the checked stats ──────────────────────────────────

/**
 * An attack ability in words, from the checked stats: "Jamming", "Counter Circle", "Draw 2",
 * "Dragon x3 VS". Used only when the block cannot be read as written. Source: "Attack
 * Abilities".
 */
export function abilityLabel(a: AttackAbility): string {
  const slot = (x: AttackSlot | null) => (x ? ` ${x[0]!.toUpperCase()}${x.slice(1)}` : "");
  switch (a.kind) {
    case "firstAttack":
      return "1st Attack";
    case "secondAttack":
      return "2nd Attack";
    case "cannotGainFirstAttack":
      return "Cannot gain 1st Attack";
    case "toZero":
      return `${slot(a.attack).trim()} to 0`;
    case "counter":
      return `Counter${slot(a.attack)}`;
    case "grudge":
      return `Grudge${slot(a.attack)}`;
    case "killer":
      return `Killer${slot(a.attack)}`;
    case "x3vs":
      return a.types.length ? `${a.types.join("/")} x3 VS` : "x3 VS";
    case "draw":
    case "trash":
    case "recode":
    case "recycle":
    case "static":
    case "corrupt":
      return `${a.kind[0]!.toUpperCase()}${a.kind.slice(1)} ${a.count}`;
    case "attach":
      return `Attach ${a.from === "deck" ? "D" : a.from === "trash" ? "T" : "H"}`;
    case "flatten":
      return "Flatten";
    default:
      return `${a.kind[0]!.toUpperCase()}${a.kind.slice(1)}`;
  }
}

/**
 * An evo-box entry in short words, from the checked stats ("Agumon", "DP -10: Agumon",
 * "DNA: Airdramon + Metal Level C", "Bonus: -dramon (C)"). Used only when the block cannot be
 * read as written. Source: Anatomy of Cards item 8; Evolution Phase 4.3, 4.8, 5.2.2.
 */
export function evoLabel(e: EvoEntry): string {
  const pat = (n: NamePattern) => (n.kind === "exact" ? n.name : n.kind === "suffix" ? `-${n.part}` : n.kind === "prefix" ? `${n.part}-` : `-${n.part}-`);
  const q = (x: NameQualifier) => `${pat(x.name)}${x.level ? ` (${x.level})` : ""}`;
  const from = (xs: readonly NameQualifier[]) => xs.map(q).join(", ");
  switch (e.kind) {
    case "from":
      return from(e.names);
    case "discount":
      return `DP ${signed(e.amount)}${e.from.length ? `: ${from(e.from)}` : ""}`;
    case "bonus":
      return `${e.permanent ? "∞ " : ""}Bonus${e.from.length ? `: ${from(e.from)}` : ""}`;
    case "dna":
      return `DNA: ${e.materials.map((m) => [m.name ? pat(m.name) : "", m.type ?? "", m.level ? `Level ${m.level}` : ""].filter(Boolean).join(" ")).join(e.anyOf ? ", " : " + ")}`;
  }
}

// ─── the gallery ──────────────────────────────────────────────────────────

/** The gallery's filters: "" for any. `type` matches the primary type or a subtype (item 15). */
export interface GalleryFilter {
  kind: string;
  level: string;
  type: string;
  /** Only cards with errors. */
  errorsOnly: boolean;
}

/** A filter that keeps every card. */
export const NO_FILTER: GalleryFilter = { kind: "", level: "", type: "", errorsOnly: false };

/**
 * The cards a filter keeps, in their order. A type matches a card's primary type or any
 * subtype: "This is the same as a primary type for all effects" (Anatomy of Cards item 15).
 */
export function filterCards(cards: readonly CardModel[], f: GalleryFilter): CardModel[] {
  return cards.filter(
    (c) =>
      (f.kind === "" || c.kind === f.kind) &&
      (f.level === "" || c.level?.letter === f.level) &&
      (f.type === "" || c.type?.name === f.type || c.subtypes.some((t) => t.name === f.type)) &&
      (!f.errorsOnly || c.errors > 0),
  );
}

/**
 * The values the gallery's filters offer for a list of cards: the kinds (Digimon, Option,
 * Evolution first), levels (R, C, U, M order) and types present, each once.
 */
export function filterChoices(cards: readonly CardModel[]): { kinds: string[]; levels: string[]; types: string[] } {
  const kinds = new Set<string>();
  const levels = new Set<string>();
  const types = new Set<string>();
  for (const c of cards) {
    kinds.add(c.kind);
    if (c.level) levels.add(c.level.letter);
    if (c.type) types.add(c.type.name);
    for (const t of c.subtypes) types.add(t.name);
  }
  const order = (known: readonly string[]) => (a: string, b: string) => {
    const i = known.indexOf(a);
    const j = known.indexOf(b);
    return (i < 0 ? 99 : i) - (j < 0 ? 99 : j) || a.localeCompare(b);
  };
  return {
    kinds: [...kinds].sort(order(["Digimon", "Option", "Evolution"])),
    levels: [...levels].sort(order(["R", "C", "U", "M"])),
    types: [...types].sort(order(["Nature", "Dragon", "Enigma", "Wind", "Nightmare", "Metal", "Jungle", "Marine"])),
  };
}

/**
 * The two sides of a flip card, Star first: the view's own side and, from `others` (cards of
 * its file), the card with the same set number and the other side. One side when the other
 * is not found or the card is not a flip card. Source: `docs/set-format.md` "Flip cards".
 */
export function flipSides<T extends { card: { stats: { setNumber: string; flip: { side: string } | null } } }>(view: T, others: readonly T[]): T[] {
  const f = view.card.stats.flip;
  if (!f) return [view];
  const other = others.find((o) => o.card.stats.setNumber === view.card.stats.setNumber && o.card.stats.flip !== null && o.card.stats.flip.side !== f.side);
  if (!other) return [view];
  return f.side === "Star" ? [view, other] : [other, view];
}
