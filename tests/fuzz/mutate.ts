/**
 * fast-check arbitraries that mutate real card text, for the fuzzer (`npm run fuzz`) and
 * `tests/fuzz.test.ts`.
 *
 * Seed texts: every example of grammar/constructs.ts, plus, when present, the PlayStation
 * card texts (imported from ../shared/data/dcb/cards.json with importDcb) and the texts of
 * cards/**\/*.dgs: card text, evo-box entries and attack abilities.
 *
 * Mutations: token drops, swaps, duplicates and inserts (from a vocabulary of card-text
 * words and punctuation), random unicode insertions (graphemes, any code point, lone
 * UTF-16 surrogates), two texts spliced together, very long lines (a sentence repeated
 * hundreds of times), empty and whitespace-only text.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { CONSTRUCTS } from "../../grammar/constructs.ts";
import { KEYWORDS } from "../../grammar/tokens.ts";
import { readSetFile } from "../../grammar/setfile.ts";
import { importDcb } from "../../compiler/import/dcb.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const DCB_JSON = resolve(ROOT, "../shared/data/dcb/cards.json");
const CARDS_DIR = join(ROOT, "cards");

/** The texts of a `.dgs` source: card text, evo-box entries and attack abilities. */
function textsOfSet(file: string, source: string): string[] {
  const out: string[] = [];
  for (const card of readSetFile(file, source).cards) {
    for (const f of card.fields) {
      const v = f.value.value;
      if (f.key === "text" || f.key === "evo") out.push(v);
      else if (f.key === "circle" || f.key === "triangle" || f.key === "cross") {
        const bar = v.indexOf("|");
        if (bar >= 0) out.push(v.slice(bar + 1).trim());
      }
    }
  }
  return out.filter((t) => t.trim().length > 0);
}

/** Seed texts, by origin. */
export interface Seeds {
  constructs: string[];
  dcb: string[];
  cards: string[];
  all: string[];
}

let cached: Seeds | null = null;

/** Load the seed texts (once). */
export function loadSeeds(): Seeds {
  if (cached) return cached;
  const constructs = CONSTRUCTS.map((c) => c.example);
  const dcb = existsSync(DCB_JSON) ? textsOfSet("dcb.dgs", importDcb(JSON.parse(readFileSync(DCB_JSON, "utf8"))).dgs) : [];
  const cards: string[] = [];
  if (existsSync(CARDS_DIR)) {
    const files = (readdirSync(CARDS_DIR, { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".dgs")).sort();
    for (const f of files) cards.push(...textsOfSet(f, readFileSync(join(CARDS_DIR, f), "utf8")));
  }
  const all = [...new Set([...constructs, ...dcb, ...cards])];
  cached = { constructs, dcb, cards, all };
  return cached;
}

/** Card-text words and punctuation to insert: every keyword spelling plus names, numbers and symbols. */
export const VOCABULARY: readonly string[] = [
  ...KEYWORDS.keys(),
  ...[".", ",", ";", ":", "(", ")", "[", "]", "/", "+", "&", "'", "'s", "’s", '"', "“", "”", "-", "−"],
  ...["∞", "Ⓞ", "○", "◯", "△", "✕", "×", "x3", "x100", "x"],
  ...["0", "1", "2", "3", "10", "+100", "-10", "+300", "−200", "9990", "99999999999999999999", "-0"],
  ...["R", "C", "U", "M", "Dragon", "Metal", "Fire", "Ice", "Agumon", "Greymon", "-dramon", "-devi-", '"-dramon"', '"Agumon"', "[Agumon]", "[1/Turn]", "[Dragon]"],
  ...["SUPPORT", "Support:", "Passive:", "At End,", "If not,", "Otherwise,", "Data Break:", "Turbo"],
];

/** Split text into pieces: runs of whitespace, words (with inner ' - +) and single other characters. */
export function tokenize(text: string): string[] {
  return text.match(/\s+|[+\-−]?[\p{L}\p{N}_]+(?:['’\-][\p{L}\p{N}_]+)*-?|[\s\S]/gu) ?? [];
}

/** One mutation step. Positions are taken modulo the current length. */
export type Op =
  | { kind: "drop"; at: number; count: number }
  | { kind: "swap"; a: number; b: number }
  | { kind: "dup"; at: number }
  | { kind: "insert"; at: number; word: string; space: boolean }
  | { kind: "unicode"; at: number; s: string };

/** Apply one mutation to text. */
export function applyOp(text: string, op: Op): string {
  if (op.kind === "unicode") {
    const i = text.length === 0 ? 0 : op.at % (text.length + 1);
    return text.slice(0, i) + op.s + text.slice(i);
  }
  const pieces = tokenize(text);
  const words = pieces.map((p, i) => (/^\s+$/.test(p) ? -1 : i)).filter((i) => i >= 0);
  switch (op.kind) {
    case "drop": {
      if (words.length === 0) return text;
      const k = op.at % words.length;
      for (const i of words.slice(k, k + op.count)) pieces[i] = "";
      break;
    }
    case "swap": {
      if (words.length < 2) return text;
      const a = words[op.a % words.length]!;
      const b = words[op.b % words.length]!;
      [pieces[a], pieces[b]] = [pieces[b]!, pieces[a]!];
      break;
    }
    case "dup": {
      if (words.length === 0) return text;
      const i = words[op.at % words.length]!;
      pieces[i] = `${pieces[i]} ${pieces[i]}`;
      break;
    }
    case "insert": {
      const i = op.at % (pieces.length + 1);
      pieces.splice(i, 0, op.space ? ` ${op.word} ` : op.word);
      break;
    }
  }
  return pieces.join("");
}

/** Random unicode: graphemes, any code point, UTF-16 code units (lone surrogates), odd blanks and controls. */
export const unicodeString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 4 }),
  fc.string({ unit: "binary", minLength: 1, maxLength: 4 }),
  fc.string({ unit: fc.nat(0xffff).map((n) => String.fromCharCode(n)), minLength: 1, maxLength: 3 }),
  fc.constantFrom("\u0000", "\u200b", "\u2028", "\u2029", "\ufeff", "\u00a0", "\u3000", "\r", "\r\n", "\n\n", "\t", "\u0301", "🃏", "👨‍👩‍👧", "ǅ", "İ", "ß", "ﬁ", "Ⅻ", "٣", "𝟘"),
);

const pos = fc.nat(1 << 16);

/** One mutation step. */
export const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("drop" as const), at: pos, count: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("swap" as const), a: pos, b: pos }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("dup" as const), at: pos }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("insert" as const), at: pos, word: fc.constantFrom(...VOCABULARY), space: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("unicode" as const), at: pos, s: unicodeString }) },
);

/** Empty and whitespace-only text. */
export const blankText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("", " ", "\n", "\t", "\r\n", "  \n  ", "\u00a0", "\n\n\n"),
  fc.string({ unit: fc.constantFrom(" ", "\t", "\n", "\r", "\u00a0", "\u2003", "\u3000", "\u200b"), maxLength: 20 }),
);

/** The sentences of the seeds (split after full stops), for long lines. */
function sentencesOf(seeds: readonly string[]): string[] {
  const out = new Set<string>();
  for (const s of seeds) for (const m of s.match(/[^.]+\.?/g) ?? []) if (m.trim()) out.add(m.trim());
  return [...out];
}

/** A very long line: one sentence repeated hundreds of times, with various separators. */
export function longLine(seeds: readonly string[]): fc.Arbitrary<string> {
  const sentences = sentencesOf(seeds);
  return fc
    .record({
      s: fc.constantFrom(...sentences),
      times: fc.integer({ min: 100, max: 400 }),
      sep: fc.constantFrom(" ", "", "\n", ", ", " and ", ", then "),
    })
    .map(({ s, times, sep }) => {
      const body = sep === " " || sep === "" || sep === "\n" ? s : s.replace(/\.$/, "");
      return Array.from({ length: times }, () => body).join(sep) + (sep.includes(",") || sep.includes("and") ? "." : "");
    });
}

/**
 * Mutated card text: mostly 1–4 mutation steps on a seed; sometimes a seed as is, two
 * seeds spliced, a long line, or blank text.
 * @param seeds seed texts (default: {@link loadSeeds}().all)
 */
export function mutatedText(seeds: readonly string[] = loadSeeds().all): fc.Arbitrary<string> {
  const seed = fc.constantFrom(...seeds);
  const mutated = fc.record({ seed, ops: fc.array(opArb, { minLength: 1, maxLength: 4 }) }).map(({ seed, ops }) => ops.reduce(applyOp, seed));
  const spliced = fc
    .record({ a: seed, b: seed, i: pos, j: pos })
    .map(({ a, b, i, j }) => a.slice(0, i % (a.length + 1)) + b.slice(j % (b.length + 1)));
  return fc.oneof(
    { weight: 2, arbitrary: seed },
    { weight: 20, arbitrary: mutated },
    { weight: 3, arbitrary: spliced },
    { weight: 1, arbitrary: longLine(seeds) },
    { weight: 1, arbitrary: blankText },
  );
}
