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
  runGame(g, [makeAgent(o.agents[0], o.seed * 2 + 1), makeAgent(o.agents[1], o.seed * 2 + 2)]);
  if (o.json) {
    process.stdout.write(JSON.stringify(g.save(), null, 1) + "\n");
    return 0;
  }
  process.stdout.write(formatLog(g));
  process.stdout.write(`\n${resultLine(g)}\n`);
  return 0;
}

/**
 * A game's event log as `duel` prints it: a header per turn ("── Pre-Game Setup ──",
 * "── Turn 3 ──") and one line per event, `  [phase step] text`.
 * @returns the text, each line ending in a newline ("" for an empty log)
 */
export function formatLog(g: Game): string {
  const out: string[] = [];
  let turn = -1;
  for (const e of g.log) {
    if (e.turn !== turn) {
      turn = e.turn;
      out.push(turn === 0 ? "── Pre-Game Setup ──\n" : `── Turn ${turn} ──\n`);
    }
    out.push(`  [${e.phase}${e.step ? ` ${e.step}` : ""}] ${e.text}\n`);
  }
  return out.join("");
}

/**
 * The "Result:" line of a game: the winner (or "draw") and the reason, turns, decisions, seed
 * and the first 16 hex digits of the digest; for a game not over, the decision it waits for.
 */
export function resultLine(g: Game): string {
  const s = g.state;
  const tail = `${s.turn} turns, ${g.choices.length} decisions; seed ${g.seed}; digest ${g.digest().slice(0, 16)}`;
  if (s.winner === null) {
    const d = g.pending;
    return `Result: not over — ${d ? `waiting for P${d.player + 1}: ${d.prompt}` : "no decision pending"}; ${tail}`;
  }
  return `Result: ${s.winner === "draw" ? "draw" : `${s.players[s.winner].name} (P${s.winner + 1}) wins`} — ${s.endReason ?? ""}; ${tail}`;
}
