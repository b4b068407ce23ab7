/**
 * Diagnostic output in the style of tsc: `file:line:col - error code: message`, the hint on
 * the next line, indented.
 */
import type { CheckedCard, CheckedSet, FileDiagnostic } from "../api.ts";
import { compareStrings } from "./files.ts";

/** ANSI styling, or none. */
export interface Style {
  file(s: string): string;
  error(s: string): string;
  warning(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

const plain: Style = { file: (s) => s, error: (s) => s, warning: (s) => s, dim: (s) => s, bold: (s) => s };
const ansi = (code: string) => (s: string) => `\x1b[${code}m${s}\x1b[0m`;
const colored: Style = { file: ansi("36"), error: ansi("31"), warning: ansi("33"), dim: ansi("2"), bold: ansi("1") };

/**
 * The style for a stream: colours when it is a terminal and neither NO_COLOR nor
 * FORCE_COLOR=0 is set (FORCE_COLOR=1 forces them).
 */
export function styleFor(stream: NodeJS.WriteStream): Style {
  if (process.env.FORCE_COLOR !== undefined) return process.env.FORCE_COLOR === "0" ? plain : colored;
  if (process.env.NO_COLOR !== undefined) return plain;
  return stream.isTTY ? colored : plain;
}

/** Order diagnostics by file, line, column, then code and message. */
export function compareDiagnostics(a: FileDiagnostic, b: FileDiagnostic): number {
  return (
    compareStrings(a.file, b.file) ||
    a.line - b.line ||
    a.col - b.col ||
    compareStrings(a.severity, b.severity) ||
    compareStrings(a.code, b.code) ||
    compareStrings(a.message, b.message)
  );
}

/** All diagnostics of some sets, sorted (see {@link compareDiagnostics}). */
export function sortedDiagnostics(sets: readonly { diagnostics: readonly FileDiagnostic[] }[]): FileDiagnostic[] {
  return sets.flatMap((s) => s.diagnostics).sort(compareDiagnostics);
}

/**
 * One diagnostic as text: `file:line:col - error code: message`, and `    hint: …` on the
 * next line when it has a hint. No trailing newline.
 */
export function formatDiagnostic(d: FileDiagnostic, style: Style = plain): string {
  const sev = d.severity === "error" ? style.error("error") : style.warning("warning");
  const head = `${style.file(d.file)}:${d.line}:${d.col} - ${sev} ${style.dim(d.code)}: ${d.message}`;
  return d.hint ? `${head}\n    hint: ${d.hint}` : head;
}

/**
 * The diagnostics that belong to a card: those in its file whose range starts inside the
 * card block, errors first, then in file order.
 */
export function diagnosticsOfCard(set: Pick<CheckedSet, "diagnostics">, card: Pick<CheckedCard, "file" | "span">): FileDiagnostic[] {
  return set.diagnostics
    .filter((d) => d.file === card.file && d.span.start >= card.span.start && d.span.start <= card.span.end)
    .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1) || compareDiagnostics(a, b));
}

/** Count error and warning diagnostics. */
export function countSeverities(diags: readonly FileDiagnostic[]): { errors: number; warnings: number } {
  let errors = 0;
  for (const d of diags) if (d.severity === "error") errors++;
  return { errors, warnings: diags.length - errors };
}

/** "1 error" / "3 errors". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
