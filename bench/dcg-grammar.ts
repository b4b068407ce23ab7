/**
 * The DCG grammar against the DBE grammar, per token, in one process (issue: "DCG parse +
 * check + IR per token within ×1.5 of the DBE grammar's on the same machine in the same
 * run"): each round compiles every DBE card text (`compileCardText`: lex, parse, check, IR)
 * and every DCG text box (`compileDcgText`: lex, parse, check, IR), alternating which goes
 * first; the figure is the median of the per-round ratios of µs per token (the machine's
 * speed swings up to ×1.9 minute to minute; the ratio measured so does not move with them).
 *
 *   node bench/dcg-grammar.ts [rounds]
 *
 * Corpora: DBE — the PlayStation cards (../shared/data/dcb/cards.json through importDcb),
 * else the bundled sets; DCG — the card pool (../shared/data/dcg/cards.json through the
 * importer), else the examples of grammar/dcg/constructs.ts. Each text counts once (a text
 * printed on several cards is one text), and texts that do not compile are left out of both
 * (the figure is about reading cards, not failing on them). `compileDcgText` remembers the texts
 * it compiled: every pass starts with none remembered (`forgetCompiledDcgTexts`) and gives it
 * each text once, so the figure is compilation, not the memo.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { compileCardText } from "../compiler/check/text.ts";
import { compileDcgText, forgetCompiledDcgTexts } from "../compiler/check/dcg/text.ts";
import { importDcb } from "../compiler/import/dcb.ts";
import { DCG_CONSTRUCTS } from "../grammar/dcg/constructs.ts";
import { lexDcg } from "../grammar/dcg/lexer.ts";
import { lex, readSetFile } from "../grammar/index.ts";
import { DBE_TYPES } from "../runtime/vocabulary.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DCB_JSON = resolve(ROOT, "../shared/data/dcb/cards.json");
const DCG_JSON = resolve(ROOT, "../shared/data/dcg/cards.json");

/** The result of {@link dcgGrammarBench}. */
export interface DcgGrammarBench {
  rounds: number;
  dbe: { texts: number; tokens: number; usPerToken: number };
  dcg: { texts: number; tokens: number; usPerToken: number; source: "card pool" | "constructs" };
  /** Median over rounds of (DCG µs/token) / (DBE µs/token). */
  ratio: number;
  target: number;
  pass: boolean;
}

function dbeTexts(): string[] {
  let set: string;
  if (existsSync(DCB_JSON)) set = importDcb(JSON.parse(readFileSync(DCB_JSON, "utf8"))).dgs;
  else {
    const dir = join(ROOT, "cards");
    const files = (readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".dgs")).sort();
    set = files.map((f) => readFileSync(join(dir, f), "utf8")).join("\n");
  }
  const out: string[] = [];
  for (const c of readSetFile("bench.dgs", set).cards) for (const f of c.fields) if (f.key === "text") out.push(f.value.value);
  return [...new Set(out)].filter((t) => compileCardText(t, DBE_TYPES).diagnostics.every((d) => d.severity !== "error"));
}

async function dcgTexts(): Promise<{ texts: string[]; source: "card pool" | "constructs" }> {
  if (existsSync(DCG_JSON)) {
    const { importDcg } = await import(pathToFileURL(join(ROOT, "compiler/import/dcg.ts")).href);
    const res = importDcg(JSON.parse(readFileSync(DCG_JSON, "utf8")));
    const texts: string[] = [];
    for (const f of res.files as { dgs: string }[]) {
      const syntax = readSetFile("bench.dgs", f.dgs);
      for (const c of syntax.cards) for (const fl of c.fields) if (fl.key === "effect" || fl.key === "inherited" || fl.key === "security") texts.push(fl.value.value);
    }
    return { texts: [...new Set(texts)].filter((t) => compileDcgText(t, "effect").diagnostics.length === 0), source: "card pool" };
  }
  return { texts: DCG_CONSTRUCTS.map((c) => c.example), source: "constructs" };
}

function cpuMs(f: () => void): number {
  const a = process.cpuUsage();
  f();
  const d = process.cpuUsage(a);
  return (d.user + d.system) / 1000;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/**
 * Measure DCG against DBE compilation per token.
 * @param rounds alternating rounds (each compiles both corpora `reps` times)
 * @returns µs per token of each, and the median ratio against the target ×1.5
 */
export async function dcgGrammarBench(rounds = 11): Promise<DcgGrammarBench> {
  const dbe = dbeTexts();
  const { texts: dcg, source } = await dcgTexts();
  const dbeTokens = dbe.reduce((n, t) => n + lex(t).tokens.length, 0);
  const dcgTokens = dcg.reduce((n, t) => n + lexDcg(t).tokens.length, 0);
  // Enough repetitions that one side of a round takes ~100 ms or more.
  const reps = Math.max(1, Math.round(60_000 / Math.max(1, Math.min(dbeTokens, dcgTokens))));
  const runDbe = () => {
    for (let r = 0; r < reps; r++) for (const t of dbe) compileCardText(t, DBE_TYPES);
  };
  // `compileDcgText` keeps the results of the texts it compiled (a memo for the language
  // service): each pass starts with none kept and has no text twice, so every text is
  // compiled (and kept, as a check of a set keeps it). An earlier version made each text new
  // with trailing blanks instead, which measured lexing and hashing the blanks too.
  const runDcg = () => {
    for (let r = 0; r < reps; r++) {
      forgetCompiledDcgTexts();
      for (const t of dcg) compileDcgText(t, "effect");
    }
  };
  runDbe();
  runDcg();
  const ratios: number[] = [];
  let dbeUs = 0;
  let dcgUs = 0;
  for (let i = 0; i < rounds; i++) {
    let a: number;
    let b: number;
    if (i % 2 === 0) {
      a = cpuMs(runDbe);
      b = cpuMs(runDcg);
    } else {
      b = cpuMs(runDcg);
      a = cpuMs(runDbe);
    }
    const perA = (a * 1000) / (dbeTokens * reps);
    const perB = (b * 1000) / (dcgTokens * reps);
    dbeUs += perA;
    dcgUs += perB;
    ratios.push(perB / perA);
  }
  const ratio = median(ratios);
  return {
    rounds,
    dbe: { texts: dbe.length, tokens: dbeTokens, usPerToken: dbeUs / rounds },
    dcg: { texts: dcg.length, tokens: dcgTokens, usPerToken: dcgUs / rounds, source },
    ratio,
    target: 1.5,
    pass: ratio <= 1.5,
  };
}

/** One report line for bench/run.ts. */
export function formatDcgGrammarBench(b: DcgGrammarBench): string {
  return `(k) DCG compile (lex, parse, check, IR) per token vs DBE's, same run: ×${b.ratio.toFixed(2)} (median of ${b.rounds} alternating rounds; ${b.dcg.usPerToken.toFixed(3)} vs ${b.dbe.usPerToken.toFixed(3)} µs/token; DCG ${b.dcg.texts} boxes of the ${b.dcg.source}, ${b.dcg.tokens} tokens; DBE ${b.dbe.texts} texts, ${b.dbe.tokens} tokens) — target ≤ ×${b.target}: ${b.pass ? "PASS" : "FAIL"}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const rounds = Number(process.argv[2] ?? 11);
  console.log(formatDcgGrammarBench(await dcgGrammarBench(rounds)));
}
