/**
 * A DBE rules scenario as data, without the DOM: the position (for each player the active
 * Digimon and the Digimon below it, its chosen attack, HP, Abnormal, flats, KO points, DP from
 * effects, and the cards of each zone), the turn, the rules steps to run and who answers the
 * decisions — and the one translation of that data into calls of the project's scenario
 * builder (`runtime/rulesets/dbe/scenario.ts` `DbeScenario`: `turn`, `put`, `active`, `set`,
 * `support`, `script`, `steps`). The page runs those calls and the exported test prints them
 * (`codegen.ts`), so the test sets up exactly the position the page ran.
 * Source: `000_012504f4614e5b24.txt`, "Phases of Play" (the steps), docs/runtime.md "Scenarios".
 */
import type { CompiledCard } from "../../../runtime/card.ts";
import { HALT, type CardDb, type Game, type Task } from "../../../runtime/core/engine.ts";
import type { Json, PlayerIndex } from "../../../runtime/core/state.ts";
import { DbeScenario } from "../../../runtime/rulesets/dbe/scenario.ts";
import { abnormalDivisor, activeOf, def, P, type DbePlayer } from "../../../runtime/rulesets/dbe/model.ts";
import { powerOf } from "../../../runtime/rulesets/dbe/continuous.ts";
import { ATTACK_SLOTS, type AttackSlot } from "../../../runtime/vocabulary.ts";
import type { Answered, SeatKind } from "../duel/session.ts";

/** The zones a scenario fills from lists of set numbers (bottom first: the last card is on top). */
export const SPEC_ZONES = [
  { zone: "hand", label: "Hand" },
  { zone: "deck", label: "Deck (bottom first; the last is the top card)" },
  { zone: "dp", label: "DP zone" },
  { zone: "support", label: "Supports (waiting to resolve)" },
  { zone: "attachment", label: "Attachments" },
  { zone: "trash", label: "Trash" },
  { zone: "destinyZone", label: "Destiny Zone (a Mastery card last)" },
] as const;

/** A zone a scenario fills. */
export type SpecZone = (typeof SPEC_ZONES)[number]["zone"];

/** One player's part of the position. Cards are definition keys (set numbers). */
export interface PlayerSpec {
  /** The active Digimon, or "" for an empty Active Zone. */
  active: string;
  /** The Digimon below the active in its stack (evolved from), bottom first. */
  under: string[];
  /** The attack chosen at Strategy Phase 2, or null. */
  attack: AttackSlot | null;
  /** HP, or null for the printed HP (abnormal-scaled when Abnormal). */
  hp: number | null;
  abnormal: boolean;
  flats: number;
  ko: number;
  /** DP gained (or lost) by effects beyond the DP zone's +P (Evolution Phase 5.1.2.5). */
  dpExtra: number;
  zones: Record<SpecZone, string[]>;
}

/**
 * The rules steps a scenario can run, in turn order; each is the task list `dbe.turn` queues
 * for that part of a turn (`runtime/rulesets/dbe/turn.ts`), for turn player `tp`.
 */
export const STEPS = [
  { id: "prep", label: "Prep Phase (draw, mulligans, play an active, Partner Evolution)", tasks: (): Task[] => [{ t: "dbe.phaseStart", phase: "prep" }, { t: "dbe.prep.draw" }, { t: "dbe.prep.fullMulligan" }, { t: "dbe.prep.playActive" }, { t: "dbe.prep.partnerEvolve" }] },
  { id: "evolve", label: "Evolution Phase (rack up, evolve)", tasks: (): Task[] => [{ t: "dbe.phaseStart", phase: "evolve" }, { t: "dbe.evolve.rackUp" }, { t: "dbe.evolve.method" }] },
  { id: "strategy", label: "Strategy Phase (choose attacks)", tasks: (): Task[] => [{ t: "dbe.strategy" }] },
  { id: "supportPlay", label: "Support Phase 1–4 (play supports)", tasks: (tp: PlayerIndex): Task[] => [{ t: "dbe.phaseStart", phase: "support" }, { t: "dbe.support.play", p: tp === 0 ? 1 : 0 }, { t: "dbe.support.play", p: tp }, { t: "dbe.window", phase: "support" }] },
  { id: "supportResolve", label: "Support Phase 5 (resolve the supports)", tasks: (): Task[] => [{ t: "dbe.support.resolve" }] },
  { id: "battle", label: "Battle Phase", tasks: (): Task[] => [{ t: "dbe.phaseStart", phase: "battle" }, { t: "dbe.battle" }] },
  { id: "end", label: "End Phase", tasks: (): Task[] => [{ t: "dbe.phaseStart", phase: "end" }, { t: "dbe.end" }] },
] as const;

/** A step of {@link STEPS}. */
export type StepId = (typeof STEPS)[number]["id"];

/** A whole scenario. */
export interface ScenarioSpec {
  /** The scenario's name (the exported `describe`), citing its rules section when it can. */
  name: string;
  /** The game's seed (shuffles), a whole number in the seed range; the builder's default is 1. */
  seed: number;
  /** Turn number (≥ 1) and turn player. */
  turn: number;
  turnPlayer: PlayerIndex;
  players: [PlayerSpec, PlayerSpec];
  /** The steps to run, in the order of {@link STEPS}. */
  steps: StepId[];
  /** Who answers each player's decisions (the exported test scripts the answers given). */
  answers: [SeatKind, SeatKind];
}

/** A player with nothing placed. */
export function emptyPlayer(): PlayerSpec {
  return { active: "", under: [], attack: null, hp: null, abnormal: false, flats: 0, ko: 0, dpExtra: 0, zones: { hand: [], deck: [], dp: [], support: [], attachment: [], trash: [], destinyZone: [] } };
}

/**
 * The example a new scenario starts from (FAQ "Conditionals"-style): Agumon supported by
 * Dragon Claw against Lalamon, both attacking with Circle; supports resolve, then the battle.
 */
export function exampleSpec(): ScenarioSpec {
  const p1 = emptyPlayer();
  p1.active = "DS1-001";
  p1.attack = "circle";
  p1.zones.support = ["DS1-032"];
  p1.zones.deck = ["DS1-002", "DS1-003", "DS1-004"];
  const p2 = emptyPlayer();
  p2.active = "DS1-016";
  p2.attack = "circle";
  p2.zones.deck = ["DS1-017", "DS1-018"];
  return { name: "Dragon Claw boosts Agumon before the battle (Support Phase 5, Battle Phase 4)", seed: 1, turn: 2, turnPlayer: 0, players: [p1, p2], steps: ["supportResolve", "battle"], answers: ["greedy", "greedy"] };
}

/**
 * Read a list of set numbers: separated by spaces, commas or new lines; `3x DS1-001`,
 * `3×DS1-001` or `3 x DS1-001` repeat a card. Lines starting with `#` are comments.
 */
export function parseKeys(text: string): string[] {
  const out: string[] = [];
  const tokens = text.split(/\r\n|\r|\n/).filter((l) => !l.trim().startsWith("#")).join(" ").split(/[\s,;]+/).filter(Boolean);
  let repeat = 1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const joined = /^(\d{1,3})[x×](\S+)$/i.exec(t);
    if (joined) {
      for (let k = 0; k < Number(joined[1]); k++) out.push(joined[2]!);
      continue;
    }
    const count = /^(\d{1,3})[x×]?$/i.exec(t);
    if (count && i + 1 < tokens.length) {
      if (/^[x×]$/i.test(tokens[i + 1]!)) i++;
      repeat = Number(count[1]);
      continue;
    }
    for (let k = 0; k < repeat; k++) out.push(t);
    repeat = 1;
  }
  return out;
}

/** A list of set numbers as text: runs of one card as `3x DS1-001`, separated by spaces. */
export function formatKeys(keys: readonly string[]): string {
  const out: string[] = [];
  for (let i = 0; i < keys.length; ) {
    let j = i;
    while (j < keys.length && keys[j] === keys[i]) j++;
    out.push(j - i > 1 ? `${j - i}x ${keys[i]}` : keys[i]!);
    i = j;
  }
  return out.join(" ");
}

/** One call of the scenario builder: a `DbeScenario` method and its JSON arguments. */
export interface BuilderCall {
  method: "turn" | "put" | "active" | "set" | "support" | "script" | "steps";
  args: Json[];
}

/** The non-default parts of a player's battle state, as `active(p, key, state)` / `set(p, state)` take them. */
function stateOf(p: PlayerSpec, withActive: boolean): { [k: string]: Json } {
  const s: { [k: string]: Json } = {};
  if (withActive && p.attack) s.attack = p.attack;
  if (withActive && p.hp !== null) s.hp = p.hp;
  if (withActive && p.abnormal) s.abnormal = true;
  if (withActive && p.flats) s.flats = p.flats;
  if (p.ko) s.ko = p.ko;
  if (p.dpExtra) s.dpExtra = p.dpExtra;
  return s;
}

/** The tasks of a scenario's steps, in turn order. */
export function scenarioTasks(spec: ScenarioSpec): Task[] {
  return STEPS.filter((s) => spec.steps.includes(s.id)).flatMap((s) => s.tasks(spec.turnPlayer));
}

/**
 * The builder calls that set up a scenario and, when answers are given, script them: every
 * answer of a player in order, by option labels when each label names one option, else by
 * option indices (`runtime/core/agents.ts` `scriptedAgent`).
 * @param answers the answers the scenario was run with (null: no `script` calls, no `steps`)
 */
export function planOf(spec: ScenarioSpec, answers: readonly Answered[] | null): BuilderCall[] {
  const calls: BuilderCall[] = [{ method: "turn", args: [spec.turn, spec.turnPlayer] }];
  spec.players.forEach((p, i) => {
    if (p.under.length) calls.push({ method: "put", args: [i, "active", ...p.under] });
    if (p.active) {
      const st = stateOf(p, true);
      calls.push({ method: "active", args: Object.keys(st).length ? [i, p.active, st] : [i, p.active] });
    } else {
      const st = stateOf(p, false);
      if (Object.keys(st).length) calls.push({ method: "set", args: [i, st] });
    }
    for (const { zone } of SPEC_ZONES) {
      const keys = p.zones[zone];
      if (!keys.length) continue;
      if (zone === "support") for (const k of keys) calls.push({ method: "support", args: [i, k] });
      else calls.push({ method: "put", args: [i, zone, ...keys] });
    }
  });
  if (answers) {
    for (const pl of [0, 1] as PlayerIndex[]) {
      const mine = answers.filter((a) => a.player === pl);
      if (mine.length) calls.push({ method: "script", args: [pl, ...mine.map((a) => (a.labelsUnique ? a.labels : a.choice))] });
    }
    const tasks = scenarioTasks(spec);
    if (tasks.length) calls.push({ method: "steps", args: tasks as unknown as Json[] });
  }
  return calls;
}

/**
 * Perform builder calls on a scenario.
 * @throws Error from the builder (an unknown card: `unknown card "X"`)
 */
export function applyPlan(s: DbeScenario, calls: readonly BuilderCall[]): void {
  const b = s as unknown as Record<BuilderCall["method"], (...a: unknown[]) => unknown>;
  for (const c of calls) b[c.method].apply(s, c.args);
}

/**
 * The problems of a scenario before it runs: unknown set numbers (naming the player and the
 * zone), a bad turn or seed, a non-Digimon active, and no steps.
 * @param db the cards of the workspace
 */
export function specProblems(spec: ScenarioSpec, db: CardDb<CompiledCard>): string[] {
  const out: string[] = [];
  if (!Number.isInteger(spec.turn) || spec.turn < 1) out.push(`the turn must be a whole number ≥ 1, not ${spec.turn}`);
  if (!Number.isInteger(spec.seed) || Math.abs(spec.seed) > 2 ** 31) out.push(`the seed must be a whole number from −2147483648 to 2147483647, not ${spec.seed}`);
  if (!spec.steps.length) out.push("choose at least one rules step to run");
  spec.players.forEach((p, i) => {
    const who = `P${i + 1}`;
    const check = (key: string, where: string) => {
      if (!db.get(key)) out.push(`${who} ${where}: no card of the workspace has the set number ${key}`);
    };
    if (p.active) {
      check(p.active, "active");
      const c = db.get(p.active);
      if (c && c.stats.kind !== "Digimon") out.push(`${who} active: ${p.active} ${c.stats.name} is not a Digimon`);
    } else if (p.under.length) out.push(`${who}: Digimon below the active need an active Digimon`);
    for (const k of p.under) check(k, "below the active");
    for (const { zone, label } of SPEC_ZONES) for (const k of p.zones[zone]) check(k, label.replace(/ \(.*\)$/, "").toLowerCase());
    for (const [n, v] of [["flats", p.flats], ["KO points", p.ko]] as const) if (!Number.isInteger(v) || v < 0) out.push(`${who} ${n} must be a whole number ≥ 0, not ${v}`);
    if (p.hp !== null && (!Number.isInteger(p.hp) || p.hp < 0)) out.push(`${who} HP must be a whole number ≥ 0 (or empty for the printed HP), not ${p.hp}`);
    if (!Number.isInteger(p.dpExtra)) out.push(`${who} DP from effects must be a whole number, not ${p.dpExtra}`);
  });
  return out;
}

/**
 * A scenario's game, set up and with its steps queued (then a halt), not yet run.
 * @throws Error from the builder for an unknown card (check {@link specProblems} first)
 */
export function scenarioGame(db: CardDb<CompiledCard>, spec: ScenarioSpec): Game {
  const s = new DbeScenario(db, spec.name, spec.seed);
  applyPlan(s, planOf(spec, null));
  s.g.push(...scenarioTasks(spec).map((t) => ({ ...t })), { t: HALT });
  return s.g;
}

/** What a scenario ended with: the facts its exported test expects. */
export interface Outcome {
  winner: PlayerIndex | "draw" | null;
  endReason: string | null;
  hp: [number, number];
  ko: [number, number];
  flats: [number, number];
  /** Current Power of each attack (`powerOf`: with continuous effects). */
  power: [Record<AttackSlot, number>, Record<AttackSlot, number>];
  /** Card keys of every zone that was filled in the position or holds cards at the end, bottom first. */
  zones: { p: PlayerIndex; zone: string; keys: string[] }[];
}

/** The zones an outcome lists, in this order. */
const OUTCOME_ZONES = ["active", "attachment", "hand", "deck", "dp", "support", "trash", "destinyZone", "darkArea", "deleted", "under"] as const;

/** The outcome of a scenario's game (after it ran). */
export function outcomeOf(g: Game, spec: ScenarioSpec): Outcome {
  const pair = <T>(f: (p: PlayerIndex) => T): [T, T] => [f(0), f(1)];
  const zones: Outcome["zones"] = [];
  for (const p of [0, 1] as PlayerIndex[]) {
    const ps = spec.players[p];
    for (const zone of OUTCOME_ZONES) {
      const keys = g.zone(p, zone).map((id) => g.card(id).def);
      const filled = zone === "active" ? ps.active !== "" : zone in ps.zones && ps.zones[zone as SpecZone].length > 0;
      if (keys.length || filled) zones.push({ p, zone, keys });
    }
  }
  const power = (p: PlayerIndex) => (activeOf(g, p) === null ? { circle: 0, triangle: 0, cross: 0 } : powerOf(g, p));
  return {
    winner: g.state.winner,
    endReason: g.state.endReason,
    hp: pair((p) => P(g, p).hp),
    ko: pair((p) => P(g, p).ko),
    flats: pair((p) => P(g, p).flats),
    power: pair(power),
    zones,
  };
}

/**
 * Run a scenario the way its exported test will: the builder's own `run()` with the answers
 * scripted, and compare the outcome with the one observed.
 * @returns null when the test would pass, else why not
 */
export function checkExport(db: CardDb<CompiledCard>, spec: ScenarioSpec, answers: readonly Answered[], observed: Outcome): string | null {
  try {
    const s = new DbeScenario(db, spec.name, spec.seed);
    applyPlan(s, planOf(spec, answers));
    const r = s.run();
    const got = outcomeOf(r.g, spec);
    return JSON.stringify(got) === JSON.stringify(observed) ? null : "the scripted run reached another outcome than the one observed";
  } catch (e) {
    return (e as Error).message;
  }
}

/**
 * The position of a game (e.g. the duel bench's) as a scenario: the turn, each player's
 * active and stack, battle state and zones, by definition key. Lingering effects, gained
 * abilities and card flags are not carried over (the builder places cards with printed
 * stats); the steps start from the phase after the current one.
 */
export function positionFromGame(g: Game, name: string): ScenarioSpec {
  const player = (p: PlayerIndex): PlayerSpec => {
    const s: DbePlayer = P(g, p);
    const keys = (zone: string) => g.zone(p, zone).map((id) => g.card(id).def);
    const stack = keys("active");
    const a = activeOf(g, p);
    const out = emptyPlayer();
    out.active = stack.at(-1) ?? "";
    out.under = stack.slice(0, -1);
    out.attack = s.attack;
    out.abnormal = s.abnormal;
    out.hp = a === null ? null : s.hp === printedHp(g, a, s.abnormal) ? null : s.hp;
    out.flats = s.flats;
    out.ko = s.ko;
    out.dpExtra = s.dpExtra;
    for (const { zone } of SPEC_ZONES) out.zones[zone] = keys(zone);
    return out;
  };
  const order: StepId[] = STEPS.map((s) => s.id);
  const at = ({ prep: 0, evolve: 1, strategy: 2, support: 3, battle: 5, end: 6 } as Record<string, number>)[g.state.phase];
  const steps = at === undefined ? (["supportResolve", "battle"] as StepId[]) : order.slice(Math.min(order.length - 1, at + 1));
  return { name, seed: g.seed, turn: Math.max(1, g.state.turn), turnPlayer: g.state.turnPlayer, players: [player(0), player(1)], steps, answers: ["greedy", "greedy"] };
}

/** The printed HP of an active (abnormal-scaled, rounded down to tens), as `resetActiveStats` sets it. */
function printedHp(g: Game, id: number, abnormal: boolean): number {
  const st = def(g, id).stats;
  const k = abnormal ? abnormalDivisor(st.level) : 1;
  return Math.floor((st.hp ?? 0) / k / 10) * 10;
}

/** The attack slots in printed order (Anatomy of Cards item 10), for the form's attack select. */
export { ATTACK_SLOTS };
