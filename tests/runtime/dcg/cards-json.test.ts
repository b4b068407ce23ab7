/**
 * The loader from `../shared/data/dcg/cards.json` to DcgCard (`runtime/rulesets/dcg/cards-json.ts`):
 * stats, the digivolution requirements read one level down in the card's colours, and the
 * leading keyword lines; then real cards in a few rules scenarios. Skips without the data.
 */
import { describe, expect, it } from "vitest";
import { leadingKeywordLines } from "../../../runtime/rulesets/dcg/cards-json.ts";
import { keywordLines } from "../../../runtime/rulesets/dcg/continuous.ts";
import { DcgScenario } from "../../../runtime/rulesets/dcg/scenario.ts";
import { HAVE_DCG_DATA, realDcgDb } from "../../scenarios/dcg/helpers.ts";

describe("leading keyword lines (002 §12-1, §12-2)", () => {
  it("reads <Keyword ±N> lines with their reminders and stops at other text", () => {
    const k = leadingKeywordLines("<Security Attack +1> . (This Digimon checks 1 additional security card.) <Piercing> (When …). [When Attacking] Lose 2 memory.", "effect");
    expect(k.map((u) => [u.keyword!.name, u.keyword!.value])).toEqual([
      ["securityAttack", 1],
      ["piercing", null],
    ]);
    expect(leadingKeywordLines("[On Play] <Draw 1>", "effect")).toEqual([]);
    expect(leadingKeywordLines("<Draw 1> (Draw 1 card from your deck).", "effect")).toEqual([]); // not a flag keyword
  });
});

describe.skipIf(!HAVE_DCG_DATA)("real cards from ../shared/data/dcg/cards.json", () => {
  it("loads every card with a kind, and reads the stats of ST1-07 Greymon", () => {
    const db = realDcgDb();
    expect(db.all.length).toBeGreaterThan(1400);
    const greymon = db.get("ST1-07")!;
    expect(greymon.stats).toMatchObject({ number: "ST1-07", name: "Greymon", kind: "Digimon", colors: ["Red"], level: 4, cost: 5, dp: 4000, digivolve: [{ cost: 2, level: 3, colors: ["Red"] }] });
    expect(db.get("ST1-01")!.stats).toMatchObject({ kind: "Digi-Egg", level: 2, cost: null, dp: null });
  });

  it("reads keyword lines that start a box: ST2-07 Grizzlymon <Blocker>, BT1-114 MetalGreymon <Security Attack +2>, BT1-022 Garudamon <Piercing>", () => {
    const db = realDcgDb();
    expect(keywordLines(db.get("ST2-07")!).effect).toEqual([{ name: "blocker", value: null }]);
    expect(keywordLines(db.get("BT1-114")!).effect).toEqual([{ name: "securityAttack", value: 2 }]);
    expect(keywordLines(db.get("BT1-022")!).effect).toEqual([{ name: "piercing", value: null }]);
  });

  it("002 §8-1-2 with real cards: ST1-03 Agumon digivolves into ST1-07 Greymon for 2, drawing 1", () => {
    const r = new DcgScenario(realDcgDb(), "002 §8-1-2 (ST1)")
      .turn(3, 0)
      .memory(0, 3)
      .battle(0, ["ST1-03"])
      .hand(0, "ST1-07")
      .deck(0, "ST1-02")
      .script(0, ["Digivolve P1 Agumon into ST1-07 Greymon (2)"])
      .steps({ t: "dcg.main", only: true })
      .run();
    expect(r.stack(r.perm(0, 0))).toEqual(["ST1-03", "ST1-07"]);
    expect(r.memory(0)).toBe(1);
    expect(r.zone(0, "hand")).toEqual(["ST1-02"]);
  });

  it("002 §9-2-1-5 with real cards: ST2-07 Grizzlymon (<Blocker>, 6000) blocks ST1-07 Greymon (4000), which is deleted", () => {
    const r = new DcgScenario(realDcgDb(), "002 §9-2-1-5 (ST2-07)")
      .turn(3, 0)
      .battle(0, ["ST1-03", "ST1-07"])
      .battle(1, ["ST2-07"])
      .security(1, "ST2-13")
      .script(0, ["Attack with P1 Greymon → P2"])
      .script(1, ["Block with P2 Grizzlymon"])
      .steps({ t: "dcg.main", only: true })
      .run();
    expect(r.battle(0)).toEqual([]);
    expect(r.perm(1, 0).suspended).toBe(true);
    expect(r.zone(0, "trash")).toEqual(["ST1-03", "ST1-07"]);
  });
});
