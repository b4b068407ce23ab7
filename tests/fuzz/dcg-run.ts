/**
 * The DCG card-text fuzzer for CI: `node tests/fuzz/dcg-run.ts` — the property of
 * `tests/fuzz/dcg.ts` (no exception, work within the operation budget, well-formed
 * diagnostics, nothing compiled with an error, determinism, print round trip) on 100,000
 * mutated DCG texts by default.
 *
 * Options:
 * - `--runs N`: inputs (default 100,000);
 * - `--seed S`: the seed (default: random; printed, so a run can be replayed);
 * - `--path P`: with `--seed`, replay one failing input (and shrink it again);
 * - `--huge`: bigger inputs — nesting up to 2,000 levels, long lines of 1,000–3,000 sentences;
 * - `--keep-going`: do not stop at the first failure; collect the distinct failures (by kind),
 *   shrink each, print them all, and exit 1 at the end if any failed;
 * - `--strict`: known failures (`KNOWN_FUZZ_FAILURES`, grammar bugs already reported) fail the
 *   run too; by default they are counted and printed, and the run goes on.
 *
 * It prints the inputs, seconds, inputs/s, how many compiled, the most operations per
 * character seen (against the budget's allowance), and the known failures met.
 */
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { KNOWN_FUZZ_FAILURES, OPS_PER_CHAR, checkDcgText, dcgMutatedText, knownFailure, stats } from "./dcg.ts";
import { collectFailures, readableJson } from "./run.ts";

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

const fmtN = (n: number) => Math.round(n).toLocaleString("en-US");

async function main(): Promise<void> {
  const runs = Number(argValue("--runs") ?? 100_000);
  const seedArg = argValue("--seed");
  const seed = seedArg !== undefined ? Number(seedArg) : (Date.now() ^ (Math.random() * 0x100000000)) | 0;
  const path = argValue("--path");
  const huge = process.argv.includes("--huge");
  const keepGoing = process.argv.includes("--keep-going");
  const strict = process.argv.includes("--strict");
  const usage = (msg: string) => {
    console.error(`dcg fuzz: ${msg}\nusage: node tests/fuzz/dcg-run.ts [--runs N] [--seed S] [--path P] [--huge] [--keep-going] [--strict]`);
    process.exit(2);
  };
  if (!Number.isInteger(runs) || runs < 1) usage(`--runs needs a positive whole number, got ${argValue("--runs")}`);
  if (!Number.isInteger(seed)) usage(`--seed needs a whole number, got ${seedArg}`);
  if (path !== undefined && seedArg === undefined) usage("--path replays an input: give --seed too");

  const arb = dcgMutatedText(huge ? { maxDepth: 2_000, long: [1_000, 3_000] } : { maxDepth: 300 });
  const known = new Map<string, number>();
  const check = (text: string) => {
    try {
      checkDcgText(text);
    } catch (e) {
      const k = strict ? null : knownFailure(e, text);
      if (k === null) throw e;
      known.set(k, (known.get(k) ?? 0) + 1);
    }
  };
  const t0 = performance.now();
  let n = 0;
  const progress = () => {
    if (++n % 10_000 === 0) console.log(`  ${fmtN(n)} inputs, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  console.log(path ? `dcg fuzzer: replaying seed ${seed}, path ${path}` : `dcg fuzzer: ${fmtN(runs)} inputs, seed ${seed}${huge ? ", huge inputs" : ""}${keepGoing ? ", keep going" : ""}${strict ? ", strict" : ""}`);
  const summary = () => {
    const secs = (performance.now() - t0) / 1000;
    const k = [...known].map(([id, c]) => `${id} ×${fmtN(c)}`).join(", ");
    return `${fmtN(stats.inputs)} inputs in ${secs.toFixed(1)} s (${fmtN(stats.inputs / secs)} inputs/s), ${fmtN(stats.compiled)} compiled, ${fmtN(stats.chars / Math.max(1, stats.inputs))} characters per input, at most ${stats.maxOpsPerChar.toFixed(1)} operations per character (budget ${OPS_PER_CHAR} + a floor)${k ? `; known failures: ${k}` : ""}`;
  };
  const printKnown = () => {
    for (const k of KNOWN_FUZZ_FAILURES) if (known.has(k.id)) console.log(`  known: ${k.id}: ${k.bug}`);
  };

  if (keepGoing) {
    const found = await collectFailures(
      arb,
      (t) => {
        progress();
        check(t);
      },
      { runs, seed, onCollected: (kinds) => console.log(`${kinds === 0 ? "ok" : "FAILED"}: ${summary()}; ${kinds} distinct failure${kinds === 1 ? "" : "s"}`) },
    );
    printKnown();
    for (const [i, f] of found.entries()) {
      console.error(`\n#${i + 1} ${f.kind} — ${fmtN(f.count)} input${f.count === 1 ? "" : "s"}`);
      if (f.shrunk) console.error(`shrunk counterexample (JSON): ${readableJson(f.value).slice(0, 20_000)}`);
      console.error(f.error instanceof Error ? f.error.message.split("\n").slice(0, 20).join("\n") : String(f.error));
      console.error(`replay: node tests/fuzz/dcg-run.ts --seed ${seed} --path ${f.path}${huge ? " --huge" : ""}`);
    }
    process.exit(found.length === 0 ? 0 : 1);
  }

  const details = fc.check(
    fc.property(arb, (t) => {
      progress();
      check(t);
    }),
    { numRuns: runs, seed, path },
  );
  printKnown();
  if (details.failed) {
    console.error(`\nFAILED: dcg fuzzer after ${fmtN(details.numRuns)} inputs (${details.numShrinks} shrinks), seed ${details.seed}, path ${details.counterexamplePath}`);
    console.error(`shrunk counterexample (JSON): ${readableJson(details.counterexample?.[0]).slice(0, 20_000)}`);
    const e = details.errorInstance;
    console.error(e instanceof Error ? (e.stack ?? e.message).split("\n").slice(0, 30).join("\n") : String(e));
    console.error(`replay: node tests/fuzz/dcg-run.ts --seed ${details.seed} --path ${details.counterexamplePath}${huge ? " --huge" : ""}`);
    console.error(`total: ${summary()}`);
    process.exit(1);
  }
  console.log(`ok: dcg fuzzer: ${summary()}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
