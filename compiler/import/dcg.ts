/**
 * Importer for the official Digimon Card Game (DCG) card dump: the JSON array of
 * `../shared/data/dcg/cards.json` → one `ruleset dcg` set file per set (BT1 …, ST1 …, EX1 …,
 * and the promos, set `P`), in the layout of `docs/set-format.md`, "DCG sets".
 *
 * Steps, per card:
 * 1. validate its shape ({@link DcgDumpCardSchema}; a malformed dump is an Error naming the
 *    card and the field, nothing is written);
 * 2. normalise the dump's defects with the documented table of `compiler/import/dcg-fixes.ts`
 *    (HTML escapes, "card_name", typos, "(Once Per Turn)", a DP missing a zero …) — never by
 *    bending the grammar, and never by inventing a value the dump does not have;
 * 3. lay each text box out one effect unit per line ({@link dcgUnits}: the layout the DCG
 *    text compiler reads) — the dump prints a box on one line;
 * 4. write the card block ({@link writeDcgCard}) — a value a set file cannot carry (a line
 *    break in a name …) skips the card with the reason, never a silent change.
 *
 * Mapping (`../shared/data/README.md`, `dcg/`; set format keys in brackets): `id` [card
 * number], `name`, `card_type` [kind], `colors` [color], `level` [level], `play_cost` [playcost:
 * the play cost of a Digimon or Tamer, 002 2-7; usecost: the use cost of an Option, 2-8],
 * `digivolve` [digivolve: `<cost> from Lv.<level> [colours]`], `dp`, `form`, `attribute`,
 * `traits`, `rarity`, `effect`, `inherited_effect` [inherited], `security_effect`
 * [security]. `set` is the set code (else the card number's prefix); `link`, `source` and
 * `normalization_notes` are not written.
 *
 * The output is test input: it is written to the folder the user names (`--out`), never into
 * the project's own files (the card texts are © Bandai; `../shared/data/README.md`).
 */
import { z } from "zod";
import { setCodeProblem, setNumberProblem } from "../../grammar/identity.ts";
import { writeName } from "../../grammar/setfile.ts";
import { hasBadCharacter } from "../../grammar/source.ts";
import { lineProblem, textProblem } from "./writeSet.ts";
import { applyDcgFixes, DCG_FIXES, type DcgDumpCard, type DcgFix } from "./dcg-fixes.ts";

/** A nullable field that may also be absent. */
const nullish = <T extends z.ZodType>(t: T) => t.nullish().transform((v) => v ?? null);

/**
 * One card of the DCG dump (`cards.json`; unknown extra fields are allowed and ignored).
 * Only `id` and `name` are required; a missing stat stays missing (the set file then lacks
 * the field, and the checker says so).
 */
export const DcgDumpCardSchema = z.looseObject({
  id: z.string().superRefine((s, ctx) => {
    const p = setNumberProblem(s);
    if (p) ctx.addIssue({ code: "custom", message: p });
  }),
  name: z.string().min(1),
  set: nullish(z.string()),
  card_type: nullish(z.string()),
  colors: nullish(z.array(z.string())).transform((v) => v ?? []),
  level: nullish(z.int().min(0).max(99)),
  form: nullish(z.string()),
  attribute: nullish(z.string()),
  traits: nullish(z.array(z.string())).transform((v) => v ?? []),
  play_cost: nullish(z.int().min(0).max(99)),
  digivolve: nullish(
    z.array(
      z.looseObject({
        color: nullish(z.string()),
        level: nullish(z.int().min(0).max(99)),
        cost: z.int().min(0).max(99),
      }),
    ),
  ).transform((v) => v ?? []),
  dp: nullish(z.int().min(0)),
  rarity: nullish(z.string()),
  effect: nullish(z.string()).transform((v) => v ?? ""),
  inherited_effect: nullish(z.string()).transform((v) => v ?? ""),
  security_effect: nullish(z.string()).transform((v) => v ?? ""),
});

/** The whole dump: an array of {@link DcgDumpCardSchema}. */
export const DcgDumpSchema = z.array(DcgDumpCardSchema);

/**
 * One DCG card block to write (the set format's keys, `docs/set-format.md` "DCG sets"). Null,
 * `[]` and `""` mean "not printed": the field is left out.
 * - `number`, `name`: the card number (letters, digits, single dashes) and the name;
 * - `kind`, `colors`, `level` (2–7 or "-"), `cost`, `dp`, `form`, `attribute`, `rarity`: as
 *   printed (one line each; `traits` and `colors` hold no comma or slash); `cost` is written
 *   `usecost:` for an Option (002 2-8), `playcost:` for any other kind (2-7);
 * - `digivolve`: requirements, each `{ cost, level, colors }` (`colors` empty: the card's own);
 * - `effect`, `inherited`, `security`: the boxes, one effect unit per entry (one line each).
 */
export interface DcgCardRecord {
  number: string;
  name: string;
  kind: string | null;
  colors: readonly string[];
  level: number | "-" | null;
  cost: number | null;
  digivolve: readonly { cost: number; level: number; colors: readonly string[] }[];
  dp: number | null;
  form: string | null;
  attribute: string | null;
  traits: readonly string[];
  rarity: string | null;
  effect: readonly string[];
  inherited: readonly string[];
  security: readonly string[];
}

/** A card the importer did not write, and why. */
export interface DcgSkippedCard {
  number: string;
  why: string;
}

/** One set file written by {@link importDcg}. */
export interface DcgSetFile {
  /** The set code (`BT1`, `ST1`, `P` …). */
  code: string;
  /** The file name to write: `<code>.dgs`. */
  file: string;
  /** The file's text. */
  dgs: string;
  /** Card blocks in it. */
  cards: number;
}

/** What {@link importDcg} produced. */
export interface DcgImportResult {
  /** One file per set, in set order (BT1 … BT10, EX1 …, P, ST1 …). */
  files: DcgSetFile[];
  /** Card blocks written in all. */
  cards: number;
  /** Cards with text in any box (after the fixes), among those written. */
  withText: number;
  /** Cards not written: a repeated number, a value a set file cannot carry. */
  skipped: DcgSkippedCard[];
  /** The defect-table entries applied, per card (card number → entry ids). */
  fixes: Map<string, string[]>;
  /** Entries that name a card present in the dump but changed nothing on it: `<entry> on <card>`. */
  stale: string[];
}

/** Options of {@link importDcg}. */
export interface DcgImportOptions {
  /** The defect table (default {@link DCG_FIXES}; tests give their own). */
  fixes?: readonly DcgFix[];
}

/**
 * The timing tags that open an effect unit (002 10-3, 4-14; 001 "Effects"; the lower-case
 * bracket text). `(Hand)` opens one too, and so does `[DigiXros -N]` (002 4-22).
 */
const UNIT_TIMINGS: ReadonlySet<string> = new Set([
  "on play",
  "when digivolving",
  "when attacking",
  "end of attack",
  "on deletion",
  "your turn",
  "opponent's turn",
  "all turns",
  "main",
  "security",
  "counter",
  "start of your turn",
  "start of opponent's turn",
  "start of your main phase",
  "start of opponent's main phase",
  "end of your turn",
  "end of opponent's turn",
  "end of all turns",
  "hand",
  "breeding",
  "trash",
  "rule",
]);

/**
 * Keywords that stand as an effect unit of their own when a sentence ends before them (002
 * chapter 12: the keywords a card *has*, printed as a line: `<Blocker> (…).`). A keyword that
 * is *done* (`<Draw 1>`, `<De-Digivolve 1>`) or *granted* ("gains <Rush>") is part of a
 * sentence and never starts a unit.
 */
const UNIT_KEYWORD = /^<(?:Blocker|Security Attack [+-]\d+|Piercing|Jamming|Reboot|Retaliation|Rush|Armor Purge|Decoy \([^)]*\)|Digisorption -\d+|Material Save \d+|Save|Raid|Barrier|Evade|Fortitude|Collision|Scapegoat|Iceclad|Partition|Progress|Decode[^>]*)>/;

/** The bracketed head of a unit at `text[i]`: its length, or 0 when there is none. */
function headAt(text: string, i: number): number {
  const ch = text[i];
  if (ch === "[") {
    const end = text.indexOf("]", i);
    if (end < 0) return 0;
    const inner = text.slice(i + 1, end).toLowerCase();
    return UNIT_TIMINGS.has(inner) || /^digixros\s*-?\s*\d+$/.test(inner) ? end + 1 - i : 0;
  }
  if (ch === "(") return text.startsWith("(Hand)", i) ? 6 : 0;
  return 0;
}

/** Whether a bracketed or parenthesised group is part of a unit's head: a timing, `(Hand)`, `[DigiXros -N]`, a use limit. */
function isHead(group: string): boolean {
  return headAt(group, 0) === group.length || /^[[(](?:Once|Twice) Per Turn[\])]$/.test(group);
}

/** The text of a unit with its heads taken out ({@link isHead}): empty when the unit has no body yet. */
function bodyOf(unit: string): string {
  return unit.replace(/\[[^\]]*\]|\([^)]*\)/g, (m) => (isHead(m) ? "" : m)).trim();
}

/**
 * Split one text box of the dump into effect units, one per line (docs/set-format.md "DCG
 * sets"). A unit starts at a timing tag, `(Hand)` or
 * `[DigiXros -N]`, or at a keyword line (`<Blocker> (…).`), when it stands outside
 * parentheses, brackets, angle brackets and quotes, right after a sentence ends ("." or ")"
 * or ">") — and the unit before it has a body: stacked tags (`[On Play] [When Digivolving]`)
 * and `(Hand) [Main]` stay one unit's head.
 * @param text a box of the dump, on one line
 * @returns its units, trimmed, in order (none for a blank box)
 */
export function dcgUnits(text: string): string[] {
  const units: string[] = [];
  let start = 0;
  let paren = 0;
  let square = 0;
  let angle = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const top = paren === 0 && square === 0 && angle === 0 && !quoted;
    if (top && (ch === "[" || ch === "(" || ch === "<") && i > start) {
      const before = text.slice(start, i).trimEnd();
      const last = before[before.length - 1];
      const opens = headAt(text, i) > 0 || (ch === "<" && UNIT_KEYWORD.test(text.slice(i)));
      if (opens && (last === "." || last === ")" || last === ">") && bodyOf(before) !== "") {
        units.push(before.trim());
        start = i;
      }
    }
    if (ch === '"') quoted = !quoted;
    else if (ch === "(") paren++;
    else if (ch === ")") paren = Math.max(0, paren - 1);
    else if (ch === "[") square++;
    else if (ch === "]") square = Math.max(0, square - 1);
    else if (ch === "<") angle++;
    else if (ch === ">") angle = Math.max(0, angle - 1);
  }
  const rest = text.slice(start).trim();
  if (rest !== "") units.push(rest);
  return units;
}

/** A problem with a card value, as an Error `card <number>: <field> <problem>`. */
function fail(number: string, field: string, problem: string): never {
  throw new Error(`card ${number}: ${field} ${problem}`);
}

/** Why a list item (a colour, a trait) cannot be written between commas, or null. */
function itemProblem(s: string): string | null {
  return lineProblem(s) ?? (/[,/]/.test(s) ? "contains a comma or slash (they separate the list)" : null);
}

/**
 * Write one DCG card block (no trailing blank line): `card <number> <name>` and its fields in
 * the set format's order (`DCG_CARD_KEYS`, grammar/setfile.ts).
 * @returns the block's lines joined with "\n", ending in "\n"
 * @throws Error `card <number>: <field> <problem>` for a value that cannot be written so that
 *   it reads back unchanged (a line break, a blank unit, a comma inside a trait …)
 */
export function writeDcgCard(r: DcgCardRecord): string {
  const sn = setNumberProblem(r.number);
  if (sn) fail(r.number, "number:", sn);
  if (r.name.trim() === "") fail(r.number, "name", "is empty");
  if (hasBadCharacter(r.name)) fail(r.number, "name", "contains a character a .dgs file refuses");
  const out = [`card ${r.number} ${writeName(r.name)}`];
  const field = (key: string, value: string) => {
    const p = lineProblem(value);
    if (p) fail(r.number, key, p);
    out.push(`  ${key}: ${value}`);
  };
  const list = (key: string, items: readonly string[]) => {
    for (const x of items) {
      const p = itemProblem(x);
      if (p) fail(r.number, key, `${JSON.stringify(x)} ${p}`);
    }
    if (items.length > 0) field(key, items.join(", "));
  };
  if (r.kind !== null) field("kind", r.kind);
  list("color", r.colors);
  if (r.level !== null) field("level", String(r.level));
  // The dump's play_cost is the use cost of an Option (002 2-8) and the play cost of the rest (2-7).
  if (r.cost !== null) field(r.kind === "Option" ? "usecost" : "playcost", String(r.cost));
  for (const d of r.digivolve) {
    for (const c of d.colors) {
      const p = itemProblem(c);
      if (p) fail(r.number, "digivolve", `colour ${JSON.stringify(c)} ${p}`);
    }
    field("digivolve", `${d.cost} from Lv.${d.level}${d.colors.length > 0 ? ` ${d.colors.join(", ")}` : ""}`);
  }
  if (r.dp !== null) field("dp", String(r.dp));
  if (r.form !== null) field("form", r.form);
  if (r.attribute !== null) field("attribute", r.attribute);
  list("traits", r.traits);
  if (r.rarity !== null) field("rarity", r.rarity);
  for (const [key, units] of [
    ["effect", r.effect],
    ["inherited", r.inherited],
    ["security", r.security],
  ] as const) {
    if (units.length === 0) continue;
    const p = textProblem(units.join("\n"));
    if (p) fail(r.number, key, p);
    out.push(`  ${key}: ${units[0]}`);
    for (const u of units.slice(1)) out.push(`    ${u}`);
  }
  return out.join("\n") + "\n";
}

/** A dump card, fixed, as a record to write. */
export function dcgCardRecord(c: DcgDumpCard): DcgCardRecord {
  const text = (s: string) => dcgUnits(s.trim());
  return {
    number: c.id,
    name: c.name.trim(),
    kind: c.card_type === null ? null : c.card_type.trim(),
    colors: c.colors.map((x) => x.trim()),
    level: c.level,
    cost: c.play_cost,
    digivolve: c.digivolve.flatMap((d) => (d.level === null ? [] : [{ cost: d.cost, level: d.level, colors: d.color === null ? [] : d.color.split(/[,/]/).map((x) => x.trim()).filter((x) => x !== "") }])),
    dp: c.dp,
    form: blankToNull(c.form),
    attribute: blankToNull(c.attribute),
    traits: c.traits.map((t) => t.trim()).filter((t) => t !== ""),
    rarity: blankToNull(c.rarity),
    effect: text(c.effect),
    inherited: text(c.inherited_effect),
    security: text(c.security_effect),
  };
}

function blankToNull(s: string | null): string | null {
  return s === null || s.trim() === "" ? null : s.trim();
}

/** The code of a card's set: its `set` field when it is a valid set code, else the card number before its last dash. */
export function dcgSetCode(c: { id: string; set: string | null }): string {
  if (c.set !== null && setCodeProblem(c.set.trim()) === null) return c.set.trim();
  const i = c.id.lastIndexOf("-");
  return i > 0 ? c.id.slice(0, i) : c.id;
}

/** The kinds of products by set-code prefix, for set names. */
const SET_KINDS: Readonly<Record<string, string>> = { BT: "Booster", ST: "Starter Deck", EX: "Extra Booster", RB: "Reboot Booster" };

/** A set's name for its header, from its code (the dump has none): "Digimon Card Game Booster BT1", "… promotion cards" for P. */
export function dcgSetName(code: string): string {
  if (code === "P") return "Digimon Card Game promotion cards";
  const kind = SET_KINDS[/^([A-Z]+)\d+$/.exec(code)?.[1] ?? ""];
  return kind === undefined ? `Digimon Card Game ${code}` : `Digimon Card Game ${kind} ${code}`;
}

/** Compare card numbers or set codes naturally: BT2 before BT10, ST1-02 before ST1-10. */
export function compareDcgCodes(a: string, b: string): number {
  return a.localeCompare(b, "en", { numeric: true, sensitivity: "base" }) || (a < b ? -1 : a > b ? 1 : 0);
}

function zodPath(path: readonly PropertyKey[]): string {
  let s = "";
  for (const p of path) s += typeof p === "number" ? `[${p}]` : s === "" ? String(p) : `.${String(p)}`;
  return s;
}

/** The text of the header comment of every file. */
const HEADER_COMMENT = [
  "Imported by `digiscript import dcg` from a Digimon Card Game card dump. Card names and texts are (c) Bandai.",
  "Dump defects were normalised by the table of compiler/import/dcg-fixes.ts; a card's own fixes are listed above it.",
  "The dump keeps one colour per card and the first digivolution cost only (its level is the card's level - 1).",
];

/**
 * Convert the DCG card dump to set files, one per set.
 * @param json the parsed `cards.json` (an array of cards)
 * @param opts the defect table to use
 * @returns the files, counts, the cards skipped with reasons, the fixes applied and the stale ones
 * @throws Error when the input is malformed: one line per problem, naming the card number (or
 *   array index) and the field, e.g. `card BT1-010 (cards[9]).dp: Invalid input: expected int, received string`
 */
export function importDcg(json: unknown, opts: DcgImportOptions = {}): DcgImportResult {
  const parsed = DcgDumpSchema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const [idx, ...rest] = issue.path;
      if (typeof idx !== "number") return `dcg card data: ${zodPath(issue.path) || "(root)"}: ${issue.message}`;
      const raw = Array.isArray(json) ? (json[idx] as { id?: unknown } | undefined) : undefined;
      const num = raw && typeof raw.id === "string" ? `card ${raw.id} ` : "card ";
      const field = rest.length > 0 ? `.${zodPath(rest)}` : "";
      return `${num}(cards[${idx}])${field}: ${issue.message}`;
    });
    throw new Error(`malformed dcg card data (${lines.length} problem${lines.length === 1 ? "" : "s"}):\n${lines.join("\n")}`);
  }
  const table = opts.fixes ?? DCG_FIXES;
  const bySet = new Map<string, { number: string; block: string }[]>();
  const skipped: DcgSkippedCard[] = [];
  const fixes = new Map<string, string[]>();
  const stale: string[] = [];
  const seen = new Set<string>();
  let withText = 0;
  for (const raw of parsed.data) {
    if (seen.has(raw.id)) {
      skipped.push({ number: raw.id, why: `number ${raw.id} appears more than once; the first card with it was written` });
      continue;
    }
    seen.add(raw.id);
    const fixed = applyDcgFixes(raw, table);
    if (fixed.applied.length > 0) fixes.set(raw.id, fixed.applied);
    for (const s of fixed.stale) stale.push(`${s} on ${raw.id}`);
    const rec = dcgCardRecord(fixed.card);
    let block: string;
    try {
      block = writeDcgCard(rec);
    } catch (e) {
      skipped.push({ number: raw.id, why: (e as Error).message });
      continue;
    }
    // A card's own fixes (those of entries that name it) are listed above its block.
    const own = fixed.applied.filter((id) => table.find((f) => f.id === id)?.cards !== "all");
    if (own.length > 0) block = `# fixed (compiler/import/dcg-fixes.ts): ${own.join(", ")}\n${block}`;
    if (rec.effect.length + rec.inherited.length + rec.security.length > 0) withText++;
    const code = dcgSetCode(fixed.card);
    const list = bySet.get(code);
    if (list) list.push({ number: rec.number, block });
    else bySet.set(code, [{ number: rec.number, block }]);
  }
  const files: DcgSetFile[] = [];
  for (const code of [...bySet.keys()].sort(compareDcgCodes)) {
    const cards = bySet.get(code)!.sort((a, b) => compareDcgCodes(a.number, b.number));
    const head = `${HEADER_COMMENT.map((l) => `# ${l}`).join("\n")}\nset ${code} ${writeName(dcgSetName(code))}\nruleset dcg\n`;
    files.push({ code, file: `${code}.dgs`, dgs: [head, ...cards.map((c) => c.block)].join("\n"), cards: cards.length });
  }
  return { files, cards: files.reduce((n, f) => n + f.cards, 0), withText, skipped, fixes, stale };
}
