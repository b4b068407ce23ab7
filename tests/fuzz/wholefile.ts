/**
 * fast-check arbitraries for whole `.dgs` files, for the whole-file fuzzer
 * (`npm run fuzz -- --only file`, tests/fuzz/oracle.ts) and `tests/fuzz-wholefile.test.ts`.
 *
 * Real material ({@link loadMaterial}): the header lines, card blocks and field values of
 * the bundled sets (cards/**\/*.dgs) and, when ../shared/data/dcb/cards.json exists, of the
 * PlayStation corpus (imported with importDcb); the examples of grammar/constructs.ts; and
 * the mutated card texts of tests/fuzz/mutate.ts.
 *
 * Hostile material, mixed into that:
 * - a UTF-8 BOM at the start of a file, and BOMs and other characters inserted anywhere
 *   or at the start of any line;
 * - every line terminator and break variant (\r\n, lone \r, \n, \u2028, \u2029, \u0085, \v,
 *   \f) as the file's line ending and inside headers, card headers, field values, quoted
 *   names and card text;
 * - NUL and other C0/C1 controls, lone UTF-16 surrogates, bidi controls;
 * - tabs, NBSP, U+3000 and the other Unicode spaces as indentation and at line start;
 * - deep nesting: hundreds to thousands of nested or unclosed ( [ " “ ” ‘;
 * - very long lines (1 input in ~500; 1 KB to 100 KB, log-distributed), mostly of quotes,
 *   brackets and chains;
 * - files with 1,000 to 2,000 cards (1 input in ~20,000);
 * - set codes and set numbers hostile for file names and TypeScript identifiers (`..`,
 *   `A/B` and `A_B`, `a` and `A`, `all`, `n`, `act`, `eval`, `class`, `CardModule`, `A-1` and
 *   `A_1`, `A*`, `*\/`, backticks, `${x}` …), and hostile file names;
 * - flip sides (Star/Moon, the same side twice), duplicate set numbers, missing and repeated
 *   headers, headers after cards, fields outside cards, comment lines everywhere.
 *
 * A file is built from arrays of lines (and lines of tokens), so fast-check's shrinking
 * removes whole cards, lines and insertions and lands on small reproducers.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { CARD_KEYS } from "../../grammar/setfile.ts";
import { importDcb } from "../../compiler/import/dcb.ts";
import type { SourceFile } from "../../compiler/api.ts";
import { loadSeeds, mutatedText } from "./mutate.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const DCB_JSON = resolve(ROOT, "../shared/data/dcb/cards.json");
const CARDS_DIR = join(ROOT, "cards");

// ─── real material ─────────────────────────────────────────────────────────

/** Lines and values harvested from real `.dgs` sources. */
export interface Material {
  /** `set`, `ruleset` and `types` lines. */
  headers: string[];
  /** Card blocks: the comment lines above a `card` line, the `card` line and its fields. */
  blocks: string[][];
  /** Field values by key (every key of CARD_KEYS has at least one). */
  values: Record<string, string[]>;
  /** Card names, set numbers and set codes. */
  names: string[];
  setNumbers: string[];
  codes: string[];
  /** Comment lines (with their `#`). */
  comments: string[];
  /** Card texts: every seed of tests/fuzz/mutate.ts. */
  texts: string[];
}

let material: Material | null = null;

/**
 * Harvest a `.dgs` source line by line (not through readSetFile, so a reader bug cannot
 * stop the fuzzer from starting).
 */
function harvest(source: string, m: Material): void {
  let block: string[] | null = null;
  let pendingComments: string[] = [];
  for (const line of source.split(/\r?\n/)) {
    if (/^\s*#/.test(line)) {
      m.comments.push(line.trim());
      pendingComments.push(line);
      continue;
    }
    if (line.trim() === "") {
      block = null;
      pendingComments = [];
      continue;
    }
    const head = /^(set|ruleset|types|card)\s+(\S+)\s*(.*)$/.exec(line);
    if (head) {
      block = null;
      if (head[1] === "card") {
        block = [...pendingComments, line];
        m.blocks.push(block);
        m.setNumbers.push(head[2]!);
        m.names.push(head[3]!);
      } else {
        m.headers.push(line);
        if (head[1] === "set") m.codes.push(head[2]!);
      }
      pendingComments = [];
      continue;
    }
    if (block) block.push(line);
    const f = /^\s+([+a-z]+)\s*:\s?(.*)$/.exec(line);
    if (f && f[1]! in m.values) m.values[f[1]!]!.push(f[2]!);
  }
}

/** Load the real material (once): bundled sets, the PlayStation corpus when present, the seeds. */
export function loadMaterial(): Material {
  if (material) return material;
  const m: Material = { headers: [], blocks: [], values: {}, names: [], setNumbers: [], codes: [], comments: [], texts: loadSeeds().all };
  for (const k of CARD_KEYS) m.values[k] = [];
  if (existsSync(CARDS_DIR)) {
    const files = (readdirSync(CARDS_DIR, { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".dgs")).sort();
    for (const f of files) harvest(readFileSync(join(CARDS_DIR, f), "utf8"), m);
  }
  if (existsSync(DCB_JSON)) harvest(importDcb(JSON.parse(readFileSync(DCB_JSON, "utf8"))).dgs, m);
  // Keys no real card uses still get values: card text.
  for (const k of CARD_KEYS) if (m.values[k]!.length === 0) m.values[k] = m.texts.slice(0, 50);
  for (const k of Object.keys(m.values)) m.values[k] = [...new Set(m.values[k])];
  m.names = [...new Set(m.names)];
  m.setNumbers = [...new Set(m.setNumbers)];
  m.codes = [...new Set(["DS1", "DBE", "DCB", ...m.codes])];
  m.comments = [...new Set(m.comments)].slice(0, 200);
  if (m.blocks.length === 0) m.blocks.push(["card FZ-001 Fuzzmon", "  kind: Option", "  timing: SUPPORT", "  text: Draw 1."]);
  material = m;
  return m;
}

/**
 * fc.oneof with cross-shrinking: a failing value drawn from a later (more hostile)
 * alternative may shrink into the first, plainest one.
 */
function pick<T>(...arbs: (fc.Arbitrary<T> | fc.WeightedArbitrary<T>)[]): fc.Arbitrary<T> {
  return fc.oneof({ withCrossShrink: true }, ...arbs) as fc.Arbitrary<T>;
}

const mutatedCache = new WeakMap<Material, fc.Arbitrary<string>>();

/** Mutated card text over the material's seeds (tests/fuzz/mutate.ts), built once per material. */
function mutated(m: Material): fc.Arbitrary<string> {
  let a = mutatedCache.get(m);
  if (!a) mutatedCache.set(m, (a = mutatedText(m.texts)));
  return a;
}

// ─── hostile material ──────────────────────────────────────────────────────

/** Every line terminator and break variant. */
export const LINE_BREAKS: readonly string[] = ["\n", "\r\n", "\r", "\u2028", "\u2029", "\u0085", "\v", "\f", "\n\r", "\r\r\n"];

/** C0 and C1 controls (tab, LF and CR have their own lists), DEL, and NUL. */
export const CONTROLS: readonly string[] = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).filter((c) => !"\t\n\r".includes(c)),
  "\u007f",
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(0x80 + i)),
];

/** Unicode spaces (and space-like format characters), tab first. */
export const SPACES: readonly string[] = [
  "\t",
  "\u00a0",
  "\u3000",
  "\u1680",
  ...Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)),
  "\u202f",
  "\u205f",
  "\u180e",
  "\u200b",
  "\ufeff",
];

/** Bidi controls. */
export const BIDI: readonly string[] = ["\u200e", "\u200f", "\u061c", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"];

/** Lone and reversed UTF-16 surrogates. */
export const SURROGATES: readonly string[] = ["\ud800", "\udbff", "\udc00", "\udfff", "\udc00\ud800", "\ud83c"];

/** Characters and short sequences that break parsers and generated code. */
export const HOSTILE_BITS: readonly string[] = [
  "\ufeff",
  '"',
  "“",
  "”",
  "‘",
  "’",
  "(",
  ")",
  "[",
  "]",
  "*/",
  "/*",
  "//",
  "`",
  "${x}",
  "\\",
  "#",
  ":",
  "|",
  "…",
  "...",
  "'s",
];

/** One hostile character or short sequence. */
export const hostileBit: fc.Arbitrary<string> = pick(
  { weight: 3, arbitrary: fc.constantFrom(...LINE_BREAKS) },
  { weight: 2, arbitrary: fc.constantFrom(...SPACES) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_BITS) },
  { weight: 1, arbitrary: fc.constantFrom(...CONTROLS) },
  { weight: 1, arbitrary: fc.constantFrom(...BIDI) },
  { weight: 1, arbitrary: fc.constantFrom(...SURROGATES) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 2 }) },
  { weight: 1, arbitrary: fc.nat(0xffff).map((n) => String.fromCharCode(n)) },
);

/** A short hostile string: hostile bits mixed with words. */
export const hostileString: fc.Arbitrary<string> = fc
  .array(pick({ weight: 2, arbitrary: hostileBit }, { weight: 1, arbitrary: fc.constantFrom("Draw", "1", ".", " ", "Agumon", "own", "Power", "+100", "x", "a") }), { minLength: 1, maxLength: 8 })
  .map((xs) => xs.join(""));

/** Deep nesting: hundreds to thousands of nested or unclosed brackets and quotes. */
export const deepNesting: fc.Arbitrary<string> = fc
  .record({
    open: fc.constantFrom("(", "[", '"', "“", "”", "‘", "((", "([", "(“", '("', "“(", "[“"),
    close: fc.constantFrom("", ")", "]", '"', "”", "“", "’", ")]", "”)"),
    depth: fc.integer({ min: 50, max: 2_500 }),
    inner: fc.constantFrom("", "Draw 1.", "Boost own Power +100", "Agumon", "x"),
    tail: fc.constantFrom("", ".", " Draw 1."),
  })
  .map(({ open, close, depth, inner, tail }) => open.repeat(depth) + inner + close.repeat(depth) + tail);

// ─── lines ─────────────────────────────────────────────────────────────────

/** Set codes and set numbers hostile for file names and identifiers. */
export const HOSTILE_IDS: readonly string[] = [
  "..",
  ".",
  "A/B",
  "A_B",
  "A\\B",
  "a",
  "A",
  "all",
  "n",
  "act",
  "cond",
  "stats",
  "atk",
  "filter",
  "eval",
  "arguments",
  "class",
  "default",
  "import",
  "export",
  "await",
  "yield",
  "let",
  "enum",
  "new",
  "this",
  "null",
  "CardModule",
  "SetModule",
  "registryOf",
  "registry",
  "set",
  "__proto__",
  "constructor",
  "A-1",
  "A_1",
  "A.1",
  "A*",
  "*/",
  "/*",
  "A*/B",
  "`x`",
  "${x}",
  "`${x}`",
  "1",
  "1e3",
  "0x10",
  "-",
  "_",
  "$",
  "$$",
  "é",
  "日本",
  "Ⅻ",
  "A\u200bB",
  "A\u0000B",
  "A\u0085B",
  "A\ud800",
  "con",
  "NUL",
  "~",
  "#1",
];

/** A set code: mostly real, often hostile. */
export function setCodeArb(m: Material): fc.Arbitrary<string> {
  return pick({ weight: 4, arbitrary: fc.constantFrom(...m.codes) }, { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_IDS) });
}

/** A set number: real (from a small pool, so duplicates are frequent) or hostile. */
export function setNumberArb(m: Material): fc.Arbitrary<string> {
  return pick(
    { weight: 3, arbitrary: fc.constantFrom("X-1", "X-2", "X-3", "DS1-001", "EX-035") },
    { weight: 3, arbitrary: fc.constantFrom(...m.setNumbers) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_IDS) },
  );
}

/** A name as written after `set <code>` or `card <number>`: bare, JSON-quoted, broken or hostile. */
export function nameArb(m: Material): fc.Arbitrary<string> {
  const plain = fc.constantFrom(...m.names);
  const weird = pick(hostileString, fc.constantFrom("Q\"uote's `tick` ${x} */ back\\slash", "*/", "“Agumon”", "“Agumon", "Agumon”", "#name", " lead", "trail "));
  return pick(
    { weight: 6, arbitrary: plain },
    { weight: 2, arbitrary: weird },
    // A JSON string literal: any content, escaped (lone surrogates and line breaks included).
    { weight: 2, arbitrary: pick(plain, weird, fc.constantFrom(...LINE_BREAKS).map((b) => `Line one${b}Line two`)).map((s) => JSON.stringify(s)) },
    // A JSON literal with raw breaks, \u escapes of surrogates, or not closed.
    { weight: 1, arbitrary: fc.constantFrom('"\\ud800"', '"\\u2028x"', '"a\\u0000b"', '"unclosed', '"a"b"', '""', '"  "', "123", "null", '"\\"', '"\\z"') },
  );
}

/** Blanks before or between words: mostly a space, sometimes any Unicode space. */
const sep: fc.Arbitrary<string> = pick({ weight: 12, arbitrary: fc.constant(" ") }, { weight: 1, arbitrary: fc.constantFrom(...SPACES, "  ", "\t ") });

/** Indentation of a field line: mostly two spaces; tabs, NBSP, U+3000 and other spaces too. */
const indent: fc.Arbitrary<string> = pick(
  { weight: 12, arbitrary: fc.constant("  ") },
  { weight: 2, arbitrary: fc.constantFrom(" ", "    ", "\t", " \t") },
  { weight: 1, arbitrary: fc.constantFrom(...SPACES.slice(1), "\u00a0 ", " \u00a0", "\u3000\u3000") },
);

/** A `set` header line. */
export function setLine(m: Material): fc.Arbitrary<string> {
  return fc
    .tuple(pick({ weight: 10, arbitrary: fc.constant("set") }, { weight: 1, arbitrary: fc.constantFrom("Set", "SET", "set:", "sets") }), sep, setCodeArb(m), fc.option(fc.tuple(sep, nameArb(m)), { freq: 8 }))
    .map(([kw, s, code, name]) => `${kw}${s}${code}${name ? name[0] + name[1] : ""}`);
}

/** A `ruleset` or `types` header line. */
export function otherHeaderLine(m: Material): fc.Arbitrary<string> {
  const ruleset = fc.constantFrom("dbe", "dmb", "DBE", "", "dbe dmb", "x", "dbe\u00a0").map((r) => `ruleset ${r}`);
  const typeWord = fc.constantFrom("Fire", "Ice", "Nature", "Darkness", "Rare", "Dragon", "Metal", "Wind", "Draw", "Boost", "own", "If", "(", "[Dragon]", "Agumon", "-dramon", "x3", "1", "Ⓞ", "ドラゴン", '"Fire"', "Fire.");
  const types = fc.tuple(fc.array(typeWord, { maxLength: 6 }), fc.constantFrom(", ", " ", ",", " , ")).map(([ws, s]) => `types ${ws.join(s)}`);
  return pick({ weight: 2, arbitrary: fc.constantFrom(...m.headers) }, { weight: 2, arbitrary: ruleset }, { weight: 2, arbitrary: types });
}

/** A `card <set number> <name>` line. */
export function cardLine(m: Material): fc.Arbitrary<string> {
  return fc
    .tuple(pick({ weight: 12, arbitrary: fc.constant("card") }, { weight: 1, arbitrary: fc.constantFrom("Card", "card:", "cards") }), sep, setNumberArb(m), fc.option(fc.tuple(sep, nameArb(m)), { freq: 10 }))
    .map(([kw, s, num, name]) => `${kw}${s}${num}${name ? name[0] + name[1] : ""}`);
}

/** Real text with one of its blanks replaced by a hostile bit (mostly a line break): text that still reads, with a break inside a sentence. */
export function brokenText(texts: readonly string[]): fc.Arbitrary<string> {
  const bit = pick({ weight: 3, arbitrary: fc.constantFrom(...LINE_BREAKS.slice(1)) }, { weight: 1, arbitrary: hostileBit });
  return fc.tuple(fc.constantFrom(...texts), fc.nat(64), bit).map(([t, k, b]) => {
    const blanks = [...t.matchAll(/ /g)].map((x) => x.index!);
    if (blanks.length === 0) return t + b;
    const i = blanks[k % blanks.length]!;
    return t.slice(0, i) + b + t.slice(i + 1);
  });
}

/** A field value for a key: real values of that key, mutated card text, or hostile text. */
function valueArb(m: Material, key: string): fc.Arbitrary<string> {
  const textual = key === "text" || key === "evo" || key === "circle" || key === "triangle" || key === "cross";
  const real = fc.constantFrom(...m.values[key]!);
  const mutatedValue = mutated(m).map((t) => (key === "text" || key === "evo" ? t : `Attack ${100} | ${t}`));
  const hostile = pick(
    { weight: 4, arbitrary: hostileString },
    { weight: 2, arbitrary: brokenText(m.values[key]!) },
    { weight: 1, arbitrary: deepNesting },
    { weight: 2, arbitrary: fc.tuple(real, fc.nat(200), hostileBit).map(([v, at, s]) => v.slice(0, at % (v.length + 1)) + s + v.slice(at % (v.length + 1))) },
  );
  return pick({ weight: 8, arbitrary: real }, { weight: textual ? 6 : 1, arbitrary: mutatedValue }, { weight: textual ? 2 : 1, arbitrary: hostile });
}

/** A field line `<indent><key>: <value>`: known keys mostly, with unknown, misspelt and empty keys. */
export function fieldLine(m: Material): fc.Arbitrary<string> {
  const known: fc.Arbitrary<[string, string]> = pick(...CARD_KEYS.map((k) => fc.tuple(fc.constant(k), valueArb(m, k))));
  const odd: fc.Arbitrary<[string, string]> = fc.tuple(fc.constantFrom("Text", "foo", "", "text ", "+P", "te xt", "a-b", "text:text", "ｔｅｘｔ"), pick(hostileString, fc.constantFrom(...m.texts)));
  const colon = pick({ weight: 10, arbitrary: fc.constant(": ") }, { weight: 1, arbitrary: fc.constantFrom(":", " : ", ":\t", "：", ":\u00a0", "") });
  return fc
    .tuple(indent, pick({ weight: 20, arbitrary: known }, { weight: 1, arbitrary: odd }), colon)
    .map(([ind, [k, v], c]) => `${ind}${k}${c}${v}`);
}

/** A continuation line of card text (indented deeper than `text:`), or one that is not. */
export function continuationLine(m: Material): fc.Arbitrary<string> {
  return fc
    .tuple(pick({ weight: 6, arbitrary: fc.constant("    ") }, { weight: 1, arbitrary: fc.constantFrom("   ", "\t\t", "  \t", "    \u00a0", "\u3000\u3000\u3000", " ") }), pick({ weight: 4, arbitrary: fc.constantFrom(...m.texts) }, { weight: 1, arbitrary: brokenText(m.texts) }, { weight: 1, arbitrary: hostileString }))
    .map(([ind, t]) => `${ind}${t}`);
}

/** A comment line, at the top level or indented, with real or hostile text. */
export function commentLine(m: Material): fc.Arbitrary<string> {
  return fc
    .tuple(
      pick({ weight: 4, arbitrary: fc.constant("") }, { weight: 1, arbitrary: indent }),
      pick({ weight: 3, arbitrary: fc.constantFrom(...m.comments, "#", "# fmt: verbatim", "#fmt: verbatim", "# card X-1 Fake") }, { weight: 1, arbitrary: hostileString.map((s) => `# ${s}`) }),
    )
    .map(([ind, c]) => `${ind}${c}`);
}

/** A blank line (empty, spaces, tabs, Unicode spaces). */
export const blankLine: fc.Arbitrary<string> = pick({ weight: 6, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fc.constantFrom(" ", "\t", "  ", "\u00a0", "\u3000", " \u00a0", "\ufeff", "\u200b") });

/** A synthetic card: a `card` line and its field, continuation, comment and blank lines. */
export function syntheticCard(m: Material): fc.Arbitrary<string[]> {
  const inner = pick({ weight: 10, arbitrary: fieldLine(m) }, { weight: 2, arbitrary: continuationLine(m) }, { weight: 1, arbitrary: commentLine(m) }, { weight: 1, arbitrary: blankLine });
  return fc.tuple(cardLine(m), fc.array(inner, { maxLength: 8 })).map(([h, fs]) => [h, ...fs]);
}

/** A real card block, sometimes with one line replaced by a synthetic field line. */
export function realCard(m: Material): fc.Arbitrary<string[]> {
  const block = fc.constantFrom(...m.blocks);
  return pick(
    { weight: 3, arbitrary: block },
    { weight: 1, arbitrary: fc.tuple(block, fc.nat(30), fieldLine(m)).map(([b, i, f]) => b.map((l, j) => (j === 1 + (i % Math.max(1, b.length - 1)) ? f : l))) },
  );
}

/** Two sides of a flip card (or two blocks with the same number and the same side). */
export function flipPair(m: Material): fc.Arbitrary<string[]> {
  const side = fc.constantFrom("Star", "Moon", "Star initial", "Moon initial", "star", "Sun", "");
  return fc
    .tuple(setNumberArb(m), fc.constantFrom(...m.names), side, side, fc.constantFrom(...m.values["text"]!), fc.boolean())
    .map(([num, name, a, b, text, blank]) => [
      `card ${num} ${name}`,
      "  kind: Option",
      "  timing: SUPPORT",
      `  flip: ${a}`,
      `  text: ${text}`,
      ...(blank ? [""] : []),
      `card ${num} ${name}`,
      "  kind: Option",
      `  flip: ${b}`,
      "  text: Draw 1.",
    ]);
}

/** Something after the header: a card (real or synthetic), a flip pair, or a stray line. */
export function itemArb(m: Material): fc.Arbitrary<string[]> {
  const stray = pick(setLine(m), otherHeaderLine(m), fieldLine(m), continuationLine(m), hostileString, deepNesting, fc.constantFrom("card", "card X-1", "set", "types", "ruleset", ":", "text: Draw 1."));
  return pick(
    { weight: 6, arbitrary: realCard(m) },
    { weight: 6, arbitrary: syntheticCard(m) },
    { weight: 1, arbitrary: flipPair(m) },
    { weight: 2, arbitrary: commentLine(m).map((l) => [l]) },
    { weight: 2, arbitrary: blankLine.map((l) => [l]) },
    { weight: 2, arbitrary: stray.map((l) => [l]) },
  );
}

/** An insertion into the finished text: anywhere (offset modulo length + 1), or at the start of a line. */
export interface Insertion {
  at: number;
  lineStart: boolean;
  s: string;
}

const insertionArb: fc.Arbitrary<Insertion> = fc.record({
  at: fc.nat(1 << 20),
  lineStart: fc.boolean(),
  s: pick({ weight: 6, arbitrary: hostileBit }, { weight: 1, arbitrary: hostileString }, { weight: 1, arbitrary: fc.constantFrom("\ncard X-1 Dup\n  text: Draw 1.\n", "\nset B b\n", "\n\tkind: Option\n") }),
});

/** Apply insertions in order. */
export function applyInsertions(text: string, ins: readonly Insertion[]): string {
  for (const x of ins) {
    let i = x.at % (text.length + 1);
    if (x.lineStart) {
      // The start of the (at mod lines)-th line.
      const starts = [0];
      for (let k = text.indexOf("\n"); k >= 0; k = text.indexOf("\n", k + 1)) starts.push(k + 1);
      i = starts[x.at % starts.length]!;
    }
    text = text.slice(0, i) + x.s + text.slice(i);
  }
  return text;
}

/** The parts of a generated file, before joining. */
export interface FileParts {
  bom: boolean;
  head: string[];
  items: string[][];
  eol: string;
  finalEol: boolean;
  insertions: Insertion[];
}

/** Join the parts of a file into its text. */
export function joinFile(p: FileParts): string {
  const lines = [...p.head, ...p.items.flat()];
  const text = (p.bom ? "\ufeff" : "") + lines.join(p.eol) + (p.finalEol ? p.eol : "");
  return applyInsertions(text, p.insertions);
}

/** A typical file: a header (usually a `set` line first), a few cards and stray lines, hostile insertions. */
export function normalFile(m: Material): fc.Arbitrary<string> {
  const headLine = pick({ weight: 2, arbitrary: otherHeaderLine(m) }, { weight: 1, arbitrary: commentLine(m) }, { weight: 1, arbitrary: blankLine });
  const head = fc.tuple(fc.option(setLine(m), { freq: 12 }), fc.array(headLine, { maxLength: 3 })).map(([s, rest]) => (s === null ? rest : [s, ...rest]));
  const eol = pick({ weight: 30, arbitrary: fc.constant("\n") }, { weight: 4, arbitrary: fc.constant("\r\n") }, { weight: 2, arbitrary: fc.constantFrom(...LINE_BREAKS) });
  const insertions = pick({ weight: 3, arbitrary: fc.constant([] as Insertion[]) }, { weight: 2, arbitrary: fc.array(insertionArb, { minLength: 1, maxLength: 4 }) });
  return fc
    .record({
      bom: pick({ weight: 15, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      head,
      items: fc.array(itemArb(m), { maxLength: 5 }),
      eol,
      finalEol: pick({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      insertions,
    })
    .map(joinFile);
}

/** A long line (1 KB to 100 KB, log-distributed): a repeated sentence or hostile unit, in a field, a name, a comment or at the top level. */
export function longLineFile(m: Material): fc.Arbitrary<string> {
  // Mostly units that open something (quotes, brackets) or chain (commas, "and"): where
  // super-linear work hides; sometimes a real text, or a sentence with a timing prefix
  // (state carried from one sentence to the next grows with their number).
  const timed = m.texts.filter((t) => /^[A-Z][A-Za-z ]*(?:\[[^\]]*\])?: [^:]*\.$/.test(t) && t.length < 100);
  const unit = pick(
    { weight: 1, arbitrary: fc.constantFrom(...m.texts.filter((t) => t.length < 200)).map((t) => `${t} `) },
    { weight: 2, arbitrary: fc.constantFrom(...(timed.length > 0 ? timed : ["Draw 1."])).map((t) => `${t} `) },
    { weight: 3, arbitrary: fc.constantFrom("“", '"', "(", "[", "‘", "“Agumon ", "(Draw 1 ", "Draw 1, ", "Draw 1 and ", "Agumon's ", "a", "Draw 1. ") },
    { weight: 1, arbitrary: fc.constantFrom("”", ")", "]", "x", "1", "+", " ", "\t", ".", "…", "\u00a0", "\u2028", "\r", "#", "*/", "“Agumon” ") },
  );
  const where = pick(
    { weight: 3, arbitrary: fc.constant("text") },
    { weight: 2, arbitrary: fc.constant("continuation") },
    { weight: 1, arbitrary: fc.constantFrom("evo", "circle", "name", "set name", "comment", "top", "code") },
  );
  return fc
    .record({ unit, exp: fc.integer({ min: 10, max: 17 }), jitter: fc.nat(1023), where })
    .map(({ unit, exp, jitter, where }) => {
      const size = Math.min(100_000, 2 ** exp + jitter);
      const long = unit.repeat(Math.max(1, Math.floor(size / unit.length)));
      const card = (text: string) => ["card X-1 Longmon", "  kind: Option", "  timing: SUPPORT", `  text: ${text}`];
      const lines: string[] = ["set LONG Long lines"];
      if (where === "text") lines.push(...card(long));
      else if (where === "continuation") lines.push(...card("Draw 1."), `    ${long}`);
      else if (where === "evo") lines.push(...card("Draw 1."), `  evo: ${long}`);
      else if (where === "circle") lines.push(...card("Draw 1."), `  circle: ${long.slice(0, long.length >> 1)} 100 | ${long.slice(long.length >> 1)}`);
      else if (where === "name") lines.push(`card X-1 ${long}`, "  text: Draw 1.");
      else if (where === "set name") lines[0] = `set LONG ${long}`;
      else if (where === "comment") lines.push(`# ${long}`, ...card("Draw 1."));
      else if (where === "code") lines[0] = `set ${long.replace(/\s/g, "_")} Long`;
      else lines.push(long);
      return lines.join("\n") + "\n";
    });
}

/** A set with thousands of cards: real blocks renumbered, with a duplicate now and then. */
export function manyCardsFile(m: Material): fc.Arbitrary<string> {
  return fc.record({ count: fc.integer({ min: 1_000, max: 2_000 }), from: fc.nat(m.blocks.length - 1), dupEvery: fc.constantFrom(0, 97, 500) }).map(({ count, from, dupEvery }) => {
    const out: string[] = ["set MANY Many cards", "ruleset dbe", ""];
    for (let i = 0; i < count; i++) {
      const block = m.blocks[(from + i) % m.blocks.length]!;
      const num = dupEvery > 0 && i % dupEvery === dupEvery - 1 ? `M-${i - 1}` : `M-${i}`;
      for (const l of block) out.push(/^card\s/.test(l) ? l.replace(/^card\s+\S+/, `card ${num}`) : l);
      out.push("");
    }
    return out.join("\n");
  });
}

/** The text of one generated file: mostly small; 1 in ~500 a long line, 1 in ~20,000 thousands of cards. */
export function fileText(m: Material = loadMaterial()): fc.Arbitrary<string> {
  return pick({ weight: 20_000, arbitrary: normalFile(m) }, { weight: 40, arbitrary: longLineFile(m) }, { weight: 1, arbitrary: manyCardsFile(m) });
}

/** File names: plain and unique (an index), sometimes hostile (comment terminators, line breaks, template syntax). */
const fileNameArb: fc.Arbitrary<(i: number) => string> = pick(
  { weight: 10, arbitrary: fc.constant((i: number) => `f${i}.dgs`) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom("dir*/", "*/", "a\nb", "a\rb", "a\u2028b", "`${x}`", "../", "a b", "é", "#", "\u202e", "\\")
      .map((s) => (i: number) => `${s}${i}.dgs`),
  },
);

/** One whole-file fuzz input. */
export interface WholeFileInput {
  /** The sources given to checkSources together (mostly one; files sharing a `set` code make one set). */
  files: SourceFile[];
  /** Cursor offsets for complete and hover, taken modulo (length + 1) of each file (0 and the end are always tried too). */
  cursors: number[];
  /** Run the slow checks on this input too: `format` and the set's index and registry (about 1 input in 10). */
  deep: boolean;
}

/**
 * Whole-file fuzz inputs: one to three files (mostly one), cursor offsets, and the `deep`
 * flag that samples about 1 input in 10 for the slow checks. The flag is part of the
 * generated value, so a replay (seed and path) and fast-check's shrinking keep it.
 */
export function wholeFileInput(m: Material = loadMaterial()): fc.Arbitrary<WholeFileInput> {
  const file = fc.tuple(fileNameArb, fileText(m));
  // The first file, and (1 input in 10) one or two more: shrinking drops the extra files.
  const files = fc.tuple(file, pick<[(i: number) => string, string][]>({ weight: 9, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(file, { minLength: 1, maxLength: 2 }) }));
  return fc.record({
    files: files.map(([first, more]) => [first, ...more].map(([name, text], i) => ({ file: name(i), text }))),
    cursors: fc.array(fc.nat(1 << 20), { minLength: 1, maxLength: 2 }),
    deep: pick({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  });
}
