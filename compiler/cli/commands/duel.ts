/**
 * `digiscript duel`: play one full game between two bundled deck lists and print its log.
 * Source: issue 3 §6.
 */
import { Game } from "../../../runtime/core/engine.ts";
import { runGame } from "../../../runtime/core/agents.ts";
import { DBE } from "../../../runtime/rulesets/dbe/index.ts";
import { DMB } from "../../../runtime/rulesets/dmb/index.ts";
import { makeAgent, type AgentKind } from "../../../runtime/sim/simulate.ts";
import { UserError } from "../errors.ts";
import { bundledDb, deckPath, loadDeck } from "../decks.ts";

/** Options of duel. */
export interface DuelOptions {
  ruleset: "dbe" | "dmb";
  decks: string[];
  seed: number;
  agents: [AgentKind, AgentKind];
  /** Print the save file (seed + choices) as JSON instead of the log. */
  json: boolean;
  /** Extra `.dgs` files or folders whose cards the decks may use. */
  cards?: string[];
}

/**
 * Play the duel and print its readable log (or its JSON save) to stdout.
 * @returns exit code 0
 * @throws UserError for a wrong deck count, an unreadable or illegal deck, or a deck with
 *   cards the runtime cannot yet perform
 */
export async function duelCommand(o: DuelOptions): Promise<number> {
  if (o.decks.length !== 2) throw new UserError(`duel needs exactly two --deck options, got ${o.decks.length}`);
  const db = await bundledDb(o.cards ?? []);
  const seats = o.decks.map((d) => loadDeck(deckPath(d), db, o.ruleset)) as [ReturnType<typeof loadDeck>, ReturnType<typeof loadDeck>];
  const g = new Game(o.ruleset === "dmb" ? DMB : DBE, db, { seats }, o.seed);
  const result = runGame(g, [makeAgent(o.agents[0], o.seed * 2 + 1), makeAgent(o.agents[1], o.seed * 2 + 2)]);
  if (o.json) {
    process.stdout.write(JSON.stringify(g.save(), null, 1) + "\n");
    return 0;
  }
  let turn = -1;
  for (const e of g.log) {
    if (e.turn !== turn) {
      turn = e.turn;
      process.stdout.write(turn === 0 ? "── Pre-Game Setup ──\n" : `── Turn ${turn} ──\n`);
    }
    process.stdout.write(`  [${e.phase}${e.step ? ` ${e.step}` : ""}] ${e.text}\n`);
  }
  process.stdout.write(`\nResult: ${result.winner === "draw" ? "draw" : `${g.state.players[result.winner].name} (P${result.winner + 1}) wins`} — ${result.reason}; ${result.turns} turns, ${result.decisions} decisions; seed ${o.seed}; digest ${g.digest().slice(0, 16)}\n`);
  return 0;
}
