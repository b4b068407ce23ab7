/**
 * The whole-file fuzzer's driver, for `npm run fuzz` (tests/fuzz/run.ts loads it only when
 * the whole-file fuzzer runs) and tests/fuzz-wholefile.test.ts: the input pairs
 * ({@link wholeFileArb}), the warm-up, and the run ({@link fuzzWholeFile}).
 *
 * Generator: tests/fuzz/wholefile.ts. Oracle: tests/fuzz/oracle.ts. `format` and the
 * index/registry emission run on about 1 input in 10 (the inputs whose `deep` flag the
 * seeded generator set), everything else on every input.
 */
import fc from "fast-check";
import { checkWholeFile, inputSize, warmUp } from "./oracle.ts";
import { loadMaterial, wholeFileInput, type WholeFileInput } from "./wholefile.ts";

/** Options of {@link fuzzWholeFile} (the same as the card-text fuzzer's). */
export interface FileFuzzOptions {
  runs: number;
  seed?: number;
  /** Replay path (from a failure report): run that input only, and shrink it. */
  path?: string;
  /** Called after every input with the count so far. */
  progress?: (n: number) => void;
}

/** Counts of a whole-file run: inputs with the slow checks, characters, the largest input. */
export interface WholeFileStats {
  deep: number;
  chars: number;
  largest: number;
}

/** The whole-file fuzz inputs: the input under test, and a different input checked just before it (determinism). */
export function wholeFileArb(): fc.Arbitrary<[WholeFileInput, WholeFileInput]> {
  const input = wholeFileInput(loadMaterial());
  return fc.tuple(input, input);
}

/** Warm the whole-file oracle up (see {@link warmUp}) on the bundled sets as they are. */
export function warmUpWholeFile(): Promise<void> {
  return warmUp(warmUpInputs());
}

/** Inputs for {@link warmUp}: the bundled sets as they are. */
function warmUpInputs(): WholeFileInput[] {
  const m = loadMaterial();
  const text = ["set WARM Warm-up", "", ...m.blocks.slice(0, 40).flatMap((b) => [...b, ""])].join("\n");
  return [{ files: [{ file: "warm.dgs", text }], cursors: [text.indexOf("text:") + 12, Math.floor(text.length / 2)], deep: true }];
}

/**
 * Run the whole-file property ({@link checkWholeFile}) over `runs` generated inputs, after a
 * warm-up; fast-check's run details.
 * @param stats filled in as the run goes (inputs with the slow checks, sizes)
 */
export async function fuzzWholeFile(opts: FileFuzzOptions, stats: WholeFileStats = { deep: 0, chars: 0, largest: 0 }): Promise<fc.RunDetails<[[WholeFileInput, WholeFileInput]]>> {
  await warmUpWholeFile();
  let n = 0;
  const check = counted(stats);
  return fc.check(
    fc.asyncProperty(wholeFileArb(), async (pair) => {
      await check(pair);
      opts.progress?.(++n);
    }),
    { numRuns: opts.runs, seed: opts.seed, path: opts.path },
  );
}

/** {@link checkWholeFile} on a pair, counting into `stats` first. */
export function counted(stats: WholeFileStats): (pair: [WholeFileInput, WholeFileInput]) => Promise<void> {
  return ([input, other]) => {
    const size = inputSize(input);
    if (input.deep) stats.deep++;
    stats.chars += size;
    stats.largest = Math.max(stats.largest, size);
    return checkWholeFile(input, other);
  };
}

