/**
 * The DCG importer (compiler/import/dcg.ts) on small inline dumps: one set file per set, the
 * fields mapped, each box laid out one effect unit per line, the output read back and
 * checked; malformed dumps and unwritable values. Then, when `../shared/data/dcg/cards.json`
 * (test input kept outside the repository) is present, the whole dump.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { dcgSetCode, dcgUnits, importDcg, writeDcgCard, type DcgCardRecord } from "../../compiler/import/dcg.ts";
import { readSetFile } from "../../grammar/setfile.ts";
import { printSetFile } from "../../compiler/print/setfile.ts";
import { checkAllSources } from "../../compiler/check/all.ts";
import { dumpCard } from "./helpers.ts";

const SAMPLE = [
  dumpCard(),
  dumpCard({ id: "BT1-001", name: "Yokomon", card_type: "Digi-Egg", level: 2, form: "In-Training", attribute: null, traits: ["Bulb"], play_cost: null, digivolve: [], dp: null, effect: "", inherited_effect: "[When Attacking] When you attack an opponent&#39;s Digimon, this Digimon gets +1000 DP for the turn." }),
  dumpCard({ id: "BT10-009", set: "BT10", name: "Shoutmon X4", level: 5, play_cost: 9, digivolve: [{ color: null, level: null, cost: 3 }], dp: 8000, form: "Ultimate", effect: "&lt;Material Save 2&gt; (When this Digimon would be deleted, you may place 2 digivolution cards listed in the DigiXros requirements of this Digimon under one of your Tamers). [On Play] &lt;Draw 2&gt; (Draw 2 cards from your deck). [End of Attack] By placing all of this Digimon's digivolution cards under 1 of your Tamers, unsuspend 1 of your Tamers, and delete this Digimon.[DigiXros -2] [Shoutmon] x [Ballistamon] When you would play this card, you may place any of the specified Digimon from your hand/battle area at the bottom of this card as digivolution cards. Reduce the play cost of this card by 2 for each card placed." }),
  dumpCard({ id: "P-001", set: "P", name: "Agumon", play_cost: 5, dp: 3000, rarity: "Promo", effect: "[Your Turn] (Once Per Turn) When this Digimon attacks, gain 1 memory" }),
  dumpCard({ id: "BT2-090", set: "BT2", name: "Gaia Force", card_type: "Option", level: null, form: null, attribute: null, traits: [], play_cost: 4, digivolve: [], dp: null, effect: "[Main] Delete 1 of your opponent's Digimon with 9000 DP or less.", security_effect: "[Security] Activate this card's [Main] effect." }),
];

describe("one set file per set", () => {
  it("groups cards by set, sets and cards in natural order (BT1, BT2, BT10, P), with a ruleset dcg header", () => {
    const r = importDcg(SAMPLE);
    expect(r.files.map((f) => [f.file, f.cards])).toEqual([
      ["BT1.dgs", 2],
      ["BT2.dgs", 1],
      ["BT10.dgs", 1],
      ["P.dgs", 1],
    ]);
    expect(r.cards).toBe(5);
    expect(r.withText).toBe(5);
    expect(r.skipped).toEqual([]);
    const bt1 = readSetFile("BT1.dgs", r.files[0]!.dgs);
    expect(bt1.diagnostics).toEqual([]);
    expect([bt1.code, bt1.name, bt1.ruleset]).toEqual(["BT1", "Digimon Card Game Booster BT1", "dcg"]);
    expect(bt1.cards.map((c) => c.setNumber)).toEqual(["BT1-001", "BT1-010"]);
    expect(r.files[3]!.dgs).toContain("set P Digimon Card Game promotion cards\n");
  });

  it("maps the fields: play_cost to playcost (usecost for an Option), the digivolve cost from the level below, boxes to effect/inherited/security", () => {
    const r = importDcg(SAMPLE);
    expect(r.files[0]!.dgs).toContain(
      [
        "card BT1-010 Agumon",
        "  kind: Digimon",
        "  color: Red",
        "  level: 3",
        "  playcost: 3",
        "  digivolve: 0 from Lv.2",
        "  dp: 2000",
        "  form: Rookie",
        "  attribute: Vaccine",
        "  traits: Reptile",
        "  rarity: Common",
        "  effect: [On Play] Reveal 5 cards from the top of your deck. Add 1 Tamer card among them to your hand. Place the remaining cards at the bottom of your deck in any order.",
      ].join("\n") + "\n",
    );
    expect(r.files[1]!.dgs).toContain("  kind: Option\n  color: Red\n  usecost: 4\n");
    expect(r.files[1]!.dgs).toContain("  security: [Security] Activate this card's [Main] effect.\n");
    // HTML escapes undone, inherited box mapped.
    expect(r.files[0]!.dgs).toContain("  inherited: [When Attacking] When you attack an opponent's Digimon, this Digimon gets +1000 DP for the turn.\n");
  });

  it("lays each box out one effect unit per line: keyword lines, timings, a glued DigiXros unit", () => {
    const bt10 = importDcg(SAMPLE).files[2]!.dgs;
    expect(bt10).toContain(
      "  effect: <Material Save 2> (When this Digimon would be deleted, you may place 2 digivolution cards listed in the DigiXros requirements of this Digimon under one of your Tamers).\n" +
        "    [On Play] <Draw 2> (Draw 2 cards from your deck).\n" +
        "    [End of Attack] By placing all of this Digimon's digivolution cards under 1 of your Tamers, unsuspend 1 of your Tamers, and delete this Digimon.\n" +
        "    [DigiXros -2] [Shoutmon] x [Ballistamon] When you would play this card",
    );
  });

  it("normalises the dump's style: (Once Per Turn) → [Once Per Turn], a missing final full stop", () => {
    expect(importDcg(SAMPLE).files[3]!.dgs).toContain("  effect: [Your Turn] [Once Per Turn] When this Digimon attacks, gain 1 memory.\n");
  });

  it("the output is canonical (fmt leaves it unchanged) and every card's stats check", () => {
    const r = importDcg(SAMPLE);
    for (const f of r.files) expect(printSetFile(f.dgs), f.file).toBe(f.dgs);
    const { dcg } = checkAllSources(r.files.map((f) => ({ file: f.file, text: f.dgs })));
    const stats = dcg.flatMap((s) => s.diagnostics).filter((d) => !["effect", "inherited", "security"].some((k) => d.message.includes(k)) && /missing|bad-|field|number/.test(d.code));
    expect(stats).toEqual([]);
  });

  it("a value the dump lacks stays missing: no invented DP, and the checker says so", () => {
    const r = importDcg([dumpCard({ dp: null, play_cost: null })]);
    expect(r.files[0]!.dgs).not.toMatch(/dp:|playcost:/);
    const { dcg } = checkAllSources([{ file: "BT1.dgs", text: r.files[0]!.dgs }]);
    expect(dcg[0]!.diagnostics.filter((d) => d.code === "missing-field").map((d) => d.message.slice(0, 40))).toEqual(["Digimon BT1-010 needs a playcost: field ", "Digimon BT1-010 needs a dp: field (002 2"]);
  });

  it("a repeated card number is skipped with the reason; a value a set file cannot carry skips the card", () => {
    const r = importDcg([dumpCard(), dumpCard({ name: "Other" }), dumpCard({ id: "BT1-011", traits: ["A, B"] })]);
    expect(r.cards).toBe(1);
    expect(r.skipped).toEqual([
      { number: "BT1-010", why: "number BT1-010 appears more than once; the first card with it was written" },
      { number: "BT1-011", why: 'card BT1-011: traits "A, B" contains a comma or slash (they separate the list)' },
    ]);
  });

  it("a malformed dump is an Error naming each card and field", () => {
    expect(() => importDcg({ cards: [] })).toThrow(/malformed dcg card data \(1 problem\):\ndcg card data: \(root\): /);
    expect(() => importDcg([dumpCard({ dp: "2000" }), dumpCard({ id: "bad id" })])).toThrow(/card BT1-010 \(cards\[0\]\)\.dp: .*\ncard bad id \(cards\[1\]\)\.id: /);
  });
});

describe("units and records", () => {
  it("dcgUnits splits at a tag or keyword line after a sentence ends, never inside brackets, quotes or a head", () => {
    expect(dcgUnits("[On Play] [When Digivolving] Gain 1 memory. [Main] Gain 2 memory.")).toEqual(["[On Play] [When Digivolving] Gain 1 memory.", "[Main] Gain 2 memory."]);
    expect(dcgUnits("(Hand) [Main] Gain 1 memory. <Blocker> (Reminder.) [Your Turn] [Once Per Turn] X.")).toEqual(["(Hand) [Main] Gain 1 memory.", "<Blocker> (Reminder.)", "[Your Turn] [Once Per Turn] X."]);
    expect(dcgUnits('[Your Turn] All of your Digimon gain "[When Attacking] Gain 1 memory." for the turn. Activate this card\'s [Main] effect.')).toEqual([
      '[Your Turn] All of your Digimon gain "[When Attacking] Gain 1 memory." for the turn. Activate this card\'s [Main] effect.',
    ]);
    expect(dcgUnits("[Main] <Delay> (Trash this card. [Main] inside.) ・Gain 2 memory. This Digimon gains <Rush> (R).")).toHaveLength(1);
    expect(dcgUnits("   ")).toEqual([]);
  });

  it("dcgSetCode: the set field, else the card number's prefix", () => {
    expect(dcgSetCode({ id: "ST1-01", set: "ST1" })).toBe("ST1");
    expect(dcgSetCode({ id: "EX2-005", set: null })).toBe("EX2");
    expect(dcgSetCode({ id: "P-001", set: "bad set!" })).toBe("P");
  });

  it("writeDcgCard refuses what cannot read back: a line break in a value, a blank unit", () => {
    const base: DcgCardRecord = { number: "X-1", name: "N", kind: "Tamer", colors: ["Red"], level: null, cost: 2, digivolve: [], dp: null, form: null, attribute: null, traits: [], rarity: null, effect: [], inherited: [], security: [] };
    expect(writeDcgCard(base)).toBe("card X-1 N\n  kind: Tamer\n  color: Red\n  playcost: 2\n");
    expect(() => writeDcgCard({ ...base, rarity: "Rare\nSuper" })).toThrow("card X-1: rarity contains a line break");
    expect(() => writeDcgCard({ ...base, effect: ["[Main] A.", " "] })).toThrow(/card X-1: effect line 2 is blank/);
    expect(writeDcgCard({ ...base, name: '"Quoted"' })).toContain('card X-1 "\\"Quoted\\""');
  });
});

const DUMP = resolve(fileURLToPath(new URL("../..", import.meta.url)), "../shared/data/dcg/cards.json");

describe.skipIf(!existsSync(DUMP))("the whole DCG dump (../shared/data/dcg/cards.json)", () => {
  // Read only when the dump is there: a skipped describe still runs its body to collect tests.
  const r = existsSync(DUMP) ? importDcg(JSON.parse(readFileSync(DUMP, "utf8"))) : (null as never);

  it("imports all 1,433 cards into 25 set files, 1,276 with text, none skipped, no stale fix", () => {
    expect(r.cards).toBe(1433);
    expect(r.files.map((f) => f.code)).toEqual(["BT1", "BT2", "BT3", "BT4", "BT5", "BT6", "BT7", "BT8", "BT9", "BT10", "EX1", "EX2", "P", "ST1", "ST2", "ST3", "ST4", "ST5", "ST6", "ST7", "ST8", "ST9", "ST10", "ST12", "ST13"]);
    expect(r.withText).toBe(1276);
    expect(r.skipped).toEqual([]);
    expect(r.stale).toEqual([]);
  });

  it("every file reads back with no diagnostic and is canonical; no dump artefact is left in the text", () => {
    for (const f of r.files) {
      expect(readSetFile(f.file, f.dgs).diagnostics, f.file).toEqual([]);
      expect(printSetFile(f.dgs), f.file).toBe(f.dgs);
    }
    // (Names are as the dump gives them: "Hell’s Gate" keeps its apostrophe.)
    const all = r.files.flatMap((f) => f.dgs.split("\n").filter((l) => !l.startsWith("card ") && !l.startsWith("#"))).join("\n");
    expect(all).not.toMatch(/&lt;|&gt;|&#91;|&amp;|card_name|\(Once Per Turn\)|less\. less\.|[\u2018\u2019\u201C\u201D]| [.,]/);
  });

  it("the only stats errors are values the dump lacks (missing-field)", () => {
    const { dcg } = checkAllSources(r.files.map((f) => ({ file: f.file, text: f.dgs })));
    const statsCodes = new Set(["bad-kind", "missing-kind", "bad-color", "bad-level", "bad-number", "number-range", "bad-digivolve", "bad-dna", "field-not-for-kind", "duplicate-field", "inherited-and-security", "empty-value", "duplicate-set-number", "unknown-field"]);
    expect(dcg.flatMap((s) => s.diagnostics).filter((d) => statsCodes.has(d.code)).map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual([]);
  });
});
