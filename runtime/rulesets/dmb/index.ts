/**
 * The Digimon Battles ruleset (DBE's predecessor) as a variant of the DBE plug-in: it
 * shares every task handler of DBE and changes the rules DMB words differently.
 * Source: `003_7a740b8ec9103d40.txt` ("003"), against DBE's `000_012504f4614e5b24.txt` ("000").
 *
 * Every difference is in one place: a feature flag ({@link DMB_FEATURES}, read by the shared
 * handlers where they perform the rule: `rulesets/dbe/features.ts`) or a task of
 * {@link DMB_TASKS} below. docs/runtime.md "DMB" lists them with both texts' sections and the
 * scenario (tests/scenarios/dmb-differences.test.ts) that plays each under both rulesets.
 *
 * Tasks replaced here:
 * - Setup (Prep Phase "Before the game begins" 1–3): 40-card deck, no Inspect and no Side
 *   Pile; the opening mulligan puts cards on the bottom of the deck, draws that many and
 *   shuffles.
 * - Partner Evolution only for a Partner R that was just placed (Prep Phase 4.3).
 * - DNA by discarding (Evolution Phase 4.1–4.2): with one named card as the active, the
 *   other is discarded from hand (a DATA card may stand in for its name) and the DNA card
 *   is played onto the active; it is the turn's EVOLVE card and its one evolution.
 * - Evolution Phase 3: an Abnormal C or U skips the rest of the phase (steps 4–6: no
 *   evolving by Evolution card, DP or DNA). Reading (with FAQ "Cards Placed Under Digimon":
 *   "'Mutate' used to evolve to same level from Abnormal produces a Normal"): the skip is of
 *   the phase's steps; an effect evolution outside them (an Any Phase, an Evolution Phase
 *   ability, a support) may still evolve an Abnormal, and yields a Normal Digimon.
 * Deck construction: `runtime/rulesets/dmb/deck.ts`.
 */
import type { CardDb, Game, Ruleset, Task } from "../../core/engine.ts";
import type { PlayerIndex } from "../../core/state.ts";
import { DBE, type DbeSetup } from "../dbe/index.ts";
import { activeOf, cardOptions, def, P, who } from "../dbe/model.ts";
import { cardsText, nameOf } from "../dbe/narrate.ts";
import { raise } from "../dbe/triggers.ts";
import { dnaMet, queueTiming } from "../dbe/evolution.ts";
import { evolveInto } from "../dbe/turn.ts";
import type { EvoEntry } from "../../ir.ts";
import { drawRaw, seatPlayers } from "../dbe/setup.ts";
import type { CompiledCard } from "../../card.ts";
import { checkSavedSetup } from "../dbe/saved-setup.ts";
import type { DbeFeatures } from "../dbe/features.ts";
import { checkDmbDeck } from "./deck.ts";

/**
 * The rules 003 words differently from 000, as flags of the shared DBE handlers (each flag's
 * meaning and both texts: `rulesets/dbe/features.ts`).
 */
export const DMB_FEATURES: Readonly<DbeFeatures> = {
  // "These are the steps you will perform each turn (including the first turn)": no "Skip
  // this entire phase during the first turn of the game".
  firstTurnSkipsBattle: false,
  // Evolution Phase 5.2: "Evolve only once per turn, regardless of effects from cards."
  effectEvolutionIsTheEvolution: true,
  // Reading: 003 has no "as evolved" exemption; it plays DNA "as evolved" (4.1), an evolution.
  asEvolvedIsEvolving: true,
  // Support Phase 5.1: "Voiding means to nullify the card." (no 000 5.1.2)
  voidsNullifyVoids: true,
  // FAQ "Cards Placed Under Digimon": "a fully valid evolution … ignoring DP".
  abnormalByEvolutionLine: true,
  // Glossary "Revive": "leaving the active zone intact" (no reset, no Abnormal removal).
  reviveResetsAsEvolved: false,
  // End Phase 3.1: "Type-changes/gains are semi-permanent" (names not listed).
  nameChangesStay: false,
  // FAQ "Jamming oddballs": Jamming jams "other Cross supports including Cross Counter".
  counterTakesJamming: false,
  // Prep Phase 3: "This is discarding the ENTIRE hand and drawing that many."
  mulliganTriggers: true,
  // Prep Phase 4.3 names no evo-bonus; Evolution Phase 3.1 skips step 6.
  partnerEvolutionBonuses: false,
  // End Phase 3.4: "Continuous evolution-box bonuses … are considered Passives".
  evoBonusesContinuous: true,
  // FAQ "Paying DP": "paid by trashing the card from the DP zone. Any remainder is lost."
  payDpTrashesCards: true,
  // Glossary "Partner Option" and Deck Construction ("Option/DATA card").
  partnerOptionWindows: true,
  partnerOptionTerm: "Partner Option",
};

type Handler = (g: Game, t: Task) => void;
const dbeTask = (k: string) => DBE.tasks[k] as unknown as Handler;

/** DMB setup and the tasks whose wording differs from DBE. */
const DMB_TASKS: Record<string, Handler> = {
  /** Prep Phase setup 2: any number on the bottom of the deck, draw that many, shuffle. */
  "dmb.setup.mulligan"(g, t) {
    const p = t.p as PlayerIndex;
    const hand = g.zone(p, "hand");
    if (t.answer === undefined) {
      g.ask(p, "mulligan", "Mulligan: choose any cards to put on the bottom of the deck (003, Prep Phase setup 2)", cardOptions(g, hand), 0, hand.length, t);
      return;
    }
    const ids = t.answer.map((i) => hand[i]!);
    for (const id of ids) g.move(id, p, "deck", "bottom");
    const moved: number[] | undefined = g.logger ? [] : undefined;
    drawRaw(g, p, ids.length, "hand", moved);
    g.shuffle(p, "deck");
    g.logger?.emit("mulligan", p, ids.length ? `${who(g, p)} mulligans ${cardsText(g, ids)} to the bottom of the deck, draws ${cardsText(g, moved!)} and shuffles (003, Prep Phase setup 2)` : `${who(g, p)} keeps the opening hand (003, Prep Phase setup 2)`, { count: ids.length });
  },
  /** Prep Phase 4: as DBE, remembering that a Digimon was just placed (for 4.3). */
  "dbe.prep.playActive"(g, t) {
    const p = g.state.turnPlayer;
    const empty = activeOf(g, p) === null;
    dbeTask("dbe.prep.playActive")(g, t);
    if (empty && activeOf(g, p) !== null) g.set(g.state.vars, "placedTurn", g.state.turn);
  },
  /**
   * Evolution Phase 4.1 / 4.2 (DMB): "Have either of the specified cards on the current
   * active zone. Discard the other specified card from the hand. Play the card with the two
   * DNA requirements as evolved." Counts as the one Evolve card (4.1) and the one evolution
   * (5.2). A material that does not complete the pair is not offered. Readings: "on the
   * current active zone" is the active Digimon (the top card, as `dnaMet` checks); playing
   * the DNA card is an evolution like 000's (`evolveInto`: the covered card's continuous
   * evo-bonuses end — 003 FAQ "Passives in Evolution Boxes": "while it is active"), and the
   * DNA card's "After evolving" sentences resolve once it is played (003 is silent; 000
   * Evolution Phase 5.2.8 resolves them).
   */
  "dbe.evolve.dna"(g, t) {
    const p = g.state.turnPlayer;
    const s = P(g, p);
    const future = t.future as number;
    const a = activeOf(g, p);
    const dna = def(g, future).stats.evo.find((e) => e.kind === "dna") as Extract<EvoEntry, { kind: "dna" }> | undefined;
    if (a === null || !dna) return;
    const cands = g.zone(p, "hand").filter((id) => id !== future && dnaMet(g, a, dna, [id]));
    if (cands.length === 0) {
      g.logger?.emit("evolveFail", p, `${who(g, p)} has no card to discard for ${nameOf(g, future)}'s DNA (003, Evolution Phase 4.1)`);
      return;
    }
    if (t.answer === undefined) {
      g.ask(p, "chooseCards", "DNA: discard the other specified card (003, Evolution Phase 4.1)", cardOptions(g, cands), 1, 1, t);
      return;
    }
    const material = cands[t.answer[0]!]!;
    g.move(material, p, "trash");
    g.logger?.emit("discard", p, `${who(g, p)} discards ${nameOf(g, material)} from the hand for ${nameOf(g, future)}'s DNA (003, Evolution Phase 4.1)`, { cards: [material] });
    // "Discard the other specified card from the hand": a discard (DBE Glossary "Discard"),
    // which "When … discards" sentences wait for (docs/runtime.md "Events raised by rules
    // actions"); they resolve after the evolution, before its "After evolving" sentences.
    const waiting = raise(g, "discards", p);
    g.set(s, "evolveCardPlayed", true);
    // The DNA card onto the active: the turn's evolution, Normal, printed stats; the covered
    // card's kept evo-bonuses end; the state check (dbe/turn.ts evolveInto).
    evolveInto(g, p, future, "by DNA: 003, Evolution Phase 4.1");
    queueTiming(g, future, p, "after", "dna");
    if (waiting) g.push({ t: "dbe.triggers" });
  },
  /** Evolution Phase 3 (DMB): "Skip the rest of this step if current active Digimon is an Abnormal C or U." */
  "dbe.evolve.method"(g, t) {
    if (P(g, g.state.turnPlayer).abnormal) return;
    dbeTask("dbe.evolve.method")(g, t);
  },
  /**
   * Prep Phase 4.3: partner-evolve only "if the newly placed Digimon is the deck's Partner",
   * citing 003 (DBE's task does the rest: the flag `partnerEvolutionBonuses` leaves out the
   * evo-bonuses).
   */
  "dbe.prep.partnerEvolve"(g, t) {
    if (g.state.vars.placedTurn !== g.state.turn) return;
    dbeTask("dbe.prep.partnerEvolve")(g, t.rule === undefined ? { ...t, rule: "003, Prep Phase 4.3" } : t);
  },
};

/** The DMB ruleset. */
export const DMB: Ruleset<DbeSetup, DbeFeatures> = {
  id: "dmb",
  features: DMB_FEATURES,
  zones: DBE.zones,
  tasks: { ...DBE.tasks, ...DMB_TASKS } as Ruleset["tasks"],
  /** A saved game's setup: two decks that `checkDmbDeck` and `checkLoadable` accept (003, Deck Construction). */
  checkSetup: (setup, db) => checkSavedSetup(setup, db as CardDb<CompiledCard>, "dmb", checkDmbDeck),
  /** Loops as in DBE (dbe/loops.ts: 002 13-1-1-1; DMB has no loop rule either). */
  loop: DBE.loop,
  start(g, setup) {
    seatPlayers(g, setup);
    if (setup.scenario) return;
    // 003, Prep Phase "Before the game begins" 1–3: DBE's opening hand and start player
    // steps (cited as DMB's), DMB's own mulligan.
    const hand = (p: PlayerIndex) => ({ t: "dbe.setup.hand", p, rule: "003, Prep Phase setup 1" });
    g.push(hand(0), hand(1), { t: "dmb.setup.mulligan", p: 0 }, { t: "dmb.setup.mulligan", p: 1 }, { t: "dbe.setup.startPlayer", rule: "003, Prep Phase setup 3" });
  },
};
