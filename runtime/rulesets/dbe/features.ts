/**
 * The feature flags of the DBE family of rulesets: each is one rule that a variant sharing
 * DBE's task handlers words differently. The DBE value of every flag is the DBE rule
 * (`000_012504f4614e5b24.txt`); a variant (DMB, `003_7a740b8ec9103d40.txt`:
 * `rulesets/dmb/index.ts`) sets the flags of the rules its text changes. The shared handlers
 * read a flag through {@link feature} at the one place the rule is performed, so every
 * difference between the rulesets is one flag (or one task override of the variant), never
 * a test of the ruleset's id.
 *
 * docs/runtime.md "DMB" lists every flag with both texts' sections and the scenario that
 * shows the two outcomes.
 */
import type { Game } from "../../core/engine.ts";

/** The rules the DBE handlers perform one way or the other (module comment). */
export type DbeFeatures = {
  /**
   * Strategy, Support and Battle Phase: "Skip this entire phase during the first turn of the
   * game" (000). False: every turn has them (003: "each turn (including the first turn)").
   * Read by `turn.ts` `dbe.turn`.
   */
  firstTurnSkipsBattle: boolean;
  /**
   * False (000, Effect Evolution): "Effects that evolve outside of the Evolve Phase are not
   * restricted to the '1 evolution act per turn' rule". True (003, Evolution Phase 5.2):
   * "Evolve only once per turn, regardless of effects from cards" — an effect evolution uses
   * the turn's one evolution and misfires once it is used. Read by `effects.ts` `evolve` and
   * `evolution.ts` `effectEvolve`.
   */
  effectEvolutionIsTheEvolution: boolean;
  /**
   * False (000, Evolution Phase 4.6): "'As evolved' … change the active and reset its stats
   * to the printed amounts without being considered the act of evolving itself"; Glossary
   * "Abnormal": not checked by effects that are "as evolved". True (003 reading): 003 has no
   * such exemption and uses "as evolved" for DNA evolution (Evolution Phase 4.1), which is
   * evolving — an "as evolved" effect is an evolution like any other (it counts for 5.2 and
   * yields a Normal Digimon: FAQ "Cards Placed Under Digimon"). Read by `effects.ts`
   * `evolve` and `evolution.ts` `effectEvolve`.
   */
  asEvolvedIsEvolving: boolean;
  /**
   * False (000, Support Phase 5.1.2): "Voids cannot nullify other void effects, only effects
   * on the other card that do not void." True (003, Support Phase 5.1 / 5.1.1): "Voiding
   * means to nullify the card"; the turn player's void first nullifies the other card whole,
   * its own voids included. Read by `support.ts` `dbe.support.voids` and `effects.ts`
   * `dbe.effect`.
   */
  voidsNullifyVoids: boolean;
  /**
   * False (000, Glossary "Abnormal"): a card entering the Active Zone except on top removes
   * Abnormal once the stack has enough cards under the active (R 0, C 1, U 2, M 3). True
   * (003, FAQ "Cards Placed Under Digimon"): when a card is placed under the active, or a
   * card of the Active Zone is trashed or deleted, the active is Normal exactly when it is
   * "a fully valid evolution (Correct type/evo-box & correct level/box, ignoring DP)" of
   * the card below it — which can make it Abnormal too. Read by `effects.ts` `putUnder` and
   * `leaveActive`.
   */
  abnormalByEvolutionLine: boolean;
  /**
   * True (000, Glossary "Revive"; Battle Phase 6.1): a revived active is reset "as though it
   * had just evolved, including removing Abnormal status". False (003, Glossary "Revive"):
   * the active zone is left intact and only the HP is set; Abnormal stays. Read by `ko.ts`
   * `koActive`.
   */
  reviveResetsAsEvolved: boolean;
  /**
   * True (000, End Phase 3.1): "Type-changes/gains as well as name changes are somewhat
   * permanent." False (003, End Phase 3.1 names only type changes): a name change is a
   * lingering effect that ends at End Phase 3. Read by `end.ts` `dbe.end.cleanup` and
   * `effects.ts` `changeName`.
   */
  nameChangesStay: boolean;
  /**
   * True (000, FAQ "Counter specifics" 3): a Counter set by an Option (Gold Banana) cannot be
   * voided by Jamming, and once it is set against the attack carrying Jamming "the
   * Jamming-user can't use their own Jamming effect anymore and it is usable by the
   * countering player". False (003, FAQ "Jamming oddballs"; "Counter specifics" has no such
   * case): Jamming always jams Cross supports "including Cross Counter", and a Counter never
   * takes the opponent's Jamming. Read by `effects.ts` `gainAbility`, `support.ts`
   * `hasJamming` and `battle.ts` (through `BattleInput.counterTakesJamming`).
   */
  counterTakesJamming: boolean;
  /**
   * False (000, Prep Phase 3): a full mulligan is "adding that many cards to their hand from
   * the top of the deck (same as drawing but does not trigger effects)". True (003, Prep
   * Phase 3): "This is discarding the ENTIRE hand and drawing that many" — a discard and a
   * draw, which "When … discards" / "When … draws" sentences wait for (also the forced and
   * special mulligans: 003 FAQ "Lack of Digimon & Can't mulligan"). Read by `turn.ts`.
   */
  mulliganTriggers: boolean;
  /**
   * True (000, Prep Phase 5): a Partner Evolution triggers "any evo-bonuses as normal during
   * evolution". False (003, Prep Phase 4.3 names no bonus, and Evolution Phase 3.1 skips the
   * rest of the phase — step 6 "Resolve any Evolution Box bonus effects" included — after a
   * Partner Digimon evolved from the Destiny Zone). Read by `turn.ts` `dbe.prep.partnerEvolve`.
   */
  partnerEvolutionBonuses: boolean;
  /**
   * False (000, End Phase 3.4; FAQ "Permanents in Evolution Boxes"): only the "∞" evo-box
   * bonuses are permanent, the others are lingering. True (003, End Phase 3.4; FAQ "Passives
   * in Evolution Boxes"): "Continuous evolution-box bonuses such as 'Power +40' or
   * 'Opponent's DP -10' or 'DP +10' are considered Passives" that "stay on your Digimon while
   * it is active" — every Power, DP and restriction bonus, "∞" or not. Read by `turn.ts`
   * `bonusTasks`.
   */
  evoBonusesContinuous: boolean;
  /**
   * False (000, FAQ "Paying DP"): "simply reduce the DP amount being tracked … as if it were
   * a normal cost" — no card is discarded. True (003, FAQ "Paying DP"): "the full amount
   * must be paid by trashing the card from the DP zone. Any remainder is lost." Read by
   * `effects.ts` `payDp`.
   */
  payDpTrashesCards: boolean;
  /**
   * False (the DBE runtime): a Destiny Zone card marked "P" is used only as a support, at the
   * Support step (000, FAQ "DZ Proxy"). True (003, Glossary "Partner Option": "discard a
   * Partner in the appropriate circumstance … and add this card to the appropriate zone from
   * the Destiny Zone"; Deck Construction allows an "Option/DATA card"): its Any Phase and
   * Data Break sentences are usable from the Destiny Zone in the windows as well. Read by
   * `window.ts` `usables`.
   */
  partnerOptionWindows: boolean;
  /**
   * What the rules call a Destiny Zone card marked "P" and played by discarding the Partner:
   * "Proxy" (000, Glossary "Proxy") or "Partner Option" (003, Glossary "Partner Option"). The
   * log's and the decisions' words (`support.ts`, `end.ts`, `window.ts`).
   */
  partnerOptionTerm: "Proxy" | "Partner Option";
};

/** The DBE rules (`000_012504f4614e5b24.txt`): every flag's DBE value. */
export const DBE_FEATURES: Readonly<DbeFeatures> = {
  firstTurnSkipsBattle: true,
  effectEvolutionIsTheEvolution: false,
  asEvolvedIsEvolving: false,
  voidsNullifyVoids: false,
  abnormalByEvolutionLine: false,
  reviveResetsAsEvolved: true,
  nameChangesStay: true,
  counterTakesJamming: true,
  mulliganTriggers: false,
  partnerEvolutionBonuses: true,
  evoBonusesContinuous: false,
  payDpTrashesCards: false,
  partnerOptionWindows: false,
  partnerOptionTerm: "Proxy",
};

/**
 * The value of a feature flag in game `g`: its ruleset's, or DBE's when the ruleset does not
 * set it (a ruleset without flags plays by the DBE rules).
 */
export function feature<K extends keyof DbeFeatures>(g: Game, k: K): DbeFeatures[K] {
  const f = g.ruleset.features as Partial<DbeFeatures> | undefined;
  return f?.[k] ?? DBE_FEATURES[k];
}

/**
 * The rule a "P" card's use cites in the log: 000's Glossary "Proxy" and FAQ "DZ Proxy", or
 * 003's Glossary "Partner Option" ({@link DbeFeatures.partnerOptionTerm}).
 */
export function partnerOptionRule(g: Game): string {
  return feature(g, "partnerOptionTerm") === "Proxy" ? `Glossary "Proxy"; FAQ "DZ Proxy"` : `003, Glossary "Partner Option"`;
}
