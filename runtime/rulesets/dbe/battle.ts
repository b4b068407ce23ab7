/**
 * DBE Battle Phase damage resolution (steps 2–6) as a pure function.
 *
 * {@link resolveBattle} takes the two fighters' battle-relevant state after the Support Phase
 * and the reveal (Battle Phase step 2) and returns what happens: which attack abilities apply
 * or are voided, who attacks first, the damage dealt, residual effects (Crash, Drain, Shatter,
 * Flatten), KOs, Revival and KO points, plus the follow-up work the engine must perform with
 * the game state (draws, trashes, Shatter's attachment discard, …).
 *
 * No game state, zones or randomness: the engine builds a {@link BattleInput}, calls
 * {@link resolveBattle} and applies the {@link BattleOutcome}. Input and output are plain
 * JSON. Units: HP and Power are plain numbers as printed on cards (e.g. 590); flats are
 * tokens; KO points are points.
 *
 * Source: `000_012504f4614e5b24.txt`, "Battle Phase" steps 1–7 and the POINT on attack
 * ability priority; "Attack Abilities"; Glossary "Flatten / Flat" (and its POINT), "Revive";
 * FAQ "Who gets effects when attacks are countered and how?", "Which attack abilities can
 * Jamming void?". Comments cite the section and step of each branch; "Reading:" marks a point
 * the rules leave open, with the interpretation taken here.
 */
import { nameMatches } from "../../names.ts";
import type { PlayerIndex } from "../../core/state.ts";
import type { AttackAbility, CardFilter } from "../../ir.ts";
import type { AttackSlot, Level, SourceZone, TypeName } from "../../vocabulary.ts";

// ─── Input ─────────────────────────────────────────────────────────────────

/**
 * An attack ability granted to a fighter by an effect this turn (a lingering effect, FAQ
 * "Lingering effect VS Permanent effect").
 * - `attack`: the attack it was given to; `null` = every attack ("own attack gets Jamming").
 *   Only abilities on the attack the fighter used matter in battle.
 * - `seq`: global order of gain across both players (larger = more recent); used to order a
 *   player's abilities and for the "most recent 1st Attack" tie (Battle Phase 3.3).
 * - `voidable`: `false` for abilities Jamming cannot void: permanent (parenthesised) grants
 *   (Glossary "(Parenthesis text)") and Counter set by an Option such as Gold Banana (FAQ
 *   "Counter specifics", example 3).
 */
export interface GainedAbility {
  ability: AttackAbility;
  attack: AttackSlot | null;
  seq: number;
  voidable: boolean;
}

/**
 * One fighter: a player's active Digimon as it enters the Battle Phase.
 *
 * - `attack`: the chosen attack, revealed at Battle Phase step 2.
 * - `power`: current Power of each attack after supports (Power, e.g. 590). May be negative
 *   after reductions; a negative Power deals 0 damage.
 * - `printedPower`: printed Power of each attack (Shatter's reduction uses it: Attack
 *   Abilities "Shatter").
 * - `printedAbilities`: the printed attack ability of each attack, if any (Anatomy item 11).
 * - `gained`: abilities granted by effects this turn ({@link GainedAbility}).
 * - `firstAttack`: `seq` of each "gain 1st Attack" from effects (not attack abilities).
 * - `secondAttack`: "get 2nd Attack" from effects: either the `seq` of each gain, or a bare
 *   count (as the engine's `DbePlayer.secondAttack` keeps it). A bare count is read as gained
 *   after all of this player's effect 1st Attacks (each cancels the most recent one).
 * - `cannotGainFirstAttack`: a "cannot gain 1st Attack" effect applies (Battle Phase 3.3.3).
 * - `hp`: current HP (> 0). `types`: all types, primary and subtypes (Glossary "Type").
 * - `level`, `name`, `partner`: for Flatten conditions and Level M KO points.
 * - `flats`: flat tokens in front of the active (Glossary "Flatten / Flat").
 * - `revival`: HP of a Set Revival this turn (Glossary "Revive"), or null.
 * - `revived`: this Digimon was revived before: worth exactly 1 KO point (Battle Phase 6.2).
 * - `koValueOverride`: KO points this Digimon is worth when changed by an effect.
 * - `cannotBeCountered`: "Attacks cannot be countered" (FAQ "Permanents in Evolution Boxes").
 */
export interface Fighter {
  player: PlayerIndex;
  attack: AttackSlot;
  power: Record<AttackSlot, number>;
  printedPower: Record<AttackSlot, number>;
  printedAbilities: Record<AttackSlot, AttackAbility | null>;
  gained: GainedAbility[];
  firstAttack: number[];
  secondAttack: number[] | number;
  cannotGainFirstAttack: boolean;
  hp: number;
  types: TypeName[];
  level: Level;
  name: string;
  partner?: boolean;
  flats: number;
  revival: number | null;
  revived: boolean;
  koValueOverride?: number;
  cannotBeCountered?: boolean;
}

/**
 * Everything {@link resolveBattle} needs.
 * - `turnPlayer`: whose turn it is (gains the default 1st Attack, Battle Phase 2.1).
 * - `fighters`: indexed by player: `fighters[p].player === p`.
 * - `turnPlayerFirstAttackSeq`: `seq` of the turn player's default 1st Attack. Default: older
 *   than every other gain ("the turn-player starts with 1 point", Battle Phase 3.3.1).
 * - `abilityPriority`: the player who resolves attack abilities first at step 3, so whose
 *   step-3 gains are older. Default: the turn player, who "begins with priority to resolve
 *   first but may choose to pass it and resolve second" (Battle Phase 3.2).
 * - `counterTakesJamming`: whether a Counter Jamming cannot void takes the attack carrying
 *   the Jamming (000, FAQ "Counter specifics" 3). Default true; false for rules without
 *   that case (003, FAQ "Jamming oddballs"; `features.ts` `counterTakesJamming`).
 */
export interface BattleInput {
  turnPlayer: PlayerIndex;
  fighters: [Fighter, Fighter];
  turnPlayerFirstAttackSeq?: number;
  abilityPriority?: PlayerIndex;
  counterTakesJamming?: boolean;
}

// ─── Output ────────────────────────────────────────────────────────────────

/** The Battle Phase step an event or request belongs to (Battle Phase steps 3–6). */
export type BattleStep = 3 | 4 | 5 | 6;

/** What changed a Power value (Attack Abilities "Killer", "x3 VS", "Grudge", "to 0", "Counter", "Shatter"). */
export type PowerCause = "killer" | "x3vs" | "grudge" | "toZero" | "counter" | "shatter";

/**
 * Why `first` attacks first (Battle Phase 3.3):
 * - `counter`: the other player has Counter and always attacks second (3.3.4);
 * - `bothCounter`: both have Counter, no damage is dealt; `first` is the turn player (3.3.4);
 * - `stacks`: more instances of 1st Attack, some gained (3.3);
 * - `mostRecent`: same number, `first` gained 1st Attack most recently (3.3, 3.3.1);
 * - `cannotGain`: neither has a stack and the other cannot gain 1st Attack (3.3.3);
 * - `fewerSecondAttack`: neither has a stack, the other got more 2nd Attack (3.3.2, reading);
 * - `turnPlayer`: the turn player's default decides (2.1): its default stack is the only
 *   stack of 1st Attack (`stacks` [1, 0] or [0, 1]), or nothing else decides ([0, 0]).
 */
export type OrderReason =
  | "counter"
  | "bothCounter"
  | "stacks"
  | "mostRecent"
  | "cannotGain"
  | "fewerSecondAttack"
  | "turnPlayer";

/**
 * One entry of the ordered battle log. `step` is the Battle Phase step. Players are indices.
 * - `jammingSuppressed`: `player`'s Jamming does not apply: `by` set an unjammable Counter
 *   against the attack carrying it (FAQ "Counter specifics" 3, Gold Banana).
 * - `abilityVoided`: Jamming of `by` voided `player`'s Cross ability (Battle Phase 3.1).
 * - `ability`: an attack ability of `player` applies; `detail` says how.
 * - `firstAttack`: `player`'s 1st Attack stacks changed at step 3 (`gain`, `lose` = 2nd
 *   Attack, `strip` = all removed by Counter / cannot gain 1st Attack).
 * - `power`: `player`'s `attack` Power went from `before` to `after`.
 * - `revivalSet`: Grudge set Revival with `hp` (Attack Abilities "Grudge" 3).
 * - `order`: who attacks first and why; `stacks` = remaining 1st Attack stacks per player.
 * - `counter`: `player`'s Counter against `target` succeeded (it uses `attack`, the opponent's
 *   attack) or misfired.
 * - `noAttack`: `player` does not attack: countered, KO'd first, or both Counter.
 * - `damage`: `from` deals `amount` to `to` with `attack` of `owner` (`via` Power, Crash HP or
 *   a Counter); `hpBefore`/`hpAfter` are `to`'s HP (never below 0).
 * - `shatter`: `target`'s Power is reduced by `reduction` on every attack.
 * - `crash`: `player`'s HP set to 10 after dealing Crash damage. `drain`: `player` recovered.
 * - `flat`: `by` added a flat token to `player`, who now has `flats`.
 * - `ko`: `player`'s Digimon is KO'd by HP 0, by 3 flats or by 4 flats.
 * - `revival`: `player`'s Digimon revives with `hp` (Glossary "Revive").
 * - `koPoints`: `scorer` gains `points` for KOing `ko`'s Digimon.
 */
export type BattleEvent =
  | { kind: "jammingSuppressed"; step: 3; player: PlayerIndex; by: PlayerIndex }
  | { kind: "abilityVoided"; step: 3; player: PlayerIndex; by: PlayerIndex; ability: AttackAbility; source: "printed" | "gained" }
  | { kind: "ability"; step: 3; player: PlayerIndex; ability: AttackAbility; detail: string }
  | {
      kind: "firstAttack";
      step: 3;
      player: PlayerIndex;
      change: "gain" | "lose" | "strip";
      cause: "firstAttack" | "secondAttack" | "killer" | "grudge" | "counter" | "cannotGainFirstAttack";
    }
  | { kind: "power"; step: BattleStep; player: PlayerIndex; attack: AttackSlot; before: number; after: number; cause: PowerCause }
  | { kind: "revivalSet"; step: 3; player: PlayerIndex; hp: number }
  | { kind: "order"; step: 3; first: PlayerIndex; second: PlayerIndex; reason: OrderReason; stacks: [number, number] }
  | { kind: "counter"; step: 4 | 5; player: PlayerIndex; target: PlayerIndex; attack: AttackSlot; result: "success" | "misfire" }
  | { kind: "noAttack"; step: 4 | 5; player: PlayerIndex; reason: "countered" | "koed" | "bothCounter" }
  | {
      kind: "damage";
      step: 4 | 5;
      from: PlayerIndex;
      to: PlayerIndex;
      owner: PlayerIndex;
      attack: AttackSlot;
      via: "power" | "crash" | "counter";
      amount: number;
      hpBefore: number;
      hpAfter: number;
    }
  | { kind: "shatter"; step: 4 | 5; player: PlayerIndex; target: PlayerIndex; reduction: number }
  | { kind: "crash"; step: 4 | 5; player: PlayerIndex; hpBefore: number; hpAfter: number }
  | { kind: "drain"; step: 4 | 5; player: PlayerIndex; amount: number; hpBefore: number; hpAfter: number }
  | { kind: "flat"; step: 4 | 5; player: PlayerIndex; by: PlayerIndex; flats: number }
  | { kind: "ko"; step: 4 | 5; player: PlayerIndex; cause: "hp" | "threeFlats" | "fourFlats" }
  | { kind: "revival"; step: 6; player: PlayerIndex; hp: number; cause: "setRevival" | "grudge" }
  | { kind: "koPoints"; step: 6; scorer: PlayerIndex; ko: PlayerIndex; points: number; cause: "revived" | "override" | "mega" | "default" };

/**
 * Follow-up work the engine performs with the game state, in order. `by` is the player who
 * performs the ability (from its own perspective: the countering player for a countered
 * attack, FAQ "Counter specifics"); `target` is whose cards are affected.
 * - `draw`: `by` draws `count` (Attack Abilities "Draw X").
 * - `trash`: `target` (the opponent) trashes `count` from its deck ("Trash X").
 * - `recode`: `by` recodes `count` of its own deck ("Recode X").
 * - `recycle`: `by` recycles `count` from its trash, then shuffles ("Recycle X").
 * - `attach`: `by` attaches a card of its choice from `from` (deck/trash/hand) ("Attach D/T/H").
 * - `static`: delete the bottom `count` of `target`'s trash ("Static X").
 * - `corrupt`: `by` corrupts `count` of `target`'s deck ("Corrupt X").
 * - `shatterDiscard`: `by` may discard 1 attached card from anywhere (Shatter hit for > 0).
 */
export type BattleRequest =
  | { kind: "draw"; step: BattleStep; by: PlayerIndex; target: PlayerIndex; count: number }
  | { kind: "trash"; step: BattleStep; by: PlayerIndex; target: PlayerIndex; count: number }
  | { kind: "recode"; step: BattleStep; by: PlayerIndex; target: PlayerIndex; count: number }
  | { kind: "recycle"; step: BattleStep; by: PlayerIndex; target: PlayerIndex; count: number; shuffle: true }
  | { kind: "attach"; step: BattleStep; by: PlayerIndex; target: PlayerIndex; from: SourceZone }
  | { kind: "static"; step: BattleStep; by: PlayerIndex; target: PlayerIndex; count: number }
  | { kind: "corrupt"; step: BattleStep; by: PlayerIndex; target: PlayerIndex; count: number }
  | { kind: "shatterDiscard"; step: BattleStep; by: PlayerIndex; optional: true };

/**
 * The result of Battle Phase steps 3–6. Pairs are indexed by player.
 * - `events`: the ordered log ({@link BattleEvent}).
 * - `hp`, `flats`: after the battle (a KO'd Digimon has its flats removed; a revived one has
 *   its Revival HP).
 * - `power`: Power of each attack after step 3 and Shatter (lingering until End Phase).
 * - `koed`: the Digimon was KO'd (a revived Digimon still counts: Glossary "Revive").
 * - `revivedNow`: it revived (engine: reset it as evolved, keep the zone, set `revived`).
 * - `koPoints`: KO points each player scores in this battle (step 6; step 7 is the engine's).
 * - `requests`: follow-up work ({@link BattleRequest}).
 * - `firstAttacker`: who attacked first (step 3.3).
 */
export interface BattleOutcome {
  events: BattleEvent[];
  hp: [number, number];
  flats: [number, number];
  power: [Record<AttackSlot, number>, Record<AttackSlot, number>];
  koed: [boolean, boolean];
  revivedNow: [boolean, boolean];
  koPoints: [number, number];
  requests: BattleRequest[];
  firstAttacker: PlayerIndex;
}

// ─── Helpers ───────────────────────────────────────────────────────────────

/** An ability on the attack a fighter used, with where it came from. */
interface Held {
  ability: AttackAbility;
  source: "printed" | "gained";
  voidable: boolean;
}

type Of<K extends AttackAbility["kind"]> = Extract<AttackAbility, { kind: K }>;

const other = (p: PlayerIndex): PlayerIndex => (p === 0 ? 1 : 0);
const PLAYERS: readonly PlayerIndex[] = [0, 1];

/**
 * KO points a KO'd Digimon is worth (Battle Phase 6.2, 6.5, 6.6; Glossary "Revive"): a
 * Digimon revived before is worth exactly 1, ignoring every other change; otherwise an
 * effect's override; otherwise 2 for Level M and 1 for any other level.
 */
export function koValue(f: Pick<Fighter, "revived" | "koValueOverride" | "level">): {
  points: number;
  cause: "revived" | "override" | "mega" | "default";
} {
  if (f.revived) return { points: 1, cause: "revived" };
  if (f.koValueOverride !== undefined) return { points: f.koValueOverride, cause: "override" };
  return f.level === "M" ? { points: 2, cause: "mega" } : { points: 1, cause: "default" };
}

/** The abilities on the attack `f` used: printed first, then gained ones in order of gain. */
function heldAbilities(f: Fighter): Held[] {
  const out: Held[] = [];
  const printed = f.printedAbilities[f.attack];
  // Anatomy item 11: printed attack abilities can be voided (Glossary "Void").
  if (printed) out.push({ ability: printed, source: "printed", voidable: true });
  if (f.gained.length === 0) return out;
  const gained = f.gained.filter((g) => g.attack === null || g.attack === f.attack).sort((a, b) => a.seq - b.seq);
  for (const g of gained) out.push({ ability: g.ability, source: "gained", voidable: g.voidable });
  return out;
}


const sameType = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Whether a Flatten condition matches the opponent's Digimon (Glossary "Flatten / Flat":
 * "if any required condition is met"; all given fields of the filter must match, as for
 * every {@link CardFilter}). `valid` has no meaning for a target and is ignored.
 */
function filterMatches(c: CardFilter, f: Fighter): boolean {
  if (c.kinds.length > 0 && !c.kinds.includes("Digimon")) return false;
  if (c.levels.length > 0 && !c.levels.includes(f.level)) return false;
  if (c.types.length > 0 && !c.types.some((t) => f.types.some((u) => sameType(t, u)))) return false;
  if (c.name && !nameMatches(f.name, c.name)) return false;
  if (c.partner !== null && c.partner !== (f.partner ?? false)) return false;
  return true;
}

const counterMatches = (c: Of<"counter">, target: Fighter) => c.attack === null || c.attack === target.attack;

/**
 * Step-3 abilities whose order between the players changes the outcome: gains and losses of
 * 1st Attack (the most recent gain breaks a tie, Battle Phase 3.3) and the follow-up
 * abilities that draw from, trash, reorder or delete cards of the same decks and trashes.
 */
const ORDERED_KINDS: ReadonlySet<AttackAbility["kind"]> = new Set(["firstAttack", "secondAttack", "killer", "grudge", "draw", "trash", "recode", "recycle", "attach", "static", "corrupt"]);

/**
 * Whether step 3 has a timing conflict (Battle Phase 3.2: "If there is any timing conflict at
 * this point, the turn player begins with priority to resolve first but may choose to pass
 * it and resolve second"). "At this point" is after 3.1's Jamming. Reading: a conflict is both
 * players holding, on the attack they used and not voided, an ability whose order matters
 * ({@link ORDERED_KINDS}; Killer and Grudge only when the opponent used their attack).
 * @param counterTakesJamming as {@link BattleInput.counterTakesJamming} (default true)
 */
export function priorityConflict(fighters: readonly [Fighter, Fighter], counterTakesJamming = true): boolean {
  // Most battles: one side holds no such ability at all.
  if (!holdsOrdered(fighters[0]) || !holdsOrdered(fighters[1])) return false;
  const r = new Resolution({ turnPlayer: 0, fighters: [fighters[0], fighters[1]] });
  r.jamming(counterTakesJamming);
  return orderMatters(r, 0) && orderMatters(r, 1);
}

/** Whether a fighter holds, on the attack it used, an ability of {@link ORDERED_KINDS} (before Jamming). */
function holdsOrdered(f: Fighter): boolean {
  const printed = f.printedAbilities[f.attack];
  if (printed && ORDERED_KINDS.has(printed.kind)) return true;
  for (const x of f.gained) if ((x.attack === null || x.attack === f.attack) && ORDERED_KINDS.has(x.ability.kind)) return true;
  return false;
}

function orderMatters(r: Resolution, p: PlayerIndex): boolean {
  const opponentAttack = r.F[other(p)].attack;
  for (const a of r.active[p]) {
    if (a.kind === "killer" || a.kind === "grudge") {
      if (a.attack === opponentAttack) return true;
    } else if (ORDERED_KINDS.has(a.kind)) return true;
  }
  return false;
}

// ─── Battle ────────────────────────────────────────────────────────────────

/**
 * Resolve Battle Phase steps 3–6 for the revealed attacks (step 2 is done by the caller).
 *
 * Step 3: Jamming voids first (3.1), then every other attack ability applies; step 3.3
 * decides who attacks first. Step 4: the first attacker deals damage (Power, Crash HP, or the
 * countered attack), then residual effects in the POINT's priority order (Shatter's discard,
 * Shatter's Power reduction, Crash's HP to 10, Drain), the 3-flat KO check and Flatten. Step
 * 4.2: a KO'd second attacker does not attack. Step 5: the second attacker deals damage.
 * Step 6: KOs, Revival and KO points. Pure: the input is not modified.
 *
 * @throws Error if `fighters[p].player !== p`.
 */
export function resolveBattle(input: BattleInput): BattleOutcome {
  return continueBattle(battleAbilities(input));
}

/**
 * A battle stopped after step 3 ({@link battleAbilities}): its events so far, and the Power,
 * HP and flats each fighter goes into step 4 with. Opaque otherwise; {@link stageToJson} and
 * {@link stageFromJson} carry it across tasks as plain JSON.
 */
export interface BattleStage {
  readonly events: readonly BattleEvent[];
  readonly power: readonly [Record<AttackSlot, number>, Record<AttackSlot, number>];
  readonly hp: readonly [number, number];
  readonly flats: readonly [number, number];
}

/**
 * Battle Phase step 3 alone: Jamming (3.1), Counter, 1st Attack gains and losses, every other
 * attack ability, "to 0", Grudge's Revival, the follow-up requests and who attacks first
 * (3.3). Pure. Continue with {@link continueBattle}; in between the engine may resolve effects
 * that step 3 triggered (a "When … Power is boosted" sentence waiting for Killer's Boost: FAQ
 * "Interrupting effects/triggers").
 * @throws Error if `fighters[p].player !== p`
 */
export function battleAbilities(input: BattleInput): BattleStage {
  const F = input.fighters;
  if (F[0].player !== 0 || F[1].player !== 1) throw new Error("resolveBattle: fighters must be indexed by player");
  const b = new Resolution(input);
  b.jamming(input.counterTakesJamming !== false);
  b.counters();
  b.firstAttackMarks();
  b.abilities();
  b.toZero();
  b.grudgeRevival();
  b.utilities();
  b.attackOrder();
  return b;
}

/**
 * Battle Phase steps 4–6 of a battle stopped after step 3: damage, residual effects, KOs,
 * Revival and KO points. Pure; the stage given is used up (do not continue it twice).
 * @param now the Power (continuous effects included), HP and flats each fighter has when
 *   step 4 begins, when effects triggered by step 3 changed them; default: as step 3 left them
 */
export function continueBattle(stage: BattleStage, now?: { power: [Record<AttackSlot, number>, Record<AttackSlot, number>]; hp: [number, number]; flats: [number, number] }): BattleOutcome {
  const b = stage as Resolution;
  if (now) {
    b.power[0] = { ...now.power[0] };
    b.power[1] = { ...now.power[1] };
    b.hp[0] = now.hp[0];
    b.hp[1] = now.hp[1];
    b.flats[0] = now.flats[0];
    b.flats[1] = now.flats[1];
  }
  b.damage();
  b.kos();
  return { events: b.events, hp: b.hp, flats: b.flats, power: b.power, koed: b.koed, revivedNow: b.revivedNow, koPoints: b.koPoints, requests: b.requests, firstAttacker: b.first };
}

/** A stage as plain JSON (to wait in a task while triggered effects resolve). */
export function stageToJson(stage: BattleStage): unknown {
  return JSON.parse(JSON.stringify(stage)) as unknown;
}

/** A stage back from {@link stageToJson} (only steps 4–6 read it, so the seq range it drops is not needed). */
export function stageFromJson(json: unknown): BattleStage {
  return Object.assign(Object.create(Resolution.prototype) as Resolution, json);
}

/** A gain (+1) or 2nd Attack (−1) of 1st Attack, with the seq it happened at (Battle Phase 3.3). */
interface Mark {
  seq: number;
  delta: 1 | -1;
}

const isJamming = (h: Held): boolean => h.ability.kind === "jamming";
const abilityOf = (h: Held): AttackAbility => h.ability;

/**
 * The working state of one {@link resolveBattle}: one method per step, in the order the
 * function calls them. Pairs are indexed by player. (A class rather than closures: this runs
 * once per battle of every simulated game, and its state lives in one object.)
 */
class Resolution implements BattleStage {
  readonly F: readonly [Fighter, Fighter];
  readonly tp: PlayerIndex;
  /** The player with ability priority first (Battle Phase 3.2). */
  readonly order: readonly [PlayerIndex, PlayerIndex];
  readonly events: BattleEvent[] = [];
  readonly requests: BattleRequest[] = [];
  readonly power: [Record<AttackSlot, number>, Record<AttackSlot, number>];
  readonly hp: [number, number];
  readonly flats: [number, number];
  readonly koed: [boolean, boolean] = [false, false];
  readonly revivedNow: [boolean, boolean] = [false, false];
  readonly koPoints: [number, number] = [0, 0];
  /** The abilities on the attack each fighter used, printed first (before Jamming). */
  readonly held: [Held[], Held[]];
  /** The abilities that apply: held and not voided ("Immediately stop processing rules for voided attack abilities"). */
  active: [AttackAbility[], AttackAbility[]] = [[], []];
  /** Who holds a Counter that applies (3.3.4). */
  hasCounter: [boolean, boolean] = [false, false];
  /** Both hold one: both attacks fail (3.3.4). */
  bothCounter = false;
  /** Whose Counter takes the opponent's attack. */
  counterSucceeds: [boolean, boolean] = [false, false];
  /** 1st Attack gains and losses with their seq, per player (3.3). */
  marks: [Mark[], Mark[]] = [[], []];
  /** The seq of the next step-3 gain (after every input seq). */
  nextSeq = 0;
  /** Who cannot gain 1st Attack (3.3.3, or Counter). */
  readonly cannotGain: [boolean, boolean];
  readonly cannotGainCause: ["counter" | "cannotGainFirstAttack", "counter" | "cannotGainFirstAttack"] = ["cannotGainFirstAttack", "cannotGainFirstAttack"];
  readonly flattens: [Of<"flatten">[], Of<"flatten">[]] = [[], []];
  readonly tripled: [boolean, boolean] = [false, false];
  readonly grudgeActive: [boolean, boolean] = [false, false];
  readonly revival: [{ hp: number; cause: "setRevival" | "grudge" } | null, { hp: number; cause: "setRevival" | "grudge" } | null];
  /** 1st Attack stacks left after 2nd Attacks and strips, and 2nd Attacks counted (3.3). */
  readonly stacks: [number[], number[]] = [[], []];
  readonly seconds: [number, number] = [0, 0];
  first: PlayerIndex = 0;

  constructor(input: BattleInput) {
    const F = input.fighters;
    this.F = F;
    this.tp = input.turnPlayer;
    const priority = input.abilityPriority ?? this.tp;
    this.order = [priority, other(priority)];
    this.power = [{ ...F[0].power }, { ...F[1].power }];
    this.hp = [F[0].hp, F[1].hp];
    this.flats = [F[0].flats, F[1].flats];
    this.held = [heldAbilities(F[0]), heldAbilities(F[1])];
    this.cannotGain = [F[0].cannotGainFirstAttack, F[1].cannotGainFirstAttack];
    this.revival = [
      F[0].revival !== null ? { hp: F[0].revival, cause: "setRevival" } : null,
      F[1].revival !== null ? { hp: F[1].revival, cause: "setRevival" } : null,
    ];
    this.turnPlayerFirstAttackSeq = input.turnPlayerFirstAttackSeq;
  }

  private readonly turnPlayerFirstAttackSeq: number | undefined;
  private minSeq = Infinity;
  private maxSeq = -Infinity;

  /** Widen the range of seqs given as input (gains before step 3). */
  private seen(seq: number): void {
    if (seq < this.minSeq) this.minSeq = seq;
    if (seq > this.maxSeq) this.maxSeq = seq;
  }

  /** Player `p`'s applying abilities of kind `k`. */
  all<K extends AttackAbility["kind"]>(p: PlayerIndex, k: K): Of<K>[] {
    const out: Of<K>[] = [];
    for (const a of this.active[p]) if (a.kind === k) out.push(a as Of<K>);
    return out;
  }

  setPower(p: PlayerIndex, attack: AttackSlot, after: number, cause: PowerCause, step: BattleStep): void {
    const before = this.power[p][attack];
    this.power[p][attack] = after;
    this.events.push({ kind: "power", step, player: p, attack, before, after, cause });
  }

  /**
   * ── Step 3.1: Jamming, applied immediately, before every other ability ──
   * @param counterTakes a Counter Jamming cannot void suppresses the Jamming it is set
   *   against (000, FAQ "Counter specifics" 3; {@link BattleInput.counterTakesJamming})
   */
  jamming(counterTakes: boolean): void {
    const { F, held, events } = this;
    const hasJamming = [held[0].some(isJamming), held[1].some(isJamming)];
    const jams: boolean[] = [hasJamming[0]!, hasJamming[1]!];
    for (const p of PLAYERS) {
      if (!hasJamming[p] || !counterTakes) continue;
      const q = other(p);
      // FAQ "Counter specifics" example 3 (Gold Banana): a Counter the Jamming cannot void
      // (set by an Option, or not on a Cross) whose requirement is met takes the attack carrying
      // the Jamming: "the Jamming-user can't use their own Jamming effect anymore".
      // Reading: the Jamming thus acquired by the countering player voids nothing more in battle
      // (the abilities of the attack it now uses are its own).
      let stealing = false;
      for (const h of held[q])
        if (h.ability.kind === "counter" && counterMatches(h.ability, F[p]) && !F[p].cannotBeCountered && !(F[q].attack === "cross" && h.voidable)) stealing = true;
      if (stealing) {
        jams[p] = false;
        events.push({ kind: "jammingSuppressed", step: 3, player: p, by: q });
      }
    }
    // Battle Phase 3.1 + Attack Abilities "Jamming": void the opponent's Cross abilities, never
    // Jamming itself ("Jamming can never void Jamming"), never non-Cross abilities, never
    // unvoidable (permanent) grants. Only the attack used matters in battle, so abilities are
    // voided when the opponent used Cross (an ability granted to "all attacks" is then on its
    // Cross; FAQ "Which attack abilities can Jamming void?"). Both Jammings apply simultaneously.
    const voided: [Held[], Held[]] = [[], []];
    for (const p of PLAYERS) {
      if (!jams[p]) continue;
      const q = other(p);
      if (F[q].attack !== "cross") continue;
      for (const h of held[q]) {
        if (h.ability.kind === "jamming" || !h.voidable) continue;
        voided[q].push(h);
      }
    }
    for (const q of PLAYERS) {
      for (const h of voided[q]) events.push({ kind: "abilityVoided", step: 3, player: q, by: other(q), ability: h.ability, source: h.source });
    }
    // "Immediately stop processing rules for voided attack abilities."
    for (const p of PLAYERS) this.active[p] = voided[p].length === 0 ? held[p].map(abilityOf) : held[p].filter((h) => !voided[p].includes(h)).map(abilityOf);
  }

  /** ── Step 3.3.4 / Attack Abilities "Counter": who has Counter and whether it will succeed ── */
  counters(): void {
    const { F } = this;
    this.hasCounter = [this.all(0, "counter").length > 0, this.all(1, "counter").length > 0];
    // "If both players have Counter, both attacks fail and no damage is dealt."
    this.bothCounter = this.hasCounter[0] && this.hasCounter[1];
    // A Counter succeeds when the opponent used the countered attack ("Counter" alone counters
    // any attack) and the opponent's attacks can be countered; otherwise it misfires.
    for (const p of PLAYERS) {
      const q = other(p);
      this.counterSucceeds[p] = this.hasCounter[p] && !this.bothCounter && !F[q].cannotBeCountered && this.all(p, "counter").some((c) => counterMatches(c, F[q]));
    }
  }

  /**
   * 1st Attack bookkeeping (Battle Phase 3.3): gains (+1) and 2nd Attacks (−1), each with the
   * seq it happened at. Attack-ability gains happen at step 3, after every effect gain; the
   * player with ability priority (3.2) resolves first, so the other's gains are more recent.
   */
  firstAttackMarks(): void {
    const { F, marks } = this;
    for (const f of F) {
      for (const s of f.firstAttack) this.seen(s);
      if (Array.isArray(f.secondAttack)) for (const s of f.secondAttack) this.seen(s);
      for (const g of f.gained) this.seen(g.seq);
    }
    if (this.turnPlayerFirstAttackSeq !== undefined) this.seen(this.turnPlayerFirstAttackSeq);
    if (this.minSeq === Infinity) this.minSeq = this.maxSeq = 0; // no gains at all
    const minSeq = this.minSeq;
    this.nextSeq = this.maxSeq + 1;
    // Battle Phase 2.1 / 3.3.1: the turn player starts with 1 point of 1st Attack (older than
    // any gain unless the engine says otherwise).
    marks[this.tp].push({ seq: this.turnPlayerFirstAttackSeq ?? minSeq - 1, delta: 1 });
    for (const p of PLAYERS) {
      const f = F[p];
      for (const s of f.firstAttack) marks[p].push({ seq: s, delta: 1 });
      if (Array.isArray(f.secondAttack)) for (const s of f.secondAttack) marks[p].push({ seq: s, delta: -1 });
      else if (f.secondAttack > 0) {
        // Reading: a bare count of 2nd Attacks is taken as gained after this player's effect
        // 1st Attacks and default stack (each removes the most recent stack), before any step-3
        // ability.
        let last = minSeq - 1;
        for (const m of marks[p]) last = Math.max(last, m.seq);
        for (let i = 0; i < f.secondAttack; i++) marks[p].push({ seq: last + 0.5, delta: -1 });
      }
    }
  }

  /**
   * Step 3, first pass: abilities that gain 1st/2nd Attack or raise/multiply own Power.
   * Reading: a player's abilities apply in the order they were acquired (printed first, then
   * gained by seq); the rules give no order between Killer's +300 and a multiplier.
   */
  abilities(): void {
    const { F, marks, events, power } = this;
    for (const p of this.order) {
      const q = other(p);
      const f = F[p];
      const used = f.attack;
      for (const a of this.active[p]) {
        switch (a.kind) {
          case "firstAttack":
            // Attack Abilities "1st Attack": one more stack (Battle Phase 3.3).
            marks[p].push({ seq: this.nextSeq++, delta: 1 });
            events.push({ kind: "firstAttack", step: 3, player: p, change: "gain", cause: "firstAttack" });
            break;
          case "secondAttack":
            // Battle Phase 3.3.2: 2nd Attack cancels a stack of 1st Attack.
            marks[p].push({ seq: this.nextSeq++, delta: -1 });
            events.push({ kind: "firstAttack", step: 3, player: p, change: "lose", cause: "secondAttack" });
            break;
          case "cannotGainFirstAttack":
            // Battle Phase 3.3.3.
            this.cannotGain[p] = true;
            break;
          case "killer":
            // Attack Abilities "Killer": if the opponent used the attack, Boost own Power +300 and
            // get 1st Attack.
            if (F[q].attack !== a.attack) break;
            events.push({ kind: "ability", step: 3, player: p, ability: a, detail: `opponent used ${a.attack}: Power +300, 1st Attack` });
            this.setPower(p, used, power[p][used] + 300, "killer", 3);
            marks[p].push({ seq: this.nextSeq++, delta: 1 });
            events.push({ kind: "firstAttack", step: 3, player: p, change: "gain", cause: "killer" });
            break;
          case "x3vs":
            // Attack Abilities "[Type] x3 VS": triple this attack's Power if the opponent has a
            // matching type, "only do this once" (reading: several x3 VS do not stack).
            if (this.tripled[p] || !F[q].types.some((t) => a.types.some((u) => sameType(t, u)))) break;
            this.tripled[p] = true;
            events.push({ kind: "ability", step: 3, player: p, ability: a, detail: "opponent's type matches: Power x3" });
            this.setPower(p, used, power[p][used] * 3, "x3vs", 3);
            break;
          case "grudge":
            // Attack Abilities "Grudge" 1–2: if the opponent used the targeted attack, double own
            // Power and get 2nd Attack (−1 point of 1st Attack, not Counter's "always second").
            if (F[q].attack !== a.attack) break;
            this.grudgeActive[p] = true;
            events.push({ kind: "ability", step: 3, player: p, ability: a, detail: `opponent used ${a.attack}: Power x2, 2nd Attack, Set Revival` });
            this.setPower(p, used, power[p][used] * 2, "grudge", 3);
            marks[p].push({ seq: this.nextSeq++, delta: -1 });
            events.push({ kind: "firstAttack", step: 3, player: p, change: "lose", cause: "grudge" });
            break;
          case "flatten":
            // Glossary "Flatten / Flat": active if any required condition is met. Reading: the
            // condition is checked here, against the opponent, once (a countering player uses
            // it as-is: FAQ "Counter specifics", conditions don't re-check).
            if (a.condition === null || filterMatches(a.condition, F[q])) this.flattens[p].push(a);
            break;
          default:
            break;
        }
      }
    }
  }

  /**
   * Step 3, second pass: Power set to 0. Battle Phase 3.4: "[Attack] to 0 can reduce all
   * gains", so it applies after every boost and multiplier of both players; Counter's 0 is
   * "always 0, even if it would be raised" (FAQ "Counter specifics").
   */
  toZero(): void {
    const { F, events } = this;
    for (const p of this.order) {
      const q = other(p);
      for (const a of this.active[p]) {
        if (a.kind === "toZero") {
          // Attack Abilities "<attack> to 0": the opponent's attack becomes 0, even if unused.
          events.push({ kind: "ability", step: 3, player: p, ability: a, detail: `opponent's ${a.attack} Power to 0` });
          this.setPower(q, a.attack, 0, "toZero", 3);
        }
      }
    }
    for (const p of this.order) {
      if (!this.hasCounter[p]) continue;
      // Attack Abilities "Counter": own attack's Power is 0; lose 1st Attack, never gain it.
      const a = this.all(p, "counter")[0]!;
      events.push({ kind: "ability", step: 3, player: p, ability: a, detail: "Power 0, attacks second" });
      this.setPower(p, F[p].attack, 0, "counter", 3);
      this.cannotGain[p] = true;
      this.cannotGainCause[p] = "counter";
    }
  }

  /**
   * Grudge 3: Set Revival equal to own Power on the Grudge attack; no revival if it is 0.
   * Reading: the Power after all of step 3 (doubling, "to 0"), fixed when set.
   */
  grudgeRevival(): void {
    for (const p of PLAYERS) {
      if (!this.grudgeActive[p]) continue;
      const v = this.power[p][this.F[p].attack];
      if (v > 0) {
        // Reading: the Grudge revival, set last, replaces an earlier Set Revival.
        this.revival[p] = { hp: v, cause: "grudge" };
        this.events.push({ kind: "revivalSet", step: 3, player: p, hp: v });
      }
    }
  }

  /**
   * Utility abilities: Draw / Trash / Recode / Recycle / Attach / Static / Corrupt.
   * Reading: they resolve at step 3 with the other abilities, whether or not the attack hits
   * or the user is KO'd first. A countered attack's abilities are performed by the countering
   * player from its own perspective (FAQ "Counter specifics": "You will draw any cards on
   * their attack ability that is countered", Static example 1). With both Counter no counter
   * succeeds, so each keeps its own.
   */
  utilities(): void {
    const { requests } = this;
    for (const p of this.order) {
      const by = this.counterSucceeds[other(p)] ? other(p) : p;
      const opp = other(by);
      for (const a of this.active[p]) {
        switch (a.kind) {
          case "draw":
            requests.push({ kind: "draw", step: 3, by, target: by, count: a.count });
            break;
          case "trash":
            // "Trash X: *Opponent* Trashes X cards."
            requests.push({ kind: "trash", step: 3, by, target: opp, count: a.count });
            break;
          case "recode":
            requests.push({ kind: "recode", step: 3, by, target: by, count: a.count });
            break;
          case "recycle":
            // "Always shuffle with the Cross ability Recycle X" (FAQ "Cherrypicking Rules").
            requests.push({ kind: "recycle", step: 3, by, target: by, count: a.count, shuffle: true });
            break;
          case "attach":
            requests.push({ kind: "attach", step: 3, by, target: by, from: a.from });
            break;
          case "static":
            requests.push({ kind: "static", step: 3, by, target: opp, count: a.count });
            break;
          case "corrupt":
            requests.push({ kind: "corrupt", step: 3, by, target: opp, count: a.count });
            break;
          default:
            break;
        }
      }
    }
  }

  /** ── Step 3.3: who attacks first ── */
  attackOrder(): void {
    const { stacks, seconds, cannotGain } = this;
    for (const p of PLAYERS) {
      // Battle Phase 3.3.2: each 2nd Attack removes a stack the player has (reading: the most
      // recent one, undoing that gain); with none left it removes nothing.
      const ms = this.marks[p].sort(byMark);
      for (const m of ms) {
        if (m.delta === 1) stacks[p].push(m.seq);
        else {
          seconds[p]++;
          stacks[p].pop();
        }
      }
      // Battle Phase 3.3.3 / Counter: "all instances are stripped"; such a player cannot gain.
      if (cannotGain[p]) {
        if (stacks[p].length > 0 || this.cannotGainCause[p] === "counter") {
          this.events.push({ kind: "firstAttack", step: 3, player: p, change: "strip", cause: this.cannotGainCause[p] });
        }
        stacks[p].length = 0;
      }
    }
    const { first, reason } = this.decide();
    this.first = first;
    this.events.push({ kind: "order", step: 3, first, second: other(first), reason, stacks: [stacks[0].length, stacks[1].length] });
  }

  private decide(): { first: PlayerIndex; reason: OrderReason } {
    const { stacks, seconds, cannotGain, hasCounter, tp } = this;
    // 3.3.4: "If both players have Counter, both attacks fail and no damage is dealt."
    if (this.bothCounter) return { first: tp, reason: "bothCounter" };
    // 3.3.4: "If ANY player has Counter Attack they always attack second no matter what".
    if (hasCounter[0]) return { first: 1, reason: "counter" };
    if (hasCounter[1]) return { first: 0, reason: "counter" };
    // 3.3: most instances of 1st Attack.
    const [n0, n1] = [stacks[0].length, stacks[1].length];
    if (n0 !== n1) {
      const first: PlayerIndex = n0 > n1 ? 0 : 1;
      // 2.1: the turn player's default stack is the only one (no gain is left on either
      // side): the turn player attacks first by default, not by any gained 1st Attack.
      const own = stacks[first];
      if (first === tp && own.length === 1 && stacks[other(first)].length === 0 && own[0] === (this.turnPlayerFirstAttackSeq ?? this.minSeq - 1)) return { first, reason: "turnPlayer" };
      return { first, reason: "stacks" };
    }
    // 3.3 / 3.3.1: tie → the player who gained 1st Attack most recently.
    if (n0 > 0) return { first: stacks[0].at(-1)! > stacks[1].at(-1)! ? 0 : 1, reason: "mostRecent" };
    // Neither has a stack. 3.3.3: a player who cannot gain 1st Attack attacks second.
    if (cannotGain[0] !== cannotGain[1]) return { first: cannotGain[0] ? 1 : 0, reason: "cannotGain" };
    // Reading (3.3.2): the player who got more 2nd Attack attacks second.
    if (seconds[0] !== seconds[1]) return { first: seconds[0] < seconds[1] ? 0 : 1, reason: "fewerSecondAttack" };
    // 2.1: the turn player attacks first by default.
    return { first: tp, reason: "turnPlayer" };
  }

  /** ── Steps 4 and 5: damage ── */
  damage(): void {
    const first = this.first;
    const second = other(first);
    const { events } = this;
    if (this.bothCounter) {
      // 3.3.4: both attacks fail, no damage.
      events.push({ kind: "noAttack", step: 4, player: first, reason: "bothCounter" });
      events.push({ kind: "noAttack", step: 5, player: second, reason: "bothCounter" });
      return;
    }
    // Step 4: the first attacker attacks, unless its attack is countered: the countering
    // player performs it instead (at step 5, as second attacker) and "only 1 attack is
    // performed, not 2" (FAQ "Counter specifics").
    if (this.counterSucceeds[second]) events.push({ kind: "noAttack", step: 4, player: first, reason: "countered" });
    else this.strike(first, 4, true);
    // 4.2: a KO'd second attacker does not get an attack; skip to step 6.
    if (this.koed[second]) events.push({ kind: "noAttack", step: 5, player: second, reason: "koed" });
    // Step 5: the second attacker attacks (with the countered attack if Counter succeeded).
    else this.strike(second, 5, false);
  }

  /** `a` strikes `d` at `step`; `aFirst`: `a` attacked first (for the 3-flat KO). */
  private strike(a: PlayerIndex, step: 4 | 5, aFirst: boolean): void {
    const { F, hp, flats, koed, events, power } = this;
    const d = other(a);
    // Counter: use the opponent's attack "including all modifiers and effects", against them.
    const countering = this.counterSucceeds[a];
    if (this.hasCounter[a] && !countering) events.push({ kind: "counter", step, player: a, target: d, attack: F[a].attack, result: "misfire" });
    if (countering) events.push({ kind: "counter", step, player: a, target: d, attack: F[d].attack, result: "success" });
    const owner = countering ? d : a;
    const slot = F[owner].attack;
    const abilities = this.active[owner];
    // Steps 4 / 5.1: damage is the attack's current Power; Crash deals the striker's *current*
    // HP instead (Attack Abilities "Crash": own Power is ignored). Reading: a countering player
    // using a Crash attack crashes with its own HP (abilities are used from its perspective).
    const crash = hasKind(abilities, "crash");
    const raw = crash ? hp[a] : power[owner][slot];
    const amount = Math.max(0, raw);
    const hpBefore = hp[d];
    hp[d] = Math.max(0, hpBefore - amount);
    const dealt = hpBefore - hp[d];
    events.push({
      kind: "damage",
      step,
      from: a,
      to: d,
      owner,
      attack: slot,
      via: crash ? "crash" : countering ? "counter" : "power",
      amount,
      hpBefore,
      hpAfter: hp[d],
    });
    // Attack Abilities "Shatter": a *hit* deals more than 0 damage.
    const hit = amount > 0;
    // Residual effects (4.1 / 5.2) in the POINT's priority order: Shatter's attach discard,
    // Shatter's Power reduction on-hit, Crash, Drain.
    if (hasKind(abilities, "shatter") && hit) {
      this.requests.push({ kind: "shatterDiscard", step, by: a, optional: true });
      // The hit Digimon reduces all its Power by the Shatter attack's *printed* Power.
      const reduction = F[owner].printedPower[slot];
      events.push({ kind: "shatter", step, player: a, target: d, reduction });
      for (const s of ["circle", "triangle", "cross"] as const) this.setPower(d, s, power[d][s] - reduction, "shatter", step);
    }
    if (crash) {
      // 4.1.1 / 5.2.1: Crash's "HP to 10" before Drain's recovery.
      const before = hp[a];
      hp[a] = 10;
      events.push({ kind: "crash", step, player: a, hpBefore: before, hpAfter: 10 });
    }
    if (hasKind(abilities, "drain")) {
      // Attack Abilities "Drain": recover the damage dealt, only up to the opponent's 0 HP.
      const before = hp[a];
      hp[a] += dealt;
      events.push({ kind: "drain", step, player: a, amount: dealt, hpBefore: before, hpAfter: hp[a] });
    }
    if (hp[d] === 0) {
      // 4.2: HP reached 0.
      koed[d] = true;
      events.push({ kind: "ko", step, player: d, cause: "hp" });
      return;
    }
    // Glossary "Flatten / Flat" 3: with 3 flats, KO once the first attacker deals damage,
    // checked after the damage and the other on-damage effects. The count is the one before
    // this attack's own Flatten (POINT: the third flat never KOs on the same attack).
    if (aFirst && hit && flats[d] >= 3) {
      koed[d] = true;
      events.push({ kind: "ko", step, player: d, cause: "threeFlats" });
      return;
    }
    // Glossary "Flatten / Flat" 1: after dealing damage with an active Flat ability, add a flat.
    // Reading: "deals damage" means more than 0. The countering player uses the countered
    // attack's Flatten as checked at step 3.
    if (hit) {
      for (const _ of this.flattens[owner]) {
        flats[d]++;
        events.push({ kind: "flat", step, player: d, by: a, flats: flats[d] });
        // Glossary "Flatten / Flat" 2: 4 flat tokens KO immediately.
        if (flats[d] >= 4) {
          koed[d] = true;
          events.push({ kind: "ko", step, player: d, cause: "fourFlats" });
          return;
        }
      }
    }
  }

  /** ── Step 6: KO, Revival, KO points ── */
  kos(): void {
    const { F, hp, flats, events } = this;
    for (const p of PLAYERS) {
      if (!this.koed[p]) continue;
      // Glossary "Flatten": KO removes the flats (a revival is still a KO: Glossary "Revive").
      flats[p] = 0;
      // 6.2 / Glossary "Revive": worth exactly 1 if revived before; the value is read before
      // this revival (the new "exactly 1" applies to future KOs only).
      const v = koValue(F[p]);
      // 6.1 / Glossary "Revive": with Revival set, reset the active as evolved with that HP
      // instead of discarding. Grudge: "Do not revive if that Power is 0" (reading: any
      // Revival HP of 0 or less does not revive).
      const r = this.revival[p];
      if (r && r.hp > 0) {
        this.revivedNow[p] = true;
        hp[p] = r.hp;
        events.push({ kind: "revival", step: 6, player: p, hp: r.hp, cause: r.cause });
      }
      // 6.5 / 6.6: the player that achieved the KO scores ("KO points are still awarded as
      // usual" on a revival).
      const scorer = other(p);
      this.koPoints[scorer] += v.points;
      events.push({ kind: "koPoints", step: 6, scorer, ko: p, points: v.points, cause: v.cause });
    }
  }
}

/** Marks in time order; at the same seq a gain before a 2nd Attack. */
const byMark = (a: Mark, b: Mark): number => a.seq - b.seq || b.delta - a.delta;

/** Whether one of the abilities is of kind `k`. */
function hasKind(abilities: readonly AttackAbility[], k: AttackAbility["kind"]): boolean {
  for (const x of abilities) if (x.kind === k) return true;
  return false;
}
