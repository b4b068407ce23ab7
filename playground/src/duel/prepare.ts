/**
 * The ruleset switch of the duel bench and the simulation: the duel settings' two deck files
 * checked for their ruleset — DBE and DMB by `setup.ts` (`prepareDuel`), DCG by `dcg-setup.ts`
 * (`prepareDcgDuel`) — with the workspace's compiled cards of that ruleset, and a new game of
 * the prepared duel. Everything else (sessions, decisions, the log, agents, the simulation
 * tally) is shared: a game is a `Game` whatever its ruleset, and the views read
 * `g.ruleset.id` where the rulesets differ (the board: `paint-board.ts`).
 */
import type { App, DuelSettings } from "../app/app.ts";
import type { Game } from "../../../runtime/core/engine.ts";
import { newDcgDuelGame, prepareDcgDuel, type PreparedDcgDuel } from "./dcg-setup.ts";
import { newDuelGame, prepareDuel, type DeckFile, type DeckProblem, type PreparedDuel } from "./setup.ts";
import { cardViews, dcgPlayableCards, deckFile, playableCards } from "./workspace.ts";

/** A duel ready to start, of any ruleset. */
export type AnyPreparedDuel = PreparedDuel | PreparedDcgDuel;

/** Why a duel cannot start: deck problems (file, line, card, rule), or the cards could not be compiled. */
export type NotPrepared = { ok: false; problems: DeckProblem[]; error: null } | { ok: false; problems: []; error: string };

/**
 * Prepare the duel of the settings from the workspace: the deck files by name, the compiled
 * cards of the settings' ruleset, both decks checked (practice decks allowed for DCG when
 * `settings.practice`).
 * @returns the prepared duel, or why not. Never throws.
 */
export async function prepareWorkspaceDuel(app: App, settings: DuelSettings): Promise<AnyPreparedDuel | NotPrepared> {
  const decks = settings.decks.map((f) => deckFile(app, f));
  const missing: DeckProblem[] = settings.decks.flatMap((f, i) => (decks[i] ? [] : [{ file: f, line: null, card: null, rule: "the workspace's deck files", message: `there is no deck file ${f}` }]));
  if (missing.length) return { ok: false, problems: missing, error: null };
  const pair = [decks[0]!, decks[1]!] as [DeckFile, DeckFile];
  try {
    if (settings.ruleset === "dcg") {
      const p = prepareDcgDuel(await dcgPlayableCards(app), pair, settings.practice === true);
      return p.ok ? p : { ok: false, problems: p.problems, error: null };
    }
    const broken = new Map((await cardViews(app)).filter((v) => !v.card.ok).map((v) => [v.card.stats.setNumber, { name: v.card.stats.name, where: `${v.file}:${v.range.line}` }] as const));
    const p = prepareDuel(await playableCards(app), pair, settings.ruleset, broken);
    return p.ok ? p : { ok: false, problems: p.problems, error: null };
  } catch (e) {
    return { ok: false, problems: [], error: `The cards could not be compiled: ${(e as Error).message}` };
  }
}

/**
 * A new game of a prepared duel (nothing run yet): DBE/DMB as `digiscript duel` creates it,
 * DCG as `simulateDcgGame` does.
 * @throws RangeError for an invalid seed (check it with `seedError` first)
 */
export function newGameOf(p: AnyPreparedDuel, seed: number): Game {
  return (p.ruleset === "dcg" ? newDcgDuelGame(p, seed) : newDuelGame(p, seed)) as Game;
}
