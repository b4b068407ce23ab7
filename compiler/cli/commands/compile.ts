/**
 * `digiscript compile` and `digiscript check`.
 */
import { resolve } from "node:path";
import type { FileDiagnostic } from "../../api.ts";
import { allSets, attachFileDiagnostics, compileSources, emptyFileWarnings, countLine, diagnosticsReport, jsonSummary, summaries } from "../compile.ts";
import { checkDcgDeckList, dcgDeckPool } from "../dcg.ts";
import { checkDeckList, deckPool, isDcgDeckText, isDeckPath } from "../decks.ts";
import { countSeverities, plural } from "../diagnostics.ts";
import { bundledCardNames, findDgsFiles, readTextSources } from "../files.ts";
import { summaryTable } from "../table.ts";

/** Options of compile/check. */
export interface CompileOptions {
  /** Output folder; null for `check` (nothing written). */
  out: string | null;
  /** Print the JSON summary instead of the human-readable report. */
  json: boolean;
}

/**
 * Check `.dgs` files (directories searched recursively), each by its ruleset (DBE and DMB
 * sets, DCG sets: `checkAllSources`), emit every set when `out` is given, and print diagnostics and the summary table, or the JSON summary. A `.deck` file
 * given by name is checked as a deck list (`checkDeckList`: syntax, set numbers,
 * deck construction, cards `duel` would refuse) against the given sets and the bundled ones;
 * a DCG deck list (`ruleset dcg`) by the DCG deck rules (`dcg.ts` `checkDcgDeckList`: 002
 * §5-1-1) against the given DCG sets and the bundled ones, or the DCG card pool
 * (`../shared/data/dcg/cards.json`) when no DCG set is given. A file that is not text (NUL
 * bytes, not UTF-8) is one error diagnostic at 1:1 and is not parsed (`readTextSources`); a
 * `.dgs` file with no `set` line and no cards is a warning (`emptyFileWarnings`).
 * @returns the exit code: 1 when there are error diagnostics, else 0
 * @throws UserError for missing files
 */
export async function compileCommand(inputs: readonly string[], opts: CompileOptions): Promise<number> {
  const t0 = performance.now();
  const deckInputs = inputs.filter(isDeckPath);
  const dgsInputs = inputs.filter((x) => !isDeckPath(x));
  const files = dgsInputs.length > 0 || deckInputs.length === 0 ? await findDgsFiles(dgsInputs) : [];
  // A file that is not text is one error, not a parse of its bytes; an empty one a warning.
  const { sources, diagnostics: notText } = await readTextSources(files);
  const notTextFiles = new Set(notText.map((d) => d.file));
  const empty = emptyFileWarnings(sources.filter((s) => !notTextFiles.has(s.file)));
  const outDir = opts.out === null ? null : resolve(opts.out);
  const reports = await compileSources(sources, outDir, await bundledCardNames());
  const sets = allSets(reports);
  const deckDiagnostics: FileDiagnostic[] = attachFileDiagnostics(reports, [...notText, ...empty]);
  if (deckInputs.length > 0) {
    const read = await readTextSources(deckInputs);
    deckDiagnostics.push(...read.diagnostics);
    const unreadDecks = new Set(read.diagnostics.map((d) => d.file));
    const decks = read.sources.filter((d) => !unreadDecks.has(d.file));
    // A DBE/DMB deck's pool is the DBE/DMB sets given and the bundled ones; a DCG deck's
    // (`ruleset dcg`) is the DCG sets given and the bundled ones, or the card pool when no DCG
    // set is given — as `duel` loads each. Each pool is loaded only when a deck needs it.
    const dcg = decks.filter((d) => isDcgDeckText(d.text));
    const other = decks.filter((d) => !isDcgDeckText(d.text));
    const pool = other.length ? await deckPool(reports.dbe.map((r) => r.set)) : null;
    const dcgPool = dcg.length ? await dcgDeckPool(reports.dcg.map((r) => r.set)) : null;
    for (const d of decks) for (const x of isDcgDeckText(d.text) ? checkDcgDeckList(d.file, d.text, dcgPool!) : checkDeckList(d.file, d.text, pool!)) deckDiagnostics.push(x);
  }
  const summary = jsonSummary(sets, performance.now() - t0, deckDiagnostics);
  if (deckInputs.length > 0) summary.decks = deckInputs.length;
  if (opts.json) {
    process.stdout.write(JSON.stringify(summary, null, 2) + "\n");
  } else {
    const diags = diagnosticsReport(reports, outDir !== null, process.stdout, deckDiagnostics);
    if (diags) process.stdout.write(diags + "\n\n");
    if (sets.length > 0) {
      process.stdout.write(summaryTable(summaries(reports)) + "\n\n");
      const written = outDir === null ? "" : `; output in ${opts.out}`;
      process.stdout.write(`${summary.compiled}/${summary.cards} cards compiled, ${countLine(sets)}${written}\n`);
    }
    if (deckInputs.length > 0) {
      const { errors, warnings } = countSeverities(deckDiagnostics);
      process.stdout.write(`${plural(deckInputs.length, "deck list")} checked: ${plural(errors, "error")}, ${plural(warnings, "warning")}\n`);
    }
  }
  return summary.errors.length > 0 ? 1 : 0;
}
