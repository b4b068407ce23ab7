/**
 * `digiscript compile` and `digiscript check`.
 */
import { resolve } from "node:path";
import { compileSources, countLine, diagnosticsReport, jsonSummary, summaries } from "../compile.ts";
import { bundledCardNames, findDgsFiles, readSources } from "../files.ts";
import { summaryTable } from "../table.ts";

/** Options of compile/check. */
export interface CompileOptions {
  /** Output folder; null for `check` (nothing written). */
  out: string | null;
  /** Print the JSON summary instead of the human-readable report. */
  json: boolean;
}

/**
 * Check `.dgs` files (directories searched recursively), emit every set when `out` is
 * given, and print diagnostics and the summary table, or the JSON summary.
 * @returns the exit code: 1 when there are error diagnostics, else 0
 * @throws UserError for missing files
 */
export async function compileCommand(inputs: readonly string[], opts: CompileOptions): Promise<number> {
  const t0 = performance.now();
  const files = await findDgsFiles(inputs);
  const sources = await readSources(files);
  const outDir = opts.out === null ? null : resolve(opts.out);
  const reports = await compileSources(sources, outDir, await bundledCardNames());
  const sets = reports.map((r) => r.set);
  const summary = jsonSummary(sets, performance.now() - t0);
  if (opts.json) {
    process.stdout.write(JSON.stringify(summary, null, 2) + "\n");
  } else {
    const diags = diagnosticsReport(reports, outDir !== null);
    if (diags) process.stdout.write(diags + "\n\n");
    process.stdout.write(summaryTable(summaries(reports)) + "\n\n");
    const written = outDir === null ? "" : `; output in ${opts.out}`;
    process.stdout.write(`${summary.compiled}/${summary.cards} cards compiled, ${countLine(sets)}${written}\n`);
  }
  return summary.errors.length > 0 ? 1 : 0;
}
