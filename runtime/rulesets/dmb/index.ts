/**
 * The Digimon Battles ruleset (DBE's predecessor) as a variant of the DBE plug-in: it
 * shares every phase DBE kept and replaces what DMB words differently.
 * Source: `003_7a740b8ec9103d40.txt`.
 *
 * Differences implemented here:
 * - The first turn is a whole turn (no "Skip this entire phase during the first turn").
 * - Setup (Prep Phase "Before the game begins" 1–3): 40-card deck, no Inspect and no Side
 *   Pile; the opening mulligan puts cards on the bottom of the deck, draws that many and
 *   shuffles.
 * - Partner Evolution only for a Partner R that was just placed (Prep Phase 4.3).
 * - DNA by discarding (Evolution Phase 4.1–4.2): with one named card as the active, the
 *   other is discarded from hand (a DATA card may stand in for its name) and the DNA card
 *   is played onto the active; it is the turn's EVOLVE card and its one evolution.
 * - Its simpler Evolution Phase: an Abnormal C or U skips evolving altogether (step 3: DMB
 *   has no evolving by Evolution card for Abnormals), and "Evolve only once per turn,
 *   regardless of effects from cards" (5.2): an effect evolution after the turn's evolution
 *   misfires ("as evolved" is not evolving).
 * - Its Counter and Jamming wording: Jamming voids the opponent's Cross ability "including
 *   Cross Counter" (FAQ "Jamming oddballs"); DMB has no rule that a Counter set by an Option
 *   escapes Jamming (DBE FAQ "Counter specifics" 3), so every gained Counter is voidable.
 * Deck construction: `runtime/rulesets/dmb/deck.ts`.
 */
import type { CardDb, Game, Ruleset, Task } from "../../core/engine.ts";
import type { PlayerIndex } from "../../core/state.ts";
import { DBE, type DbeSetup } from "../dbe/index.ts";
import { activeOf, cardOptions, def, P, resetActiveStats, who } from "../dbe/model.ts";
import { because, cardsText, nameOf, powerList } from "../dbe/narrate.ts";
import { powerOf } from "../dbe/continuous.ts";
import { raiseFromRules } from "../dbe/effects.ts";
import { dbeStateCheck } from "../dbe/ko.ts";
import { dnaMet } from "../dbe/evolution.ts";
import type { Action, EvoEntry } from "../../ir.ts";
import { drawRaw, seatPlayers } from "../dbe/setup.ts";
import type { CompiledCard } from "../../card.ts";
import { checkSavedSetup } from "../dbe/saved-setup.ts";
import { checkDmbDeck } from "./deck.ts";

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
   * (5.2). A material that does not complete the pair is not offered.
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
    // "Discard the other specified card from the hand": a discard (DBE Glossary "Discard"),
    // which "When … discards" sentences wait for (docs/runtime.md "Events raised by rules actions").
    raiseFromRules(g, "discards", p);
    g.set(s, "evolveCardPlayed", true);
    if (g.card(future).zone === "destinyZone") g.set(g.card(future).vars, "fromDestiny", true);
    g.move(future, p, "active");
    g.set(s, "evolved", true);
    g.set(s, "abnormal", false);
    resetActiveStats(g, p);
    g.logger?.emit("evolve", p, `${who(g, p)} discards ${nameOf(g, material)} from the hand and evolves ${a === null ? "" : `${nameOf(g, a)} → `}${nameOf(g, future)} by DNA: HP ${s.hp}, Power ${powerList(powerOf(g, p))} (003, Evolution Phase 4.1)`, { to: future, material });
    dbeStateCheck(g); // KO is a state (dbe/ko.ts)
  },
  /** Evolution Phase 3 (DMB): "Skip the rest of this step if current active Digimon is an Abnormal C or U." */
  "dbe.evolve.method"(g, t) {
    if (P(g, g.state.turnPlayer).abnormal) return;
    dbeTask("dbe.evolve.method")(g, t);
  },
  /**
   * Actions as in DBE, with DMB's wording: Evolution Phase 5.2 ("Evolve only once per turn,
   * regardless of effects from cards") and Jamming voiding any gained Counter (FAQ
   * "Jamming oddballs").
   */
  "dbe.act"(g, t) {
    const a = t.a as unknown as Action;
    const me = t.p as PlayerIndex;
    if (a.kind === "evolve" && !a.asEvolved && P(g, me).evolved && t.answer === undefined) {
      g.logger?.emit("misfire", me, `${who(g, me)} has already evolved this turn: the evolution misfires (003, Evolution Phase 5.2)${because(g, t)}`);
      return;
    }
    dbeTask("dbe.act")(g, t);
    if (a.kind === "gainAbility" && a.ability.kind === "counter")
      for (const p of [0, 1] as PlayerIndex[]) {
        const s = P(g, p);
        if (s.gained.some((x) => x.voidable === false)) g.set(s, "gained", s.gained.map((x) => ({ ...x, voidable: true })));
      }
  },
  /** Prep Phase 4.3: partner-evolve only "if the newly placed Digimon is the deck's Partner". */
  "dbe.prep.partnerEvolve"(g, t) {
    if (g.state.vars.placedTurn !== g.state.turn) return;
    dbeTask("dbe.prep.partnerEvolve")(g, t);
  },
};

/** The DMB ruleset. */
export const DMB: Ruleset<DbeSetup> = {
  id: "dmb",
  // 003 has no "Skip this entire phase during the first turn": turn 1 has its Strategy,
  // Support and Battle Phases ("These are the steps you will perform each turn (including
  // the first turn)").
  features: { firstTurnSkipsBattle: false },
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
