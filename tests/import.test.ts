/**
 * Card-data importers: the synonym table, the dcb importer, the dbe-json importer and the
 * `.dgs` writer. Small inline fixtures only (no /work/shared/data here: see
 * tests/corpus/dcb-import.test.ts for the real data).
 */
import { describe, expect, it } from "vitest";
import { readSetFile, type CardBlock } from "../grammar/setfile.ts";
import { applySynonyms, DCB_SYNONYMS, toDbeAbility, toDbeText } from "../compiler/import/synonyms.ts";
import { importDcb } from "../compiler/import/dcb.ts";
import { dbeJsonJsonSchema, DbeJsonSchema, importDbeJson } from "../compiler/import/dbeJson.ts";
import { writeCard, writeSet, type CardRecord } from "../compiler/import/writeSet.ts";

/** Read .dgs text, expecting no diagnostics. */
function read(dgs: string) {
  const s = readSetFile("test.dgs", dgs);
  expect(s.diagnostics).toEqual([]);
  return s;
}

/** The fields of a card block as key → values. */
function fields(b: CardBlock): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of b.fields) (out[f.key] ??= []).push(f.value.value);
  return out;
}

const digimon = (over: Record<string, unknown> = {}) => ({
  number: "002",
  name: "WarGreymon",
  name_jp: "ウォーグレイモン",
  kind: "Digimon",
  level: "U",
  specialty: "Fire",
  hp: 1650,
  dp_cost: 50,
  plus_p: 20,
  circle: { name: "Terra Force", power: 900 },
  triangle: { name: "Great Tornado", power: 670 },
  cross: { name: "Dramon Cutter", power: 380, effect: "Ice Foe x3" },
  support: "Add number of Cards in Hand x100 to own Attack Power.",
  option_effect: null,
  fusion_material_points: 18,
  fusion_material_cost: 35,
  ...over,
});

const option = (over: Record<string, unknown> = {}) => ({
  number: "264",
  name: "Attack Chip",
  kind: "Option",
  level: null,
  specialty: null,
  hp: null,
  dp_cost: null,
  plus_p: null,
  circle: null,
  triangle: null,
  cross: null,
  support: null,
  option_effect: "Boost own Attack Power +300.",
  ...over,
});

describe("dcb synonym table", () => {
  it.each([
    ["Boost own Attack Power +300.", "Boost own Power +300."],
    ["Lower both Attack Powers -200.", "Lower both Powers -200."],
    ["If opponent is Level U, his Atk Pwr becomes 0.", "If opponent is Level U, his Power becomes 0."],
    ["Change own Specialty to Fire.", "Change own type to Fire."],
    ["If Specialties are same, boost own Attack Power +200.", "If types are same, boost own Power +200."],
    ["Discard 7 Cards from own Online Deck.", "Discard 7 Cards from own deck."],
    ["Discard 7 Cards from both players' Online Decks.", "Discard 7 Cards from both players' decks."],
    ["Move top 3 Cards from Offline Pile to Online Deck and shuffle.", "Move top 3 Cards from trash to deck and shuffle."],
    ["Discard all own DP Cards in DP Slot.", "Discard all own DP Cards in DP."],
    ['Own attack becomes \\"Eat-up HP.\\"', "Own attack becomes Drain."],
    ["Own attack becomes Eat-Up HP.", "Own attack becomes Drain."],
    ["Digimon KO'd in battle revives with 500 HP. Battle is still lost.", "Revive 500 HP. Battle is still lost."],
    ["KO'd Digimon revives with 1000. Battle is still lost.", "Revive 1000 HP. Battle is still lost."],
    ["KO'd Digimon revives with 100 HP. Battle is still lost.", "Revive 100 HP. Battle is still lost."],
    ["Can digivolve regardless of own Specialty, Level, or Digivolve Pts.", "Can evolve regardless of own type, Level, or DP."],
    ["Digivolve a Level A Digimon to C or U.", "Evolve a Level M Digimon to C or U."],
    ["Can disregard DP in digivolving.", "Can disregard DP in evolving."],
    ["DownGrade own digivolution by 1 Level.", "DownGrade own evolution by 1 Level."],
    ["If own Level is A, boost own Attack Power +300.", "If own Level is M, boost own Power +300."],
    ["Circle Counterattack. Attack second.", "Circle Counterattack. Attack second."],
    ["Foe discards same number of DP Cards.", "Foe discards same number of DP Cards."],
  ])("text %j → %j", (from, to) => {
    expect(toDbeText(from)).toBe(to);
  });

  it.each([
    ["Fire Foe x3", "Fire x3 VS"],
    ["Ice Foe x3.", "Ice x3 VS"],
    ["Dark Foe x3", "Darkness x3 VS"],
    ["Darkness Foe x3", "Darkness x3 VS"],
    ["Eat-up HP", "Drain"],
    ["Eat-Up HP", "Drain"],
    ["Circle Counter", "Circle Counter"],
    ["Jamming", "Jamming"],
  ])("ability %j → %j", (from, to) => {
    expect(toDbeAbility(from)).toBe(to);
  });

  it("is documented: every rule has a reason and only rewrites whole words", () => {
    for (const r of DCB_SYNONYMS) {
      expect(r.why.length).toBeGreaterThan(10);
      expect(r.from.flags).toContain("g");
    }
    expect(toDbeText("Specialtyx and Online Decker")).toBe("Specialtyx and Online Decker");
    expect(applySynonyms("a level A", [])).toBe("a level A");
  });
});

describe("importDcb", () => {
  it("writes the set header, a Digimon and an Option that read back without diagnostics", () => {
    const r = importDcb([digimon(), option()]);
    expect(r.cards).toBe(2);
    expect(r.skipped).toEqual([]);
    const s = read(r.dgs);
    expect(s.code).toBe("DCB");
    expect(s.name).toBe("Digimon World: Digital Card Battle");
    expect(s.ruleset).toBe("dbe");
    expect(s.types).toEqual(["Fire", "Ice", "Nature", "Darkness", "Rare"]);
    expect(s.cards.map((c) => [c.setNumber, c.name])).toEqual([
      ["DCB-002", "WarGreymon"],
      ["DCB-264", "Attack Chip"],
    ]);
    expect(fields(s.cards[0]!)).toEqual({
      kind: ["Digimon"],
      level: ["U"],
      type: ["Fire"],
      dp: ["50"],
      "+p": ["20"],
      hp: ["1650"],
      circle: ["Terra Force 900"],
      triangle: ["Great Tornado 670"],
      cross: ["Dramon Cutter 380 | Ice x3 VS"],
      timing: ["SUPPORT"],
      text: ["Add number of Cards in Hand x100 to own Power."],
    });
    expect(fields(s.cards[1]!)).toEqual({ kind: ["Option"], timing: ["SUPPORT"], text: ["Boost own Power +300."] });
  });

  it("maps level A to M and R(P) to level R with partner: yes", () => {
    const s = read(importDcb([digimon({ number: "172", level: "A" }), digimon({ number: "175", level: "R(P)" })]).dgs);
    expect(fields(s.cards[0]!).level).toEqual(["M"]);
    expect(fields(s.cards[0]!).partner).toBeUndefined();
    expect(fields(s.cards[1]!).level).toEqual(["R"]);
    expect(fields(s.cards[1]!).partner).toEqual(["yes"]);
  });

  it('treats "None" as no ability and no text, and no support text as no SUPPORT timing', () => {
    const s = read(
      importDcb([
        digimon({ cross: { name: "Hopping Kick", power: 200, effect: "None" }, support: null }),
        digimon({ number: "003", support: "None" }),
        option({ number: "200", name: "Fake Sevens", option_effect: "None" }),
      ]).dgs,
    );
    const [a, b, c] = s.cards.map(fields);
    expect(a!.cross).toEqual(["Hopping Kick 200"]);
    expect(a!.text).toBeUndefined();
    expect(a!.timing).toBeUndefined();
    expect(b!.text).toBeUndefined();
    expect(b!.timing).toBeUndefined();
    expect(c).toEqual({ kind: ["Option"], timing: ["SUPPORT"] });
  });

  it("rewrites escaped quotes in card text", () => {
    const s = read(importDcb([digimon({ support: 'Discard 7 Cards from own Online Deck, own Attack is \\"Eat-up HP.\\"' })]).dgs);
    expect(fields(s.cards[0]!).text).toEqual(["Discard 7 Cards from own deck, own Attack is Drain."]);
  });

  it("takes a set code and name, and skips a repeated number", () => {
    const r = importDcb([digimon(), digimon()], { code: "PS1", name: "Card Battle" });
    expect(r.cards).toBe(1);
    expect(r.skipped).toEqual([{ number: "002", why: expect.stringContaining("more than once") }]);
    const s = read(r.dgs);
    expect([s.code, s.name, s.cards[0]!.setNumber]).toEqual(["PS1", "Card Battle", "PS1-002"]);
  });

  it("throws naming the card number and field on malformed input", () => {
    expect(() => importDcb([digimon(), digimon({ number: "005", level: "Z" })])).toThrow(/card 005 \(cards\[1\]\)\.level: /);
    expect(() => importDcb([digimon({ hp: "1650" })])).toThrow(/card 002 \(cards\[0\]\)\.hp: /);
    expect(() => importDcb([digimon({ cross: { name: "X", power: -1 } })])).toThrow(/card 002 \(cards\[0\]\)\.cross\.power: /);
    expect(() => importDcb([digimon({ specialty: null })])).toThrow(/card 002 \(cards\[0\]\)\.specialty: a Digimon card needs specialty/);
    expect(() => importDcb([option({ option_effect: undefined })])).toThrow(/card 264 \(cards\[0\]\)\.option_effect: /);
    expect(() => importDcb({ cards: [] })).toThrow(/malformed dcb card data/);
  });
});

describe("writeSet", () => {
  const tricky = 'He said "hi" `x` ${y} */ end\nsecond line';

  it.each([
    tricky,
    '"starts with a quote',
    "# looks like a comment",
    " leading blank",
    "trailing blank ",
    "",
    "Plain Name",
    "Greymon (2010)",
  ])("round-trips the card and set name %j through readSetFile", (name) => {
    const dgs = writeSet({ code: "T1", name, ruleset: "dbe" }, [{ setNumber: "T1-001", name, kind: "Option" }]);
    const s = read(dgs);
    expect(s.name).toBe(name);
    expect(s.cards[0]!.name).toBe(name);
  });

  it("writes every field in set-format order and omits absent ones", () => {
    const card: CardRecord = {
      setNumber: "EX-035",
      name: "Palmon",
      kind: "Digimon",
      markings: ["Ace", "Proxy"],
      level: "R",
      type: "Wind",
      subtypes: ["Nature", "Jungle"],
      dp: 0,
      plusP: -10,
      hp: 600,
      circle: { name: "Poison Ivy", power: 290, ability: null },
      triangle: { name: "Leaf Cyclone", power: 200 },
      cross: { name: "Stun Bubble", power: 110, ability: "Jamming" },
      evo: ["Draw 2: -dramon (C)", "DNA: Airdramon + Metal Level C"],
      timings: ["SUPPORT", "EVOLVE"],
      partner: true,
      flip: { side: "Star", initial: true },
      text: "If both attacks are same, Boost own Power +400.\nIf not, recycle 3 and shuffle.",
    };
    expect(writeCard(card)).toBe(
      [
        "card EX-035 Palmon",
        "  kind: Digimon Ace Proxy",
        "  level: R",
        "  type: Wind",
        "  subtypes: Nature, Jungle",
        "  dp: 0",
        "  +p: -10",
        "  hp: 600",
        "  circle: Poison Ivy 290",
        "  triangle: Leaf Cyclone 200",
        "  cross: Stun Bubble 110 | Jamming",
        "  evo: Draw 2: -dramon (C)",
        "  evo: DNA: Airdramon + Metal Level C",
        "  timing: SUPPORT EVOLVE",
        "  partner: yes",
        "  flip: Star initial",
        "  text: If both attacks are same, Boost own Power +400.",
        "    If not, recycle 3 and shuffle.",
        "",
      ].join("\n"),
    );
    const s = read(writeSet({ code: "EX", name: "Example", ruleset: "dbe", types: ["Wind", "Nature", "Jungle"] }, [card, { setNumber: "EX-036", name: "Bare" }]));
    expect(s.types).toEqual(["Wind", "Nature", "Jungle"]);
    expect(fields(s.cards[0]!).text).toEqual([card.text]);
    expect(fields(s.cards[1]!)).toEqual({});
  });

  it("throws on values .dgs cannot carry, naming the card and field", () => {
    expect(() => writeCard({ setNumber: "X-1", name: "A", circle: { name: "Bad | Name", power: 1 } })).toThrow(/card X-1: circle\.name contains "\|"/);
    expect(() => writeCard({ setNumber: "X-1", name: "A", text: "one\n\ntwo" })).toThrow(/card X-1: text line 2 is blank/);
    expect(() => writeCard({ setNumber: "X-1", name: "A", evo: ["a\nb"] })).toThrow(/card X-1: evo\[0\] contains a line break/);
    expect(() => writeCard({ setNumber: "X 1", name: "A" })).toThrow(/card X 1: setNumber: set number "X 1" may only hold letters/);
    expect(() => writeCard({ setNumber: "X-1", name: "A", hp: 1.5 })).toThrow(/hp must be a whole number/);
    expect(() => writeSet({ code: "X", name: "A", ruleset: "dbe", types: ["Fire Ice"] }, [])).toThrow(/types\[0\] contains a blank/);
  });
});

describe("importDbeJson", () => {
  const doc = {
    $schema: "./dbe-json.schema.json",
    format: "dbe-json",
    set: { code: "DS1", name: "DigiScript Starter", ruleset: "dbe" },
    cards: [
      {
        setNumber: "EX-035",
        name: "Palmon",
        kind: "Digimon",
        level: "R",
        type: "Nature",
        dp: 0,
        plusP: 20,
        hp: 600,
        circle: { name: "Poison Ivy", power: 290 },
        triangle: { name: "Leaf Cyclone", power: 200 },
        cross: { name: "Stun Bubble", power: 110, ability: "Jamming" },
        evo: ["Draw 2: -dramon (C)"],
        timings: ["SUPPORT"],
        text: "Boost own Power +100.\nDraw 1.",
      },
      { setNumber: "EX-100", name: "Star side", kind: "Option", flip: { side: "Star", initial: true } },
      { setNumber: "EX-100", name: "Moon side", kind: "Option", flip: { side: "Moon", initial: false } },
    ],
  };

  it("writes a set that reads back with zero diagnostics, text verbatim", () => {
    const r = importDbeJson(doc);
    expect(r.cards).toBe(3);
    const s = read(r.dgs);
    expect(s.code).toBe("DS1");
    expect(s.types).toBeNull();
    const f = fields(s.cards[0]!);
    expect(f.text).toEqual(["Boost own Power +100.\nDraw 1."]);
    expect(f["+p"]).toEqual(["20"]);
    expect(f.cross).toEqual(["Stun Bubble 110 | Jamming"]);
    expect(fields(s.cards[2]!).flip).toEqual(["Moon"]);
  });

  it("does not apply the synonym table", () => {
    const r = importDbeJson({ set: { code: "A", name: "A" }, cards: [{ setNumber: "A-1", name: "A", text: "Boost own Attack Power +1." }] });
    expect(fields(read(r.dgs).cards[0]!).text).toEqual(["Boost own Attack Power +1."]);
  });

  it("lists each zod issue with its path", () => {
    const bad = structuredClone(doc) as { cards: Record<string, unknown>[]; set: Record<string, unknown> };
    bad.cards[2]!.level = "A";
    bad.cards[0]!.plusp = 3;
    bad.cards[1]!.text = "line\n\nline";
    bad.set.code = "has blank";
    let msg = "";
    try {
      importDbeJson(bad);
    } catch (e) {
      msg = (e as Error).message;
    }
    expect(msg).toMatch(/^invalid dbe-json \(4 problems\):/);
    expect(msg).toMatch(/^cards\[2\]\.level: /m);
    expect(msg).toMatch(/^cards\[0\]: .*plusp/m);
    expect(msg).toMatch(/^cards\[1\]\.text: line 2 is blank/m);
    expect(msg).toMatch(/^set\.code: /m);
  });

  it("has a JSON Schema", () => {
    expect(DbeJsonSchema.safeParse(doc).success).toBe(true);
    const js = dbeJsonJsonSchema();
    expect(js.type).toBe("object");
    expect(Object.keys(js.properties as object)).toEqual(expect.arrayContaining(["set", "cards"]));
  });
});
