/**
 * The rules engine: a step machine over plain-data tasks.
 *
 * The program counter of a game is data: an agenda (a stack) of tasks `{ t: "kind", …args }`
 * that the ruleset's handlers perform one at a time. A handler reads and writes the state
 * through the game's journal, pushes follow-up tasks, and may ask a {@link Decision} with a
 * continuation task that receives the answer. {@link Game.advance} runs tasks until a
 * decision is pending or the game has ended; {@link Game.answer} checks an answer and queues
 * the continuation. There are no callbacks or coroutines that a missing answer could leave
 * hanging: a game waiting for a decision is just data (issue 3 §1 "Decisions").
 *
 * The core knows no game: phases, zones, keywords and vocabulary come from a {@link Ruleset}.
 */
import { Journal, type Mark } from "./journal.ts";
import { Rng } from "./rng.ts";
import { choiceError, type Choice, type Decision, type DecisionKind, type DecisionOption } from "./decision.ts";
import { digestOf } from "./digest.ts";
import type { LogEvent } from "./log.ts";
import { parseSave, SaveError, type SavedGame } from "./save.ts";
import type { CardInstance, GameState, Json, PlayerIndex } from "./state.ts";

/**
 * The one task kind the core handles itself: {@link Game.advance} stops there (returns null
 * with `halted` set). Scenarios push it to step a game to a phase or step and inspect it.
 */
export const HALT = "core.halt";

/** A unit of rules work: a task kind `t` and its JSON arguments. */
export interface Task {
  t: string;
  /** The answer to the decision this task continues, set by {@link Game.answer}. */
  answer?: Choice;
  [arg: string]: Json | undefined;
}

/** Performs one task kind. Must not throw for legal game situations. */
export type TaskHandler<G = Game> = (g: G, task: Task) => void;

/** How a zone may be seen. Source: `000_…`, FAQ "When is something a hidden zone?". */
export type ZoneVisibility = "open" | "owner" | "hidden";

/**
 * A ruleset: the plug-in that makes the core a particular game.
 * @typeParam S the setup the ruleset starts a game from
 * @typeParam F the ruleset's feature flags ({@link Ruleset.features}): a type the ruleset
 *   defines; the core never reads them
 */
export interface Ruleset<S = unknown, F extends object = object> {
  /** Short id, e.g. "dbe". */
  id: string;
  /** Zone names and who may see their cards. */
  zones: Readonly<Record<string, ZoneVisibility>>;
  /** Handlers by task kind. */
  tasks: Readonly<Record<string, TaskHandler<never>>>;
  /**
   * Switches for rules a variant words differently, read by the shared task handlers of a
   * family of rulesets (a variant reuses another's handlers and flips the rules it words
   * differently). Their names and meaning belong to the rulesets; the core does not read them.
   */
  features?: Readonly<F>;
  /**
   * Build the starting state (cards into zones) and push the first tasks.
   * @throws Error naming the problem when the setup cannot start a game (e.g. unknown card)
   */
  start(g: Game, setup: S): void;
  /**
   * Check the setup of a saved game before it is replayed (optional; without it a save's
   * setup is used as it is). A save is untrusted input: a ruleset with deck rules refuses
   * a setup its own deck checker would refuse (DBE: `000_…`, Deck Construction).
   * @param setup the `setup` field of the save (any JSON value)
   * @param db the card database the game will use
   * @returns the setup, typed (it may be a normalised copy)
   * @throws SaveError naming the field, e.g. `save: setup.seats[0]: …`; any other Error is
   *   reported as `save: setup: <message>`
   */
  checkSetup?(setup: unknown, db: CardDb): S;
  /**
   * Rule on a loop: the core found a game over one of its work bounds ({@link Overrun}) and
   * asks which card or effect is responsible (optional). Return the game's end, naming the
   * card, or null when no card is to blame (a bug of the rules code: the core then throws an
   * {@link EngineError}). Without this hook every overrun is an EngineError.
   * @param g the game, stopped right after the task that went over the bound
   * @param overrun which bound, its limit and the task
   */
  loop?(g: Game<S>, overrun: Overrun): LoopRuling | null;
}

/**
 * A work bound of the core that a game went over: more than `limit` tasks in one turn
 * (`turnTasks`), more than `limit` decisions asked in one turn (`turnDecisions`), or more
 * than `limit` tasks in one {@link Game.advance} without a decision (`advance`). Defaults:
 * {@link GameOptions}; docs/runtime.md "Loops".
 */
export interface Overrun {
  bound: "turnTasks" | "turnDecisions" | "advance";
  /** The bound's limit (tasks or decisions). */
  limit: number;
  /** The turn it happened in. */
  turn: number;
  /** The kind of the last task run. */
  task: string;
  /** Readable: "more than 100000 tasks in turn 7". */
  what: string;
}

/** A ruleset's ruling on a loop ({@link Ruleset.loop}): the game's end and its reason. */
export interface LoopRuling {
  /** Who wins; a loop no player can stop is a draw (002 13-1-1-1). */
  winner: PlayerIndex | "draw";
  /** The end reason, naming the card (set number and name) and the sentence that loops. */
  reason: string;
}

/** A card definition as the runtime plays it: stats and compiled effects (see `runtime/card.ts`). */
export interface CardDb<C = unknown> {
  /** The definition for a key, or undefined. */
  get(def: string): C | undefined;
}

/**
 * Writes one game's event log. A game has one only while its log is kept ({@link Game.logger}),
 * so `g.logger?.emit(kind, player, \`text\`, data)` builds neither text nor data when it is off.
 */
export class EventLogger {
  private readonly g: Game<unknown>;

  constructor(g: Game<unknown>) {
    this.g = g;
  }

  /**
   * Append an event (journaled: a rolled-back cost leaves no entry).
   * @param kind event kind, e.g. "draw"; `player` the acting player or null; `text` the
   *   readable line; `data` JSON details
   */
  emit(kind: string, player: PlayerIndex | null, text: string, data: { [k: string]: Json } = {}): void {
    const g = this.g;
    const s = g.state;
    g.journal.insertAt(g.log, g.log.length, { i: g.log.length, turn: s.turn, phase: s.phase, step: s.step, kind, player, text, data });
  }
}

/**
 * A player as logs name them: "P1", with the seat's name when it has its own ("P1 (Dragon
 * Rush)"); a seat named like its place ("P1") is just "P1".
 */
export function seatLabel(state: GameState, p: PlayerIndex): string {
  const tag = `P${p + 1}`;
  const name = state.players[p].name;
  return name && name !== tag ? `${tag} (${name})` : tag;
}

/** Options of a new game. */
export interface GameOptions {
  /** Keep a readable event log (default true; the benchmark turns it off). */
  log?: boolean;
  /** Tasks one {@link Game.advance} may run without a decision before it declares a runaway loop (default 1,000,000). */
  maxTasks?: number;
  /**
   * Tasks one turn may run, decisions included, before it is a loop (default
   * {@link MAX_TURN_TASKS}; bundled decks stay under 200).
   */
  maxTurnTasks?: number;
  /** Decisions one turn may ask before it is a loop (default {@link MAX_TURN_DECISIONS}; bundled decks stay under 50). */
  maxTurnDecisions?: number;
}

/** Default {@link GameOptions.maxTurnTasks}: tasks per turn (docs/runtime.md "Loops"). */
export const MAX_TURN_TASKS = 100_000;
/** Default {@link GameOptions.maxTurnDecisions}: decisions per turn (docs/runtime.md "Loops"). */
export const MAX_TURN_DECISIONS = 10_000;

/** Thrown when the rules engine itself is broken (a bug, never a bad player choice). */
export class EngineError extends Error {
  override name = "EngineError";
}

/**
 * A ruleset's handler table as a Map (one hash lookup per task instead of a dictionary-mode
 * property read), built once per table object: a ruleset given another `tasks` object (a
 * variant, or a test wrapping one handler) gets its own.
 */
const HANDLERS = new WeakMap<object, Map<string, TaskHandler<never>>>();

/**
 * The lookup Map of a handler table, built on first use. A table changed after that is not
 * seen: give a game a new table object instead (a variant spreads DBE's, a test wraps one).
 */
function handlersOf(tasks: Ruleset["tasks"]): Map<string, TaskHandler<never>> {
  let m = HANDLERS.get(tasks);
  if (!m) HANDLERS.set(tasks, (m = new Map(Object.entries(tasks))));
  return m;
}

/**
 * One game in progress.
 * @typeParam S the ruleset's setup data (decks, seats)
 */
export class Game<S = unknown> {
  readonly ruleset: Ruleset<S>;
  readonly seed: number;
  readonly setup: S;
  readonly db: CardDb;
  readonly state: GameState;
  readonly rng: Rng;
  readonly journal = new Journal();
  /** The event log (empty when logging is off). */
  readonly log: LogEvent[] = [];
  /** Every answer given, in order: with the seed and setup, a full replay. */
  readonly choices: Choice[] = [];
  private agenda: Task[] = [];
  private pendingDecision: Decision | null = null;
  private pendingTask: Task | null = null;
  /** Whether the event log is kept. */
  readonly logging: boolean;
  /** The event log's writer, or null when the log is off (use `g.logger?.emit(…)`). */
  readonly logger: EventLogger | null;
  private readonly maxTasks: number;
  private readonly maxTurnTasks: number;
  private readonly maxTurnDecisions: number;
  /** The turn whose work {@link turnTasks} and {@link turnDecisions} count (not in the digest: a replay recounts it). */
  private workTurn = 0;
  /** Tasks run in {@link workTurn}. */
  private turnTasks = 0;
  /** Decisions asked in {@link workTurn}. */
  private turnDecisions = 0;
  private readonly handlers: Map<string, TaskHandler<never>>;
  /** Whether the last {@link advance} stopped at a {@link HALT} task (scenarios). */
  halted = false;
  /** Tasks performed so far (a measure of work for benchmarks). */
  tasksRun = 0;
  /**
   * Counts a ruleset keeps for reports, e.g. KOs by cause (`simulate`'s KO sources): not game
   * state — not in the digest, a save or a replay's comparison, and not rolled back with a
   * transaction — so keeping them costs a map update, with the log on or off.
   */
  readonly tallies = new Map<string, number>();

  /** Add `by` (default 1) to a report count ({@link tallies}). */
  tally(key: string, by = 1): void {
    this.tallies.set(key, (this.tallies.get(key) ?? 0) + by);
  }

  /**
   * Create a game and run the ruleset's start (no task runs until {@link advance}).
   * @param seed a whole number from `SEED_MIN` to `SEED_MAX` (`rng.ts`)
   * @throws RangeError for an invalid seed (`rng.ts` `checkSeed`); Error from the ruleset's
   *   start when the setup is unusable
   */
  constructor(ruleset: Ruleset<S>, db: CardDb, setup: S, seed: number, options: GameOptions = {}) {
    this.ruleset = ruleset;
    this.db = db;
    this.setup = setup;
    this.seed = seed;
    this.rng = new Rng(seed);
    this.logging = options.log ?? true;
    this.logger = this.logging ? new EventLogger(this as Game<unknown>) : null;
    this.maxTasks = options.maxTasks ?? 1_000_000;
    this.maxTurnTasks = options.maxTurnTasks ?? MAX_TURN_TASKS;
    this.maxTurnDecisions = options.maxTurnDecisions ?? MAX_TURN_DECISIONS;
    this.handlers = handlersOf(ruleset.tasks);
    this.state = {
      ruleset: ruleset.id,
      turn: 0,
      turnPlayer: 0,
      phase: "setup",
      step: "",
      players: [
        { index: 0, name: "P1", zones: {}, vars: {} },
        { index: 1, name: "P2", zones: {}, vars: {} },
      ],
      cards: [],
      vars: {},
      winner: null,
      endReason: null,
    };
    for (const p of this.state.players) for (const z of Object.keys(ruleset.zones)) p.zones[z] = [];
    ruleset.start(this, setup);
  }

  // ─── The step machine ────────────────────────────────────────────────────

  /** The decision waiting for an answer, or null. */
  get pending(): Decision | null {
    return this.pendingDecision;
  }

  /** Whether the game has ended. */
  get over(): boolean {
    return this.state.winner !== null;
  }

  /**
   * Run tasks until a decision is pending or the game ends.
   *
   * Loops (docs/runtime.md "Loops"): work is bounded per turn, decisions included — more
   * than `maxTurnTasks` tasks or `maxTurnDecisions` decisions in one turn, or more than
   * `maxTasks` tasks in one call without a decision, is an {@link Overrun}. The ruleset's
   * {@link Ruleset.loop} then names the card responsible and the game ends by its ruling
   * (a draw for a loop no player can stop: 002 13-1-1-1). The check is O(1) per task.
   * @returns the pending decision, or null when the game is over
   * @throws EngineError when the agenda runs dry before the game ends, a task kind is
   *   unknown, or a bound is overrun and the ruleset names no card (a runaway loop of the
   *   rules code)
   */
  advance(): Decision | null {
    let budget = this.maxTasks;
    this.halted = false;
    while (this.pendingDecision === null && this.state.winner === null) {
      const task = this.agenda.pop();
      if (!task) throw new EngineError(`the agenda is empty but the game has not ended (turn ${this.state.turn}, ${this.state.phase} ${this.state.step})`);
      if (task.t === HALT) {
        this.halted = true;
        return null;
      }
      const h = this.handlers.get(task.t) as TaskHandler<Game<S>> | undefined;
      if (!h) throw new EngineError(`no handler for task "${task.t}" in ruleset ${this.ruleset.id}`);
      this.tasksRun++;
      h(this, task);
      if (this.state.turn !== this.workTurn) {
        this.workTurn = this.state.turn;
        this.turnTasks = 0;
        this.turnDecisions = 0;
      }
      if (++this.turnTasks > this.maxTurnTasks) this.overrun("turnTasks", task);
      else if (this.pendingDecision !== null && ++this.turnDecisions > this.maxTurnDecisions) this.overrun("turnDecisions", task);
      else if (--budget === 0 && this.pendingDecision === null && this.state.winner === null) this.overrun("advance", task);
    }
    return this.pendingDecision;
  }

  /**
   * A work bound was overrun: ask the ruleset to rule on the loop and end the game by its
   * ruling (logged as a "loop" event, then the game's end), withdrawing a pending decision.
   * Nothing happens when the game already ended in that task.
   * @throws EngineError "more than N tasks without a decision: runaway loop at <task>" (or
   *   "… tasks in turn T", "… decisions in turn T") when the ruleset names no card
   */
  private overrun(bound: Overrun["bound"], task: Task): void {
    if (this.state.winner !== null) return;
    const turn = this.state.turn;
    const limit = bound === "turnTasks" ? this.maxTurnTasks : bound === "turnDecisions" ? this.maxTurnDecisions : this.maxTasks;
    const what = bound === "advance" ? `more than ${limit} tasks without a decision` : bound === "turnTasks" ? `more than ${limit} tasks in turn ${turn}` : `more than ${limit} decisions in turn ${turn}`;
    const ruling = this.ruleset.loop?.(this, { bound, limit, turn, task: task.t, what }) ?? null;
    if (ruling === null) throw new EngineError(`${what}: runaway loop at ${task.t}`);
    this.pendingDecision = null;
    this.pendingTask = null;
    this.logger?.emit("loop", null, ruling.reason, { bound, limit });
    this.end(ruling.winner, ruling.reason);
  }

  /**
   * Answer the pending decision and queue its continuation (run it with {@link advance}).
   * @throws Error when no decision is pending or the answer is not legal (the message names
   *   the decision and the limit); the game is unchanged then
   */
  answer(choice: Choice): void {
    const d = this.pendingDecision;
    if (!d) throw new Error("no decision is pending");
    const err = choiceError(d, choice);
    if (err) throw new Error(err);
    this.choices.push([...choice]);
    // The continuation is the task that asked (popped from the agenda, held by nobody else).
    const then = this.pendingTask!;
    then.answer = [...choice];
    this.agenda.push(then);
    this.pendingDecision = null;
    this.pendingTask = null;
  }

  /**
   * Push tasks to run next, in the order given (the first runs first). The game owns the
   * task objects from then on (a task that asks a decision is given its `answer`): push a
   * fresh object, never a shared constant.
   * @param tasks tasks of kinds the ruleset handles
   */
  push(...tasks: Task[]): void {
    for (let i = tasks.length - 1; i >= 0; i--) this.agenda.push(tasks[i]!);
  }

  /**
   * Ask a player a decision; `then` runs with `answer` set once it is answered. A decision
   * with exactly one legal answer is not asked: `then` runs at once with it (forced play).
   * `then` is normally the asking task itself: it is given its `answer` and queued again, so
   * it must not be an object another task or the state still holds.
   * @throws EngineError when the decision cannot be answered (fewer options than `min`)
   */
  ask(player: PlayerIndex, kind: DecisionKind, prompt: string, options: DecisionOption[], min: number, max: number, then: Task, ordered = false): void {
    if (options.length < min) throw new EngineError(`decision "${kind}" needs ${min} of only ${options.length} options`);
    if (max < min) throw new EngineError(`decision "${kind}": max ${max} < min ${min}`);
    max = Math.min(max, options.length);
    if (max === 0 || (options.length === min && !ordered) || (options.length === 1 && min === 1)) {
      const answer: number[] = [];
      for (let i = 0; i < min; i++) answer.push(i);
      then.answer = answer;
      this.agenda.push(then);
      return;
    }
    this.pendingDecision = { id: this.choices.length, player, kind, prompt, options, min, max, ordered };
    this.pendingTask = then;
  }

  /** End the game. */
  end(winner: PlayerIndex | "draw", reason: string): void {
    if (this.state.winner !== null) return;
    this.set(this.state, "winner", winner);
    this.set(this.state, "endReason", reason);
    this.logger?.emit("gameEnd", null, winner === "draw" ? `The game is a draw: ${reason}` : `${seatLabel(this.state, winner)} wins: ${reason}`, { reason });
  }

  // ─── Transactions ────────────────────────────────────────────────────────

  private rngAtBegin: number[] | null = null;

  /** Open a transaction (a cost attempt): see {@link Journal}. The generator's state is kept too. */
  begin(): Mark {
    if (!this.journal.open) this.rngAtBegin = this.rng.state();
    return this.journal.begin();
  }

  /** Keep a transaction's changes. */
  commit(mark: Mark): void {
    this.journal.commit(mark);
  }

  /**
   * Undo a transaction's changes, log entries included (a misfire leaves no trace). Rolling
   * back the outermost transaction also puts the random generator back (a shuffle or a
   * random discard inside a cost not met never happened).
   */
  rollback(mark: Mark): void {
    this.journal.rollback(mark);
    if (!this.journal.open && this.rngAtBegin) {
      this.rng.restore(this.rngAtBegin);
      this.rngAtBegin = null;
    }
  }

  /** `obj[key] = value` through the journal. Every state write goes through this or {@link move}. */
  set<T extends object, K extends keyof T>(obj: T, key: K, value: T[K]): void {
    this.journal.set(obj, key, value);
  }

  // ─── Cards and zones ─────────────────────────────────────────────────────

  /**
   * Create a card instance in a player's zone (at the top). Used by a ruleset's start.
   * @throws Error when the card definition is unknown
   */
  createCard(owner: PlayerIndex, def: string, zone: string): CardInstance {
    if (this.db.get(def) === undefined) throw new Error(`unknown card "${def}"`);
    const c: CardInstance = { id: this.state.cards.length, owner, def, zone, holder: owner, vars: {} };
    this.state.cards.push(c);
    this.state.players[owner].zones[zone]!.push(c.id);
    return c;
  }

  /** The card instance with an id. */
  card(id: number): CardInstance {
    const c = this.state.cards[id];
    if (!c) throw new EngineError(`no card ${id}`);
    return c;
  }

  private defCache: { key: string; def: unknown }[] = [];

  /**
   * The card definition of a card instance (cached per instance; a changed `def` key, e.g.
   * a flip, is looked up again).
   * @throws EngineError for an unknown card id
   */
  defOf(id: number): unknown {
    const c = this.state.cards[id];
    if (!c) throw new EngineError(`no card ${id}`);
    const hit = this.defCache[id];
    if (hit !== undefined && hit.key === c.def) return hit.def;
    const d = this.db.get(c.def);
    this.defCache[id] = { key: c.def, def: d };
    return d;
  }

  /** The card ids of a player's zone, bottom first (read-only view). */
  zone(player: PlayerIndex, zone: string): readonly number[] {
    const z = this.state.players[player].zones[zone];
    if (!z) throw new EngineError(`ruleset ${this.ruleset.id} has no zone "${zone}"`);
    return z;
  }

  /**
   * Move a card to a zone of a player, on top (default), at the bottom, or at an index.
   * Journaled. Source: the zones of the ruleset.
   * @throws EngineError for an unknown zone or a card not where it records (the card stays put)
   */
  move(id: number, holder: PlayerIndex, zone: string, where: "top" | "bottom" | number = "top"): void {
    const c = this.card(id);
    const to = this.state.players[holder].zones[zone];
    if (!to) throw new EngineError(`ruleset ${this.ruleset.id} has no zone "${zone}"`);
    const from = this.state.players[c.holder].zones[c.zone]!;
    const i = from.lastIndexOf(id);
    if (i < 0) throw new EngineError(`card ${id} is not in ${c.zone} of P${c.holder + 1}`);
    this.journal.removeAt(from, i);
    const at = where === "top" ? to.length : where === "bottom" ? 0 : Math.max(0, Math.min(where, to.length));
    this.journal.insertAt(to, at, id);
    if (c.zone !== zone) this.journal.set(c, "zone", zone);
    if (c.holder !== holder) this.journal.set(c, "holder", holder);
  }

  /**
   * Shuffle a player's zone with the game's generator (journaled).
   * @throws EngineError when the ruleset has no such zone
   */
  shuffle(player: PlayerIndex, zone: string): void {
    const z = this.state.players[player].zones[zone];
    if (!z) throw new EngineError(`ruleset ${this.ruleset.id} has no zone "${zone}"`);
    this.journal.replaceAll(z, this.rng.shuffle([...z]));
  }

  // ─── Log ─────────────────────────────────────────────────────────────────

  /**
   * Append an event to the log (journaled: a rolled-back cost leaves no entry); nothing
   * when the log is off. Rules code writes `g.logger?.emit(…)` instead, so that with the log
   * off the text and data are not even built.
   */
  emit(kind: string, player: PlayerIndex | null, text: string, data: { [k: string]: Json } = {}): void {
    this.logger?.emit(kind, player, text, data);
  }

  // ─── Digest and saving ───────────────────────────────────────────────────

  /**
   * SHA-256 of the canonical state, the generator state, the agenda and the pending
   * decision: two games with the same digest continue identically.
   */
  digest(): string {
    return digestOf({ state: this.state, rng: this.rng.state(), agenda: this.agenda, pending: this.pendingDecision, pendingTask: this.pendingTask });
  }

  /** The game as a save file: ruleset, seed, setup and every answer given. */
  save(): SavedGame<S> {
    return { format: "digiscript-game/1", ruleset: this.ruleset.id, seed: this.seed, setup: this.setup, choices: this.choices.map((c) => [...c]), digest: this.digest() };
  }
}

export type { SavedGame };
export { SaveError };

/** The result of {@link replayGame}: the replayed game and whether it reached the saved digest. */
export interface Replay<S> {
  /** The game after every saved choice (over, or waiting at the decision it was saved at). */
  game: Game<S>;
  /** Whether the replayed game's digest equals the saved one. */
  digestMatched: boolean;
  /** The digest the save records. */
  savedDigest: string;
  /** The digest the replay reached. */
  digest: string;
}

/**
 * Replay a saved game: validate it (`save.ts` `parseSave`, then the ruleset's
 * {@link Ruleset.checkSetup}), play its choices from its seed and compare the digests.
 * @param raw the parsed JSON of a save file (anything: it is validated)
 * @returns the game and whether its digest matched the save's
 * @throws SaveError (one line naming the field) for a malformed save, a setup the ruleset
 *   refuses, a choice that is not legal at its point of the replay
 *   (`save: choices[3]: not a legal answer …`) or a choice after the game ended
 *   (`save: choices[9]: the replayed game ended before choice 9`); EngineError for a bug of
 *   the rules code met during the replay
 */
export function replayGame<S>(ruleset: Ruleset<S>, db: CardDb, raw: unknown, options: GameOptions = {}): Replay<S> {
  const saved = parseSave(raw, ruleset.id);
  let setup = saved.setup as S;
  if (ruleset.checkSetup) {
    try {
      setup = ruleset.checkSetup(saved.setup, db);
    } catch (e) {
      throw e instanceof SaveError ? e : new SaveError("setup", (e as Error).message);
    }
  }
  let g: Game<S>;
  try {
    g = new Game(ruleset, db, setup, saved.seed, options);
  } catch (e) {
    if (e instanceof EngineError || e instanceof SaveError) throw e;
    throw new SaveError("setup", (e as Error).message);
  }
  for (const [i, c] of saved.choices.entries()) {
    if (!g.advance()) throw new SaveError(`choices[${i}]`, `the replayed game ended before choice ${i}`);
    try {
      g.answer(c);
    } catch (e) {
      throw new SaveError(`choices[${i}]`, `not a legal answer at its point of the replay: ${(e as Error).message}`);
    }
  }
  g.advance();
  const digest = g.digest();
  return { game: g, digestMatched: digest === saved.digest, savedDigest: saved.digest, digest };
}

/**
 * Load a saved game: {@link replayGame}, and refuse it when the replay reaches another digest.
 * @param saved the parsed JSON of a save file (anything: it is validated)
 * @throws SaveError as {@link replayGame}; Error "replay: digest … differs from the saved …"
 *   when the replayed digest differs (the rules or cards changed, or the save was edited)
 */
export function loadGame<S>(ruleset: Ruleset<S>, db: CardDb, saved: unknown, options: GameOptions = {}): Game<S> {
  const r = replayGame(ruleset, db, saved, options);
  if (!r.digestMatched) throw new Error(`replay: digest ${r.digest.slice(0, 12)}… differs from the saved ${r.savedDigest.slice(0, 12)}… (rules or cards changed since the save)`);
  return r.game;
}
