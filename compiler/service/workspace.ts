/**
 * A workspace of `.dgs` files checked together, as an editor holds them: the bundled sets
 * (read-only) and the designer's own files. After an edit only the card blocks whose text
 * changed are checked again (`CheckCache`); the set-level checks (duplicate set numbers,
 * evo-box names, set codes) always run over the whole workspace, since any edit may change
 * them. Pure: no DOM, no file system — the playground runs it in a Web Worker.
 *
 * Sources: `compiler/check/set.ts` (what is checked); `000_012504f4614e5b24.txt`, Anatomy of
 * Cards item 2 (set numbers), Evolution Phase 4.3 (evo-box names).
 */
import type { CheckedSet, FileDiagnostic } from "../api.ts";
import { CheckCache, checkSources } from "../check/set.ts";

/** The outcome of {@link Workspace.check}. */
export interface WorkspaceCheck {
  /** Every set of the workspace, checked. */
  sets: CheckedSet[];
  /** Diagnostics by file (every file of the workspace has an entry, maybe empty), sorted by position. */
  diagnostics: Map<string, FileDiagnostic[]>;
  /** Card blocks reused from the previous check, and checked anew. */
  reused: number;
  checked: number;
}

/** Files checked together, with results of unchanged card blocks reused between checks. */
export class Workspace {
  private readonly files = new Map<string, string>();
  private readonly cache = new CheckCache();
  private readonly knownNames: readonly string[];

  /**
   * @param knownNames names of cards loaded beside the workspace but not in it (evo-box
   *   names may name them); the cards of every file in the workspace are known anyway
   */
  constructor(knownNames: Iterable<string> = []) {
    this.knownNames = [...knownNames];
  }

  /** Add a file or replace its text. */
  set(file: string, text: string): void {
    this.files.set(file, text);
  }

  /** Remove a file (and what is cached of it). */
  delete(file: string): void {
    this.files.delete(file);
    this.cache.forget(file);
  }

  /** The text of a file, or undefined. */
  get(file: string): string | undefined {
    return this.files.get(file);
  }

  /** The files, in the order they were added. */
  names(): string[] {
    return [...this.files.keys()];
  }

  /**
   * Check every file: unchanged card blocks are reused, the set-level checks run anew.
   * @returns the sets and each file's diagnostics
   */
  check(): WorkspaceCheck {
    this.cache.stats.reused = 0;
    this.cache.stats.checked = 0;
    const sets = checkSources(
      [...this.files].map(([file, text]) => ({ file, text })),
      { knownNames: this.knownNames, cache: this.cache },
    );
    const diagnostics = new Map<string, FileDiagnostic[]>();
    for (const f of this.files.keys()) diagnostics.set(f, []);
    for (const s of sets) for (const d of s.diagnostics) diagnostics.get(d.file)?.push(d);
    for (const list of diagnostics.values()) list.sort((a, b) => a.line - b.line || a.col - b.col || a.endLine - b.endLine || a.endCol - b.endCol);
    return { sets, diagnostics, reused: this.cache.stats.reused, checked: this.cache.stats.checked };
  }
}
