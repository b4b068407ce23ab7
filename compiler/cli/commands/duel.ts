/**
 * `digiscript duel`: play one full game between two bundled deck lists and print its log.
 * Source: issue 3 §6.
 */
import { Game, seatLabel } from "../../../runtime/core/engine.ts";
import { phaseStepName } from "../../../runtime/rulesets/dbe/narrate.ts";
import { runGame } from "../../../runtime/core/agents.ts";
import { DBE } from "../../../runtime/rulesets/dbe/index.ts";
import { DMB } from "../../../runtime/rulesets/dmb/index.ts";
import { makeAgent, type AgentKind } from "../../../runtime/sim/simulate.ts";
import { UserError } from "../errors.ts";
import { inferRuleset } from "../ruleset.ts";
import { bundledDb, deckPath, loadDeck } from "../decks.ts";
import { dcgDeckPath, formatDcgLog, loadDcgDeck, loadDcgPool } from "../dcg.ts";
import { DCG_EFFECTS } from "../../../runtime/rulesets/dcg/effects/index.ts";
import { makeDcgAgent } from "../../../runtime/rulesets/dcg/sim.ts";
import type { DcgSeat } from "../../../runtime/rulesets/dcg/setup.ts";

/** Options of duel. */
export interface DuelOptions {
  /**
   * The rules: DBE, DMB, or the official Digimon Card Game with card effects (`dcg`: `DCG_EFFECTS`);
   * absent: the game the decks and `cards` say (`compiler/cli/ruleset.ts` `inferRuleset`), else `dbe`.
   */
  ruleset?: "dbe" | "dmb" | "dcg";
  decks: string[];
  seed: number;
  agents: [AgentKind, AgentKind];
  /** Print the save file (seed + choices) as JSON instead of the log. */
  json: boolean;
  /**
   * Extra `.dgs` files or folders whose cards the decks may use; for `dcg`, DCG sets, compiled
   * DCG sets or the card dump, instead of the card pool (`compiler/cli/dcg.ts` `loadDcgPool`).
   */
  cards?: string[];
}

/**
 * Play the duel and print its readable log (or its JSON save) to stdout. Without `ruleset`, the
 * game is the one the decks and `cards` say (`inferRuleset`).
 * @returns exit code 0
 * @throws UserError for a wrong deck count, decks or sets of different games (without
 *   `ruleset`), an unreadable or illegal deck, or a deck with cards the runtime cannot yet perform
 */
export async function duelCommand(o: DuelOptions): Promise<number> {
  if (o.decks.length !== 2) throw new UserError(`duel needs exactly two --deck options, got ${o.decks.length}`);
  const ruleset = o.ruleset ?? (await inferRuleset(o.decks, o.cards ?? []));
  if (ruleset === "dcg") return dcgDuel(o);
  const db = await bundledDb(o.cards ?? []);
  const seats = o.decks.map((d) => loadDeck(deckPath(d), db, ruleset)) as [ReturnType<typeof loadDeck>, ReturnType<typeof loadDeck>];
  const g = new Game(ruleset === "dmb" ? DMB : DBE, db, { seats }, o.seed);
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
 * `duel --ruleset dcg`: load the DCG cards (`loadDcgPool`) and both decks (`loadDcgDeck`), play
 * the game with card effects (`DCG_EFFECTS`) and print its log ({@link formatDcgLog}) and result
 * line, or its save with `json`.
 * @returns exit code 0
 * @throws UserError for an unreadable or illegal deck, or a deck with a card that does not
 *   compile or that the runtime cannot perform yet (each naming the card and the rule or construct)
 */
async function dcgDuel(o: DuelOptions): Promise<number> {
  const pool = await loadDcgPool(o.cards ?? []);
  const seats = o.decks.map((d) => loadDcgDeck(dcgDeckPath(d), pool)) as [DcgSeat, DcgSeat];
  const g = new Game(DCG_EFFECTS, pool.db, { seats }, o.seed);
  runGame(g, [makeDcgAgent(o.agents[0], o.seed * 2 + 1), makeDcgAgent(o.agents[1], o.seed * 2 + 2)]);
  if (o.json) {
    process.stdout.write(JSON.stringify(g.save(), null, 1) + "\n");
    return 0;
  }
  process.stdout.write(formatDcgLog(g));
  process.stdout.write(`\n${resultLine(g)}\n`);
  return 0;
}

/**
 * A game's event log as `duel` (and `replay`) print it, for people: a first line naming the
 * seats ("P1: Dragon Core — P2: Nature Core"), a header per part of the game ("── Pre-Game
 * Setup ──", "── Turn 3: P2 (Nature Core) ──", "── The game ends ──"), a line per phase step
 * as the rules name it ("  Prep Phase, step 2 (Draw)"; a battle event under the Battle
 * Phase step it belongs to), and one line per event, "    <text>", written by the rules
 * code in the log's words (`runtime/rulesets/dbe/narrate.ts`; docs/runtime.md "The duel
 * log"). The machine form of a game is its save (`duel --json`), not this text.
 * @returns the text, each line ending in a newline ("" for an empty log)
 */
export function formatLog(g: Game): string {
  if (g.log.length === 0) return "";
  const out: string[] = [`${seatLabel(g.state, 0)} — ${seatLabel(g.state, 1)}\n`];
  let turn = -1;
  let section = "";
  for (const e of g.log) {
    if (e.kind === "gameEnd") {
      out.push("── The game ends ──\n", `    ${e.text}\n`);
      continue;
    }
    if (e.turn !== turn) {
      turn = e.turn;
      section = "";
      // A turn's first event is "turn" (its text names the turn player), written as the header.
      if (e.kind === "turn") {
        out.push(`── ${e.text.replace(/ is the turn player$/, "")} ──\n`);
        continue;
      }
      out.push(turn === 0 ? "── Pre-Game Setup ──\n" : `── Turn ${turn} ──\n`);
    }
    if (e.kind === "turn") continue;
    // A battle event belongs to the Battle Phase step it reports (battle.ts BattleEvent.step).
    const step = e.kind.startsWith("battle.") && typeof e.data.step === "number" ? String(e.data.step) : e.step;
    const here = e.phase === "setup" ? "" : phaseStepName(e.phase, step);
    if (here && here !== section) out.push(`  ${here}\n`);
    section = here || section;
    out.push(`    ${e.text}\n`);
  }
  return out.join("");
}

/**
 * The "Result:" line of a game: the winner ("P1 (Dragon Core) wins", or "draw") and the
 * reason, turns, decisions, seed and the first 16 hex digits of the digest; for a game not
 * over, the decision it waits for.
 */
export function resultLine(g: Game): string {
  const s = g.state;
  const tail = `${s.turn} turns, ${g.choices.length} decisions; seed ${g.seed}; digest ${g.digest().slice(0, 16)}`;
  if (s.winner === null) {
    const d = g.pending;
    return `Result: not over — ${d ? `waiting for P${d.player + 1}: ${d.prompt}` : "no decision pending"}; ${tail}`;
  }
  return `Result: ${s.winner === "draw" ? "draw" : `${seatLabel(s, s.winner)} wins`} — ${s.endReason ?? ""}; ${tail}`;
}
