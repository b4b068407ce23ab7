/**
 * The compiler's public contract: checked sets, file diagnostics and the result shapes the
 * CLI, the language service and the playground consume.
 */
import type { CardEffect } from "../runtime/ir.ts";
import type { CardStats } from "../runtime/card.ts";
import type { DcgCard } from "../runtime/lang/dcg/card.ts";
import type { Diagnostic, Span } from "../grammar/diagnostics.ts";

/** A diagnostic located in a file: 1-based line and column of its start and end. */
export interface FileDiagnostic extends Diagnostic {
  file: string;
  line: number;
  col: number;
  endLine: number;
  endCol: number;
}

/** One checked card: stats and IR, or errors. `ok` = no error diagnostics. */
export interface CheckedCard {
  file: string;
  stats: CardStats;
  /** The printed card text, verbatim. */
  text: string;
  effects: CardEffect[];
  ok: boolean;
  /** Range of the card block in its file. */
  span: Span;
}

/**
 * One checked expansion set (possibly spanning several files): a DBE or DMB set. A DCG set
 * (`ruleset dcg`) given to `checkSources` comes back as one too, with its diagnostics and no
 * cards (`ruleset` "dbe", `types` empty): its cards are DCG cards, in {@link DcgCheckedSet}
 * (`checkAllSources`).
 */
export interface CheckedSet {
  code: string;
  name: string;
  /** The ruleset its cards are read with (see above for a DCG set). */
  ruleset: "dbe" | "dmb";
  types: string[];
  files: string[];
  cards: CheckedCard[];
  diagnostics: FileDiagnostic[];
  /** Milliseconds spent reading, parsing and checking. */
  ms: number;
}

/**
 * One checked DCG card: its stats, the text of its three boxes and their effects, or errors.
 * `ok` = no error diagnostics: its stats are valid and each of its text boxes compiled. A card
 * that is not ok has no effects.
 */
export interface DcgCheckedCard extends DcgCard {
  file: string;
  ok: boolean;
  /**
   * Each of its text boxes compiled (`compileDcgText` gave no error), whatever its stats say:
   * what the DCG corpus rate counts (a card of the dump may lack a stat the text does not need).
   */
  textOk: boolean;
  /** Range of the card block in its file. */
  span: Span;
}

/** One checked DCG set (`ruleset dcg`), possibly spanning several files. */
export interface DcgCheckedSet {
  code: string;
  name: string;
  ruleset: "dcg";
  files: string[];
  cards: DcgCheckedCard[];
  diagnostics: FileDiagnostic[];
  /** Milliseconds spent reading, parsing and checking. */
  ms: number;
}

/** A source file given to the compiler. */
export interface SourceFile {
  file: string;
  text: string;
}

/** What `emitSet` wrote. */
export interface EmitResult {
  /** Paths written, relative to the output folder. */
  files: string[];
  ms: number;
}

/** One diagnostic as `--json` prints it: where (1-based lines and columns, end included), what and why. */
export interface JsonDiagnostic {
  severity: "error" | "warning";
  code: string;
  message: string;
  /** A suggestion ("did you mean …", the nearest construct), or null. */
  hint: string | null;
  file: string;
  line: number;
  col: number;
  endLine: number;
  endCol: number;
}

/**
 * The `--json` summary of `digiscript compile|check`: counts, every diagnostic (sorted by
 * file and position), the errors among them, and the time taken in milliseconds.
 */
export interface JsonSummary {
  sets: number;
  cards: number;
  compiled: number;
  /** Every diagnostic, errors and warnings. */
  diagnostics: JsonDiagnostic[];
  /** The diagnostics with severity "error" (so `errors.length` is the error count). */
  errors: JsonDiagnostic[];
  /** Deck lists (`.deck`) checked beside the sets, when any was given; their diagnostics are among the others. */
  decks?: number;
  ms: number;
}
