/**
 * Test fixtures (unit tests only, never bundled into the page): the workspace's bundled
 * sets and decks compiled in node as the language worker compiles them (`checkSources`;
 * cards with errors left out), so tests play the same cards as the page.
 */
import { checkAllSources, checkSources } from "../../../compiler/check/set.ts";
import type { CompiledCard } from "../../../runtime/card.ts";
import type { DcgCard } from "../../../runtime/lang/dcg/card.ts";
import { bundledDecks, bundledSets } from "../files/bundled.ts";
import type { DeckFile } from "./setup.ts";

/**
 * The compiled cards of the bundled sets, plus extra `.dgs` files (the designer's own).
 * @param extra files to compile beside the bundled sets
 */
export function workspaceCards(extra: readonly { file: string; text: string }[] = []): CompiledCard[] {
  const sets = checkSources([...bundledSets().map((f) => ({ file: f.name, text: f.text })), ...extra]);
  return sets.flatMap((s) => s.cards.filter((c) => c.ok).map((c) => ({ stats: c.stats, text: c.text, effects: c.effects })));
}

/**
 * A bundled deck file by its short name ("dragon-rush", "dsx-ember-practice": the project's
 * `cards/…/decks/` and the playground's `playground/decks/`).
 * @throws Error when there is no such bundled deck
 */
export function bundledDeck(name: string): DeckFile {
  const f = bundledDecks().find((d) => d.name.endsWith(`/${name}.deck`));
  if (!f) throw new Error(`no bundled deck ${name}`);
  return { file: f.name, text: f.text };
}

/**
 * The compiled DCG cards of the bundled DCG sets (`ruleset dcg`: the example set), plus extra
 * DCG `.dgs` files, as the language worker's `dcgPlayable` answers them (cards with errors left out).
 * @param extra DCG set files to compile beside the bundled ones
 */
export function workspaceDcgCards(extra: readonly { file: string; text: string }[] = []): DcgCard[] {
  const sets = checkAllSources([...bundledSets().map((f) => ({ file: f.name, text: f.text })), ...extra]).dcg;
  return sets.flatMap((s) => s.cards.filter((c) => c.ok).map((c) => ({ stats: c.stats, text: c.text, effects: c.effects })));
}
