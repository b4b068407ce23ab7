/**
 * The `deck` language for Monaco: deck lists (`cards/dbe/decks/README.md`): comments, the
 * directives `deck`, `ruleset`, `partner`, the sections `main:` and `destiny:`, and entries
 * `<count> <set number>`.
 */
import type * as Monaco from "monaco-editor/editor";

/** The language id. */
export const DECK = "dgs-deck";

/** Register the deck-list language. */
export function registerDeck(monaco: typeof Monaco): void {
  monaco.languages.register({ id: DECK, extensions: [".deck"], aliases: ["DigiScript deck"] });
  monaco.languages.setMonarchTokensProvider(DECK, {
    tokenizer: {
      root: [
        [/^\s*#.*$/, "comment"],
        [/^(deck|ruleset|partner)\b/, "keyword.header"],
        [/^(main|destiny):/, "keyword"],
        [/^(\s*)(\d+)(\s+)([A-Za-z0-9-]+)/, ["white", "number", "white", "type.identifier"]],
      ],
    },
  });
  monaco.languages.setLanguageConfiguration(DECK, { comments: { lineComment: "#" } });
}
