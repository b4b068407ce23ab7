/**
 * DCG batches of `simulate --ruleset dcg` (`runtime/sim/dcg-batch.ts`, `runtime/sim/batch.ts`
 * `batchPlayer`): a batch plays each seed as `simulateDcgGame` does, with card effects or without
 * (`effects`), replays the seeds it is told to, and a batch player made from the worker data (as
 * a worker thread makes it) gives the same summaries.
 */
import { describe, expect, it } from "vitest";
import { batchPlayer } from "../../../runtime/sim/batch.ts";
import { playDcgBatch, type DcgSimWorkerData } from "../../../runtime/sim/dcg-batch.ts";
import { batchesOf } from "../../../runtime/sim/stream.ts";
import { DCG } from "../../../runtime/rulesets/dcg/index.ts";
import { DCG_EFFECTS } from "../../../runtime/rulesets/dcg/effects/index.ts";
import { simulateDcgGame } from "../../../runtime/rulesets/dcg/sim.ts";
import type { DcgSeat } from "../../../runtime/rulesets/dcg/setup.ts";
import { textCard, fxDb } from "../../scenarios/dcg/effects-helpers.ts";

/** Two test cards with effects, so that the effect model has something to perform. */
const DRAWER = textCard("SB-01", { name: "Drawmon", level: 3, cost: 3, dp: 3000, from: [[0, 2]], effect: "[On Play] Trigger <Draw 1> (Draw 1 card from your deck)." });
const PUMPER = textCard("SB-02", { name: "Pumpmon", level: 4, cost: 4, dp: 4000, from: [[2, 3]], effect: "[When Digivolving] 1 of your opponent's Digimon gets -3000 DP for the turn." });
const db = fxDb(DRAWER, PUMPER);

function seat(name: string, eggs: string[]): DcgSeat {
  const kinds = ["SB-01", "SB-02", "TST-03", "TST-04", "TST-05", "TST-06", "TST-07", "TST-08", "TST-09", "TST-10", "TST-11", "TST-14", "TST-15"];
  const main: string[] = [];
  for (let i = 0; main.length < 50; i++) main.push(kinds[i % kinds.length]!);
  return { name, main, eggs };
}

const data = (effects: boolean): DcgSimWorkerData => ({
  game: "dcg",
  cards: db.all,
  setup: { seats: [seat("A", ["TST-01", "TST-01"]), seat("B", ["TST-02"])], turnLimit: 200 },
  options: { agents: ["random", "greedy"], check: true, turnLimit: 200, effects },
});

describe("DCG simulation batches", () => {
  it("a batch plays each seed as simulateDcgGame does, with or without card effects, and replays the seeds it names", () => {
    for (const effects of [true, false]) {
      const batch = [...batchesOf(200, 12, 5)][0]!;
      expect(batch.replay).toEqual([200, 205, 210]);
      const got = playDcgBatch(db, data(effects), batch);
      const want = batch.seeds.map((seed) => simulateDcgGame(db, data(effects).setup, seed, { agents: ["random", "greedy"], turnLimit: 200, ruleset: effects ? DCG_EFFECTS : DCG, replay: batch.replay.includes(seed) }));
      expect(got).toEqual(want);
      for (const s of got) expect(s.violations, `seed ${s.seed}`).toEqual([]);
      expect(got.filter((s) => s.replayed).map((s) => s.seed)).toEqual([200, 205, 210]);
    }
  });

  it("the batch player a worker makes from its data plays the same games", async () => {
    const play = await batchPlayer(data(true));
    const batch = [...batchesOf(1, 6, 3)][0]!;
    expect(play(batch)).toEqual(playDcgBatch(db, data(true), batch));
  });
});
