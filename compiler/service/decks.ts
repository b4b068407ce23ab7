/**
 * The deck lists (`.deck`) of an editor's workspace, checked against the workspace's own sets:
 * the diagnostics `digiscript check my.deck` gives (`compiler/check/decks.ts`: format, unknown
 * card numbers with a "did you mean" hint, construction rules, cards with errors, cards the
 * runtime cannot play), for the playground's language worker to show as markers.
 *
 * The cards a deck may use are the sets of one {@link WorkspaceCheck} (the bundled sets and the
 * designer's own, a designer's set replacing the bundled set of its code as the worker arranges
 * it): DBE/DMB sets for a DBE or DMB deck, DCG sets (`ruleset dcg`) for a DCG deck, as the
 * deck's `ruleset` line says. Nothing here runs the set checker: a set file's keystroke
 * re-checks the decks against the check the worker already made, the pools of cards are built
 * once per check and only for the rulesets some deck has, and a deck whose text and check did
 * not change keeps its diagnostics. Pure: no DOM, no file system.
 *
 * Sources: `cards/dbe/decks/README.md` and `cards/dcg/decks/README.md` (the format); DBE
 * `000_012504f4614e5b24.txt` and DMB `003_7a740b8ec9103d40.txt` "Deck Construction"; DCG
 * `002_db81695f81018ea7.txt` §5-1-1.
 */
import type { CheckedSet, DcgCheckedSet, FileDiagnostic } from "../api.ts";
import { checkDcgDeckList, checkDeckList, dbeDeckPool, dcgDeckPoolOf, isDcgDeckText, type DcgDeckPool, type DeckCheckOptions, type DeckPool } from "../check/decks.ts";

/** The sets a workspace's decks are checked against: the part of a `WorkspaceCheck` they read. */
export interface DeckSets {
  /** The DBE and DMB sets (for `ruleset dbe` and `ruleset dmb` decks). */
  sets: readonly CheckedSet[];
  /** The DCG sets (for `ruleset dcg` decks). */
  dcgSets: readonly DcgCheckedSet[];
}

/** Whether a workspace file name is a deck list's (`.deck`, as the playground names them). */
export function isDeckFile(file: string): boolean {
  return file.endsWith(".deck");
}

/** How the workspace's decks are checked: the editor's options (an unknown number's diagnostic over the number, for the quick fix). */
const DBE_OPTIONS: DeckCheckOptions = { numberSpan: true, unknownHint: "the deck may use the cards of the bundled sets and of your own .dgs files" };
const DCG_OPTIONS: DeckCheckOptions = { numberSpan: true, unknownHint: "the deck may use the cards of the bundled DCG sets and of your own DCG sets (a \"ruleset dcg\" line)" };

/**
 * Check one deck list against a workspace's sets: a DCG list (`ruleset dcg`) against its DCG
 * sets, any other against its DBE and DMB sets, with the diagnostics of `digiscript check`
 * (an unknown number's over the number itself, so the editor's quick fix replaces just it).
 * Never throws.
 * @param file the deck's name, as the diagnostics carry it
 * @param text its text
 * @param sets the workspace's checked sets
 */
export function checkWorkspaceDeck(file: string, text: string, sets: DeckSets): FileDiagnostic[] {
  return isDcgDeckText(text) ? checkDcgDeckList(file, text, dcgDeckPoolOf(sets.dcgSets), DCG_OPTIONS) : checkDeckList(file, text, dbeDeckPool(sets.sets), DBE_OPTIONS);
}

/**
 * The deck lists of a workspace and their diagnostics against the workspace's latest check.
 * Decks are kept apart from the set files (a `.deck` text is never given to the set checker).
 */
export class WorkspaceDecks {
  private readonly texts = new Map<string, string>();
  /** Each deck's last diagnostics, with the text and sets they were computed for. */
  private readonly results = new Map<string, { text: string; sets: DeckSets; diagnostics: FileDiagnostic[] }>();
  /** The pools of cards of the last sets checked against, built when a deck of that ruleset needed one. */
  private pools: { sets: DeckSets; dbe?: DeckPool; dcg?: DcgDeckPool } | null = null;
  /** Decks checked anew by the last {@link check} (the others kept their diagnostics). */
  checked = 0;

  /** Add a deck or replace its text. */
  set(file: string, text: string): void {
    this.texts.set(file, text);
  }

  /** Remove a deck (and its diagnostics). */
  delete(file: string): void {
    this.texts.delete(file);
    this.results.delete(file);
  }

  /** The text of a deck, or undefined. */
  get(file: string): string | undefined {
    return this.texts.get(file);
  }

  /** The decks' names, in the order they were added. */
  names(): string[] {
    return [...this.texts.keys()];
  }

  /** How many decks the workspace has. */
  get size(): number {
    return this.texts.size;
  }

  /**
   * Every deck's diagnostics against `sets` (a `WorkspaceCheck`, compared by identity): a deck
   * whose text and sets are the ones of its last check keeps its diagnostics; the others are
   * checked again, the pool of cards of each ruleset built at most once per `sets`. With no
   * deck, nothing is built. Never throws.
   * @returns the diagnostics by deck (every deck has an entry, maybe empty), in position order
   */
  check(sets: DeckSets): Map<string, FileDiagnostic[]> {
    this.checked = 0;
    const out = new Map<string, FileDiagnostic[]>();
    for (const [file, text] of this.texts) {
      const last = this.results.get(file);
      if (last && last.text === text && last.sets === sets) {
        out.set(file, last.diagnostics);
        continue;
      }
      const diagnostics = (isDcgDeckText(text) ? checkDcgDeckList(file, text, this.pool(sets, "dcg"), DCG_OPTIONS) : checkDeckList(file, text, this.pool(sets, "dbe"), DBE_OPTIONS)).sort(
        (a, b) => a.line - b.line || a.col - b.col || a.endLine - b.endLine || a.endCol - b.endCol,
      );
      this.results.set(file, { text, sets, diagnostics });
      this.checked++;
      out.set(file, diagnostics);
    }
    return out;
  }

  /** The pool of cards of a ruleset family for `sets`, built on first use. */
  private pool(sets: DeckSets, family: "dbe"): DeckPool;
  private pool(sets: DeckSets, family: "dcg"): DcgDeckPool;
  private pool(sets: DeckSets, family: "dbe" | "dcg"): DeckPool | DcgDeckPool {
    if (this.pools?.sets !== sets) this.pools = { sets };
    const p = this.pools;
    if (family === "dbe") return (p.dbe ??= dbeDeckPool(sets.sets));
    return (p.dcg ??= dcgDeckPoolOf(sets.dcgSets));
  }
}
