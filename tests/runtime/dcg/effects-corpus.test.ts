/**
 * The DCG effect model over the real card pool (`../shared/data/dcg/cards.json`, test input
 * outside the project): the playable share of the cards that compile (issue 14: ≥ 90%), the
 * refusal of cards the runtime cannot perform (as DBE's `checkLoadable`), and simulated games
 * with card effects under the invariant checks (card conservation, memory in −10…+10, no stuck
 * decision, termination, replay to the same digest). Skipped without the data.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dcgPlayable } from "../../../bench/dcg-playable.ts";
import type { DcgJsonCard } from "../../../runtime/rulesets/dcg/cards-json.ts";
import { Game, SaveError } from "../../../runtime/core/engine.ts";
import { Rng } from "../../../runtime/core/rng.ts";
import { simulateDcgGame } from "../../../runtime/rulesets/dcg/sim.ts";
import { DCG_EFFECTS, checkDcgLoadable, dcgUnsupported } from "../../../runtime/rulesets/dcg/effects/index.ts";
import type { DcgCard } from "../../../runtime/rulesets/dcg/model.ts";
import type { DcgSeat } from "../../../runtime/rulesets/dcg/setup.ts";
import { DCG_JSON, HAVE_DCG_DATA, bundledDcgSeat } from "../../scenarios/dcg/helpers.ts";
import { fxDb, realFxDb, textCard } from "../../scenarios/dcg/effects-helpers.ts";

describe("supported.ts: cards the effect model refuses (issue 14, as DBE's checkLoadable)", () => {
  const unsupported = textCard("UN-01", { name: "Armageddemon", level: 7, cost: 15, dp: 15000, effect: "When playing this card from your hand, you may delete 1 of your [Diaboromon] to reduce this card's play cost by 12." });
  const db = fxDb(unsupported);

  it("names the card and the construct", () => {
    expect(dcgUnsupported(unsupported)).toContain("cost reduction made by a triggered effect (with a cost)");
    const seat: DcgSeat = { name: "Test", main: ["UN-01", "TST-03"], eggs: [] };
    const errors = checkDcgLoadable(db, [seat]);
    expect(errors.map((e) => e.card)).toEqual(["UN-01"]);
    expect(errors[0]!.message).toMatch(/^UN-01 Armageddemon: the DCG runtime cannot yet perform .*cost reduction made by a triggered effect/);
  });

  it("a game with such a card in a deck does not start; a saved game with it is refused", () => {
    const seat: DcgSeat = { name: "Test", main: [...Array(49).fill("TST-03"), "UN-01"], eggs: [] };
    expect(() => new Game(DCG_EFFECTS, db, { seats: [seat, seat] }, 1)).toThrow(/seat 1: deck "Test" cannot be played: UN-01 Armageddemon/);
    expect(() => DCG_EFFECTS.checkSetup!({ seats: [seat, seat] }, db)).toThrow(SaveError);
  });
});

describe.skipIf(!HAVE_DCG_DATA)("the DCG corpus with card effects", () => {
  it("issue 14: ≥ 90% of the corpus cards that compile are playable (dcgUnsupported is empty)", () => {
    const r = dcgPlayable(JSON.parse(readFileSync(DCG_JSON, "utf8")) as DcgJsonCard[]);
    expect(r.compiled).toBeGreaterThan(1000);
    expect(r.playable / r.compiled).toBeGreaterThanOrEqual(0.9);
  }, 60_000);

  it("simulated games with card effects: 0 invariant violations, every game ends, replays reach the same digest (bundled decks and random decks of playable cards)", () => {
    const db = realFxDb();
    const playable = db.all.filter((c) => c.stats.number.includes("-") && !c.stats.number.startsWith("TST") && dcgUnsupported(c).length === 0 && (c.stats.kind !== "Digimon" || c.stats.digivolve.length > 0 || c.stats.level === 3));
    const colours = ["Red", "Blue", "Yellow", "Green", "Black", "Purple"] as const;
    const deck = (rng: Rng, colour: (typeof colours)[number]): DcgSeat => {
      const pool = playable.filter((c: DcgCard) => c.stats.colors.includes(colour) && c.stats.kind !== "Digi-Egg");
      const eggs = playable.filter((c: DcgCard) => c.stats.colors.includes(colour) && c.stats.kind === "Digi-Egg");
      const main: string[] = [];
      const n = new Map<string, number>();
      while (main.length < 50) {
        const c = pool[rng.int(0, pool.length - 1)]!.stats.number;
        if ((n.get(c) ?? 0) >= 4) continue;
        n.set(c, (n.get(c) ?? 0) + 1);
        main.push(c);
      }
      return { name: colour, main, eggs: eggs.length ? [0, 1, 2, 3, 4].map(() => eggs[rng.int(0, eggs.length - 1)]!.stats.number) : [] };
    };
    const violations: string[] = [];
    for (let seed = 1; seed <= 24; seed++) {
      const rng = new Rng(seed);
      const seats: [DcgSeat, DcgSeat] = seed <= 4 ? [bundledDcgSeat("st1-gaia-red", db), bundledDcgSeat("st2-cocytus-blue", db)] : [deck(rng, colours[rng.int(0, 5)]!), deck(rng, colours[rng.int(0, 5)]!)];
      const s = simulateDcgGame(db, { seats }, seed, { ruleset: DCG_EFFECTS, fullCheckEvery: 4, replay: seed % 6 === 0 });
      for (const v of s.violations) violations.push(`seed ${seed}: ${v}`);
    }
    expect(violations).toEqual([]);
  }, 120_000);
});
