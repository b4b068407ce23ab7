/**
 * The summary table printed after compiling: one row per set, then a total row.
 */
import type { CheckedSet, DcgCheckedSet } from "../api.ts";
import { countSeverities } from "./diagnostics.ts";

/** A column: header and alignment (numbers align right). */
export interface Column {
  header: string;
  align?: "left" | "right";
}

/**
 * Render rows as aligned columns with a header and a rule under it; an optional footer row
 * (totals) goes under a second rule. No trailing newline.
 */
export function renderTable(columns: readonly Column[], rows: readonly (readonly string[])[], footer?: readonly string[]): string {
  const all = footer ? [...rows, footer] : rows;
  const widths = columns.map((c, i) => Math.max(c.header.length, ...all.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    columns
      .map((c, i) => {
        const cell = cells[i] ?? "";
        return c.align === "right" ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!);
      })
      .join("  ")
      .trimEnd();
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  const out = [line(columns.map((c) => c.header)), rule, ...rows.map(line)];
  if (footer) out.push(rule, line(footer));
  return out.join("\n");
}

/** One set's figures for the summary table. */
export interface SetSummary {
  /** Row label: the set code, possibly with a note such as "(corpus)". */
  label: string;
  cards: number;
  /** Effects of the cards that compiled. */
  effects: number;
  /** Cards without errors. */
  compiled: number;
  errors: number;
  warnings: number;
  /** Checking plus emitting, in milliseconds. */
  ms: number;
}

/**
 * Figures for one checked set.
 * @param emitMs time spent writing its output, added to the checking time
 */
export function summarizeSet(set: CheckedSet, emitMs = 0, label = set.code): SetSummary {
  const { errors, warnings } = countSeverities(set.diagnostics);
  const ok = set.cards.filter((c) => c.ok);
  return {
    label,
    cards: set.cards.length,
    effects: ok.reduce((n, c) => n + c.effects.length, 0),
    compiled: ok.length,
    errors,
    warnings,
    ms: set.ms + emitMs,
  };
}

/**
 * Figures for one checked DCG set, labelled "<code> (dcg)": its effects are those of the three
 * boxes of the cards that compiled.
 * @param emitMs time spent writing its output, added to the checking time
 */
export function summarizeDcgSet(set: DcgCheckedSet, emitMs = 0, label = `${set.code} (dcg)`): SetSummary {
  const { errors, warnings } = countSeverities(set.diagnostics);
  const ok = set.cards.filter((c) => c.ok);
  return {
    label,
    cards: set.cards.length,
    effects: ok.reduce((n, c) => n + c.effects.effect.length + c.effects.inherited.length + c.effects.security.length, 0),
    compiled: ok.length,
    errors,
    warnings,
    ms: set.ms + emitMs,
  };
}

/** The summary table: set, cards, compiled, effects, errors, warnings, ms, plus a total row when there are several sets. */
export function summaryTable(rows: readonly SetSummary[]): string {
  const columns: Column[] = [
    { header: "set" },
    { header: "cards", align: "right" },
    { header: "compiled", align: "right" },
    { header: "effects", align: "right" },
    { header: "errors", align: "right" },
    { header: "warnings", align: "right" },
    { header: "ms", align: "right" },
  ];
  const cells = (r: SetSummary) => [r.label, String(r.cards), String(r.compiled), String(r.effects), String(r.errors), String(r.warnings), String(Math.round(r.ms))];
  const total: SetSummary = {
    label: "total",
    cards: 0,
    effects: 0,
    compiled: 0,
    errors: 0,
    warnings: 0,
    ms: 0,
  };
  for (const r of rows) {
    total.cards += r.cards;
    total.effects += r.effects;
    total.compiled += r.compiled;
    total.errors += r.errors;
    total.warnings += r.warnings;
    total.ms += r.ms;
  }
  return renderTable(columns, rows.map(cells), rows.length > 1 ? cells(total) : undefined);
}
