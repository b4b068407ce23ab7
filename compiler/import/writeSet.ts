/**
 * The `.dgs` set file writer used by the card-data importers: a set header and card
 * records in, set file text out. The output follows `docs/set-format.md` and reads back
 * with `readSetFile` (grammar/setfile.ts) to the same values; a value the format cannot
 * carry (a line break in an attack name, a blank line inside card text, ...) is an Error,
 * never a silent change.
 *
 * Format: `docs/set-format.md`. Field meanings: `000_012504f4614e5b24.txt`, "Anatomy of
 * Cards" items 2–15; `runtime/card.ts` (`CardStats`) for the shapes.
 */
import { writeName } from "../../grammar/setfile.ts";
import { setCodeProblem, setNumberProblem } from "../../grammar/identity.ts";
import { hasBadCharacter } from "../../grammar/source.ts";
import type { CardKind, CardTiming, FlipSide, Level, Marking } from "../../runtime/vocabulary.ts";

/**
 * A set file header: `set <code> <name>`, `ruleset`, optional `types`.
 * - `code`: the set code: letters, digits and single dashes (e.g. "DCB"; grammar/identity.ts).
 * - `name`: any string (written bare or as a JSON string by `writeName`).
 * - `ruleset`: "dbe" | "dmb".
 * - `types`: the set's own type vocabulary, or omitted for the ruleset's own; each type
 *   is one word without blanks, commas or slashes.
 * - `comment`: optional lines written as `# ...` comments at the top of the file.
 */
export interface SetHeader {
  code: string;
  name: string;
  ruleset: "dbe" | "dmb";
  types?: readonly string[] | null;
  comment?: string | null;
}

/**
 * One printed attack (Anatomy of Cards items 10–11): `name` (one line, no `|`, no
 * leading/trailing blanks), whole-number `power`, and `ability` in card-text syntax
 * (one line) or null/omitted for none.
 */
export interface AttackRecord {
  name: string;
  power: number;
  ability?: string | null;
}

/**
 * One card block (one side of a flip card): the printed stats of `CardStats` (runtime/card.ts) with
 * evo-box entries and card text as raw strings. Only `setNumber` and `name` are required;
 * null, undefined, `[]`, `false` and `""` mean "absent" and the field is not written.
 * - `setNumber`: letters, digits and single dashes (e.g. "DCB-000"; grammar/identity.ts).
 * - `kind` and `markings` → `kind: Digimon Ace` (markings need a kind).
 * - `level` R|C|U|M; `type`, `subtypes` one word each (no blanks, commas or slashes).
 * - `dp`, `plusP` (`+p:`), `hp`: whole numbers.
 * - `evo`: evo-box entries, one line each, written as repeated `evo:` lines.
 * - `timings` → `timing: SUPPORT EVOLVE`; `partner: yes` when true;
 *   `flip` → `flip: Star initial`.
 * - `text`: the card text; lines are separated by "\n" and become continuation lines.
 *   Every line must be non-blank without leading/trailing blanks (the reader trims them).
 */
export interface CardRecord {
  setNumber: string;
  name: string;
  kind?: CardKind | null;
  markings?: readonly Marking[] | null;
  level?: Level | null;
  type?: string | null;
  subtypes?: readonly string[] | null;
  dp?: number | null;
  plusP?: number | null;
  hp?: number | null;
  circle?: AttackRecord | null;
  triangle?: AttackRecord | null;
  cross?: AttackRecord | null;
  evo?: readonly string[] | null;
  timings?: readonly CardTiming[] | null;
  partner?: boolean | null;
  flip?: { side: FlipSide; initial: boolean } | null;
  text?: string | null;
}

/** Indentation of a card's fields and of `text:` continuation lines. */
const FIELD_INDENT = "  ";
const CONTINUATION_INDENT = "    ";

/**
 * Why `value` cannot be written as a one-line field value that reads back unchanged,
 * or null when it can.
 */
export function lineProblem(value: string): string | null {
  if (value.length === 0) return "is empty";
  if (/[\r\n]/.test(value)) return "contains a line break";
  if (hasBadCharacter(value)) return "contains a character a .dgs file refuses (a control character, U+2028/U+2029, a bidirectional control or a lone surrogate)";
  if (value.trim() !== value) return "has leading or trailing blanks";
  return null;
}

/** Why `text` cannot be written as (multi-line) card text that reads back unchanged, or null. */
export function textProblem(text: string): string | null {
  if (text.includes("\r")) return "contains a carriage return";
  if (hasBadCharacter(text)) return "contains a character a .dgs file refuses (a control character, U+2028/U+2029, a bidirectional control or a lone surrogate)";
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.trim() === "") return `line ${i + 1} is blank (a blank line ends the text in .dgs)`;
    if (l.trim() !== l) return `line ${i + 1} has leading or trailing blanks (the reader trims them)`;
  }
  return null;
}

/** Why `word` cannot be a type name, or null. */
function typeProblem(word: string): string | null {
  if (word.length === 0) return "is empty";
  if (/\s/.test(word)) return "contains a blank";
  if (/[,/]/.test(word)) return "contains a comma or slash";
  if (hasBadCharacter(word)) return "contains a character a .dgs file refuses";
  return null;
}

function fail(where: string, field: string, problem: string): never {
  throw new Error(`${where}: ${field} ${problem}`);
}

function wholeNumber(where: string, field: string, n: number): string {
  if (!Number.isSafeInteger(n)) fail(where, field, `must be a whole number, not ${n}`);
  return String(n);
}

function attackLine(where: string, slot: string, a: AttackRecord): string {
  const p = lineProblem(a.name);
  if (p) fail(where, `${slot}.name`, p);
  if (a.name.includes("|")) fail(where, `${slot}.name`, `contains "|", which separates the attack ability`);
  let line = `${a.name} ${wholeNumber(where, `${slot}.power`, a.power)}`;
  if (a.ability != null && a.ability !== "") {
    const q = lineProblem(a.ability);
    if (q) fail(where, `${slot}.ability`, q);
    line += ` | ${a.ability}`;
  }
  return line;
}

/**
 * Write one `card` block (no trailing blank line).
 * @param card the card record; absent fields are omitted
 * @returns the block's lines joined with "\n", ending in "\n"
 * @throws Error `card <setNumber>: <field> <problem>` when a value cannot be written so that
 *   it reads back unchanged (see {@link CardRecord} for the rules)
 */
export function writeCard(card: CardRecord): string {
  const where = `card ${card.setNumber}`;
  const sn = setNumberProblem(card.setNumber);
  if (sn) throw new Error(`${where}: setNumber: ${sn}`);
  if (hasBadCharacter(card.name)) fail(where, "name", "contains a character a .dgs file refuses (a control character other than LF, U+2028/U+2029, a bidirectional control or a lone surrogate)");
  const out: string[] = [`card ${card.setNumber} ${writeName(card.name)}`];
  const field = (key: string, value: string) => out.push(`${FIELD_INDENT}${key}: ${value}`);

  const markings = card.markings ?? [];
  if (card.kind != null || markings.length > 0) {
    if (card.kind == null) fail(where, "markings", "need a kind (write kind: Digimon|Option|Evolution)");
    field("kind", [card.kind, ...markings].join(" "));
  }
  if (card.level != null) field("level", card.level);
  if (card.type != null && card.type !== "") {
    const p = typeProblem(card.type);
    if (p) fail(where, "type", p);
    field("type", card.type);
  }
  const subtypes = card.subtypes ?? [];
  if (subtypes.length > 0) {
    subtypes.forEach((t, i) => {
      const p = typeProblem(t);
      if (p) fail(where, `subtypes[${i}]`, p);
    });
    field("subtypes", subtypes.join(", "));
  }
  if (card.dp != null) field("dp", wholeNumber(where, "dp", card.dp));
  if (card.plusP != null) field("+p", wholeNumber(where, "plusP", card.plusP));
  if (card.hp != null) field("hp", wholeNumber(where, "hp", card.hp));
  for (const slot of ["circle", "triangle", "cross"] as const) {
    const a = card[slot];
    if (a != null) field(slot, attackLine(where, slot, a));
  }
  (card.evo ?? []).forEach((e, i) => {
    const p = lineProblem(e);
    if (p) fail(where, `evo[${i}]`, p);
    field("evo", e);
  });
  const timings = card.timings ?? [];
  if (timings.length > 0) field("timing", timings.join(" "));
  if (card.partner === true) field("partner", "yes");
  if (card.flip != null) field("flip", card.flip.initial ? `${card.flip.side} initial` : card.flip.side);
  if (card.text != null && card.text !== "") {
    const p = textProblem(card.text);
    if (p) fail(where, "text", p);
    const [first, ...rest] = card.text.split("\n");
    field("text", first!);
    for (const l of rest) out.push(`${CONTINUATION_INDENT}${l}`);
  }
  return out.join("\n") + "\n";
}

/**
 * Write a whole `.dgs` file: optional `#` comment lines, `set <code> <name>`,
 * `ruleset <r>`, `types A, B` (when given), then each card block separated by a blank line.
 * @param header the set header
 * @param cards card records in file order (flip sides as two records with the same number)
 * @returns the file text, ending in "\n"
 * @throws Error naming the header field or `card <setNumber>` and field of a value that
 *   cannot be written (see {@link writeCard})
 */
export function writeSet(header: SetHeader, cards: readonly CardRecord[]): string {
  const parts: string[] = [];
  if (header.comment != null && header.comment !== "") {
    parts.push(header.comment.split(/\r?\n/).map((l) => (l === "" ? "#" : `# ${l}`)).join("\n") + "\n");
  }
  const cp = setCodeProblem(header.code);
  if (cp) throw new Error(`set header: code: ${cp}`);
  let head = `set ${header.code} ${writeName(header.name)}\nruleset ${header.ruleset}\n`;
  if (header.types != null) {
    if (header.types.length === 0) fail("set header", "types", "must list at least one type (omit it for the ruleset's own)");
    header.types.forEach((t, i) => {
      const p = typeProblem(t);
      if (p) fail("set header", `types[${i}]`, p);
    });
    head += `types ${header.types.join(", ")}\n`;
  }
  parts.push(head);
  for (const c of cards) parts.push(writeCard(c));
  return parts.join("\n");
}
