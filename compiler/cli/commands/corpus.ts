/**
 * `digiscript corpus dcg` (and the DCG part of `digiscript build`, behind `npm start`): import
 * the official Digimon Card Game dump (`../shared/data/dcg/cards.json`) with `import dcg`,
 * compile every set, and measure the DCG corpus rate — the cards with text whose every text
 * box (effect, inherited effect, security effect) compiles — with a report file listing each
 * failing card and its first diagnostic. `--strict <pct>` makes it a gate for CI: exit 1
 * below the percentage (issue 13: "≥ 95% of the 1,276 DCG cards with text compile").
 *
 * Layout of the output folder (default `dist/corpus/dcg`, never committed):
 * - `sets/<SET>.dgs`: the imported set files (`compiler/import/dcg.ts`);
 * - `compiled/<SET>/cards.json`: what `compile` writes for them (`compiler/emit/dcg.ts`);
 * - `failures.txt`: the report (rate, failing cards with their first text diagnostic, then
 *   the cards whose text compiles but whose stats the dump leaves incomplete).
 */
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { DcgCheckedCard, DcgCheckedSet, FileDiagnostic } from "../../api.ts";
import { isTextKey, readSetFile } from "../../../grammar/setfile.ts";
import { compileSources } from "../compile.ts";
import { diagnosticsOfCard, formatDiagnostic, plural } from "../diagnostics.ts";
import { UserError, fsReason } from "../errors.ts";
import { PROJECT_ROOT, displayPath } from "../files.ts";
import { readJsonFile, writeDcgImport } from "./import.ts";
import { compareDcgCodes, type DcgSkippedCard } from "../../import/dcg.ts";

/** The DCG dump's default place, beside the project (`../shared/data/dcg/cards.json`). */
export const DEFAULT_DCG_CORPUS = join(PROJECT_ROOT, "..", "shared", "data", "dcg", "cards.json");

/** The default output folder of `corpus dcg` (under dist/, which is never committed). */
export const DEFAULT_DCG_OUT = join(PROJECT_ROOT, "dist", "corpus", "dcg");

/** One card of the corpus that does not compile, with the diagnostic to show for it. */
export interface DcgCorpusFailure {
  number: string;
  name: string;
  /** Its first text diagnostic (or first diagnostic), formatted on one line. */
  why: string;
}

/** The outcome of {@link buildDcgCorpus}. */
export interface DcgCorpusReport {
  /** The dump read. */
  source: string;
  /** The folder holding `sets/`, `compiled/` and the report. */
  out: string;
  /** The report file written. */
  reportFile: string;
  sets: DcgCheckedSet[];
  /** Cards with text in any box (the cards the importer skipped included). */
  withText: number;
  /** Cards with text whose every box compiled. */
  compiled: number;
  /** compiled / withText in percent (100 when no card has text). */
  rate: number;
  /** Cards with text that do not compile (text errors), sorted by number. */
  failures: DcgCorpusFailure[];
  /** Cards whose text compiles but whose stats have errors (a value the dump lacks), sorted by number. */
  statsOnly: DcgCorpusFailure[];
  skipped: DcgSkippedCard[];
  /** Defect-table entries that changed nothing on a card they name. */
  stale: string[];
}

/** Whether a card has text in any box. */
function hasText(c: DcgCheckedCard): boolean {
  return c.text.effect.trim() !== "" || c.text.inherited.trim() !== "" || c.text.security.trim() !== "";
}

/** A diagnostic on one line (its hint after " | "), for the report. */
function oneLine(d: FileDiagnostic): string {
  return formatDiagnostic(d).replace(/\n\s*/g, " | ");
}

/**
 * The ranges of the text boxes of every card block of some set files, by file and block start
 * (a card's `span.start`): where a card's text diagnostics are.
 */
function textRanges(sources: readonly { file: string; text: string }[]): Map<string, Map<number, { start: number; end: number }[]>> {
  const out = new Map<string, Map<number, { start: number; end: number }[]>>();
  for (const s of sources) {
    const syntax = readSetFile(s.file, s.text);
    const byBlock = new Map<number, { start: number; end: number }[]>();
    for (const b of syntax.cards) byBlock.set(b.span.start, b.fields.filter((f) => isTextKey(syntax.ruleset, f.key)).map((f) => ({ start: f.keySpan.start, end: f.value.span.end })));
    out.set(s.file, byBlock);
  }
  return out;
}

/**
 * Import the DCG dump into `<out>/sets/`, compile it into `<out>/compiled/`, measure it and
 * write the report `<out>/failures.txt`.
 * @param source the dump (`cards.json`)
 * @param out the output folder (outside the project's committed files)
 * @throws UserError when the dump cannot be read or converted, or the folder cannot be written
 */
export async function buildDcgCorpus(source: string, out: string): Promise<DcgCorpusReport> {
  const json = await readJsonFile(source);
  const setsDir = join(out, "sets");
  const { result, written } = await writeDcgImport(json, displayPath(source), setsDir);
  const sources = written.map((path, i) => ({ file: displayPath(path), text: result.files[i]!.dgs }));
  const compiled = await compileSources(sources, join(out, "compiled"));
  const sets = compiled.dcg.map((r) => r.set);
  const ranges = textRanges(sources);
  const failures: DcgCorpusFailure[] = [];
  const statsOnly: DcgCorpusFailure[] = [];
  let withText = 0;
  let ok = 0;
  for (const set of sets) {
    for (const card of set.cards) {
      if (!hasText(card)) continue;
      withText++;
      const mine = diagnosticsOfCard(set, card);
      const label = { number: card.stats.number, name: card.stats.name };
      if (card.textOk) {
        ok++;
        const first = mine.find((d) => d.severity === "error");
        if (!card.ok && first) statsOnly.push({ ...label, why: oneLine(first) });
        continue;
      }
      const boxes = ranges.get(card.file)?.get(card.span.start) ?? [];
      const inText = mine.find((d) => d.severity === "error" && boxes.some((r) => d.span.start >= r.start && d.span.start <= r.end));
      const first = inText ?? mine.find((d) => d.severity === "error") ?? mine[0];
      failures.push({ ...label, why: first ? oneLine(first) : "(no diagnostic)" });
    }
  }
  // A card the importer could not write counts as failing when it had text.
  const raw = Array.isArray(json) ? (json as { id?: unknown; effect?: unknown; inherited_effect?: unknown; security_effect?: unknown }[]) : [];
  for (const s of result.skipped) {
    const c = raw.find((x) => x?.id === s.number);
    const text = [c?.effect, c?.inherited_effect, c?.security_effect].some((t) => typeof t === "string" && t.trim() !== "");
    if (!text) continue;
    withText++;
    failures.push({ number: s.number, name: "(not imported)", why: s.why });
  }
  const byNumber = (a: DcgCorpusFailure, b: DcgCorpusFailure) => compareDcgCodes(a.number, b.number);
  failures.sort(byNumber);
  statsOnly.sort(byNumber);
  const rate = withText === 0 ? 100 : (100 * ok) / withText;
  const reportFile = join(out, "failures.txt");
  const report: DcgCorpusReport = { source, out, reportFile, sets, withText, compiled: ok, rate, failures, statsOnly, skipped: result.skipped, stale: result.stale };
  try {
    await writeFile(reportFile, reportText(report));
  } catch (e) {
    throw new UserError(`cannot write ${displayPath(reportFile)}: ${fsReason(e)}`);
  }
  return report;
}

/** "x.y%" */
export function percent(x: number): string {
  return `${x.toFixed(1)}%`;
}

/** The one-line rate: "DCG corpus: N/M cards with text compile (x%)". */
export function dcgRateLine(r: Pick<DcgCorpusReport, "compiled" | "withText" | "rate">): string {
  return `DCG corpus: ${r.compiled}/${r.withText} cards with text compile (${percent(r.rate)})`;
}

/** The text of the report file: the rate, every failing card with its first text diagnostic, then the cards failing on stats only. */
export function reportText(r: DcgCorpusReport): string {
  const lines = [
    `# DCG corpus report: ${displayPath(r.source)} imported to ${displayPath(join(r.out, "sets"))} and compiled`,
    `# A card with text compiles when each of its text boxes (effect, inherited, security) compiles.`,
    dcgRateLine(r),
    "",
    `## ${plural(r.failures.length, "card")} with text that do not compile (card: first text diagnostic)`,
    ...r.failures.map((f) => `${f.number} ${f.name}: ${f.why}`),
    "",
    `## ${plural(r.statsOnly.length, "card")} whose text compiles but whose stats have errors (values the dump lacks; not counted against the rate)`,
    ...r.statsOnly.map((f) => `${f.number} ${f.name}: ${f.why}`),
  ];
  if (r.stale.length > 0) lines.push("", "## stale entries of the defect table (compiler/import/dcg-fixes.ts)", ...r.stale);
  return lines.join("\n") + "\n";
}

/** Options of `corpus dcg`. */
export interface DcgCorpusOptions {
  /** The dump (default {@link DEFAULT_DCG_CORPUS}). */
  data?: string;
  /** The output folder (default {@link DEFAULT_DCG_OUT}). */
  out?: string;
  /** Exit 1 when the rate is below this percentage. */
  strict?: number;
  /** Also print every failing card (the report file lists them anyway). */
  list?: boolean;
}

/**
 * `digiscript corpus dcg`: build the DCG corpus and print its rate, the report file and, with
 * `strict`, whether the target is met.
 * @returns 1 when the rate is below `strict`; else 0
 * @throws UserError (exit 2) when the dump is missing or malformed, or the output cannot be written
 */
export async function dcgCorpusCommand(o: DcgCorpusOptions): Promise<number> {
  const data = resolve(o.data ?? DEFAULT_DCG_CORPUS);
  if (!existsSync(data)) throw new UserError(`cannot read ${displayPath(data)}: no such file or directory (the DCG card dump; see ../shared/data/README.md)`);
  const out = resolve(o.out ?? DEFAULT_DCG_OUT);
  const r = await buildDcgCorpus(data, out);
  const cards = r.sets.reduce((n, s) => n + s.cards.length, 0);
  process.stdout.write(`DCG corpus: ${plural(cards, "card")} imported from ${displayPath(data)} into ${plural(r.sets.length, "set")} in ${displayPath(join(out, "sets"))} (${r.skipped.length} skipped)\n`);
  if (o.list && r.failures.length > 0) process.stdout.write(`${r.failures.map((f) => `  ${f.number} ${f.name}: ${f.why}`).join("\n")}\n`);
  process.stdout.write(`${dcgRateLine(r)}; ${plural(r.failures.length, "failing card")}, each with its first diagnostic, in ${displayPath(r.reportFile)}\n`);
  for (const s of r.stale) process.stdout.write(`  stale fix: ${s} changed nothing (check the entry in compiler/import/dcg-fixes.ts)\n`);
  if (o.strict === undefined) return 0;
  const meets = r.rate >= o.strict;
  process.stdout.write(meets ? `DCG corpus target ≥ ${o.strict}%: met\n` : `DCG corpus target ≥ ${o.strict}%: NOT met (${percent(r.rate)})\n`);
  return meets ? 0 : 1;
}
