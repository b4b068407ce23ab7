/**
 * `digiscript build` (behind `npm start`): compile every bundled set under `cards/` into
 * `dist/`, then import the PlayStation corpus (`../shared/data/dcb/cards.json`) when it is
 * present, compile it too and report its compile rate and every failing card; then the DCG
 * corpus (`../shared/data/dcg/cards.json`) when it is present: imported into
 * `dist/corpus/dcg/sets/`, compiled, its rate printed beside the PlayStation one and its
 * failing cards listed in `dist/corpus/dcg/failures.txt` (`corpus.ts`; `corpus dcg --strict`
 * is its gate).
 */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { allSets, compileSources, countLine, diagnosticsReport, summaries, type CompiledSetReport } from "../compile.ts";
import { diagnosticsOfCard, formatDiagnostic, plural, styleFor } from "../diagnostics.ts";
import { UserError, fsReason } from "../errors.ts";
import { PROJECT_ROOT, compareStrings, dgsFilesUnder, displayPath, readSources } from "../files.ts";
import { summarizeDcgSet, summarizeSet, summaryTable, type SetSummary } from "../table.ts";
import { commitsProblem, convert, readJsonFile, type SkippedCard } from "./import.ts";
import { buildDcgCorpus, dcgRateLine, DEFAULT_DCG_CORPUS, type DcgCorpusReport } from "./corpus.ts";

/** The corpus target: compiled cards with text / cards with text, in percent. */
export const CORPUS_TARGET = 95;

/** Where build looks for the corpus by default, relative to the project root. */
export const DEFAULT_CORPUS = join(PROJECT_ROOT, "..", "shared", "data", "dcb", "cards.json");

/** Options of build. */
export interface BuildOptions {
  /** Folder searched for bundled `.dgs` files (default `<root>/cards`). */
  cards?: string;
  /** Output folder (default `<root>/dist`). */
  out?: string;
  /** Corpus file; false to skip the corpus (default {@link DEFAULT_CORPUS} when it exists). */
  corpus?: string | false;
  /** Fail (exit 1) when the corpus compile rate is below this percentage. */
  strictCorpus?: number;
  /** The DCG card dump; false to skip it (default {@link DEFAULT_DCG_CORPUS} when it exists; skipped with `corpus: false`). */
  dcgCorpus?: string | false;
}

/** The corpus outcome: rate, failing cards with their first diagnostic. */
export interface CorpusReport {
  source: string;
  dgsFile: string;
  reports: CompiledSetReport[];
  skipped: SkippedCard[];
  /** Cards with effect text (including ones the importer skipped). */
  withText: number;
  /** Cards with effect text that compiled. */
  compiled: number;
  /** compiled / withText in percent (100 when no card has text). */
  rate: number;
}

function hasDcbText(raw: unknown): boolean {
  if (typeof raw !== "object" || raw === null) return false;
  const r = raw as { support?: unknown; option_effect?: unknown };
  const present = (s: unknown) => typeof s === "string" && s.trim() !== "" && s.trim().toLowerCase() !== "none";
  return present(r.support) || present(r.option_effect);
}

/**
 * Import the dcb corpus into `<out>/corpus/dcb.dgs`, compile it into `out` and measure it.
 * @throws UserError when the corpus cannot be read or converted
 */
export async function buildCorpus(source: string, out: string): Promise<CorpusReport> {
  const json = await readJsonFile(source);
  const r = await convert("dcb", json, displayPath(source));
  const dgsPath = join(out, "corpus", "dcb.dgs");
  try {
    await mkdir(join(out, "corpus"), { recursive: true });
    await writeFile(dgsPath, r.dgs);
  } catch (e) {
    throw new UserError(`cannot write ${displayPath(dgsPath)}: ${fsReason(e)}`);
  }
  const dgsFile = displayPath(dgsPath);
  const reports = (await compileSources([{ file: dgsFile, text: r.dgs }], out)).dbe;
  const cards = reports.flatMap((x) => x.set.cards).filter((c) => c.text.trim() !== "");
  const raw = Array.isArray(json) ? (json as unknown[]) : [];
  const skippedWithText = r.skipped.filter((s) => raw.some((c) => (c as { number?: unknown })?.number === s.number && hasDcbText(c))).length;
  const withText = cards.length + skippedWithText;
  const compiled = cards.filter((c) => c.ok).length;
  return { source, dgsFile, reports, skipped: r.skipped, withText, compiled, rate: withText === 0 ? 100 : (100 * compiled) / withText };
}

/** Every failing corpus card with its first diagnostic, and the skipped cards, sorted by set number. */
export function corpusFailures(report: CorpusReport, stream: NodeJS.WriteStream = process.stdout): string[] {
  const style = styleFor(stream);
  const lines: { key: string; line: string }[] = [];
  for (const { set } of report.reports) {
    for (const card of set.cards) {
      if (card.ok) continue;
      const first = diagnosticsOfCard(set, card)[0];
      const why = first ? formatDiagnostic(first, style).replace(/\n\s*/g, " | ") : "(no diagnostic)";
      lines.push({ key: card.stats.setNumber, line: `  ${card.stats.setNumber} ${card.stats.name}: ${why}` });
    }
  }
  for (const s of report.skipped) lines.push({ key: s.number, line: `  ${s.number} (not imported): ${s.why}` });
  return lines.sort((a, b) => compareStrings(a.key, b.key)).map((l) => l.line);
}

function percent(x: number): string {
  return `${x.toFixed(1)}%`;
}

/** One summary row for the whole DCG corpus: its sets summed, labelled "DCG (corpus, N sets)". */
function dcgCorpusRow(r: DcgCorpusReport): SetSummary {
  const rows = r.sets.map((s) => summarizeDcgSet(s));
  const sum = (k: "cards" | "effects" | "compiled" | "errors" | "warnings" | "ms") => rows.reduce((n, x) => n + x[k], 0);
  return { label: `DCG (corpus, ${r.sets.length} sets)`, cards: sum("cards"), effects: sum("effects"), compiled: sum("compiled"), errors: sum("errors"), warnings: sum("warnings"), ms: sum("ms") };
}

/**
 * Run the build.
 * @returns 1 when a bundled set has errors, or the corpus rate is below `--strict-corpus`; else 0
 */
export async function buildCommand(opts: BuildOptions): Promise<number> {
  const cardsDir = resolve(opts.cards ?? join(PROJECT_ROOT, "cards"));
  const out = resolve(opts.out ?? join(PROJECT_ROOT, "dist"));
  const corpusPath = opts.corpus === false ? null : resolve(opts.corpus ?? DEFAULT_CORPUS);
  const corpusWanted = opts.corpus !== undefined && opts.corpus !== false;
  if (corpusPath && !existsSync(corpusPath) && (corpusWanted || opts.strictCorpus !== undefined)) {
    throw new UserError(`cannot read ${displayPath(corpusPath)}: no such file or directory`);
  }

  const dcgPath = opts.corpus === false || opts.dcgCorpus === false ? null : resolve(opts.dcgCorpus ?? DEFAULT_DCG_CORPUS);
  if (dcgPath && typeof opts.dcgCorpus === "string" && !existsSync(dcgPath)) throw new UserError(`cannot read ${displayPath(dcgPath)}: no such file or directory`);

  const files = await dgsFilesUnder(cardsDir);
  const bundled = files.length > 0 ? await compileSources(await readSources(files), out) : { dbe: [], dcg: [] };
  const bundledSets = allSets(bundled);
  const diags = diagnosticsReport(bundled, true);
  if (diags) process.stdout.write(diags + "\n\n");
  if (files.length === 0) process.stdout.write(`no .dgs files under ${displayPath(cardsDir)}/\n\n`);

  let corpus: CorpusReport | null = null;
  if (corpusPath && existsSync(corpusPath)) {
    corpus = await buildCorpus(corpusPath, out);
  }

  let dcg: DcgCorpusReport | null = null;
  const dcgOut = join(out, "corpus", "dcg");
  const dcgRefused = commitsProblem(dcgOut);
  if (dcgPath && existsSync(dcgPath) && dcgRefused === null) dcg = await buildDcgCorpus(dcgPath, dcgOut);

  const rows = summaries(bundled);
  if (corpus) rows.push(...corpus.reports.map((r) => summarizeSet(r.set, r.emitMs, `${r.set.code} (corpus)`)));
  if (dcg) rows.push(dcgCorpusRow(dcg));
  if (rows.length > 0) process.stdout.write(summaryTable(rows) + "\n\n");

  const bundledErrors = bundledSets.some((s) => s.diagnostics.some((d) => d.severity === "error"));
  if (bundledSets.length > 0) {
    const compiled = bundledSets.reduce((n, s) => n + (s.cards as { ok: boolean }[]).filter((c) => c.ok).length, 0);
    const cards = bundledSets.reduce((n, s) => n + s.cards.length, 0);
    process.stdout.write(`bundled sets: ${compiled}/${cards} cards compiled, ${countLine(bundledSets)}; output in ${displayPath(out)}\n`);
  }

  let corpusFailed = false;
  if (corpus) {
    const failures = corpusFailures(corpus);
    process.stdout.write(
      `corpus: ${plural(corpus.reports.reduce((n, r) => n + r.set.cards.length, 0), "card")} imported from ${displayPath(corpus.source)} ` +
        `to ${corpus.dgsFile} (${corpus.skipped.length} skipped)\n`,
    );
    if (failures.length > 0) process.stdout.write(`corpus: ${plural(failures.length, "failing card")}:\n${failures.join("\n")}\n`);
    const target = opts.strictCorpus ?? CORPUS_TARGET;
    const meets = corpus.rate >= target;
    process.stdout.write(
      `corpus compile rate: ${corpus.compiled}/${corpus.withText} cards with text = ${percent(corpus.rate)} ` +
        `(target ≥ ${target}%: ${meets ? "met" : "NOT met"})\n`,
    );
    corpusFailed = opts.strictCorpus !== undefined && !meets;
  } else if (corpusPath) {
    process.stdout.write(`corpus: ${displayPath(corpusPath)} not found; skipped\n`);
  }
  // The DCG corpus rate, beside the PlayStation one; its failing cards are in the report file.
  if (dcg) {
    process.stdout.write(`${dcgRateLine(dcg)}; ${plural(dcg.failures.length, "failing card")}, each with its first diagnostic, in ${displayPath(dcg.reportFile)}\n`);
  } else if (dcgPath && existsSync(dcgPath)) {
    process.stdout.write(`DCG corpus: skipped: ${dcgRefused}\n`);
  } else if (dcgPath) {
    process.stdout.write(`DCG corpus: ${displayPath(dcgPath)} not found; skipped\n`);
  }

  if (bundledErrors) process.stdout.write("build failed: the bundled sets have errors\n");
  if (corpusFailed) process.stdout.write(`build failed: corpus compile rate below ${opts.strictCorpus}%\n`);
  return bundledErrors || corpusFailed ? 1 : 0;
}
