/**
 * Simulated DCG games (`runtime/rulesets/dcg/sim.ts`): random agents on the bundled decks end
 * with a winner and no invariant violation (card conservation, objects in play, memory in
 * −10…+10, no stuck decision, termination); games are deterministic by seed and replay to the
 * same digest; the invariant checker finds corrupted states. The bundled decks need the real
 * card data; a test-card deck always runs.
 */
import { describe, expect, it } from "vitest";
import { Game } from "../../../runtime/core/engine.ts";
import { randomAgent, runGame } from "../../../runtime/core/agents.ts";
import { DCG } from "../../../runtime/rulesets/dcg/index.ts";
import { P, V } from "../../../runtime/rulesets/dcg/model.ts";
import { dcgInvariants, simulateDcgGame } from "../../../runtime/rulesets/dcg/sim.ts";
import type { DcgSeat, DcgSetup } from "../../../runtime/rulesets/dcg/setup.ts";
import { HAVE_DCG_DATA, bundledDcgSeat, realDcgDb, tstDb } from "../../scenarios/dcg/helpers.ts";

const tdb = tstDb();

/** A legal 50-card test deck (13 cards, at most 4 of each) with Blockers, Rush, Piercing, Jamming, Reboot, Retaliation, DNA and DigiXros cards. */
function tstSeat(name: string, colour: "red" | "blue"): DcgSeat {
  const red = ["TST-03", "TST-04", "TST-05", "TST-08", "TST-09", "TST-10", "TST-11", "TST-14", "TST-15", "TST-19", "TST-20", "TST-21", "TST-17"];
  const blue = ["TST-06", "TST-07", "TST-12", "TST-13", "TST-18", "TST-27", "TST-29", "TST-16", "TST-30", "TST-28", "TST-22", "TST-24", "TST-17"];
  const kinds = colour === "red" ? red : blue;
  const main: string[] = [];
  for (let i = 0; main.length < 50; i++) main.push(kinds[i % kinds.length]!);
  return { name, main, eggs: colour === "red" ? ["TST-01", "TST-01", "TST-26"] : ["TST-02", "TST-02"] };
}

describe("DCG simulation with test cards", () => {
  const setup: DcgSetup = { seats: [tstSeat("Red", "red"), tstSeat("Blue", "blue")] };

  it("100 random games end with a winner and no invariant violation (every invariant after every step)", () => {
    for (let seed = 1; seed <= 100; seed++) {
      const r = simulateDcgGame(tdb, setup, seed, { fullCheckEvery: 1 });
      expect(r.violations, `seed ${seed}`).toEqual([]);
      expect(r.winner).not.toBe("draw");
    }
  });

  it("is deterministic by seed and replays to the same digest", () => {
    const a = simulateDcgGame(tdb, setup, 42, { digest: true });
    const b = simulateDcgGame(tdb, setup, 42, { digest: true });
    expect(a.digest).toBe(b.digest);
    expect(a.digest).not.toBe(simulateDcgGame(tdb, setup, 43, { digest: true }).digest);
    for (let seed = 1; seed <= 10; seed++) expect(simulateDcgGame(tdb, setup, seed, { replay: true }).replayed, `seed ${seed}`).toBe(true);
  });

  it("the invariant checker finds a card outside its object, a lost card, and memory beyond 10", () => {
    const g = new Game(DCG, tdb, setup, 5, { log: false });
    runGame(g, [randomAgent(1), randomAgent(2)]);
    expect(dcgInvariants(g)).toEqual([]);
    const withPerm = ([0, 1] as const).find((p) => P(g, p).battle.length > 0);
    if (withPerm !== undefined) {
      const perm = P(g, withPerm).battle[0]!;
      perm.cards.push(g.zone(withPerm, "trash")[0] ?? perm.cards[0]!);
      expect(dcgInvariants(g).some((v) => /object/.test(v))).toBe(true);
      perm.cards.pop();
    }
    const hand = g.state.players[0].zones.hand!;
    const deck = g.state.players[0].zones.deck!;
    const lost = (hand.length ? hand : deck).pop()!;
    expect(dcgInvariants(g)).toContain(`card ${lost} is in no zone (card conservation)`);
    (hand.length ? hand : deck).push(lost);
    V(g).memory = 11;
    expect(dcgInvariants(g)).toContain("memory 11 is outside −10…+10 (002 §4-1-4)");
  });
});

describe.skipIf(!HAVE_DCG_DATA)("DCG simulation with the bundled decks (real card data)", () => {
  it("ST1 Gaia Red vs ST2 Cocytus Blue: 300 random games, 0 violations, every game won; 1 in 10 fully checked, 1 in 30 replayed", () => {
    const db = realDcgDb();
    const setup: DcgSetup = { seats: [bundledDcgSeat("st1-gaia-red"), bundledDcgSeat("st2-cocytus-blue")] };
    const wins = [0, 0];
    for (let seed = 1; seed <= 300; seed++) {
      const r = simulateDcgGame(db, setup, seed, { fullCheckEvery: 10, replay: seed % 30 === 0 });
      expect(r.violations, `seed ${seed}`).toEqual([]);
      expect(r.winner).not.toBe("draw");
      wins[r.winner as number]!++;
      if (seed % 30 === 0) expect(r.replayed).toBe(true);
    }
    expect(wins[0]! + wins[1]!).toBe(300);
  }, 120_000);

  it("BT1 Red Dragons vs BT1 Green Insects: 200 random games, 0 violations", () => {
    const db = realDcgDb();
    const setup: DcgSetup = { seats: [bundledDcgSeat("bt1-red-dragons"), bundledDcgSeat("bt1-green-insects")] };
    for (let seed = 1; seed <= 200; seed++) {
      const r = simulateDcgGame(db, setup, seed, { fullCheckEvery: 10, agents: seed % 2 ? ["random", "random"] : ["greedy", "random"] });
      expect(r.violations, `seed ${seed}`).toEqual([]);
    }
  }, 120_000);
});
