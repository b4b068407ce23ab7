/**
 * The DCG game model on top of the game-free core: zones, the objects in play (a Digimon or
 * Tamer with the cards under it), the shared memory gauge, and typed access to card data.
 * Everything else of the DCG ruleset imports this module; it imports no other DCG module
 * (the bottom of the import graph, with `events.ts` right above it).
 *
 * Sources: `002_db81695f81018ea7.txt` (the comprehensive rules 1.2, cited "002 §x-y") chapter
 * 3 (areas), 4-1 (memory), 4-3 (digivolution cards), 4-9 (suspended), 4-19 (Tokens);
 * `001_9364978fb56838a3.txt` (rule manual 2.3, cited "001") "Setting up the Game".
 *
 * How the state is laid out (all plain JSON in the core's `GameState`, so it is hashed,
 * saved and rolled back by the journal):
 * - each card is in one core zone of its holder ({@link DCG_ZONES});
 * - the cards of the breeding and battle areas are grouped into {@link DcgPermanent}s — one
 *   Digimon or Tamer (or an Option placed by an effect) and the cards under it, bottom first —
 *   kept in the player's {@link DcgPlayer} (`PlayerState.vars`); the order of the core zone
 *   `battle` / `breeding` means nothing, the permanent's `cards` give the stack order;
 * - the game's DCG data ({@link DcgVars}: memory, the attack in progress, pending effects,
 *   lasting effects, [Once Per Turn] counts) is the core state's `vars`.
 */
import type { CardDb, Game, Task, ZoneVisibility } from "../../core/engine.ts";
import type { DecisionKind, DecisionOption } from "../../core/decision.ts";
import type { Json, PlayerIndex } from "../../core/state.ts";
import type { DcgCard } from "../../lang/dcg/card.ts";
import type { DcgBox, DcgKeywordName } from "../../lang/dcg/ir.ts";
import type { DcgColor } from "../../lang/dcg/vocabulary.ts";

export type { DcgCard };

// ─── Zones ─────────────────────────────────────────────────────────────────

/**
 * DCG zones and who may see their cards (002 §3-1-1, §3-1-4). Hidden: deck (§3-2-2), Digi-Egg
 * deck (§3-3-1-1), security stack (§3-8-2); the hand is seen by its owner (§3-6-2); open:
 * breeding area (§3-4-3), battle area (§3-5-5), trash (§3-7-2). Two more hold cards that are
 * in no area of the rules: `limbo` — an Option card being used (§2-3-6-1), a card flipped by
 * a check and a Security Digimon (§3-1-2, §4-11-2) — and `removed`, Tokens removed from the
 * game (§4-19-2-3, §11-5-3).
 */
export const DCG_ZONES: Readonly<Record<string, ZoneVisibility>> = {
  deck: "hidden",
  eggDeck: "hidden",
  breeding: "open",
  battle: "open",
  hand: "owner",
  trash: "open",
  security: "hidden",
  limbo: "open",
  removed: "open",
};

/** A zone name of {@link DCG_ZONES}. */
export type DcgZone = "deck" | "eggDeck" | "breeding" | "battle" | "hand" | "trash" | "security" | "limbo" | "removed";

// ─── Objects in play ───────────────────────────────────────────────────────

/**
 * One object in the breeding or battle area: a Digimon, a Tamer, or an Option card placed by
 * an effect, with the cards under it (002 §3-4-2, §3-5-2, §3-5-3: "if cards are stacked, the
 * top card is the Digimon"). Under a Digimon they are its digivolution cards (§4-3-1); under
 * a Tamer they are just cards under it (§4-3-2).
 *
 * Identity (002 §3-1-5, §11-6-2, §4-15-5): `id` is new whenever a new Digimon or Tamer appears
 * — played, hatched, made by DNA digivolution (§8-2-2), or back in play after leaving — and
 * stays the same through ordinary digivolution (§8-1-2-7), a move out of the breeding area
 * (§4-12-3-5) and <De-Digivolve>. Effects that "apply to this Digimon" key on `id`.
 */
export interface DcgPermanent {
  /** Object id, unique in the game (never reused). */
  id: number;
  /** The player whose area holds it (its cards' owner: 002 §3-1-6). */
  owner: PlayerIndex;
  /** Card ids, bottom first; the last is the top card (the Digimon / Tamer itself). Never empty. */
  cards: number[];
  /** Suspended (sideways) rather than unsuspended (002 §4-9-1). */
  suspended: boolean;
  /** The turn it was played (002 §7-2-4: it cannot attack that turn without <Rush>), or null when it was not played (hatched §6-5-1-1-2, DNA §8-2-4). */
  playedTurn: number | null;
  /** The turn this object appeared (play, hatch, DNA, Token). */
  enteredTurn: number;
  /** A Token (002 §4-19): removed from the game instead of moving anywhere. */
  token: boolean;
}

/** One player's DCG state (the core's `PlayerState.vars`). */
export interface DcgPlayer {
  /** The player's battle area, in the order the objects entered (002 §3-5-4: no limit). */
  battle: DcgPermanent[];
  /** The Digimon in the breeding area, or null (002 §3-4-4: at most 1). */
  breeding: DcgPermanent | null;
}

// ─── Attacks, pending effects, lasting effects ─────────────────────────────

/**
 * The attack in progress (002 §9-2-1): who attacks, the target declared (read by text
 * conditions, §9-2-1-3-1), the current target (changed by a block, §9-2-1-5-2), and progress.
 */
export interface DcgAttack {
  /** The attacking permanent's id. */
  attacker: number;
  /** Its player. */
  player: PlayerIndex;
  /** The target declared: "player" or a permanent id (§9-2-1-3-1). */
  declared: "player" | number;
  /** The current target (§9-2-1-5-2, §9-2-1-6-1). */
  target: "player" | number;
  /** Whether a block happened (§9-2-1-5-4: only one per attack). */
  blocked: boolean;
  /** Whether a [Counter] effect was activated this attack (§9-2-1-4-2: only one). */
  countered: boolean;
  /** Security checks made so far in this attack (§9-3-3). */
  checks: number;
}

/**
 * A triggered effect waiting to activate (002 §4-5-3 "pending"): whose it is (§4-6-3), where
 * it comes from, and the event that triggered it. Plain JSON, kept in {@link DcgVars.pending}.
 * The effect model adds card effects (`kind: "card"`); the rules add built-in keyword
 * triggers (`kind: "keyword"`, e.g. <Retaliation>: 002 §12-13) and rules actions ordered
 * like triggered effects (`kind: "rule"`, e.g. trashing a Burst-Digivolved Digimon's top card
 * at the end of the turn: 002 §8-3-17).
 */
export interface PendingEffect {
  /** The player who activates it (002 §4-6-3, §4-6-4). */
  owner: PlayerIndex;
  kind: "card" | "keyword" | "rule";
  /** The card the effect is printed on (or the keyword's holder's top card). */
  card: number;
  /** The permanent it belongs to when it triggered, or null (e.g. [On Deletion] from the trash). */
  perm: number | null;
  /** For `card`: the box and the index of the effect unit in `DcgCard.effects[box]`. */
  box: DcgBox | null;
  index: number | null;
  /** For `keyword`: which keyword. */
  keyword: DcgKeywordName | null;
  /** The triggering event (`events.ts` {@link DcgEventData}), for conditions and targets. */
  event: { [k: string]: Json };
  /** Readable, for the decision that orders pending effects: "P1 Agumon: <Retaliation>". */
  label: string;
  /**
   * The effect model's own data on the pending effect (plain JSON, read only by the host that
   * made it): e.g. the path of an effect granted by another effect, the deleted Digimon's
   * snapshot of an [On Deletion] effect (002 §10-4-4-4), the [Once Per Turn] key.
   */
  data?: { [k: string]: Json };
}

/**
 * An effect that lasts for a period (002 §13-2-2: "for the turn", "until the end of your
 * opponent's next turn"), kept after its source has left (001 Q&A Main Q17a). The rules read
 * the DP and keyword changes here ({@link DcgPermanent} `id` targets); the effect model
 * registers them. `until`: "turn" ends when the turn passes (§6-7-2-2); "opponentsNextTurn"
 * at the first end of the turn of `controller`'s opponent after `turn` (§6-7-5).
 */
export interface LastingEffect {
  /** Order of creation (later overrides earlier among overwrites: §10-1-5-7). */
  seq: number;
  /** Source card id, or null for a rules-made effect. */
  source: number | null;
  /** The player of the effect. */
  controller: PlayerIndex;
  /** The permanent it applies to. */
  target: number;
  /** DP change (+/−), if any. */
  dp?: number;
  /** A keyword given, with its value (e.g. Security Attack +1), if any. */
  keyword?: { name: DcgKeywordName; value: number | null };
  /**
   * When it ends: "turn" when the turn passes (§6-7-2-2); "opponentsNextTurn" at the first
   * end of the opponent's turn after `turn` (§6-7-5); "yourTurn" at the end of the next of
   * `controller`'s own turns (this one when made in it); "attack" / "battle" when the attack
   * or battle in progress ends (001 Q&A "for the attack", 002 §12-24-1).
   */
  until: "turn" | "opponentsNextTurn" | "yourTurn" | "yourNextTurn" | "attack" | "battle";
  /** The turn it was made. */
  turn: number;
  /**
   * What else it does, for the effect model to read (plain JSON: a prohibition, a granted
   * effect, a name or colour "also treated as", a cost change …; `effects/durations.ts`).
   */
  fx?: { [k: string]: Json };
}

/** The DCG game data (the core's `GameState.vars`). */
export interface DcgVars {
  /**
   * The memory gauge (002 §4-1-2): one counter from −10 to +10, positive on the first
   * seat's (P1's) side. A player's own view is {@link memoryOf}.
   */
  memory: number;
  /** The player who went first (002 §5-2-1-4). */
  firstPlayer: PlayerIndex;
  /** Next object id for {@link DcgPermanent.id}. */
  nextObj: number;
  /** Next sequence number (lasting effects, pending order). */
  seq: number;
  /** The attack in progress, or null. */
  attack: DcgAttack | null;
  /**
   * Pending effects as a stack of batches (002 §4-6-5: effects triggered by one action or one
   * activation are one batch, newer batches activate first); the last batch is the top.
   */
  pending: PendingEffect[][];
  /** Effects triggered since the last settle; they become one batch at the next settle (STL-2). */
  triggered: PendingEffect[];
  /** Lasting effects in force (002 §13-2-2). */
  lasting: LastingEffect[];
  /**
   * [Once Per Turn] / [Twice Per Turn] uses this turn (002 §4-15), by key (`events.ts`
   * `optKey`: object id, card incarnation, box and effect index). Cleared when the turn passes.
   */
  opt: { [key: string]: number };
  /**
   * The effect model's state (`effects/frame.ts`): the effects being activated, delayed
   * effects ("at the end of the battle"), what happened this turn. Empty without card effects.
   */
  fx: { [k: string]: Json };
  /**
   * Permanents whose pending deletion a "would be deleted" effect prevented (002 §13-3-1-2-1),
   * read and cleared by the deletion step (`moves.ts` `dcg.delete`).
   */
  prevented: number[];
}

/**
 * Register a lasting effect (002 §13-2-2) with the next sequence number (journaled: an effect
 * rolled back leaves none). The rules read its DP and keyword changes (`continuous.ts`) and end
 * it when the turn passes (`turn.ts` `dcg.turnSwitch`).
 * @returns the effect as stored
 */
export function addLasting(g: Game, l: Omit<LastingEffect, "seq">): LastingEffect {
  const v = V(g);
  const stored: LastingEffect = { ...l, seq: nextSeq(g) };
  g.journal.insertAt(v.lasting, v.lasting.length, stored);
  return stored;
}

/** A fresh {@link DcgVars} (002 §5-2-3: the memory counter starts on 0). */
export function newVars(): DcgVars {
  return { memory: 0, firstPlayer: 0, nextObj: 1, seq: 1, attack: null, pending: [], triggered: [], lasting: [], opt: {}, fx: {}, prevented: [] };
}

/** A fresh {@link DcgPlayer}: nothing in play. */
export function newPlayer(): DcgPlayer {
  return { battle: [], breeding: null };
}

/** The DCG game data of a game (lives in the core state's `vars`: hashed and saved). */
export function V(g: Game): DcgVars {
  return g.state.vars as unknown as DcgVars;
}

/** The DCG state of player `p`. */
export function P(g: Game, p: PlayerIndex): DcgPlayer {
  return g.state.players[p].vars as unknown as DcgPlayer;
}

/** The next sequence number (journaled). */
export function nextSeq(g: Game): number {
  const v = V(g);
  const n = v.seq;
  g.set(v, "seq", n + 1);
  return n;
}

// ─── Memory (002 §4-1) ─────────────────────────────────────────────────────

/** The gauge's limit on either side (002 §4-1-4). */
export const MEMORY_MAX = 10;

/**
 * Memory as player `p` sees it: positive on `p`'s side, negative on the opponent's
 * (002 §4-1-2-1). Range −10…+10.
 */
export function memoryOf(g: Game, p: PlayerIndex): number {
  const m = V(g).memory;
  return p === 0 ? m : -m;
}

/**
 * Set the memory counter to `n` on player `p`'s side (negative: the opponent's side),
 * clamped to −10…+10 (002 §4-1-4: "it cannot exceed 10"). Journaled. Turn passing is not
 * done here: it is the memory check after the action resolves (002 §6-7-1-1; `turn.ts`).
 */
export function setMemory(g: Game, p: PlayerIndex, n: number): void {
  const c = Math.max(-MEMORY_MAX, Math.min(MEMORY_MAX, n));
  g.set(V(g), "memory", p === 0 ? c : -c);
}

/**
 * Whether player `p` can pay a memory cost (002 §4-1-4; 001 p.6 "Paying Memory Costs", Q&A
 * Main Q8): paying may take the counter to at most 10 on the opponent's side.
 */
export function canPay(g: Game, p: PlayerIndex, cost: number): boolean {
  return memoryOf(g, p) - cost >= -MEMORY_MAX;
}

/**
 * Player `p` pays a memory cost: the counter moves `cost` toward the opponent's side (002
 * §4-1-2-2, §4-1-2-3). The caller checks {@link canPay} first.
 */
export function pay(g: Game, p: PlayerIndex, cost: number): void {
  if (cost !== 0) setMemory(g, p, memoryOf(g, p) - cost);
}

// ─── Card data ─────────────────────────────────────────────────────────────

/** The DCG card behind a card instance (cached per instance by the core). */
export function def(g: Game, id: number): DcgCard {
  return g.defOf(id) as DcgCard;
}

/** A card database of DCG cards, keyed by card number (002 §2-1-1). */
export function dcgCardDb(cards: readonly DcgCard[]): CardDb<DcgCard> & { all: DcgCard[] } {
  const m = new Map<string, DcgCard>();
  for (const c of cards) m.set(c.stats.number, c);
  return { get: (k) => m.get(k), all: [...cards] };
}

/**
 * A Burst Digivolve requirement (002 §8-3-1, §8-3-18-1): "digivolve into this card from the
 * Digimon named `from` by returning 1 Tamer named `tamer` of yours in play to the hand, for a
 * digivolve cost of `cost`". The DCG card data and `DcgCard` (`runtime/lang/dcg/card.ts`) carry
 * no Burst Digivolve yet, so a card gives it in {@link DcgCardRules} beside its `DcgCard` fields.
 */
export interface DcgBurstDigivolve {
  /** The digivolve cost given in "Burst Digivolve" (002 §8-3-18-4). */
  cost: number;
  /** The name of the Digimon that may Burst Digivolve into the card (002 §8-3-18-1). */
  from: string;
  /** The name of the Tamer returned to the hand (002 §8-3-1, §8-3-11). */
  tamer: string;
}

/**
 * Card rules that are rules, not effects, and that `DcgCard` does not carry yet: Burst
 * Digivolve (002 §8-3: "a rule of digivolution, not a card effect", §8-3-3) and <Overflow>
 * (002 §11-4: a rule of Digimon ACE cards, "a rule, not an effect", §11-4-2). A card gives
 * them as an optional `rules` field beside the `DcgCard` fields (the runtime's own minimal
 * representation until the card data and `DcgCard` have them: see {@link cardRules}).
 */
export interface DcgCardRules {
  /** Burst Digivolve requirements (002 §8-3). */
  burst?: DcgBurstDigivolve[];
  /** <Overflow (−N)>: the memory lost when the card leaves the battle area or the cards under a card (002 §11-4-1). */
  overflow?: number;
}

const NO_RULES: DcgCardRules = {};

/** The card rules of a card ({@link DcgCardRules}: Burst Digivolve 002 §8-3, <Overflow> §11-4); none for most cards. */
export function cardRules(c: DcgCard): DcgCardRules {
  return (c as DcgCard & { rules?: DcgCardRules }).rules ?? NO_RULES;
}

/** Whether a card has a colour (002 §2-4-1-3: a multicolour card has every colour it shows). */
export function hasColor(c: DcgCard, color: DcgColor): boolean {
  return c.stats.colors.includes(color);
}

/** A short readable name of a card instance: "ST1-03 Agumon" (built once per definition). */
export function cardName(g: Game, id: number): string {
  const d = def(g, id) as DcgCard & { [NAME]?: string };
  let n = d[NAME];
  if (n === undefined) {
    n = `${d.stats.number} ${d.stats.name}`;
    Object.defineProperty(d, NAME, { value: n, enumerable: false });
  }
  return n;
}

/** Kept under a symbol, which JSON and structured clones leave out. */
const NAME = Symbol("dcg.cardName");

/** "P1" / "P2", as logs name players. */
export function who(p: PlayerIndex): string {
  return p === 0 ? "P1" : "P2";
}

/** A player with their deck's name, "P1 (Gaia Red)", for end reasons and turn headers. */
export function seat(g: Game, p: PlayerIndex): string {
  return `P${p + 1} (${g.state.players[p].name})`;
}

// ─── Permanents ────────────────────────────────────────────────────────────

/** The top card of a permanent: the Digimon / Tamer itself (002 §3-5-2). */
export function topOf(perm: DcgPermanent): number {
  return perm.cards[perm.cards.length - 1]!;
}

/** The cards under a permanent's top card, bottom first (digivolution cards of a Digimon: 002 §4-3-1). */
export function sourcesOf(perm: DcgPermanent): number[] {
  return perm.cards.slice(0, -1);
}

/**
 * Whether a permanent is a Digimon: its top card is a Digimon or Digi-Egg card (002 §3-4-2,
 * §3-5-2). A Tamer "also treated as a Digimon" (§13-4) is the effect model's (continuous.ts).
 */
export function isDigimonCard(c: DcgCard): boolean {
  return c.stats.kind === "Digimon" || c.stats.kind === "Digi-Egg";
}

/** Whether permanent `perm` is a Digimon by its top card (002 §3-5-2). */
export function isDigimon(g: Game, perm: DcgPermanent): boolean {
  return isDigimonCard(def(g, topOf(perm)));
}

/** Whether permanent `perm` is a Tamer by its top card (002 §3-5-3). */
export function isTamer(g: Game, perm: DcgPermanent): boolean {
  return def(g, topOf(perm)).stats.kind === "Tamer";
}

/** The permanent with object id `id` in either player's breeding or battle area, or null. O(objects in play). */
export function findPerm(g: Game, id: number): DcgPermanent | null {
  for (const p of PLAYERS) {
    const s = P(g, p);
    if (s.breeding?.id === id) return s.breeding;
    for (const x of s.battle) if (x.id === id) return x;
  }
  return null;
}

/** The permanent holding card `card` (top card or a card under it), or null when the card is not in play. */
export function permOfCard(g: Game, card: number): DcgPermanent | null {
  const c = g.card(card);
  if (c.zone !== "battle" && c.zone !== "breeding") return null;
  const s = P(g, c.holder);
  if (c.zone === "breeding") return s.breeding;
  for (const x of s.battle) if (x.cards.includes(card)) return x;
  return null;
}

/** Whether permanent `id` is in its player's battle area now. */
export function inBattleArea(g: Game, id: number): boolean {
  for (const p of PLAYERS) for (const x of P(g, p).battle) if (x.id === id) return true;
  return false;
}

/**
 * Note that a card moved or an object in play changed (moves.ts calls it on every such change).
 * It also changes the {@link stateVersion}, so a cache keyed on that version never outlives a
 * cache keyed on the board's.
 */
export function boardChanged(g: Game): void {
  gameCache(g).board++;
  stateChanged(g);
}

/** The board's change count (see {@link boardChanged}): equal counts mean the same cards in the same places. */
export function boardVersion(g: Game): number {
  return gameCache(g).board;
}

/**
 * The caches one game keeps of values derived from its state and cards (not game state: never
 * hashed, saved or rolled back), in one object reached with one property read on the hot paths.
 * Each field says what keys it and what drops it.
 */
export class DcgGameCache {
  /** A count of changes to what is where ({@link boardChanged}): a key for caches of values read from the board. */
  board = 0;
  /** The continuous effects in force and their sublists (`effects/in-force.ts` `activeContinuous`), keyed on {@link board} and the turn player. */
  active: unknown = null;
  /** The reads of continuous effects (`effects/memo.ts` `memoMap`), keyed on {@link stateVersion}. */
  memo: unknown = null;
  /** Whether caches keyed on {@link stateVersion} may serve the game ({@link trackWrites}). */
  tracked = false;
}

/** Each game's caches (see {@link gameCache}). */
const CACHES = new WeakMap<Game, DcgGameCache>();
/** The game last asked for, and its caches: the hot paths ask for one game many times in a row. */
let lastGame: Game | null = null;
let lastCache: DcgGameCache | null = null;

/**
 * The caches of a game ({@link DcgGameCache}). The last game asked for is remembered beside the
 * weak map (one game stays reachable through it until another is asked for).
 */
export function gameCache(g: Game): DcgGameCache {
  if (g === lastGame) return lastCache!;
  let c = CACHES.get(g);
  if (c === undefined) CACHES.set(g, (c = new DcgGameCache()));
  lastGame = g;
  lastCache = c;
  return c;
}

// ─── State version (a key for caches of values read from the state) ───────

/**
 * Let caches keyed on {@link stateVersion} serve a game (the DCG start does it: `setup.ts`
 * `startDcg`). Its journal counts every write and rollback (`Journal.writes`, `core/journal.ts`);
 * a game built without `startDcg` (a test's hand-made state) is never cached.
 */
export function trackWrites(g: Game): void {
  gameCache(g).tracked = true;
}

/**
 * Note a change of the state made without the journal (a scenario builder placing cards, a
 * test editing the state by hand): caches keyed on {@link stateVersion} are dropped.
 */
export function stateChanged(g: Game): void {
  g.journal.touch();
}

/**
 * A number that changes whenever the game state may have changed (a write through the journal,
 * a rollback, {@link boardChanged}, {@link stateChanged}, another turn player), for caches of
 * values derived from the state: equal versions mean equal states. −1 for a game not started
 * by `startDcg` ({@link trackWrites}): never cache then.
 */
export function stateVersion(g: Game): number {
  return gameCache(g).tracked ? g.journal.writes * 2 + g.state.turnPlayer : -1;
}

/** Both players, in seat order (a shared constant: iterate, never mutate). */
export const PLAYERS: readonly PlayerIndex[] = [0, 1];

/** A permanent by name for logs: "P1 Greymon" (its top card). */
export function permName(g: Game, perm: DcgPermanent): string {
  return `${who(perm.owner)} ${def(g, topOf(perm)).stats.name}`;
}

// ─── Decisions ─────────────────────────────────────────────────────────────

/**
 * The DCG decisions: every choice the rules and the effects ask a player for. The core's `DecisionKind` is a
 * closed union without most of them yet; {@link ask} passes these names through (the core
 * only stores and shows the kind). Shared with the core: "mulligan", "chooseCards", "yesNo".
 */
export type DcgDecisionKind =
  | "mulligan" // 002 §5-2-1-6
  | "breedingAction" // §6-5-1
  | "mainAction" // §6-6-2, §6-6-3
  | "pickPending" // §4-6-2..4: the next pending effect
  | "block" // §9-2-1-5
  | "digiXros" // §7-2-6-15-4
  | "chooseCards"
  | "yesNo";

/**
 * Ask player `p` a DCG decision (the core's `Game.ask`: a decision with one legal answer is
 * not asked). `then` receives the answer.
 */
export function ask(g: Game, p: PlayerIndex, kind: DcgDecisionKind, prompt: string, options: DecisionOption[], min: number, max: number, then: Task): void {
  g.ask(p, kind as unknown as DecisionKind, prompt, options, min, max, then);
}
