/**
 * The effect model's state and vocabulary (002 chapter 10):
 * where an effect's text is ({@link EffectSrc}), the things it acts on ({@link Thing}), the
 * context an effect reads its deictic words from ({@link Ctx}: "this Digimon", "that Digimon",
 * "the revealed cards"), and the frames of the effects being activated ({@link FxFrame}),
 * kept in the game state (`DcgVars.fx`) so that a game waiting for a decision in the middle of
 * an effect is plain data (saved, hashed and rolled back like the rest).
 */
import type { Game } from "../../../core/engine.ts";
import type { Json, PlayerIndex } from "../../../core/state.ts";
import type { DcgBox, DcgEffect, DcgKeywordName } from "../../../lang/dcg/ir.ts";
import { V, def } from "../model.ts";
import type { DcgEventData, Snapshot } from "../events.ts";

/**
 * Where the text of an effect is (002 §2-10: a card's effect, inherited effect or security
 * effect box): the card, the box, the unit's index in `DcgCard.effects[box]`, and for an
 * effect granted by another ("gains '[When Attacking] …'", 002 §13-2-4) the path to it —
 * pairs of sentence and step indices, each step's object being the granted effect.
 */
export interface EffectSrc {
  card: number;
  box: DcgBox;
  index: number;
  path?: number[];
}

/** The effect unit an {@link EffectSrc} names (002 §2-10: a card's text; §13-2-4: a granted one). */
export function unitOf(g: Game, src: EffectSrc): DcgEffect {
  let u = def(g, src.card).effects[src.box][src.index]!;
  const path = src.path ?? [];
  for (let i = 0; i + 1 < path.length; i += 2) {
    const step = u.sentences[path[i]!]!.steps[path[i + 1]!]!;
    if (step.kind !== "clause" || step.object?.kind !== "effect") throw new Error(`effect path ${path.join(".")} of card ${src.card} does not lead to a granted effect`);
    u = step.object.effect;
  }
  return u;
}

/**
 * A thing an effect picks, acts on or refers to: a Digimon or Tamer in play (its object id:
 * 002 §3-1-5), a card (its card id) wherever it is — `top` marks "the top card of this
 * Digimon" taken off its stack (the rest stays the Digimon, as with <De-Digivolve>: 002
 * §12-12) — a Digimon as it was when it left play (002 §10-4-4-4), or a player.
 */
export type Thing = { perm: number } | { card: number; top?: true } | { snap: Snapshot } | { player: PlayerIndex };


/**
 * What an effect reads its deictic words from (002 §10-3-6: with no choice written, an
 * effect acts on its source card or its player): whose effect it is, the card with it ("this
 * card"), the Digimon or Tamer it belongs to ("this Digimon"), the deleted Digimon of an [On
 * Deletion] effect, the triggering event ("that Digimon"), and what earlier parts of the
 * effect picked ("it", "them", "the revealed cards").
 */
export interface Ctx {
  /** The player of the effect (002 §10-3-6; 001 p.13: memory gained goes to them). */
  owner: PlayerIndex;
  /** The card the effect is printed on ("this card"). */
  card: number;
  /** The Digimon or Tamer the effect belongs to ("this Digimon"), or null. */
  perm: number | null;
  /** [On Deletion]: the Digimon as it was when deleted (002 §10-4-4-4). */
  snap: Snapshot | null;
  /** The event that triggered the effect, or null. */
  event: DcgEventData | null;
  /** Named things: "revealed", "chosen", "played", "deleted", "trashed", "returned", "placed", "added", "used". */
  refs: { [name: string]: Thing[] };
  /** What the last clause picked or acted on ("it", "that Digimon", "them"). */
  last: Thing[];
  /** The box the effect is printed in. */
  box: DcgBox;
}

/**
 * An effect being activated (002 §10-3-1-4: "carry out the effect's processing"): its
 * context and the state of its processing. Plain JSON in `DcgVars.fx.frames`.
 */
export interface FxFrame extends Ctx {
  id: number;
  src: EffectSrc;
  /** Readable: "P1 ST1-03 Agumon [When Attacking]". */
  label: string;
  /** The [Once Per Turn] key (`events.ts` `optKey`) and its limit, or null. */
  opt: string | null;
  optMax: number;
  /** Whether this activation has spent its count (002 §4-15-7..9: only once, when the effect is carried out). */
  spent: boolean;
  /** Whether the last step did something ("If you do": 002 §11-7; "By X, Y": X must be done). */
  did: boolean;
  /** Whether the last "If …" of this effect was not met ("Otherwise"). */
  ifFailed: boolean;
  /** "For each …": how many times the current sentence's amounts count (002 §1-3-2-2: 0 does nothing). */
  mult: number;
  /** "For the turn, …" / "Until the end of your opponent's next turn, …": the current sentence's duration. */
  duration: Json;
  /** The incarnations of the revealed cards (002 §11-9-2: revealed cards stay where they were): a card moved since is not "remaining". */
  revInc: { [card: string]: number };
  /** A keyword effect without text (e.g. <Armor Purge>), or null. */
  kw: DcgKeywordName | null;
  /** Data of a keyword effect or a delayed effect. */
  data: { [k: string]: Json };
}

/** A delayed effect ("At the end of the battle, …", "At the end of the turn, …": 002 §10-1-6-1 a trigger the effect made). */
export interface DelayedEffect {
  id: number;
  /** When it triggers. */
  at: "battle" | "turn";
  /** The turn it was made in (it lapses when the turn passes). */
  turn: number;
  /** The context it keeps. */
  ctx: Ctx;
  src: EffectSrc;
  /** Body path and sentence index of the delayed sentence. */
  body: number[];
  sentence: number;
  label: string;
}

/** The effect model's part of the game state (`DcgVars.fx`): the effects activating (002 §10-3), delayed effects, this turn's log (§10-2). */
export interface FxState {
  frames: FxFrame[];
  /** Next frame / delayed effect id. */
  next: number;
  delayed: DelayedEffect[];
  /** What happened this turn, for "if you've digivolved this turn" (002 §10-2): player → event kinds. */
  log: { [key: string]: number };
  /** The turn `log` is about. */
  logTurn: number;
  /**
   * The "when … would" effects activated among the effects derived from the activation in
   * progress (002 §13-3-1-2-3): they do not trigger again until it has finished (cleared when no
   * effect is activating any more). Keys as `triggers.ts` `keyOf`.
   */
  would?: string[];
}

/** The effect model's state of a game (created on first use; see {@link FxState}, 002 §10-3). */
export function FX(g: Game): FxState {
  const v = V(g);
  const fx = v.fx as unknown as Partial<FxState>;
  if (fx.frames === undefined) {
    g.set(v, "fx", { frames: [], next: 1, delayed: [], log: {}, logTurn: g.state.turn } as unknown as { [k: string]: Json });
    return V(g).fx as unknown as FxState;
  }
  return fx as FxState;
}

/** The frame of an effect being activated (002 §10-3-1-4), by id (throws when it has ended: a bug of the effect model). */
export function frameOf(g: Game, id: number): FxFrame {
  const f = FX(g).frames.find((x) => x.id === id);
  if (!f) throw new Error(`effect frame ${id} is not active`);
  return f;
}

/** Count something that happened this turn (for "if you've … this turn": 002 §10-2). Journaled. */
export function logHappened(g: Game, player: PlayerIndex, what: string): void {
  const fx = FX(g);
  if (fx.logTurn !== g.state.turn) {
    g.set(fx, "log", {});
    g.set(fx, "logTurn", g.state.turn);
  }
  const key = `${player}:${what}`;
  g.set(fx.log, key, (fx.log[key] ?? 0) + 1);
}

/** How many times `what` happened to player `player` this turn (002 §10-2: "if you've digivolved this turn"). */
export function happenedThisTurn(g: Game, player: PlayerIndex, what: string): number {
  const fx = FX(g);
  return fx.logTurn === g.state.turn ? (fx.log[`${player}:${what}`] ?? 0) : 0;
}

/** Set a field of a frame of an effect being processed (002 §10-3-1-4). Journaled. */
export function setFrame<K extends keyof FxFrame>(g: Game, f: FxFrame, key: K, value: FxFrame[K]): void {
  g.set(f, key, value);
}

/** Record named things in a frame (002 §11-8-3: what an earlier part did is what a later part names): `refs[name]` and, unless `keepLast`, `last` ("it", "them"). Journaled. */
export function remember(g: Game, f: FxFrame, name: string | null, things: Thing[], keepLast = false): void {
  if (name !== null) g.set(f.refs, name, things);
  if (!keepLast) g.set(f, "last", things);
}

/** Add things to a named ref of a frame, e.g. every card this effect trashed ("If you trash 4 or more cards with this effect": 002 §10-2). Journaled. */
export function rememberMore(g: Game, f: FxFrame, name: string, things: Thing[]): void {
  g.set(f.refs, name, [...(f.refs[name] ?? []), ...things]);
}
