/**
 * The inputs of the checker's reference test (tests/check-reference.test.ts): what
 * `checkSources` is run on, and the canonical form of what it returns, so that a faster
 * checker can be held to give exactly what the checker before it gave — the same
 * diagnostics (codes, messages, hints, ranges, lines and columns) and the same cards.
 *
 * Inputs, all deterministic and independent of the other test helpers (so the reference
 * does not move when they do):
 * - the bundled DBE sets (cards/dbe/*.dgs) and the designer-findings set;
 * - every example of grammar/constructs.ts as a card (text, evo-box entry or attack ability);
 * - card blocks of the bundled sets mutated line by line with a seeded generator (dropped,
 *   doubled and swapped lines, values taken from other fields, refused characters, bad
 *   indents, misspelt keys, reused set numbers, flip lines, CR LF files …), 20 to a file;
 * - when ../shared/data/dcb/cards.json exists, the PlayStation corpus (`importDcb`), alone
 *   and with a second, renumbered copy.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { CheckedSet, SourceFile } from "../../compiler/api.ts";
import { CONSTRUCTS } from "../../grammar/constructs.ts";

/** The project root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** The PlayStation card data (kept outside the repository). */
export const DCB_JSON = resolve(ROOT, "../shared/data/dcb/cards.json");

/** One reference input: a name and the sources checked together. */
export interface ReferenceInput {
  name: string;
  sources: SourceFile[];
}

/**
 * A small seeded generator (mulberry32): the same numbers on every machine. Kept as it is:
 * the reference's inputs (and so reference.json) are drawn from it.
 * @returns numbers in [0, 1)
 */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The bundled DBE set files and the designer-findings set, by path relative to the root. */
function bundled(): SourceFile[] {
  const dir = join(ROOT, "cards", "dbe");
  const files = (readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".dgs")).sort();
  const out = files.map((f) => ({ file: `cards/dbe/${f}`, text: readFileSync(join(dir, f), "utf8") }));
  out.push({ file: "tests/designer-findings/opt.dgs", text: readFileSync(join(ROOT, "tests/designer-findings/opt.dgs"), "utf8") });
  return out;
}

/** The card blocks of a set file's text, each as its lines (comments and blank lines left out). */
function blocksOf(text: string): string[][] {
  const out: string[][] = [];
  let cur: string[] | null = null;
  for (const line of text.split("\n")) {
    if (line.startsWith("card ")) out.push((cur = [line]));
    else if (cur && /^\s+\S/.test(line) && !/^\s+#/.test(line)) cur.push(line);
    else if (!/^\s*$/.test(line) && !line.startsWith("#")) cur = null;
  }
  return out;
}

/** Every construct example as a card: text as a SUPPORT Option's text, evo entries and abilities on a Digimon. */
function constructCards(): string {
  const lines = ["set CX Constructs", "ruleset dbe", ""];
  CONSTRUCTS.forEach((c, i) => {
    const n = String(i + 1).padStart(3, "0");
    if (c.entry === "text") lines.push(`card CX-${n} Construct ${i}`, "  kind: Option", "  timing: SUPPORT", `  text: ${c.example}`, "");
    else {
      lines.push(`card CX-${n} Construct ${i}`, "  kind: Digimon", "  level: C", "  type: Fire", "  +p: 10", "  hp: 900", "  circle: Bite 300", "  triangle: Claw 200");
      lines.push(c.entry === "ability" ? `  cross: Spark 100 | ${c.example}` : "  cross: Spark 100", ...(c.entry === "evo" ? [`  evo: ${c.example}`] : []), "");
    }
  });
  return lines.join("\n");
}

/** Odd values and characters the mutations put into fields. */
const ODD = [
  "",
  " ",
  "x",
  "-5",
  "+20",
  "100000",
  "1.5",
  "Q",
  "r",
  "Fire, Ice",
  "Fire/Metal",
  "Ruler",
  "Rare",
  "yes",
  "No",
  "maybe",
  "Star",
  "moon initial",
  "Star initial extra",
  "SUPPORT, EVOLVE",
  "support bogus",
  "Option Proxy",
  "Option Partner Option",
  "Digimon Partner Option",
  "Evolution Rare",
  "Digimn",
  "Bite 300 | Jammming",
  "Bite | Draw 1",
  "Bite -20",
  "Bite 99999",
  "Bite 300 | Counter Circle",
  "Bite 300 |",
  "Agumon (C)",
  "Betamon (Q)",
  "DNA: Airdramon + Metal Level C",
  "DP -10",
  "Draw 2: -dramon (C)",
  "Nosuchmon",
  "Draw 1",
  "Draw 1. If not, Draw 2.",
  "Draw 99.",
  "Boost own Power +99999.",
  "If own type is Fyre, Boost own Power +100.",
  "Must Draw 1.",
  "[1/Turn] Draw 1.",
  "Trash 3: If own HP is 100, Draw 1.",
  "Draw 1. …",
  "(((((((((Draw 1.)))))))))",
  "Draw 1. Blah blah.",
  "Also Jungle.",
  "(Also Jungle.)",
  '"Quoted" name',
];

/** Characters inserted into lines: refused ones and blanks other than space and tab among them. */
const CHARS = ["\u0000", "\u00a0", "\u2028", "\u202e", "\ufeff", "\ud800", "\t", "  ", "é", "#", ":", "|", ".", "(", "\r"];

/** Keys, misspelt ones among them. */
const KEYS = ["kind", "level", "type", "subtypes", "dp", "+p", "hp", "circle", "triangle", "cross", "evo", "timing", "partner", "flip", "text", "txet", "Level", "power", "+P"];

/** One mutation of a block's lines (the first line is the `card` header). */
function mutate(block: string[], r: () => number, pool: readonly string[], numbers: readonly string[]): string[] {
  const b = [...block];
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const field = () => 1 + Math.floor(r() * Math.max(1, b.length - 1));
  switch (Math.floor(r() * 14)) {
    case 0:
      if (b.length > 1) b.splice(field(), 1);
      break;
    case 1: {
      const i = field();
      if (b[i] !== undefined) b.splice(i, 0, b[i]!);
      break;
    }
    case 2: {
      const i = field();
      const j = field();
      if (b[i] !== undefined && b[j] !== undefined) [b[i], b[j]] = [b[j]!, b[i]!];
      break;
    }
    case 3:
    case 4: {
      const i = field();
      const m = /^(\s+[^:]+:\s?)/.exec(b[i] ?? "");
      if (m) b[i] = m[1] + pick(r() < 0.5 ? ODD : pool);
      break;
    }
    case 5: {
      const i = Math.floor(r() * b.length);
      const at = Math.floor(r() * (b[i]!.length + 1));
      b[i] = b[i]!.slice(0, at) + pick(CHARS) + b[i]!.slice(at);
      break;
    }
    case 6:
      b[0] = b[0]!.replace(/^card \S+/, `card ${pick(r() < 0.8 ? numbers : ["", "X", "DS1-001!", "-1", "a".repeat(70)])}`);
      break;
    case 7:
      b.push(`  flip: ${pick(["Star", "Moon", "Star initial", "Moon initial", "Sun"])}`);
      break;
    case 8: {
      const i = field();
      if (b[i] !== undefined) b[i] = b[i]!.replace(/^(\s+)[^:]+:/, `$1${pick(KEYS)}:`);
      break;
    }
    case 9: {
      const i = field();
      if (b[i] !== undefined) b[i] = pick(["", "\t", "      ", " "]) + b[i]!.trimStart();
      break;
    }
    case 10: {
      const i = Math.floor(r() * b.length);
      b[i] = b[i]!.slice(0, Math.floor(r() * (b[i]!.length + 1)));
      break;
    }
    case 11:
      b.push(`  ${pick(KEYS)}: ${pick(r() < 0.5 ? ODD : pool)}`);
      break;
    case 12:
      b.push(`      ${pick(ODD)}`);
      break;
    case 13:
      b[0] = b[0]!.replace(/^(card \S+) .*$/, `$1 ${pick(['"Quoted\\nName"', '"bad', "  ", "Agumon", "Nosuchmon", '"\\u0000"'])}`);
      break;
  }
  return b;
}

/** The mutated files: `count` files of 20 blocks each, one to three mutations per block. */
function mutatedFiles(sets: readonly SourceFile[], count: number): SourceFile[] {
  const r = rng(20261124);
  const blocks = sets.flatMap((s) => blocksOf(s.text));
  const pool = blocks.flatMap((b) => b.slice(1).map((l) => l.replace(/^\s+[^:]+:\s?/, "")));
  const numbers = blocks.map((b) => b[0]!.split(" ")[1]!);
  const headers = [
    ["set MU Mutants", "ruleset dbe"],
    ["set MU Mutants", "ruleset dmb"],
    ["set MV Mutants", "types Fire, Ice, Nature, Darkness, Rare"],
    ["set MW Mutants", "ruleset dbe", "types Fire Ice"],
    ["set MX"],
    [],
    ["set mu Mutants in lower case"],
  ];
  const out: SourceFile[] = [];
  for (let f = 0; f < count; f++) {
    const lines = [...headers[Math.floor(r() * headers.length)]!, ""];
    for (let k = 0; k < 20; k++) {
      let b = blocks[Math.floor(r() * blocks.length)]!;
      const n = 1 + Math.floor(r() * 3);
      for (let m = 0; m < n; m++) b = mutate(b, r, pool, numbers);
      lines.push(...b, "");
    }
    const eol = r() < 0.15 ? "\r\n" : "\n";
    out.push({ file: `mutants/m${String(f).padStart(2, "0")}.dgs`, text: (r() < 0.05 ? "\ufeff" : "") + lines.join(eol) });
  }
  return out;
}

/** The PlayStation corpus as a set file, or null when its data is missing. */
async function dcbSet(): Promise<string | null> {
  if (!existsSync(DCB_JSON)) return null;
  const { importDcb } = await import("../../compiler/import/dcb.ts");
  return importDcb(JSON.parse(readFileSync(DCB_JSON, "utf8"))).dgs;
}

/** Every reference input but the PlayStation corpus (see {@link corpusInputs}). */
export function referenceInputs(): ReferenceInput[] {
  const sets = bundled();
  const out: ReferenceInput[] = [];
  for (const s of sets) out.push({ name: s.file, sources: [s] });
  out.push({ name: "bundled sets together", sources: sets });
  out.push({ name: "construct examples", sources: [{ file: "constructs.dgs", text: constructCards() }] });
  // Header lines after the cards: the file's ruleset and types are its last lines' (the
  // checker may not check a card before it has read them all).
  const starter = sets.find((x) => x.file.endsWith("starter.dgs"))!;
  out.push({ name: "types line after the cards", sources: [{ file: "late-types.dgs", text: `${starter.text}\ntypes Dragon, Metal, Nature\n` }] });
  out.push({ name: "ruleset line after the cards", sources: [{ file: "late-ruleset.dgs", text: `${sets[0]!.text.replace(/^ruleset dbe$/m, "")}\nruleset dmb\n` }] });
  out.push({ name: "dcg ruleset line after the cards", sources: [{ file: "late-dcg.dgs", text: `${starter.text}\nruleset dcg\n` }] });
  out.push({ name: "types line between the cards", sources: [{ file: "mid-types.dgs", text: starter.text.replace("\ncard DS1-010 ", "\ntypes Dragon Jungle\n\ncard DS1-010 ") }] });
  const mutants = mutatedFiles(sets, 24);
  for (const m of mutants) out.push({ name: m.file, sources: [m] });
  out.push({ name: "mutants together", sources: mutants.slice(0, 6) });
  return out;
}

/** The PlayStation corpus inputs (none when its data is missing): the set, and the set with a renumbered copy. */
export async function corpusInputs(): Promise<ReferenceInput[]> {
  const set = await dcbSet();
  if (set === null) return [];
  const body = set.slice(set.indexOf("\ncard "));
  const copy = body.replace(/\ncard DCB-/g, "\ncard D1-");
  return [
    { name: "corpus", sources: [{ file: "dcb.dgs", text: set }] },
    { name: "corpus twice", sources: [{ file: "dcb.dgs", text: set + copy }] },
    // The same numbers twice: every card a duplicate-set-number error.
    { name: "corpus doubled", sources: [{ file: "dcb.dgs", text: set }, { file: "dcb2.dgs", text: set }] },
  ];
}

/** What the reference records of a check: every diagnostic, and a hash of the cards. */
export interface ReferenceResult {
  sets: { code: string; name: string; ruleset: string; types: string[]; files: string[]; cards: number; ok: number; cardsHash: string; diagnostics: unknown[] }[];
}

/** The canonical form of `checkSources`' result (timings left out). */
export function canonical(sets: readonly CheckedSet[]): ReferenceResult {
  return {
    sets: sets.map((s) => ({
      code: s.code,
      name: s.name,
      ruleset: s.ruleset,
      types: [...s.types],
      files: [...s.files],
      cards: s.cards.length,
      ok: s.cards.filter((c) => c.ok).length,
      cardsHash: createHash("sha256").update(stable(s.cards)).digest("hex").slice(0, 32),
      diagnostics: s.diagnostics.map((d) => JSON.parse(JSON.stringify(d))),
    })),
  };
}

/** JSON with every object's keys sorted and undefined properties left out: the same for equal values however they were built. */
export function stable(x: unknown): string {
  if (x === null || typeof x !== "object") return JSON.stringify(x) ?? "null";
  if (Array.isArray(x)) return `[${x.map(stable).join(",")}]`;
  const o = x as Record<string, unknown>;
  const keys = Object.keys(o).filter((k) => o[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stable(o[k])}`).join(",")}}`;
}

/** A hash of a canonical result (for the corpus, whose card texts stay out of the repository). */
export function hashOf(r: ReferenceResult): string {
  return createHash("sha256").update(stable(r)).digest("hex");
}
