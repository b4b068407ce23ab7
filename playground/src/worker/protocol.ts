/**
 * The messages between the page and the language worker (`language.worker.ts`).
 *
 * Every request carries an `id`; the worker answers each with the same `id`. Edits carry the
 * file's `version` (the editor model's version id): the worker checks only the newest text of
 * each file, and its diagnostics carry the version they were computed for, so the page drops
 * a result for an older text. All payloads are plain JSON (structured clone).
 */
import type { CheckedCard, FileDiagnostic } from "../../../compiler/api.ts";
import type { Completion, Hover } from "../../../compiler/service/index.ts";
import type { CompiledCard } from "../../../runtime/card.ts";

/** A file of the workspace. Bundled files are read-only. */
export interface WorkspaceFile {
  name: string;
  text: string;
  readOnly: boolean;
}

/** A range in a file, 1-based lines and columns (end exclusive), as Monaco counts them. */
export interface FileRange {
  file: string;
  line: number;
  col: number;
  endLine: number;
  endCol: number;
}

/** A card of the workspace as the preview and gallery draw it. */
export interface CardView {
  file: string;
  /** The set's code, name and ruleset. */
  set: string;
  setName: string;
  ruleset: "dbe" | "dmb";
  card: CheckedCard;
  /** Where the card block is. */
  range: FileRange;
  /** The card's own diagnostics. */
  diagnostics: FileDiagnostic[];
}

/** Requests from the page, each with an `id`. */
export type Request =
  /** Add files (their first text); `edit` changes them after. */
  | { id: number; kind: "init"; files: WorkspaceFile[] }
  | { id: number; kind: "edit"; file: string; text: string; version: number }
  | { id: number; kind: "remove"; file: string }
  | { id: number; kind: "complete"; file: string; offset: number }
  | { id: number; kind: "hover"; file: string; offset: number }
  | { id: number; kind: "format"; file: string }
  | { id: number; kind: "definition"; file: string; offset: number }
  | { id: number; kind: "cardAt"; file: string; offset: number }
  | { id: number; kind: "cards"; file: string | null }
  | { id: number; kind: "playable" };

/** Answers of the worker, by request kind. */
export interface Answers {
  init: { ok: true };
  edit: { version: number; ms: number; reused: number; checked: number };
  remove: { ok: true };
  complete: Completion[];
  hover: Hover | null;
  format: { text: string } | { error: string };
  definition: FileRange | null;
  cardAt: CardView | null;
  cards: CardView[];
  /** Every compiled card of the workspace (bundled and own), for duels and simulations. */
  playable: CompiledCard[];
}

/** A reply: the answer to request `id`, or the error it raised. */
export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

/**
 * Diagnostics pushed by the worker after a check: for each file whose diagnostics are known
 * for its newest text, with the version they belong to.
 */
export interface DiagnosticsPush {
  kind: "diagnostics";
  files: { file: string; version: number; diagnostics: FileDiagnostic[] }[];
}

/** Any message from the worker. */
export type WorkerMessage = Reply | DiagnosticsPush;
