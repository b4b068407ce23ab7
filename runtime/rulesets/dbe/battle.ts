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
 */
export interface BattleInput {
  turnPlayer: PlayerIndex;
  fighters: [Fighter, Fighter];
  turnPlayerFirstAttackSeq?: number;
  abilityPriority?: PlayerIndex;
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
 * - `stacks`: more instances of 1st Attack (3.3);
 * - `mostRecent`: same number, `first` gained 1st Attack most recently (3.3, 3.3.1);
 * - `cannotGain`: neither has a stack and the other cannot gain 1st Attack (3.3.3);
 * - `fewerSecondAttack`: neither has a stack, the other got more 2nd Attack (3.3.2, reading);
 * - `turnPlayer`: nothing else decides: the turn player's default (2.1).
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
  const F = input.fighters;
  if (F[0].player !== 0 || F[1].player !== 1) throw new Error("resolveBattle: fighters must be indexed by player");
  const tp = input.turnPlayer;
  const priority = input.abilityPriority ?? tp;
  const order: readonly PlayerIndex[] = [priority, other(priority)];
  const events: BattleEvent[] = [];
  const requests: BattleRequest[] = [];

  const power: [Record<AttackSlot, number>, Record<AttackSlot, number>] = [{ ...F[0].power }, { ...F[1].power }];
  const hp: [number, number] = [F[0].hp, F[1].hp];
  const flats: [number, number] = [F[0].flats, F[1].flats];
  const koed: [boolean, boolean] = [false, false];

  // ── Step 3.1: Jamming, applied immediately, before every other ability ──
  const held: [Held[], Held[]] = [heldAbilities(F[0]), heldAbilities(F[1])];
  const hasJamming = PLAYERS.map((p) => held[p].some((h) => h.ability.kind === "jamming"));
  const jams: boolean[] = [...hasJamming];
  for (const p of PLAYERS) {
    if (!hasJamming[p]) continue;
    const q = other(p);
    // FAQ "Counter specifics" example 3 (Gold Banana): a Counter the Jamming cannot void
    // (set by an Option, or not on a Cross) whose requirement is met takes the attack carrying
    // the Jamming: "the Jamming-user can't use their own Jamming effect anymore".
    // Reading: the Jamming thus acquired by the countering player voids nothing more in battle
    // (the abilities of the attack it now uses are its own).
    const stealing = held[q].some(
      (h) =>
        h.ability.kind === "counter" &&
        counterMatches(h.ability, F[p]) &&
        !F[p].cannotBeCountered &&
        !(F[q].attack === "cross" && h.voidable),
    );
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
  const active: [AttackAbility[], AttackAbility[]] = [
    held[0].filter((h) => !voided[0].includes(h)).map((h) => h.ability),
    held[1].filter((h) => !voided[1].includes(h)).map((h) => h.ability),
  ];
  const all = <K extends AttackAbility["kind"]>(p: PlayerIndex, k: K): Of<K>[] =>
    active[p].filter((a): a is Of<K> => a.kind === k);

  // ── Step 3.3.4 / Attack Abilities "Counter": who has Counter and whether it will succeed ──
  const hasCounter = PLAYERS.map((p) => all(p, "counter").length > 0);
  // "If both players have Counter, both attacks fail and no damage is dealt."
  const bothCounter = hasCounter[0]! && hasCounter[1]!;
  // A Counter succeeds when the opponent used the countered attack ("Counter" alone counters
  // any attack) and the opponent's attacks can be countered; otherwise it misfires.
  const counterSucceeds = PLAYERS.map((p) => {
    const q = other(p);
    return hasCounter[p]! && !bothCounter && !F[q].cannotBeCountered && all(p, "counter").some((c) => counterMatches(c, F[q]));
  });

  // ── Step 3: the other attack abilities, simultaneously ──
  // 1st Attack bookkeeping (Battle Phase 3.3): gains (+1) and 2nd Attacks (−1), each with the
  // seq it happened at. Attack-ability gains happen at step 3, after every effect gain; the
  // player with ability priority (3.2) resolves first, so the other's gains are more recent.
  let minSeq = Infinity;
  let maxSeq = -Infinity;
  const seen = (seq: number) => {
    if (seq < minSeq) minSeq = seq;
    if (seq > maxSeq) maxSeq = seq;
  };
  for (const f of F) {
    f.firstAttack.forEach(seen);
    if (Array.isArray(f.secondAttack)) f.secondAttack.forEach(seen);
    for (const g of f.gained) seen(g.seq);
  }
  if (input.turnPlayerFirstAttackSeq !== undefined) seen(input.turnPlayerFirstAttackSeq);
  if (minSeq === Infinity) minSeq = maxSeq = 0; // no gains at all
  let nextSeq = maxSeq + 1;
  type Mark = { seq: number; delta: 1 | -1 };
  const marks: [Mark[], Mark[]] = [[], []];
  // Battle Phase 2.1 / 3.3.1: the turn player starts with 1 point of 1st Attack (older than
  // any gain unless the engine says otherwise).
  marks[tp].push({ seq: input.turnPlayerFirstAttackSeq ?? minSeq - 1, delta: 1 });
  for (const p of PLAYERS) {
    const f = F[p];
    for (const s of f.firstAttack) marks[p].push({ seq: s, delta: 1 });
    if (Array.isArray(f.secondAttack)) for (const s of f.secondAttack) marks[p].push({ seq: s, delta: -1 });
    else {
      // Reading: a bare count of 2nd Attacks is taken as gained after this player's effect
      // 1st Attacks and default stack (each removes the most recent stack), before any step-3
      // ability.
      const last = Math.max(minSeq - 1, ...marks[p].map((m) => m.seq));
      for (let i = 0; i < f.secondAttack; i++) marks[p].push({ seq: last + 0.5, delta: -1 });
    }
  }
  const cannotGain: boolean[] = PLAYERS.map((p) => F[p].cannotGainFirstAttack);
  const cannotGainCause: ("counter" | "cannotGainFirstAttack")[] = ["cannotGainFirstAttack", "cannotGainFirstAttack"];
  const flattens: [Of<"flatten">[], Of<"flatten">[]] = [[], []];
  const tripled = [false, false];
  const grudgeActive = [false, false];

  const setPower = (p: PlayerIndex, attack: AttackSlot, after: number, cause: PowerCause, step: BattleStep) => {
    const before = power[p][attack];
    power[p][attack] = after;
    events.push({ kind: "power", step, player: p, attack, before, after, cause });
  };

  // Step 3, first pass: abilities that gain 1st/2nd Attack or raise/multiply own Power.
  // Reading: a player's abilities apply in the order they were acquired (printed first, then
  // gained by seq); the rules give no order between Killer's +300 and a multiplier.
  for (const p of order) {
    const q = other(p);
    const f = F[p];
    const used = f.attack;
    for (const a of active[p]) {
      switch (a.kind) {
        case "firstAttack":
          // Attack Abilities "1st Attack": one more stack (Battle Phase 3.3).
          marks[p].push({ seq: nextSeq++, delta: 1 });
          events.push({ kind: "firstAttack", step: 3, player: p, change: "gain", cause: "firstAttack" });
          break;
        case "secondAttack":
          // Battle Phase 3.3.2: 2nd Attack cancels a stack of 1st Attack.
          marks[p].push({ seq: nextSeq++, delta: -1 });
          events.push({ kind: "firstAttack", step: 3, player: p, change: "lose", cause: "secondAttack" });
          break;
        case "cannotGainFirstAttack":
          // Battle Phase 3.3.3.
          cannotGain[p] = true;
          break;
        case "killer":
          // Attack Abilities "Killer": if the opponent used the attack, Boost own Power +300 and
          // get 1st Attack.
          if (F[q].attack !== a.attack) break;
          events.push({ kind: "ability", step: 3, player: p, ability: a, detail: `opponent used ${a.attack}: Power +300, 1st Attack` });
          setPower(p, used, power[p][used] + 300, "killer", 3);
          marks[p].push({ seq: nextSeq++, delta: 1 });
          events.push({ kind: "firstAttack", step: 3, player: p, change: "gain", cause: "killer" });
          break;
        case "x3vs":
          // Attack Abilities "[Type] x3 VS": triple this attack's Power if the opponent has a
          // matching type, "only do this once" (reading: several x3 VS do not stack).
          if (tripled[p] || !F[q].types.some((t) => a.types.some((u) => sameType(t, u)))) break;
          tripled[p] = true;
          events.push({ kind: "ability", step: 3, player: p, ability: a, detail: "opponent's type matches: Power x3" });
          setPower(p, used, power[p][used] * 3, "x3vs", 3);
          break;
        case "grudge":
          // Attack Abilities "Grudge" 1–2: if the opponent used the targeted attack, double own
          // Power and get 2nd Attack (−1 point of 1st Attack, not Counter's "always second").
          if (F[q].attack !== a.attack) break;
          grudgeActive[p] = true;
          events.push({ kind: "ability", step: 3, player: p, ability: a, detail: `opponent used ${a.attack}: Power x2, 2nd Attack, Set Revival` });
          setPower(p, used, power[p][used] * 2, "grudge", 3);
          marks[p].push({ seq: nextSeq++, delta: -1 });
          events.push({ kind: "firstAttack", step: 3, player: p, change: "lose", cause: "grudge" });
          break;
        case "flatten":
          // Glossary "Flatten / Flat": active if any required condition is met. Reading: the
          // condition is checked here, against the opponent, once (a countering player uses
          // it as-is: FAQ "Counter specifics", conditions don't re-check).
          if (a.condition === null || filterMatches(a.condition, F[q])) flattens[p].push(a);
          break;
        default:
          break;
      }
    }
  }

  // Step 3, second pass: Power set to 0. Battle Phase 3.4: "[Attack] to 0 can reduce all
  // gains", so it applies after every boost and multiplier of both players; Counter's 0 is
  // "always 0, even if it would be raised" (FAQ "Counter specifics").
  for (const p of order) {
    const q = other(p);
    for (const a of active[p]) {
      if (a.kind === "toZero") {
        // Attack Abilities "<attack> to 0": the opponent's attack becomes 0, even if unused.
        events.push({ kind: "ability", step: 3, player: p, ability: a, detail: `opponent's ${a.attack} Power to 0` });
        setPower(q, a.attack, 0, "toZero", 3);
      }
    }
  }
  for (const p of order) {
    if (!hasCounter[p]) continue;
    // Attack Abilities "Counter": own attack's Power is 0; lose 1st Attack, never gain it.
    const a = all(p, "counter")[0]!;
    events.push({ kind: "ability", step: 3, player: p, ability: a, detail: "Power 0, attacks second" });
    setPower(p, F[p].attack, 0, "counter", 3);
    cannotGain[p] = true;
    cannotGainCause[p] = "counter";
  }

  // Grudge 3: Set Revival equal to own Power on the Grudge attack; no revival if it is 0.
  // Reading: the Power after all of step 3 (doubling, "to 0"), fixed when set.
  const revival: [{ hp: number; cause: "setRevival" | "grudge" } | null, { hp: number; cause: "setRevival" | "grudge" } | null] = [
    F[0].revival !== null ? { hp: F[0].revival, cause: "setRevival" } : null,
    F[1].revival !== null ? { hp: F[1].revival, cause: "setRevival" } : null,
  ];
  for (const p of PLAYERS) {
    if (!grudgeActive[p]) continue;
    const v = power[p][F[p].attack];
    if (v > 0) {
      // Reading: the Grudge revival, set last, replaces an earlier Set Revival.
      revival[p] = { hp: v, cause: "grudge" };
      events.push({ kind: "revivalSet", step: 3, player: p, hp: v });
    }
  }

  // Utility abilities: Draw / Trash / Recode / Recycle / Attach / Static / Corrupt.
  // Reading: they resolve at step 3 with the other abilities, whether or not the attack hits
  // or the user is KO'd first. A countered attack's abilities are performed by the countering
  // player from its own perspective (FAQ "Counter specifics": "You will draw any cards on
  // their attack ability that is countered", Static example 1). With both Counter no counter
  // succeeds, so each keeps its own.
  for (const p of order) {
    const by = counterSucceeds[other(p)] ? other(p) : p;
    const opp = other(by);
    for (const a of active[p]) {
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

  // ── Step 3.3: who attacks first ──
  const stacks: [number[], number[]] = [[], []];
  const seconds = [0, 0];
  for (const p of PLAYERS) {
    // Battle Phase 3.3.2: each 2nd Attack removes a stack the player has (reading: the most
    // recent one, undoing that gain); with none left it removes nothing.
    const ms = marks[p].sort((a, b) => a.seq - b.seq || b.delta - a.delta); // marks are not used after this
    for (const m of ms) {
      if (m.delta === 1) stacks[p].push(m.seq);
      else {
        seconds[p]!++;
        stacks[p].pop();
      }
    }
    // Battle Phase 3.3.3 / Counter: "all instances are stripped"; such a player cannot gain.
    if (cannotGain[p]) {
      if (stacks[p].length > 0 || cannotGainCause[p] === "counter") {
        events.push({ kind: "firstAttack", step: 3, player: p, change: "strip", cause: cannotGainCause[p]! });
      }
      stacks[p] = [];
    }
  }
  const decide = (): { first: PlayerIndex; reason: OrderReason } => {
    // 3.3.4: "If both players have Counter, both attacks fail and no damage is dealt."
    if (bothCounter) return { first: tp, reason: "bothCounter" };
    // 3.3.4: "If ANY player has Counter Attack they always attack second no matter what".
    if (hasCounter[0]) return { first: 1, reason: "counter" };
    if (hasCounter[1]) return { first: 0, reason: "counter" };
    // 3.3: most instances of 1st Attack.
    const [n0, n1] = [stacks[0].length, stacks[1].length];
    if (n0 !== n1) return { first: n0 > n1 ? 0 : 1, reason: "stacks" };
    // 3.3 / 3.3.1: tie → the player who gained 1st Attack most recently.
    if (n0 > 0) return { first: stacks[0].at(-1)! > stacks[1].at(-1)! ? 0 : 1, reason: "mostRecent" };
    // Neither has a stack. 3.3.3: a player who cannot gain 1st Attack attacks second.
    if (cannotGain[0] !== cannotGain[1]) return { first: cannotGain[0] ? 1 : 0, reason: "cannotGain" };
    // Reading (3.3.2): the player who got more 2nd Attack attacks second.
    if (seconds[0] !== seconds[1]) return { first: seconds[0]! < seconds[1]! ? 0 : 1, reason: "fewerSecondAttack" };
    // 2.1: the turn player attacks first by default.
    return { first: tp, reason: "turnPlayer" };
  };
  const { first, reason } = decide();
  const second = other(first);
  events.push({ kind: "order", step: 3, first, second, reason, stacks: [stacks[0].length, stacks[1].length] });

  // ── Steps 4 and 5: damage ──
  /** `a` strikes `d` at `step`; `aFirst`: `a` attacked first (for the 3-flat KO). */
  const strike = (a: PlayerIndex, step: 4 | 5, aFirst: boolean) => {
    const d = other(a);
    // Counter: use the opponent's attack "including all modifiers and effects", against them.
    const countering = counterSucceeds[a]!;
    if (hasCounter[a] && !countering) events.push({ kind: "counter", step, player: a, target: d, attack: F[a].attack, result: "misfire" });
    if (countering) events.push({ kind: "counter", step, player: a, target: d, attack: F[d].attack, result: "success" });
    const owner = countering ? d : a;
    const slot = F[owner].attack;
    const abilities = active[owner];
    const has = (k: AttackAbility["kind"]) => abilities.some((x) => x.kind === k);
    // Steps 4 / 5.1: damage is the attack's current Power; Crash deals the striker's *current*
    // HP instead (Attack Abilities "Crash": own Power is ignored). Reading: a countering player
    // using a Crash attack crashes with its own HP (abilities are used from its perspective).
    const crash = has("crash");
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
    if (has("shatter") && hit) {
      requests.push({ kind: "shatterDiscard", step, by: a, optional: true });
      // The hit Digimon reduces all its Power by the Shatter attack's *printed* Power.
      const reduction = F[owner].printedPower[slot];
      events.push({ kind: "shatter", step, player: a, target: d, reduction });
      for (const s of ["circle", "triangle", "cross"] as const) setPower(d, s, power[d][s] - reduction, "shatter", step);
    }
    if (crash) {
      // 4.1.1 / 5.2.1: Crash's "HP to 10" before Drain's recovery.
      const before = hp[a];
      hp[a] = 10;
      events.push({ kind: "crash", step, player: a, hpBefore: before, hpAfter: 10 });
    }
    if (has("drain")) {
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
      for (const _ of flattens[owner]) {
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
  };

  if (bothCounter) {
    // 3.3.4: both attacks fail, no damage.
    events.push({ kind: "noAttack", step: 4, player: first, reason: "bothCounter" });
    events.push({ kind: "noAttack", step: 5, player: second, reason: "bothCounter" });
  } else {
    // Step 4: the first attacker attacks, unless its attack is countered: the countering
    // player performs it instead (at step 5, as second attacker) and "only 1 attack is
    // performed, not 2" (FAQ "Counter specifics").
    if (counterSucceeds[second]) events.push({ kind: "noAttack", step: 4, player: first, reason: "countered" });
    else strike(first, 4, true);
    // 4.2: a KO'd second attacker does not get an attack; skip to step 6.
    if (koed[second]) events.push({ kind: "noAttack", step: 5, player: second, reason: "koed" });
    // Step 5: the second attacker attacks (with the countered attack if Counter succeeded).
    else strike(second, 5, false);
  }

  // ── Step 6: KO, Revival, KO points ──
  const revivedNow: [boolean, boolean] = [false, false];
  const koPoints: [number, number] = [0, 0];
  for (const p of PLAYERS) {
    if (!koed[p]) continue;
    // Glossary "Flatten": KO removes the flats (a revival is still a KO: Glossary "Revive").
    flats[p] = 0;
    // 6.2 / Glossary "Revive": worth exactly 1 if revived before; the value is read before
    // this revival (the new "exactly 1" applies to future KOs only).
    const v = koValue(F[p]);
    // 6.1 / Glossary "Revive": with Revival set, reset the active as evolved with that HP
    // instead of discarding. Grudge: "Do not revive if that Power is 0" (reading: any
    // Revival HP of 0 or less does not revive).
    const r = revival[p];
    if (r && r.hp > 0) {
      revivedNow[p] = true;
      hp[p] = r.hp;
      events.push({ kind: "revival", step: 6, player: p, hp: r.hp, cause: r.cause });
    }
    // 6.5 / 6.6: the player that achieved the KO scores ("KO points are still awarded as
    // usual" on a revival).
    const scorer = other(p);
    koPoints[scorer] += v.points;
    events.push({ kind: "koPoints", step: 6, scorer, ko: p, points: v.points, cause: v.cause });
  }

  return { events, hp, flats, power, koed, revivedNow, koPoints, requests, firstAttacker: first };
}
