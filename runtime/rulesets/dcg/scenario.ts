/**
 * The DCG scenario builder: rules scenarios read like the rules' own Q&A (issue 14
 * "Scenarios"). A scenario puts cards directly into zones and into play, sets the memory
 * gauge and the turn, scripts every decision, queues the rules steps to run and stops after
 * them; then it asserts on the state and the log. It is strict, as DBE's (`rulesets/dbe/
 * scenario.ts`): a decision the scenario did not script fails it, and so does a scripted
 * answer never asked for.
 *
 * ```ts
 * const r = new DcgScenario(db, "002 §8-1-2-6: a suspended Digimon stays suspended when it digivolves")
 *   .turn(3, 0).memory(0, 3)
 *   .battle(0, ["ST1-03"], { suspended: true })
 *   .hand(0, "ST1-07").deck(0, "ST1-02")
 *   .script(0, ["Digivolve P1 Agumon into ST1-07 Greymon (2)"])
 *   .steps({ t: "dcg.main", only: true })
 *   .run();
 * expect(r.perm(0, 0).suspended).toBe(true);
 * ```
 */
import { Game, HALT, type CardDb, type Ruleset, type Task } from "../../core/engine.ts";
import { scriptedAgent, type ScriptedAnswer } from "../../core/agents.ts";
import type { LogEvent } from "../../core/log.ts";
import type { PlayerIndex } from "../../core/state.ts";
import type { DcgKeywordName } from "../../lang/dcg/ir.ts";
import { P, V, addLasting, boardChanged, memoryOf, setMemory, stateChanged, type DcgCard, type DcgPermanent, type DcgZone, type LastingEffect } from "./model.ts";
import type { DcgSetup } from "./setup.ts";
import { DCG } from "./index.ts";

/** How a permanent is put into play by the builder. */
export interface PermOptions {
  suspended?: boolean;
  /** Played this turn (002 §7-2-4: cannot attack without <Rush>). Default false. */
  played?: boolean;
  /** A Token (002 §4-19): its one card is a Token card (removed from the game instead of moving: §11-5-3). */
  token?: boolean;
}

/** The result of a scenario run: the game, stopped after the scripted steps. */
export interface DcgScenarioResult {
  g: Game<DcgSetup>;
  /** Player `p`'s `i`-th battle-area object now (throws when there is none). */
  perm(p: PlayerIndex, i: number): DcgPermanent;
  /** Player `p`'s battle area now. */
  battle(p: PlayerIndex): DcgPermanent[];
  /** Player `p`'s breeding-area Digimon now, or null. */
  breeding(p: PlayerIndex): DcgPermanent | null;
  /** Card numbers of a permanent's stack, bottom first. */
  stack(perm: DcgPermanent): string[];
  /** Card numbers of a zone, bottom first. */
  zone(p: PlayerIndex, zone: DcgZone): string[];
  /** Memory on player `p`'s side. */
  memory(p: PlayerIndex): number;
  /** Log events of the given kinds, in order. */
  events(...kinds: string[]): LogEvent[];
}

/** Builds and runs one DCG scenario. Every method throws a clear message for an unknown card number. */
export class DcgScenario {
  readonly name: string;
  readonly g: Game<DcgSetup>;
  private scripts: [ScriptedAnswer[], ScriptedAnswer[]] = [[], []];
  private tasks: Task[] = [];

  /**
   * @param db the cards the scenario may use
   * @param name the scenario's name, citing its rules section
   * @param seed the game's seed (shuffles, the first player), default 1
   * @param ruleset the DCG ruleset to play by (default {@link DCG}; the effect model's with its host)
   */
  constructor(db: CardDb<DcgCard>, name: string, seed = 1, ruleset: Ruleset<DcgSetup> = DCG) {
    this.name = name;
    this.g = new Game(ruleset, db, { seats: [{ name: "P1", main: [], eggs: [] }, { name: "P2", main: [], eggs: [] }], scenario: true }, seed);
    this.g.state.turn = 1;
  }

  /** Set the turn number and the turn player (the first player stays P1 unless {@link first} says otherwise). */
  turn(n: number, turnPlayer: PlayerIndex): this {
    this.g.state.turn = n;
    this.g.state.turnPlayer = turnPlayer;
    stateChanged(this.g);
    return this;
  }

  /** Set who went first (002 §5-2-1-4; the draw-phase rule §6-4-1-1 reads it). */
  first(p: PlayerIndex): this {
    V(this.g).firstPlayer = p;
    stateChanged(this.g);
    return this;
  }

  /** Put the memory counter on `n` on player `p`'s side (negative: the opponent's side). */
  memory(p: PlayerIndex, n: number): this {
    setMemory(this.g, p, n);
    return this;
  }

  /** End the game as a draw when the turn would pass beyond turn `n` (the setup's turn limit): stops a run at a turn change. */
  stopAfterTurn(n: number): this {
    (this.g.setup as DcgSetup).turnLimit = n;
    return this;
  }

  /** Put cards into a zone of a player in order (the last ends on top: the top of a deck or security stack). */
  put(p: PlayerIndex, zone: DcgZone, ...numbers: string[]): this {
    for (const n of numbers) this.create(p, n, zone);
    return this;
  }

  /** The Token cards player `p` prepared before the game (002 §5-1-1, §5-2-1-1), by card number: effects that play a Token make it from these. */
  tokens(p: PlayerIndex, ...numbers: string[]): this {
    (this.g.setup as DcgSetup).seats[p].tokens = numbers;
    stateChanged(this.g);
    return this;
  }

  /** Cards into the hand. */
  hand(p: PlayerIndex, ...numbers: string[]): this {
    return this.put(p, "hand", ...numbers);
  }

  /** Cards into the deck, bottom first (the last is drawn first). */
  deck(p: PlayerIndex, ...numbers: string[]): this {
    return this.put(p, "deck", ...numbers);
  }

  /** Cards into the Digi-Egg deck, bottom first. */
  eggs(p: PlayerIndex, ...numbers: string[]): this {
    return this.put(p, "eggDeck", ...numbers);
  }

  /** Cards into the security stack, bottom first (the last is checked first). */
  security(p: PlayerIndex, ...numbers: string[]): this {
    return this.put(p, "security", ...numbers);
  }

  /** Cards into the trash. */
  trash(p: PlayerIndex, ...numbers: string[]): this {
    return this.put(p, "trash", ...numbers);
  }

  /** A Digimon or Tamer into `p`'s battle area: its stack bottom first (the last card is the Digimon). */
  battle(p: PlayerIndex, stack: readonly string[], o: PermOptions = {}): this {
    this.enter(p, stack, "battle", o);
    return this;
  }

  /** A Digimon into `p`'s breeding area: its stack bottom first. */
  breeding(p: PlayerIndex, stack: readonly string[], o: PermOptions = {}): this {
    this.enter(p, stack, "breeding", o);
    return this;
  }

  /** The object id of player `p`'s `i`-th battle-area object (for task arguments). */
  permId(p: PlayerIndex, i: number): number {
    const x = P(this.g, p).battle[i];
    if (!x) throw new Error(`${this.name}: P${p + 1} has no battle-area object ${i}`);
    return x.id;
  }

  /**
   * Give player `p`'s `i`-th battle-area object a lasting change (002 §13-2-2) as an effect
   * would: DP and/or a keyword (e.g. `{ keyword: "rush" }`, `{ dp: -3000 }`), "for the turn"
   * unless `o.until` says otherwise; the effect's player is `p` unless `o.controller` says.
   */
  lasting(p: PlayerIndex, i: number, change: { dp?: number; keyword?: DcgKeywordName; value?: number }, o: { until?: LastingEffect["until"]; controller?: PlayerIndex } = {}): this {
    const l: Omit<LastingEffect, "seq"> = { source: null, controller: o.controller ?? p, target: this.permId(p, i), until: o.until ?? "turn", turn: this.g.state.turn };
    if (change.dp !== undefined) l.dp = change.dp;
    if (change.keyword !== undefined) l.keyword = { name: change.keyword, value: change.value ?? null };
    addLasting(this.g, l);
    return this;
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
   * Run the queued steps with the scripted answers and stop after them (or when the game ends).
   * @throws Error naming the scenario for an unscripted decision, an illegal scripted answer,
   *   or scripted answers left unused
   */
  run(): DcgScenarioResult {
    const g = this.g;
    stateChanged(g); // the builder wrote the state by hand
    g.push(...this.tasks.map((t) => ({ ...t })), { t: HALT });
    const agents = [scriptedAgent(this.scripts[0], `${this.name} / P1`), scriptedAgent(this.scripts[1], `${this.name} / P2`)] as const;
    for (let d = g.advance(); d; d = g.advance()) g.answer(agents[d.player].choose(d, g));
    const left = agents[0].remaining() + agents[1].remaining();
    if (left) throw new Error(`${this.name}: ${left} scripted answer(s) were never asked for`);
    const name = this.name;
    return {
      g,
      perm(p, i) {
        const x = P(g, p).battle[i];
        if (!x) throw new Error(`${name}: P${p + 1} has no battle-area object ${i}`);
        return x;
      },
      battle: (p) => P(g, p).battle,
      breeding: (p) => P(g, p).breeding,
      stack: (perm) => perm.cards.map((id) => g.card(id).def),
      zone: (p, z) => g.zone(p, z).map((id) => g.card(id).def),
      memory: (p) => memoryOf(g, p),
      events: (...kinds) => g.log.filter((e) => kinds.includes(e.kind)),
    };
  }

  private create(p: PlayerIndex, number: string, zone: DcgZone): number {
    try {
      const id = this.g.createCard(p, number, zone).id;
      stateChanged(this.g);
      return id;
    } catch (e) {
      throw new Error(`${this.name}: ${(e as Error).message}`);
    }
  }

  private enter(p: PlayerIndex, stack: readonly string[], area: "battle" | "breeding", o: PermOptions): void {
    if (stack.length === 0) throw new Error(`${this.name}: a stack needs a card`);
    const s = P(this.g, p);
    if (area === "breeding" && s.breeding) throw new Error(`${this.name}: P${p + 1}'s breeding area is taken (002 §3-4-4)`);
    const cards = stack.map((n) => this.create(p, n, area));
    if (o.token) for (const id of cards) this.g.card(id).vars.token = true;
    const v = V(this.g);
    const perm: DcgPermanent = { id: v.nextObj++, owner: p, cards, suspended: o.suspended ?? false, playedTurn: o.played ? this.g.state.turn : null, enteredTurn: this.g.state.turn, token: o.token ?? false };
    if (area === "breeding") s.breeding = perm;
    else s.battle.push(perm);
    boardChanged(this.g);
  }
}
