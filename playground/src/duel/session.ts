/**
 * A game being played in the playground, without the DOM: who answers each seat's decisions
 * (a person — "me" — or an agent of `runtime/core/agents.ts`), one decision at a time or in
 * time-boxed slices, every answer recorded, and undo by replaying the recorded answers from a
 * fresh game (the engine has no undo of its own: a game is its seed, setup and choices —
 * docs/runtime.md "Replay and saving").
 *
 * The game is always advanced: after every answer the engine runs to the next decision, the
 * end of the game, or the scenario's halt, so {@link Session.pending} is the decision to answer.
 */
import { firstLegal, type Agent } from "../../../runtime/core/agents.ts";
import { seatLabel, type Game } from "../../../runtime/core/engine.ts";
import type { Choice, Decision, DecisionKind } from "../../../runtime/core/decision.ts";
import type { PlayerIndex } from "../../../runtime/core/state.ts";
import { makeAgent } from "../../../runtime/sim/simulate.ts";
import { makeDcgAgent } from "../../../runtime/rulesets/dcg/sim.ts";

/** Who answers a seat's decisions: a person at the page, or an agent. */
export type SeatKind = "me" | "random" | "greedy" | "first";

/** Readable names of the seat kinds (for selects). */
export const SEAT_KIND_LABELS: Readonly<Record<SeatKind, string>> = { me: "me", random: "random agent", greedy: "greedy agent", first: "first legal option" };

/**
 * The agent of a seat, or null for "me".
 * @param seed the agent's seed (random agents): `seed·2 + 1` for P1, `seed·2 + 2` for P2 in
 *   a duel of `seed`, as `digiscript duel` and `simulate` use
 * @param ruleset the game's ruleset id (`Ruleset.id`): a DCG game's greedy agent uses the DCG
 *   heuristic (`makeDcgAgent`), a DBE or DMB game's the DBE one (`makeAgent`)
 */
export function agentFor(kind: SeatKind, seed: number, ruleset = "dbe"): Agent | null {
  if (kind === "me") return null;
  if (kind === "first") return firstLegal();
  return ruleset === "dcg" ? makeDcgAgent(kind, seed) : makeAgent(kind, seed);
}

/** One answered decision. */
export interface Answered {
  player: PlayerIndex;
  /** The answer: option indices. */
  choice: Choice;
  /** Who answered it. */
  by: "me" | "agent";
  /** The decision's kind and prompt, as the rules asked it (`runtime/core/decision.ts`). */
  kind: DecisionKind;
  prompt: string;
  /** The chosen options' labels, in answer order. */
  labels: string[];
  /**
   * Whether each chosen label names exactly one option of the decision (a scripted answer by
   * label then picks the same options: `runtime/core/agents.ts` `scriptedAgent`).
   */
  labelsUnique: boolean;
}

/**
 * Where a session stands: waiting for "me" (`me`), for an agent (`agent`), the game is over
 * (`over`), the scenario's steps ran out (`halted`), or the engine failed (`error`: a bug of
 * the rules code, {@link Session.error}).
 */
export type SessionStatus = "me" | "agent" | "over" | "halted" | "error";

/** A played game with its seats, answers and undo. */
export class Session<S = unknown> {
  private readonly build: () => Game<S>;
  /** Who answers each seat. */
  readonly seats: readonly [SeatKind, SeatKind];
  private readonly seeds: readonly [number, number];
  private agents: [Agent | null, Agent | null] = [null, null];
  /** The game (replaced by {@link undo} and {@link restart}). */
  game!: Game<S>;
  /** Every answer given, in order. */
  history: Answered[] = [];
  /** The engine's error message when it failed (status `error`), else null. */
  error: string | null = null;
  /** How many times the game was rebuilt (undo, restart): lets views know to redraw everything. */
  generation = 0;

  /**
   * Create the session and run the new game to its first decision.
   * @param build makes the game at its start, the same every call (a duel from its seed and
   *   setup; a scenario with its steps queued)
   * @param seats who answers P1's and P2's decisions
   * @param seeds the agents' seeds, P1's and P2's (see {@link agentFor})
   * @throws Error from `build` (e.g. an unknown card)
   */
  constructor(build: () => Game<S>, seats: readonly [SeatKind, SeatKind], seeds: readonly [number, number]) {
    this.build = build;
    this.seats = seats;
    this.seeds = seeds;
    this.replay([]);
  }

  /** The decision to answer now, or null (over, halted, failed). */
  get pending(): Decision | null {
    return this.error === null ? this.game.pending : null;
  }

  /** Where the session stands. */
  get status(): SessionStatus {
    if (this.error !== null) return "error";
    if (this.game.over) return "over";
    const d = this.game.pending;
    if (!d) return "halted";
    return this.seats[d.player] === "me" ? "me" : "agent";
  }

  /** Whether the session can go on without "me" (an agent's decision is pending). */
  get canStep(): boolean {
    return this.status === "agent";
  }

  /** Run the engine to the next decision, the end or the halt; an engine failure becomes {@link error}. */
  private advance(): void {
    try {
      this.game.advance();
    } catch (e) {
      this.error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    }
  }

  /** Record an answer and run on. */
  private give(d: Decision, choice: Choice, by: "me" | "agent"): void {
    this.game.answer(choice);
    const labels = choice.map((i) => d.options[i]!.label);
    const labelsUnique = labels.every((l, k) => d.options.findIndex((o) => o.label === l) === choice[k]);
    this.history.push({ player: d.player, choice: [...choice], by, kind: d.kind, prompt: d.prompt, labels, labelsUnique });
    this.advance();
  }

  /**
   * Answer one agent decision (one duel step) and run to the next decision.
   * @returns false when there is no agent decision to answer (waiting for "me", over, halted, failed)
   */
  step(): boolean {
    const d = this.pending;
    if (!d) return false;
    const agent = this.agents[d.player];
    if (!agent) return false;
    let choice: Choice;
    try {
      choice = agent.choose(d, this.game as Game);
    } catch (e) {
      this.error = `agent ${agent.name}: ${(e as Error).message}`;
      return false;
    }
    this.give(d, choice, "agent");
    return true;
  }

  /**
   * Answer the pending decision as "me" (any seat: a person may also answer for an agent).
   * @throws Error when nothing is pending or the answer is not legal (the message names the
   *   decision and the limit: `runtime/core/decision.ts` `choiceError`); nothing changes then
   */
  answer(choice: Choice): void {
    const d = this.pending;
    if (!d) throw new Error("no decision is pending");
    this.give(d, choice, "me");
  }

  /**
   * Answer agent decisions until "me" is asked, the game ends or halts, or `budgetMs` of
   * wall time has passed (checked after each decision; at least one decision is answered).
   * @param now the clock, in ms (default `performance.now`)
   * @returns the decisions answered
   */
  run(budgetMs: number, now: () => number = () => performance.now()): number {
    const until = now() + budgetMs;
    let n = 0;
    while (this.step()) {
      n++;
      if (now() >= until) break;
    }
    return n;
  }

  /** Whether "me" answered any decision that {@link undo} could take back. */
  get canUndo(): boolean {
    return this.history.some((h) => h.by === "me");
  }

  /**
   * Go back to the previous decision of "me": replay a fresh game with every answer before
   * "me"'s last one (agents answer again from their seeds, so a random agent's generator is
   * where it was), and stop at that decision.
   * @returns false when "me" has answered nothing yet
   */
  undo(): boolean {
    let k = this.history.length - 1;
    while (k >= 0 && this.history[k]!.by !== "me") k--;
    if (k < 0) return false;
    this.replay(this.history.slice(0, k));
    return true;
  }

  /**
   * A session of a saved game: the game from `build`, then `choices` answered in order, each
   * recorded as answered by "me" (so {@link undo} steps back one decision at a time, whoever
   * the seats are), and the game run on to where the save stops.
   * @param build makes the saved game at its start (its ruleset, cards, setup and seed)
   * @param seats who answers each seat from there on (a loaded game: both "me")
   * @param choices the save's answers, in order
   * @throws Error when a choice is not legal at its point of the replay, or nothing is pending
   *   for it (check the save with `replayGame` first: then neither happens)
   */
  static replayed<S>(build: () => Game<S>, seats: readonly [SeatKind, SeatKind], seeds: readonly [number, number], choices: readonly Choice[]): Session<S> {
    const s = new Session(build, seats, seeds);
    for (const [i, c] of choices.entries()) {
      const d = s.pending;
      if (!d) throw new Error(`no decision is pending for choice ${i}`);
      s.give(d, c, "me");
    }
    return s;
  }

  /**
   * The same game with other seats: a new session replaying this one's answers (each kept as
   * "me"'s or an agent's), so agents chosen now play on from where the game stands.
   * @param seats who answers P1's and P2's decisions from now on
   * @param seeds the agents' seeds (see {@link agentFor})
   */
  reseated(seats: readonly [SeatKind, SeatKind], seeds: readonly [number, number]): Session<S> {
    const s = new Session(this.build, seats, seeds);
    s.replay(this.history);
    return s;
  }

  /** Start the same game again (same seed, setup and seats) and run to its first decision. */
  restart(): void {
    this.replay([]);
  }

  /**
   * A fresh game with fresh agents, the given answers replayed in order. An agent's seat
   * asks its agent again at each of its decisions (keeping its generator in step) but the
   * recorded answer is used.
   */
  private replay(answers: readonly Answered[]): void {
    this.generation++;
    this.error = null;
    this.history = [];
    this.game = this.build();
    const ruleset = this.game.ruleset.id;
    this.agents = [agentFor(this.seats[0], this.seeds[0], ruleset), agentFor(this.seats[1], this.seeds[1], ruleset)];
    this.advance();
    for (const a of answers) {
      const d = this.pending;
      if (!d) break;
      const agent = this.agents[d.player];
      if (agent && a.by === "agent") agent.choose(d, this.game as Game);
      this.game.answer(a.choice);
      this.history.push({ ...a, choice: [...a.choice], labels: [...a.labels] });
      this.advance();
    }
  }
}

/**
 * The "Result:" line of a game as `digiscript duel` prints it (`compiler/cli/commands/duel.ts`
 * `resultLine`): the winner ("P1 (Dragon Rush) wins", or "draw") and the reason, turns,
 * decisions, seed and the first 16 hex digits of the digest; for a game not over, the
 * decision it waits for.
 * @param digest the game's digest when the caller has it (`g.digest()` hashes the whole state)
 */
export function resultLine(g: Game, digest: string = g.digest()): string {
  const s = g.state;
  const tail = `${s.turn} turns, ${g.choices.length} decisions; seed ${g.seed}; digest ${digest.slice(0, 16)}`;
  if (s.winner === null) {
    const d = g.pending;
    return `Result: not over — ${d ? `waiting for P${d.player + 1}: ${d.prompt}` : "no decision pending"}; ${tail}`;
  }
  return `Result: ${s.winner === "draw" ? "draw" : `${seatLabel(s, s.winner)} wins`} — ${s.endReason ?? ""}; ${tail}`;
}

/**
 * The message of a game the engine ended by its loop rule (docs/runtime.md "Loops"): the
 * text of its last "loop" log event, which names the looping card and sentence; null when
 * the game did not end by a loop. Read generically (the log's wording may change).
 */
export function loopMessage(g: Game): string | null {
  for (let i = g.log.length - 1; i >= 0; i--) if (g.log[i]!.kind === "loop") return g.log[i]!.text || g.state.endReason;
  return null;
}
