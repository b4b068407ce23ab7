/**
 * The compile pipeline shared by `compile`, `check` and `build`: read, check (grouped into
 * sets), emit, and report.
 */
import type { CheckedSet, FileDiagnostic, JsonDiagnostic, JsonSummary, SourceFile } from "../api.ts";
import { checkSources, NO_SET, SET_CODE_CLASH, type KnownCard } from "../check/set.ts";
import { compareDiagnostics, countSeverities, formatDiagnostic, plural, sortedDiagnostics, styleFor } from "./diagnostics.ts";
import { compareStrings, countCardLines, displayPath } from "./files.ts";
import { UserError, fsReason } from "./errors.ts";
import { createProgress, type Progress } from "./progress.ts";
import { summarizeSet, type SetSummary } from "./table.ts";

export { NO_SET };

/**
 * Check sources, grouped into sets by their `set` code, advancing `progress` file by file.
 * @returns the sets sorted by code, each set's diagnostics sorted
 */
export function checkAll(sources: readonly SourceFile[], progress?: Progress, knownNames: readonly (string | KnownCard)[] = []): CheckedSet[] {
  const sets = checkSources(sources, { knownNames, onFile: (_file, code, cards) => progress?.tick(cards, `check ${code}`) });
  for (const s of sets) s.diagnostics.sort(compareDiagnostics);
  return sets.sort((a, b) => compareStrings(a.code, b.code));
}

/** A set after compiling: the checked set and the time spent writing its output. */
export interface CompiledSetReport {
  set: CheckedSet;
  emitMs: number;
  /** Files written, relative to the output folder. */
  files: string[];
}

/**
 * Check sources and, when `outDir` is given, emit every set into it with `emitSet`
 * (cards with errors are left out of the generated code by the emitter). `knownNames` are
 * the cards loaded beside the sources (the bundled sets), by name or name and Level:
 * evo-box names may name them.
 * A progress bar is shown on stderr for large inputs.
 */
export async function compileSources(sources: readonly SourceFile[], outDir: string | null, knownNames: readonly (string | KnownCard)[] = []): Promise<CompiledSetReport[]> {
  const total = sources.reduce((n, s) => n + countCardLines(s.text), 0);
  const progress = createProgress(outDir ? total * 2 : total);
  // The emitter loads only when there is output to write (check never needs it).
  const emit = outDir ? await import("../emit/index.ts") : null;
  try {
    const sets = checkAll(sources, progress, knownNames);
    const reports: CompiledSetReport[] = [];
    const emitSet = emit ? emit.emitSet : null;
    for (const set of sets) {
      let emitMs = 0;
      let files: string[] = [];
      // A set whose code clashes with another's output folder is never written (check/set.ts).
      const writable = set.code !== NO_SET && !set.diagnostics.some((d) => d.code === SET_CODE_CLASH);
      if (emitSet && outDir && writable) {
        progress.stage(`emit ${set.code}`);
        // Compiled cards tick as prettier finishes them; cards left out tick at once.
        progress.tick(set.cards.length - set.cards.filter((c) => c.ok).length, `emit ${set.code}`);
        let r;
        try {
          r = await emitSet(set, outDir, { onProgress: (n) => progress.tick(n, `emit ${set.code}`) });
        } catch (e) {
          if (e instanceof emit!.EmitPathError) throw new UserError(`cannot write the output of set ${set.code} to ${displayPath(e.dir)}: ${fsReason(e.cause)}`);
          throw e;
        }
        emitMs = r.ms;
        files = r.files;
      } else if (outDir) progress.tick(set.cards.length, `emit ${set.code}`);
      reports.push({ set, emitMs, files });
    }
    return reports;
  } finally {
    progress.stop();
  }
}

/**
 * The `--json` summary: sets, cards, cards compiled, every diagnostic, the errors, total ms.
 * @param extra diagnostics of other files checked beside the sets (deck lists)
 */
export function jsonSummary(sets: readonly CheckedSet[], ms: number, extra: readonly FileDiagnostic[] = []): JsonSummary {
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
    compiled: sets.reduce((n, s) => n + s.cards.filter((c) => c.ok).length, 0),
    diagnostics,
    errors: diagnostics.filter((d) => d.severity === "error"),
    ms: Math.round(ms),
  };
}

/** Rows of the summary table for compiled sets. */
export function summaries(reports: readonly CompiledSetReport[]): SetSummary[] {
  return reports.map((r) => summarizeSet(r.set, r.emitMs));
}

/**
 * The diagnostics block printed before the table: every diagnostic (sorted), those of
 * `extra` files (deck lists) among them, then, when output was written, the cards left out
 * of it per set. Empty when there is nothing to say.
 */
export function diagnosticsReport(reports: readonly CompiledSetReport[], emitted: boolean, stream: NodeJS.WriteStream = process.stdout, extra: readonly FileDiagnostic[] = []): string {
  const style = styleFor(stream);
  const lines = [...sortedDiagnostics(reports.map((r) => r.set)), ...extra].sort(compareDiagnostics).map((d) => formatDiagnostic(d, style));
  if (emitted) {
    for (const { set } of reports) {
      const failed = set.cards.filter((c) => !c.ok).sort((a, b) => compareStrings(a.stats.setNumber, b.stats.setNumber));
      if (failed.length === 0) continue;
      const list = failed.map((c) => `${c.stats.setNumber} ${c.stats.name}`).join(", ");
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
export function countLine(sets: readonly CheckedSet[]): string {
  const { errors, warnings } = countSeverities(sets.flatMap((s) => s.diagnostics));
  const files = new Set(sets.flatMap((s) => s.files)).size;
  return `${plural(errors, "error")}, ${plural(warnings, "warning")} in ${plural(files, "file")}`;
}
