/**
 * Agents: who answers decisions. Source: issue 3 §1 "Decisions" (scripted, random,
 * first-legal, greedy, interactive).
 *
 * An agent sees the decision and a read-only game; rulesets that hide information give
 * agents a view of what that player may see (`000_…`, FAQ "When is something a hidden
 * zone?"). Agents never change the game: {@link runGame} passes their answer to
 * {@link Game.answer}, which checks it.
 */
import type { Choice, Decision } from "./decision.ts";
import type { Game } from "./engine.ts";
import { Rng } from "./rng.ts";

/** Something that answers decisions. */
export interface Agent {
  /** Name for logs, e.g. "random(7)". */
  readonly name: string;
  /**
   * Answer a decision of this player.
   * @throws Error when it cannot (e.g. a script ran out)
   */
  choose(d: Decision, g: Game): Choice;
}

/** First-legal: always the first `min` options (none when `min` is 0). */
export function firstLegal(): Agent {
  return { name: "first-legal", choose: (d) => Array.from({ length: d.min }, (_, i) => i) };
}

/**
 * Uniformly random legal answers from its own seeded generator (independent of the game's,
 * so the game's random draws do not depend on agents).
 * @param seed the agent's seed: any number; its low 32 bits, mixed with a constant, seed the
 *   agent's generator (agents derive their seeds from the game's, e.g. 2·seed + 1, which may
 *   leave the game's seed range)
 */
export function randomAgent(seed: number): Agent {
  const rng = new Rng(seed ^ 0x5bd1e995);
  return {
    name: `random(${seed})`,
    choose(d) {
      const n = d.options.length;
      const k = rng.int(d.min, d.max);
      // The first k of a uniformly random permutation (a partial Fisher–Yates: k draws, not n).
      const idx: number[] = [];
      for (let i = 0; i < n; i++) idx.push(i);
      for (let i = 0; i < k; i++) {
        const j = rng.int(i, n - 1);
        const x = idx[i]!;
        idx[i] = idx[j]!;
        idx[j] = x;
      }
      idx.length = k;
      return d.ordered ? idx : idx.sort(byNumber);
    },
  };
}

const byNumber = (a: number, b: number): number => a - b;

/** A score of an option for the greedy agent: higher is better for the deciding player. */
export type Heuristic = (d: Decision, option: number, g: Game) => number;

/**
 * Greedy: picks the best-scored options (ties to the first), choosing as many as have a
 * positive score within `[min, max]`. The ruleset supplies the heuristic.
 */
export function greedyAgent(score: Heuristic): Agent {
  return {
    name: "greedy",
    choose(d, g) {
      const scored = d.options.map((_, i) => ({ i, s: score(d, i, g) })).sort((a, b) => b.s - a.s || a.i - b.i);
      let k = scored.filter((x) => x.s > 0).length;
      k = Math.max(d.min, Math.min(d.max, k));
      const pick = scored.slice(0, k).map((x) => x.i);
      return d.ordered ? pick : pick.sort((a, b) => a - b);
    },
  };
}

/** One scripted answer: option indices, or option labels (matched exactly). */
export type ScriptedAnswer = Choice | string[];

/**
 * Scripted answers for tests, per player, in order. Strict: a decision with no scripted
 * answer left, or an answer whose labels are not offered, throws (the scenario fails).
 */
export function scriptedAgent(answers: ScriptedAnswer[], name = "script"): Agent & { remaining(): number } {
  const queue = [...answers];
  return {
    name,
    remaining: () => queue.length,
    choose(d) {
      const a = queue.shift();
      if (a === undefined) throw new Error(`${name}: unscripted decision ${d.id} (${d.kind}): "${d.prompt}" — options: ${d.options.map((o, i) => `${i}:${o.label}`).join(", ")}`);
      if (a.every((x) => typeof x === "number")) return a as Choice;
      return (a as string[]).map((label) => {
        const i = d.options.findIndex((o) => o.label === label);
        if (i < 0) throw new Error(`${name}: decision ${d.id} (${d.kind}) has no option "${label}" — options: ${d.options.map((o) => o.label).join(", ")}`);
        return i;
      });
    },
  };
}

/**
 * Interactive: holds the decision until a person answers (the playground). `choose` throws
 * while no answer was provided; use {@link Game.pending} and {@link Game.answer} directly.
 */
export function interactiveAgent(): Agent & { provide(c: Choice): void; waiting: Decision | null } {
  let next: Choice | null = null;
  const agent = {
    name: "interactive",
    waiting: null as Decision | null,
    provide(c: Choice) {
      next = c;
    },
    choose(d: Decision): Choice {
      if (next === null) {
        agent.waiting = d;
        throw new Error(`interactive: decision ${d.id} (${d.kind}) waits for the player`);
      }
      const c = next;
      next = null;
      agent.waiting = null;
      return c;
    },
  };
  return agent;
}

/** Result of {@link runGame}. */
export interface RunResult {
  winner: 0 | 1 | "draw";
  reason: string;
  turns: number;
  decisions: number;
}

/**
 * Play a game to its end with two agents.
 * @throws Error from an agent (e.g. an unscripted decision) or an illegal answer
 */
export function runGame(g: Game, agents: readonly [Agent, Agent]): RunResult {
  for (let d = g.advance(); d; d = g.advance()) g.answer(agents[d.player]!.choose(d, g));
  return { winner: g.state.winner!, reason: g.state.endReason ?? "", turns: g.state.turn, decisions: g.choices.length };
}
