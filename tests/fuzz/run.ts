/**
 * The card-text fuzzer (`npm run fuzz`; `--runs N` to change the default 100,000 inputs,
 * `--seed S` to replay).
 *
 * For each mutated text ({@link mutatedText}): wrap it into a one-card `.dgs` source and
 * run {@link checkSources}, and parse it directly with parseText, parseEvo and
 * parseAbility. The property ({@link checkCardText}):
 * - nothing throws;
 * - every diagnostic has a non-empty message and a range 0 ≤ start ≤ end ≤ length of the
 *   text it refers to (the source for checkSources, the text for the parsers), and file
 *   diagnostics have line, col, endLine, endCol ≥ 1;
 * - a card with an error diagnostic has ok = false and no effects;
 * - a direct parse with an error diagnostic returns value = null.
 *
 * On failure prints fast-check's shrunk counterexample, the error and its stack, and exits 1.
 */
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { checkSources } from "../../compiler/check/set.ts";
import { parseAbility, parseEvo, parseText, readSetFile, type Diagnostic } from "../../grammar/index.ts";
import { DBE_TYPES } from "../../runtime/vocabulary.ts";
import type { FileDiagnostic } from "../../compiler/api.ts";
import { mutatedText } from "./mutate.ts";

/** Wrap card text into a one-card `.dgs` source (continuation lines indented deeper than `text:`). */
export function wrapCard(text: string): string {
  const [first, ...rest] = text.split("\n");
  const lines = ["set FUZZ Fuzz", "ruleset dbe", "", "card FZ-001 Fuzzmon", "  kind: Option", "  timing: SUPPORT", `  text: ${first}`];
  for (const l of rest) lines.push(`    ${l}`);
  return lines.join("\n") + "\n";
}

function fail(what: string, detail: unknown): never {
  throw new Error(`${what}: ${JSON.stringify(detail)}`);
}

function checkDiagnostic(d: Diagnostic, length: number, where: string): void {
  if (typeof d.message !== "string" || d.message.trim().length === 0) fail(`${where}: diagnostic with an empty message`, d);
  const { start, end } = d.span ?? ({} as { start?: number; end?: number });
  if (!Number.isInteger(start) || !Number.isInteger(end) || !(0 <= start! && start! <= end! && end! <= length)) {
    fail(`${where}: diagnostic range outside 0 ≤ start ≤ end ≤ ${length}`, d);
  }
}

function checkFileDiagnostic(d: FileDiagnostic, length: number): void {
  checkDiagnostic(d, length, "checkSources");
  for (const k of ["line", "col", "endLine", "endCol"] as const) {
    if (!Number.isInteger(d[k]) || d[k] < 1) fail(`checkSources: diagnostic ${k} < 1`, d);
  }
}

const sameDiag = (a: Diagnostic, b: Diagnostic) => a.code === b.code && a.span.start === b.span.start && a.span.end === b.span.end;

/**
 * The fuzz property for one card text. Throws (with a description, or the compiler's own
 * exception) when it does not hold.
 */
export function checkCardText(text: string): void {
  // Through the compiler, as a one-card set file.
  const source = wrapCard(text);
  const sets = checkSources([{ file: "fuzz.dgs", text: source }]);
  if (sets.length !== 1) fail("checkSources: expected one set", sets.length);
  const set = sets[0]!;
  for (const d of set.diagnostics) checkFileDiagnostic(d, source.length);
  if (set.cards.length !== 1) fail("checkSources: expected one card", set.cards.length);
  const card = set.cards[0]!;
  // Errors of the card itself: all errors but the set file reader's (a line the reader rejects
  // is a file error, not the card's).
  const fileLevel = readSetFile("fuzz.dgs", source).diagnostics;
  const cardErrors = set.diagnostics.filter((d) => d.severity === "error" && !fileLevel.some((f) => sameDiag(f, d)));
  if (cardErrors.length > 0 && card.ok) fail("checkSources: card with an error has ok = true", cardErrors[0]);
  if (!card.ok && card.effects.length > 0) fail("checkSources: card with ok = false has effects", card.effects.length);

  // The grammar's entry points, on the text itself.
  const parsers: [string, () => { value: unknown; diagnostics: Diagnostic[] }][] = [
    ["parseText", () => parseText(text)],
    ["parseEvo", () => parseEvo(text, DBE_TYPES)],
    ["parseAbility", () => parseAbility(text)],
  ];
  for (const [name, run] of parsers) {
    const r = run();
    for (const d of r.diagnostics) checkDiagnostic(d, text.length, name);
    if (r.diagnostics.some((d) => d.severity === "error") && r.value !== null) fail(`${name}: value is not null despite an error`, r.diagnostics[0]);
  }
}

/** Options of {@link fuzz}. */
export interface FuzzOptions {
  runs: number;
  seed?: number;
  /** Called after every input with the count so far. */
  progress?: (n: number) => void;
}

/** Run the property over `runs` mutated texts; fast-check's run details. */
export function fuzz(opts: FuzzOptions): fc.RunDetails<[string]> {
  let n = 0;
  return fc.check(
    fc.property(mutatedText(), (text) => {
      checkCardText(text);
      opts.progress?.(++n);
    }),
    { numRuns: opts.runs, seed: opts.seed },
  );
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

function main(): void {
  const runs = Number(argValue("--runs") ?? 100_000);
  const seedArg = argValue("--seed");
  const seed = seedArg !== undefined ? Number(seedArg) : Date.now() ^ (Math.random() * 0x100000000);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error(`fuzz: --runs needs a positive whole number, got ${argValue("--runs")}`);
    process.exit(2);
  }
  console.log(`fuzz: ${runs.toLocaleString("en-US")} inputs, seed ${seed}`);
  const t0 = performance.now();
  let passed = 0;
  const details = fuzz({
    runs,
    seed,
    progress: (n) => {
      passed = n;
      if (n % 10_000 === 0 && n <= runs) console.log(`  ${n.toLocaleString("en-US")} inputs, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    },
  });
  const secs = (performance.now() - t0) / 1000;
  if (details.failed) {
    const [text] = details.counterexample ?? [""];
    console.error(`\nFAILED after ${details.numRuns} inputs (${details.numShrinks} shrinks), seed ${details.seed}, path ${details.counterexamplePath}`);
    console.error(`shrunk counterexample (card text, JSON): ${JSON.stringify(text)}`);
    const err = details.errorInstance;
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    console.error(`replay: npm run fuzz --  --runs ${runs} --seed ${details.seed}`);
    console.error(`total: ${details.numRuns.toLocaleString("en-US")} inputs in ${secs.toFixed(1)} s`);
    process.exit(1);
  }
  console.log(`ok: ${details.numRuns.toLocaleString("en-US")} inputs passed (${passed.toLocaleString("en-US")} checked) in ${secs.toFixed(1)} s (${Math.round(details.numRuns / secs).toLocaleString("en-US")} inputs/s)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
