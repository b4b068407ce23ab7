/**
 * The `dgs` language for Monaco: its colouring is a Monarch grammar generated from the
 * project's own token definitions (`grammar/tokens.ts`: every keyword spelling, the
 * symbols; `grammar/dcg/tokens.ts`: DCG's words, timing tags and keyword effects;
 * `grammar/setfile.ts`: the header words and the field keys of every ruleset), never a second
 * list kept by hand; brackets, quote pairs and `#` comments.
 */
import type * as Monaco from "monaco-editor/editor";
import { CARD_KEYS, DCG_CARD_KEYS } from "../../../grammar/setfile.ts";
import { KEYWORDS } from "../../../grammar/tokens.ts";
import { DCG_KEYWORDS, KEYWORD_NAMES, TIMINGS } from "../../../grammar/dcg/tokens.ts";

/** The language id. */
export const DGS = "dgs";

/** Escape a string for a regular expression. */
function esc(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The Monarch grammar of `.dgs` files: comments, header lines (`set`, `ruleset`, `types`,
 * `card` and the set number after it), field keys (DBE's, DMB's and DCG's), quoted names,
 * numbers, card-text keywords (every spelling the DBE and DCG lexers know, case-insensitive),
 * DCG timing tags (`[On Play]`, 002 10-4) and keyword effects (`<Blocker>`, 002 chapter 12),
 * attack icons and symbols.
 */
export function monarchGrammar(): Monaco.languages.IMonarchLanguage {
  const keywords = [...new Set([...KEYWORDS.keys(), ...DCG_KEYWORDS.keys()])].sort();
  const fields = [...new Set<string>([...CARD_KEYS, ...DCG_CARD_KEYS])].map(esc).join("|");
  // Blanks and apostrophes as the DCG lexer reads them ("[Opponent’s Turn]").
  const loose = (w: string) => esc(w).replace(/ /g, "\\s+").replace(/'/g, "['’]");
  const timings = Object.keys(TIMINGS).map(loose).join("|");
  const effects = Object.keys(KEYWORD_NAMES).sort((a, b) => b.length - a.length).map(loose).join("|");
  return {
    ignoreCase: true,
    keywords,
    tokenizer: {
      root: [
        [/^\s*#.*$/, "comment"],
        [/^(set|card)(\s+)([A-Za-z0-9-]+)/, ["keyword.header", "white", "type.identifier"]],
        [/^(ruleset|types)\b/, "keyword.header"],
        [new RegExp(`^(\\s+)(${fields})(\\s*:)`), ["white", "attribute.name", "delimiter"]],
        [/"[^"]*"|“[^”]*”/, "string"],
        [new RegExp(`\\[\\s*(?:${timings}|once per turn|twice per turn)\\s*\\]`), "keyword.timing"],
        [new RegExp(`<\\s*(?:${effects})(?![A-Za-z])[^<>\\n]*>`), "keyword.effect"],
        [/\+P\b/, "number"],
        [/[+\-−]?\d+/, "number"],
        [/[○◯△✕×]/, "keyword.icon"],
        [/[∞Ⓞ…]/, "keyword.symbol"],
        [/[A-Za-z\u00C0-\u024F][A-Za-z0-9\u00C0-\u024F'’-]*/, { cases: { "@keywords": "keyword", "@default": "identifier" } }],
        [/[()[\]]/, "@brackets"],
        [/[.,;:|/&]/, "delimiter"],
      ],
    },
  };
}

/** The text before the cursor on a `card <set number> <name>` line: Enter there starts the card's first field, indented. */
export const CARD_LINE = /^card[ \t]+\S/;

/** Register the language with its grammar, comment and bracket configuration, and the indentation of a card's fields. */
export function registerDgs(monaco: typeof Monaco): void {
  monaco.languages.register({ id: DGS, extensions: [".dgs"], aliases: ["DigiScript", "dgs"] });
  monaco.languages.setMonarchTokensProvider(DGS, monarchGrammar());
  monaco.languages.setLanguageConfiguration(DGS, {
    comments: { lineComment: "#" },
    brackets: [
      ["(", ")"],
      ["[", "]"],
    ],
    autoClosingPairs: [
      { open: "(", close: ")" },
      { open: "[", close: "]" },
      { open: '"', close: '"', notIn: ["string", "comment"] },
      { open: "“", close: "”", notIn: ["string", "comment"] },
    ],
    surroundingPairs: [
      { open: "(", close: ")" },
      { open: "[", close: "]" },
      { open: '"', close: '"' },
    ],
    wordPattern: /[A-Za-z0-9\u00C0-\u024F'’+-]+/,
    // Enter after a `card <set number> <name>` line starts the card's first field, which is an
    // indented line (docs/set-format.md); after a field, Enter keeps its indentation.
    onEnterRules: [{ beforeText: CARD_LINE, action: { indentAction: monaco.languages.IndentAction.Indent } }],
  });
}
