/**
 * Events, the effect host and the bookkeeping slots of the effect model.
 *
 * Every rules action raises one {@link DcgEventData} for one happening: a printed
 * timing is a condition over these events ("[On Play]" is a `played`
 * event whose permanent is this card's). {@link raise} hands each event to the game's
 * {@link EffectHost}, which turns it into pending effects (002 §4-5 "trigger … pending"); the
 * settle step (`settle.ts`) then activates them one at a time (002 §4-6). The host is also
 * asked for continuous values (DP, keywords, costs, prohibitions: 002 §10-1-5) and performs
 * [Main], [Security] and Option effects.
 *
 * This ruleset ships {@link NO_CARD_EFFECTS}: cards play by their printed stats and their
 * keyword lines only (the keyword flags of `continuous.ts`), plus the rules' built-in keyword
 * trigger <Retaliation> (002 §12-13). The effect model (the IR interpreter over
 * `runtime/lang/dcg/ir.ts`) is another host: `dcgRuleset(host)` in `index.ts`.
 *
 * Imports only `model.ts` (no import circle).
 */
import type { Game } from "../../core/engine.ts";
import type { DecisionOption } from "../../core/decision.ts";
import type { Json, PlayerIndex } from "../../core/state.ts";
import type { DcgKeywordName } from "../../lang/dcg/ir.ts";
import type { DcgColor } from "../../lang/dcg/vocabulary.ts";
import { V, cardName, findPerm, type DcgPermanent, type DcgZone, type LastingEffect, type PendingEffect } from "./model.ts";

// ─── Events ────────────────────────────────────────────────────────────────

/**
 * A permanent as it was when it left play (002 §4-4-2, §10-4-4-4: [On Deletion] reads the
 * state at the moment of deletion): its object id, owner, cards (bottom first), DP and
 * keywords then.
 */
export interface Snapshot {
  perm: number;
  owner: PlayerIndex;
  cards: number[];
  top: number;
  dp: number | null;
  /** Keyword → summed value (or count for keywords without a value). */
  keywords: { [k: string]: number };
  token: boolean;
}

/**
 * What happened (plain JSON, kept in pending effects). `perm` fields are object ids
 * ({@link DcgPermanent.id}); `card` fields are card ids. The rules step that raises each is named.
 */
export type DcgEventData =
  /** TRN-2 (002 §6-2-1): [Start of Your Turn] / [Start of Opponent's Turn]. */
  | { e: "turnStart"; player: PlayerIndex }
  /** MPS-1 (§6-6-1): [Start of Your Main Phase] / [Start of Opponent's Main Phase]. */
  | { e: "mainStart"; player: PlayerIndex }
  /** UNS-1 (§6-3-1) and effects: permanents that became unsuspended (not those that already were: §1-3-2-1). */
  | { e: "unsuspended"; perms: number[]; byEffect: boolean }
  /** ATK-2, BLK-2, effects: a permanent became suspended. */
  | { e: "suspended"; perm: number; why: "attack" | "block" | "effect" }
  /** DRW-3 (§6-4-1), DGV-4 (§8-1-2-3), effects. */
  | { e: "drew"; player: PlayerIndex; cards: number[]; why: "drawPhase" | "bonus" | "effect" }
  /** BRD-2 (§6-5-1-1): not a play (§6-5-1-1-2). */
  | { e: "hatched"; perm: number; player: PlayerIndex }
  /** BRD-3 (§4-12-3): moved out of the breeding area; not a play (§6-5-1-2-2). */
  | { e: "moved"; perm: number; player: PlayerIndex }
  /** PLY-7, TMR-2 (§7-2-2-3, §7-3-2-3): [On Play]. */
  | { e: "played"; perm: number; card: number; player: PlayerIndex; from: DcgZone; byEffect: boolean; digiXros: boolean }
  /** DGV-6, DNA-3 (§8-1-2-3, §8-2-10-3): [When Digivolving] (battle area only: §3-4-5). */
  | { e: "digivolved"; perm: number; card: number; player: PlayerIndex; method: "digivolve" | "dna"; area: "battle" | "breeding"; from: DcgZone; byEffect: boolean }
  /** OPT-4 (§6-6-2-4): an Option card was used (counts even when its effect found nothing). */
  | { e: "optionUsed"; card: number; player: PlayerIndex }
  /** ATK-3 (§9-2-1-1): [When Attacking], "when one of your Digimon attacks". */
  | { e: "attackDeclared"; attacker: number; player: PlayerIndex; target: "player" | number }
  /** CTR-1 (§9-2-1-4-1): "when an opponent's Digimon attacks". */
  | { e: "counterTiming"; attacker: number; player: PlayerIndex }
  /** BLK-2 (§9-2-1-5-2). */
  | { e: "blocked"; blocker: number; attacker: number }
  /** SEC-2 (§9-2-1-7, §4-10): a security card was flipped (it is in limbo now). */
  | { e: "securityChecked"; card: number; checker: PlayerIndex }
  /** BTL-3 (§9-2-1-8): a battle ended; `against` is a permanent or a Security Digimon's card. */
  | { e: "battleEnded"; attacker: number; against: { perm: number } | { security: number }; losers: ("attacker" | "other")[] }
  /**
   * moves.ts: a Digimon or Tamer was deleted (§4-12-1); `battledWith` is the other battler's
   * permanent for battle deletions; `by` the player whose effect deleted it (null for battle
   * and the rules: §12-18-5).
   */
  | { e: "deleted"; snapshot: Snapshot; cause: "battle" | "rules" | "effect"; battledWith: number | null; by: PlayerIndex | null }
  /**
   * moves.ts `sendPermanent`: a Digimon or Tamer left play to the hand, the deck or security
   * (§11-6-1-2..3); `arrived` is false for a Digi-Egg sent to the Digi-Egg deck or a Token
   * removed instead (§11-5-2..4: "when returned" triggers, "when your hand increases" does not).
   */
  | { e: "leftPlay"; snapshot: Snapshot; to: "hand" | "deck" | "security"; arrived: boolean }
  /** moves.ts: a Digimon without DP was trashed by the rules (§4-12-2-2-1), not deleted. */
  | { e: "trashedFromPlay"; snapshot: Snapshot; cause: "rules" | "effect" }
  /**
   * moves.ts `moveCards`: cards an effect or a cost moved between zones without a Digimon
   * leaving play — trashed from the hand, the deck, the security stack or from under a
   * Digimon (§4-12-2-2-3), added to the hand, placed in security or under a Digimon. `player`
   * is the cards' owner, `perm` the permanent they left or went under, `by` the player of the
   * effect (null for the rules), `cause` what made it ("digiBurst", "deDigivolve", …) when
   * a text names it (BT4-008: "trashed due to activating this Digimon's <Digi-Burst>").
   */
  | { e: "cardsMoved"; player: PlayerIndex; cards: number[]; from: DcgZone | "sources"; to: DcgZone | "sources"; perm: number | null; by: PlayerIndex | null; cause: string | null }
  /** EOA-1 (§9-2-1-9): [End of Attack]. */
  | { e: "attackEnded"; attacker: number; player: PlayerIndex }
  /** EOT-1 (§6-7-2): [End of Your Turn] / [End of Opponent's Turn] / [End of All Turns]. */
  | { e: "turnEnd"; player: PlayerIndex };

// ─── Prohibitions and costs the host may change ───────────────────────────

/**
 * An action the rules are about to offer or perform, for "cannot" effects (002 §1-3-3,
 * §10-1-5-6: a prohibition always wins) and "can't be blocked" (§12-5-5).
 */
export type Restriction =
  | { act: "attack"; perm: DcgPermanent; target: "player" | DcgPermanent }
  | { act: "block"; blocker: DcgPermanent; attacker: DcgPermanent }
  | { act: "digivolve"; perm: DcgPermanent; card: number }
  | { act: "play"; card: number; player: PlayerIndex; byEffect?: boolean }
  | { act: "use"; card: number; player: PlayerIndex }
  | { act: "unsuspend"; perm: DcgPermanent; phase: boolean }
  /** "can't be deleted" (by battle, by the rules' 0 DP check or by effects of player `by`). */
  | { act: "delete"; perm: DcgPermanent; cause: "battle" | "rules" | "effect"; by: PlayerIndex | null };

/**
 * A permission an effect may give beyond the rules (002 §1-3-1: card text takes precedence):
 * attacking an unsuspended Digimon (BT9-013 "can also attack your opponent's unsuspended
 * Digimon"; the rules allow only suspended ones, §9-1), using an Option without meeting its
 * colour requirement (EX2-068; §4-20).
 */
export type Permission = { act: "attackUnsuspended"; perm: DcgPermanent; target: DcgPermanent } | { act: "ignoreColor"; card: number; player: PlayerIndex };

/** What a cost is paid for (PLY-3, DGV-2, OPT-2: the cost modifiers in force apply). */
export type CostAction = { kind: "play"; card: number } | { kind: "digivolve"; card: number; perm: DcgPermanent } | { kind: "dna"; card: number; perms: DcgPermanent[] } | { kind: "use"; card: number };

/** Keyword → summed value (Security Attack ±N) or count (keywords without a value). */
export type KeywordTally = { [K in DcgKeywordName]?: number };

// ─── The effect host ───────────────────────────────────────────────────────

/**
 * What the rules ask of the effect model. Every method must be cheap when no card effect is
 * concerned (it runs on every event and every DP read). Tasks it pushes run before whatever
 * the rules pushed earlier (the agenda is a stack).
 */
export interface EffectHost {
  /** Name for logs and reports. */
  readonly name: string;
  /**
   * Turn an event into pending effects (002 §4-5-1: timing and conditions met → triggered):
   * append one {@link PendingEffect} per effect it triggers, its owner's, to `out`. Effects
   * that trigger twice are appended twice (§4-5-4).
   */
  collect(g: Game, ev: DcgEventData, out: PendingEffect[]): void;
  /**
   * Activate a pending effect of kind "card" (STL-4; 002 §10-3): re-check that it can still
   * activate (§10-1-6-3..4, §4-15), then push the tasks that perform it. The settle step
   * pushes the next settle underneath, so the rule check follows (§11-3-1).
   */
  activate(g: Game, pe: PendingEffect): void;
  /** Continuous DP change of a Digimon in play (§10-1-5; summed with lasting effects). */
  dp(g: Game, perm: DcgPermanent): number;
  /**
   * Whether {@link dp} is ≥ 0 for every Digimon now, and reading it changes nothing (optional;
   * absent or false: unknown). The rule check (002 §4-12-1-1-2) then needs no continuous DP of
   * a Digimon whose printed and lasting DP is above 0: it cannot have 0 DP. A host made by
   * spreading another and replacing {@link dp} must replace this too (or leave it out).
   */
  dpNeverLowered?(g: Game): boolean;
  /** DP change of a Security Digimon (a checked Digimon card: 002 §4-11, e.g. ST3-12 T.K. Takaishi). */
  securityDp(g: Game, card: number, owner: PlayerIndex): number;
  /** Keywords a permanent has by continuous effects (§4-13-2: "while …, gains <Blocker>"): add to `out`. */
  keywords(g: Game, perm: DcgPermanent, out: KeywordTally): void;
  /** Change of a memory cost (PLY-3, DGV-2, OPT-2): added to the printed cost; the rules floor the result at 0. */
  cost(g: Game, player: PlayerIndex, action: CostAction): number;
  /** Whether an effect in force forbids the action (002 §1-3-3). */
  forbids(g: Game, r: Restriction): boolean;
  /** Whether an effect in force permits what the rules alone do not (002 §1-3-1). */
  permits(g: Game, r: Permission): boolean;
  /**
   * A cost with the host's changes is being paid now (PLY-5, DGV-3, OPT-2): the host counts
   * the uses of the changes that applied ([Once Per Turn] cost reductions, "the next time …
   * reduce the cost": 002 §4-15-1).
   */
  paid(g: Game, player: PlayerIndex, action: CostAction): void;
  /**
   * Permanents are about to be deleted (002 §13-3-1-2: "when … would be deleted" effects
   * interrupt the deletion, e.g. <Armor Purge> §12-19, <Decoy> §12-18): push the tasks of the
   * interrupting effects, which record in `DcgVars.prevented` each deletion they prevent.
   * @returns whether any task was pushed
   */
  interruptDeletion(g: Game, perms: readonly DcgPermanent[], cause: "battle" | "rules" | "effect", by: PlayerIndex | null): boolean;
  /** Whether the defender must block this attack if able (002 §12-30-1 <Collision>). */
  mustBlock(g: Game, attacker: DcgPermanent): boolean;
  /** Colours a permanent is also treated as (002 §13-2-4 additive effects: "also treated as yellow"): add to `out`. */
  colors(g: Game, perm: DcgPermanent, out: DcgColor[]): void;
  /**
   * The [Main] effects player `p` may activate now (MAI-1; 002 §6-6-2-6, §10-1-7): options
   * for the main-phase decision. Their `value` must be `{ a: "effect", … }`.
   */
  mainOptions(g: Game, p: PlayerIndex, out: DecisionOption[]): void;
  /** Perform a chosen {@link mainOptions} option (push its tasks). */
  performMain(g: Game, p: PlayerIndex, value: Json): void;
  /**
   * A checked card's [Security] effect (002 §9-2-1-7-2, §10-4-8: activated at once, no
   * pending moment, no cost or colour requirement): push its tasks. The card is in limbo.
   */
  security(g: Game, card: number, owner: PlayerIndex): void;
  /** An Option card's [Main] effect, used from the hand (OPT-3; §6-6-2-4-3-4): push its tasks. The card is in limbo. */
  useOption(g: Game, card: number, p: PlayerIndex): void;
  /** Whether a card meets a DigiXros requirement slot given as a selection (PLY-4; §7-2-6-2). */
  digiXrosMatches(g: Game, slot: Json, card: number): boolean;
  /**
   * Whether a lasting DP or keyword change applies to `perm` now (002 §13-5-2: not while the
   * Digimon is unaffected by the effect that made it; from the moment it loses the immunity).
   * Absent: always.
   */
  lastingApplies?(g: Game, perm: DcgPermanent, l: LastingEffect): boolean;
  /**
   * Names a permanent is also treated as (002 §13-2-4: "is also treated as [X]"; §2-11: its top
   * card's own name rules first), besides its printed name. Read-only. Asked by the effect
   * model's own noun phrases (`effects/select.ts`), which sit below its continuous effects.
   */
  alsoNames(g: Game, perm: DcgPermanent): readonly string[];
  /** Traits a Digimon is also treated as having (002 §13-2-4), besides its printed ones. Read-only. Asked as {@link alsoNames}. */
  alsoTraits(g: Game, perm: DcgPermanent): readonly string[];
  /**
   * How much "the maximum DP you can choose with DP-based deletion effects" is raised for
   * player `p` by effects in force (e.g. EX2-010 "[Your Turn] Add 1000 to the maximum DP …").
   * Asked as {@link alsoNames}.
   */
  dpBonusForDeletion(g: Game, p: PlayerIndex): number;
}

/**
 * The host of a game with no card effects: printed stats, keyword lines (read by
 * `continuous.ts` from the cards), and the rules' built-in <Retaliation> trigger
 * ({@link raise}). Options are used for their cost only; [Security] effects do nothing.
 */
export const NO_CARD_EFFECTS: EffectHost = {
  name: "no card effects",
  collect() {},
  activate() {},
  dp: () => 0,
  securityDp: () => 0,
  keywords() {},
  cost: () => 0,
  forbids: () => false,
  permits: () => false,
  paid() {},
  interruptDeletion: () => false,
  mustBlock: () => false,
  colors() {},
  mainOptions() {},
  performMain() {},
  security() {},
  useOption() {},
  digiXrosMatches: () => false,
  alsoNames: () => NO_NAMES,
  alsoTraits: () => NO_NAMES,
  dpBonusForDeletion: () => 0,
};

/** No names or traits (read-only). */
const NO_NAMES: readonly string[] = [];

/** The DCG ruleset's feature data (`Ruleset.features`): the effect host of its games. */
export interface DcgFeatures {
  host: EffectHost;
}

/** The effect host of a game's ruleset ({@link NO_CARD_EFFECTS} when it names none). */
export function hostOf(g: Game): EffectHost {
  return (g.ruleset.features as DcgFeatures | undefined)?.host ?? NO_CARD_EFFECTS;
}

/**
 * Raise an event: collect what it triggers (the host's effects and the rules' built-in
 * keyword triggers) into the effects triggered since the last settle, which the next settle
 * makes one batch (002 §4-6-5, §11-8-4). Journaled. O(host's collect).
 */
export function raise(g: Game, ev: DcgEventData): void {
  const v = V(g);
  const out: PendingEffect[] = [];
  hostOf(g).collect(g, ev, out);
  builtinTriggers(g, ev, out);
  for (const pe of out) g.journal.insertAt(v.triggered, v.triggered.length, pe);
}

/**
 * The keyword triggers the rules perform whatever the host: <Retaliation> (002 §12-13-1:
 * "when this Digimon is deleted in battle, delete the opponent's Digimon it battled"; only a
 * battle deletion triggers it, §12-13-7; it activates after the card is in the trash like
 * [On Deletion], §12-13-6; each instance triggers, §12-13-2). A deletion whose other battler was a Security Digimon has no
 * Digimon to delete (battledWith null).
 */
function builtinTriggers(g: Game, ev: DcgEventData, out: PendingEffect[]): void {
  if (ev.e === "turnEnd") burstEnds(g, out);
  // 002 §12-13-2: each instance triggers (the effect does not stack: a second one deletes the same Digimon again only if it survived the first).
  const instances = ev.e === "deleted" && ev.cause === "battle" && ev.battledWith !== null ? (ev.snapshot.keywords.retaliation ?? 0) : 0;
  for (let i = 0; i < instances && ev.e === "deleted"; i++) {
    const s = ev.snapshot;
    out.push({
      owner: s.owner,
      kind: "keyword",
      card: s.top,
      perm: s.perm,
      box: null,
      index: null,
      keyword: "retaliation",
      event: ev as unknown as { [k: string]: Json },
      label: `${cardName(g, s.top)}: <Retaliation>`,
    });
  }
}

/**
 * Burst Digivolve (002 §8-3-2): at the end of the turn a Digimon Burst Digivolved this turn
 * trashes its top card — whatever card is on top then (§8-3-13, §8-3-15). It is a rules action
 * pending with the [End of Turn] effects of that end of turn, its player ordering it among
 * theirs as for simultaneous triggers (§8-3-17). The mark is the lasting effect `fx.kind
 * "burst"` made by `dcg.burst` (`digivolve.ts`); a Digimon that left play is another object.
 */
function burstEnds(g: Game, out: PendingEffect[]): void {
  for (const l of V(g).lasting) {
    if (l.fx?.kind !== "burst" || l.turn !== g.state.turn) continue;
    const perm = findPerm(g, l.target);
    if (!perm) continue;
    out.push({ owner: l.controller, kind: "rule", card: l.source ?? perm.cards[perm.cards.length - 1]!, perm: perm.id, box: null, index: null, keyword: null, event: { e: "turnEnd", player: g.state.turnPlayer }, label: `${cardName(g, perm.cards[perm.cards.length - 1]!)}: Burst Digivolve — trash the top card at the end of the turn (002 §8-3-2)`, data: { burst: l.seq } });
  }
}

// ─── [Once Per Turn] (002 §4-15) ───────────────────────────────────────────

/**
 * The key of an [x times per turn] count (002 §4-15-3: kept per card; §4-15-4: an inherited
 * effect stays used through digivolution — the object id does not change; §4-15-5, §8-2-3: a
 * new Digimon is a new object; §4-15-6: a card that left the stack and came back is a new
 * incarnation of the card). `inc` is the card's `vars.inc` (moves.ts increments it on every
 * zone change).
 */
export function optKey(perm: number | null, card: number, inc: number, box: string, index: number): string {
  return `${perm ?? "-"}:${card}.${inc}:${box}${index}`;
}

/** How many times the effect of `key` has activated this turn (002 §4-15-1). */
export function optUses(g: Game, key: string): number {
  return V(g).opt[key] ?? 0;
}

/** Count one activation of the effect of `key` (spent only when the effect is activated: 002 §4-15-7..9). Journaled. */
export function spendOpt(g: Game, key: string): void {
  const o = V(g).opt;
  g.set(o, key, (o[key] ?? 0) + 1);
}
