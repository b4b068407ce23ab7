/**
 * Simulated DCG games with invariant checks (issue 14 "Done when": card conservation, memory
 * in −10…+10, no stuck decision, termination), in the style of `runtime/sim/simulate.ts`
 * (DBE's), returning the same {@link GameSummary} so `simulate`'s report and accumulator
 * serve both rulesets.
 */
import { Game, replayGame, type CardDb, type Ruleset } from "../../core/engine.ts";
import { greedyAgent, randomAgent, type Agent } from "../../core/agents.ts";
import type { PlayerIndex } from "../../core/state.ts";
import type { GameSummary } from "../../sim/report.ts";
import { MEMORY_MAX, P, PLAYERS, V, type DcgCard } from "./model.ts";
import { DCG, dcgHeuristic } from "./index.ts";
import type { DcgSetup } from "./setup.ts";
import { DEFAULT_TURN_LIMIT } from "./turn.ts";

/** Agent kinds of a simulated seat. */
export type DcgAgentKind = "random" | "greedy";

/** A seat's agent; `seed` feeds the random agent's own generator. */
export function makeDcgAgent(kind: DcgAgentKind, seed: number): Agent {
  return kind === "greedy" ? greedyAgent(dcgHeuristic) : randomAgent(seed);
}

/** Options of {@link simulateDcgGame}. */
export interface DcgSimOptions {
  agents?: [DcgAgentKind, DcgAgentKind];
  /** Check invariants (default true): cheap ones after every step, all at the end, all after every step of one game in `fullCheckEvery` (by seed). */
  check?: boolean;
  /** Games fully checked after every step: one in this many by seed (default 100; 1 = all). */
  fullCheckEvery?: number;
  /** Replay the game from its save and compare digests (default false). */
  replay?: boolean;
  turnLimit?: number;
  /** Keep the event log (default false). */
  log?: boolean;
  /** Compute the final digest even without a replay. */
  digest?: boolean;
  /** The DCG ruleset to play (default {@link DCG}, without card effects; the effect model's `DCG_EFFECTS` plays card text). */
  ruleset?: Ruleset<DcgSetup>;
}

/**
 * Every invariant of a DCG game state (O(cards)):
 * - card conservation: each card is in exactly one zone, the one it records (no card lost or
 *   duplicated);
 * - the objects in play: each breeding- or battle-area card belongs to exactly one object of
 *   its holder, in that area; objects are not empty; object ids are unique (002 §3-4-4: at
 *   most one Digimon in the breeding area holds by the data shape);
 * - the memory counter is a whole number in −10…+10 (002 §4-1-4);
 * - a Token is only in the battle area or removed from the game (§4-19-2-3).
 * @returns readable violations, empty when none
 */
export function dcgInvariants(g: Game): string[] {
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
  const ids = new Set<number>();
  for (const p of PLAYERS) {
    const s = P(g, p);
    const inPerms = new Map<number, string>();
    const perms = s.breeding ? [...s.battle.map((x) => ["battle", x] as const), ["breeding", s.breeding] as const] : s.battle.map((x) => ["battle", x] as const);
    for (const [area, perm] of perms) {
      if (ids.has(perm.id)) out.push(`object id ${perm.id} is used twice`);
      ids.add(perm.id);
      if (perm.id >= V(g).nextObj) out.push(`object id ${perm.id} was never issued`);
      if (perm.cards.length === 0) out.push(`P${p + 1} has an empty object ${perm.id} in the ${area} area`);
      if (perm.owner !== p) out.push(`object ${perm.id} in P${p + 1}'s ${area} area records owner P${perm.owner + 1}`);
      for (const id of perm.cards) {
        if (inPerms.has(id)) out.push(`card ${id} is in two objects`);
        inPerms.set(id, area);
        const c = g.state.cards[id];
        if (c && (c.zone !== area || c.holder !== p)) out.push(`card ${id} of object ${perm.id} (P${p + 1} ${area}) records ${c.zone} of P${c.holder + 1}`);
      }
    }
    for (const area of ["battle", "breeding"] as const) for (const id of g.zone(p, area)) if (inPerms.get(id) !== area) out.push(`card ${id} in P${p + 1}'s ${area} area belongs to no object there`);
  }
  for (const c of g.state.cards) if (c.vars.token === true && c.zone !== "battle" && c.zone !== "removed") out.push(`Token ${c.id} is in ${c.zone}`);
  cheapInto(g, out);
  return out;
}

/** The O(1) invariants: the memory counter is a whole number in −10…+10. */
function cheapInto(g: Game, out: string[]): void {
  const m = V(g).memory;
  if (!Number.isInteger(m) || m < -MEMORY_MAX || m > MEMORY_MAX) out.push(`memory ${m} is outside −10…+10 (002 §4-1-4)`);
}

/**
 * Play one DCG game to its end with two agents, checking invariants (see {@link DcgSimOptions}),
 * that it ends within the turn limit and with no decision left; optionally replay it from its
 * save and compare digests. Deletions by cause are reported as `koSources` ("battle",
 * "rules", "effect").
 * @throws never for rules problems: engine errors and violations are reported in the summary
 */
export function simulateDcgGame(db: CardDb<DcgCard>, setup: DcgSetup, seed: number, o: DcgSimOptions = {}): GameSummary {
  const violations: string[] = [];
  const check = o.check ?? true;
  const every = Math.max(1, o.fullCheckEvery ?? 100);
  const full = check && seed % every === 0;
  const turnLimit = o.turnLimit ?? setup.turnLimit ?? DEFAULT_TURN_LIMIT;
  const ruleset = o.ruleset ?? DCG;
  const g = new Game(ruleset, db, { ...setup, turnLimit }, seed, { log: o.log ?? false });
  const kinds = o.agents ?? ["random", "random"];
  const agents = [makeDcgAgent(kinds[0], seed * 2 + 1), makeDcgAgent(kinds[1], seed * 2 + 2)] as const;
  try {
    for (let d = g.advance(); d; d = g.advance()) {
      if (full) for (const v of dcgInvariants(g)) violations.push(v);
      else if (check) cheapInto(g, violations);
      g.answer(agents[d.player].choose(d, g));
    }
    if (check) for (const v of dcgInvariants(g)) violations.push(v);
    if (g.pending) violations.push("a decision is left unanswered at the end of the game");
    if (g.state.winner === "draw" && /turn limit/.test(g.state.endReason ?? "")) violations.push(`no winner within ${turnLimit} turns`);
  } catch (e) {
    violations.push(`engine error: ${(e as Error).message}`);
  }
  const koSources: Record<string, number> = {};
  for (const [k, v] of g.tallies) if (k.startsWith("delete: ")) koSources[k.slice(8)] = v;
  const digest = o.replay || o.digest ? g.digest() : "";
  let replayed = false;
  if (o.replay && g.over) {
    try {
      replayed = replayGame(ruleset, db, JSON.parse(JSON.stringify(g.save())), { log: false }).digestMatched;
      if (!replayed) violations.push("replay reached a different digest");
    } catch (e) {
      violations.push(`replay failed: ${(e as Error).message}`);
    }
  }
  return { seed, winner: (g.state.winner ?? "draw") as PlayerIndex | "draw", reason: g.state.endReason ?? "", turns: g.state.turn, decisions: g.choices.length, koSources, violations, digest, replayed, fullyChecked: full };
}
