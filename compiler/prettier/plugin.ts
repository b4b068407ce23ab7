/**
 * A prettier v3 plugin for DigiScript set files (`.dgs`).
 *
 * The parser `dgs` returns the whole file as one AST node (the source text: the layout
 * is decided line by line by the set-file printer, which keeps comments itself, so prettier
 * attaches none); the printer `dgs` returns `printSetFile`'s canonical text.
 *
 * Usage: `prettier.format(text, { parser: "dgs", plugins: [plugin] })`, or
 * `prettier --plugin ./compiler/prettier/plugin.ts file.dgs` (any loader for `.ts`).
 *
 * Sources: prettier's plugin API (a plugin exports `languages`, `parsers` {parse,
 * astFormat, locStart, locEnd} and `printers` {print}); `docs/set-format.md`.
 */
import type { AstPath, Parser, Plugin, Printer, SupportLanguage } from "prettier";
import { printSetFile } from "../print/setfile.ts";

/** The AST of a `.dgs` file: the whole text. */
export interface DgsFile {
  type: "dgs-file";
  /** The file's text as prettier hands it to the parser. */
  text: string;
  /** The file path prettier was given, if any. */
  filepath: string | undefined;
}

/** The `.dgs` language: prettier picks the `dgs` parser for `.dgs` files. */
export const languages: SupportLanguage[] = [{ name: "DigiScript set", parsers: ["dgs"], extensions: [".dgs"] }];

/** The `dgs` parser: the whole file as one node. */
export const parsers: Record<string, Parser<DgsFile>> = {
  dgs: {
    parse: (text, options) => ({ type: "dgs-file", text, filepath: options.filepath }),
    astFormat: "dgs",
    locStart: () => 0,
    locEnd: (node) => node.text.length,
  },
};

/** The `dgs` printer: the canonical layout of `compiler/print/setfile.ts`. */
export const printers: Record<string, Printer<DgsFile>> = {
  dgs: {
    print: (path: AstPath<DgsFile>) => printSetFile(path.node.text, { file: path.node.filepath ?? undefined }),
  },
};

/** The plugin object (`plugins: [plugin]`). */
const plugin: Plugin<DgsFile> = { languages, parsers, printers };
export default plugin;
