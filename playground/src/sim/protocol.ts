/**
 * The messages between the simulation panel and its Web Worker (`sim.worker.ts`). Plain
 * JSON (structured clone). The page starts one run per worker and stops it by terminating
 * the worker (Cancel).
 */
import type { CompiledCard } from "../../../runtime/card.ts";
import type { DcgCard } from "../../../runtime/lang/dcg/card.ts";
import type { DbeSetup } from "../../../runtime/rulesets/dbe/index.ts";
import type { DcgSetup } from "../../../runtime/rulesets/dcg/index.ts";
import type { AgentKind, GameSummary } from "../../../runtime/sim/simulate.ts";

/** What to simulate: `games` games of seeds `first`, `first + 1`, … — DBE/DMB or DCG decks. */
export type SimJob = DbeSimJob | DcgSimJob;

/** The parts of a job every ruleset has. */
interface SimJobBase {
  agents: [AgentKind, AgentKind];
  /** The first seed; game i plays seed `first + i` (as `digiscript simulate --seed`). */
  first: number;
  /** Number of games, ≥ 1. */
  games: number;
  /** Turn limit (a draw beyond it; default of the rules: 200). */
  turnLimit: number;
  /** Replay one game in this many from its save and compare digests (0: none). */
  replayEvery: number;
}

/** A DBE or DMB job (`simulateGame` of `runtime/sim/simulate.ts`). */
export interface DbeSimJob extends SimJobBase {
  /** Every compiled card of the workspace (the worker builds its card database from them). */
  cards: CompiledCard[];
  /** The two seats, as the duel bench prepares them (`duel/setup.ts` `prepareDuel`). */
  setup: DbeSetup;
  ruleset: "dbe" | "dmb";
}

/** A DCG job (`simulateDcgGame` of `runtime/rulesets/dcg/sim.ts`, with the effect model). */
export interface DcgSimJob extends SimJobBase {
  /** Every compiled DCG card of the workspace. */
  cards: DcgCard[];
  /** The two seats, as the duel bench prepares them (`duel/dcg-setup.ts` `prepareDcgDuel`). */
  setup: DcgSetup;
  ruleset: "dcg";
  /** Practice decks (002 §5-1-1 waived): the games are played by `DCG_PRACTICE`. */
  practice: boolean;
}

/** Page → worker. */
export type ToWorker = { kind: "start"; job: SimJob };

/** Worker → page: finished games (in batches, at most every ~100 ms), the end, or a failure. */
export type FromWorker =
  | { kind: "games"; results: GameSummary[] }
  | { kind: "done"; games: number; ms: number }
  | { kind: "error"; message: string };
