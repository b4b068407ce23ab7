/**
 * The DCG card-text fuzzer: mutated DCG card text (fast-check arbitraries) and the oracle
 * every input must satisfy, for `tests/dcg/fuzz.test.ts` (fixed seed, small budget) and
 * `tests/fuzz/dcg-run.ts` (`node tests/fuzz/dcg-run.ts`, the long run for CI).
 *
 * Seeds: every example of the DCG construct catalogue (`grammar/dcg/constructs.ts`) and, when
 * `../shared/data` is present, every text box of the real card pool (normalised as the importer
 * does). Mutations: the token drops, swaps, duplicates, inserts and unicode insertions of the
 * DBE fuzzer (`tests/fuzz/mutate.ts`, with a DCG vocabulary: timing tags, keyword effects,
 * the grammar's words, `・`, quotes, brackets), two seeds spliced, very long lines (a sentence
 * repeated hundreds of times), deep nesting (quoted granted effects, parentheses, brackets,
 * angle brackets, bullets) and blank text.
 *
 * The oracle ({@link checkDcgText}), for `parseDcgBox` and for `compileDcgText` in each box:
 * 1. nothing throws;
 * 2. every diagnostic has a message, a known severity and a range 0 ≤ start ≤ end ≤ length
 *    of the text (whole numbers);
 * 3. a result with an error has no units (parse) and no effects (compile); one without an error
 *    has them;
 * 4. bounded work, counted, not timed: the parser's lookaheads, rule calls and token reads
 *    and the lexer's token reads ({@link OpCounter}) stay within {@link opBudget}
 *    (linear in the length of the text); an input past it is stopped and reported — a loop
 *    that never ends is reported, not waited for;
 * 5. determinism: compiling the text right after another text gives the same IR as compiling it
 *    after a third one (the shared parser keeps no state from one text into the next);
 * 6. a text that compiles round-trips through the canonical printer (`roundTripProblem`).
 * A violation is a {@link Violation} with a stable `kind`, for grouping.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Lexer, type IToken } from "chevrotain";
import fc from "fast-check";
import { compileDcgText } from "../../compiler/check/dcg/text.ts";
import { applyDcgFixes, type DcgDumpCard } from "../../compiler/import/dcg-fixes.ts";
import { dcgUnits } from "../../compiler/import/dcg.ts";
import { DCG_TIMING_WORDS, DCG_KEYWORD_WORDS } from "../../compiler/print/dcg.ts";
import type { Diagnostic } from "../../grammar/diagnostics.ts";
import { DCG_CONSTRUCTS } from "../../grammar/dcg/constructs.ts";
import { dcgParser, parseDcgBox } from "../../grammar/dcg/index.ts";
import { DCG_KEYWORDS as DCG_WORDS } from "../../grammar/dcg/tokens.ts";
import type { DcgBox } from "../../runtime/lang/dcg/ir.ts";
import { applyOp, blankText, unicodeString, type Op } from "./mutate.ts";
import { roundTripProblem, stripDcg } from "./dcg-ir.ts";
import { Violation, exceptionKind } from "./violation.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const POOL = resolve(ROOT, "../shared/data/dcg/cards.json");

// ─── seeds ─────────────────────────────────────────────────────────────────

let seedCache: string[] | null = null;

/** The seed texts: the construct examples, and the pool's text boxes when present (normalised as the importer does). */
export function dcgSeeds(): string[] {
  if (seedCache) return seedCache;
  const out = new Set<string>(DCG_CONSTRUCTS.map((c) => c.example));
  if (existsSync(POOL)) {
    for (const c of JSON.parse(readFileSync(POOL, "utf8")) as DcgDumpCard[]) {
      const fixed = applyDcgFixes({ ...c, effect: c.effect ?? "", inherited_effect: c.inherited_effect ?? "", security_effect: c.security_effect ?? "" }).card;
      for (const box of ["effect", "inherited_effect", "security_effect"] as const) {
        const t = dcgUnits(fixed[box] ?? "").join("\n");
        if (t.trim() !== "") out.add(t);
      }
    }
  }
  seedCache = [...out];
  return seedCache;
}

/** DCG words and symbols to insert: every keyword spelling of the grammar, timing tags, keyword effects, numbers, names and punctuation. */
export const DCG_VOCABULARY: readonly string[] = [
  ...DCG_WORDS.keys(),
  ...Object.values(DCG_TIMING_WORDS).map((t) => `[${t}]`),
  ...Object.values(DCG_KEYWORD_WORDS).map((k) => `<${k}>`),
  ...["<Security Attack +1>", "<Draw 2>", "<Recovery +1 (Deck)>", "<De-Digivolve 1>", "<Digi-Burst 3>", "<Decoy (Black/Red)>", "<Partition (red Lv.4 & blue Lv.4)>", "<Blast DNA Digivolve ([A] + [B])>", "<Unknown>", "<>", "<Draw>"],
  ...["[Once Per Turn]", "(Once Per Turn)", "(Twice Per Turn)", "(Hand)", "(Rule)", "[DigiXros -2]", "[DigiXros -99]", "[Greymon]", "[X Antibody]", "[]", "[Greymon]s", "(other than [Agumon])", "(including [X])", "(except [Y])"],
  ...[".", ",", ";", ":", "(", ")", "[", "]", "<", ">", "/", "+", "&", "'", "'s", "’s", '"', "“", "”", "・", "-", "−", "x"],
  ...["0", "1", "2", "3", "10", "+1000", "-3000", "−2000", "4000", "99999999999999999999", "-0", "2-color", "Lv.4"],
];

// ─── mutations ─────────────────────────────────────────────────────────────

const pos = fc.nat(1 << 16);

/** One mutation step (the DBE fuzzer's steps, with the DCG vocabulary). */
export const dcgOpArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("drop" as const), at: pos, count: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("swap" as const), a: pos, b: pos }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("dup" as const), at: pos }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("insert" as const), at: pos, word: fc.constantFrom(...DCG_VOCABULARY), space: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("unicode" as const), at: pos, s: unicodeString }) },
);

/** The sentences of the seeds (split after full stops), for long lines. */
function sentencesOf(seeds: readonly string[]): string[] {
  const out = new Set<string>();
  for (const s of seeds) for (const m of s.match(/[^.]+\.?/g) ?? []) if (m.trim()) out.add(m.trim());
  return [...out];
}

/** A very long line: one sentence repeated `min`…`max` times, with various separators. */
export function dcgLongLine(seeds: readonly string[], min = 100, max = 400): fc.Arbitrary<string> {
  const sentences = sentencesOf(seeds);
  return fc
    .record({ s: fc.constantFrom(...sentences), times: fc.integer({ min, max }), sep: fc.constantFrom(" ", "", "\n", ", ", " and ", ", then ", " ・") })
    .map(({ s, times, sep }) => Array.from({ length: times }, () => s).join(sep));
}

/**
 * Deep nesting up to `maxDepth` levels: quoted granted effects inside quoted effects
 * (`gains "[On Play] … gains "…"…"`), parentheses, brackets, angle brackets, bullets — closed
 * or left open.
 */
export function dcgNested(maxDepth: number): fc.Arbitrary<string> {
  return fc
    .record({
      depth: fc.integer({ min: 1, max: maxDepth }),
      kind: fc.constantFrom("quote", "curly", "paren", "bracket", "angle", "bullet", "mixed"),
      closed: fc.boolean(),
      inner: fc.constantFrom("Gain 1 memory", "Delete 1 of your opponent's Digimon", "", "<Blocker>", "[Greymon]"),
    })
    .map(({ depth, kind, closed, inner }) => {
      const open = {
        quote: '[Main] 1 of your Digimon gains "[On Play] ',
        curly: "[Main] 1 of your Digimon gains “[On Play] ",
        paren: "(",
        bracket: "[",
        angle: "<",
        bullet: "[Main] Activate 1 of the following effects: ・",
        mixed: '"(<[',
      }[kind];
      const close = { quote: '"', curly: "”", paren: ")", bracket: "]", angle: ">", bullet: ".", mixed: ']>)"' }[kind];
      return `${open.repeat(depth)}${inner}${closed ? close.repeat(depth) : ""}.`;
    });
}

/**
 * Mutated DCG card text: mostly 1–4 mutation steps on a seed; sometimes a seed as it is, two
 * seeds spliced, a long line, deep nesting or blank text.
 * @param opts.maxDepth the deepest nesting (default 80)
 * @param opts.long the repetitions of a long line (default 100–400)
 */
export function dcgMutatedText(opts: { maxDepth?: number; long?: [number, number]; seeds?: readonly string[] } = {}): fc.Arbitrary<string> {
  const seeds = opts.seeds ?? dcgSeeds();
  const seed = fc.constantFrom(...seeds);
  const mutated = fc.record({ seed, ops: fc.array(dcgOpArb, { minLength: 1, maxLength: 4 }) }).map(({ seed, ops }) => ops.reduce(applyOp, seed));
  const spliced = fc.record({ a: seed, b: seed, i: pos, j: pos }).map(({ a, b, i, j }) => a.slice(0, i % (a.length + 1)) + b.slice(j % (b.length + 1)));
  const [min, max] = opts.long ?? [100, 400];
  return fc.oneof(
    { weight: 3, arbitrary: seed },
    { weight: 20, arbitrary: mutated },
    { weight: 3, arbitrary: spliced },
    { weight: 1, arbitrary: dcgLongLine(seeds, min, max) },
    { weight: 2, arbitrary: dcgNested(opts.maxDepth ?? 80) },
    { weight: 1, arbitrary: blankText },
  );
}

// ─── counting work ─────────────────────────────────────────────────────────

/** Thrown when an input's work passes its budget (the parse is stopped there). */
export class OpBudgetExceeded extends Error {
  readonly ops: number;
  constructor(ops: number) {
    super(`over the operation budget after ${ops.toLocaleString("en-US")} operations`);
    this.name = "OpBudgetExceeded";
    this.ops = ops;
  }
}

/**
 * The work the DCG grammar does, counted: every lookahead (`LA`, `LA_FAST`), rule call and
 * token consumption of the shared parser, and every read of a token's type (the lexer's
 * passes over its tokens read them). Installed once ({@link installOpCounter}); a count runs
 * inside {@link counted}.
 */
export const OpCounter = { n: 0, limit: Number.POSITIVE_INFINITY, active: false };

function tick(): void {
  if (!OpCounter.active) return;
  if (++OpCounter.n > OpCounter.limit) {
    OpCounter.active = false;
    throw new OpBudgetExceeded(OpCounter.n);
  }
}

let installed = false;

/**
 * Install the counters: wrap the shared DCG parser's `LA`, `LA_FAST`, `consumeInternal` and
 * `subruleInternal`, and make the tokens of chevrotain's lexers count the reads of their type.
 * Meant for fuzzing processes (it slows every chevrotain lexer of the process a little).
 */
export function installOpCounter(): void {
  if (installed) return;
  installed = true;
  const p = dcgParser() as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const m of ["LA", "LA_FAST", "consumeInternal", "subruleInternal"]) {
    const orig = p[m]!;
    p[m] = function (this: unknown, ...a: unknown[]) {
      tick();
      return orig.apply(this, a);
    };
  }
  const proto = Lexer.prototype as unknown as { tokenize: (text: string, mode?: string) => { tokens: IToken[] } };
  const tokenize = proto.tokenize;
  proto.tokenize = function (this: unknown, text: string, mode?: string) {
    const r = tokenize.call(this, text, mode);
    if (OpCounter.active) {
      r.tokens = r.tokens.map(
        (t) =>
          new Proxy(t, {
            get(target, prop, receiver) {
              if (prop === "tokenType") tick();
              return Reflect.get(target, prop, receiver) as unknown;
            },
          }),
      );
    }
    return r;
  };
}

/** The operation budget of a text of `size` characters: a floor, and a generous allowance per character. */
export function opBudget(size: number): number {
  return OPS_FLOOR + OPS_PER_CHAR * size;
}
/** The floor of {@link opBudget}. */
export const OPS_FLOOR = 200_000;
/** The allowance per character of {@link opBudget} (the real card pool needs under a tenth of it). */
export const OPS_PER_CHAR = 400;

/** Run `f` counting its operations, stopped at `limit` ({@link OpBudgetExceeded}). */
export function counted<T>(limit: number, f: () => T): { value: T; ops: number } {
  OpCounter.n = 0;
  OpCounter.limit = limit;
  OpCounter.active = true;
  try {
    const value = f();
    return { value, ops: OpCounter.n };
  } finally {
    OpCounter.active = false;
  }
}

// ─── the oracle ────────────────────────────────────────────────────────────

const BOXES: readonly DcgBox[] = ["effect", "inherited", "security"];
const SEVERITIES = new Set(["error", "warning", "info"]);

function checkDiagnostic(d: Diagnostic, length: number, where: string): void {
  if (typeof d.message !== "string" || d.message.trim() === "") throw new Violation(`${where}: empty message`, `${where}: a diagnostic without a message: ${JSON.stringify(d)}`);
  if (!SEVERITIES.has(d.severity)) throw new Violation(`${where}: severity`, `${where}: unknown severity ${JSON.stringify(d.severity)}`);
  const { start, end } = d.span ?? ({} as { start?: number; end?: number });
  if (!Number.isInteger(start) || !Number.isInteger(end) || !(0 <= start! && start! <= end! && end! <= length)) {
    throw new Violation(`${where}: range`, `${where}: diagnostic range outside 0 ≤ start ≤ end ≤ ${length}: ${JSON.stringify(d)}`);
  }
}

/** Run one entry point on the text: exceptions and work past the budget become violations. */
function run<T>(what: string, text: string, f: () => T): { value: T; ops: number } {
  try {
    return counted(opBudget(text.length), f);
  } catch (e) {
    if (e instanceof OpBudgetExceeded) throw new Violation(`ops: ${what}`, `${what} did over ${opBudget(text.length).toLocaleString("en-US")} operations on ${text.length.toLocaleString("en-US")} characters (a loop that does not end, or work far from linear)`);
    throw new Violation(`throws: ${what}: ${exceptionKind(e)}`, `${what} threw on ${text.length.toLocaleString("en-US")} characters: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`, { cause: e });
  }
}

/** The other text compiled before the determinism check (see {@link checkDcgText}). */
const PRIMERS = [
  "[Main] Place this card at the bottom of that Tamer's digivolution cards. Delete 1 of your opponent's red and blue Digimon. If you have 8 or more cards in your hand and a Tamer in play, gain 1 memory.",
  "[Main] Place this card at the bottom of this Digimon's digivolution cards. Delete 1 of your opponent's red or blue Digimon. If your opponent has 3 or more security cards and a Digimon in play, lose 1 memory.",
] as const;

/** Statistics of a fuzz run (the most operations per character seen, and on which input). */
export const stats = { inputs: 0, chars: 0, maxOpsPerChar: 0, maxOps: 0, compiled: 0 };

/**
 * The fuzz property for one text (see the module comment). Throws a {@link Violation} when it
 * does not hold.
 * @param opts.roundTrip also check that a text that compiles round-trips through the printer (default true)
 * @param opts.deterministic also check that its IR does not depend on the text compiled before it (default true)
 */
export function checkDcgText(text: string, opts: { roundTrip?: boolean; deterministic?: boolean } = {}): void {
  installOpCounter();
  stats.inputs++;
  stats.chars += text.length;
  const parsed = run("parseDcgBox", text, () => parseDcgBox(text));
  const note = (ops: number) => {
    stats.maxOps = Math.max(stats.maxOps, ops);
    if (text.length > 0) stats.maxOpsPerChar = Math.max(stats.maxOpsPerChar, ops / text.length);
  };
  note(parsed.ops);
  for (const d of parsed.value.diagnostics) checkDiagnostic(d, text.length, "parseDcgBox");
  const perr = parsed.value.diagnostics.some((d) => d.severity === "error");
  if (perr && parsed.value.units !== null) throw new Violation("parseDcgBox: units despite an error", `parseDcgBox returned units with an error: ${JSON.stringify(parsed.value.diagnostics[0])}`);
  if (!perr && parsed.value.units === null) throw new Violation("parseDcgBox: no units without an error", "parseDcgBox returned no units and no error");
  for (const box of BOXES) {
    const c = run(`compileDcgText(${box})`, text, () => compileDcgText(text, box));
    note(c.ops);
    for (const d of c.value.diagnostics) checkDiagnostic(d, text.length, `compileDcgText(${box})`);
    const err = c.value.diagnostics.some((d) => d.severity === "error");
    if (err && c.value.effects.length > 0) throw new Violation("compileDcgText: effects despite an error", `compileDcgText(${box}) returned effects with an error: ${JSON.stringify(c.value.diagnostics.find((d) => d.severity === "error"))}`);
    if (err || box !== "effect") continue;
    stats.compiled++;
    if (opts.deterministic !== false) {
      const after = PRIMERS.map((primer) => {
        compileDcgText(primer, "effect");
        return JSON.stringify(stripDcg(compileDcgText(text, "effect").effects));
      });
      if (after[0] !== after[1]) {
        const [a, b] = after as [string, string];
        let i = 0;
        while (a[i] === b[i]) i++;
        throw new Violation(
          "nondeterministic: IR depends on the text compiled before",
          `the IR of the text differs (at ⟨⟩) after compiling ${JSON.stringify(PRIMERS[0])} and after ${JSON.stringify(PRIMERS[1])}:\n  after the first:  …${a.slice(Math.max(0, i - 120), i)}⟨⟩${a.slice(i, i + 60)}\n  after the second: …${b.slice(Math.max(0, i - 120), i)}⟨⟩${b.slice(i, i + 60)}`,
        );
      }
    }
    if (opts.roundTrip !== false) {
      const p = roundTripProblem(c.value.effects, box);
      if (p) throw new Violation(`roundtrip: ${p.slice(0, p.indexOf(":"))}`, p);
    }
  }
}

/**
 * Known failures of the fuzz property (grammar bugs reported to the lead), by violation kind
 * and a test of the input: a fuzz run counts them apart instead of stopping, and reports them.
 * Remove an entry when its bug is fixed.
 */
export const KNOWN_FUZZ_FAILURES: readonly { id: string; kind: RegExp; input: (text: string, message: string) => boolean; bug: string }[] = [];

/** The known failure a violation is, or null. */
export function knownFailure(e: unknown, text: string): string | null {
  if (!(e instanceof Violation)) return null;
  for (const k of KNOWN_FUZZ_FAILURES) if (k.kind.test(e.kind) && k.input(text, e.message)) return k.id;
  return null;
}
