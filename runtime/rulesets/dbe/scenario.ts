/**
 * The DBE scenario builder: the rules-accuracy corpus is written with it (issue 3 §5).
 *
 * A scenario puts cards directly into zones, sets the battle state, scripts every decision,
 * queues the phase steps to run and stops there; then it asserts on the state and the log.
 * It is strict: a decision the scenario did not script fails, and so does a scripted answer
 * that was never asked.
 *
 * ```ts
 * const r = new DbeScenario(db, "Palmon's If not (FAQ Conditionals)")
 *   .turn(2, 0)
 *   .active(0, "EX-035", { attack: "circle" })
 *   .active(1, "DS1-016", { attack: "circle" })
 *   .support(0, "EX-035")
 *   .steps({ t: "dbe.support.resolve" })
 *   .run();
 * expect(r.player(0).power.circle).toBe(…);
 * ```
 */
import type { CompiledCard } from "../../card.ts";
import { Game, HALT, type CardDb, type Ruleset, type Task } from "../../core/engine.ts";
import { scriptedAgent, type ScriptedAnswer } from "../../core/agents.ts";
import type { LogEvent } from "../../core/log.ts";
import type { PlayerIndex } from "../../core/state.ts";
import { DBE, type DbeSetup } from "./index.ts";
import { P, resetActiveStats, type DbePlayer } from "./model.ts";

/** The result of a scenario run: the game, stopped at the end of the scripted steps. */
export interface ScenarioResult {
  g: Game;
  /** The DBE state of a player. */
  player(p: PlayerIndex): DbePlayer;
  /** Log events of the given kinds, in order. */
  events(...kinds: string[]): LogEvent[];
  /** Card definition keys of a zone, bottom first. */
  zone(p: PlayerIndex, zone: string): string[];
}

/** Builds and runs one scenario. Every method throws with a clear message on a bad card key. */
export class DbeScenario {
  readonly name: string;
  readonly g: Game;
  private scripts: [ScriptedAnswer[], ScriptedAnswer[]] = [[], []];
  private tasks: Task[] = [];

  /**
   * @param db the cards the scenario may use
   * @param name the scenario's name, citing its rules section
   * @param seed the game's seed (shuffles), default 1
   * @param ruleset the rules it plays by: DBE (default) or a variant sharing DBE's handlers
   *   (DMB: `rulesets/dmb/scenario.ts` `DmbScenario`)
   */
  constructor(db: CardDb<CompiledCard>, name: string, seed = 1, ruleset: Ruleset<DbeSetup> = DBE) {
    this.name = name;
    this.g = new Game(ruleset, db, { seats: [{ name: "P1", main: [], destiny: [], partner: null }, { name: "P2", main: [], destiny: [], partner: null }], scenario: true }, seed);
  }

  /** Set the turn number and turn player. */
  turn(n: number, turnPlayer: PlayerIndex): this {
    this.g.state.turn = n;
    this.g.state.turnPlayer = turnPlayer;
    return this;
  }

  /**
   * Put cards into a zone of a player, in order (the last one ends on top). Returns the
   * builder. A scenario skips Pre-Game Setup: put a Mastery card last in the Destiny Zone, as
   * its step 2 would (only the top card is read as the Mastery: places.ts `forEachInPlay`).
   */
  put(p: PlayerIndex, zone: string, ...keys: string[]): this {
    for (const k of keys) this.g.createCard(p, k, zone);
    return this;
  }

  /** The id of the last card put into a zone of a player. */
  top(p: PlayerIndex, zone: string): number {
    const z = this.g.zone(p, zone);
    if (!z.length) throw new Error(`${this.name}: P${p + 1}'s ${zone} is empty`);
    return z[z.length - 1]!;
  }

  /**
   * Make a card the active Digimon with printed stats (abnormal ones when `abnormal`), then
   * apply `state` (HP, attack, flats, KO points…).
   */
  active(p: PlayerIndex, key: string, state: Partial<DbePlayer> = {}): this {
    this.g.createCard(p, key, "active");
    const s = P(this.g, p);
    s.abnormal = state.abnormal ?? false;
    resetActiveStats(this.g, p);
    Object.assign(s, state);
    return this;
  }

  /**
   * Make an active stack: the cards go into the Active Zone bottom first and the last one is
   * the active Digimon, as {@link active} makes it (printed stats, `state` applied).
   */
  stack(p: PlayerIndex, keys: readonly string[], state: Partial<DbePlayer> = {}): this {
    if (keys.length === 0) throw new Error(`${this.name}: an active stack needs a card`);
    this.put(p, "active", ...keys.slice(0, -1));
    return this.active(p, keys[keys.length - 1]!, state);
  }

  /** Declare a player's Partner (Pre-Game Setup 2; 003, Deck Construction): its set number. */
  partner(p: PlayerIndex, key: string): this {
    if (this.g.db.get(key) === undefined) throw new Error(`${this.name}: unknown card "${key}"`);
    P(this.g, p).partner = key;
    return this;
  }

  /** Set parts of a player's DBE state directly. */
  set(p: PlayerIndex, state: Partial<DbePlayer>): this {
    Object.assign(P(this.g, p), state);
    return this;
  }

  /** Put a card into the Support Zone (as if played at Support Phase 3–4). */
  support(p: PlayerIndex, key: string): this {
    return this.put(p, "support", key);
  }

  /** Script a player's answers, in order: option indices or option labels. */
  script(p: PlayerIndex, ...answers: ScriptedAnswer[]): this {
    this.scripts[p].push(...answers);
    return this;
  }

  /** Queue rules steps (tasks) to run, in order. */
  steps(...tasks: Task[]): this {
    this.tasks.push(...tasks);
    return this;
  }

  /**
   * Run the queued steps with the scripted answers and stop after them.
   * @throws Error naming the scenario for an unscripted decision, an illegal scripted
   *   answer, or scripted answers left unused
   */
  run(): ScenarioResult {
    const g = this.g;
    g.push(...this.tasks.map((t) => ({ ...t })), { t: HALT }); // the game owns what it runs (Game.push)
    const agents = [scriptedAgent(this.scripts[0], `${this.name} / P1`), scriptedAgent(this.scripts[1], `${this.name} / P2`)] as const;
    for (let d = g.advance(); d; d = g.advance()) g.answer(agents[d.player].choose(d, g));
    const left = agents[0].remaining() + agents[1].remaining();
    if (left) throw new Error(`${this.name}: ${left} scripted answer(s) were never asked for`);
    return {
      g,
      player: (p) => P(g, p),
      events: (...kinds) => g.log.filter((e) => kinds.includes(e.kind)),
      zone: (p, z) => g.zone(p, z).map((id) => g.card(id).def),
    };
  }
}
