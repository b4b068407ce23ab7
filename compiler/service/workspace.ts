/**
 * A workspace of `.dgs` files checked together, as an editor holds them: the bundled sets
 * (read-only) and the designer's own files, of any ruleset. After an edit only the card
 * blocks whose text changed are checked again, and files whose text did not change are not
 * read again (`CheckCache`); the set-level checks (duplicate
 * set numbers, evo-box names, set codes) always run over the whole workspace, since any edit
 * may change them. DCG sets (`ruleset dcg`) are checked by the DCG checker, and only when a DCG
 * file changed: typing in a DBE set never parses DCG text. Pure: no DOM, no file system — the
 * playground runs it in a Web Worker.
 *
 * The result is what `checkAllSources` (compiler/check/set.ts) gives for the same files:
 * the same sets, cards and diagnostics (tests/workspace.test.ts, tests/service-dcg.test.ts).
 *
 * Sources: `compiler/check/set.ts` (what is checked); `000_012504f4614e5b24.txt`, Anatomy of
 * Cards item 2 (set numbers), Evolution Phase 4.3 (evo-box names); `002_db81695f81018ea7.txt`
 * 2-1-1 (DCG card numbers); docs/set-format.md "DCG sets".
 */
import type { CheckedSet, DcgCheckedSet, FileDiagnostic, SourceFile } from "../api.ts";
import { readSetFile, rulesetOfSource } from "../../grammar/setfile.ts";
import { codeClashes, type ClashEntry } from "../check/common.ts";
import { checkDcgSources, dcgClashEntry } from "../check/dcg/set.ts";
import { CheckCache, checkDbeSources, clashEntry, LineMap } from "../check/set.ts";

/** The outcome of {@link Workspace.check}. */
export interface WorkspaceCheck {
  /** Every DBE and DMB set of the workspace, checked. */
  sets: CheckedSet[];
  /** Every DCG set of the workspace (`ruleset dcg`), checked. */
  dcgSets: DcgCheckedSet[];
  /** Diagnostics by file (every file of the workspace has an entry, maybe empty), sorted by position. */
  diagnostics: Map<string, FileDiagnostic[]>;
  /** Card blocks reused from the previous check, and checked anew (DCG cards count by set: all of them or none). */
  reused: number;
  checked: number;
}

/** The DCG sets of the last check and the files they were checked from (text compared by identity first). */
interface DcgMemo {
  files: SourceFile[];
  sets: DcgCheckedSet[];
}

/** Files checked together, with results of unchanged card blocks reused between checks. */
export class Workspace {
  private readonly files = new Map<string, string>();
  private readonly cache = new CheckCache();
  private readonly knownNames: readonly string[];
  private readonly dcgKnownNames: readonly string[];
  private dcgMemo: DcgMemo | null = null;
  /** Each file's ruleset as of its text at the last check (routing reads a file's `ruleset` lines only when its text changed). */
  private readonly rulesets = new Map<string, { text: string; dcg: boolean }>();

  /**
   * @param knownNames names of cards loaded beside the workspace but not in it (evo-box
   *   names may name them); the cards of every file in the workspace are known anyway
   * @param dcgKnownNames names of DCG cards loaded beside the workspace (DNA requirements may name them)
   */
  constructor(knownNames: Iterable<string> = [], dcgKnownNames: Iterable<string> = []) {
    this.knownNames = [...knownNames];
    this.dcgKnownNames = [...dcgKnownNames];
  }

  /** Add a file or replace its text. */
  set(file: string, text: string): void {
    this.files.set(file, text);
  }

  /** Remove a file (and what is cached of it). */
  delete(file: string): void {
    this.files.delete(file);
    this.rulesets.delete(file);
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
   * Check every file: unchanged DBE/DMB card blocks are reused, DCG sets are checked again
   * only when a DCG file changed, and the set-level checks run anew — within each family, and
   * across families for set codes that would share an output folder (`set-code-clash`, as
   * `checkAllSources` does).
   * @returns the sets and each file's diagnostics
   */
  check(): WorkspaceCheck {
    this.cache.stats.reused = 0;
    this.cache.stats.checked = 0;
    const dbeFiles: SourceFile[] = [];
    const dcgFiles: SourceFile[] = [];
    for (const [file, text] of this.files) (this.isDcg(file, text) ? dcgFiles : dbeFiles).push({ file, text });
    const sets = dbeFiles.length > 0 ? checkDbeSources(dbeFiles, { knownNames: this.knownNames, cache: this.cache }) : [];
    let reused = this.cache.stats.reused;
    let checked = this.cache.stats.checked;
    let dcgSets: DcgCheckedSet[] = [];
    if (dcgFiles.length > 0) {
      const memo = this.dcgMemo;
      const same = memo !== null && memo.files.length === dcgFiles.length && memo.files.every((f, i) => f.file === dcgFiles[i]!.file && f.text === dcgFiles[i]!.text);
      if (!same) this.dcgMemo = { files: dcgFiles, sets: checkDcgSources(dcgFiles, { knownNames: this.dcgKnownNames }) };
      // A copy: the check across families below adds diagnostics and refuses cards.
      dcgSets = this.dcgMemo!.sets.map(copySet);
      const cards = dcgSets.reduce((n, s) => n + s.cards.length, 0);
      if (same) reused += cards;
      else checked += cards;
    } else this.dcgMemo = null;
    if (sets.length > 0 && dcgSets.length > 0) this.clashesAcross(sets, dcgSets);
    const diagnostics = new Map<string, FileDiagnostic[]>();
    for (const f of this.files.keys()) diagnostics.set(f, []);
    for (const s of sets) for (const d of s.diagnostics) diagnostics.get(d.file)?.push(d);
    for (const s of dcgSets) for (const d of s.diagnostics) diagnostics.get(d.file)?.push(d);
    for (const list of diagnostics.values()) list.sort((a, b) => a.line - b.line || a.col - b.col || a.endLine - b.endLine || a.endCol - b.endCol);
    return { sets, dcgSets, diagnostics, reused, checked };
  }

  /** Whether a file is a DCG set (`rulesetOfSource`), remembered while its text is the same. */
  private isDcg(file: string, text: string): boolean {
    const known = this.rulesets.get(file);
    if (known !== undefined && known.text === text) return known.dcg;
    const dcg = rulesetOfSource(text) === "dcg";
    this.rulesets.set(file, { text, dcg });
    return dcg;
  }

  /**
   * Set codes a DBE/DMB set and a DCG set share (case-insensitively): both are refused, as
   * `checkAllSources` refuses them (common.ts `codeClashes` across families).
   */
  private clashesAcross(dbe: CheckedSet[], dcg: DcgCheckedSet[]): void {
    const dcgCodes = new Set(dcg.map((s) => s.code.toLowerCase()));
    const dbeCodes = new Set(dbe.map((s) => s.code.toLowerCase()));
    const entries: ClashEntry[] = [];
    for (const set of dbe) if (dcgCodes.has(set.code.toLowerCase())) entries.push(clashEntry(set, this.headers(set.files)));
    for (const set of dcg) if (dbeCodes.has(set.code.toLowerCase())) entries.push(dcgClashEntry({ set, files: this.headers(set.files) }));
    if (entries.length > 0) codeClashes(entries, true);
  }

  /** The syntax and line map of the first file of a set that has a `set` line (where a clash is reported). */
  private headers(files: readonly string[]): { syntax: ReturnType<typeof readSetFile>; lines: LineMap }[] {
    for (const file of files) {
      const syntax = readSetFile(file, this.files.get(file) ?? "");
      if (syntax.codeSpan !== null) return [{ syntax, lines: new LineMap(syntax.source) }];
    }
    return [];
  }
}

/** A DCG set with its own lists and card objects (the effects are shared: nothing changes them in place). */
function copySet(s: DcgCheckedSet): DcgCheckedSet {
  return { ...s, files: [...s.files], cards: s.cards.map((c) => ({ ...c })), diagnostics: [...s.diagnostics] };
}
