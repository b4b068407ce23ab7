/**
 * The messages between the page and the language worker (`language.worker.ts`).
 *
 * Every request carries an `id`; the worker answers each with the same `id`. Edits carry the
 * file's `version` (the editor model's version id): the worker checks only the newest text of
 * each file, and its diagnostics carry the version they were computed for, so the page drops
 * a result for an older text. All payloads are plain JSON (structured clone).
 */
import type { CheckedCard, DcgCheckedCard, FileDiagnostic } from "../../../compiler/api.ts";
import type { Completion, Hover } from "../../../compiler/service/index.ts";
import type { CompiledCard } from "../../../runtime/card.ts";
import type { DcgCard } from "../../../runtime/lang/dcg/card.ts";
import type { TextChange } from "./deltas.ts";

/** A file of the workspace. Bundled files are read-only. */
export interface WorkspaceFile {
  name: string;
  text: string;
  readOnly: boolean;
  /** The editor model's version id of `text` (0 when the file has no model); later edits' deltas start from it. */
  version?: number;
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

/**
 * A card of a DCG set (`ruleset dcg`) as the preview and gallery draw it: the same parts as a
 * {@link CardView}, with the DCG checker's card (stats of 002 chapter 2, the text of its three
 * boxes and their effects).
 */
export interface DcgCardView {
  file: string;
  /** The set's code and name. */
  set: string;
  setName: string;
  ruleset: "dcg";
  card: DcgCheckedCard;
  /** Where the card block is. */
  range: FileRange;
  /** The card's own diagnostics. */
  diagnostics: FileDiagnostic[];
}

/** A card of any ruleset as the preview draws it: a DBE/DMB card or a DCG card (tell them apart by `ruleset`). */
export type AnyCardView = CardView | DcgCardView;

/** Whether a view is a DCG card's. */
export function isDcgView(v: AnyCardView): v is DcgCardView {
  return v.ruleset === "dcg";
}

/** Requests from the page, each with an `id`. */
export type Request =
  /** Add files (their first text): set files (`.dgs`) and deck lists (`.deck`); `edit` changes them after. */
  | { id: number; kind: "init"; files: WorkspaceFile[] }
  /**
   * A file's new text (`version` is the editor model's version id after the edit): the whole
   * text, or the changes from version `from` with the text's new `length` (the worker asks
   * for the whole text, `resync`, when its copy is not at `from`; see `deltas.ts`).
   */
  | { id: number; kind: "edit"; file: string; text: string; version: number }
  | { id: number; kind: "edit"; file: string; changes: TextChange[]; from: number; length: number; version: number }
  | { id: number; kind: "remove"; file: string }
  | { id: number; kind: "complete"; file: string; offset: number }
  | { id: number; kind: "hover"; file: string; offset: number }
  | { id: number; kind: "format"; file: string }
  | { id: number; kind: "definition"; file: string; offset: number }
  | { id: number; kind: "cardAt"; file: string; offset: number }
  | { id: number; kind: "cards"; file: string | null }
  | { id: number; kind: "playable" }
  | { id: number; kind: "dcgPlayable" };

/** Answers of the worker, by request kind. */
export interface Answers {
  init: { ok: true };
  /** `resync`: the changes did not fit the worker's copy; send the whole text (nothing was checked). */
  edit: { version: number; ms: number; reused: number; checked: number; resync?: true };
  remove: { ok: true };
  complete: Completion[];
  hover: Hover | null;
  format: { text: string } | { error: string };
  definition: FileRange | null;
  cardAt: AnyCardView | null;
  /** The card blocks of a file (or of every file), DBE/DMB and DCG, in file order. */
  cards: AnyCardView[];
  /** Every compiled card of the workspace (bundled and own), for duels and simulations. */
  playable: CompiledCard[];
  /** Every compiled DCG card of the workspace (`ruleset dcg` sets, cards without errors), for DCG duels and simulations. */
  dcgPlayable: DcgCard[];
}

/** A reply: the answer to request `id`, or the error it raised. */
export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

/**
 * Diagnostics pushed by the worker after a check: for each file whose diagnostics are known
 * for its newest text, with the version they belong to. Set files (`.dgs`) and deck lists
 * (`.deck`: the diagnostics of `digiscript check my.deck`) alike; a deck's diagnostics come
 * again, with the deck's own version, when a set file's edit changes them.
 */
export interface DiagnosticsPush {
  kind: "diagnostics";
  files: { file: string; version: number; diagnostics: FileDiagnostic[] }[];
}

/** Any message from the worker. */
export type WorkerMessage = Reply | DiagnosticsPush;
