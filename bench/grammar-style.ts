/**
 * The measurements behind docs/grammar-style.md: how fast the card-text grammar is against
 * the chevrotain JSON yardstick, what it does per token, and A/B comparisons of two versions
 * of a parser, all in one process with alternating rounds and the median of the per-round
 * ratios (the machine's speed swings up to ×1.9 minute to minute; a ratio measured this way
 * does not move with them).
 *
 *   node bench/grammar-style.ts [rounds]
 *       (f) of bench/grammar.ts — card-text lex + parse against the JSON grammar at equal
 *       characters — and, per token, the DSL calls the parser makes, the exceptions it throws
 *       and the bytes it allocates.
 *   node bench/grammar-style.ts --ab a/parser.ts b/parser.ts [rounds]
 *       time(B) / time(A) of two parser modules (each exporting `CardTextParser`) parsing the
 *       same lexed corpus, after checking that they give the same trees.
 *   node bench/grammar-style.ts --check-ab <rootA> <rootB> [rounds]
 *       time(B) / time(A) of two versions of the checker (`checkSources` of
 *       <root>/compiler/check/set.ts: a copy of the project at another commit, e.g. made by
 *       `git archive <commit> | tar -x -C <dir>` with node_modules linked in), and (g) of each —
 *       its time over bare lex + parse of the same texts — in rounds that rotate the order of
 *       the three, after checking that the two give the same diagnostics and cards.
 *   node bench/grammar-style.ts --check-parts [rounds]
 *       where the checker's time goes, each part as a multiple of bare lex + parse (the
 *       denominator of (g)): the card texts compiled alone, the set checked without its texts,
 *       the whole check, and what the whole costs beyond those two ({@link checkParts}).
 *   node bench/grammar-style.ts --check-held [rounds]
 *       the last part of --check-parts tested as one cause: the texts compiled while the set
 *       file's syntax is held, against each alone ({@link checkHeld}).
 *   node bench/grammar-style.ts --check-alloc [root]
 *       bytes `checkSources` allocates per card, and the bytes per card its result keeps.
 *   node bench/grammar-style.ts --service-ab <rootA> <rootB> [keystrokes]
 *       the language service's check per keystroke (`Workspace.check` of
 *       <root>/compiler/service/workspace.ts): two workspaces holding the bundled sets and a
 *       300-card set (bench/playground.ts `replicatedSet`), fed the same keystrokes typed
 *       into the text of a card in the middle of the set, each keystroke checked by both in
 *       alternating order (CPU time); the median and quartiles of the per-keystroke B/A, and
 *       the median and 95th percentile of each one's time, all keystrokes and after the
 *       first 50, after checking that the two give the same sets and diagnostics.
 *
 * Corpus: the PlayStation cards (../shared/data/dcb/cards.json through importDcb) replicated
 * 30 times, as the grammar benchmark's report uses; cards/**\/*.dgs when that file is missing.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import v8 from "node:v8";
import { importDcb } from "../compiler/import/dcb.ts";
import { lex, parser, readSetFile } from "../grammar/index.ts";
import type { CardTextParser } from "../grammar/parser.ts";
import { DBE_TYPES } from "../runtime/vocabulary.ts";
import { bareParse, grammarBench, pieces } from "./grammar.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DCB_JSON = resolve(ROOT, "../shared/data/dcb/cards.json");

/** The benchmark's set text: the PlayStation set and 29 renumbered copies of its cards. */
export function corpus(copies = 30): string {
  let set: string;
  if (existsSync(DCB_JSON)) set = importDcb(JSON.parse(readFileSync(DCB_JSON, "utf8"))).dgs;
  else {
    const dir = join(ROOT, "cards");
    const files = (readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".dgs")).sort();
    set = files.map((f) => readFileSync(join(dir, f), "utf8")).join("\n");
  }
  const body = set.slice(set.indexOf("\ncard "));
  let text = set;
  // Renumbered copies: "card DCB-001" → "card D7-001" (as the benchmark's report makes them).
  for (let i = 1; i < copies; i++) text += body.replace(/\ncard ([^\s-]+)-/g, (_, prefix: string) => `\ncard ${prefix === "DCB" ? "D" : prefix}${i}-`);
  return text;
}

/** The card texts of a set text. */
function cardTexts(setText: string): string[] {
  const out: string[] = [];
  for (const c of readSetFile("bench.dgs", setText).cards) for (const f of c.fields) if (f.key === "text") out.push(f.value.value);
  return out;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

function cpuMs(f: () => void): number {
  const a = process.cpuUsage();
  f();
  const d = process.cpuUsage(a);
  return (d.user + d.system) / 1000;
}

/** Bytes allocated while `f` runs: heap growth plus what each garbage collection freed. */
function allocated(f: () => void): number {
  const profiler = new v8.GCProfiler();
  const before = v8.getHeapStatistics().used_heap_size;
  profiler.start();
  f();
  const stats = profiler.stop()?.statistics ?? [];
  let freed = 0;
  for (const gc of stats) freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
  return v8.getHeapStatistics().used_heap_size - before + freed;
}

/** Chevrotain's internal DSL entry points, counted on one parser instance (measurement only). */
const COUNTED = ["subruleInternal", "orInternal", "optionInternal", "manyInternal", "atLeastOneInternal", "consumeInternal", "invokeRuleCatch"] as const;

/**
 * Per token: rule calls, ORs, OPTIONs, MANYs, AT_LEAST_ONEs, CONSUMEs, exception catches in rule
 * frames, and bytes allocated by parsing (lexing excluded).
 */
export function perToken(p: CardTextParser, texts: readonly string[]): Record<string, number> {
  const lexed = texts.map((t) => lex(t).tokens);
  const tokens = lexed.reduce((n, t) => n + t.length, 0);
  const counts: Record<string, number> = {};
  const inst = p as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const name of COUNTED) {
    const orig = inst[name]!;
    counts[name] = 0;
    inst[name] = function (this: unknown, ...a: unknown[]) {
      counts[name]!++;
      return orig.apply(this, a);
    };
  }
  for (const toks of lexed) {
    p.input = toks;
    p.text();
  }
  for (const name of COUNTED) delete inst[name];
  const run = () => {
    for (const toks of lexed) {
      p.input = toks;
      p.text();
    }
  };
  run();
  const bytes = allocated(() => {
    for (let i = 0; i < 5; i++) run();
  });
  const out: Record<string, number> = { tokens };
  for (const name of COUNTED) out[name.replace("Internal", "")] = +(counts[name]! / tokens).toFixed(3);
  out.bytesAllocated = Math.round(bytes / 5 / tokens);
  return out;
}

/** time(B) / time(A) parsing the same lexed texts: median of alternating rounds, and quartiles. */
export async function ab(fileA: string, fileB: string, texts: readonly string[], rounds: number): Promise<Record<string, number>> {
  const types = new Set([...DBE_TYPES].map((t) => t.toLowerCase()));
  const make = async (file: string): Promise<CardTextParser> => {
    const P = (await import(pathToFileURL(resolve(file)).href)).CardTextParser as new () => CardTextParser;
    const p = new P();
    p.typeWords = types;
    return p;
  };
  const a = await make(fileA);
  const b = await make(fileB);
  const lexed = texts.map((t) => lex(t).tokens);
  for (const toks of lexed) {
    a.input = toks;
    const x = JSON.stringify(a.text());
    b.input = toks;
    const y = JSON.stringify(b.text());
    if (x !== y) throw new Error(`the two parsers read differently: ${x.slice(0, 200)} / ${y.slice(0, 200)}`);
  }
  const run = (p: CardTextParser) => () => {
    for (const toks of lexed) {
      p.input = toks;
      p.text();
    }
  };
  const ra = run(a);
  const rb = run(b);
  for (let i = 0; i < 3; i++) {
    ra();
    rb();
  }
  const q: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let ta: number;
    let tb: number;
    if (r % 2) {
      ta = cpuMs(ra);
      tb = cpuMs(rb);
    } else {
      tb = cpuMs(rb);
      ta = cpuMs(ra);
    }
    q.push(tb / ta);
  }
  const s = [...q].sort((x, y) => x - y);
  return { bOverA: +median(q).toFixed(3), speedup: +(1 / median(q)).toFixed(3), q1: +s[rounds >> 2]!.toFixed(3), q3: +s[(3 * rounds) >> 2]!.toFixed(3), rounds };
}

type CheckSources = (sources: { file: string; text: string }[]) => { cards: unknown[]; diagnostics: unknown[] }[];

/** The `checkSources` of a copy of the project (see the module comment). */
async function checkerAt(root: string): Promise<CheckSources> {
  return (await import(pathToFileURL(join(resolve(root), "compiler/check/set.ts")).href)).checkSources as CheckSources;
}

/**
 * time(checker B) / time(checker A) on the same set text, and (g) of each against bare lex +
 * parse (bench/grammar.ts), rounds rotating the order of the three: medians and quartiles.
 */
export async function checkAb(rootA: string, rootB: string, setText: string, rounds: number): Promise<Record<string, number>> {
  const a = await checkerAt(rootA);
  const b = await checkerAt(rootB);
  const src = [{ file: "bench.dgs", text: setText }];
  const same = (x: ReturnType<CheckSources>) => JSON.stringify(x.map((s) => [s.cards, s.diagnostics]));
  if (same(a(src)) !== same(b(src))) throw new Error("the two checkers give different results");
  const set = pieces(setText);
  const p = parser();
  const sides = [() => bareParse(p, set), () => void a(src), () => void b(src)];
  for (let i = 0; i < 3; i++) for (const f of sides) f();
  const gA: number[] = [];
  const gB: number[] = [];
  const bOverA: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t: number[] = [];
    for (let k = 0; k < 3; k++) {
      const i = (r + k) % 3;
      t[i] = cpuMs(sides[i]!);
    }
    gA.push(t[1]! / t[0]!);
    gB.push(t[2]! / t[0]!);
    bOverA.push(t[2]! / t[1]!);
  }
  const q = (xs: number[], f: number) => +[...xs].sort((x, y) => x - y)[Math.floor(f * (xs.length - 1))]!.toFixed(3);
  return { bOverA: +median(bOverA).toFixed(3), q1: q(bOverA, 0.25), q3: q(bOverA, 0.75), gA: +median(gA).toFixed(3), gB: +median(gB).toFixed(3), rounds };
}

/**
 * A set text without its card texts: every `text:` line and the lines that continue it (indented
 * deeper) left out, everything else as it was.
 */
export function withoutTexts(setText: string): string {
  const out: string[] = [];
  let textIndent = -1;
  for (const line of setText.split("\n")) {
    const indent = line.length - line.trimStart().length;
    if (textIndent >= 0 && line.trim().length > 0 && indent > textIndent) continue;
    textIndent = /^\s+text:/.test(line) ? indent : -1;
    if (textIndent < 0) out.push(line);
  }
  return out.join("\n");
}

/**
 * Four sides timed in rounds that rotate their order (after three warm-up rounds): bare lex +
 * parse first, two parts, and the whole they make. Per round, each part and the whole as a
 * multiple of bare, and what the whole costs beyond the two parts.
 * @returns `parts[0..2]`: the three sides over bare; `parts[3]`: (whole − part 1 − part 2) / bare;
 *   `bare`: bare's CPU ms per round
 */
function rotatedParts(sides: readonly (() => void)[], rounds: number): { parts: number[][]; bare: number[] } {
  for (let i = 0; i < 3; i++) for (const f of sides) f();
  const parts: number[][] = [[], [], [], []];
  const bare: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t: number[] = [];
    for (let k = 0; k < sides.length; k++) {
      const i = (r + k) % sides.length;
      t[i] = cpuMs(sides[i]!);
    }
    bare.push(t[0]!);
    parts[0]!.push(t[1]! / t[0]!);
    parts[1]!.push(t[2]! / t[0]!);
    parts[2]!.push(t[3]! / t[0]!);
    parts[3]!.push((t[3]! - t[2]! - t[1]!) / t[0]!);
  }
  return { parts, bare };
}

/**
 * Where the checker's time goes, each part as a multiple of bare lex + parse of the same texts
 * (the denominator of (g)): the card texts compiled alone (`compileText`: parse, walk, IR, the
 * effects kept as the checker keeps them), the set checked without its texts (reading the file,
 * every card's stats and attack abilities, the set-level checks), the whole check, and what the
 * whole costs beyond those two (checking each card's compiled text, the runtime's refusals, the
 * card records, and the garbage collection of all it keeps). Rounds rotate the order of the four.
 * @returns medians of the per-round ratios, and the bare time in CPU ms (median)
 */
export async function checkParts(setText: string, rounds: number): Promise<Record<string, number>> {
  const { checkSources } = await import("../compiler/check/set.ts");
  const { compileText } = await import("../compiler/check/text.ts");
  const types = readSetFile("bench.dgs", setText).types ?? [...DBE_TYPES];
  const set = pieces(setText);
  const { texts } = set;
  const noTexts = withoutTexts(setText);
  const p = parser();
  let kept: unknown[] = [];
  const sides = [
    () => bareParse(p, set),
    () => {
      kept = [];
      // What the checker keeps of a compiled text is its effects (a card's `effects`); the
      // tree it was built from is garbage once the card is checked, and keeping it here made
      // this part grow with the set's size (×1.25–1.34 at 8,220 texts, against ×0.97–1.08 at
      // 1,096–3,288), which the check itself does not pay.
      for (const t of texts) kept.push(compileText(t, types, "dbe", false).effects);
      kept = [];
    },
    () => void checkSources([{ file: "bench.dgs", text: noTexts }]),
    () => void checkSources([{ file: "bench.dgs", text: setText }]),
  ];
  const { parts, bare } = rotatedParts(sides, rounds);
  const m = (xs: number[]) => +median(xs).toFixed(3);
  return { textsCompiled: m(parts[0]!), checkWithoutTexts: m(parts[1]!), check: m(parts[2]!), beyondBoth: m(parts[3]!), bareMs: +median(bare).toFixed(1), texts: texts.length, rounds };
}

/**
 * What the whole check pays beyond its parts (the last row of {@link checkParts}), tested as one
 * cause: the card texts compiled (their effects kept) while the set file's syntax is held, as
 * the checker's first pass holds every card's block and stats while its second pass compiles the
 * texts. Sides, each a multiple of bare lex + parse, in rotating rounds: the texts compiled
 * alone; the file read alone (`readSetFile`, dropped at once); the file read and held while the
 * texts are compiled; and what the last costs beyond the two before it.
 * @returns medians of the per-round ratios, and the bare time in CPU ms (median)
 */
export async function checkHeld(setText: string, rounds: number): Promise<Record<string, number>> {
  const { compileText } = await import("../compiler/check/text.ts");
  const types = readSetFile("bench.dgs", setText).types ?? [...DBE_TYPES];
  const set = pieces(setText);
  const { texts } = set;
  const p = parser();
  let kept: unknown[] = [];
  let held: unknown = null;
  const compileAll = () => {
    kept = [];
    for (const t of texts) kept.push(compileText(t, types, "dbe", false).effects);
    kept = [];
  };
  const sides = [
    () => bareParse(p, set),
    compileAll,
    () => {
      held = readSetFile("bench.dgs", setText);
      held = null;
    },
    () => {
      held = readSetFile("bench.dgs", setText);
      compileAll();
      held = null;
    },
  ];
  const { parts, bare } = rotatedParts(sides, rounds);
  if (held !== null) console.log(held);
  const m = (xs: number[]) => +median(xs).toFixed(3);
  return { textsCompiled: m(parts[0]!), fileRead: m(parts[1]!), textsCompiledWhileHeld: m(parts[2]!), beyondBoth: m(parts[3]!), bareMs: +median(bare).toFixed(1), texts: texts.length, rounds };
}

/** A `Workspace` of a copy of the project (see the module comment), as far as this benchmark uses it. */
interface ServiceWorkspace {
  set(file: string, text: string): void;
  check(): { sets: { cards: unknown[] }[]; diagnostics: Map<string, unknown[]> };
}

/**
 * time(B) / time(A) of the language service's check per keystroke (see the module comment).
 * @param keystrokes how many characters are typed (" Draw 1." over and over)
 */
export async function serviceAb(rootA: string, rootB: string, keystrokes: number): Promise<Record<string, unknown>> {
  const { replicatedSet } = await import("./playground.ts");
  const make = async (root: string): Promise<ServiceWorkspace> => {
    const W = (await import(pathToFileURL(join(resolve(root), "compiler/service/workspace.ts")).href)).Workspace as new () => ServiceWorkspace;
    return new W();
  };
  const a = await make(rootA);
  const b = await make(rootB);
  const dir = join(ROOT, "cards");
  const bundled = (readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".dgs")).sort();
  for (const ws of [a, b]) for (const f of bundled) ws.set(join("cards", f), readFileSync(join(dir, f), "utf8"));
  let set = replicatedSet(300);
  const lines = set.split("\n");
  const cardAt = lines.findIndex((l, i) => l.startsWith("card PGB-") && i > lines.length / 2);
  const textLine = lines.findIndex((l, i) => i > cardAt && /^\s+text:/.test(l));
  let at = lines.slice(0, textLine + 1).join("\n").length;
  const same = (x: ReturnType<ServiceWorkspace["check"]>, y: ReturnType<ServiceWorkspace["check"]>) =>
    JSON.stringify([x.sets.map((s) => s.cards), [...x.diagnostics]]) === JSON.stringify([y.sets.map((s) => s.cards), [...y.diagnostics]]);
  for (const ws of [a, b]) ws.set("my-set.dgs", set);
  if (!same(a.check(), b.check())) throw new Error("the two workspaces give different results");
  const typed = " Draw 1.";
  const ta: number[] = [];
  const tb: number[] = [];
  const q: number[] = [];
  const timed = (ws: ServiceWorkspace): [number, ReturnType<ServiceWorkspace["check"]>] => {
    let r!: ReturnType<ServiceWorkspace["check"]>;
    const ms = cpuMs(() => {
      r = ws.check();
    });
    return [ms, r];
  };
  for (let i = 0; i < keystrokes; i++) {
    set = set.slice(0, at) + typed[i % typed.length] + set.slice(at);
    at++;
    a.set("my-set.dgs", set);
    b.set("my-set.dgs", set);
    let x: [number, ReturnType<ServiceWorkspace["check"]>];
    let y: [number, ReturnType<ServiceWorkspace["check"]>];
    if (i % 2) {
      x = timed(a);
      y = timed(b);
    } else {
      y = timed(b);
      x = timed(a);
    }
    if (i === keystrokes - 1 && !same(x[1], y[1])) throw new Error(`the two workspaces give different results after keystroke ${i}`);
    ta.push(x[0]);
    tb.push(y[0]);
    q.push(y[0] / x[0]);
  }
  const at_ = (xs: number[], f: number) => +[...xs].sort((u, v) => u - v)[Math.floor(f * (xs.length - 1))]!.toFixed(3);
  const from = (k: number) => ({
    bOverA: at_(q.slice(k), 0.5),
    q1: at_(q.slice(k), 0.25),
    q3: at_(q.slice(k), 0.75),
    msA: { p50: at_(ta.slice(k), 0.5), p95: at_(ta.slice(k), 0.95) },
    msB: { p50: at_(tb.slice(k), 0.5), p95: at_(tb.slice(k), 0.95) },
  });
  return { keystrokes, all: from(0), after50: from(Math.min(50, keystrokes - 1)) };
}

/** Bytes `checkSources` allocates per card (five checks of the set), and bytes per card its result keeps. */
export async function checkAlloc(root: string, setText: string): Promise<Record<string, number>> {
  const check = await checkerAt(root);
  const src = [{ file: "bench.dgs", text: setText }];
  const cards = check(src).reduce((n, s) => n + s.cards.length, 0);
  for (let i = 0; i < 3; i++) check(src);
  const bytes = allocated(() => {
    for (let i = 0; i < 5; i++) check(src);
  });
  const gc = (globalThis as { gc?: () => void }).gc;
  let kept = Number.NaN;
  if (gc) {
    gc();
    const before = process.memoryUsage().heapUsed;
    const result = check(src);
    gc();
    kept = (process.memoryUsage().heapUsed - before) / cards;
    if (result.length < 0) console.log(result);
  }
  return { cards, bytesPerCard: Math.round(bytes / 5 / cards), keptPerCard: Math.round(kept) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  const text = corpus();
  if (args[0] === "--check-ab") {
    console.log(JSON.stringify(await checkAb(args[1]!, args[2]!, text, Number(args[3] ?? 21))));
  } else if (args[0] === "--service-ab") {
    console.log(JSON.stringify(await serviceAb(args[1]!, args[2]!, Number(args[3] ?? 400))));
  } else if (args[0] === "--check-parts") {
    console.log(JSON.stringify(await checkParts(text, Number(args[1] ?? 21))));
  } else if (args[0] === "--check-held") {
    console.log(JSON.stringify(await checkHeld(text, Number(args[1] ?? 21))));
  } else if (args[0] === "--check-alloc") {
    console.log(JSON.stringify(await checkAlloc(args[1] ?? ROOT, text)));
  } else if (args[0] === "--ab") {
    console.log(JSON.stringify(await ab(args[1]!, args[2]!, cardTexts(text), Number(args[3] ?? 31))));
  } else {
    const rounds = Number(args[0] ?? 21);
    const r = grammarBench(text, rounds);
    console.log(
      JSON.stringify({
        cardVsJson: +r.cardVsJson.toFixed(3),
        cardVsJsonPerToken: +r.cardVsJsonPerToken.toFixed(3),
        usPerCardToken: +r.usPerCardToken.toFixed(3),
        usPerJsonToken: +r.usPerJsonToken.toFixed(3),
        target: r.targets.cardVsJson,
        rounds,
      }),
    );
    console.log(JSON.stringify(perToken(parser(), cardTexts(text))));
  }
}
