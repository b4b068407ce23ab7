/**
 * Diagnostics: every problem the grammar or compiler reports, with a precise range.
 */

/** A half-open character range [start, end) in some text (card text or a whole file). */
export interface Span {
  start: number;
  end: number;
}

/** Severity: errors stop a card from compiling; warnings do not. */
export type Severity = "error" | "warning";

/**
 * One diagnostic. `code` is a short stable identifier (e.g. `parse`, `if-not-without-if`,
 * `unknown-card`), `span` the range it concerns, `hint` an optional suggestion such as
 * the nearest known construct.
 */
export interface Diagnostic {
  severity: Severity;
  code: string;
  message: string;
  span: Span;
  hint?: string;
}

/** Shift a diagnostic's span by `offset` characters (text-relative → file-relative). */
export function shiftDiagnostic(d: Diagnostic, map: (offset: number) => number): Diagnostic {
  return { ...d, span: { start: map(d.span.start), end: map(d.span.end) } };
}
