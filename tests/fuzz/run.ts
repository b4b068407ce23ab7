/**
 * The fuzzers (`npm run fuzz`): the card-text fuzzer and the whole-file fuzzer, each on
 * 100,000 inputs by default.
 *
 * Options (after `npm run fuzz --`):
 * - `--runs N`: inputs per fuzzer (default 100,000);
 * - `--seed S`: the seed (default: random; printed, so a run can be replayed);
 * - `--only card|file`: run one fuzzer;
 * - `--path P`: with `--only` and `--seed`, replay one failing input (and shrink it again);
 * - `--keep-going`: do not stop at the first failure; collect the distinct failures (by
 *   kind: the violated property or the exception's class, message and frame), shrink each,
 *   print them all, run the other fuzzer too, and exit 1 at the end if any failed.
 *
 * The card-text fuzzer ({@link checkCardText}): for each mutated text
 * (tests/fuzz/mutate.ts), wrap it into a one-card `.dgs` source and run
 * {@link checkSources}, and parse it directly with parseText, parseEvo and parseAbility:
 * - nothing throws;
 * - every diagnostic has a non-empty message and a range 0 ≤ start ≤ end ≤ length of the
 *   text it refers to (the source for checkSources, the text for the parsers), and file
 *   diagnostics have line, col, endLine, endCol ≥ 1;
 * - a card with an error diagnostic has ok = false and no effects;
 * - a direct parse with an error diagnostic returns value = null.
 *
 * The whole-file fuzzer ({@link fuzzWholeFile}): whole `.dgs` files built from real and
 * hostile material (tests/fuzz/wholefile.ts) through checkSources, the language service
 * and emission, with the oracle of tests/fuzz/oracle.ts (no exception, valid diagnostics,
 * no error card compiled or emitted, determinism, a time bound linear in the input size,
 * emitted TypeScript that parses and keeps card text inside comments and strings).
 * `format` and the index/registry emission run on about 1 input in 10 (the inputs whose
 * `deep` flag the seeded generator set).
 *
 * Per fuzzer it prints inputs, seconds, inputs/s and peak memory (the highest resident set
 * size sampled after each input). On the first failure it prints fast-check's shrunk
 * counterexample as JSON, the error and the replay command, and exits 1.
 */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { checkSources } from "../../compiler/check/set.ts";
import { parseAbility, parseEvo, parseText, readSetFile, type Diagnostic } from "../../grammar/index.ts";
import { DBE_TYPES } from "../../runtime/vocabulary.ts";
import type { FileDiagnostic } from "../../compiler/api.ts";
import { mutatedText } from "./mutate.ts";
import { failureKind, Violation } from "./violation.ts";

/**
 * Wrap card text into a one-card `.dgs` source (continuation lines indented deeper than
 * `text:`). Every line break the set-file reader may honour (CR LF, a lone CR, LF) starts a
 * continuation line, so no text can begin a line of its own (`card …`) in the wrapped source.
 */
export function wrapCard(text: string): string {
  const [first, ...rest] = text.split(/\r\n|\r|\n/);
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

/** Options of {@link fuzz} and {@link fuzzWholeFile}. */
export interface FuzzOptions {
  runs: number;
  seed?: number;
  /** Replay path (from a failure report): run that input only, and shrink it. */
  path?: string;
  /** Called after every input with the count so far. */
  progress?: (n: number) => void;
}

/** Run the card-text property over `runs` mutated texts; fast-check's run details. */
export function fuzz(opts: FuzzOptions): fc.RunDetails<[string]> {
  let n = 0;
  return fc.check(
    fc.property(mutatedText(), (text) => {
      checkCardText(text);
      opts.progress?.(++n);
    }),
    { numRuns: opts.runs, seed: opts.seed, path: opts.path },
  );
}

// ─── keep-going: distinct failures ─────────────────────────────────────────

/** One distinct failure found by {@link collectFailures}. */
export interface FoundFailure {
  kind: string;
  /** How many inputs failed with this kind. */
  count: number;
  /** The (shrunk) counterexample, its replay path and the error. */
  value: unknown;
  path: string;
  error: unknown;
  shrunk: boolean;
}

/**
 * Run a property over `runs` inputs without stopping at failures; group the failures by
 * kind ({@link failureKind}), then shrink the first input of each kind against that kind
 * only (fast-check replays it by seed and path).
 */
export async function collectFailures<T>(
  arb: fc.Arbitrary<T>,
  check: (v: T) => void | Promise<void>,
  opts: FuzzOptions & { seed: number; onCollected?: (kinds: number) => void },
): Promise<FoundFailure[]> {
  const found = new Map<string, { count: number; index: number; error: unknown }>();
  let n = 0;
  await fc.check(
    fc.asyncProperty(arb, async (v) => {
      const index = n++;
      try {
        await check(v);
      } catch (e) {
        const kind = failureKind(e);
        const f = found.get(kind);
        if (f) f.count++;
        else found.set(kind, { count: 1, index, error: e });
      }
      opts.progress?.(n);
    }),
    { numRuns: opts.runs, seed: opts.seed },
  );
  opts.onCollected?.(found.size);
  const out: FoundFailure[] = [];
  for (const [kind, f] of found) {
    const details = await fc.check(
      fc.asyncProperty(arb, async (v) => {
        try {
          await check(v);
        } catch (e) {
          if (failureKind(e) === kind) throw e;
        }
      }),
      { seed: opts.seed, path: String(f.index) },
    );
    if (details.failed) out.push({ kind, count: f.count, value: details.counterexample![0], path: details.counterexamplePath!, error: details.errorInstance, shrunk: true });
    else out.push({ kind, count: f.count, value: null, path: String(f.index), error: f.error, shrunk: false });
  }
  return out;
}

// ─── command line ──────────────────────────────────────────────────────────

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

const fmtN = (n: number) => Math.round(n).toLocaleString("en-US");
const mb = (bytes: number) => `${fmtN(bytes / 1024 / 1024)} MB`;

/**
 * The highest resident set size seen by {@link PeakMemory.sample}. Reading the RSS costs
 * ~0.2 ms here, so it is read every 8th call (and on every call that follows a slow input).
 */
class PeakMemory {
  peak = process.memoryUsage.rss();
  private calls = 0;
  private last = performance.now();
  sample(): void {
    const now = performance.now();
    if (this.calls++ % 8 !== 0 && now - this.last < 50) return;
    this.last = now;
    const r = process.memoryUsage.rss();
    if (r > this.peak) this.peak = r;
  }
}

/**
 * JSON with every invisible or ambiguous character escaped (controls, format characters,
 * surrogates, unassigned code points, and every space and separator but U+0020), so that
 * a BOM, an NBSP or a bidi control is visible in the printed counterexample. Still valid JSON.
 */
export function readableJson(value: unknown): string {
  const esc = (c: string) => [...c].flatMap((ch) => (ch.length === 2 ? [ch.charCodeAt(0), ch.charCodeAt(1)] : [ch.charCodeAt(0)])).map((u) => `\\u${u.toString(16).padStart(4, "0")}`).join("");
  return (JSON.stringify(value) ?? "undefined").replace(/(?! )[\p{C}\p{Z}]/gu, esc);
}

/** A counterexample as JSON: printed in full when small, else written to a file in the temp folder. */
function printCounterexample(label: string, value: unknown, seed: number): void {
  const json = readableJson(value);
  if (json.length <= 20_000) console.error(`${label} (JSON): ${json}`);
  else {
    const file = join(tmpdir(), `digiscript-fuzz-${seed}-${Date.now()}.json`);
    writeFileSync(file, json + "\n");
    // Cut at a code point boundary: half a surrogate pair would make the output invalid UTF-8.
    const cut = /[\ud800-\udbff]/.test(json[1_999]!) ? 1_999 : 2_000;
    console.error(`${label} (JSON, ${fmtN(json.length)} characters, written to ${file}): ${json.slice(0, cut)}…`);
  }
}

function printError(err: unknown): void {
  // A violation that wraps an exception already quotes that exception's stack in its message.
  const s = err instanceof Violation && err.cause !== undefined ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err);
  const lines = s.split("\n");
  console.error(lines.length > 40 ? [...lines.slice(0, 40), `… (${lines.length - 40} more lines)`].join("\n") : s);
}

type Which = "card" | "file";
const LABEL: Record<Which, string> = { card: "card-text fuzzer", file: "whole-file fuzzer" };

async function runOne(which: Which, runs: number, seed: number, path: string | undefined, keepGoing: boolean): Promise<boolean> {
  const mem = new PeakMemory();
  // The whole-file fuzzer's modules (TypeScript, prettier) load only when it runs.
  const ff = which === "file" ? await import("./filefuzz.ts") : null;
  const oracle = which === "file" ? await import("./oracle.ts") : null;
  const stats = { deep: 0, chars: 0, largest: 0 };
  const t0 = performance.now();
  console.log(path ? `${LABEL[which]}: replaying seed ${seed}, path ${path}` : `${LABEL[which]}: ${fmtN(runs)} inputs, seed ${seed}${keepGoing ? ", keep going" : ""}`);
  if (which === "file") {
    console.log(
      `  format and index/registry emission on the inputs with the deep flag (about 1 in 10); time bound per call max(${oracle!.FLOOR_MS} ms, ${oracle!.US_PER_CHAR} µs × characters)`,
    );
  }
  const progress = (n: number) => {
    mem.sample();
    if (n % 10_000 === 0 && n <= runs) console.log(`  ${fmtN(n)} inputs, ${((performance.now() - t0) / 1000).toFixed(1)} s, peak RSS ${mb(mem.peak)}`);
  };
  const summary = (n: number) => {
    const secs = (performance.now() - t0) / 1000;
    const extra = which === "file" ? `; ${fmtN(stats.deep)} with the slow checks; ${fmtN(stats.chars / Math.max(1, n))} characters per input on average, largest ${fmtN(stats.largest)}` : "";
    return `${fmtN(n)} inputs in ${secs.toFixed(1)} s (${fmtN(n / secs)} inputs/s), peak RSS ${mb(mem.peak)}${extra}`;
  };

  if (keepGoing) {
    const onCollected = (kinds: number) =>
      console.log(`${kinds === 0 ? "ok" : "FAILED"}: ${LABEL[which]}: ${summary(runs)}; ${kinds} distinct failure${kinds === 1 ? "" : "s"}${kinds > 0 ? ", shrinking each" : ""}`);
    const found = ff
      ? await ff.warmUpWholeFile().then(() => collectFailures(ff.wholeFileArb(), ff.counted(stats), { runs, seed, progress, onCollected }))
      : await collectFailures(mutatedText(), checkCardText, { runs, seed, progress, onCollected });
    for (const [i, f] of found.entries()) {
      console.error(`\n#${i + 1} ${f.kind} — ${fmtN(f.count)} input${f.count === 1 ? "" : "s"}`);
      if (f.shrunk) printCounterexample("shrunk counterexample", f.value, seed);
      else console.error("(did not fail again on replay: not shrunk)");
      printError(f.error);
      console.error(`replay: npm run fuzz -- --only ${which} --seed ${seed} --path ${f.path}`);
    }
    return found.length === 0;
  }

  const details = ff ? await ff.fuzzWholeFile({ runs, seed, path, progress }, stats) : fuzz({ runs, seed, path, progress });
  if (details.failed) {
    console.error(`\nFAILED: ${LABEL[which]} after ${fmtN(details.numRuns)} inputs (${details.numShrinks} shrinks), seed ${details.seed}, path ${details.counterexamplePath}`);
    const [value] = details.counterexample ?? [null];
    printCounterexample(which === "card" ? "shrunk counterexample (card text)" : "shrunk counterexample ([input, other input])", value, seed);
    printError(details.errorInstance);
    console.error(`replay: npm run fuzz -- --only ${which} --seed ${details.seed} --path ${details.counterexamplePath}`);
    console.error(`total: ${summary(details.numRuns)}`);
    return false;
  }
  console.log(`ok: ${LABEL[which]}: ${summary(details.numRuns)}`);
  return true;
}

async function main(): Promise<void> {
  const runs = Number(argValue("--runs") ?? 100_000);
  const seedArg = argValue("--seed");
  const seed = seedArg !== undefined ? Number(seedArg) : (Date.now() ^ (Math.random() * 0x100000000)) | 0;
  const only = argValue("--only");
  const path = argValue("--path");
  const keepGoing = process.argv.includes("--keep-going");
  const usage = (msg: string) => {
    console.error(`fuzz: ${msg}\nusage: npm run fuzz -- [--runs N] [--seed S] [--only card|file] [--path P] [--keep-going]`);
    process.exit(2);
  };
  if (!Number.isInteger(runs) || runs < 1) usage(`--runs needs a positive whole number, got ${argValue("--runs")}`);
  if (!Number.isInteger(seed)) usage(`--seed needs a whole number, got ${seedArg}`);
  if (only !== undefined && only !== "card" && only !== "file") usage(`--only takes card or file, got ${only}`);
  if (path !== undefined && (only === undefined || seedArg === undefined)) usage("--path replays one fuzzer's input: give --only and --seed too");
  const which: Which[] = only ? [only as Which] : ["card", "file"];
  let ok = true;
  for (const w of which) {
    ok = (await runOne(w, runs, seed, path, keepGoing)) && ok;
    // Without --keep-going, the first failure ends the run.
    if (!ok && !keepGoing) process.exit(1);
  }
  if (!ok) process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
