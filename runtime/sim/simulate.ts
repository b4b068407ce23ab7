/**
 * Simulated games: play one game with chosen agents while checking invariants after every
 * step, and summarise many games (win rates with confidence intervals, turns, KO sources).
 * Source: issue 3 §6 "Duels and simulation".
 */
import type { CompiledCard } from "../card.ts";
import { Game, replayGame, type CardDb, type Ruleset } from "../core/engine.ts";
import { greedyAgent, randomAgent, type Agent } from "../core/agents.ts";
import type { PlayerIndex } from "../core/state.ts";
import { DBE, dbeHeuristic, type DbeSetup } from "../rulesets/dbe/index.ts";
import { P } from "../rulesets/dbe/model.ts";
import { DMB } from "../rulesets/dmb/index.ts";
import type { GameSummary } from "./report.ts";

export { MAX_REPORTED_VIOLATIONS, SimAccumulator, summarize, wilson, type GameSummary, type Rate, type SimReport } from "./report.ts";

/** Agent kinds the simulator and the duel command offer. */
export type AgentKind = "random" | "greedy";

/** Build an agent for a seat. `seed` feeds the random agent's own generator. */
export function makeAgent(kind: AgentKind, seed: number): Agent {
  return kind === "greedy" ? greedyAgent(dbeHeuristic) : randomAgent(seed);
}

/** Options of {@link simulateGame}. */
export interface SimOptions {
  agents: [AgentKind, AgentKind];
  /**
   * Check invariants (default true): the cheap ones ({@link cheapInvariants}) after every
   * step of every game, every invariant ({@link invariants}) at the end of every game, and
   * every invariant after every step of the games whose seed is a multiple of
   * `fullCheckEvery` (a deterministic sample).
   */
  check?: boolean;
  /** Games with every invariant checked after every step: one in this many (by seed; default 100; 1 = all). */
  fullCheckEvery?: number;
  /** Replay the game from its save and compare digests (default false). */
  replay?: boolean;
  /** Turn limit (draw beyond it). */
  turnLimit?: number;
  /** Keep the event log (default false: KO sources come from the ruleset's tallies). */
  log?: boolean;
  /** The ruleset (default "dbe"). */
  ruleset?: "dbe" | "dmb";
  /** Compute the final state digest even without a replay (default false). */
  digest?: boolean;
}

/**
 * Invariants of a DBE game state: card conservation across zones (every card in exactly
 * the zone it records, no card lost or duplicated), HP ≥ 0, KO points ≥ 0.
 * O(cards in the game).
 * @returns readable violations, empty when none
 */
export function invariants(g: Game): string[] {
  const out: string[] = [];
  const seen = new Uint8Array(g.state.cards.length);
  for (const pl of g.state.players)
    for (const [zone, ids] of Object.entries(pl.zones))
      for (const id of ids) {
        const c = g.state.cards[id];
        if (!c) out.push(`unknown card id ${id} in P${pl.index + 1} ${zone}`);
        else if (c.zone !== zone || c.holder !== pl.index) out.push(`card ${id} is in P${pl.index + 1} ${zone} but records ${c.zone} of P${c.holder + 1}`);
        if (seen[id]++) out.push(`card ${id} is in two places`);
      }
  for (let i = 0; i < seen.length; i++) if (!seen[i]) out.push(`card ${i} is in no zone (card conservation)`);
  cheapInto(g, out);
  return out;
}

/**
 * The invariants that cost O(1): HP ≥ 0 and KO points ≥ 0 for both players.
 * @returns readable violations, empty when none
 */
export function cheapInvariants(g: Game): string[] {
  const out: string[] = [];
  cheapInto(g, out);
  return out;
}

function cheapInto(g: Game, out: string[]): void {
  for (const p of PLAYERS) {
    const s = P(g, p);
    if (!(s.hp >= 0)) out.push(`P${p + 1} HP ${s.hp} < 0`);
    if (!(s.ko >= 0)) out.push(`P${p + 1} KO points ${s.ko} < 0`);
  }
}

const PLAYERS: readonly PlayerIndex[] = [0, 1];

/**
 * Play one game to its end. Checks invariants (see {@link SimOptions.check}: cheap ones after
 * every step, all of them at the end, and all of them after every step on a deterministic
 * sample of games), that the game ends within the turn limit, and that no decision is left
 * unanswered; optionally replays it from its save. A game the loop rule ends (a draw naming
 * the card: docs/runtime.md "Loops") is a game played by the rules, not a violation; an
 * engine error is one.
 * @throws never for rules problems: they are reported as violations
 */
export function simulateGame(db: CardDb<CompiledCard>, setup: DbeSetup, seed: number, o: SimOptions): GameSummary {
  const ruleset: Ruleset<DbeSetup> = o.ruleset === "dmb" ? DMB : DBE;
  const violations: string[] = [];
  const check = o.check ?? true;
  const every = Math.max(1, o.fullCheckEvery ?? 100);
  const full = check && seed % every === 0;
  const g = new Game(ruleset, db, { ...setup, turnLimit: o.turnLimit ?? setup.turnLimit ?? 200 }, seed, { log: o.log ?? false });
  const agents = [makeAgent(o.agents[0], seed * 2 + 1), makeAgent(o.agents[1], seed * 2 + 2)] as const;
  try {
    for (let d = g.advance(); d; d = g.advance()) {
      if (full) for (const v of invariants(g)) violations.push(v);
      else if (check) cheapInto(g, violations);
      g.answer(agents[d.player].choose(d, g));
    }
    if (check) for (const v of invariants(g)) violations.push(v);
    if (g.pending) violations.push("a decision is left unanswered at the end of the game");
    if (g.state.winner === "draw" && /turn limit/.test(g.state.endReason ?? "")) {
      const n = o.turnLimit ?? setup.turnLimit ?? 200;
      violations.push(`no winner within ${n} turn${n === 1 ? "" : "s"}`);
    };
  } catch (e) {
    violations.push(`engine error: ${(e as Error).message}`);
  }
  // KO sources: the ruleset's tallies ("ko: hp", "ko: effect: fourFlats" …), kept with the log off.
  const koSources: Record<string, number> = {};
  for (const [k, v] of g.tallies) if (k.startsWith("ko: ")) koSources[k.slice(4)] = v;
  const digest = o.replay || o.digest ? g.digest() : "";
  let replayed = false;
  if (o.replay && g.over) {
    try {
      // The log is not part of the digest: the replay runs without it.
      replayed = replayGame(ruleset, db, JSON.parse(JSON.stringify(g.save())), { log: false }).digestMatched;
      if (!replayed) violations.push("replay reached a different digest");
    } catch (e) {
      violations.push(`replay failed: ${(e as Error).message}`);
    }
  }
  return { seed, winner: g.state.winner ?? "draw", reason: g.state.endReason ?? "", turns: g.state.turn, decisions: g.choices.length, koSources, violations, digest, replayed, fullyChecked: full };
}
