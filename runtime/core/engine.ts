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

/** A ruleset: the plug-in that makes the core a particular game. */
export interface Ruleset<S = unknown> {
  /** Short id, e.g. "dbe". */
  id: string;
  /** Zone names and who may see their cards. */
  zones: Readonly<Record<string, ZoneVisibility>>;
  /** Handlers by task kind. */
  tasks: Readonly<Record<string, TaskHandler<never>>>;
  /** Switches for rules a variant words differently (read by the shared task handlers). */
  features?: Readonly<Record<string, boolean>>;
  /**
   * Build the starting state (cards into zones) and push the first tasks.
   * @throws Error naming the problem when the setup cannot start a game (e.g. unknown card)
   */
  start(g: Game, setup: S): void;
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

/** Options of a new game. */
export interface GameOptions {
  /** Keep a readable event log (default true; the benchmark turns it off). */
  log?: boolean;
  /** Tasks one {@link Game.advance} may run before it declares a runaway loop (default 1,000,000). */
  maxTasks?: number;
}

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
  private readonly handlers: Map<string, TaskHandler<never>>;
  /** Whether the last {@link advance} stopped at a {@link HALT} task (scenarios). */
  halted = false;
  /** Tasks performed so far (a measure of work for benchmarks). */
  tasksRun = 0;

  /**
   * Create a game and run the ruleset's start (no task runs until {@link advance}).
   * @throws Error from the ruleset's start when the setup is unusable
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
   * @returns the pending decision, or null when the game is over
   * @throws EngineError when the agenda runs dry before the game ends, a task kind is
   *   unknown, or more than `maxTasks` tasks run without a decision (a runaway loop)
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
      if (--budget === 0 && this.pendingDecision === null && this.state.winner === null) throw new EngineError(`more than ${this.maxTasks} tasks without a decision: runaway loop at ${task.t}`);
    }
    return this.pendingDecision;
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
    this.logger?.emit("gameEnd", null, winner === "draw" ? `The game is a draw: ${reason}` : `${this.state.players[winner].name} wins: ${reason}`, { reason });
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

/** A saved game (JSON). Loading replays the choices from the seed. */
export interface SavedGame<S = unknown> {
  format: "digiscript-game/1";
  ruleset: string;
  seed: number;
  setup: S;
  choices: Choice[];
  /** Digest at save time; loading checks it. */
  digest: string;
}

/**
 * Load a saved game: replay its choices from its seed and check the digest.
 * @throws Error when the save is of another ruleset or format, a choice is illegal at its
 *   point of the replay, or the replayed digest differs (the rules or cards changed)
 */
export function loadGame<S>(ruleset: Ruleset<S>, db: CardDb, saved: SavedGame<S>, options: GameOptions = {}): Game<S> {
  if (saved.format !== "digiscript-game/1") throw new Error(`not a DigiScript saved game (format ${String(saved.format)})`);
  if (saved.ruleset !== ruleset.id) throw new Error(`saved game is for ruleset ${saved.ruleset}, not ${ruleset.id}`);
  const g = new Game(ruleset, db, saved.setup, saved.seed, options);
  for (const [i, c] of saved.choices.entries()) {
    if (!g.advance()) throw new Error(`replay: the game ended before choice ${i}`);
    g.answer(c);
  }
  g.advance();
  if (saved.digest && g.digest() !== saved.digest) throw new Error(`replay: digest ${g.digest().slice(0, 12)}… differs from the saved ${saved.digest.slice(0, 12)}… (rules or cards changed since the save)`);
  return g;
}
