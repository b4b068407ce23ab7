/**
 * The language service's answers, shared by the DBE/DMB side (`index.ts`) and the DCG side
 * (`dcg.ts`) of completion and hover: a module below both, so neither imports the other for
 * its types.
 */
import type { Span } from "../../grammar/diagnostics.ts";

/** A completion item. */
export interface Completion {
  /** The text to insert. */
  label: string;
  kind: "keyword" | "verb" | "card" | "type" | "level" | "field";
  /** A short explanation (set number of a card, level name, field meaning, rules section). */
  detail?: string;
  /**
   * The offsets of the text the item replaces, when it is not the word before the cursor:
   * a DCG timing tag or name reference replaces what was typed from its `[` (and a `]` just
   * after the cursor), a keyword effect what was typed from its `<`.
   */
  span?: Span;
}

/** A hover: the term, its definition as markdown, its rules source and the range it covers. */
export interface Hover {
  term: string;
  markdown: string;
  /** Rules file and section, e.g. `000_012504f4614e5b24.txt, Glossary "Recode X"`. */
  source: string;
  /** File offsets of the hovered words. */
  span: Span;
}
