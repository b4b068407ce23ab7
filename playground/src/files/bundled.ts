/**
 * The bundled sets and decks, read-only in the playground: the project's own `cards/`
 * folder, built into the page by Vite (no network).
 */
const SETS = import.meta.glob("../../../cards/**/*.dgs", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const DECKS = import.meta.glob("../../../cards/**/*.deck", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
/**
 * The playground's own deck lists (`playground/decks/`): decks of the example sets that are
 * not part of the project's card data — e.g. the DCG example's practice decks.
 */
const PLAYGROUND_DECKS = import.meta.glob("../../decks/*.deck", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

/** A bundled file: its name as the project has it ("cards/dbe/starter.dgs") and text. */
export interface BundledFile {
  name: string;
  text: string;
}

const strip = (path: string) => path.replace(/^(\.\.\/)+/, "");

/** The bundled set files, sorted by name. */
export function bundledSets(): BundledFile[] {
  return Object.entries(SETS)
    .map(([p, text]) => ({ name: strip(p), text }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** The bundled deck lists ("cards/…" and "playground/decks/…"), sorted by name. */
export function bundledDecks(): BundledFile[] {
  return [
    ...Object.entries(DECKS).map(([p, text]) => ({ name: strip(p), text })),
    ...Object.entries(PLAYGROUND_DECKS).map(([p, text]) => ({ name: `playground/${strip(p)}`, text })),
  ].sort((a, b) => (a.name < b.name ? -1 : 1));
}
