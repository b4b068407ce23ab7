/**
 * The compile pipeline shared by `compile`, `check` and `build`: read, check (grouped into
 * sets, each file by its ruleset: DBE and DMB sets, DCG sets), emit, and report.
 */
import type { CheckedSet, DcgCheckedSet, FileDiagnostic, JsonDiagnostic, JsonSummary, SourceFile } from "../api.ts";
import { NO_SET, SET_CODE_CLASH, type KnownCard } from "../check/set.ts";
import { checkAllSources } from "../check/all.ts";
import { compareDiagnostics, countSeverities, formatDiagnostic, plural, sortedDiagnostics, styleFor } from "./diagnostics.ts";
import { compareStrings, countCardLines, displayPath, fileDiagnostic } from "./files.ts";
import { readSetFile } from "../../grammar/setfile.ts";
import { UserError, fsReason } from "./errors.ts";
import { createProgress, type Progress } from "./progress.ts";
import { summarizeDcgSet, summarizeSet, type SetSummary } from "./table.ts";

export { NO_SET };

/** The sets of both rulesets families, each sorted by code with its diagnostics sorted. */
export interface CheckedAll {
  dbe: CheckedSet[];
  dcg: DcgCheckedSet[];
}

/**
 * Check sources, each file by its ruleset, grouped into sets by their `set` code, advancing
 * `progress` file by file.
 * @returns the sets sorted by code, each set's diagnostics sorted
 */
export function checkAll(sources: readonly SourceFile[], progress?: Progress, knownNames: readonly (string | KnownCard)[] = []): CheckedAll {
  const { dbe, dcg } = checkAllSources(sources, { knownNames, onFile: (_file, code, cards) => progress?.tick(cards, `check ${code}`) });
  for (const s of [...dbe, ...dcg]) s.diagnostics.sort(compareDiagnostics);
  return { dbe: dbe.sort((a, b) => compareStrings(a.code, b.code)), dcg: dcg.sort((a, b) => compareStrings(a.code, b.code)) };
}

/** A set after compiling: the checked set and the time spent writing its output. */
export interface CompiledSetReport {
  set: CheckedSet;
  emitMs: number;
  /** Files written, relative to the output folder. */
  files: string[];
}

/** A DCG set after compiling: the checked set and the time spent writing its `cards.json`. */
export interface CompiledDcgSetReport {
  set: DcgCheckedSet;
  emitMs: number;
  /** Files written, relative to the output folder. */
  files: string[];
}

/** What {@link compileSources} gives: the DBE/DMB sets and the DCG sets, each sorted by code. */
export interface CompiledAll {
  dbe: CompiledSetReport[];
  dcg: CompiledDcgSetReport[];
}

/**
 * Check sources and, when `outDir` is given, emit every set into it: DBE and DMB sets with
 * `emitSet` (cards with errors are left out of the generated code by the emitter), DCG sets
 * with `emitDcgSet` (`cards.json`). `knownNames` are the cards loaded beside the sources (the
 * bundled sets), by name or name and Level: evo-box names may name them.
 * A progress bar is shown on stderr for large inputs.
 */
export async function compileSources(sources: readonly SourceFile[], outDir: string | null, knownNames: readonly (string | KnownCard)[] = []): Promise<CompiledAll> {
  const total = sources.reduce((n, s) => n + countCardLines(s.text), 0);
  const progress = createProgress(outDir ? total * 2 : total);
  // The emitters load only when there is output to write (check never needs them).
  const emit = outDir ? await import("../emit/index.ts") : null;
  const emitDcg = outDir ? await import("../emit/dcg.ts") : null;
  const writable = (set: { code: string; diagnostics: readonly FileDiagnostic[] }) => set.code !== NO_SET && !set.diagnostics.some((d) => d.code === SET_CODE_CLASH);
  const pathError = (code: string, e: unknown): never => {
    if (emit && e instanceof emit.EmitPathError) throw new UserError(`cannot write the output of set ${code} to ${displayPath(e.dir)}: ${fsReason(e.cause)}`);
    throw e;
  };
  try {
    const sets = checkAll(sources, progress, knownNames);
    const dbe: CompiledSetReport[] = [];
    for (const set of sets.dbe) {
      let emitMs = 0;
      let files: string[] = [];
      // A set whose code clashes with another's output folder is never written (check/common.ts).
      if (emit && outDir && writable(set)) {
        progress.stage(`emit ${set.code}`);
        // Compiled cards tick as prettier finishes them; cards left out tick at once.
        progress.tick(set.cards.length - set.cards.filter((c) => c.ok).length, `emit ${set.code}`);
        let r;
        try {
          r = await emit.emitSet(set, outDir, { onProgress: (n) => progress.tick(n, `emit ${set.code}`) });
        } catch (e) {
          pathError(set.code, e);
        }
        emitMs = r!.ms;
        files = r!.files;
      } else if (outDir) progress.tick(set.cards.length, `emit ${set.code}`);
      dbe.push({ set, emitMs, files });
    }
    const dcg: CompiledDcgSetReport[] = [];
    for (const set of sets.dcg) {
      let emitMs = 0;
      let files: string[] = [];
      if (emitDcg && outDir && writable(set)) {
        let r;
        try {
          r = await emitDcg.emitDcgSet(set, outDir);
        } catch (e) {
          pathError(set.code, e);
        }
        emitMs = r!.ms;
        files = r!.files;
      }
      if (outDir) progress.tick(set.cards.length, `emit ${set.code}`);
      dcg.push({ set, emitMs, files });
    }
    return { dbe, dcg };
  } finally {
    progress.stop();
  }
}

/** The diagnostic code of a `.dgs` file with no `set` line and no cards ({@link emptyFileWarnings}). */
export const EMPTY_FILE = "empty-file";

/**
 * A warning for each source with no `set` line and no card blocks (an empty file, or one of
 * comments or blank lines only): checking it would otherwise pass silently as
 * "(no set) 0/0 cards compiled". A file whose reader reports an error gets none (that error
 * says more). Each warning is at 1:1 (code {@link EMPTY_FILE}).
 * @param sources the files as read (a file that is not text comes as an empty source: leave
 *   it out, its own error says why)
 */
export function emptyFileWarnings(sources: readonly SourceFile[]): FileDiagnostic[] {
  const out: FileDiagnostic[] = [];
  for (const s of sources) {
    // Cheap first: a file with a `card` line at the start of a line is not empty.
    if (countCardLines(s.text) > 0) continue;
    const syntax = readSetFile(s.file, s.text);
    if (syntax.code !== null || syntax.cards.length > 0 || syntax.diagnostics.some((d) => d.severity === "error")) continue;
    out.push(
      fileDiagnostic(s.file, "warning", EMPTY_FILE, `${s.file} has no \`set\` line and no cards: there is nothing in it to check`, 'a set file starts with a set line, e.g. set MY "My First Set", then one card block per card (docs/set-format.md)'),
    );
  }
  return out;
}

/**
 * Add diagnostics about whole files (a file that is not text, an empty file) to the checked
 * set that holds each file, so the summary table, the count line and the JSON summary count
 * them, and the set's diagnostics stay sorted.
 * @param reports the result of {@link compileSources}; changed in place
 * @param diags diagnostics whose `file` is one of the checked sources
 * @returns the diagnostics no set holds the file of (none when every file was checked), for
 *   the caller to report beside the sets
 */
export function attachFileDiagnostics(reports: CompiledAll, diags: readonly FileDiagnostic[]): FileDiagnostic[] {
  const sets = allSets(reports);
  const left: FileDiagnostic[] = [];
  for (const d of diags) {
    const set = sets.find((s) => s.files.includes(d.file));
    if (!set) {
      left.push(d);
      continue;
    }
    set.diagnostics.push(d);
    set.diagnostics.sort(compareDiagnostics);
  }
  return left;
}

/** A checked set of either family, as the reports read it. */
export type AnySet = CheckedSet | DcgCheckedSet;

/** The set number and name of a card of either family. */
export function cardLabel(c: CheckedSet["cards"][number] | DcgCheckedSet["cards"][number]): { number: string; name: string } {
  const s = c.stats;
  return { number: "setNumber" in s ? s.setNumber : s.number, name: s.name };
}

/** Every set of a compile, DBE/DMB sets first. */
export function allSets(r: CompiledAll): AnySet[] {
  return [...r.dbe.map((x) => x.set), ...r.dcg.map((x) => x.set)];
}

/**
 * The `--json` summary: sets, cards, cards compiled, every diagnostic, the errors, total ms.
 * @param extra diagnostics of other files checked beside the sets (deck lists)
 */
export function jsonSummary(sets: readonly AnySet[], ms: number, extra: readonly FileDiagnostic[] = []): JsonSummary {
  const diagnostics: JsonDiagnostic[] = [...sortedDiagnostics(sets), ...extra].sort(compareDiagnostics).map((d) => ({
    severity: d.severity,
    code: d.code,
    message: d.message,
    hint: d.hint ?? null,
    file: d.file,
    line: d.line,
    col: d.col,
    endLine: d.endLine,
    endCol: d.endCol,
  }));
  return {
    sets: sets.length,
    cards: sets.reduce((n, s) => n + s.cards.length, 0),
    compiled: sets.reduce((n, s) => n + (s.cards as { ok: boolean }[]).filter((c) => c.ok).length, 0),
    diagnostics,
    errors: diagnostics.filter((d) => d.severity === "error"),
    ms: Math.round(ms),
  };
}

/** Rows of the summary table for compiled sets: the DBE/DMB sets, then the DCG sets (labelled "(dcg)"). */
export function summaries(reports: readonly CompiledSetReport[] | CompiledAll): SetSummary[] {
  if (!("dbe" in reports)) return reports.map((r) => summarizeSet(r.set, r.emitMs));
  return [...reports.dbe.map((r) => summarizeSet(r.set, r.emitMs)), ...reports.dcg.map((r) => summarizeDcgSet(r.set, r.emitMs))];
}

/**
 * The diagnostics block printed before the table: every diagnostic (sorted), those of
 * `extra` files (deck lists) among them, then, when output was written, the cards left out
 * of it per set. Empty when there is nothing to say.
 */
export function diagnosticsReport(reports: readonly CompiledSetReport[] | CompiledAll, emitted: boolean, stream: NodeJS.WriteStream = process.stdout, extra: readonly FileDiagnostic[] = []): string {
  const style = styleFor(stream);
  const sets: AnySet[] = "dbe" in reports ? allSets(reports) : reports.map((r) => r.set);
  const lines = [...sortedDiagnostics(sets), ...extra].sort(compareDiagnostics).map((d) => formatDiagnostic(d, style));
  if (emitted) {
    for (const set of sets) {
      const failed = (set.cards as AnySet["cards"][number][]).filter((c) => !c.ok).map(cardLabel).sort((a, b) => compareStrings(a.number, b.number));
      if (failed.length === 0) continue;
      const list = failed.map((c) => `${c.number} ${c.name}`).join(", ");
      lines.push(
        set.code === NO_SET
          ? `${plural(set.cards.length, "card")} without a set header not written: ${list}`
          : `${set.code}: ${plural(failed.length, "card")} with errors left out of the output: ${list}`,
      );
    }
  }
  return lines.join("\n");
}

/** "2 errors, 1 warning in 3 files" for some sets. */
export function countLine(sets: readonly AnySet[]): string {
  const { errors, warnings } = countSeverities(sets.flatMap((s) => s.diagnostics));
  const files = new Set(sets.flatMap((s) => s.files)).size;
  return `${plural(errors, "error")}, ${plural(warnings, "warning")} in ${plural(files, "file")}`;
}
