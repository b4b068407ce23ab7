/**
 * A DCG rules scenario as data, without the DOM: the position — the turn, the turn player, who
 * went first, the memory gauge, and for each player the battle area (each Digimon or Tamer as
 * its stack, bottom first, suspended or not, played this turn or not), the breeding area and
 * the cards of the hand, deck, Digi-Egg deck, security stack and trash, by card number — the
 * rules steps to run and who answers the decisions; and the one translation of that data into
 * calls of the DCG scenario builder (`runtime/rulesets/dcg/scenario.ts` `DcgScenario`: `turn`,
 * `first`, `memory`, `battle`, `breeding`, `put`, `stopAfterTurn`, `script`, `steps`). The page
 * runs those calls with the effect model (`DCG_EFFECTS`) and the exported test prints them
 * (`dcg-codegen.ts`), so the test sets up exactly the position the page ran.
 *
 * Every scenario stops when the turn passes (`stopAfterTurn(turn)`: the game then ends as a
 * draw by the builder's turn limit), so a "Pass" or a memory check that ends the turn never
 * runs on into the next turn.
 * Source: `002_db81695f81018ea7.txt` chapter 6 (the phases), docs/runtime.md "Scenarios".
 */
import { HALT, type CardDb, type Game, type Task } from "../../../runtime/core/engine.ts";
import type { Json, PlayerIndex } from "../../../runtime/core/state.ts";
import { DcgScenario } from "../../../runtime/rulesets/dcg/scenario.ts";
import { DCG_EFFECTS } from "../../../runtime/rulesets/dcg/effects/index.ts";
import { P, V, memoryOf, type DcgCard, type DcgPermanent } from "../../../runtime/rulesets/dcg/model.ts";
import type { Answered, SeatKind } from "../duel/session.ts";
import { formatKeys, parseKeys } from "./spec.ts";

/** One call of the DCG scenario builder: a `DcgScenario` method and its JSON arguments. */
export interface DcgBuilderCall {
  method: "turn" | "first" | "memory" | "battle" | "breeding" | "put" | "stopAfterTurn" | "script" | "steps";
  args: Json[];
}

/** The zones a DCG scenario fills from lists of card numbers (bottom first: the last card is on top). */
export const DCG_SPEC_ZONES = [
  { zone: "hand", label: "Hand" },
  { zone: "deck", label: "Deck (bottom first; the last is drawn first)" },
  { zone: "eggDeck", label: "Digi-Egg deck (the last hatches first)" },
  { zone: "security", label: "Security stack (the last is checked first)" },
  { zone: "trash", label: "Trash" },
] as const;

/** A zone a DCG scenario fills. */
export type DcgSpecZone = (typeof DCG_SPEC_ZONES)[number]["zone"];

/** A Digimon or Tamer put into play: its stack bottom first (the last card is the Digimon itself). */
export interface DcgStackSpec {
  cards: string[];
  /** Suspended (002 §4-9). */
  suspended: boolean;
  /** Played this turn (002 §7-2-4: it cannot attack without <Rush>). */
  played: boolean;
}

/** One player's part of a DCG position. */
export interface DcgPlayerSpec {
  /** The battle area, in the order the objects entered. */
  battle: DcgStackSpec[];
  /** The breeding area's stack (bottom first), or [] for an empty breeding area. */
  breeding: string[];
  zones: Record<DcgSpecZone, string[]>;
}

/**
 * The rules steps a DCG scenario can run, in turn order; each is the task the DCG turn runs
 * for that phase, with `only: true` (it stops after its step and what it triggered:
 * `runtime/rulesets/dcg/turn.ts`). "main" runs one main-phase action per count.
 */
export const DCG_STEPS = [
  { id: "start", label: "Start of turn ([Start of Your Turn])", task: { t: "dcg.turn", only: true } },
  { id: "unsuspend", label: "Unsuspend phase", task: { t: "dcg.unsuspend", only: true } },
  { id: "draw", label: "Draw phase", task: { t: "dcg.draw", only: true } },
  { id: "breeding", label: "Breeding phase (hatch, move out)", task: { t: "dcg.breeding", only: true } },
  { id: "mainStart", label: "Start of the main phase", task: { t: "dcg.mainStart", only: true } },
  { id: "main", label: "Main phase actions", task: { t: "dcg.main", only: true } },
] as const;

/** A step of {@link DCG_STEPS}. */
export type DcgStepId = (typeof DCG_STEPS)[number]["id"];

/** The most main-phase actions a scenario runs. */
export const MAX_MAIN_ACTIONS = 20;

/** A whole DCG scenario. */
export interface DcgScenarioSpec {
  ruleset: "dcg";
  /** The scenario's name (the exported `describe`), citing its rules section when it can. */
  name: string;
  /** The game's seed; the builder's default is 1. */
  seed: number;
  /** Turn number (≥ 1) and turn player. */
  turn: number;
  turnPlayer: PlayerIndex;
  /** Who went first (002 §5-2-1-4: the first player skips the draw of turn 1). */
  first: PlayerIndex;
  /** Memory on the turn player's side (−10…+10; negative: on the opponent's side). */
  memory: number;
  players: [DcgPlayerSpec, DcgPlayerSpec];
  /** The steps to run, in the order of {@link DCG_STEPS}. */
  steps: DcgStepId[];
  /** How many main-phase actions the "main" step runs (1…{@link MAX_MAIN_ACTIONS}). */
  mainActions: number;
  /** Who answers each player's decisions (the exported test scripts the answers given). */
  answers: [SeatKind, SeatKind];
}

/** A DCG player with nothing placed. */
export function emptyDcgPlayer(): DcgPlayerSpec {
  return { battle: [], breeding: [], zones: { hand: [], deck: [], eggDeck: [], security: [], trash: [] } };
}

/**
 * The example a new DCG scenario starts from (002 §9-2-1-5, §12-5: <Blocker>): P1's
 * Cinderhound (over an Emberpup) attacks; P2's Tidewing may block it and battles it instead.
 * The cards are the example set's (`cards/dcg/example.dgs`).
 */
export function exampleDcgSpec(): DcgScenarioSpec {
  const p1 = emptyDcgPlayer();
  p1.battle = [{ cards: ["DSX-002", "DSX-003"], suspended: false, played: false }];
  p1.zones.deck = ["DSX-007", "DSX-008"];
  const p2 = emptyDcgPlayer();
  p2.battle = [{ cards: ["DSX-004"], suspended: false, played: false }];
  p2.zones.security = ["DSX-002", "DSX-006"];
  p2.zones.deck = ["DSX-008"];
  return { ruleset: "dcg", name: "002 §9-2-1-5: Tidewing's <Blocker> blocks Cinderhound's attack, and the battle decides", seed: 1, turn: 3, turnPlayer: 0, first: 0, memory: 3, players: [p1, p2], steps: ["main"], mainActions: 1, answers: ["greedy", "greedy"] };
}

/**
 * Read a battle area as written in the form: one Digimon or Tamer per line, its card numbers
 * bottom first (as {@link parseKeys} reads them), with the words "suspended" and "played"
 * anywhere on the line for those states. Blank lines and `#` comments are skipped.
 */
export function parseStacks(text: string): DcgStackSpec[] {
  const out: DcgStackSpec[] = [];
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const words = line.split(/[\s,;]+/);
    const flag = (w: string) => words.some((x) => x.toLowerCase() === w);
    const cards = parseKeys(words.filter((x) => !/^(suspended|played)$/i.test(x)).join(" "));
    out.push({ cards, suspended: flag("suspended"), played: flag("played") });
  }
  return out;
}

/** A battle area as the form writes it (see {@link parseStacks}). */
export function formatStacks(stacks: readonly DcgStackSpec[]): string {
  return stacks.map((s) => [formatKeys(s.cards), s.suspended ? "suspended" : "", s.played ? "played" : ""].filter(Boolean).join(" ")).join("\n");
}

/** The tasks of a DCG scenario's steps, in turn order. */
export function dcgScenarioTasks(spec: DcgScenarioSpec): Task[] {
  const out: Task[] = [];
  for (const s of DCG_STEPS) {
    if (!spec.steps.includes(s.id)) continue;
    const n = s.id === "main" ? Math.max(1, Math.min(MAX_MAIN_ACTIONS, spec.mainActions)) : 1;
    for (let i = 0; i < n; i++) out.push({ ...s.task });
  }
  return out;
}

/**
 * The builder calls that set up a DCG scenario and, when answers are given, script them: every
 * answer of a player in order, by option labels when each label names one option, else by
 * option indices (`runtime/core/agents.ts` `scriptedAgent`).
 * @param answers the answers the scenario was run with (null: no `script` calls, no `steps`)
 */
export function dcgPlanOf(spec: DcgScenarioSpec, answers: readonly Answered[] | null): DcgBuilderCall[] {
  const calls: DcgBuilderCall[] = [{ method: "turn", args: [spec.turn, spec.turnPlayer] }];
  if (spec.first !== 0) calls.push({ method: "first", args: [spec.first] });
  if (spec.memory !== 0) calls.push({ method: "memory", args: [spec.turnPlayer, spec.memory] });
  spec.players.forEach((p, i) => {
    for (const st of p.battle) {
      const o: { [k: string]: Json } = {};
      if (st.suspended) o.suspended = true;
      if (st.played) o.played = true;
      calls.push({ method: "battle", args: Object.keys(o).length ? [i, st.cards, o] : [i, st.cards] });
    }
    if (p.breeding.length) calls.push({ method: "breeding", args: [i, p.breeding] });
    for (const { zone } of DCG_SPEC_ZONES) if (p.zones[zone].length) calls.push({ method: "put", args: [i, zone, ...p.zones[zone]] });
  });
  calls.push({ method: "stopAfterTurn", args: [spec.turn] });
  if (answers) {
    for (const pl of [0, 1] as PlayerIndex[]) {
      const mine = answers.filter((a) => a.player === pl);
      if (mine.length) calls.push({ method: "script", args: [pl, ...mine.map((a) => (a.labelsUnique ? a.labels : a.choice))] });
    }
    const tasks = dcgScenarioTasks(spec);
    if (tasks.length) calls.push({ method: "steps", args: tasks as unknown as Json[] });
  }
  return calls;
}

/**
 * Perform builder calls on a DCG scenario.
 * @throws Error from the builder (an unknown card number, a taken breeding area)
 */
export function applyDcgPlan(s: DcgScenario, calls: readonly DcgBuilderCall[]): void {
  const b = s as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const c of calls) {
    const f = b[c.method];
    if (typeof f !== "function") throw new Error(`the DCG scenario builder has no ${c.method}`);
    f.apply(s, c.args);
  }
}

/**
 * The problems of a DCG scenario before it runs: unknown card numbers (naming the player and
 * the place), a bad turn, seed, memory or count, empty stacks, and no steps.
 * @param db the DCG cards of the workspace
 */
export function dcgSpecProblems(spec: DcgScenarioSpec, db: CardDb<DcgCard>): string[] {
  const out: string[] = [];
  if (!Number.isInteger(spec.turn) || spec.turn < 1) out.push(`the turn must be a whole number ≥ 1, not ${spec.turn}`);
  if (!Number.isInteger(spec.seed) || Math.abs(spec.seed) > 2 ** 31) out.push(`the seed must be a whole number from −2147483648 to 2147483647, not ${spec.seed}`);
  if (!Number.isInteger(spec.memory) || Math.abs(spec.memory) > 10) out.push(`memory must be a whole number from −10 to 10 (002 §4-1-4), not ${spec.memory}`);
  if (!spec.steps.length) out.push("choose at least one rules step to run");
  if (spec.steps.includes("main") && (!Number.isInteger(spec.mainActions) || spec.mainActions < 1 || spec.mainActions > MAX_MAIN_ACTIONS)) out.push(`main-phase actions must be a whole number from 1 to ${MAX_MAIN_ACTIONS}, not ${spec.mainActions}`);
  spec.players.forEach((p, i) => {
    const who = `P${i + 1}`;
    const check = (key: string, where: string) => {
      if (!db.get(key)) out.push(`${who} ${where}: no DCG card of the workspace has the card number ${key}`);
    };
    p.battle.forEach((st, k) => {
      if (!st.cards.length) out.push(`${who} battle area, line ${k + 1}: a Digimon or Tamer needs a card`);
      for (const c of st.cards) check(c, `battle area, line ${k + 1}`);
    });
    for (const c of p.breeding) check(c, "breeding area");
    for (const { zone, label } of DCG_SPEC_ZONES) for (const k of p.zones[zone]) check(k, label.replace(/ \(.*\)$/, "").toLowerCase());
  });
  return out;
}

/**
 * A DCG scenario's game, set up and with its steps queued (then a halt), not yet run: the
 * effect model plays it.
 * @throws Error from the builder for an unknown card (check {@link dcgSpecProblems} first)
 */
export function dcgScenarioGame(db: CardDb<DcgCard>, spec: DcgScenarioSpec): Game {
  const s = new DcgScenario(db, spec.name, spec.seed, DCG_EFFECTS);
  applyDcgPlan(s, dcgPlanOf(spec, null));
  s.g.push(...dcgScenarioTasks(spec).map((t) => ({ ...t })), { t: HALT });
  return s.g as Game;
}

/** A Digimon or Tamer at the end of a scenario: its stack (bottom first) and state. */
export interface DcgStackOutcome {
  cards: string[];
  suspended: boolean;
}

/** What a DCG scenario ended with: the facts its exported test expects. */
export interface DcgOutcome {
  winner: PlayerIndex | "draw" | null;
  endReason: string | null;
  /** Memory on P1's side. */
  memory: number;
  battle: [DcgStackOutcome[], DcgStackOutcome[]];
  breeding: [string[] | null, string[] | null];
  /** Card numbers of every zone filled in the position or holding cards at the end, bottom first. */
  zones: { p: PlayerIndex; zone: DcgSpecZone; keys: string[] }[];
}

/** The outcome of a DCG scenario's game (after it ran). */
export function dcgOutcomeOf(g: Game, spec: DcgScenarioSpec): DcgOutcome {
  const keys = (cards: readonly number[]) => cards.map((id) => g.card(id).def);
  const stack = (x: DcgPermanent): DcgStackOutcome => ({ cards: keys(x.cards), suspended: x.suspended });
  const zones: DcgOutcome["zones"] = [];
  for (const p of [0, 1] as PlayerIndex[])
    for (const { zone } of DCG_SPEC_ZONES) {
      const k = keys(g.zone(p, zone));
      if (k.length || spec.players[p].zones[zone].length) zones.push({ p, zone, keys: k });
    }
  const breeding = (p: PlayerIndex) => {
    const b = P(g, p).breeding;
    return b ? keys(b.cards) : null;
  };
  return {
    winner: g.state.winner,
    endReason: g.state.endReason,
    memory: memoryOf(g, 0),
    battle: [P(g, 0).battle.map(stack), P(g, 1).battle.map(stack)],
    breeding: [breeding(0), breeding(1)],
    zones,
  };
}

/**
 * Run a DCG scenario the way its exported test will: the builder's own `run()` with the answers
 * scripted, and compare the outcome with the one observed.
 * @returns null when the test would pass, else why not
 */
export function checkDcgExport(db: CardDb<DcgCard>, spec: DcgScenarioSpec, answers: readonly Answered[], observed: DcgOutcome): string | null {
  try {
    const s = new DcgScenario(db, spec.name, spec.seed, DCG_EFFECTS);
    applyDcgPlan(s, dcgPlanOf(spec, answers));
    const r = s.run();
    return JSON.stringify(dcgOutcomeOf(r.g as Game, spec)) === JSON.stringify(observed) ? null : "the scripted run reached another outcome than the one observed";
  } catch (e) {
    return (e as Error).message;
  }
}

/**
 * The position of a DCG game (e.g. the duel bench's) as a scenario: the turn, who went first,
 * memory, each player's areas and zones by card number. Lasting effects, pending effects and
 * [Once Per Turn] counts are not carried over (the builder places cards with printed stats);
 * the steps run one main-phase action.
 */
export function positionFromDcgGame(g: Game, name: string): DcgScenarioSpec {
  const turn = Math.max(1, g.state.turn);
  const keys = (cards: readonly number[]) => cards.map((id) => g.card(id).def);
  const player = (p: PlayerIndex): DcgPlayerSpec => {
    const s = P(g, p);
    const out = emptyDcgPlayer();
    out.battle = s.battle.map((x) => ({ cards: keys(x.cards), suspended: x.suspended, played: x.playedTurn === g.state.turn }));
    out.breeding = s.breeding ? keys(s.breeding.cards) : [];
    for (const { zone } of DCG_SPEC_ZONES) out.zones[zone] = keys(g.zone(p, zone));
    return out;
  };
  const tp = g.state.turnPlayer;
  return { ruleset: "dcg", name, seed: g.seed, turn, turnPlayer: tp, first: V(g).firstPlayer, memory: memoryOf(g, tp), players: [player(0), player(1)], steps: ["main"], mainActions: 1, answers: ["greedy", "greedy"] };
}
